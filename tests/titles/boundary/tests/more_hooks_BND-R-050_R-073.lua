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
  -- With a second choice the step stays, and the hook's refusal is cited.
  g = track{ no_token_hex = "E1", relaxed = { lay = {}, token = { "A5" } } }
  g:act("pass")
  expect_eq(g:moves(), { "token A5", "pass" })
  g:refuse("token E1", "BND-R-060", "no station in E1")
end)

test("BND-R-059: relaxed_hexes lifts the network rule for a station", function()
  local g = track{}
  g:act("pass")
  expect_not_contains(g:moves(), "token A5")             -- no track reaches the island
  g:refuse("token A5")
  g = track{ relaxed = { lay = {}, token = { "A5" } } }
  g:act("pass")
  expect_eq(g:moves(), { "token E1", "token A5", "pass" })
  g:act("token A5")
  expect_eq(g:hex("A5").tokens, { "NRR" })
end)

-- NRR in its second operating turn, on the issue step (it may not issue
-- in its first): 126 in its treasury, 80 % of its shares there.
local function issue_step(setup)
  local g = game(setup, { "track" })
  g:acts{ "par NRR 60", "pass", "pass", "pass", "pass", "do subsidy amount=40", "train 2", "pass",
          "pass", "pass", "pass", "pass", "do subsidy amount=30", "run auto", "payout", "pass" }
  expect_eq(g:step(), "issue_shares")
  expect_eq(g:corporation("NRR").cash, 126)
  return g
end

test("BND-R-053: can_issue refuses an issue", function()
  local g = issue_step{}
  expect_contains(g:moves(), "issue 2")
  g:act("issue 2")
  expect_eq(g:corporation("NRR").pool_percent, 20)
  g = issue_step{ max_issue = 1 }
  g:refuse("issue 2", "BND-R-053", "at most 1")
  g:act("issue 1")
  expect_eq(g:corporation("NRR").pool_percent, 10)
end)

test("BND-R-062: player_value gives a player's final value", function()
  local g = game{ end_below = 1170 }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  expect_eq(g:result().values, { A = 400, B = 400 })     -- A: 280 and 20 % at 60
  g = game{ end_below = 1170, value_bonus = 7 }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  expect_eq(g:result().values, { A = 407, B = 407 })
end)

test("BND-R-063: can_buy_train refuses a train", function()
  local g = game{}
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2" }
  expect_eq(#g:corporation("NRR").trains, 1)
  expect_contains(g:moves(), "train 2")
  g = game{ train_cap = 1 }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2" }
  g:refuse("train 2", "BND-R-063", "at most 1 trains")
  expect_not_contains(g:moves(), "train 2")
end)

-- Phase 3, A owns P1, NRR at its first operating turn.
local function company_turn(setup)
  local g = game(setup)
  g:set_phase("3")
  g:give_company("P1", "A")
  g:acts{ "par NRR 60", "pass", "pass" }
  expect_eq(g:actor(), "NRR")
  return g
end

test("BND-R-064: company_price_range gives the prices a railway may pay", function()
  local g = company_turn{}
  expect_contains(g:moves(), "buy P1 20..80")            -- half to twice its value of 40
  g = company_turn{ company_range = { 30, 50 } }
  expect_contains(g:moves(), "buy P1 30..50")
  g:refuse("buy P1 60", nil, "50")
  g:act("buy P1 50")
  expect_eq(g:company("P1").owner, "NRR")
  expect_eq(g:corporation("NRR").cash, 70)
  expect_eq(g:player("A").cash, 340)                     -- 280, P1's 10 at the start of the round, 50
end)

test("BND-R-065: can_buy_company refuses a purchase", function()
  local g = company_turn{}
  g:act("buy P1 40")
  expect_eq(g:company("P1").owner, "NRR")
  g = company_turn{ no_company = true }
  expect_not_contains(g:moves(), "buy P1 20..80")
  g:refuse("buy P1 40", "BND-R-065", "NRR may not buy P1")
  expect_eq(g:company("P1").owner, "A")
end)

-- NRR must buy a train and neither it nor A has any money left.
local function hopeless(setup)
  local g = game(setup)
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40" }
  g:give_cash("A", -280)
  g:give_cash("NRR", -160)
  expect_eq(g:moves(), { "pass" })
  g:act("pass")
  return g
end

test("BND-R-066: emergency_failed decides what follows a president who cannot pay", function()
  local g = hopeless{}
  expect_eq(g:corporation("NRR").started, false)          -- closed, as the core does without the hook
  expect_contains(g:log(), "NRR closes")
  expect_eq(g:round().kind, "stock")
  g = hopeless{ rescue = true }
  expect_eq(g:corporation("NRR").started, true)
  expect_eq(#g:corporation("NRR").trains, 1)
  expect_contains(g:log(), "NRR is rescued with a 2")
end)

test("BND-R-067: player_order gives the order of a stock round", function()
  expect_eq(game{}:actor(), "A")
  local g = game{ player_order = { "B", "A" } }
  expect_eq(g:actor(), "B")
  g:act("par SRR 60")
  expect_eq(g:actor(), "A")
end)

test("BND-R-068: sell_after_drop pays a sale at the price after its drop", function()
  local g = second_stock_round{}
  expect_eq(g:player("A").cash, 160)
  g:act("sell NRR 1")
  expect_eq(g:player("A").cash, 210)                     -- 50, then the price drops a row to 40
  expect_eq(g:share_price("NRR"), 40)
  g = second_stock_round{ sell_after_drop = true }
  g:act("sell NRR 1")
  expect_eq(g:player("A").cash, 200)
  expect_eq(g:share_price("NRR"), 40)
end)

test("BND-R-070: skip_round leaves a round out", function()
  local g = game{}
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass" }
  expect_eq(g:round().kind, "stock")
  g = game{ skip_stock = true }
  g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:actor(), "NRR")
end)

-- NRR holds two 3s and a 4 when phase 4 brings the limit to 2.
local function over_limit(setup)
  local g = game(setup)
  g:acts{ "par NRR 60", "pass", "pass" }
  g:give_train("NRR", "3")
  g:give_train("NRR", "3")
  g:give_train("NRR", "4")
  g:set_phase("4")
  expect_eq(#g:corporation("NRR").trains, 3)
  return g
end

test("BND-R-071: can_discard_train refuses a discard", function()
  local g = over_limit{}
  expect_eq(g:moves(), { "discard 3-0", "discard 3-1", "discard 4-0" })
  g:act("discard 3-0")
  expect_eq(#g:corporation("NRR").trains, 2)
  g = over_limit{ keep_class = "3" }
  g:refuse("discard 3-0", "BND-R-071", "NRR keeps its 3 trains")
  g:act("discard 4-0")
  expect_eq(#g:corporation("NRR").trains, 2)
end)

test("BND-R-072: certificate_count counts a player's certificates for the limit", function()
  local g = game{}
  g:acts{ "par NRR 60", "buy NRR" }
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "buy NRR treasury")
  -- Each holds one certificate, counted 10 with 9 more: the limit.
  g = game{ cert_extra = 9 }
  g:acts{ "par NRR 60", "buy NRR" }
  expect_eq(g:round().kind, "operating")
end)

-- B sells SRR from $70 (the top row) into the starting cell at $60, then
-- starts NRR there in the same turn.
local function start_after_sale(setup)
  local g = game(setup)
  g:acts{ "pass", "par SRR 60", "pass", "buy SRR", "pass", "pass", "do subsidy amount=40", "train 2", "pass" }
  g:set_price("SRR", 70, 0)
  g:acts{ "pass", "sell SRR 1", "par NRR 60" }
  expect_eq(g:share_price("SRR"), 60)
  expect_eq(g:share_price("NRR"), 60)
  return g
end

test("BND-R-069: started_above_sales puts a new railway above the tokens sold into its cell", function()
  local g = start_after_sale{}
  expect_eq(g:value_order(), { "SRR", "NRR" })           -- the core: the new token enters at the bottom
  g = start_after_sale{ started_above = true }
  expect_eq(g:value_order(), { "NRR", "SRR" })
  expect_contains(g:log(), "NRR is stacked above SRR at $60, sold into that space this turn")
end)

-- Three players: A starts NRR (20 %), B and C buy two certificates each,
-- then B a third: B holds 30 %, more than A.
local function three(setup)
  local g = new_game{ players = { "A", "B", "C" }, seed = 1, setup = setup }
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "buy NRR", "buy NRR", "pass", "buy NRR" }
  return g
end

test("BND-R-073: the president hook decides who takes a presidency the core hands on", function()
  local g = three{}
  expect_eq(g:player("B").shares.NRR, 30)
  expect_eq(g:corporation("NRR").president, "B")        -- the core: most shares
  g = three{ president_to = "C" }
  expect_eq(g:corporation("NRR").president, "C")        -- C gives A two 10 % certificates
  expect_eq(g:player("C").shares.NRR, 20)
  expect_eq(g:player("A").shares.NRR, 20)
  g = three{ keep_president = true }
  expect_eq(g:corporation("NRR").president, "A")
  expect_eq(g:player("A").shares.NRR, 20)
end)

test("BND-R-073: a president the hook keeps cannot sell the president's certificate", function()
  local function sale(setup)
    local g = second_stock_round(setup)                  -- A holds 40 % of NRR
    for _ = 1, 3 do g:give_share("NRR", "B") end         -- B 30 %
    expect_eq(g:corporation("NRR").president, "A")
    return g
  end
  local g = sale{}
  g:act("sell NRR 3")                                    -- the core: B takes it, A sells what the exchange gives
  expect_eq(g:corporation("NRR").president, "B")
  expect_eq(g:player("A").shares.NRR, 10)
  g = sale{ keep_president = true }
  g:refuse("sell NRR 3", nil, "the title's rule keeps A its president")
  g:act("sell NRR 2")                                    -- A's own 10 % certificates: A stays president
  expect_eq(g:corporation("NRR").president, "A")
  expect_eq(g:player("A").shares.NRR, 20)
  expect_eq(g:player("B").shares.NRR, 30)
end)

test("BND-R-073: a hook naming a player who cannot exchange is the script's error", function()
  local g = new_game{ players = { "A", "B", "C" }, seed = 1, setup = { president_to = "C" } }
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "buy NRR", "pass", "pass" }
  expect_eq(g:player("C").shares.NRR, 10)
  expect_error(function() g:act("buy NRR") end, "who holds no certificates of NRR worth the president's certificate")
  expect_eq(g:player("B").shares.NRR, 20)                -- the action changed nothing
end)
