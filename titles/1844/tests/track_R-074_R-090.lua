-- Track building and upgrades (1844-R-074 to R-090). VZ (regional, home
-- Sion K10) lays in its operating turn; other track is laid with setters.
-- Pointy hexes; edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE.

local P = test_lib("play")

local has = P.has

local sold_out = P.fnm_2h

local advance = P.advance

local at = P.at

-- VZ (A, par 70) at its tile step in OR 1, after the lays, in `phase`.
local function vz(lays, phase, train)
  local g = sold_out()
  if phase then g:set_phase(phase) end
  if phase == "5" then g:give_train("FNM", "5H") end
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  for _, l in ipairs(lays or {}) do g:lay(l[1], l[2], l[3]) end
  g:give_train("VZ", train or "2H")
  g:acts{ "pass", "pass", "pass", "pass" }
  return at(g, "VZ", "lay_tile")
end

-- Sion yellow (exits W and NE).
local SION = { { "K10", "6", 1 } }

test("1844-R-080: in its first turn VZ must lay its tile on its bare home hex; it may not pass", function()
  local g = vz()
  for _, m in ipairs(g:moves()) do
    if m:match("^lay ") then expect_true(m:match("^lay K10 ") ~= nil, m) end
  end
  g:refuse("pass", "1844-R-080")
  expect_true(not has(g:moves(), "pass"))
  g:act("lay K10 6 1")
end)

test("1844-R-080: a home hex that already has track does not bind the first lay", function()
  local g = vz(SION)
  expect_true(has(g:moves(), "pass"))
  g:act("pass")
end)

test("1844-R-080: a company that cannot pay the home hex's terrain cost may pass", function()
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  g:give_train("VZ", "2H")
  g:acts{ "pass", "pass", "pass", "pass" }
  g:give_cash("VZ", 10 - g:corporation("VZ").cash)
  while g:actor() ~= "VZ" do advance(g) end
  if g:step() == "lay_tile" then g:act("pass") end
  expect_true(g:step() ~= "lay_tile")
end)

test("1844-R-078: the first tile on river Sion costs 20, paid to the bank", function()
  local g = vz()
  local cash, bank = g:corporation("VZ").cash, g:bank()
  g:act("lay K10 6 1")
  expect_eq(g:corporation("VZ").cash, cash - 20)
  expect_eq(g:bank(), bank + 20)
end)

test("1844-R-078: mountain Visp costs its printed 30", function()
  local g = vz(SION)
  local cash = g:corporation("VZ").cash
  g:act("lay J11 58 4")   -- Visp: SW to Sion, E to Brig
  expect_eq(g:corporation("VZ").cash, cash - 30)
end)

-- MOB (A, par 70) with Montreux - I8 - H9 - H11 built towards Thun, its
-- destination (river, 20), and `cash` in its treasury.
local function mob_to_thun(cash)
  local g = sold_out()
  g:start("MOB", "A", 70)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("MOB", p) end
  for _, l in ipairs({ { "I6", "57", 1 }, { "I8", "8", 1 }, { "H9", "8", 4 }, { "H11", "9", 1 } }) do
    g:lay(l[1], l[2], l[3])
  end
  g:give_train("MOB", "2")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "MOB", "lay_tile")
  g:give_cash("MOB", cash - g:corporation("MOB").cash)
  return g
end

test("1844-R-078: the terrain cost is paid from cash held before the lay, not from the destination grant it earns", function()
  local g = mob_to_thun(10)
  g:refuse("lay H13 57 1", nil, "20")
  expect_eq(g:var("dest.MOB"), nil)
  g = mob_to_thun(20)
  g:act("lay H13 57 1")
  expect_eq(g:var("dest.MOB"), "paid")
  expect_eq(g:corporation("MOB").cash, 20 - 20 + 350)
end)

test("1844-R-074: one tile per operating turn", function()
  local g = vz(SION)
  g:act("lay K8 4 1")
  expect_true(not has(g:moves(), "lay J11 58 4"))
  g:refuse("lay J11 58 4", "1844-R-074")
end)

test("1844-R-075: a city hex takes a city tile, a town hex a town tile, empty land plain track", function()
  local g = vz(SION)
  g:refuse("lay K8 9 1", nil, "town")         -- Martigny is a town
  g:refuse("lay K8 57 1", nil, "town")
  g:refuse("lay K12 4 1", nil, "plain")       -- K12 is empty land
  g:act("lay K8 4 1")
end)

test("1844-R-081: a tile must extend track connected to one of the company's stations", function()
  local g = vz(SION)
  g:refuse("lay L9 9 0", "1844-R-081")       -- L9 touches no VZ track
end)

test("1844-R-082: track may not run into an impassable border", function()
  local g = vz(SION)
  g:refuse("lay J11 4 0", "1844-R-082")       -- Visp's NE side is a barrier
  g:act("lay J11 58 4")                       -- SW and E are open
end)

test("1844-R-083: a tile may leave a track end that meets no track", function()
  local g = vz(SION)
  -- Martigny's W side points at empty K6.
  g:act("lay K8 4 1")
  expect_eq(g:hex("K8").tile, "4")
end)

test("1844-R-084: a red off-board area takes no tile", function()
  local g = vz(SION)
  g:refuse("lay M8 7 0", "1844-R-084", "permanent")
end)

test("1844-R-085: green tiles only from phase 3", function()
  local g = vz({ { "K10", "6", 1 }, { "K8", "4", 1 } })
  g:refuse("lay K10 15 0", "1844-R-085")
end)

test("1844-R-086: upgrades go one colour at a time: yellow to green, not to brown", function()
  local g = vz(SION, "5", "5H")
  g:refuse("lay K10 611 0", "1844-R-086")
end)

test("1844-R-079: an upgrade costs nothing, whatever the terrain", function()
  local g = vz(SION, "3")
  local cash = g:corporation("VZ").cash
  g:act("lay K10 15 0")
  expect_eq(g:corporation("VZ").cash, cash)
end)

test("1844-R-088: an upgrade keeps every existing track segment", function()
  local g = vz(SION, "3")
  -- Tile 15 at rotation 3 has exits 3, 4, 5, 0: Sion's W exit would be lost.
  g:refuse("lay K10 15 3", "1844-R-088")
end)

test("1844-R-087: an upgrade needs a route from a station to the new tile's track", function()
  local g = vz({ { "K10", "6", 1 }, { "I6", "57", 2 } }, "3")
  -- Montreux's yellow city is not on VZ's network.
  g:refuse("lay I6 14 1", "1844-R-081")
end)

test("1844-R-076: the OO hex Winterthur & Frauenfeld takes only OO tiles", function()
  local g = vz(SION, "3")
  expect_error(function() g:lay("C20", "14", 0) end, "1844%-R%-089")
  g:lay("C20", "59", 0)
  expect_eq(g:hex("C20").tile, "59")
end)

test("1844-R-077: the first yellow tile on Zürich gets the Z label; its upgrades must carry it", function()
  local g = vz(SION, "3")
  g:lay("D19", "57", 0)
  expect_error(function() g:lay("D19", "14", 0) end, "labelled Z")
  g:lay("D19", "907", 0)
  expect_eq(g:hex("D19").tile, "907")
end)

test("1844-R-077: the first yellow tile on Bern gets the B label", function()
  local g = vz(SION, "3")
  g:lay("F11", "5", 5)
  expect_error(function() g:lay("F11", "14", 0) end, "labelled B")
  g:lay("F11", "904", 0)
end)

test("1844-R-089: Lausanne's L tile is replaced only by L tiles", function()
  local g = vz(SION, "3")
  expect_error(function() g:lay("I4", "59", 0) end, "1844%-R%-089")
  g:lay("I4", "901", 1)
  expect_eq(g:hex("I4").tile, "901")
end)

test("1844-R-090: tile counts are limited; a tile taken off the board returns to the supply", function()
  local g = vz(SION, "3")
  -- Three copies of tile 3 (sharp town).
  g:lay("K8", "3", 0); g:lay("I10", "3", 0); g:lay("E10", "3", 0)
  expect_error(function() g:lay("F13", "3", 0) end, "1844%-R%-090")
  g:lay("K8", "87", 0)                   -- Martigny's 3 goes back
  g:lay("F13", "3", 0)
  expect_eq(g:hex("F13").tile, "3")
end)
