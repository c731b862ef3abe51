-- Regionals operating (§3.6.3; 18FB-R-060, R-165 .. R-175; S-14, D-28,
-- D-29; A-30, A-31): scripts/regionals.lua, revenue.lua.

local R = test_lib("regionals")
local logged, first = R.logged, R.first

-- Plays on (passing, or the only move) until `corp` is at `step` of its
-- operating turn.
local function to_step(g, corp, step)
  local n = 0
  while not (g:actor() == corp and g:step() == step) do
    n = n + 1
    expect_true(n < 200, corp .. " never reached " .. step)
    g:act(first(g:moves(), "pass") or g:moves()[1])
  end
end

-- The distinct hexes of the legal `lay` moves.
local function lay_hexes(g)
  local seen, out = {}, {}
  for _, m in ipairs(g:moves()) do
    local h = m:match("^lay (%S+)")
    if h and not seen[h] then seen[h] = true; out[#out + 1] = h end
  end
  return out
end

-- FA bought by A for D100 in the RCR; its first turn (the late OR)
-- begins. `trains`: PH5 began by NN's purchase of the first PH5 train, so
-- regional trains are on sale (trains.toml, A-05).
local function fa(trains)
  local g = trains and R.ph5_bought({ FA = { "A", 100 } }) or R.after_rcr({ FA = { "A", 100 } })
  expect_eq(g:actor(), "FA")
  expect_eq(g:step(), "lay_tile")
  return g
end

test("18FB-R-060: regionals operate first, in their order 1 .. 7, before the majors", function()
  local g = R.after_pr()
  g:act("par NN 100")                                          -- A; NN floats in PH1
  g:set_phase("PH5")                                           -- NN Definitive
  while g:round().kind == "stock" do g:act("pass") end
  g:give_train("NN", "PH3")
  while g:round().kind == "operating" do g:act(first(g:moves(), "pass") or g:moves()[1]) end
  R.auction(g, { FG = { "B", 130 }, FA = { "C", 100 } })
  local order = {}
  while g:round().kind == "operating" do
    if #order == 0 or order[#order] ~= g:actor() then order[#order + 1] = g:actor() end
    g:act(first(g:moves(), "pass") or g:moves()[1])
  end
  expect_eq(order, { "FA", "FG", "NN" })
end)

test("18FB-R-166 (D-29): a regional's second tile step costs D30 from its treasury", function()
  local g = fa()
  g:act("lay F31 Y2b 4")                                       -- Capua, toward Caserta and Sessa Aurunca
  expect_eq(g:corporation("FA").cash, 100)                     -- the first step is free
  expect_eq(g:step(), "lay_tile")
  local bank = g:bank()
  g:act("lay F33 3 0")
  expect_eq(g:corporation("FA").cash, 70)
  expect_eq(g:bank(), bank + 30)
  expect_true(g:step() ~= "lay_tile")                          -- no third step
  expect_true(logged(g, "FA pays D30 for its second tile step (18FB-R-166)"))
end)

test("18FB-R-166 (D-29): with D25 in its treasury the second step is refused", function()
  local g = fa()
  g:give_cash("FA", -75)
  g:act("lay F31 Y2b 4")
  expect_true(g:step() ~= "lay_tile")                          -- no second step it could pay for
  expect_eq(g:corporation("FA").cash, 25)
  expect_eq(g:hex("F33").color, "white")
end)

test("18FB-R-169 (D-28): a regional takes a marker for a new yellow single-town tile and none for its yellow -> green upgrade", function()
  local g = fa()
  g:act("lay F31 Y2b 4")
  g:act("lay F33 3 0")
  expect_eq(g:var("markers.FA"), 1)
  expect_true(logged(g, "FA takes 1 town marker on F33 (white -> yellow); 1 in all (18FB-R-169)"))
  to_step(g, "FA", "lay_tile")                                 -- its next turn
  local up = first(g:moves(), "lay F33 87") or first(g:moves(), "lay F33 88")
  expect_true(up ~= nil, "a green town upgrade of F33 is offered")
  g:act(up)
  expect_eq(g:hex("F33").color, "green")
  expect_eq(g:var("markers.FA"), 1)
end)

test("18FB-R-169 (D-28): a new yellow double-town tile gives a marker; a city tile gives none", function()
  local g = fa()
  g:act("lay F31 Y2a 0")                                       -- toward Caserta
  g:act("lay G30 G3a 0")                                       -- Caserta green, a track toward Nola & Acerra (G28)
  expect_eq(g:var("markers.FA"), nil)
  to_step(g, "FA", "lay_tile")
  local lay = first(g:moves(), "lay G28 ")
  expect_true(lay ~= nil, "a double-town tile on G28 is offered")
  g:act(lay)
  expect_eq(g:var("markers.FA"), 1)
  expect_true(logged(g, "FA takes 1 town marker on G28 (white -> yellow); 1 in all (18FB-R-169)"))
end)

test("18FB-R-169 (D-28): +1 for a yellow -> green double-town upgrade, +1 for a yellow double town, nothing for a city", function()
  local g = fa()
  g:act("lay F31 Y2a 0")                                       -- toward Caserta
  g:act("lay G30 G3a 0")                                       -- Caserta green, a track toward Nola & Acerra (G28)
  to_step(g, "FA", "lay_tile")
  g:act(first(g:moves(), "lay G28 "))                          -- a yellow double town: +1
  expect_eq(g:var("markers.FA"), 1)
  g:act("pass")                                                -- no paid second step; its next turn
  to_step(g, "FA", "lay_tile")
  local up = first(g:moves(), "lay G28 GD")
  expect_true(up ~= nil, "a green double-town upgrade of G28 is offered")
  g:act(up)
  expect_eq(g:hex("G28").color, "green")
  expect_eq(g:var("markers.FA"), 2)
end)

test("18FB-R-169 (D-28): +1 for a green -> brown town upgrade", function()
  local g = fa()
  g:act("lay F31 Y2b 4")
  g:act("lay F33 3 0")                                         -- a yellow town: +1
  to_step(g, "FA", "lay_tile")
  g:act(first(g:moves(), "lay F33 87") or first(g:moves(), "lay F33 88"))   -- green: +0
  expect_eq(g:var("markers.FA"), 1)
  g:act("pass")                                                -- no paid second step; its next turn
  to_step(g, "FA", "lay_tile")
  local up = first(g:moves(), "lay F33 RT")
  expect_true(up ~= nil, "a brown town upgrade of F33 is offered")
  g:act(up)
  expect_eq(g:hex("F33").color, "brown")
  expect_eq(g:var("markers.FA"), 2)
end)

test("18FB-R-170 (A-31): a destination joined to the home pays its owner at once, once, even when track not the regional's makes the link", function()
  local g = R.after_rcr({ FG = { "B", 130 } })                 -- FG: Foggia, destination Manfredonia (M26)
  local cash = g:player("B").cash
  g:lay("L27", "Y4a", 0)                                       -- Foggia toward M26 (a lay by nobody)
  expect_eq(g:player("B").cash, cash)
  g:lay("M26", "5", 2)                                         -- Manfredonia toward Foggia
  expect_eq(g:player("B").cash, cash + 20)                     -- the placeholder bonus (A-31)
  expect_eq(g:corporation("FG").cash, 130)                     -- to the owner, not the treasury
  expect_true(logged(g, "FG is joined to its destination M26: the bank pays its owner B D20 (18FB-R-170)"))
  g:lay("b30", "7", 3)                                         -- another tile anywhere: not paid again
  expect_eq(g:player("B").cash, cash + 20)
end)

test("18FB-R-170 (A-31): a destination that needs a brown tile pays only once it is brown", function()
  local g = fa()                                               -- FA: Capua, destination Caserta (G30), brown (placeholder)
  local cash = g:player("A").cash
  g:act("lay F31 Y2a 0")                                       -- Capua's track reaches Caserta's printed yellow track
  g:act("lay G30 G3a 0")                                       -- Caserta green
  expect_eq(g:player("A").cash, cash)
  g:lay("G30", "R3", 0)                                        -- Caserta brown (a lay by nobody)
  expect_eq(g:player("A").cash, cash + 20)
  expect_true(logged(g, "FA is joined to its destination G30: the bank pays its owner A D20 (18FB-R-170)"))
end)

test("18FB-R-171, R-172 (A-30): a regional earns its home city and its markers like a major and always pays Half: half to its owner, half to its treasury", function()
  local g = fa()
  g:act("lay F31 Y2b 4")
  g:act("lay F33 3 0")                                         -- 1 marker
  g:set_var("markers.FA", 2)                                   -- E = 20 (Capua) + 2 x 10 = 40
  g:give_train("FA", "R5")                                     -- 2 + 4
  to_step(g, "FA", "dividend")
  expect_eq(g:turn().revenue, 40)
  expect_eq(g:moves(), { "half" })
  local a, cash, price = g:player("A").cash, g:corporation("FA").cash, g:share_price("FA")
  g:act("half")
  expect_eq(g:player("A").cash, a + 20)
  expect_eq(g:corporation("FA").cash, cash + 20)
  expect_eq(g:share_price("FA"), price)                        -- no market price moves (R-165)
end)

test("18FB-R-172 (A-30(c)): the Half split gives the owner ceil10(E / 2) and the treasury floor10(E / 2): E = 30 pays 20 and keeps 10", function()
  local g = fa()
  g:act("lay F31 Y2b 4")
  g:act("lay F33 3 0")                                         -- 1 marker: E = 20 + 10
  g:give_train("FA", "R5")
  to_step(g, "FA", "dividend")
  expect_eq(g:turn().revenue, 30)
  local a, cash = g:player("A").cash, g:corporation("FA").cash
  g:act("half")
  expect_eq(g:player("A").cash, a + 20)
  expect_eq(g:corporation("FA").cash, cash + 10)
end)

test("18FB-R-173: a regional buys regional trains only, at most one a turn", function()
  local g = fa(true)
  g:give_cash("FA", 400)
  to_step(g, "FA", "buy_train")
  expect_contains(g:moves(), "train R5")
  expect_true(first(g:moves(), "train PH") == nil)
  g:act("train R5")
  expect_eq(#g:corporation("FA").trains, 1)
  expect_eq(g:actor(), "FA")
  expect_eq(g:step(), "buy_train")
  expect_true(first(g:moves(), "train R5") == nil)
  g:refuse("train R5", "18FB-R-173", "a regional buys at most one")
end)

test("18FB-R-173: it is never forced to own a train", function()
  local g = fa(true)
  to_step(g, "FA", "buy_train")
  g:act("pass")
  expect_true(g:actor() ~= "FA")
  expect_eq(#g:corporation("FA").trains, 0)
end)

test("18FB-R-174: with no train and too little cash, its owner may add what a bank train lacks", function()
  local g = fa(true)
  g:act("lay F31 Y2b 4")
  g:act("lay F33 3 0")                                         -- FA D70
  to_step(g, "FA", "buy_train")
  expect_contains(g:moves(), "do owner_help amount=80")       -- R5 costs D150 (UNVERIFIED, A-05)
  local a = g:player("A").cash
  g:act("do owner_help amount=80")
  expect_eq(g:player("A").cash, a - 80)
  expect_eq(g:corporation("FA").cash, 150)
  expect_true(first(g:moves(), "do owner_help") == nil)
  g:act("train R5")
  expect_eq(g:corporation("FA").cash, 0)
  expect_true(logged(g, "A adds D80 to FA for a bank train (18FB-R-174)"))
end)

test("18FB-R-173, R-174: a regional may buy another regional's train, but not with its owner's help", function()
  local g = R.ph5_bought({ FA = { "A", 100 }, FG = { "B", 130 } })
  g:give_train("FG", "R5")                                      -- R5-0
  g:give_cash("FA", -60)                                        -- FA D40
  to_step(g, "FA", "buy_train")
  expect_contains(g:moves(), "train R5-0 1..40")                -- from FG, at any price it can pay
  g:act("do owner_help amount=110")
  expect_eq(g:corporation("FA").cash, 150)
  expect_true(first(g:moves(), "train R5-0") == nil)
  g:refuse("train R5-0 40", "18FB-R-174", "only a bank train")
  g:act("train R5")
  expect_eq(#g:corporation("FA").trains, 1)
end)

test("18FB-R-169: a regional never places a round token: its turn has no token step", function()
  local g = fa()
  local steps = {}
  while g:actor() == "FA" do
    if steps[#steps] ~= g:step() then steps[#steps + 1] = g:step() end
    g:act(first(g:moves(), "lay F31 Y2a") or first(g:moves(), "pass") or g:moves()[1])
  end
  expect_not_contains(steps, "build_station")
  expect_eq(#g:corporation("FA").tokens, 1)
end)

test("18FB-R-175: a regional has no financial step: its turn ends after its train step", function()
  local g = fa(true)
  g:give_cash("FA", 200)
  to_step(g, "FA", "buy_train")
  g:act("train R5")
  g:act("pass")
  expect_true(g:actor() ~= "FA")
end)

test("18FB-R-165: a regional's price never moves: its nominal value, sold out or not", function()
  local g = R.after_rcr({ FA = { "A", 100 }, SEPSA = { "B", 200 } })
  while g:round().kind ~= "stock" do g:act(first(g:moves(), "pass") or g:moves()[1]) end
  while g:round().kind == "stock" do g:act("pass") end     -- the sold-out check at its end
  expect_eq(g:share_price("FA"), 100)
  expect_eq(g:share_price("SEPSA"), 160)
  expect_true(not logged(g, "FA share price moves"))
end)

test("18FB-R-168 (S-14): Napoli North and South are two cities for a regional: SEPSA cannot build through a full Napoli South", function()
  local g = R.at_rcr()
  R.auction(g, { SEPSA = { "A", 160 } })
  expect_eq(g:actor(), "SEPSA")
  -- Napoli South's printed track does not let SEPSA pass SFSM's home
  -- token (R-073); upgraded, its free slots do.
  expect_not_contains(lay_hexes(g), "d24")
  g:lay("d28", "GNs", 4)
  expect_contains(lay_hexes(g), "d24")                          -- through Napoli South (SFSM's token, free slots)
  expect_contains(lay_hexes(g), "d26")
  g:start("NN", "B", 100)
  g:start("FB", "C", 100)
  g:place_token("FB", "d28")                                    -- Napoli South: SFSM, NN, FB
  expect_eq(g:hex("d28").free_slots, 0)
  expect_not_contains(lay_hexes(g), "d24")
  expect_not_contains(lay_hexes(g), "d26")
end)

test("18FB-R-163, R-167: a regional whose home city is full when the RCR ends waits beside it; its first turn lays a brown tile there and its token takes the new slot", function()
  local g = R.at_rcr()
  g:lay("F31", "Y2a", 0); g:lay("F31", "G2a", 0)               -- Capua green, two slots
  g:start("LdA", "C", 100)                                     -- LdA's home token on Capua
  g:start("NN", "D", 100)
  g:place_token("NN", "F31")                                   -- Capua full
  R.auction(g, { FA = { "A", 100 } })
  expect_eq(g:var("rg.waiting.FA"), true)
  expect_eq(g:corporation("FA").president, "A")
  expect_true(logged(g, "FA's home token waits beside F31 for a free slot (18FB-R-163)"))
  expect_eq(g:actor(), "FA")
  local brown = first(g:moves(), "lay F31 R3")                  -- a brown tile with a third slot
  expect_true(brown ~= nil, "a brown upgrade of Capua is offered")
  g:act(brown)
  expect_contains(g:hex("F31").stops[1].tokens, "FA")
  expect_eq(g:var("rg.waiting.FA"), nil)
end)

test("18FB-R-165: at the end a regional certificate counts its nominal value, whatever was bid for it", function()
  local g = R.after_rcr({ FG = { "B", 150 } })                 -- FG's nominal value: D130
  g:give_cash("C", g:bank())                                    -- the bank is broken: the game ends with the set
  local n = 0
  while not g:over() do
    n = n + 1
    expect_true(n < 50, "the game did not end")
    g:act(first(g:moves(), "pass") or g:moves()[1])
  end
  expect_eq(g:result().reason, "bank")
  expect_eq(g:result().values.B, g:player("B").cash + 130)
end)
