-- Same-colour ("competitive") upgrades, `[settings] same_colour_upgrades =
-- "connected_track"` (the option `competitive`): a tile may replace one of
-- its own colour that keeps every track segment joined to track beyond the
-- hex; segments that lead nowhere may go (1865-R-109: the straight town
-- of Sanluri becomes a curved one).
--
-- The corner of map.toml: the town A11 Mull prints track south into the
-- town C11 Nurra on empty land; E11 below Nurra and D12 to its south-east
-- are empty. A straight town (4) in Nurra at rotation 0 has a segment to
-- Mull (north, edge 3), joined, and one to E11 (south, edge 0), leading
-- nowhere.

local function game(competitive)
  local g = new_game{ players = { "A", "B" }, seed = 1, options = competitive and { "competitive" } or {} }
  g:lay("C11", "4", 0)
  return g
end

test("BND-R-131: a same-colour tile may drop a segment that leads nowhere", function()
  local g = game(true)
  g:lay("C11", "58", 3)                 -- a gentle town from Mull's side (3) to D12 (5)
  expect_eq(g:hex("C11").tile, "58")
  expect_eq(g:hex("C11").rotation, 3)
  -- And back: the curve's end at D12 leads nowhere either.
  g:lay("C11", "4", 0)
  expect_eq(g:hex("C11").tile, "4")
end)

test("BND-R-132: without the setting a tile never replaces one of its own colour", function()
  local g = game(false)
  expect_error(function() g:lay("C11", "58", 3) end, "C11 has yellow track; it takes a green tile, not yellow tile 58")
  expect_eq(g:hex("C11").tile, "4")
end)

test("BND-R-133: a segment joined to track beyond the hex must stay", function()
  local g = game(true)
  -- A sharp town to D12 and E11 would drop the segment Mull's track meets.
  expect_error(function() g:lay("C11", "3", 5) end, "tile 3 at rotation 5 would break existing track on C11")
  -- With track in E11 meeting Nurra's south side, neither segment may go:
  -- no curved town keeps both.
  g:lay("E11", "7", 3)                  -- E11: north (Nurra) to north-east (D12)
  expect_error(function() g:lay("C11", "58", 3) end, "tile 58 cannot replace 4 on C11: it does not keep the existing track")
  expect_eq(g:hex("C11").tile, "4")
end)

test("BND-R-134: a tile does not replace a copy of itself, nor a town tile a plain one", function()
  local g = game(true)
  expect_error(function() g:lay("C11", "4", 0) end, "it takes a green tile, not yellow tile 4")
  g:lay("E11", "7", 3)
  expect_error(function() g:lay("E11", "58", 3) end, "tile 58 cannot replace 7 on E11")
end)

test("BND-R-131: a competitive upgrade is a legal move and an action like any tile lay", function()
  -- NRR operates with the options track and competitive; `setup.relaxed`
  -- lifts the network rule in Nurra (the relaxed_hexes hook, BND-R-059).
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "track", "competitive" },
    setup = { relaxed = { lay = { "C11" }, token = {} } } }
  g:lay("C11", "4", 0)
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "pass" }
  expect_eq(g:step(), "lay_tile")
  expect_contains(g:moves(), "lay C11 58 3")
  expect_not_contains(g:moves(), "lay C11 3 5")        -- would drop Mull's segment
  g:act("lay C11 58 3")
  expect_eq(g:hex("C11").tile, "58")
end)
