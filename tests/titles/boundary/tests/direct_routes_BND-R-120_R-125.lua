-- Direct routes (game:direct_routes, game:cheapest_connection): unbroken
-- track from a stop to a target stop through stops of the kinds allowed
-- in between, its cost summed over the hexsides it crosses by terrain
-- (1865 Sardinia's station tokens, conversions and absorptions).
--
-- The second network of map.toml, apart from the railways' own:
--   A7 Hythe (city) -mountain- C7 Ivel (town) - E7 Jarrow (city) -river- G7 Kelso (city)
-- with B8 Lune's pre-printed track joining Hythe to Ivel the other way.

local COSTS = { plain = 10, river = 40, mountain = 60 }

local function summary(routes)
  local out = {}
  for _, r in ipairs(routes) do
    local towns = {}
    for _, t in ipairs(r.towns) do towns[#towns + 1] = t.hex .. "/" .. t.stop end
    out[#out + 1] = r.to .. "/" .. r.stop .. " " .. r.cost .. " via " .. table.concat(r.hexes, ",") .. " towns " .. table.concat(towns, ",")
  end
  return out
end

test("BND-R-120: a direct route costs the sum of its borders by terrain and collects its towns", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  -- Avon to Corth through the town Bree: a plain border, then the river.
  local routes, cut = g:direct_routes("A1", 0, { costs = COSTS, to = { "city" } })
  expect_eq(cut, false)
  expect_eq(#routes, 1)
  local r = routes[1]
  expect_eq(r.to, "E1")
  expect_eq(r.stop, 0)
  expect_eq(r.cost, 50)
  expect_eq(r.towns, { { hex = "C1", stop = 0 } })
  expect_eq(r.hexes, { "A1", "C1", "E1" })
  expect_eq(r.borders, { { from = "A1", to = "C1", terrain = "plain" }, { from = "C1", to = "E1", terrain = "river" } })
  -- The costs are the caller's: the same route at other prices.
  expect_eq(g:direct_routes("A1", 0, { costs = { plain = 1, river = 100, mountain = 0 } })[1].cost, 101)
end)

test("BND-R-121: another city ends a direct route; the kinds passed and reached are the caller's", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  -- Jarrow is a city: Kelso behind it is not reached, nor Dunport behind Corth.
  expect_eq(summary(g:direct_routes("A7", 0, { costs = COSTS })), {
    "E7/0 30 via A7,B8,C7,E7 towns C7/0",
    "E7/0 70 via A7,C7,E7 towns C7/0",
  })
  for _, r in ipairs(g:direct_routes("A1", 0, { costs = COSTS })) do expect_true(r.to ~= "G1") end
  -- Passing cities too, Kelso is reached across the river behind Jarrow.
  expect_eq(summary(g:direct_routes("A7", 0, { costs = COSTS, through = { "town", "city" } })), {
    "E7/0 30 via A7,B8,C7,E7 towns C7/0",
    "E7/0 70 via A7,C7,E7 towns C7/0",
    "G7/0 70 via A7,B8,C7,E7,G7 towns C7/0,E7/0",
    "G7/0 110 via A7,C7,E7,G7 towns C7/0,E7/0",
  })
  -- A town as the target: the route ends there (and may pass it on).
  expect_eq(summary(g:direct_routes("A7", 0, { costs = COSTS, to = { "town" } })), {
    "C7/0 20 via A7,B8,C7 towns ",
    "C7/0 60 via A7,C7 towns ",
  })
  -- Nothing may be passed: only the neighbouring stop across one border.
  expect_eq(summary(g:direct_routes("E7", 0, { costs = COSTS, through = {}, to = { "town", "city" } })), {
    "C7/0 10 via E7,C7 towns ",
    "G7/0 40 via E7,G7 towns ",
  })
end)

test("BND-R-122: every direct route is offered with its own cost; the cheapest is their minimum", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  expect_eq(g:cheapest_connection("A7", "E7", { costs = COSTS }), 30)
  expect_eq(g:cheapest_connection("E7", "A7", { costs = COSTS }), 30)
  expect_eq(g:cheapest_connection("A7", "G7", { costs = COSTS }), nil)
  expect_eq(g:cheapest_connection("A7", "G7", { costs = COSTS, through = { "town", "city" } }), 70)
  -- Laid track counts: a curve in Fell (B2) joins Avon to Bree a second way.
  g:lay("B2", "7", 1)
  expect_eq(summary(g:direct_routes("A1", 0, { costs = COSTS })), {
    "E1/0 50 via A1,C1,E1 towns C1/0",
    "E1/0 60 via A1,B2,C1,E1 towns C1/0",
  })
  expect_eq(g:cheapest_connection("A1", "E1", { costs = COSTS }), 50)
end)

test("BND-R-123: without a direct route the list is empty and the cheapest connection nil", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  expect_eq(g:direct_routes("A5", 0, { costs = COSTS }), {})   -- the island Eyre has no track
  expect_eq(g:direct_routes("G7", 0, { costs = COSTS, to = { "town" } }), {})   -- Jarrow's city is in the way
  expect_eq(g:cheapest_connection("A1", "A7", { costs = COSTS }), nil)         -- the two networks do not meet
  expect_eq(g:cheapest_connection("A5", "A5", { costs = COSTS }), nil)
end)

test("BND-R-124: with a corporation, a city full of others' tokens cannot be passed, only reached", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:place_token("SRR", "E7")                     -- Jarrow's one slot
  local through = { "town", "city" }
  local function targets(corp)
    local out = {}
    for _, r in ipairs(g:direct_routes("A7", 0, { costs = COSTS, through = through, corp = corp })) do out[#out + 1] = r.to .. " " .. r.cost end
    return out
  end
  expect_eq(targets(nil), { "E7 30", "E7 70", "G7 70", "G7 110" })   -- no corporation: nothing blocks
  expect_eq(targets("NRR"), { "E7 30", "E7 70" })                     -- Jarrow is full for NRR
  expect_eq(targets("SRR"), { "E7 30", "E7 70", "G7 70", "G7 110" }) -- SRR's own token is there
  -- The default passes towns only, so no city is ever passed: a full one changes nothing.
  expect_eq(g:cheapest_connection("A7", "E7", { costs = COSTS, corp = "NRR" }), 30)
end)

test("BND-R-125: direct_routes and cheapest_connection check their arguments", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  expect_error(function() g:direct_routes("Z9", 0, { costs = COSTS }) end, "direct_routes: hex: no hex 'Z9'")
  expect_error(function() g:direct_routes("A1", 3, { costs = COSTS }) end, "direct_routes: A1 has 1 stop (stop 0), no stop 3")
  expect_error(function() g:direct_routes("A1", 0) end, "direct_routes: opts must be a table with `costs`, not nil")
  expect_error(function() g:direct_routes("A1", 0, { costs = { plain = 10 } }) end, "direct_routes: no cost for the border terrain mountain, river")
  expect_error(function() g:direct_routes("A1", 0, { costs = { plain = 10, river = 40, mountain = -1 } }) end, "direct_routes: opts.costs.mountain must be 0 to")
  expect_error(function() g:direct_routes("A1", 0, { costs = COSTS, to = { "cities" } }) end, "direct_routes: opts.to: 'cities' is not a stop kind")
  expect_error(function() g:direct_routes("A1", 0, { costs = COSTS, via = { "town" } }) end, "direct_routes: opts has 'via'; it takes costs, through, to, corp")
  expect_error(function() g:direct_routes("A1", 0, { costs = COSTS, corp = "XYZ" }) end, "direct_routes: opts.corp: no corporation 'XYZ'")
  expect_error(function() g:cheapest_connection("A1", nil, { costs = COSTS }) end, "cheapest_connection: to must be a hex label, not a nil")
end)
