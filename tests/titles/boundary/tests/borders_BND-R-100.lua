-- Terrain on hexsides (map.toml `borders = [{ edge, terrain }]`): a
-- crossable border with a terrain of its own, which scripts read (1865's
-- token costs by river and mountain hexsides).

test("BND-R-100: a terrain border is on both hexes that share it", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local bree, corth = g:hex("C1"), g:hex("E1")
  expect_eq(bree.borders[0], "river")            -- written on Bree's south edge
  expect_eq(corth.borders[3], "river")           -- and so on Corth's north edge
  expect_eq(bree.neighbours[0], "E1")
  expect_eq(corth.neighbours[3], "C1")
  expect_eq(bree.borders[3], nil)                -- Avon's side: no terrain
  expect_eq(g:hex("A1").borders[0], nil)
end)

test("BND-R-101: a hex's stops carry their value now and the tokens on them", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local corth = g:hex("E1")
  expect_eq(#corth.stops, 1)
  expect_eq(corth.stops[1].kind, "city")
  expect_eq(corth.stops[1].slots, 2)
  expect_eq(corth.stops[1].value, 0)
  expect_eq(#corth.stops[1].tokens, 0)
  expect_eq(g:hex("C1").stops[1].kind, "town")
end)
