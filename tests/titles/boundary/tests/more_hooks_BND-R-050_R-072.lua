-- The remaining hook points (scripts/more_hooks.lua), each switched on by
-- a setup value and proven here against the core's default, with exact
-- numbers.

local function game(setup, options)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup, options = options }
end

-- With the option track: NRR started by A (B and A buy one more each), at
-- its first operating turn, on the tile step.
local function track(setup)
  local g = game(setup, { "track" })
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "pass" }
  return g
end

test("BND-R-050: the setup hook acts once the game is set up", function()
  local g = game{}
  expect_eq(g:player("A").cash, 400)
  expect_eq(g:bank(), 1200)
  g = game{ gift = 5 }
  expect_eq(g:player("A").cash, 405)
  expect_eq(g:player("B").cash, 405)
  expect_eq(g:bank(), 1190)
end)

test("BND-R-051: can_buy_certificate refuses a purchase", function()
  local g = game{}
  g:acts{ "par NRR 60", "buy NRR" }
  expect_eq(g:player("B").shares.NRR, 10)
  g = game{ no_buy = "NRR" }
  g:act("par NRR 60")                                   -- starting is not buying a certificate here
  g:refuse("buy NRR", "BND-R-051", "no buying NRR")
  expect_not_contains(g:moves(), "buy NRR")
  g:act("par SRR 60")
  expect_eq(g:player("B").shares.SRR, 20)
end)

-- A holds 40 % of NRR after its first operating round, in the second
-- stock round, after B passes.
local function second_stock_round(setup)
  local g = game(setup)
  g:acts{ "par NRR 60", "pass", "buy NRR", "pass", "buy NRR", "pass", "pass",
          "do subsidy amount=40", "train 2", "pass" }
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  g:act("pass")
  return g
end

test("BND-R-052: can_sell refuses a sale", function()
  local g = second_stock_round{}
  expect_eq(g:player("A").shares.NRR, 40)
  g:act("sell NRR 2")
  expect_eq(g:player("A").shares.NRR, 20)
  g = second_stock_round{ no_sell = true }
  g:refuse("sell NRR 2", "BND-R-052", "at most 10 %")
  g:act("sell NRR 1")
  expect_eq(g:player("A").shares.NRR, 30)
end)

test("BND-R-054: can_start refuses a start", function()
  local g = game{}
  g:act("par NRR 60")
  expect_eq(g:corporation("NRR").started, true)
  g = game{ no_start = "NRR" }
  g:refuse("par NRR 60", "BND-R-054", "NRR may not be started")
  g:act("par SRR 60")
  expect_eq(g:corporation("SRR").started, true)
end)

test("BND-R-055: startable lists the corporations a player may start", function()
  local g = game{}
  expect_contains(g:moves(), "par NRR 60")
  expect_contains(g:moves(), "par SRR 60")
  g = game{ startable = { "SRR" } }
  expect_not_contains(g:moves(), "par NRR 60")
  expect_contains(g:moves(), "par SRR 60")
  g:refuse("par NRR 60")
  g:act("par SRR 60")
  expect_eq(g:corporation("NRR").started, false)
end)

test("BND-R-056: terrain_cost gives the cost of a tile lay", function()
  local g = track{}
  expect_eq(g:corporation("NRR").cash, 240)
  g:act("lay B2 7 1")                                    -- the hill costs 20
  expect_eq(g:corporation("NRR").cash, 220)
  g = track{ terrain_factor = 3 }
  g:act("lay B2 7 1")
  expect_eq(g:corporation("NRR").cash, 180)
  g = track{ terrain_factor = 3 }
  g:act("lay F2 7 1")                                    -- no terrain: 3 x 0
  expect_eq(g:corporation("NRR").cash, 240)
end)

test("BND-R-057: can_lay_tile refuses a tile lay", function()
  local g = track{ no_lay_hex = "B2" }
  g:refuse("lay B2 7 1", "BND-R-057", "no track in B2")
  expect_not_contains(g:moves(), "lay B2 7 1")
  g:act("lay F2 7 1")
  expect_eq(g:hex("F2").tile, "7")
end)

test("BND-R-058: extra_tile_lays gives more tile lays a turn", function()
  local g = track{}
  g:act("lay B2 7 1")
  expect_eq(g:step(), "place_token")
  g:refuse("lay F2 7 1")
  g = track{ extra_lays = 1 }
  g:act("lay B2 7 1")
  expect_eq(g:step(), "lay_tile")
  g:act("lay F2 7 1")
  expect_eq(g:hex("F2").tile, "7")
  expect_eq(g:step(), "place_token")
end)

test("BND-R-060: can_place_token refuses a station", function()
  local g = track{}
  g:acts{ "pass", "token E1" }
  expect_eq(g:hex("E1").tokens, { "NRR" })
  g = track{ no_token_hex = "E1" }
  g:act("pass")
  -- E1 was NRR's only choice: the token step has nothing to do and is skipped.
  expect_eq(g:step(), "collect_subsidy")
  g:refuse("token E1", nil, "not possible now")
  expect_eq(g:hex("E1").tokens, {})
end)
