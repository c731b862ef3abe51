-- Running trains and revenue (1844-R-110 to R-126; checklist section 3)
-- and the worked examples T-10 (VZ 2H + 3H), T-11 (tunnel bonus) and T-12
-- (transit bonus). Track is laid with setters; the company then runs in its
-- operating turn, or is asked for its best run.
--
-- Map notes (pointy hexes; edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE):
-- Sion K10 (VZ), Martigny K8 (W of Sion), Visp J11 (NE of Sion; borders on
-- its NW and NE sides), Brig J13 (grey town 20, E of Visp), Montreux I6
-- (through J7), Gstaad I10 (through the tunnel hex J9). Bern F11 (BLS),
-- Strasbourg B11 (red N, bonus 30), Torino M8 (red S, bonus 40), Milano
-- L15 (red S, bonus 40) beyond the Simplon tunnel hex K14.

local P = test_lib("play")

local has = P.has

-- All privates sold, FNM launched (B), stock round 1 begins with A.
local sold_out = P.fnm_2h

-- One step of play by whoever acts: run, withhold, or pass.
local advance = P.advance

local at = P.at

local lay_all = P.lay_all

-- The ids of the company's trains, in order.
local function trains(g, corp)
  local out = {}
  for i, t in ipairs(g:corporation(corp).trains) do out[i] = type(t) == "table" and t.id or t end
  return out
end

-- The best run as sorted "STOP-STOP=REVENUE" strings, and its total.
local function runs(g, corp)
  local r = g:best_run(corp)
  local out = {}
  for _, rt in ipairs(r.routes) do out[#out + 1] = table.concat(rt.stops, "-") .. "=" .. rt.revenue end
  table.sort(out)
  return out, r.revenue
end

-- Sion green (30, exits W NW NE), Martigny (10) towards Sion and J7,
-- J7 - Montreux, Visp (10) between Sion and Brig.
local VALAIS = {
  { "K10", "6", 1 }, { "K10", "15", 0 },
  { "K8", "58", 2 }, { "J7", "9", 2 }, { "I6", "57", 2 },
  { "J11", "58", 4 },
}

-- VZ (A, par 70) launched with a 2H and a 3H, at its tile step in OR 1.
local function vz(lays, train_list)
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  lay_all(g, lays or VALAIS)
  for _, tr in ipairs(train_list or { "2H", "3H" }) do g:give_train("VZ", tr) end
  g:acts{ "pass", "pass", "pass", "pass" }
  return at(g, "VZ", "lay_tile")
end

test("(T-10) 1844-R-113: VZ's 2H runs Sion-Martigny (40) and its 3H Sion-Visp-Brig (60): 100", function()
  local g = vz()
  local r, total = runs(g, "VZ")
  expect_eq(r, { "K10-J11-J13=60", "K10-K8=40" })
  expect_eq(total, 100)
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  -- The two routes share Sion and leave it on different tracks (R-120).
  g:act("run " .. t[1] .. ":K10-K8 " .. t[2] .. ":K10-J11-J13")
  expect_eq(g:turn().revenue, 100)
end)

test("(T-10) 1844-R-113: Sion-Montreux covers four hexes, too long for a 3H; a 2H cannot reach Visp-Brig", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[2] .. ":K10-K8-I6", "1844-R-113")
  g:refuse("run " .. t[1] .. ":K10-J11-J13", "1844-R-113")
end)

test("1844-R-112: a normal train visits at most its number of stops and skips none", function()
  -- MOB (historical, home Montreux) runs the line Montreux - Martigny - Sion.
  local g = sold_out()
  g:start("MOB", "A", 70)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("MOB", p) end
  lay_all(g, VALAIS)
  local two = g:give_train("MOB", "2")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "MOB", "run_routes")
  -- Montreux - Sion passes Martigny: three stops for a 2-train.
  -- Declared stops are consecutive: no track joins Montreux to Sion
  -- without passing Martigny.
  g:refuse("run " .. two .. ":I6-K10", nil, "no track joins")
  g:refuse("run " .. two .. ":I6-K8-K10", "1844-R-112")
  g:act("run " .. two .. ":I6-K8")
  expect_eq(g:turn().revenue, 30)   -- Montreux 20 + Martigny 10
end)

test("1844-R-110: a route has at least two stops and one of the company's stations", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[1] .. ":K10", "1844-R-110")
  -- Visp - Brig is track on the board, but VZ has no station there.
  g:refuse("run " .. t[1] .. ":J11-J13", "1844-R-110")
end)

test("1844-R-110: each train runs at most once", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[2] .. ":K10-K8 " .. t[2] .. ":K10-J11-J13", "1844-R-110")
end)

test("1844-R-119: a route may not use the same track twice", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[2] .. ":K10-K8-K10", "1844-R-119", "twice")
end)

test("1844-R-116: a route visits each city at most once, even on a loop of separate track", function()
  -- Sion (W, SW) - Martigny (E, SE) - L9 (NW, NE) - back to Sion.
  local g = vz({ { "K10", "6", 1 }, { "K10", "15", 0 }, { "K8", "3", 4 }, { "L9", "7", 2 } }, { "4H" })
  at(g, "VZ", "run_routes")
  g:refuse("run " .. trains(g, "VZ")[1] .. ":K10-K8-K10", "1844-R-116")
end)

test("1844-R-120: two trains of a company may not share track", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[1] .. ":K10-K8 " .. t[2] .. ":K10-K8", "1844-R-120")
end)

test("1844-R-125: the company must run its highest total", function()
  local g = vz()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:refuse("run " .. t[1] .. ":K10-K8", "1844-R-125")
  g:refuse("run " .. t[1] .. ":K10-J11 " .. t[2] .. ":K10-K8", "1844-R-125")
end)

-- T-11: VZ's director A holds T2; VZ builds the tunnel J9 between Sion
-- (its SE mouth) and Gstaad (NE mouth), Gstaad has a town tile (10).
local function tunnel_game()
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  lay_all(g, VALAIS)
  g:lay("I10", "4", 0)
  g:give_train("VZ", "3H")
  g:give_company("T2", "A")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "VZ", "lay_tile")
  g:act("do build_tunnel hex=J9 mouths=3-5")
  return g
end

test("(T-11) 1844-R-123: Sion - tunnel - Gstaad on a 3H is (30 + 10) + (10 + 10) = 60", function()
  local g = tunnel_game()
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:act("run " .. t[1] .. ":K10-I10")
  expect_eq(g:turn().revenue, 60)
end)

test("(T-11) 1844-R-095, R-113: the tunnel hex counts as a hex; the first run through it activates T2", function()
  local g = tunnel_game()
  expect_eq(g:var("tunnel.J9"), "T2")
  expect_eq(g:var("tunnel.active.T2"), nil)
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  g:act("run " .. t[1] .. ":K10-I10")
  expect_eq(g:var("tunnel.active.T2"), true)
  expect_contains(g:log(), "T2 (J9) is activated")
end)


-- Strasbourg - C10 - D11 - E12 - Bern (green B tile 904, 40) and on to
-- Torino through G10 - H9 - I8 - J7 - K6 - L7, or to Thun (H13) and Brig
-- through the Lötschberg (I12) and the Simplon (K14) to Milano.
local NORTH = {
  { "C10", "8", 3 }, { "D11", "9", 2 }, { "E12", "8", 0 },
  { "F11", "5", 5 }, { "F11", "904", 0 },
}
local TO_TORINO = {
  { "G10", "9", 0 }, { "H9", "9", 0 }, { "I8", "9", 0 }, { "J7", "9", 0 },
  { "K6", "8", 3 }, { "L7", "9", 2 },
}
local TO_BRIG = { { "G12", "9", 2 }, { "H13", "6", 0 } }

-- BLS (A, par 100) launched in phase 3 with the given lays and trains.
local function bls(lays, train_list)
  local g = sold_out()
  g:set_phase("3")
  g:start("BLS", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("BLS", p) end
  for _, l in ipairs(lays) do lay_all(g, l) end
  local ids = {}
  for i, tr in ipairs(train_list) do ids[i] = g:give_train("BLS", tr) end
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "BLS", "lay_tile")
  return g, ids
end

test("(T-12) 1844-R-122: Strasbourg (N) to Torino (S) on one normal train adds 30 + 40 = 70", function()
  local g, t = bls({ NORTH, TO_TORINO }, { "3" })
  -- Phase 3 values: Strasbourg 40, Bern 40, Torino 30; bonus 70.
  local r, total = runs(g, "BLS")
  expect_eq(r, { "B11-F11-M8=180" })
  expect_eq(total, 180)
  at(g, "BLS", "run_routes")
  g:act("run " .. t[1] .. ":B11-F11-M8")
  expect_eq(g:turn().revenue, 180)
end)

test("(T-12) 1844-R-122: two trains that each reach one area earn no bonus", function()
  local g = bls({ NORTH, TO_TORINO }, { "4", "4" })
  -- Each 4-train alone earns 180 on the transit route; split in two at
  -- Bern they earn 40 + 40 and 40 + 30 without any bonus.
  local r, total = runs(g, "BLS")
  expect_eq(r, { "B11-F11-M8=180" })
  expect_eq(total, 180)
  at(g, "BLS", "run_routes")
  local ids = trains(g, "BLS")
  g:refuse("run " .. ids[1] .. ":B11-F11 " .. ids[2] .. ":F11-M8", "1844-R-125", "150")
end)

test("(T-12) 1844-R-114: an H train may not run to a red off-board area", function()
  local g, t = bls({ NORTH, TO_TORINO }, { "8H" })
  at(g, "BLS", "run_routes")
  -- Strasbourg - Bern covers five hexes, within an 8H's reach, but
  -- Strasbourg is red.
  g:refuse("run " .. t[1] .. ":B11-F11", "1844-R-114")
end)

test("1844-R-121: off-board values follow the phase bands 1-2, 3-4, 5-6, 7", function()
  local g = sold_out()
  g:start("BLS", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("BLS", p) end
  lay_all(g, NORTH); lay_all(g, TO_TORINO)
  g:give_train("BLS", "8E")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "BLS", "lay_tile")
  -- Strasbourg 30/40/50/60, Torino 0/30/50/70, Bern 40, bonus 70: the 8E
  -- runs Strasbourg - Bern - Torino.
  local want = { ["1"] = 140, ["3"] = 180, ["5"] = 210, ["7"] = 240 }
  local seen = {}
  for _, ph in ipairs({ "1", "3", "5", "7" }) do
    if ph ~= "1" then g:set_phase(ph) end
    seen[ph] = g:best_run("BLS").revenue
  end
  expect_eq(seen, want)
end)

test("1844-R-118: an off-board area is only the first or last stop of a route", function()
  local g, t = bls({ NORTH }, { "4" })
  at(g, "BLS", "run_routes")
  -- Bern - Strasbourg - Basel would run through Strasbourg.
  g:lay("C12", "57", 2)   -- Basel, not connected here; the refusal is about Strasbourg
  g:refuse("run " .. t[1] .. ":F11-B11-C12", "1844-R-118")
end)

-- Strasbourg - Bern - Thun - Lötschberg - Brig - Simplon - Milano: one
-- route through two tunnels between a red N and a red S area.
local function two_tunnels()
  local g, t = bls({ NORTH, TO_BRIG }, { "5" })
  g:give_company("T2", "A"); g:give_company("T3", "A")
  local cash = g:corporation("BLS").cash
  g:act("do build_tunnel hex=I12 mouths=3-5")
  g:act("do build_tunnel hex=K14 mouths=2-5")
  return g, t, cash
end

test("1844-R-124: the tunnel bonus and the transit bonus add up; R-123: once per route however many tunnels", function()
  local g, t = two_tunnels()
  at(g, "BLS", "run_routes")
  -- Phase 3: Strasbourg 40, Bern 40, Thun 20, Brig 20, Milano 50 = 170;
  -- tunnel bonus 10 x 5 stops = 50 (not 100 for two tunnels); transit
  -- Strasbourg 30 + Milano 40 = 70.
  g:act("run " .. t[1] .. ":B11-F11-H13-J13-L15")
  expect_eq(g:turn().revenue, 290)
end)

-- MOB (A, par 70) with Montreux's yellow city facing Rochers de Naye (H7,
-- a mountain hex); B buys B1 and opens it there with panel XM1 (10 in
-- phases 1-2) when `railway` is set.
local function naye(railway, no_train)
  local g = sold_out()
  g:start("MOB", "A", 70)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("MOB", p) end
  g:lay("I6", "5", 2)
  if not no_train then g:give_train("MOB", "2") end
  if railway then
    expect_eq(g:actor(), "B")
    g:act("buy B1"); g:act("choose H7:XM1")
  else
    g:act("pass")
  end
  g:acts{ "pass", "pass", "pass", "pass" }
  if not railway or no_train then
    while g:actor() ~= "MOB" do advance(g) end
    return g
  end
  return at(g, "MOB", "run_routes")
end

test("1844-R-111: a mountain hex without a Mountain Railway is no stop", function()
  local g = naye(false)
  expect_eq(g:best_run("MOB").revenue, 0)
  expect_true(not has(g:moves(), "run auto"))
end)

test("1844-R-111, R-126: a Mountain Railway is a stop; the first run counting it activates it", function()
  local g = naye(true)
  local r, total = runs(g, "MOB")
  expect_eq(r, { "I6-H7=30" })
  expect_eq(total, 30)
  expect_eq(g:var("mr.active.B1"), nil)
  g:act("run auto")
  expect_eq(g:var("mr.active.B1"), true)
end)

test("1844-R-115: an 8E counts at most 8 stops, skipping the cheapest, on track of any length", function()
  -- Strasbourg - Bern - Thun - Lötschberg - Brig - Visp - Sion - Martigny -
  -- Montreux - Lausanne (eastern city): nine stops on 16 hexes.
  local west = {
    { "J11", "58", 4 }, { "K10", "6", 1 }, { "K8", "58", 2 }, { "J7", "9", 2 }, { "I6", "6", 5 },
  }
  local g = bls({ NORTH, TO_BRIG, west }, { "8E" })
  g:give_company("T2", "A")
  g:act("do build_tunnel hex=I12 mouths=3-5")
  local r = g:best_run("BLS")
  expect_eq(#r.routes, 1)
  expect_eq(r.routes[1].stops, { "B11", "F11", "H13", "J13", "J11", "K10", "K8", "I6", "I4.1" })
  -- Phase 3: Strasbourg 40, Bern 40, Thun 20, Brig 20, Visp 10, Sion 20,
  -- Martigny 10, Montreux 20, Lausanne 20 = 200; one 10 is skipped: 190;
  -- tunnel bonus 10 x 8 counted stops = 80.
  expect_eq(r.revenue, 270)
  -- The skipped stop is one of the two 10s; the run says which stops
  -- earned (what R-126 looks at: a skipped Mountain Railway stays idle).
  local counted = r.routes[1].counted
  expect_eq(#counted, 8)
  local skipped = {}
  for _, s in ipairs(r.routes[1].stops) do
    local found = false
    for _, c in ipairs(counted) do found = found or c == s end
    if not found then skipped[#skipped + 1] = s end
  end
  expect_true(#skipped == 1 and (skipped[1] == "J11" or skipped[1] == "K8"), table.concat(skipped, ","))
end)

test("1844-R-117: Milano, drawn across several hexes, is one area a route visits once", function()
  local g = sold_out()
  g:lay("L21", "5", 5)                   -- Como: SW to Milano M20, SE to Milano M22
  local four = g:give_train("FNM", "4")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "FNM", "run_routes")
  g:refuse("run " .. four .. ":M20-L21-M22", "1844-R-116", "twice")
  local r = g:best_run("FNM")
  expect_eq(r.revenue, 60)               -- Milano 40 + Como 20, once
end)

test("1844-R-119: a route may not reverse at a junction", function()
  -- K12 holds the junction tile 23: Sion (W) and Visp (NW) both join the
  -- track to the E side; Sion - Visp would have to turn back there.
  local g = vz({ { "K10", "57", 1 }, { "K10", "14", 0 }, { "K8", "4", 1 },
    { "K12", "8", 2 }, { "K12", "23", 4 }, { "J11", "3", 4 } })
  at(g, "VZ", "run_routes")
  local t = trains(g, "VZ")
  -- No legal track joins them, and the best run leaves Visp out (with the
  -- turn, the 3H would add Sion - Visp for 40).
  g:refuse("run " .. t[2] .. ":K10-J11", nil, "no track joins")
  local r = runs(g, "VZ")
  expect_eq(r, { "K10-K8=40" })
end)

test("1844-R-136: a mountain hex without a Mountain Railway gives no route: no train needed", function()
  local g = naye(false, true)
  while g:actor() == "MOB" and g:step() ~= "buy_train" do g:act("pass") end
  if g:actor() == "MOB" then g:act("pass") end
  expect_true(g:actor() ~= "MOB")
  expect_eq(#g:corporation("MOB").trains, 0)
end)

test("1844-R-136, R-135: with a Mountain Railway on it, MOB has a route and must buy a train", function()
  local g = naye(true, true)
  while not (g:actor() == "MOB" and g:step() == "buy_train") do g:act("pass") end
  g:refuse("pass", "1844-R-135")
end)

-- ChA (regional, home Arosa G28) whose yellow city faces only Innsbruck
-- (red, east) and Chur's side without track.
local function cha(with_chur)
  local g = sold_out()
  g:start("ChA", "A", 70)
  g:give_share("ChA", "B")
  g:lay("G28", "57", 1)
  if with_chur then g:lay("G26", "6", 4) end   -- Chur: E to Arosa, SW as printed
  g:acts{ "pass", "pass", "pass", "pass" }
  while g:actor() ~= "ChA" do advance(g) end
  while g:actor() == "ChA" and g:step() ~= "buy_train" do g:act("pass") end
  return g
end

test("1844-R-136: a regional's only route to a red off-board area does not oblige it to own a train", function()
  local g = cha(false)
  if g:actor() == "ChA" then g:act("pass") end
  expect_true(g:actor() ~= "ChA")
end)

test("1844-R-136: a regional with a route to a city must own a train", function()
  local g = cha(true)
  expect_eq(g:actor(), "ChA")
  g:refuse("pass", "1844-R-135")
end)
