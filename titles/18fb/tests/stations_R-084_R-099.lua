-- Token placement and town markers (§3.5.2; 18FB-R-084 .. R-099;
-- checklist §3.3, D-22 .. D-26, S-10, S-13), scripts/stations.lua.
--
-- The board is provisional (A-02) and most of its cities print two or more
-- slots, which no tile of tiles.toml fits (A-03): the positions below use
-- the one-slot cities (Teramo J43, Campobasso J33, Chieti K38, Sulmona
-- I38, Pontecorvo F35) and the pre-printed off-maps and Napoli.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

-- A 4-player game in its first stock round, every political card passed.
-- From the stock round to `corp`'s build_station step (its tile step passed).
local function to_station_step(g, corp)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), corp)
  if g:step() == "lay_tile" then g:act("pass") end
  expect_eq(g:step(), "build_station")
end

local function has_move(g, prefix)
  for _, m in ipairs(g:moves()) do if m:sub(1, #prefix) == prefix then return true end end
  return false
end

-- LTF (home Tronto K46) and track to Teramo J43 over K42 (mountain side
-- J43/K42), K44 (a town) and J45: J43/K42 mountain D60, K42/K44 plain
-- D10, K44/J45 plain D10, J45/K46 the Tronto river D40.
local function tronto_teramo()
  local g = after_pr()
  g:start("LTF", "A", 100)
  g:lay("J43", "57", 0); g:lay("K42", "7", 3); g:lay("K44", "58", 1); g:lay("J45", "7", 5)
  return g
end

test("18FB-R-085, R-088, R-089, R-091, D-22: a token route from Tronto to Teramo costs plain + plain + river + mountain = D120, paid to the bank", function()
  local g = tronto_teramo()
  to_station_step(g, "LTF")
  expect_eq(g:corporation("LTF").state, "building")            -- a Building major places tokens (R-052)
  expect_contains(g:moves(), "do token hex=J43 route=1")
  local cash, bank = g:corporation("LTF").cash, g:bank()
  g:act("do token hex=J43 route=1")
  expect_eq(g:corporation("LTF").cash, cash - 120)              -- D-22: 10 + 10 + 40 + 60 (A-25)
  expect_eq(g:bank(), bank + 120)
  local at = {}
  for _, tk in ipairs(g:corporation("LTF").tokens) do if tk.hex then at[#at + 1] = tk.hex end end
  expect_eq(at, { "K46", "J43" })
  expect_true(logged(g, "LTF places a token: K46 to J43 for D120 via K44, 1 town marker"))
end)

test("18FB-R-084: a major places at most one token a turn; placing is optional", function()
  local g = tronto_teramo()
  to_station_step(g, "LTF")
  expect_contains(g:moves(), "pass")                           -- optional
  g:act("do token hex=J43 route=1")
  expect_true(g:step() ~= "build_station")                      -- the step is over after one token
  g:refuse("do token hex=J43 route=1", nil)
end)

test("18FB-R-084: a national places up to two tokens a turn", function()
  local g = after_pr()
  g:start("RM", "A", 100)
  g:place_token("RM", "J33")
  -- Campobasso J33 - K34 - Chieti K38 (through L35, L37) and Teramo J43 - Tronto K46.
  g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("L35", "58", 2); g:lay("L37", "56", 1); g:lay("K38", "57", 0)
  g:place_token("RM", "J43")
  g:lay("J43", "57", 0); g:lay("K42", "7", 3); g:lay("K44", "58", 1); g:lay("J45", "7", 5)
  to_station_step(g, "RM")
  g:act("do token hex=K38")
  expect_eq(g:step(), "build_station")
  g:act("do token hex=K46")
  expect_true(g:step() ~= "build_station")
end)

test("18FB-R-089, D-23: a route costing D70 cannot be paid from D60; from D70 it can", function()
  local function position(cash)
    local g = after_pr()
    g:start("LdA", "A", 60)                                     -- treasury D120
    g:place_token("LdA", "J33")
    -- J33/K34 river D40, K34/L35, L35/L37, L37/K38 plain D10 each: D70.
    g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("L35", "58", 2); g:lay("L37", "56", 1); g:lay("K38", "57", 0)
    g:give_cash("LdA", cash - g:corporation("LdA").cash)
    to_station_step(g, "LdA")
    return g
  end
  local g = position(60)
  expect_eq(has_move(g, "do token hex=K38"), false)
  g:refuse("do token hex=K38 route=1", "18FB-R-089", "cannot pay D70")
  g = position(70)
  g:act("do token hex=K38 route=1")
  expect_eq(g:corporation("LdA").cash, 0)
end)

test("18FB-R-098, R-099: a token route through a yellow single town and a yellow double town takes 1 + 1 markers, kept for the game", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("LdA", "J33")
  g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("L35", "58", 2); g:lay("L37", "56", 1); g:lay("K38", "57", 0)
  to_station_step(g, "LdA")
  expect_eq(g:var("markers.LdA"), nil)
  g:act("do token hex=K38")
  expect_eq(g:var("markers.LdA"), 2)
  local facts = {}
  for _, f in ipairs(g:facts("LdA")) do facts[f[1]] = f[2] end
  expect_eq(facts["town markers"], "2")
  expect_eq(facts.concession, "A")                              -- the other script's facts stay
  expect_eq(facts.earnings, nil)                                -- a Building major does not run (R-111)
  expect_true(logged(g, "LdA places a token: J33 to K38 for D70 via L35, L37, 2 town markers (18FB-R-088, R-098); 2 town markers in all"))
end)

test("18FB-R-098: a green single town gives 1 marker (tile colour at placement)", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("LdA", "J33")
  g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("L35", "58", 2); g:lay("L35", "87", 1)
  g:lay("L37", "56", 1); g:lay("K38", "57", 0)
  expect_eq(g:hex("L35").color, "green")
  to_station_step(g, "LdA")
  g:act("do token hex=K38")
  expect_eq(g:var("markers.LdA"), 2)                            -- green single 1 + yellow double 1
end)

-- LdA's route from Campobasso J33 to Chieti K38 through the single town
-- L35 (`single`: its tiles in order) and the double town L37 (`double`).
local function markers_through(single, double)
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("LdA", "J33")
  g:lay("J33", "57", 2); g:lay("K34", "9", 2); g:lay("K38", "57", 0)
  for _, t in ipairs(single) do g:lay("L35", t[1], t[2]) end
  for _, t in ipairs(double) do g:lay("L37", t[1], t[2]) end
  to_station_step(g, "LdA")
  g:act("do token hex=K38")
  return g:var("markers.LdA")
end

test("18FB-R-098, D-25: a brown double town gives 3 markers and a green single town 1: 4", function()
  expect_eq(markers_through({ { "58", 2 }, { "87", 1 } }, { { "56", 1 }, { "GD56", 1 }, { "RD56", 1 } }), 4)
end)

test("18FB-R-098, D-24: a brown single town gives 2 and a green double town 2", function()
  expect_eq(markers_through({ { "58", 2 }, { "87", 1 }, { "RTa", 1 } }, { { "56", 1 } }), 3)          -- brown single 2 + yellow double 1
  expect_eq(markers_through({ { "58", 2 } }, { { "56", 1 }, { "GD56", 1 } }), 3)                       -- yellow single 1 + green double 2
  expect_eq(markers_through({ { "58", 2 }, { "87", 1 }, { "RTa", 1 } }, { { "56", 1 }, { "GD56", 1 } }), 4)
end)

test("18FB-R-088, S-10: a hexside with a mountain and a river costs D100", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("LdA", "K38")
  -- Chieti K38 / J39: mountain and river; J39 / Sulmona I38: river.
  g:lay("K38", "57", 0); g:lay("J39", "8", 0); g:lay("I38", "57", 2)
  to_station_step(g, "LdA")
  local cash = g:corporation("LdA").cash
  g:act("do token hex=I38")
  expect_eq(g:corporation("LdA").cash, cash - 140)              -- 100 (S-10) + 40 for the river side of Sulmona
end)

test("18FB-R-090, D-26: a pass closed until PH3 cannot be crossed in PH2; in PH3 it costs D60", function()
  local function position(phase)
    local g = after_pr()
    g:start("LTF", "A", 100)
    if phase then g:set_phase(phase) end
    -- Tronto K46 / K44: the Tronto river D40; K44 / Teramo J43: a pass closed until PH3.
    g:lay("K44", "58", 2); g:lay("J43", "57", 2)
    to_station_step(g, "LTF")
    return g
  end
  local g = position("PH2")
  expect_eq(has_move(g, "do token hex=J43"), false)
  g:refuse("do token hex=J43", "18FB-R-090")
  g = position("PH3")
  local cash = g:corporation("LTF").cash
  g:act("do token hex=J43")
  expect_eq(g:corporation("LTF").cash, cash - 100)              -- the pass D60 + the Tronto river D40
end)

test("18FB-R-087, S-13: Napoli North and South are one city for a major: FP, holding Napoli North, cannot token Napoli South", function()
  local g = after_pr()
  g:start("FP", "A", 100)                                       -- its home tokens: Bari and Napoli North (R-003)
  g:act("choose c29")                                           -- based in Napoli (R-104)
  local at = {}
  for _, tk in ipairs(g:corporation("FP").tokens) do if tk.hex then at[#at + 1] = tk.hex end end
  expect_contains(at, "c29")
  to_station_step(g, "FP")
  expect_eq(has_move(g, "do token hex=d28"), false)              -- pre-printed track joins them
  g:refuse("do token hex=d28", "18FB-R-087", "one city")
end)

test("18FB-R-086: a slot reserved for another corporation is not free; the corporation's own reserved slot is", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("FSC", "F5")                                    -- Catanzaro: 2 slots, one reserved for FC
  to_station_step(g, "LdA")
  g:refuse("do token hex=F5", "18FB-R-086", "no slot LdA may fill")
end)

test("18FB-R-095: Rome's slots other than Bourbon #4 take no token before PH4", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:place_token("LdA", "F35")
  g:lay("F35", "57", 1); g:lay("F37", "9", 1)                   -- Pontecorvo - F37 - Roma F39
  to_station_step(g, "LdA")
  expect_eq(has_move(g, "do token hex=F39"), false)
  g:refuse("do token hex=F39", "18FB-R-095", "open in PH4")
end)

test("18FB-R-095, R-097, R-149, A-22: from PH2 Delahante's holder, as president, replaces Bourbon #4 in Rome by the ordinary placement rules", function()
  local function position(phase)
    local g = after_pr()
    g:start("LdA", "A", 100)
    g:give_company("DEL", "A")
    if phase then g:set_phase(phase) end
    g:place_token("LdA", "F35")
    g:lay("F35", "57", 1); g:lay("F37", "9", 1)
    to_station_step(g, "LdA")
    return g
  end
  local g = position(nil)                                       -- PH1: not yet
  expect_eq(has_move(g, "do token hex=F39"), false)
  g = position("PH2")
  expect_contains(g:moves(), "do token hex=F39 route=1")
  local cash = g:corporation("LdA").cash
  g:act("do token hex=F39 route=1")
  expect_eq(g:corporation("LdA").cash, cash - 20)                -- two plain hexsides
  expect_eq(g:hex("F39").stops[1].neutral, {})
  expect_eq(g:hex("F39").stops[1].tokens, { "LdA" })
  expect_eq(g:company("DEL").used, true)
  expect_true(logged(g, "replacing Bourbon token B4 (DEL)"))
end)

test("18FB-R-097: without the card a Bourbon slot is not open to a major", function()
  local g = after_pr()
  g:start("LdA", "A", 100)
  g:set_phase("PH2")
  g:place_token("LdA", "F35")
  g:lay("F35", "57", 1); g:lay("F37", "9", 1)
  to_station_step(g, "LdA")
  expect_eq(has_move(g, "do token hex=F39"), false)
end)

-- FP holds Napoli North (home, R-003); Portici d26 upgraded green joins
-- Napoli South d28 to Vesuvio c25 (the pre-printed Napoli South - Portici
-- track, R-073).
local function napoli_vesuvio(phase, nn_started)
  local g = after_pr()
  if phase then g:set_phase(phase) end
  g:start("FP", "A", 100)
  g:act("choose c29")                                           -- based in Napoli (R-104)
  if nn_started then g:start("NN", "B", 60) end
  g:lay("d26", "87", 4)
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "FP" do g:act("pass") end                  -- NN may operate first
  if g:step() == "lay_tile" then g:act("pass") end
  expect_eq(g:step(), "build_station")
  return g
end

test("18FB-R-087, R-096: a major in Napoli North builds from Napoli South, one city; Vesuvio's free slot opens in PH4", function()
  local g = napoli_vesuvio("PH3", false)
  g:refuse("do token hex=c25", "18FB-R-096", "open in PH4")
  g = napoli_vesuvio("PH4", false)
  expect_contains(g:moves(), "do token hex=c25 route=1")
  local cash = g:corporation("FP").cash
  g:act("do token hex=c25 route=1")
  expect_eq(g:corporation("FP").cash, cash - 20)                -- d28/d26 and d26/c25, plain
  expect_eq(g:var("markers.FP"), 1)                              -- Portici, a green single town
end)

test("18FB-R-093: the pre-printed Napoli track does not let a token route pass another corporation's home token", function()
  local g = napoli_vesuvio("PH4", true)                          -- NN's home token stands in Napoli South
  expect_eq(g:hex("d28").stops[1].tokens, { "NN" })
  expect_eq(has_move(g, "do token hex=c25"), false)
  g:refuse("do token hex=c25", "18FB-R-085")
end)

test("18FB-R-094: with two routes to a city the president picks one; cost and markers come from that route only", function()
  local function position()
    local g = after_pr()
    g:start("LTF", "A", 100)
    g:set_phase("PH3")
    -- Tronto K46 to Teramo J43 by Giulianova K44 (a town; the Tronto river
    -- D40 + the pass D60) or by J45 (the Tronto river D40 + mountain D60).
    g:lay("J43", "5", 4); g:lay("K44", "58", 2); g:lay("J45", "8", 5)
    to_station_step(g, "LTF")
    return g
  end
  local g = position()
  expect_contains(g:moves(), "do token hex=J43 route=1")
  expect_contains(g:moves(), "do token hex=J43 route=2")
  local markers = {}
  for route = 1, 2 do
    g = position()
    local cash = g:corporation("LTF").cash
    g:act("do token hex=J43 route=" .. route)
    expect_eq(g:corporation("LTF").cash, cash - 100)
    markers[#markers + 1] = g:var("markers.LTF") or 0
  end
  table.sort(markers)
  expect_eq(markers, { 0, 1 })                                   -- by J45 none, by Giulianova one
end)

test("18FB-R-092: a token route over the Sarno (a lettered side between the Napoli inset and the main map) pays D40 for the river", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:place_token("NN", "d24")                                    -- T. Annunziata, NN's reserved slot
  -- d24 over link G (the Sarno) to Castellammare E26 (a town), then a
  -- plain side to Nocera F25.
  g:lay("d24", "Y2a", 1); g:lay("E26", "3", 5); g:lay("F25", "Y2a", 0)
  to_station_step(g, "NN")
  local cash = g:corporation("NN").cash
  g:act("do token hex=F25")
  expect_eq(g:corporation("NN").cash, cash - 50)                -- 40 (the Sarno) + 10
  expect_true(logged(g, "NN places a token: d24 to F25 for D50 via E26"))
end)
