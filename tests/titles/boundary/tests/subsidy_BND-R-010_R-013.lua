-- The subsidy step written in Lua (scripts/subsidy.lua): its own action
-- `do subsidy amount=N`, listed by the step, checked by it, and paid by
-- the bank through game:transfer.

-- A starts NRR (L. 120 in its treasury); the stock round ends and NRR
-- takes its first operating turn.
local function first_turn()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "pass", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:actor(), "NRR")
  expect_eq(g:step(), "collect_subsidy")
  return g
end

test("BND-R-010: the step offers its own action; the subsidy comes from the bank", function()
  local g = first_turn()
  expect_eq(g:moves(), { "do subsidy amount=10", "do subsidy amount=20", "do subsidy amount=30", "do subsidy amount=40" })
  local bank = g:bank()
  g:act("do subsidy amount=40")
  expect_eq(g:corporation("NRR").cash, 160)
  expect_eq(g:bank(), bank - 40)
  expect_contains(g:log(), "NRR collects a subsidy of $40")
  expect_eq(g:var("subsidy.NRR"), 40)
  expect_eq(g:step(), "buy_train")                     -- no train: run and dividend skipped
end)

test("BND-R-010: amounts are 10, 20, 30 or 40; other actions are refused and change nothing", function()
  local g = first_turn()
  g:refuse("do subsidy amount=15", "BND-R-010", "not 15")
  g:refuse("do subsidy amount=0", "BND-R-010")
  g:refuse("do subsidy amount=50", "BND-R-010")
  g:refuse("do subsidy amount=lots", "BND-R-010")
  g:refuse("do subsidy", "BND-R-010", "not nil")
  g:refuse("do grant amount=10", "BND-R-010", "not `do grant`")
  g:refuse("payout")
  expect_eq(g:corporation("NRR").cash, 120)
end)

test("BND-R-011, R-012: trains lower the subsidy, and a railway without a train must collect", function()
  local g = first_turn()
  g:refuse("pass", "BND-R-012", "cannot be passed")
  g:act("do subsidy amount=20")
  g:act("train 2")                                     -- 60 left: no second train, the turn ends
  expect_eq(g:round().kind, "stock")
  g:acts{ "pass", "pass" }                             -- stock round 2
  expect_eq(g:step(), "collect_subsidy")
  expect_eq(g:moves(), { "do subsidy amount=10", "do subsidy amount=20", "do subsidy amount=30", "pass" })
  g:refuse("do subsidy amount=40", "BND-R-011", "at most $30")
  g:act("pass")                                        -- with a train it may pass
  expect_eq(g:step(), "run_routes")
  expect_eq(g:var("subsidy.NRR"), 20)
end)

test("BND-R-013: 100 in the whole game, then the step is skipped", function()
  local g = first_turn()
  g:acts{ "do subsidy amount=40", "train 2", "pass" }  -- 40
  g:acts{ "pass", "pass" }
  g:acts{ "do subsidy amount=30", "run auto", "payout", "pass" }  -- 70
  g:acts{ "pass", "pass" }
  g:acts{ "do subsidy amount=20" }                     -- 90
  g:acts{ "run auto", "payout", "pass" }
  g:acts{ "pass", "pass" }
  expect_eq(g:moves()[1], "do subsidy amount=10")
  g:refuse("do subsidy amount=20", "BND-R-013", "has collected $90 of its $100")
  g:acts{ "do subsidy amount=10", "run auto", "payout", "pass" }  -- 100
  g:acts{ "pass", "pass" }
  expect_eq(g:actor(), "NRR")
  expect_eq(g:step(), "run_routes")
  expect_not_contains(g:moves(), "do subsidy amount=10")
  expect_eq(g:var("subsidy.NRR"), 100)
end)

test("BND-R-010: a game with script actions saves and replays", function()
  local g = first_turn()
  g:acts{ "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=10" }
  local h = load_game(g:save())
  expect_eq(h:digest(), g:digest())
  expect_eq(g:undo(), "do subsidy amount=10")
  expect_eq(g:var("subsidy.NRR"), 40)
  expect_eq(g:step(), "collect_subsidy")
end)
