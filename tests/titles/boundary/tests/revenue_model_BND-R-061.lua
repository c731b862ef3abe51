-- A revenue model without route search (scripts/more_hooks.lua's
-- `revenue` hook, switched on by `setup.traffic`): a railway earns 10 for
-- each station token it has placed; the run step is done by itself,
-- run_bonus is added, trains_run fires with no routes, and the dividend
-- step pays that revenue.

local function game(setup, options)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup, options = options }
end

-- NRR's first turn, after its subsidy: it owns no train.
local function first_turn(setup, options)
  local g = game(setup, options)
  g:acts{ "par NRR 60", "pass", "pass" }
  if options then g:acts{ "pass", "token E1" } end
  g:act("do subsidy amount=40")
  return g
end

test("BND-R-061: traffic revenue is 10 a station, earned without a train or a route", function()
  local g = first_turn{}
  expect_eq(g:step(), "buy_train")                       -- the core: no train, no run, no dividend
  expect_eq(g:var("last_run"), nil)
  g = first_turn{ traffic = true }
  expect_eq(g:step(), "dividend")                        -- the run step did itself
  expect_eq(g:turn().revenue, 10)                        -- the home station
  expect_eq(g:var("last_run"), { corp = "NRR", revenue = 10, routes = 0 })
  expect_eq(g:moves(), { "payout", "withhold" })
  g = first_turn({ traffic = true }, { "track" })
  expect_eq(g:turn().revenue, 20)                        -- A1 and E1
end)

test("BND-R-061: run_bonus is added to the traffic revenue", function()
  local g = first_turn{ traffic = true, idle_bonus = 5 }
  expect_eq(g:turn().revenue, 15)
  expect_eq(g:var("last_run"), { corp = "NRR", revenue = 15, routes = 0 })
end)

test("BND-R-061: payout and withhold pay the traffic revenue", function()
  local g = first_turn{ traffic = true }
  g:act("payout")                                        -- 1 a share: A 2, NRR 8 for its treasury's 80 %
  expect_eq(g:player("A").cash, 282)
  expect_eq(g:corporation("NRR").cash, 168)
  expect_eq(g:share_price("NRR"), 70)
  g = first_turn{ traffic = true }
  g:act("withhold")
  expect_eq(g:player("A").cash, 280)
  expect_eq(g:corporation("NRR").cash, 170)
  expect_eq(g:share_price("NRR"), 50)
end)

test("BND-R-061: with traffic a railway's trains earn nothing more", function()
  local function second_turn(setup)
    local g = game(setup)
    g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
    if setup.traffic then g:act("withhold") end
    g:acts{ "train 2", "pass", "pass", "pass", "do subsidy amount=30" }
    return g
  end
  local g = second_turn{}
  expect_eq(g:step(), "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 20)                        -- route search: Avon and Bree, 10 each
  expect_eq(g:var("last_run"), { corp = "NRR", revenue = 20, routes = 1 })
  g = second_turn{ traffic = true }
  expect_eq(g:step(), "dividend")
  expect_eq(g:turn().revenue, 10)
  expect_eq(g:var("last_run"), { corp = "NRR", revenue = 10, routes = 0 })
end)

test("BND-R-061: a half dividend pays half the traffic revenue (the option half)", function()
  local g = first_turn({ traffic = true }, { "track", "half" })
  expect_eq(g:turn().revenue, 20)
  expect_eq(g:moves(), { "payout", "withhold", "half" })
  expect_eq(g:corporation("NRR").cash, 160)
  g:act("half")                                          -- 10 kept, 10 paid: A 2, NRR 8
  expect_eq(g:player("A").cash, 282)
  expect_eq(g:corporation("NRR").cash, 178)
  expect_eq(g:share_price("NRR"), 60)
  expect_contains(g:log(), "NRR keeps $10")
end)
