-- Laying and upgrading track tiles (1849 V6 §10.3, §10.3.1; rules
-- 1849-R-111 .. R-126; worked example WE-10). Terrain costs of yellow
-- tiles are in terrain_R-035_R-124.lua; Messina after the earthquake
-- (R-127) in earthquake_R-127_R-155_R-169_R-173.lua.
--
-- The corporation is started through the RSA (A buys P5, four players) and
-- lays in its operating turn; the track around it is laid with setters.

local P = test_lib("play")
local started, lay_all = P.started, P.lay_all

-- Plays on (passing) until `corp` is at `step`.
local function at(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do g:act("pass") end
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

-- Plays on to `corp`'s tile step in the next operating round.
local function next_lay_step(g, corp)
  while g:round().kind ~= "stock" do advance(g) end
  while not (g:actor() == corp and g:step() == "lay_tile") do advance(g) end
end

-- `corp`'s tile step with `cash` in its treasury, in `phase`.
local function lay_step(corp, lays, cash, phase, home)
  local g = started(corp, home)
  if phase then g:set_phase(phase) end
  lay_all(g, lays or {})
  g:give_cash(corp, (cash or 500) - g:corporation(corp).cash)
  return at(g, corp, "lay_tile")
end

-- What `corp` pays for the lay `cmd`.
local function paid(g, corp, cmd)
  local before = g:corporation(corp).cash
  g:act(cmd)
  return before - g:corporation(corp).cash
end

test("1849-R-111: one tile per operating turn", function()
  local g = lay_step("RCS")
  g:act("lay D6 9 2")
  g:refuse("lay E7 4 2", "1849-R-111", "one tile")
  expect_eq(g:hex("E7").laid, false)
  expect_not_contains(g:moves(), "lay E7 4 2")
end)

test("1849-R-111: a lay or an upgrade, not both", function()
  local g = lay_step("RCS", { { "D6", "9", 2 } }, 500, "6")
  g:act("lay D6 26 2")                                 -- the upgrade is the turn's tile
  g:refuse("lay E7 4 2", "1849-R-111")
end)

test("1849-R-112: grey hexes never take a tile", function()
  local g = lay_step("CTL", {}, 500, "10")
  g:refuse("lay E1 672 0", "1849-R-112", "permanent")  -- Marsala, CTL's own home
  g:refuse("lay C1 672 0", "1849-R-112")               -- Trapani
  expect_error(function() g:lay("M9", "674", 0) end, "permanent")
end)

test("1849-R-113: a printed yellow hex takes nothing in phase 4", function()
  local g = lay_step("RCS")
  g:refuse("lay C5 651 5", "1849-R-026", "green tiles are not available in phase 4")
  g:refuse("lay C5 644 0", nil)                        -- no yellow tile either
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^lay C5"), m) end
end)

test("1849-R-113: from phase 6 a green tile goes straight onto a printed yellow hex", function()
  local g = lay_step("RCS", {}, 500, "6")
  expect_contains(g:moves(), "lay C5 651 5")
  g:act("lay C5 651 5")
  expect_eq(g:hex("C5").tile, "651")
  expect_eq(g:hex("C5").tokens, { "RCS" })            -- the home token moves onto the tile
end)

test("1849-R-114: yellow tiles go on empty hexes; an empty hex takes no green tile", function()
  local g = lay_step("RCS", { { "D6", "9", 2 } }, 500, "6")
  g:refuse("lay E7 683 2", "1849-R-114", "takes a yellow tile")
  g:refuse("lay D6 8 2", "1849-R-120")                 -- yellow on yellow: no listed replacement
  g:act("lay E7 4 2")
end)

test("1849-R-115: a new tile must connect to the corporation's token", function()
  local g = lay_step("RCS")
  g:refuse("lay F8 9 2", "1849-R-115", "cannot reach")
  g:refuse("lay E7 4 2", "1849-R-115")                 -- D6 is still empty
  expect_eq(g:corporation("RCS").cash, 500)
  g:act("lay D6 9 2")
  expect_eq(g:hex("D6").tile, "9")
end)

test("1849-R-115 (issue 16): a rotation that misses the track is refused, naming the rotations that meet it", function()
  -- AFG at home in Trapani (C1); D2 is open to it. Tile 7 at rotation 3
  -- lies on the map with passable edges, but its curve misses Trapani's
  -- track; rotations 0, 1 and 2 meet it.
  local g = lay_step("AFG", {}, 500, nil, "C1")
  local empty = g:hex("D2").tile
  local moves = {}
  for _, m in ipairs(g:moves()) do moves[m] = true end
  expect_eq({ moves["lay D2 7 0"], moves["lay D2 7 1"], moves["lay D2 7 2"], moves["lay D2 7 3"] }, { true, true, true, nil })
  local msg = g:refuse("lay D2 7 3", "1849-R-115", "rotation 0 or 1 or 2 would meet it")
  expect_eq(msg:find("tile 7 at rotation 3 has no track where AFG's track reaches", 1, true) ~= nil, true)
  -- Refused without a trace (g:refuse compares digests): D2 empty, the cash as it was.
  expect_eq(g:hex("D2").tile, empty)
  expect_eq(g:corporation("AFG").cash, 500)
  g:act("lay D2 7 1")
  expect_eq(g:hex("D2").tile, "7")
end)

test("1849-R-115: the connection must be over a gauge that joins (narrow track off standard track)", function()
  local g = lay_step("RCS", { { "D6", "9", 2 } })
  g:refuse("lay E7 74 2", "1849-R-102", "gauge")       -- narrow town against D6's standard track
  g:act("lay E7 4 2")
end)

test("1849-R-116: on a hex with its own token a corporation lays a yellow tile without any connection", function()
  -- AFG at home in Caltanissetta (H8, hills): no track anywhere near.
  local g = lay_step("AFG", {}, 500, nil, "H8")
  g:refuse("lay J6 644 3", "1849-R-115")               -- Girgenti: no token, no track
  expect_eq(paid(g, "AFG", "lay H8 644 0"), 80)
  expect_eq(g:hex("H8").tile, "644")
  expect_eq(g:hex("H8").tokens, { "AFG" })
end)

test("1849-R-117: no track off the map, into an impassable border, or against a grey hex's blank side", function()
  local g = lay_step("RCS")
  g:refuse("lay B4 8 3", "1849-R-117", "runs off the map")
  g:refuse("lay D6 9 1", "1849-R-117", "impassable")
  -- AFG at home in Messina: D14's north-west side is the blank side of C13.
  g = lay_step("AFG", {}, 500, nil, "B14")
  g:refuse("lay D14 7 2", "1849-R-117", "blank side of C13")
  g:act("lay D14 8 1")                                 -- Messina - D14 - Taormina
  expect_eq(g:hex("D14").tile, "8")
end)

test("1849-R-118: narrow track may be laid to end against standard track; no connection results", function()
  -- K11 holds standard track (NE - SE) that ends at L12's north-west side.
  local g = lay_step("ATA", { { "K11", "7", 4 } })
  expect_eq(paid(g, "ATA", "lay L12 79 2"), 40)        -- Siracusa - L12 - (K11): narrow, a quarter of 160
  expect_eq(g:hex("L12").tile, "79")
  -- The next turn (phase 6, so that Siracusa may be upgraded): K11's
  -- track is not ATA's network, so J12 beyond it is not either.
  g:set_phase("6")
  next_lay_step(g, "ATA")
  expect_contains(g:moves(), "lay M13 675 1")
  g:refuse("lay J12 8 5", "1849-R-115")
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^lay J12") and not m:find("^lay K11"), m) end
end)

test("1849-R-118: narrow and standard track both join Marsala's dual track", function()
  for _, tile in ipairs({ "73", "58" }) do             -- Mazzara: narrow / standard town
    local g = lay_step("CTL")
    g:act("lay G1 " .. tile .. " 3")
    expect_eq(g:hex("G1").tile, tile)
  end
end)

test("1849-R-119: towns take town tiles, cities city tiles, plain hexes plain track", function()
  local g = lay_step("RCS", { { "D6", "9", 2 } })
  g:refuse("lay E7 9 2", "1849-R-119", "town")
  g:refuse("lay E7 644 2", "1849-R-119")
  g = lay_step("RCS")
  g:refuse("lay D6 4 2", "1849-R-119", "plain land")
  g = lay_step("AFG", {}, 500, nil, "H8")
  g:refuse("lay H8 4 0", "1849-R-119", "city")
  g:refuse("lay H8 9 0", "1849-R-119")
end)

test("1849-R-120: an upgrade keeps the old track and is one the manifest lists", function()
  local g = lay_step("RCS", { { "D6", "9", 2 } }, 500, "6")
  g:refuse("lay D6 25 2", "1849-R-120", "allowed: 23, 24, 26, 27, 713, 714, 715")
  g:refuse("lay D6 26 1", "1849-R-119", "break existing track")
  g:refuse("lay D6 42 2", "1849-R-026")                -- brown waits for phase 10
  g:act("lay D6 26 2")
  expect_eq(g:hex("D6").tile, "26")
end)

test("1849-R-120: from phase 10 brown replaces green, keeping its track", function()
  local g = lay_step("RCS", { { "D6", "9", 2 }, { "D6", "26", 2 }, { "C5", "651", 5 } }, 500, "8")
  g:refuse("lay C5 652 5", "1849-R-026", "brown tiles are not available in phase 8")
  g = lay_step("RCS", { { "D6", "9", 2 }, { "D6", "26", 2 }, { "C5", "651", 5 } }, 500, "10")
  g:refuse("lay D6 41 2", "1849-R-120", "allowed: 42")
  g:refuse("lay C5 652 0", "1849-R-119", "break existing track")
  g:act("lay C5 652 5")                                -- Palermo 90 -> 130; narrow and standard become dual
  expect_eq(g:hex("C5").tile, "652")
end)

test("1849-R-121: Palermo takes only its P tile, kept on its printed track", function()
  local g = lay_step("RCS", {}, 500, "6")
  g:refuse("lay C5 653 5", "1849-R-121", "labelled P")  -- Catania's C tile
  g:refuse("lay C5 662 0", "1849-R-121")               -- an ordinary green city
  g:refuse("lay C5 651 0", nil, "break existing track")
  g:act("lay C5 651 5")
end)

test("1849-R-121: the special tiles go nowhere else", function()
  local g = lay_step("AFG", { { "H8", "644", 0 } }, 500, "6", "H8")
  g:refuse("lay H8 651 0", "1849-R-121")
  g:refuse("lay H8 655 0", "1849-R-121")
end)

-- ATA at Siracusa; narrow L12 to Ragusa (M11, printed yellow city, one
-- slot), where AFG is at home; Vittoria (N10) beyond Ragusa. Phase 6.
local function ragusa_blocked()
  local g = started("ATA")
  g:set_phase("6")
  lay_all(g, { { "L12", "78", 5 }, { "N10", "58", 2 } })
  g:give_cash("B", 200)
  g:start("AFG", "B", 68)
  g:act("choose M11")
  g:give_cash("ATA", 500 - g:corporation("ATA").cash)
  return at(g, "ATA", "lay_tile")
end

test("1849-R-122: no upgrade where the corporation cannot run onto the new track", function()
  local g = ragusa_blocked()
  -- Vittoria lies beyond Ragusa, which AFG's token closes to ATA.
  g:refuse("lay N10 700 2", "1849-R-115")
  expect_not_contains(g:moves(), "lay N10 700 2")
end)

test("1849-R-122: an upgrade that raises the value of a city the corporation reaches is allowed", function()
  local g = ragusa_blocked()
  -- ATA cannot run through Ragusa, but reaches it: 20 becomes 30.
  expect_eq(paid(g, "ATA", "lay M11 670 4"), 40)       -- rough, new standard track
  expect_eq(g:hex("M11").tile, "670")
  expect_eq(g:hex("M11").tokens, { "AFG" })
end)

test("1849-R-122: reaching the old track is not enough: the new track must be reachable", function()
  -- RCS reaches D6's track from Palermo (NW side). Green 24 at rotation 5
  -- keeps it and adds a branch from the SE side to the SW side: a train
  -- from Palermo would have to reverse to use it, and nothing else of
  -- RCS's network touches it.
  local g = lay_step("RCS", { { "D6", "9", 2 } }, 500, "6")
  g:refuse("lay D6 24 5", "1849-R-122", "onto the track")
  expect_not_contains(g:moves(), "lay D6 24 5")
  expect_contains(g:moves(), "lay D6 26 2")           -- the new branch leaves from Palermo's side
  -- Termini Imerese beyond does not help: a train would have to come back
  -- over the same track.
  g = lay_step("RCS", { { "D6", "9", 2 }, { "E7", "4", 2 } }, 500, "6")
  g:refuse("lay D6 24 5", "1849-R-122")
end)

test("1849-R-122: an upgrade from a narrow line needs a way onto its new standard track", function()
  -- CTL reaches E3 over narrow track (Marsala - D2 - E3); green 713 adds a
  -- separate standard line north - south through E3 that CTL cannot reach.
  local g = lay_step("CTL", { { "D2", "78", 5 }, { "E3", "78", 2 } }, 500, "6")
  g:refuse("lay E3 713 0", "1849-R-122")
end)

test("1849-R-123: the tile supply is limited; a replaced tile returns to it", function()
  -- Tile 679 (narrow town, two copies): both on the board elsewhere.
  local g = lay_step("CTL", { { "G3", "679", 1 }, { "C3", "679", 0 } }, 500, "6")
  g:refuse("lay G1 679 3", "1849-R-123", "no copy of tile 679")
  g:lay("G3", "680", 1)                                -- Castelvetrano upgraded: one 679 is back
  g:act("lay G1 679 3")
  expect_eq(g:hex("G1").tile, "679")
end)

test("1849-R-125, R-126 (WE-10): upgrading a standard town on hills to a mixed green town adds only narrow track: 20", function()
  -- Castrogiovanni (G9, hills 80) holds yellow 4; green 683 keeps its
  -- standard line and adds a narrow one: the narrow rate, paid again.
  local lays = { { "D6", "9", 2 }, { "E7", "4", 2 }, { "F8", "9", 2 }, { "G9", "4", 2 } }
  local g = lay_step("RCS", lays, 500, "6")
  expect_eq(paid(g, "RCS", "lay G9 683 2"), 20)
end)

test("1849-R-125, R-126 (WE-10): upgrading a mixed yellow city on hills to a mixed green city: 80, 40 with P2", function()
  for _, p2 in ipairs({ false, true }) do
    local g = started("AFG")
    g:act("choose H8")
    g:set_phase("6")
    g:lay("H8", "644", 0)
    if p2 then g:give_company("P2", "AFG") end
    g:give_cash("AFG", 500 - g:corporation("AFG").cash)
    at(g, "AFG", "lay_tile")
    expect_eq(paid(g, "AFG", "lay H8 661 0"), p2 and 40 or 80)
  end
end)

test("1849-R-125, R-126 (WE-10): a brown dual-gauge town on rough pays the full 40 (20 with P2, A-09)", function()
  -- Canicatti (I7, rough) next to AFG's Caltanissetta, already green.
  for _, p2 in ipairs({ false, true }) do
    local g = started("AFG")
    g:act("choose H8")
    g:set_phase("10")
    lay_all(g, { { "H8", "644", 0 }, { "I7", "4", 1 }, { "I7", "683", 1 } })
    if p2 then g:give_company("P2", "AFG") end
    g:give_cash("AFG", 500 - g:corporation("AFG").cash)
    at(g, "AFG", "lay_tile")
    expect_eq(paid(g, "AFG", "lay I7 697 1"), p2 and 20 or 40)
  end
end)

test("1849-R-125: every upgrade of a terrain hex pays again", function()
  -- Corleone (E5, mountains 160): yellow standard town for 160; in phase 6
  -- green 683 adds narrow track only: a quarter, 40, paid again.
  local g = lay_step("RCS", { { "D6", "7", 1 } }, 500)
  g:give_train("RCS", "4H")
  expect_eq(paid(g, "RCS", "lay E5 4 1"), 160)
  g:set_phase("6")
  next_lay_step(g, "RCS")
  expect_eq(paid(g, "RCS", "lay E5 683 1"), 40)
end)
