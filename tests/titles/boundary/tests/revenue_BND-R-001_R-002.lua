-- The revenue model written in Lua (scripts/revenue.lua): every stop
-- prints 0; a route earns 10 per stop, and 20 more when it touches the
-- port (Dunport, G1). Board: A1 Avon - C1 Bree (town) - E1 Corth - G1 Dunport.

local function two()
  return new_game{ players = { "A", "B" }, seed = 1 }
end

test("BND-R-001: a route earns 10 per stop (route_bonus), though every stop prints 0", function()
  local g = two()
  g:start("NRR", "A", 60)
  expect_eq(g:hex("A1").tokens, { "NRR" })
  g:give_train("NRR", "2")
  expect_eq(g:best_run("NRR"), { proven_best = true, revenue = 20, routes = { { train = "2-0", stops = { "A1", "C1" }, counted = { "A1", "C1" }, revenue = 20 } } })
  g:give_train("NRR", "3")
  -- One token, one line: only one train finds a route.
  expect_eq(g:best_run("NRR").revenue, 30)
end)

test("BND-R-002: a route touching the port earns 20 more", function()
  local g = two()
  g:start("NRR", "A", 60)
  g:give_train("NRR", "4")
  expect_eq(g:best_run("NRR"), { proven_best = true, revenue = 60, routes = { { train = "4-0", stops = { "A1", "C1", "E1", "G1" }, counted = { "A1", "C1", "E1", "G1" }, revenue = 60 } } })
  g:start("SRR", "B", 60)
  g:give_train("SRR", "2")
  expect_eq(g:best_run("SRR"), { proven_best = true, revenue = 40, routes = { { train = "2-0", stops = { "E1", "G1" }, counted = { "E1", "G1" }, revenue = 40 } } })
end)

test("BND-R-001, R-002: the hook values each route of a run on its own", function()
  local g = two()
  g:start("NRR", "A", 60)
  g:place_token("NRR", "E1")
  g:give_train("NRR", "2")
  g:give_train("NRR", "3")
  -- 3: A1-C1-E1 (30, no port); 2: E1-G1 (20 + 20). Without the port
  -- bonus the 3 would rather run C1-E1-G1.
  local run = g:best_run("NRR")
  expect_eq(run.revenue, 70)
  expect_contains(run.routes, { train = "2-0", stops = { "E1", "G1" }, counted = { "E1", "G1" }, revenue = 40 })
  expect_contains(run.routes, { train = "3-0", stops = { "A1", "C1", "E1" }, counted = { "A1", "C1", "E1" }, revenue = 30 })
end)

test("BND-R-001, R-003: running pays what the hook computes; declared routes must earn as much", function()
  local g = two()
  g:acts{ "par NRR 60", "pass", "pass" }              -- A starts NRR; the stock round ends
  expect_eq(g:corporation("NRR").cash, 120)
  g:acts{ "do subsidy amount=40", "train 2", "pass" }  -- NRR's first turn
  g:acts{ "pass", "pass" }                             -- stock round 2
  g:act("do subsidy amount=30")
  expect_eq(g:step(), "run_routes")
  g:refuse("run 2-0:C1-A1 2-0:A1-C1")                  -- one route per train
  g:act("run 2-0:A1-C1")
  expect_eq(g:turn().revenue, 20)
  expect_contains(g:log(), "NRR runs 2-0 on A1-C1 for $20")
  local a, nrr = g:player("A").cash, g:corporation("NRR").cash
  g:act("payout")
  expect_eq(g:player("A").cash - a, 4)                 -- 20 %
  expect_eq(g:corporation("NRR").cash - nrr, 16)       -- the treasury's 80 %
end)
