-- Routes, gauges and hex counting on the real 1849 map (1849 V6 §10.1,
-- §10.5.1; rules 1849-R-098 .. R-110; worked example WE-07). Track is laid
-- with test setters; the corporation then runs (or is asked for its best
-- run) in its operating turn.
--
-- Map notes (flat hexes; edges 0 S, 1 SW, 2 NW, 3 N, 4 NE, 5 SE):
-- Palermo C5 (RCS, printed standard track NW, N to its port A5, SE);
-- Marsala E1 (CTL, grey, dual track N to Trapani C1, NE, SE, S);
-- Siracusa M13 (ATA, printed narrow track NW); Ragusa M11 (printed
-- narrow NE, standard SW to Vittoria N10); Terranova M9 (grey, 2 slots);
-- Messina B14 with Milazzo A13, its port a12, and Calabria C15 beyond the
-- double hex of the strait (A15 + B16).

-- Four players; A buys P5 and starts `corp` at L. 68 (AFG at `home`).
local P = test_lib("play")
local started, lay_all = P.started, P.lay_all

-- Plays on (passing) until `corp` is at its run step.
local function at_run(g, corp)
  while not (g:actor() == corp and g:step() == "run_routes") do g:act("pass") end
  return g
end

-- The best run as "TRAIN:STOP-STOP=REVENUE" strings, and its total.
local function runs(g, corp)
  local r = g:best_run(corp)
  local out = {}
  for _, rt in ipairs(r.routes) do
    out[#out + 1] = rt.train .. ":" .. table.concat(rt.stops, "-") .. "=" .. rt.revenue
  end
  table.sort(out)
  return out, r.revenue
end

-- RCS's standard line Palermo - D6 - Termini Imerese (E7, town), and
-- through B4 to Partinico (D4, town).
local PALERMO_LINES = { { "D6", "9", 2 }, { "E7", "4", 2 }, { "B4", "7", 5 }, { "D4", "4", 0 } }

test("1849-R-098: a route includes a station token of the corporation, anywhere along it", function()
  local g = started("RCS")
  lay_all(g, PALERMO_LINES)
  g:give_train("RCS", "4H")
  at_run(g, "RCS")
  -- Palermo's token is in the middle of the route: Partinico - Palermo - Termini.
  g:act("run 4H-0:D4-C5-E7")
  expect_eq(g:turn().revenue, 70)
  expect_contains(g:log(), "RCS runs 4H-0 on D4-C5-E7 for L. 70")
end)

test("1849-R-098, R-104: a route without one of the corporation's tokens is refused", function()
  local g = started("RCS")
  lay_all(g, PALERMO_LINES)
  g:give_train("RCS", "4H")
  at_run(g, "RCS")
  -- Trapani - Marsala is track on the board, but RCS has no token there.
  g:refuse("run 4H-0:C1-E1", "1849-R-104", "own station")
end)

test("1849-R-099: a route may not use the same track or visit the same town twice", function()
  local g = started("RCS")
  lay_all(g, PALERMO_LINES)
  g:give_train("RCS", "4H")
  at_run(g, "RCS")
  g:refuse("run 4H-0:D4-C5-D4", "1849-R-099", "twice")
  g:refuse("run 4H-0:E7-C5-E7", "1849-R-099", "twice")
end)

-- D6 holds green 24 with track Palermo - Termini and Termini's side - Corleone
-- (E5, on to Partinico D4): Palermo reaches Corleone only by reversing at the
-- D6 / E7 hex side.
local REVERSE = { { "D6", "9", 2 }, { "D6", "24", 5 }, { "E5", "58", 2 }, { "D4", "4", 2 }, { "E7", "4", 2 } }

test("1849-R-099: a route may not reverse at a junction", function()
  local g = started("RCS")
  lay_all(g, REVERSE)
  g:give_train("RCS", "4H")
  -- A5-C5-E5-D4 would earn 80 if the train could turn back at the junction.
  local list, total = runs(g, "RCS")
  expect_eq(total, 70)
  expect_eq(list, { "4H-0:A5-C5-E7=70" })
  at_run(g, "RCS")
  g:refuse("run 4H-0:A5-C5-E5-D4", nil)
  g:act("run auto")
  expect_eq(g:turn().revenue, 70)
end)

test("1849-R-099: the same position with Palermo - Corleone laid straight earns the 80", function()
  local g = started("RCS")
  lay_all(g, { { "D6", "9", 2 }, { "D6", "26", 2 }, { "E5", "58", 2 }, { "D4", "4", 2 }, { "E7", "4", 2 } })
  g:give_train("RCS", "4H")
  local list, total = runs(g, "RCS")
  expect_eq(list, { "4H-0:A5-C5-E5-D4=80" })
  expect_eq(total, 80)
end)

-- CTL at Marsala; Trapani (C1, one slot) leads on through D2 to Alcamo (C3).
local TRAPANI_ALCAMO = { { "D2", "8", 2 }, { "C3", "3", 0 } }

test("1849-R-100: a route passes a city with a free slot", function()
  local g = started("CTL")
  lay_all(g, TRAPANI_ALCAMO)
  g:give_train("CTL", "4H")
  local list, total = runs(g, "CTL")
  expect_eq(list, { "4H-0:E1-C1-C3=50" })
  expect_eq(total, 50)
end)

test("1849-R-100: a city full of other corporations' tokens ends a route but is never passed", function()
  local g = started("CTL")
  lay_all(g, TRAPANI_ALCAMO)
  g:give_cash("B", 200)
  g:start("AFG", "B", 68)
  g:act("choose C1")                                   -- AFG's home: Trapani, its only slot
  expect_eq(g:hex("C1").tokens, { "AFG" })
  g:give_train("CTL", "4H")
  local list, total = runs(g, "CTL")
  expect_eq(list, { "4H-0:C1-E1=40" })
  expect_eq(total, 40)
  at_run(g, "CTL")
  g:refuse("run 4H-0:E1-C1-C3", "1849-R-100", "C1")
  g:act("run 4H-0:E1-C1")                              -- Trapani as the end is fine
  expect_eq(g:turn().revenue, 40)
end)

-- ATA from Siracusa: narrow track through L12 to Ragusa (M11), then
-- Ragusa's standard track to Vittoria (N10) and Terranova (M9).
local SIRACUSA_TERRANOVA = { { "L12", "78", 5 }, { "N10", "58", 2 } }

test("1849-R-101: gauge changes at a station: narrow into Ragusa, standard out of it", function()
  local g = started("ATA")
  lay_all(g, SIRACUSA_TERRANOVA)
  g:give_cash("ATA", 200)
  g:give_train("ATA", "6H")
  at_run(g, "ATA")
  -- 2 + 2 narrow hexes, then 1 + 1 standard: 6 for a 6H.
  g:act("run 6H-0:M13-M11-N10-M9")
  expect_eq(g:turn().revenue, 60)                      -- 10 + 20 + 10 + 20
end)

test("1849-R-101, R-102: narrow track meeting standard track at a plain hex side does not connect", function()
  local g = started("RCS")
  lay_all(g, { { "D6", "9", 2 }, { "E7", "74", 2 } })  -- Termini with narrow track
  g:give_train("RCS", "4H")
  expect_eq(g:best_run("RCS"), { proven_best = true, revenue = 0, routes = {} })
  -- With no route the run step is skipped; a declared route is refused.
  g:lay("B4", "7", 5)
  g:lay("D4", "4", 0)
  at_run(g, "RCS")
  g:refuse("run 4H-0:C5-E7", "1849-R-101", "gauge may only change at a station")
  g:act("run auto")
  expect_contains(g:log(), "RCS runs 4H-0 on A5-C5-D4 for L. 70")
end)

test("1849-R-102: narrow and standard track both join Marsala's dual track", function()
  for _, tile in ipairs({ "73", "58" }) do               -- narrow / standard town at Mazzara
    local g = started("CTL")
    g:lay("G1", tile, 3)
    g:give_train("CTL", "4H")
    local list, total = runs(g, "CTL")
    expect_eq(list, { "4H-0:C1-E1-G1=50" }, "tile " .. tile)
    expect_eq(total, 50)
  end
end)

test("1849-R-103: a port starts or ends a route, and a train never runs through it", function()
  local g = started("RCS")
  lay_all(g, PALERMO_LINES)
  g:give_train("RCS", "4H")
  at_run(g, "RCS")
  g:refuse("run 4H-0:C5-A5-C5", nil)
  g:refuse("run 4H-0:D4-A5-C5", nil)
  g:act("run 4H-0:E7-C5-A5")                           -- the port as the end
  expect_eq(g:turn().revenue, 70)
end)

test("1849-R-105: an H train pays 2 for each narrow hex: a 4H runs Siracusa - Ragusa, not on to Vittoria", function()
  local g = started("ATA")
  lay_all(g, SIRACUSA_TERRANOVA)
  g:give_train("ATA", "4H")
  local list = runs(g, "ATA")
  expect_eq(list, { "4H-0:M11-M13=30" })
  at_run(g, "ATA")
  g:refuse("run 4H-0:M13-M11-N10", "1849-R-105", "5 long but the train reaches only 4")
  g:act("run 4H-0:M13-M11")
  expect_eq(g:turn().revenue, 30)
end)

-- WE-07 on the board: phase 10; Palermo (green P tile, 90) to Marsala.
-- a) the standard line Palermo - B4 - Partinico - Alcamo - E3 - Castelvetrano
--    - H2 - Mazzara - Marsala (8 hexes); b) the narrow line Palermo -
--    Partinico - E3 - D2 - Marsala (4 hexes); E3 carries both (tile 713),
--    Partinico both (tile 682).
local WE07 = {
  { "C5", "651", 5 }, { "B4", "7", 5 }, { "D4", "74", 1 }, { "D4", "682", 1 }, { "C3", "3", 5 },
  { "E3", "78", 2 }, { "E3", "713", 0 }, { "G3", "58", 1 }, { "H2", "8", 2 }, { "G1", "58", 3 }, { "D2", "78", 5 },
}

local function we07()
  local g = started("CTL")
  g:set_phase("10")
  lay_all(g, WE07)
  return g
end

test("1849-R-105, R-110 (WE-07 a, b): two 8H of CTL: L. 160 on the standard line, L. 130 on the narrow one", function()
  local g = we07()
  g:give_train("CTL", "8H")
  local list, total = runs(g, "CTL")
  expect_eq(list, { "8H-0:C5-D4-C3-G3-G1-E1=160" })   -- 90 + 10 + 10 + 10 + 10 + 30
  g:give_train("CTL", "8H")
  list, total = runs(g, "CTL")
  -- The two routes meet at Palermo, Partinico and Marsala and cross E3 on
  -- separate track of the same tile.
  expect_eq(list, { "8H-0:C5-D4-C3-G3-G1-E1=160", "8H-1:C5-D4-E1=130" })
  expect_eq(total, 290)
  at_run(g, "CTL")
  g:act("run 8H-0:C5-D4-C3-G3-G1-E1 8H-1:C5-D4-E1")
  expect_eq(g:turn().revenue, 290)
end)

test("1849-R-107 (WE-07 b): dual track entered from narrow track costs as narrow: Marsala ends the 8H's run", function()
  local g = we07()
  g:give_train("CTL", "8H")
  at_run(g, "CTL")
  -- Palermo - Partinico 2, Partinico - Marsala 3 hexes x 2 (Marsala's own
  -- dual track included) = 8; Trapani would be a ninth.
  g:refuse("run 8H-0:C5-D4-E1-C1", "1849-R-105", "9 long but the train reaches only 8")
end)

test("1849-R-106, R-107 (WE-07 c): an R6H runs Palermo - Partinico - Marsala - Trapani in 5 for L. 160", function()
  local g = we07()
  g:give_train("CTL", "R6H")
  local list, total = runs(g, "CTL")
  -- narrow 1 + narrow 3, then the dual-only hex Marsala - Trapani 1.
  expect_eq(list, { "R6H-0:C5-D4-E1-C1=160" })
  expect_eq(total, 160)
end)

test("1849-R-106 (WE-07 d): an R6H pays 2 per standard hex, 1 per narrow hex", function()
  local g = started("RCS")
  lay_all(g, { { "D6", "9", 2 }, { "E7", "4", 2 }, { "F8", "9", 2 }, { "G9", "4", 2 } })
  g:give_train("RCS", "R6H")
  at_run(g, "RCS")
  -- Palermo - Termini - Castrogiovanni: 4 standard hexes, 8 for an R6H.
  g:refuse("run R6H-0:C5-E7-G9", "1849-R-105", "8 long but the train reaches only 6")
  g:act("run R6H-0:A5-C5-E7")                          -- arrow 2 + two hexes 4 = 6
  expect_eq(g:turn().revenue, 70)
  -- On ATA's line the narrow hexes are the cheap ones: 1 + 1 + 2 + 2.
  g = started("ATA")
  lay_all(g, SIRACUSA_TERRANOVA)
  g:give_train("ATA", "R6H")
  at_run(g, "ATA")
  g:act("run R6H-0:M13-M11-N10-M9")
  expect_eq(g:turn().revenue, 60)
end)

test("1849-R-107: a stretch of dual track alone costs 1 a hex for every train", function()
  for _, train in ipairs({ "4H", "R6H" }) do
    local g = started("CTL")
    local id = g:give_train("CTL", train)
    at_run(g, "CTL")
    g:act("run " .. id .. ":E1-C1")                    -- Marsala - Trapani, one dual hex
    expect_eq(g:turn().revenue, 40, train)
  end
end)

-- Messina (green M tile, 50) with AFG at home; Milazzo (A13) and its port
-- a12 to the north-west, Calabria (C15) beyond the strait.
local function messina()
  local g = started("AFG", "B14")
  g:set_phase("6")
  g:lay("B14", "655", 0)
  return g
end

test("1849-R-108 (WE-07 e): Messina to Calabria counts three hexes", function()
  local g = messina()
  g:give_train("AFG", "4H")
  local list = runs(g, "AFG")
  expect_eq(list, { "4H-0:B14-A13-a12=80" })
  at_run(g, "AFG")
  -- Port 1, Milazzo 1, Calabria 3: 5 for a 4H.
  g:refuse("run 4H-0:a12-A13-B14-C15", "1849-R-105", "5 long but the train reaches only 4")
end)

test("1849-R-108, R-109: a 6H runs the 5 hexes from Milazzo's port to Calabria for L. 90", function()
  local g = messina()
  g:give_train("AFG", "6H")
  local list, total = runs(g, "AFG")
  expect_eq(list, { "6H-0:a12-A13-B14-C15=90" })      -- 20 + 10 + 50 + 10
  expect_eq(total, 90)
end)

test("1849-R-109: a train may run a route shorter than its reach", function()
  local g = started("RCS")
  lay_all(g, { { "D6", "9", 2 }, { "E7", "4", 2 } })
  g:give_cash("RCS", 200)
  g:give_train("RCS", "6H")
  at_run(g, "RCS")
  g:act("run 6H-0:A5-C5-E7")                           -- 3 of its 6 hexes
  expect_eq(g:turn().revenue, 70)
end)

test("1849-R-110: two trains of one corporation may not share track", function()
  local g = started("RCS")
  lay_all(g, PALERMO_LINES)
  g:give_train("RCS", "4H")
  g:give_train("RCS", "4H")
  local list, total = runs(g, "RCS")
  -- Each train takes one branch from Palermo; the port goes to one of them.
  expect_eq(total, 130)
  expect_eq(#list, 2)
  at_run(g, "RCS")
  g:refuse("run 4H-0:A5-C5-E7 4H-1:C5-E7", "1849-R-110", "share track")
  g:act("run 4H-0:A5-C5-E7 4H-1:D4-C5")
  expect_eq(g:turn().revenue, 130)
end)
