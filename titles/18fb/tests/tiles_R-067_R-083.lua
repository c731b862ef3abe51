-- Tile laying (§3.5.1; 18FB-R-067 .. R-083; A-03, A-35): the core's tile
-- rules on 18FB's data (map.toml labels, future labels, pre-printed track
-- and lettered links; tiles.toml's provisional lettered tiles; title.toml
-- same_colour_upgrades for the competitive upgrade).

local P = test_lib("play")

local function has(g, text)
  for _, m in ipairs(g:moves()) do if m == text then return true end end
  return false
end

local function any(g, prefix)
  for _, m in ipairs(g:moves()) do if m:sub(1, #prefix) == prefix then return true end end
  return false
end

-- `corp` (started by A at 100, after `setup(g)`) in its first tile step.
local function tile_step(corp, setup)
  local g = P.after_pr()
  g:start(corp, "A", 100)
  if setup then setup(g) end
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), corp)
  expect_eq(g:step(), "lay_tile")
  return g
end

test("18FB-R-074: on a home hex with no track yet the first yellow tile may face any way that leaves the map legally", function()
  local g = tile_step("LdA")                                  -- Capua F31, land or links on every side
  for rot = 0, 5 do expect_true(has(g, "lay F31 Y2a " .. rot), "rotation " .. rot) end
  g = tile_step("FS")                                         -- Bari N21: three sides are sea
  expect_eq(has(g, "lay N21 YBb 1"), true)
  g:refuse("lay N21 YBa 0", "18FB-R-078")                     -- a straight through Bari runs into the sea
end)

test("18FB-R-081: Bari takes only B tiles", function()
  local g = tile_step("FS")
  expect_eq(any(g, "lay N21 Y3"), false)
  g:refuse("lay N21 Y3b 1", "18FB-R-081")
  g:act("lay N21 YBb 1")
  expect_eq(g:hex("N21").tile, "YBb")
end)

test("18FB-R-081: Napoli North and South take only Nn and Ns tiles", function()
  local g = tile_step("NN", function(g) g:set_phase("PH2") end)   -- NN's home is Napoli South, pre-printed yellow
  expect_eq(any(g, "lay d28 GNs"), true)
  expect_eq(any(g, "lay d28 GNn"), false)
  expect_eq(any(g, "lay d28 G3"), false)
  g:refuse("lay d28 G3a 0", "18FB-R-081")
end)

test("18FB-R-082: a hex with pre-printed yellow track takes no yellow tile; it can only be upgraded", function()
  local g = tile_step("LdA", function(g) g:lay("F31", "Y2a", 0) end)  -- Capua SW to Caserta G30 (pre-printed)
  expect_eq(any(g, "lay G30 Y"), false)
  expect_true(g:hex("G30").color == "yellow")
  g:refuse("lay G30 Y3c 2", "18FB-R-082")       -- the printed sharp curve's own shape
  g:set_phase("PH2")
  expect_eq(any(g, "lay G30 G3"), true)                       -- green: an upgrade
end)

test("18FB-R-079: a town hex takes only town tiles, a plain hex only plain track, a double town only double-town tiles", function()
  -- Capua F31 E to Sessa Aurunca F33 (a town); SW to Caserta G30.
  local g = tile_step("LdA", function(g) g:lay("F31", "Y2a", 1) end)   -- exits 1 (W, link B) and 4 (E, F33)
  expect_eq(any(g, "lay F33 7 "), false)
  expect_eq(any(g, "lay F33 3 ") or any(g, "lay F33 4 ") or any(g, "lay F33 58 "), true)
  g:refuse("lay F33 7 0", "18FB-R-079")
  -- FS at Bari NE to Barletta & Trani M22, a double town.
  g = tile_step("FS", function(g) g:lay("N21", "YBb", 1) end)
  expect_eq(any(g, "lay M22 4 ") or any(g, "lay M22 58 ") or any(g, "lay M22 3 "), false)
  expect_eq(any(g, "lay M22 2 "), true)
  g:refuse("lay M22 4 0", "18FB-R-079")
end)

test("18FB-R-080: an L town upgrades only to a brown L town tile", function()
  -- LTF at Tronto K46; Giulianova K44 is an L town (map.toml future_label).
  local g = tile_step("LTF", function(g)
    g:set_phase("PH5")
    g:lay("K44", "58", 1); g:lay("K44", "87", 1)
  end)
  expect_eq(any(g, "lay K44 RLt"), true)
  expect_eq(any(g, "lay K44 RT"), false)
  g:refuse("lay K44 RTa 1", "18FB-R-081", "labelled L")       -- the core's label rule (R-080, R-081)
end)

test("18FB-R-080: a W city takes only W tiles in green and brown", function()
  -- SFTF's reserved Foggia L27 (W from green): a yellow ordinary city there first.
  local g = P.after_pr()
  g:start("SFTF", "A", 100)
  g:place_token("SFTF", "L27")
  g:lay("L27", "Y4a", 0)
  g:set_phase("PH2")
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "SFTF" do g:act("pass") end
  expect_eq(any(g, "lay L27 GW"), true)
  expect_eq(any(g, "lay L27 G4"), false)
  g:refuse("lay L27 G4a 0", "18FB-R-081", "labelled W")
end)

test("18FB-R-083: track crossing a lettered side continues at the same letter on the other map", function()
  -- Capua F31's W side is link B to Capodichino c31's E side on the Napoli inset.
  local g = tile_step("LdA")
  expect_eq(any(g, "lay c31 "), false)                       -- no track toward the inset yet
  g:act("lay F31 Y2a 1")                                      -- exits W (link B) and E
  expect_eq(any(g, "lay c31 "), true)                         -- the second step may continue on the inset
  expect_eq(any(g, "lay E30 "), false)                        -- not on the main-map hex beyond the hole
end)

test("18FB-R-067, R-068: a tile step lays one yellow tile or upgrades one; majors pay nothing for tiles", function()
  local g = tile_step("LdA", function(g) g:set_phase("PH2"); g:lay("F31", "Y2a", 1) end)
  local cash = g:corporation("LdA").cash
  g:act("lay F33 58 1")                                       -- a yellow tile: one step
  expect_eq(g:step(), "lay_tile")
  expect_eq(any(g, "lay F31 G2"), true)                       -- the second step may upgrade
  local up
  for _, m in ipairs(g:moves()) do if m:sub(1, 10) == "lay F31 G2" then up = m; break end end
  g:act(up)
  expect_true(g:step() ~= "lay_tile")                         -- two steps used (R-066)
  expect_eq(g:corporation("LdA").cash, cash)                  -- R-068: free
end)

test("18FB-R-075: a value upgrade keeps the connections and the tokens, and the old tile returns to the supply", function()
  local g = tile_step("LdA", function(g) g:set_phase("PH2"); g:lay("F31", "Y2a", 1) end)
  local before = g:hex("F31")
  local left = g:tile(before.tile).left
  local up
  for _, m in ipairs(g:moves()) do if m:sub(1, 10) == "lay F31 G2" then up = m; break end end
  g:act(up)
  local after = g:hex("F31")
  expect_eq(after.color, "green")
  expect_eq(after.stops[1].tokens, before.stops[1].tokens)   -- LdA's home token stays
  expect_eq(after.stops[1].tokens, { "LdA" })
  expect_eq(g:tile(before.tile).left, left + 1)             -- Y2a back in the supply
end)

test("18FB-R-067, A-35: a tile laid this turn is not upgraded again in the same turn", function()
  local g = tile_step("LdA", function(g) g:set_phase("PH2") end)
  g:act("lay F31 Y2a 1")
  expect_eq(any(g, "lay F31 "), false)
  g:refuse("lay F31 G2a 1", "18FB-R-067")
end)

-- Capua F31 with a straight through its city: SW joined to Caserta G30's
-- pre-printed track, NE a stub toward the empty E32.
local function capua_straight(more)
  return tile_step("LdA", function(g)
    g:lay("F31", "Y2a", 0)
    if more then more(g) end
  end)
end

test("18FB-R-076, R-077: a competitive upgrade swaps a tile for another of its colour that keeps the joined track; a dead-end stub may move", function()
  local g = capua_straight()
  local left = g:tile("Y2a").left
  expect_eq(has(g, "lay F31 Y2b 0"), true)                    -- keeps SW (Caserta), the NE stub turns NW
  g:act("lay F31 Y2b 0")
  local h = g:hex("F31")
  expect_eq(h.tile, "Y2b")
  expect_eq(h.color, "yellow")
  expect_eq(h.stops[1].tokens, { "LdA" })                     -- the token keeps its place
  expect_eq(g:tile("Y2a").left, left + 1)                     -- the old tile returns to the supply
end)

test("18FB-R-077: a side joined to a neighbour's track must be kept", function()
  local g = capua_straight(function(g) g:lay("E32", "7", 0) end)   -- E32's SW side now meets Capua's NE
  expect_eq(has(g, "lay F31 Y2b 0"), false)
  g:refuse("lay F31 Y2b 0", nil, "does not keep")
end)

-- LTF (home Tronto K46) with track to Teramo J43 (one slot) over
-- Giulianova K44; beyond Teramo lies I42.
local function beyond_teramo(who)
  return tile_step("LTF", function(g)
    g:lay("K44", "58", 2); g:lay("J43", "57", 2)
    if who then g:start(who, "B", 90); g:place_token(who, "J43") end
  end)
end

test("18FB-R-070: new track must extend the corporation's tile-laying route, which a city full of others' tokens ends", function()
  expect_eq(any(beyond_teramo(), "lay I42 "), true)           -- Teramo's slot is free: the route passes
  expect_eq(any(beyond_teramo("LdA"), "lay I42 "), false)     -- full of another's token: it stops there
  local g = tile_step("LTF", function(g)
    g:lay("K44", "58", 2); g:lay("J43", "57", 2); g:place_token("LTF", "J43")
  end)
  expect_eq(any(g, "lay I42 "), true)                          -- its own token: the route passes
  g = beyond_teramo("LdA")
  g:refuse("lay I42 7 0")
end)

-- FS (home Bari N21) with track through Barletta & Trani M22 to Andria
-- L23 (two slots, one reserved for SFTF) and beyond it to K24.
local function beyond_andria(tokens)
  return tile_step("FS", function(g)
    g:lay("N21", "YBb", 1); g:lay("M22", "2", 0); g:lay("L23", "Y2a", 0)
    for _, c in ipairs(tokens) do
      if g:corporation(c).price == nil then g:start(c, "B", 90) end
      g:place_token(c, "L23")
    end
  end)
end

test("18FB-R-071: a reserved slot never blocks the tile-laying route", function()
  local g = beyond_andria({ "LdA" })                           -- LdA fills the open slot; the other is SFTF's
  expect_eq(g:hex("L23").stops[1].reserved, { "SFTF" })
  expect_eq(any(g, "lay K24 "), true)
  g = beyond_andria({ "LdA", "SFTF" })                         -- both slots taken by others: blocked
  expect_eq(any(g, "lay K24 "), false)
end)

-- Napoli (§3.5.1): LdA (home Capua F31) reaches the inset over link B to
-- Capodichino c31, then Napoli North c29, whose printed track runs on to
-- Napoli South d28 (so the two are joined from the start), Portici d26
-- and T. Annunziata d24. `green`: both Napoli hexes upgraded, which ends
-- the printed track's home-token rule (R-073).
local function lda_to_napoli(green, setup)
  return tile_step("LdA", function(g)
    g:lay("F31", "Y2a", 1); g:lay("c31", "9", 1)
    if green then g:lay("c29", "GNn", 1); g:lay("d28", "GNs", 4) end
    if setup then setup(g) end
  end)
end

local starters = { "B", "C", "D" }

-- Tokens of `corps` on `hex` (a corporation's home token is put down when
-- it starts), each started by the next of B, C, D at 60.
local function fill(g, hex, corps)
  for i, c in ipairs(corps) do
    if g:corporation(c).price == nil then g:start(c, starters[(i - 1) % 3 + 1], 60) end
    local there = false
    for _, t in ipairs(g:hex(hex).stops[1].tokens) do there = there or t == c end
    if not there then g:place_token(c, hex) end
  end
end

test("18FB-R-072, S-11: with Napoli South full of others' tokens, a free slot in Napoli North lets the tile-laying route through", function()
  local g = lda_to_napoli(true, function(g) fill(g, "d28", { "NN", "FB", "FSC" }) end)
  expect_eq(g:hex("d28").free_slots, 0)
  expect_true(g:hex("c29").free_slots > 0)
  expect_eq(any(g, "lay d24 "), true)
  g = lda_to_napoli(true, function(g) fill(g, "d28", { "NN", "FB", "FSC" }); fill(g, "c29", { "FC" }) end)
  expect_eq(g:hex("c29").free_slots, 0)                        -- both full: one full city
  expect_eq(any(g, "lay d24 "), false)
end)

test("18FB-R-072, S-12: a token in Napoli North lets the route through a full Napoli South", function()
  local g = lda_to_napoli(true, function(g) fill(g, "d28", { "NN", "FB", "FSC" }); fill(g, "c29", { "LdA" }) end)
  expect_eq(g:hex("c29").free_slots, 0)
  expect_eq(any(g, "lay d24 "), true)
end)

test("18FB-R-073: Napoli's pre-printed track does not let a route pass another corporation's home token, free slot or not", function()
  local g = lda_to_napoli(false)
  expect_contains(g:hex("c29").stops[1].tokens, "FP")        -- FP's Napoli home, from setup
  expect_true(g:hex("c29").free_slots > 0)
  expect_eq(any(g, "lay d24 "), false)                         -- not past FP's home on the printed track
  g = lda_to_napoli(false, function(g) g:lay("c29", "GNn", 1) end)
  expect_eq(any(g, "lay d24 "), true)                          -- once North is upgraded its free slot lets it pass
end)

test("18FB-R-069: yellow tiles from PH1, green from PH2, brown from PH5", function()
  local g = tile_step("LdA", function(g) g:lay("F31", "Y2a", 1) end)
  expect_eq(any(g, "lay F31 G2"), false)
  g:refuse("lay F31 G2a 1", "18FB-R-069")
  g = tile_step("LdA", function(g) g:set_phase("PH2"); g:lay("F31", "Y2a", 1); g:lay("F31", "G2a", 1) end)
  expect_eq(any(g, "lay F31 R2"), false)
  g:refuse("lay F31 R2 1", "18FB-R-069")
  g = tile_step("LdA", function(g) g:set_phase("PH5"); g:lay("F31", "Y2a", 1); g:lay("F31", "G2a", 1) end)
  expect_eq(any(g, "lay F31 R2"), true)
end)
