-- The game ends on L. 377 in an operating round, and who wins (1849 V6
-- §13; rules 1849-R-174, R-175, R-181; ambiguity A-29, worked example WE-13).
--
-- Four players; A starts SFA through the RSA; B starts RCS, C starts IFT
-- and D starts ATA, all at L. 100. RCS, on L. 240, operates first. At its
-- tile step (phase 10) it puts P3's +L. 20 token on Palermo's port; then
-- phase 16 starts and RCS gets two 10H, for a run of L. 330: brown
-- Palermo (130) with its port (10 + 20) and brown Termini Imerese (20), and
-- Palermo with brown Partinico (20). Its token is then put on `price`
-- (row `row`), and the game stops at RCS's dividend step. One RCS share is
-- in the pool and RCS has the money to buy it back, so its turn goes on
-- after the dividend.

local P = test_lib("play")

local advance = P.advance

local function game(price, row)
  local g = P.sfa_started()
  for _, p in ipairs({ "B", "C", "D" }) do g:give_cash(p, 500) end
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "D", 100)
  g:set_phase("10")
  g:lay("C5", "651", 5)
  g:lay("C5", "652", 5)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:lay("E7", "683", 5)
  g:lay("E7", "697", 5)
  g:lay("D4", "58", 4)
  g:lay("D4", "681", 3)
  g:lay("D4", "697", 3)
  g:give_company("P3", "RCS")
  -- One RCS share in the pool and money to buy it back: RCS's turn has a
  -- last step (financial activities) after its trains.
  g:give_share("RCS", "pool")
  g:give_cash("RCS", 1000)
  g:set_price("RCS", 240, 1)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RCS")
  g:act("do port_token hex=A5")
  g:set_phase("16")
  g:give_train("RCS", "10H")
  g:give_train("RCS", "10H")
  g:set_price("RCS", price, row)
  while g:step() ~= "dividend" do advance(g) end
  expect_eq(g:turn().revenue, 330)
  return g
end

test("1849-R-175, R-174 (WE-13): RCS pays out onto L. 377; it finishes its turn, then the game ends and ATA and SFA lose their turns", function()
  local g = game(328, 1)
  g:act("payout")
  expect_eq(g:share_price("RCS"), 377)                 -- at the end of its row: one row up, onto L. 377
  -- RCS's turn goes on: it may still buy back its pool share.
  expect_eq(g:over(), false)
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "issue_shares")
  g:act("pass")
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "stock_market")
  expect_eq(g:corporation("RCS").operated, 1)
  expect_eq(g:corporation("IFT").operated, 0)
  expect_eq(g:corporation("ATA").operated, 0)
  expect_eq(g:corporation("SFA").operated, 0)
  expect_eq(g:moves(), {})
end)

test("1849-R-175: short of L. 377 the round goes on and every corporation operates", function()
  local g = game(240, 1)
  g:act("payout")
  expect_eq(g:share_price("RCS"), 266)
  while g:round().kind == "operating" do advance(g) end
  expect_eq(g:over(), false)
  local n = g:corporation("RCS").operated
  expect_true(n >= 1)
  expect_eq(g:corporation("IFT").operated, n)
  expect_eq(g:corporation("ATA").operated, n)
  expect_eq(g:corporation("SFA").operated, n)
end)

test("1849-R-181: the wealthiest player wins", function()
  local g = game(328, 1)
  local b = g:player("B").cash
  g:act("payout")
  expect_eq(g:player("B").cash, b + 66)                -- 20 % of L. 330
  while not g:over() do g:act("pass") end
  local v = g:result().values
  -- B: cash and 20 % of RCS at L. 377.
  expect_eq(v.B, g:player("B").cash + 2 * 377)
  for _, p in ipairs({ "A", "C", "D" }) do expect_true(v[p] < v.B, p) end
  expect_eq(g:result().winners, { "B" })
  expect_contains(g:log()[#g:log()], "; B wins")
end)

test("1849-R-181, A-29: players tied for the most wealth share the victory", function()
  local g = game(328, 1)
  g:act("payout")
  -- C (20 % of IFT) is given just enough to end level with B.
  local b = g:player("B").cash + 2 * 377
  local c = g:player("C").cash + 2 * g:share_price("IFT")
  g:give_cash("C", b - c)
  while not g:over() do g:act("pass") end
  local v = g:result().values
  expect_eq(v.C, v.B)
  expect_true(v.A < v.B and v.D < v.B)
  expect_eq(g:result().winners, { "B", "C" })
  expect_contains(g:log()[#g:log()], "; B, C share the victory")
end)
