-- Emergency money raising and bankruptcy (§3.5.10, §3.5.11; 18FB-R-184 ..
-- R-190, R-047; checklist §2.21, D-34; A-26, A-27): the core's emergency
-- (title.toml emergency = "sell_first") and scripts/bankruptcy.lua.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

local function play_on(g)
  local m = g:moves()
  local pick = m[#m]
  for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
  g:act(pick)
end

local function to_step(g, corp, step)
  for _ = 1, 200 do
    if g:actor() == corp and g:step() == step then return end
    play_on(g)
  end
  error(corp .. " never reached " .. step)
end

local function held_by(g, corp, holder)
  local n = 0
  for _, c in ipairs(g:corporation(corp).certificates) do
    if c.owner == holder then n = n + 1 end
  end
  return n
end

-- NN (A, Provisional) buys an LdA share (B's, Building) in OR 1.1; in
-- stock round 2 PH3 starts (NN's PH1 train is scrapped) and every PH2
-- train is sold: the cheapest train is a PH3, D300. `setup(g)` then runs;
-- NN operates first in OR 2.1, to its train step.
local function nn_must_buy(setup, early, phase)
  local g = after_pr()
  g:start("NN", "A", 100)
  g:start("LdA", "B", 80)
  if early then early(g) end
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "financial")
  g:act("do buy_share corp=LdA from=ipo")
  while g:round().kind ~= "stock" do play_on(g) end
  g:set_phase(phase or "PH3")
  while g:trains_left("PH2") > 0 do g:give_train("LdA", "PH2") end
  expect_eq(#g:corporation("NN").trains, 0)
  g:set_price("NN", 100)
  g:set_price("LdA", 80)
  if setup then setup(g) end
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "buy_train")
  return g
end

test("18FB-R-184, R-185 (D-34): the corporation first sells its holdings at half price, then its president adds the rest", function()
  local g = nn_must_buy(function(g) g:give_cash("NN", 100 - g:corporation("NN").cash) end)
  -- at the train step's start NN (D100) sold its LdA share (D80) for D40
  expect_eq(held_by(g, "LdA", "NN"), 0)
  expect_eq(g:corporation("NN").cash, 140)
  expect_eq(g:share_price("LdA"), 80)                          -- no move (A-26)
  expect_true(logged(g, "NN must buy a train and sells its LdA share at half price, D40 (18FB-R-184, R-185, A-26)"))
  local a = g:player("A").cash
  g:act("train PH3")
  expect_eq(g:player("A").cash, a - 160)
  expect_eq(g:corporation("NN").cash, 0)
  expect_eq(#g:corporation("NN").trains, 1)
end)

test("18FB-R-184: a corporation that can pay keeps its holdings", function()
  local g = nn_must_buy(function(g) g:give_cash("NN", 300 - g:corporation("NN").cash) end)
  expect_eq(held_by(g, "LdA", "NN"), 1)
  expect_eq(g:corporation("NN").cash, 300)
end)

test("18FB-R-185, A-26: the president's emergency sale is at half price and moves the price down", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:set_price("RM", 100)
  end, function(g)
    g:start("RM", "C", 60)                                     -- RM operates in set 1 (R-025)
    g:give_share("RM", "A")
    g:give_share("RM", "A")                                    -- A: 20 % of RM, C president
  end)
  expect_eq(g:corporation("NN").cash, 140)
  local row = g:corporation("RM").market_row
  expect_contains(g:moves(), "sell RM 1")
  g:act("sell RM 1")
  expect_eq(g:player("A").cash, 50)                            -- D100 / 2
  expect_eq(g:corporation("RM").market_row, row + 1)
  expect_true(logged(g, "A's emergency sale of 10 % of RM is at half price: D50 goes back to the bank (18FB-R-185, A-26)"))
end)

test("18FB-R-187, R-188, R-189, R-047: a bankrupt president leaves; before PH5 his concession is withdrawn and the major is Frozen; the next holder of 2 shares presides", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:give_share("NN", "B")
    g:give_share("NN", "B")                                    -- B: 20 % of NN
    g:give_share("LdA", "A")                                   -- A: 10 % of LdA, to the Pool
    g:give_company("MEL", "A")                                 -- a political card
    g:set_var("pool.MEL", nil)
  end)
  local moves = g:moves()
  g:act(moves[#moves])
  expect_true(g:player("A").left)
  expect_eq(g:corporation("NN").president, "B")
  expect_eq(g:corporation("NN").shares.B, 20)                  -- the president's certificate; his 2 shares to the Pool
  expect_eq(g:corporation("NN").state, "frozen")
  expect_eq(g:var("concession.NN"), nil)
  expect_eq(g:var("withdrawn.NN"), "provisional")
  expect_eq(g:corporation("LdA").shares.A, nil)
  expect_eq(g:company("MEL").owner_kind, "bank")               -- his card to the pool
  expect_eq(g:var("pool.MEL"), true)
end)

test("18FB-R-187, R-185: a bankrupt president's last sales are at half price too; what they raise stays with the corporation", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:set_price("RM", 100)
    g:give_share("NN", "B")
    g:give_share("NN", "B")
  end, function(g)
    g:start("RM", "C", 60)
    g:give_share("RM", "A")                                    -- A: 10 % of RM
  end)
  expect_eq(g:corporation("NN").cash, 140)
  g:act("pass")
  expect_true(g:player("A").left)
  expect_eq(g:player("A").cash, 0)
  expect_eq(g:corporation("NN").cash, 140 + 50)                -- RM's share at D100 / 2
end)

test("18FB-R-189: from PH5 the new president keeps the major Definitive and completes the train purchase with the cash raised", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:give_share("NN", "B")
    g:give_share("NN", "B")
    g:give_share("NN", "C")
  end, nil, "PH5")
  expect_eq(g:corporation("NN").state, "definitive")
  expect_eq(g:corporation("NN").cash, 140)
  local b = g:player("B").cash
  g:act("pass")
  expect_true(g:player("A").left)
  expect_eq(g:corporation("NN").president, "B")
  expect_eq(g:corporation("NN").state, "definitive")
  expect_eq(g:player("B").cash, b - 160)                       -- the PH3 train's D300 less NN's D140
  expect_eq(#g:corporation("NN").trains, 1)
  expect_eq(g:corporation("NN").cash, 0)
  expect_true(logged(g, "B completes NN's purchase of a PH3 train (18FB-R-189)"))
end)

test("18FB-R-190: with nobody holding 2 shares the major closes: its shares leave the game and its tokens the map", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:give_share("NN", "B")                                    -- B: one share only
  end)
  g:act("pass")
  expect_true(g:player("A").left)
  expect_true(g:corporation("NN").closed)
  expect_eq(g:corporation("NN").shares, {})
  local placed = 0
  for _, t in ipairs(g:corporation("NN").tokens) do if t.hex then placed = placed + 1 end end
  expect_eq(placed, 0)
  expect_true(logged(g, "nobody holds 2 shares of NN: it closes"))
end)

test("18FB-R-186: the president's emergency sales may not change the operating major's presidency; they may change another's", function()
  local g = nn_must_buy(function(g)
    g:give_cash("NN", 100 - g:corporation("NN").cash)
    g:give_cash("A", -g:player("A").cash)
    g:give_share("NN", "A")                                    -- A: 30 % of NN
    g:give_share("NN", "B")
    g:give_share("NN", "B")
    g:give_share("NN", "B")                                    -- B: 30 %
    g:set_price("RM", 100)
  end, function(g)
    g:start("RM", "A", 60)                                     -- A: RM's president, 20 %
    g:give_share("RM", "A")                                    -- A: 30 %
    g:give_share("RM", "C")
    g:give_share("RM", "C")                                    -- C: 20 %
  end, "PH5")
  g:refuse("sell NN 1", "18FB-R-186")                          -- B would take NN over (R-048)
  g:act("sell RM 2")                                           -- C takes RM
  expect_eq(g:corporation("RM").president, "C")
end)
