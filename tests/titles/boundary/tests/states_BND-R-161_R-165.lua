-- Corporation states (companies.toml's [[corporation_state]], option
-- states): NRR begins "building"; `do state to=X` (scripts/states.lua)
-- moves it with game:set_corporation_state, and the core holds it to
-- what the state allows.

-- NRR (A) started at 60 with $120, B holding 30 % (a setter, unless
-- `replayable`); NRR operates.
local function opening(replayable)
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "states" } }
  g:acts{ "par NRR 60", "pass", "pass" }
  if not replayable then for _ = 1, 3 do g:give_share("NRR", "B") end end
  expect_eq(g:actor(), "NRR")
  return g
end

-- The subsidy step: the smallest.
local function no_subsidy(g) g:act("do subsidy amount=10") end

local function has(moves, m) for _, x in ipairs(moves) do if x == m then return true end end return false end

-- Plays on (passing where it may, else the first move) until a stock round.
local function to_stock_round(g)
  local n = 0
  while g:round().kind ~= "stock" do
    local moves = g:moves()
    g:act(has(moves, "pass") and "pass" or moves[1])
    n = n + 1
    if n > 50 then error("no stock round") end
  end
end

test("BND-R-161: a corporation begins in its kind's initial state, shown first among its facts", function()
  local g = opening()
  expect_eq(g:corporation("NRR").state, "building")
  expect_eq(g:facts("NRR")[1], { "status", "building" })
  -- without the option the title has no states
  local h = new_game{ players = { "A", "B" }, seed = 1 }
  expect_eq(h:corporation("NRR").state, nil)
  expect_eq(h:facts("NRR"), {})
end)

test("BND-R-161: a building corporation skips the steps its state names and need not own a train", function()
  local g = opening()
  no_subsidy(g)
  -- run_routes and dividend are skipped: the train step comes next, and
  -- passing it without a train is allowed (must_own_train = false)
  expect_eq(g:step(), "buy_train")
  expect_true(has(g:moves(), "pass"))
  g:act("pass")
  expect_eq(#g:corporation("NRR").trains, 0)
  expect_not_contains(g:log(), "NRR runs")
end)

test("BND-R-161: nobody may sell a building corporation's shares, and it does not rise sold out", function()
  local g = opening()
  for _ = 1, 5 do g:give_share("NRR", "A") end             -- sold out: A 70 %, B 30 %
  to_stock_round(g)
  local price = g:share_price("NRR")
  if g:actor() ~= "B" then g:act("pass") end
  expect_true(not has(g:moves(), "sell NRR 1"))
  g:refuse("sell NRR 1", "BND-R-161", "NRR is building: its shares cannot be sold")
  g:acts{ "pass", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:share_price("NRR"), price)                    -- no sold-out rise
end)

test("BND-R-162: a running corporation runs, pays, may be sold and rises sold out", function()
  local g = opening()
  g:act("do state to=running")
  expect_eq(g:corporation("NRR").state, "running")
  expect_contains(g:log(), "NRR is now running")
  for _ = 1, 5 do g:give_share("NRR", "A") end             -- sold out
  g:give_train("NRR", "2")
  no_subsidy(g)
  expect_eq(g:step(), "run_routes")
  g:act("run auto")
  expect_eq(g:moves(), { "payout", "withhold", "half" })
  g:act("withhold")
  to_stock_round(g)
  local price = g:share_price("NRR")
  if g:actor() ~= "B" then g:act("pass") end
  expect_true(has(g:moves(), "sell NRR 1"))
  g:acts{ "pass", "pass" }
  expect_true(g:share_price("NRR") > price)                 -- the sold-out rise
end)

test("BND-R-163: a frozen corporation may choose only the dividends its state allows", function()
  local g = opening()
  g:act("do state to=frozen")
  g:give_train("NRR", "2")
  no_subsidy(g)
  g:act("run auto")
  expect_eq(g:step(), "dividend")
  expect_eq(g:moves(), { "half" })
  g:refuse("payout", "BND-R-163", "NRR is frozen: it may choose only half")
  g:act("half")
end)

test("BND-R-164: a state's next list limits where it may go; an unknown state is an error", function()
  local g = opening()
  g:act("do state to=frozen")
  g:refuse("do state to=building", "BND-R-164", "NRR is frozen: it may become only running, not building")
  g:refuse("do state to=sleeping", "BND-R-164", "no corporation state \"sleeping\"")
  expect_eq(g:corporation("NRR").state, "frozen")
  g:act("do state to=running")
  g:act("do state to=building")                             -- running lists no next: any
  expect_eq(g:corporation("NRR").state, "building")
end)

test("BND-R-165: a state is part of the game: replayed from the log and undone with the action", function()
  local g = opening(true)
  g:act("do state to=frozen")
  expect_eq(load_game(g:save()):corporation("NRR").state, "frozen")
  g:undo()
  expect_eq(g:corporation("NRR").state, "building")
end)

test("BND-R-165: a corporation merged away (or closed) returns to its kind's initial state", function()
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "states" } }
  g:acts{ "par NRR 60", "par SRR 60", "pass", "pass" }
  expect_eq(g:actor(), "NRR")
  g:act("do state to=running")
  g:act("do merge target=NRR into=SRR")
  expect_eq(g:corporation("NRR").started, false)
  expect_eq(g:corporation("NRR").state, "building")
end)
