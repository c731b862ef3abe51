-- The SBB formation (1844-R-186 to R-201), worked examples T-14, T-15.

local P = test_lib("play")

local sold_out = P.sold_out

test("(T-15) 1844-R-187 to R-196: V1 and V2 merge into the SBB with settlements", function()
  local g = sold_out()
  -- V1 (NOB) price 120: A director, B one unit, one unit in the IPO.
  g:start("NOB", "A", 100)
  g:give_share("NOB", "B")
  g:set_price("NOB", 120)
  -- V2 (SCB) price 70: B director, C one unit, one unit in the pool.
  g:start("SCB", "B", 70)
  g:give_share("SCB", "C")
  g:give_share("SCB", "pool")
  local cash = {}
  for _, p in ipairs({ "A", "B", "C" }) do cash[p] = g:player(p).cash end
  local v = g:corporation("NOB").cash + g:corporation("SCB").cash
  g:set_phase("5")
  expect_true(g:var("sbb.formed"))
  -- R-193: A +2 x 20; B +20 (V1 single) - 2 x 30 (V2 director); C -30.
  expect_eq(g:player("A").cash - cash.A, 40)
  expect_eq(g:player("B").cash - cash.B, -40)
  expect_eq(g:player("C").cash - cash.C, -30)
  expect_eq(g:player("A").shares.SBB, 10)
  expect_eq(g:player("B").shares.SBB, 15)
  expect_eq(g:player("C").shares.SBB, 5)
  expect_eq(g:corporation("SBB").president, "B")            -- 3 units
  expect_eq(g:corporation("SBB").pool_percent, 70)           -- 14 units
  expect_eq(g:corporation("SBB").cash, 400 + v)              -- R-188
  expect_eq(g:share_price("SBB"), 100)                       -- R-189
  expect_eq(g:corporation("NOB").in_play, false)             -- R-201
end)

test("(T-14) 1844-R-192, R-193: Jack's V1 director's certificate at 120 and V2 share at 70 net +10", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_price("NOB", 120)
  g:start("SCB", "B", 70)
  g:give_share("SCB", "A")
  local cash = g:player("A").cash
  g:set_phase("5")
  expect_eq(g:player("A").cash - cash, 10)
  expect_eq(g:player("A").shares.SBB, 15)   -- 3 units
end)

test("1844-R-190: the SBB starts with its charter 5H", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("5")
  local trains = g:corporation("SBB").trains
  expect_eq(#trains, 1)
  expect_eq(trains[1].class, "SBB5H")
end)
