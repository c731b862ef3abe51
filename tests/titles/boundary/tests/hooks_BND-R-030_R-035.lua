-- Hooks no shipped title uses (scripts/hooks.lua), each switched on by a
-- setup value and proven here against the core's default.

local function game(setup)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup }
end

test("BND-R-030: par_prices replaces the starting prices offered", function()
  local g = game{}
  expect_contains(g:moves(), "par NRR 60")
  g = game{ par_prices = { 70 } }
  expect_contains(g:moves(), "par NRR 70")
  expect_not_contains(g:moves(), "par NRR 60")
  g:refuse("par NRR 60", nil, "70")
  g:act("par NRR 70")
  expect_eq(g:corporation("NRR").price, 70)
end)

-- NRR pays out its first run, at $50 (it earned nothing in its first
-- turn and fell a space): the core moves it right, the hook as it says.
local function first_payout(setup)
  local g = game(setup)
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=30", "run auto" }
  g:act("payout")
  return g:corporation("NRR").price
end

test("BND-R-031: dividend_move gives the price move of each kind", function()
  expect_eq(first_payout{}, 60)
  expect_eq(first_payout{ dividend_moves = { payout = "left" } }, 40)
  expect_eq(first_payout{ dividend_moves = { payout = "right,right" } }, 70)
  expect_eq(first_payout{ dividend_moves = { payout = "none" } }, 50)
end)

test("BND-R-032: must_buy_train lets a railway without a train pass its train step", function()
  local g = game{}
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  expect_eq(g:step(), "buy_train")
  g:refuse("pass", "BND-R-020")
  g = game{ must_buy_train = false }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  g:act("pass")
  expect_eq(g:round().kind, "stock")
  expect_eq(#g:corporation("NRR").trains, 0)
end)

test("BND-R-033: operating_order decides who operates first", function()
  local function first(setup)
    local g = game(setup)
    -- NRR starts above SRR in the one starting cell: the market order is NRR, SRR.
    g:acts{ "par NRR 60", "par SRR 60", "pass", "pass" }
    return g:actor()
  end
  expect_eq(first{}, "NRR")
  expect_eq(first{ reverse_order = true }, "SRR")
end)

test("BND-R-034: game_end_check ends the game when it gives a reason", function()
  local g = game{ end_below = 1170 }        -- the bank holds 1200 after the players are paid
  expect_eq(g:result(), nil)
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  local r = g:result()
  expect_eq(r.reason, "bank below 1170")         -- the subsidy took 40
end)

test("BND-R-035: run_bonus adds to a run, and is a railway's revenue when it runs none", function()
  local g = game{ run_bonus = 5 }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=30", "run auto" }
  expect_eq(g:turn().revenue, 25)                      -- 20 from the route, 5 from the hook
  g = game{ idle_bonus = 15 }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  expect_eq(g:step(), "dividend")                      -- no train, yet it earns
  expect_eq(g:turn().revenue, 15)
end)
