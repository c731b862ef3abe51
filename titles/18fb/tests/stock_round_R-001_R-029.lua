-- Setup, the round sequence and the stock round (§3, §3.1, §3.3; 18FB-R-001
-- .. R-007, R-019 .. R-029, R-216; checklist §2.1, §2.3, D-01, D-02): mostly
-- the core's stock round, with scripts/concessions.lua for R-029.

local P = test_lib("play")
local M = test_lib("market")
local after_pr = P.after_pr

local function names(n)
  local out = {}
  for i = 1, n do out[i] = string.char(64 + i) end
  return out
end

test("18FB-R-001: the game takes 3 to 6 players; 2 or 7 are refused", function()
  for n = 3, 6 do expect_eq(#new_game{ players = names(n), seed = 1 }:players(), n) end
  expect_error(function() new_game{ players = names(2), seed = 1 } end)
  expect_error(function() new_game{ players = names(7), seed = 1 } end)
end)

test("18FB-R-002 (D-01, A-01): starting cash D1000/750/600/500 for 3/4/5/6 players, paid out of the D12,000 bank", function()
  local cash = { [3] = 1000, [4] = 750, [5] = 600, [6] = 500 }
  for n = 3, 6 do
    local g = new_game{ players = names(n), seed = 1 }
    for _, p in ipairs(g:players()) do expect_eq(g:player(p).cash, cash[n], p) end
    expect_eq(g:bank(), 12000 - n * cash[n])
  end
end)

test("18FB-R-003: at setup FP's two homes, the Bourbon tokens #4-#8 and the reserved slots are on the map", function()
  local g = new_game{ players = names(4), seed = 1 }
  local fp = {}
  for _, tk in ipairs(g:corporation("FP").tokens) do if tk.hex then fp[#fp + 1] = tk.hex end end
  table.sort(fp)
  expect_eq(fp, { "N21", "c29" })                              -- Bari and Napoli North
  expect_eq(g:hex("G30").stops[1].neutral, { "B5", "B8" })     -- Caserta
  expect_eq(g:hex("F39").stops[1].neutral, { "B4" })           -- Roma
  expect_eq(g:hex("c25").stops[1].neutral, { "B7" })           -- Vesuvio
  expect_eq(g:hex("c29").stops[1].neutral, { "B6" })           -- Napoli
  expect_contains(g:hex("N21").stops[1].tokens, "FP")
  expect_contains(g:hex("c29").stops[1].tokens, "FP")
  expect_contains(g:hex("G30").stops[1].reserved, "FB")
  expect_contains(g:hex("H27").stops[1].reserved, "FP")        -- Avellino
  -- the other PH1 majors' homes: their slots are held for them until they start
  for _, c in ipairs({ "NN", "FSC", "LdA", "FC", "FB", "LTF", "SFTF", "FS", "FST" }) do
    local homes = g:corporation(c).homes
    expect_eq(#homes, 1, c)
    expect_contains(g:hex(homes[1]).stops[1].reserved, c)
  end
end)

test("18FB-R-004: the first player in the starting order holds priority and acts first", function()
  for _, seats in ipairs({ { "A", "B", "C", "D" }, { "C", "A", "D", "B" } }) do
    local g = new_game{ players = seats, seed = 1 }
    expect_eq(g:players(), seats)
    expect_eq(g:priority(), seats[1])
    expect_eq(g:actor(), seats[1])
  end
end)

test("18FB-R-004: the starting order is random, drawn from the seed (as railhead play --shuffle-seats)", function()
  local function seats(seed) return table.concat(new_game{ players = names(4), seed = seed, shuffle_seats = true }:players(), "") end
  expect_eq(seats(1), seats(1))                                -- the same seed, the same seating
  local differs = false
  for seed = 2, 12 do if seats(seed) ~= seats(1) then differs = true end end
  expect_true(differs)
  local g = new_game{ players = names(4), seed = 5, shuffle_seats = true }
  expect_eq(g:priority(), g:players()[1])
end)

test("18FB-R-005: a political round first, then stock, operating, operating, stock", function()
  local g = new_game{ players = names(4), seed = 1 }
  expect_eq(g:round().name, "political")
  g = M.rm()
  expect_eq(g:round().kind, "stock")
  M.pass_round(g)
  expect_eq(g:round().kind, "operating")
  expect_eq(g:round().set_index, 1)
  while g:round().kind == "operating" and g:round().set_index == 1 do g:act("pass") end
  expect_eq(g:round().kind, "operating")
  expect_eq(g:round().set_index, 2)
  while g:round().kind == "operating" do g:act("pass") end
  expect_eq(g:round().kind, "stock")
end)

test("18FB-R-006 (D-38): the bank breaks in OR 1 of a set; OR 2 is still played", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")
  g:give_cash("D", g:bank() - 10)
  while g:round().kind == "stock" do g:act("pass") end
  local function play_on()
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  while g:round().set_index == 1 and not g:over() do play_on() end
  expect_true(g:bank() < 0)
  expect_eq(g:over(), false)
  expect_eq(g:round().kind, "operating")
  expect_eq(g:round().set_index, 2)
end)

test("18FB-R-007: cash, treasuries, certificates and trains are readable whoever is to act", function()
  local g = M.rm({ B = 2 })
  g:give_train("RM", "PH1")
  expect_eq(g:actor(), "A")
  expect_eq(g:player("B").cash, 750)
  expect_eq(g:corporation("RM").cash, 200)
  expect_eq(g:corporation("RM").shares, { A = 20, B = 20 })
  expect_eq(#g:corporation("RM").trains, 1)
end)

test("18FB-R-019: the stock round starts with the priority holder, goes round until all pass in succession; priority to the player after the last to act", function()
  local g = M.rm()
  expect_eq(g:priority(), "A")
  expect_eq(g:actor(), "A")
  g:act("pass")
  expect_eq(g:actor(), "B")
  g:act("buy RM treasury")
  expect_eq(g:actor(), "C")
  g:acts{ "pass", "pass", "pass" }                             -- C, D, A
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  g:act("pass")                                                -- all four passed in succession
  expect_eq(g:round().kind, "operating")
  expect_eq(g:priority(), "C")
  while g:round().kind == "operating" do g:act("pass") end
  expect_eq(g:round().kind, "stock")                           -- the next stock round starts with C
  expect_eq(g:actor(), "C")
end)

test("18FB-R-020: a sale goes to the pool at the current price for every share, paid by the bank", function()
  local g = M.rm_operated({ B = 4 })
  g:act("pass")
  local price = g:corporation("RM").price
  local cash, bank = g:player("B").cash, g:bank()
  g:act("sell RM 3")
  expect_eq(g:player("B").cash, cash + 3 * price)
  expect_eq(g:bank(), bank - 3 * price)
  expect_eq(g:corporation("RM").pool_percent, 30)
  expect_true(g:corporation("RM").price < price)               -- the drop comes after (R-030)
end)

test("18FB-R-021: all shares of a corporation sold in a turn form one sale: a second sale is refused", function()
  local g = M.rm_operated({ B = 4 })
  g:act("pass")
  g:act("sell RM 1")
  expect_eq(g:actor(), "B")
  expect_not_contains(g:moves(), "sell RM 1")
  g:refuse("sell RM 1", "18FB-R-021")
end)

test("18FB-R-022: a sale may not take the pool above 50 %", function()
  local g = M.rm_operated({ B = 4 }, 3)
  g:act("pass")
  expect_not_contains(g:moves(), "sell RM 3")
  g:refuse("sell RM 3", "18FB-R-022")
  g:act("sell RM 2")
  expect_eq(g:corporation("RM").pool_percent, 50)
end)

test("18FB-R-023: who sold a corporation may not buy it again in that stock round", function()
  local g = M.rm_operated({ B = 4 })
  g:act("pass")
  g:act("sell RM 1")
  g:act("pass")                                                 -- B ends the turn
  g:acts{ "pass", "pass", "pass" }                              -- C, D, A
  expect_eq(g:actor(), "B")
  g:refuse("buy RM pool", "18FB-R-023")
  g:refuse("buy RM treasury", "18FB-R-023")
end)

test("18FB-R-024: after buying, no sale in that turn", function()
  local g = M.rm_operated({ B = 4 }, 1)
  g:act("pass")
  g:act("buy RM pool")
  expect_eq(g:actor(), "C")                                    -- a purchase ends the turn (R-018): no sale after it
  g:acts{ "pass", "pass", "pass" }                             -- C, D, A
  expect_eq(g:actor(), "B")
  expect_contains(g:moves(), "sell RM 1")                      -- in his next turn he sells again
end)

test("18FB-R-027: IPO at par, paid to the corporation; pool at the current price, paid to the bank", function()
  local g = M.rm_operated({ B = 2 }, 1)
  g:set_price("RM", 120)
  g:act("pass")
  local cash, bank, treasury = g:player("B").cash, g:bank(), g:corporation("RM").cash
  g:act("buy RM treasury")
  expect_eq(g:player("B").cash, cash - 100)                      -- par D100
  expect_eq(g:corporation("RM").cash, treasury + 100)
  expect_eq(g:bank(), bank)
  g = M.rm_operated({ B = 2 }, 1)
  g:set_price("RM", 120)
  g:act("pass")
  cash, bank, treasury = g:player("B").cash, g:bank(), g:corporation("RM").cash
  g:act("buy RM pool")
  expect_eq(g:player("B").cash, cash - 120)
  expect_eq(g:bank(), bank + 120)
  expect_eq(g:corporation("RM").cash, treasury)
end)

test("18FB-R-028: no purchase beyond 60 % of a corporation", function()
  local g = M.rm_operated({ B = 6 }, 1)
  g:act("pass")
  g:refuse("buy RM pool", "18FB-R-028")
  g:refuse("buy RM treasury", "18FB-R-028")
end)

test("18FB-R-028 (D-02): no purchase beyond the certificate limit (20 with 4 players); political cards and concessions do not count", function()
  local g = M.rm({ B = 1 })
  -- B: 19 certificates (president of four majors with 4 more each, 2 RM, 1 LTF)
  g:give_cash("B", 5000)
  for _, c in ipairs({ "NN", "FSC", "LdA", "FC" }) do g:start(c, "B", 60, 3) end
  g:give_share("RM", "B")
  g:start("LTF", "C", 60)
  g:give_share("LTF", "B")
  g:give_company("MEL", "B")                                   -- a political card: not counted
  g:act("pass")
  expect_eq(g:actor(), "B")
  g:act("buy LTF treasury")                                    -- the 20th: the card and the 4 concessions do not count
  expect_eq(g:company("MEL").owner, "B")
  expect_eq(g:var("concession.NN"), "B")
  g:acts{ "pass", "pass", "pass" }                             -- C, D, A
  expect_eq(g:actor(), "B")
  g:refuse("buy LTF treasury", "18FB-R-028")
  g:refuse("buy RM treasury", "18FB-R-028")                    -- any corporation: the limit is the player's
end)

test("18FB-R-029: the first certificate from an IPO is the president's, bought with the concession", function()
  local g = after_pr()
  expect_not_contains(g:moves(), "buy NN treasury")
  g:refuse("buy NN treasury", "18FB-R-029", "start it with par")
  local cash = g:player("A").cash
  g:act("par NN 60")
  expect_eq(g:corporation("NN").shares, { A = 20 })
  expect_eq(g:var("concession.NN"), "A")
  expect_eq(g:player("A").cash, cash - 120 - g:var("deposit.NN"))
  g:act("pass")
  expect_contains(g:moves(), "buy NN treasury")
end)

test("18FB-R-216: after floating, certificates are bought only from the IPO or the pool", function()
  local g = M.rm_operated({ B = 2, C = 2 }, 1)
  g:act("pass")
  for _, m in ipairs(g:moves()) do
    if m:find("^buy ") then expect_true(m:find(" treasury$") or m:find(" pool$"), m) end
  end
  expect_contains(g:moves(), "buy RM treasury")
  expect_contains(g:moves(), "buy RM pool")
  local c = g:player("C").cash
  g:refuse("buy RM C")                                         -- no command buys from another player
  expect_eq(g:corporation("RM").shares.C, 20)
  expect_eq(g:player("C").cash, c)
end)
