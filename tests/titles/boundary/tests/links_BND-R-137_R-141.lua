-- Linked hexsides (map.toml's `[[link]]`): two sides of hexes far apart
-- on the grid behave as if the hexes were neighbours across them (18FB's
-- Napoli inset, whose lettered sides continue on the main map).
--
-- The fourth corner of map.toml (flat layout: edge 0 S, 1 SW, 3 N):
--   A19 Iona (city) =X river= E19 Pict (empty) - G19 Quarry (city, port)
-- the link X joins Iona's south side (0) to Pict's south-west side (1).

local COSTS = { plain = 10, river = 40, mountain = 60 }

-- NRR operates with the option track (a tile, then a token), a token in
-- Iona besides its home Avon.
local function nrr_lays()
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "track" } }
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "pass" }
  expect_eq(g:step(), "lay_tile")
  g:set_tokens("NRR", 3)
  g:place_token("NRR", "A19")
  return g
end

test("BND-R-137: a linked side has the other hex as its neighbour, with the link's terrain, on both hexes", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local iona, pict = g:hex("A19"), g:hex("E19")
  expect_eq(iona.neighbours[0], "E19")
  expect_eq(pict.neighbours[1], "A19")
  expect_eq(iona.borders[0], "river")
  expect_eq(pict.borders[1], "river")
  expect_eq(iona.links, { [0] = { hex = "E19", edge = 1, label = "X" } })
  expect_eq(pict.links, { [1] = { hex = "A19", edge = 0, label = "X" } })
  -- Pict's grid neighbour is no link; its other sides face nothing.
  expect_eq(pict.neighbours[0], "G19")
  expect_eq(pict.links[0], nil)
  expect_eq(pict.neighbours[2], nil)
  expect_eq(iona.neighbours[3], nil)
  -- A hex with no link reads an empty table.
  expect_eq(g:hex("A1").links, {})
end)

test("BND-R-138: a tile is laid across a link: the network reaches the far side", function()
  local g = nrr_lays()
  -- Tile 7 at rotation 0 joins Pict's south-west side (the link) to its
  -- south side (Quarry): a legal lay only because Iona's track crosses X.
  expect_contains(g:moves(), "lay E19 7 0")
  g:act("lay E19 7 0")
  expect_eq(g:hex("E19").tile, "7")
  -- The track goes on across the link: a station in Quarry is reached
  -- from Iona.
  expect_eq(g:step(), "place_token")
  expect_contains(g:moves(), "token G19")
end)

test("BND-R-139: track toward a side with no link runs off the map", function()
  local g = nrr_lays()
  -- At rotation 1 tile 7 joins the link (SW) to the north-west side,
  -- which faces no hex and carries no link.
  expect_not_contains(g:moves(), "lay E19 7 1")
  g:refuse("lay E19 7 1", nil, "runs off the map on the NW side of E19")
  -- Without a token in Iona, Pict is not reached at all.
  local h = new_game{ players = { "A", "B" }, seed = 1, options = { "track" } }
  h:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "pass" }
  expect_not_contains(h:moves(), "lay E19 7 0")
  h:refuse("lay E19 7 0")
end)

test("BND-R-140: a route runs across a link and earns its stops", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:start("NRR", "A", 60)
  g:place_token("NRR", "A19")
  g:lay("E19", "7", 0)
  g:give_train("NRR", "2")
  -- Iona - (X) - Pict - Quarry: two stops, 10 each, 20 more for the port;
  -- Avon - Bree at home would earn 20.
  expect_eq(g:best_run("NRR"), { proven_best = true, revenue = 40, routes = { { train = "2-0", stops = { "A19", "G19" }, counted = { "A19", "G19" }, revenue = 40 } } })
end)

test("BND-R-141: a direct route across a link pays the link's terrain", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  expect_eq(g:cheapest_connection("A19", "G19", { costs = COSTS }), nil)   -- no track in Pict yet
  g:lay("E19", "7", 0)
  local routes, cut = g:direct_routes("A19", 0, { costs = COSTS })
  expect_eq(cut, false)
  expect_eq(#routes, 1)
  expect_eq(routes[1].to, "G19")
  expect_eq(routes[1].cost, 50)                          -- the river X, then a plain side
  expect_eq(routes[1].hexes, { "A19", "E19", "G19" })
  expect_eq(routes[1].borders, { { from = "A19", to = "E19", terrain = "river" }, { from = "E19", to = "G19", terrain = "plain" } })
  expect_eq(g:cheapest_connection("A19", "G19", { costs = COSTS }), 50)
  expect_eq(g:cheapest_connection("G19", "A19", { costs = COSTS }), 50)
end)
