-- RM and RA (§3.7; 18FB-R-058, R-145, R-191 .. R-206; checklist section 4,
-- S-17, S-18, D-35 .. D-37, A-33): scripts/nationals.lua.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

local function give(g, corp, who, n)
  for _ = 1, n do g:give_share(corp, who) end
end

-- Majors started in PH1 (each { corp, president, price, extra shares })
-- and taken to PH5 (all Definitive), then priced as asked.
local function ph5(starts, buys)
  local g = after_pr(buys)
  for _, s in ipairs(starts) do
    g:start(s[1], s[2], s[3] <= 100 and s[3] or 100)
    give(g, s[1], s[2], s[4] or 0)
  end
  g:set_phase("PH5")
  for _, s in ipairs(starts) do g:set_price(s[1], s[3]) end
  return g
end

-- The shares (in 10 % units) each owner holds of `corp`.
local function holders(g, corp)
  local out = {}
  for _, c in ipairs(g:corporation(corp).certificates) do
    out[c.owner] = (out[c.owner] or 0) + c.percent // 10
  end
  return out
end

-- Answers the questions put now, in order, checking who is asked.
local function answer(g, list)
  for _, qa in ipairs(list) do
    expect_eq(g:actor(), qa[1], "who is asked")
    g:act("choose " .. qa[2])
  end
end

-- D-35: LdA (A president, 3 shares, price 120) and NN (B president, 3
-- shares, price 90; A holds 2 more); the others of RM unstarted.
local function d35()
  local g = ph5({ { "LdA", "A", 120, 1 }, { "NN", "B", 90, 1 } })
  give(g, "NN", "A", 2)
  return g
end

test("18FB-R-191, R-145, R-197, R-198, R-199 (D-35): LdA's PH6 train forms RM at LdA's price; A gets the president's certificate and D60, B 1 share and D60", function()
  local g = d35()
  local a, b = g:player("A").cash, g:player("B").cash
  local cash = g:corporation("LdA").cash + g:corporation("NN").cash
  g:give_train("LdA", "PH6", true)
  expect_eq(g:phase(), "PH6")
  answer(g, { { "A", "yes" }, { "B", "yes" } })            -- LdA (120) is asked before NN (90)
  local rm = g:corporation("RM")
  expect_eq(rm.price, 120)
  expect_eq(rm.market_row, 0)
  expect_eq(rm.market_col, 6)
  expect_eq(rm.president, "A")
  expect_eq(rm.shares, { A = 20, B = 10 })
  expect_eq(g:player("A").cash, a + 60)
  expect_eq(g:player("B").cash, b + 60)
  -- LdA 7 + NN 4 treasury shares: 5 to RM's treasury, the odd one joins
  -- NN's pool share (BAY's free share): 1 RM share in the Pool (R-200)
  expect_eq(rm.pool_percent, 10)
  expect_eq(rm.treasury_percent, 60)
  expect_eq(rm.cash, cash)                                  -- R-202
  expect_true(rm.floated)
  expect_eq(g:corporation("LdA").in_play, false)            -- R-202: the charters leave
  expect_eq(g:corporation("NN").in_play, false)
  expect_eq(g:player("A").shares.LdA, nil)
  expect_true(logged(g, "A trades 5 shares of LdA and NN for the president's certificate of RM (18FB-R-198); the bank pays D60 for the odd floated share (18FB-R-199)"))
end)

test("18FB-R-202: RM takes the mergers' tokens, trains and town markers; the merged charters leave the game", function()
  local g = d35()
  g:give_train("NN", "PH5")
  g:set_var("markers.LdA", 2)
  g:set_var("markers.NN", 3)
  expect_eq(g:hex("I36").stops[1].reserved, { "LdA" })     -- Isernia, LdA's intermediate destination
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local rm = g:corporation("RM")
  local hexes = {}
  for _, tk in ipairs(rm.tokens) do if tk.hex then hexes[#hexes + 1] = tk.hex end end
  table.sort(hexes)
  expect_eq(hexes, { "F31", "d28" })                        -- Capua, Napoli South: the mergers' homes
  expect_eq(#rm.tokens, 8)                                  -- A-33(h): both charters' 4 tokens
  expect_eq(#rm.trains, 2)                                  -- LdA's PH6 and NN's PH5
  expect_eq(g:var("markers.RM"), 5)
  expect_eq(g:var("markers.LdA"), nil)
  expect_eq(g:hex("F31").stops[1].tokens, { "RM" })
  expect_eq(g:hex("I36").stops[1].reserved, {})            -- A-33(h): the mergers' reserved slots are free
end)

test("18FB-R-194 (S-18): LdA and NN accept: they merge, FC and FSC are not asked", function()
  local g = ph5({ { "LdA", "A", 130, 2 }, { "NN", "B", 120 }, { "FC", "C", 100 }, { "FSC", "D", 90 } })
  g:give_train("FC", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  expect_true(g:corporation("RM").floated)
  expect_eq(g:corporation("FC").in_play, true)
  expect_eq(g:corporation("FSC").in_play, true)
  expect_true(logged(g, "LdA and NN merge into RM (18FB-R-193)"))
  expect_true(not logged(g, "does FC merge"))
  expect_eq(g:actor() == "C" or g:actor() == "D", false)   -- nobody else is asked for RM
end)

for _, case in ipairs({ { "no", "no" }, { "yes", "no" }, { "no", "yes" }, { "yes", "yes" } }) do
  test("18FB-R-194, R-195 (S-17): LdA and NN refuse, FC " .. case[1] .. ", FSC " .. case[2] .. ": FC and FSC merge", function()
    local g = ph5({ { "LdA", "A", 130 }, { "NN", "B", 120 }, { "FC", "C", 100 }, { "FSC", "D", 90 } })
    g:give_train("LdA", "PH6", true)
    answer(g, { { "A", "no" }, { "B", "no" }, { "C", case[1] }, { "D", case[2] } })
    expect_true(logged(g, "FC and FSC merge into RM (18FB-R-193)") or logged(g, "FSC and FC merge into RM (18FB-R-193)"))
    expect_eq(g:corporation("LdA").in_play, true)
    expect_eq(g:corporation("FC").in_play, false)
    expect_eq(g:corporation("RM").price, 100)               -- FC's, the higher (R-197)
  end)
end

test("18FB-R-195 (A-33(e)): only NN accepts: it merges with the lowest-ranked floated candidate that did not accept", function()
  local g = ph5({ { "LdA", "A", 130 }, { "NN", "B", 120 }, { "FC", "C", 100 }, { "FSC", "D", 90 } })
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "no" }, { "B", "yes" }, { "C", "no" }, { "D", "no" } })
  expect_true(logged(g, "NN and FSC merge into RM (18FB-R-193)"))
  expect_eq(g:corporation("RM").price, 120)                 -- NN's
end)

test("18FB-R-196: unfloated candidates are never asked; the floated partner's president picks one of two", function()
  local g = ph5({ { "LdA", "A", 130 }, { "NN", "B", 120 } })
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "no" } })
  expect_eq(g:actor(), "A")                                 -- LdA's president chooses FC or FSC
  expect_contains(g:moves(), "choose FC")
  expect_contains(g:moves(), "choose FSC")
  g:act("choose FSC")
  expect_true(logged(g, "LdA and FSC merge into RM (18FB-R-193)"))
  expect_eq(g:corporation("RM").price, 130)
  expect_eq(g:corporation("NN").in_play, true)
  expect_eq(g:corporation("FSC").in_play, false)
end)

test("18FB-R-196: when both floated candidates refuse, the two unfloated ones are forced", function()
  local g = ph5({ { "LdA", "A", 130 }, { "NN", "B", 120 } })
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "no" }, { "B", "no" } })
  expect_true(logged(g, "FC and FSC merge into RM (18FB-R-193)"))
  expect_eq(g:corporation("LdA").in_play, true)
end)

test("18FB-R-196, R-192, R-193, R-206: with no candidate floated two are drawn; RA forms after RM from its own candidates", function()
  local g = ph5({})
  g:set_phase("PH6")
  local rm, ra = 0, 0
  for _, c in ipairs({ "LdA", "NN", "FC", "FSC" }) do if not g:corporation(c).in_play then rm = rm + 1 end end
  for _, c in ipairs({ "LTF", "FS", "SFTF", "SFM" }) do if not g:corporation(c).in_play then ra = ra + 1 end end
  expect_eq(rm, 2)
  expect_eq(ra, 2)
  expect_true(logged(g, "are drawn to form RM (18FB-R-196)"))
  expect_true(logged(g, "are drawn to form RA (18FB-R-196)"))
  expect_eq(g:corporation("RM").price, 100)
  expect_eq(g:corporation("RA").price, 100)
end)

test("18FB-R-206: RA asks its floated candidates' presidents like RM", function()
  local g = ph5({ { "FS", "C", 110, 2 }, { "LTF", "D", 100 }, { "LdA", "A", 100 }, { "NN", "B", 90 } })
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" }, { "C", "yes" }, { "D", "yes" } })
  expect_true(logged(g, "FS and LTF merge into RA (18FB-R-193)"))
  local ra = g:corporation("RA")
  expect_eq(ra.president, "C")
  expect_eq(ra.price, 110)
end)

test("18FB-R-197, R-199, A-33(g) (D-36): two unfloated mergers: RM on the D100 start space; single free shares are lost; no president", function()
  -- FC and FSC floated and refusing; LdA and NN unstarted, their free
  -- shares (VAL, BAY) with the cards' buyers
  local g = ph5({ { "FC", "C", 120 }, { "FSC", "D", 110 } }, { VAL = true, BAY = true })
  local val, bay
  for p, n in pairs(holders(g, "LdA")) do if n == 1 and p ~= "treasury" and p ~= "pool" then val = p end end
  for p, n in pairs(holders(g, "NN")) do if n == 1 and p ~= "treasury" and p ~= "pool" then bay = p end end
  expect_eq(holders(g, "LdA")[val], 1)
  expect_eq(holders(g, "NN")[bay], 1)
  g:give_train("FC", "PH6", true)
  answer(g, { { "C", "no" }, { "D", "no" } })
  expect_true(logged(g, "LdA and NN merge into RM (18FB-R-193)"))
  local rm = g:corporation("RM")
  expect_eq(rm.price, 100)
  expect_eq(rm.market_row, 0)
  expect_eq(rm.market_col, 4)
  expect_eq(rm.president, nil)
  expect_eq(rm.floated, false)
  if val ~= bay then
    expect_eq(rm.shares, {})
    expect_true(logged(g, val .. " trades 1 share of LdA and NN for 0 RM shares (18FB-R-198); the odd unfloated share is lost (18FB-R-199)"))
  else
    expect_eq(rm.shares, { [val] = 10 })                    -- both free shares: 1 RM share
  end
end)

test("18FB-R-201: a player holding more RM shares than the first entitled takes the presidency", function()
  -- A (LdA's president, the trigger) has 4 shares, B 6 of NN
  local g = ph5({ { "LdA", "A", 120, 2 }, { "NN", "B", 110, 4 } })
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local rm = g:corporation("RM")
  expect_eq(rm.shares, { A = 20, B = 30 })
  expect_eq(rm.president, "B")
  expect_true(logged(g, "B holds more RM shares than A and becomes its president (18FB-R-201)"))
end)

test("18FB-R-198: the exchange starts with the president of the corporation that bought the PH6 train", function()
  -- A and B each hold 2 shares of LdA or NN: the first entitled to 2 gets the president's certificate
  local g = ph5({ { "LdA", "A", 120, 2 }, { "NN", "B", 110, 2 } })
  g:give_train("NN", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  expect_eq(g:corporation("RM").president, "B")             -- NN's president goes first; a tie does not move it (R-201)
  expect_eq(g:corporation("RM").shares, { A = 20, B = 20 })
end)

test("18FB-R-200: pool shares go 2 for 1 into the Pool, which may hold more than 50 % (IPO shares to the Pool, A-33(c) option)", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, options = { national_ipo_shares_to_pool = true } }
  while g:round().name == "political" do
    if g:var("pr.card") == nil then g:act(g:moves()[1]) else g:act("pass") end
  end
  g:start("LdA", "A", 100)
  give(g, "LdA", "A", 2)
  g:start("NN", "B", 90)
  g:set_phase("PH5")
  g:set_price("LdA", 120)
  g:set_price("NN", 90)
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local rm = g:corporation("RM")
  -- LdA 6 IPO shares, NN 7 IPO + 1 Pool (BAY's): 14 -> 7 RM shares in the Pool
  expect_eq(rm.pool_percent, 70)
  expect_eq(rm.shares, { A = 20, B = 10 })
  expect_eq(rm.treasury_percent, 0)
end)

-- RM formed from LdA and NN without trains, A president.
local function leased()
  local g = d35()
  g:give_train("LdA", "PH3")
  g:set_var("markers.LdA", 3)                               -- D30 of earnings for RM
  g:set_phase("PH6")                                        -- PH3 trains scrapped first (A-33(k))
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  return g
end

-- Passes until RM's dividend step.
local function to_rm_dividend(g)
  local n = 0
  while not (g:operating() == "RM" and g:step() == "dividend") do
    g:act("pass")
    n = n + 1
    expect_true(n <= 60, "RM's dividend step not reached")
  end
end

test("18FB-R-203, R-145 (D-37): a trainless national leases a PH6 train; it withholds without moving left until it pays the price back", function()
  local g = leased()
  local rm = g:corporation("RM")
  expect_eq(#rm.trains, 1)
  expect_eq(rm.trains[1].class, "PH6")
  expect_eq(g:var("lease.RM"), 800)
  expect_eq(rm.state, "leased")
  to_rm_dividend(g)
  local moves = g:moves()
  for _, m in ipairs(moves) do expect_true(not m:find("payout") and not m:find("half"), "only withhold: " .. m) end
  local price, cash = g:corporation("RM").price, g:corporation("RM").cash
  g:act(moves[1])
  expect_eq(g:corporation("RM").price, price)               -- no left move
  expect_true(g:corporation("RM").cash < 800)
  expect_eq(g:var("lease.RM"), 800)
  -- with the money, it pays the price back as soon as its turn ends
  g:give_cash("RM", 800)
  local before = g:corporation("RM").cash
  expect_eq(g:step(), "buy_train")
  g:act("pass")                                             -- the train step
  if g:actor() == "RM" and g:step() == "financial" then g:act("pass") end   -- RM's turn ends
  expect_eq(g:var("lease.RM"), nil)
  expect_eq(g:corporation("RM").state, "national")
  expect_eq(g:corporation("RM").cash, before - 800)
  expect_true(logged(g, "RM pays D800 to the bank: its leased PH6 train is its own (18FB-R-203)"))
end)

test("18FB-R-058: RM and RA have no home, no destination and no state but operating", function()
  local g = d35()
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local rm = g:corporation("RM")
  expect_eq(rm.homes, {})
  expect_eq(rm.destination, nil)
  expect_eq(rm.state, "national")
  expect_eq(g:props().concessions.RM, nil)
end)

test("18FB-R-140: RM and RA buy and sell trains only at face value", function()
  local g = after_pr()
  g:start("FB", "A", 100)
  g:start("RM", "A", 100)
  g:set_phase("PH4")
  g:give_train("RM", "PH4")
  g:give_cash("FB", 1000)
  while g:round().kind == "stock" do g:act("pass") end
  local n = 0
  while not (g:operating() == "FB" and g:step() == "buy_train") do
    local m = g:moves()
    local pick = m[1]
    for _, x in ipairs(m) do if x == "pass" or x == "withhold" then pick = x end end
    g:act(pick); n = n + 1; expect_true(n < 60, "FB's train step not reached")
  end
  local id = g:corporation("RM").trains[1].id
  g:refuse("train " .. id .. " 100", "18FB-R-140")               -- the same president, yet not below face value
  g:refuse("train " .. id .. " 500", "18FB-R-140")
  local fb = g:corporation("FB").cash
  g:act("train " .. id .. " 450")                                 -- PH4's face value (trains.toml)
  expect_eq(g:corporation("FB").cash, fb - 450)
end)

-- An operating round in PH5: FB (C, D150), LdA (A, 4 shares) and NN (B,
-- 3 shares) priced as asked, each with a PH5 train; the first to operate
-- is at its buy_train step with D800 more.
local function or_ph5(prices)
  local g = ph5({ { "FB", "C", prices.FB, 0 }, { "LdA", "A", prices.LdA, 2 }, { "NN", "B", prices.NN, 1 } })
  for _, c in ipairs({ "FB", "LdA", "NN" }) do g:give_train(c, "PH5") end
  -- the depot sold down to the PH6 trains: the rest to NN (PH3 rusts at PH6)
  for _, class in ipairs({ "PH3", "PH4", "PH5" }) do
    for _ = 1, g:trains_left(class) do g:give_train("NN", class) end
  end
  local n = 0
  while g:round().kind ~= "operating" do g:act("pass"); n = n + 1; expect_true(n < 10) end
  local first = g:operating()
  g:give_cash(first, 800)
  while g:step() ~= "buy_train" do g:act("pass") end
  return g, first
end

-- The corporations that operate until the round changes.
local function operators(g)
  local function key() local r = g:round(); return r.name .. r.stock_rounds .. "." .. r.set_index end
  local name, seen = key(), {}
  local n = 0
  while key() == name and g:round().kind == "operating" do
    local c = g:operating()
    if c and seen[#seen] ~= c then seen[#seen + 1] = c end
    g:act(g:step() == "dividend" and "withhold" or "pass")
    n = n + 1
    expect_true(n < 80, "the round does not end")
  end
  return seen
end

test("18FB-R-204: RM formed in an OR in which neither merger had operated operates in it", function()
  local g, first = or_ph5({ FB = 150, LdA = 130, NN = 100 })
  expect_eq(first, "FB")
  g:act("train PH6")
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  expect_true(g:corporation("RM").floated)
  local ops = operators(g)
  expect_contains(ops, "RM")
end)

test("18FB-R-204, A-33(l): RM formed from the PH6 buyer does not operate in that OR; the buyer's turn ends", function()
  local g, first = or_ph5({ FB = 100, LdA = 150, NN = 130 })
  expect_eq(first, "LdA")
  g:act("train PH6")
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  expect_true(g:corporation("RM").floated)
  expect_true(logged(g, "RM does not operate in this operating round: a merger had operated in it (18FB-R-204)"))
  expect_true(g:operating() ~= "LdA")
  local ops = operators(g)
  expect_not_contains(ops, "RM")
  expect_contains(ops, "FB")
  -- the next operating round it does (past the stock round, or the
  -- Regional Companies Round a PH5 set may bring)
  local n = 0
  while g:round().kind ~= "operating" do
    local pick = g:moves()[1]
    for _, m in ipairs(g:moves()) do if m == "pass" then pick = m end end
    g:act(pick); n = n + 1; expect_true(n < 200)
  end
  expect_contains(operators(g), "RM")
end)

local function first_move(g, prefix)
  for _, m in ipairs(g:moves()) do if m:sub(1, #prefix) == prefix then return m end end
end

test("18FB-R-205: a formed national has 4 tile steps a turn", function()
  local g = or_ph5({ FB = 150, LdA = 130, NN = 100 })
  g:act("train PH6")
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local n = 0
  while g:operating() ~= "RM" do
    g:act(g:step() == "dividend" and "withhold" or "pass")
    n = n + 1
    expect_true(n < 40)
  end
  expect_eq(g:step(), "lay_tile")
  for i = 1, 4 do
    expect_eq(g:step(), "lay_tile", "tile step " .. i)
    local m = first_move(g, "lay ")
    expect_true(m ~= nil, "a tile to lay at step " .. i)
    g:act(m)
  end
  expect_eq(g:turn().tiles, 4)
  expect_true(g:step() ~= "lay_tile")
end)

test("18FB-R-191, A-33(g): no player starts RM or RA; one formed without a president is started by buying its president's certificate at its price", function()
  local g = ph5({ { "FC", "C", 120 }, { "FSC", "D", 110 } })
  expect_not_contains(g:moves(), "par RM 100")
  g:refuse("par RM 100", "18FB-R-191", "forms when PH6 begins")
  g:give_train("FC", "PH6", true)
  answer(g, { { "C", "no" }, { "D", "no" } })               -- LdA and NN, unfloated, form RM: no president
  expect_eq(g:corporation("RM").president, nil)
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "par RM 100")
  local cash = g:player("A").cash
  g:act("par RM 100")
  local rm = g:corporation("RM")
  expect_eq(rm.president, "A")
  expect_true(rm.floated)
  expect_eq(rm.price, 100)
  expect_eq(g:player("A").cash, cash - 200)
  expect_eq(#rm.trains, 1)                                  -- its lease starts now (R-203)
  expect_eq(g:var("lease.RM"), 800)
end)

test("18FB-R-202, A-33(h): where both mergers had a token in one city, RM keeps one and has one token fewer", function()
  local g = ph5({ { "FC", "A", 120, 2 }, { "FSC", "B", 110, 2 } })
  g:place_token("FSC", "F11")                               -- Cosenza, FC's home (FSC's final destination)
  g:give_train("FC", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local rm = g:corporation("RM")
  local hexes = {}
  for _, tk in ipairs(rm.tokens) do if tk.hex then hexes[#hexes + 1] = tk.hex end end
  table.sort(hexes)
  expect_eq(hexes, { "F11", "F23" })
  expect_eq(#rm.tokens, 7)
  expect_eq(g:hex("F11").stops[1].tokens, { "RM" })
  expect_true(logged(g, "FSC's token in F11 is removed: RM already has one in that city (A-33(h))"))
end)

test("18FB-R-198, A-33(b): a corporation holding merger shares trades them after the players, the odd one paid into its treasury", function()
  local g = d35()
  g:start("FB", "C", 100)
  g:set_price("FB", 100)
  give(g, "NN", "FB", 3)
  local cash = g:corporation("FB").cash
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  expect_eq(g:corporation("RM").shares, { A = 20, B = 10 })
  local fb = 0
  for _, c in ipairs(g:corporation("RM").certificates) do if c.owner == "FB" then fb = fb + c.percent end end
  expect_eq(fb, 10)
  expect_eq(g:corporation("FB").cash, cash + 60)
end)

local function game_with(options)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, options = options }
  while g:round().name == "political" do
    if g:var("pr.card") == nil then g:act(g:moves()[1]) else g:act("pass") end
  end
  return g
end

test("18FB-R-195, A-33(e) option national_two_lowest_merge: with one acceptance the two lowest-ranked merge", function()
  for _, on in ipairs({ false, true }) do
    local g = game_with({ national_two_lowest_merge = on })
    for _, s in ipairs({ { "LdA", "A" }, { "NN", "B" }, { "FC", "C" }, { "FSC", "D" } }) do g:start(s[1], s[2], 100) end
    g:set_phase("PH5")
    g:set_price("LdA", 130); g:set_price("NN", 120); g:set_price("FC", 100); g:set_price("FSC", 90)
    g:give_train("LdA", "PH6", true)
    answer(g, { { "A", "yes" }, { "B", "no" }, { "C", "no" }, { "D", "no" } })
    if on then
      expect_true(logged(g, "FC and FSC merge into RM (18FB-R-193)"))
      expect_eq(g:corporation("LdA").in_play, true)
    else
      expect_true(logged(g, "LdA and FSC merge into RM (18FB-R-193)"))
    end
  end
end)

test("18FB-R-205: a formed national places up to two tokens a turn", function()
  local g = d35()
  g:set_phase("PH6")
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  -- the geometry of the stations tests: Campobasso J33 - Chieti K38, Teramo J43 - Tronto K46
  g:place_token("RM", "J33")
  g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("L35", "58", 2); g:lay("L37", "56", 1); g:lay("K38", "57", 0)
  g:place_token("RM", "J43")
  g:lay("J43", "57", 0); g:lay("K42", "7", 3); g:lay("K44", "58", 1); g:lay("J45", "7", 5)
  local n = 0
  while not (g:operating() == "RM" and g:step() == "build_station") do
    g:act("pass"); n = n + 1; expect_true(n < 20, "RM's build_station step not reached")
  end
  g:act("do token hex=K38")
  expect_eq(g:step(), "build_station")
  g:act("do token hex=K46")
  expect_true(g:step() ~= "build_station")
  local hexes = {}
  for _, tk in ipairs(g:corporation("RM").tokens) do if tk.hex then hexes[#hexes + 1] = tk.hex end end
  expect_contains(hexes, "K38")
  expect_contains(hexes, "K46")
end)

test("18FB-R-197: RM goes under the tokens already on its cell", function()
  local g = d35()
  g:start("FB", "C", 100)
  g:set_price("FB", 120)                                    -- LdA's cell, FB entered after LdA
  g:give_train("LdA", "PH6", true)
  answer(g, { { "A", "yes" }, { "B", "yes" } })
  local order = {}
  for _, c in ipairs(g:value_order()) do if c == "FB" or c == "RM" then order[#order + 1] = c end end
  expect_eq(order, { "FB", "RM" })
  expect_eq(g:corporation("RM").price, g:corporation("FB").price)
end)
