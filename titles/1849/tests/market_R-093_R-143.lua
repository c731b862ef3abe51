-- Share price moves at the end of a stock round (1849 V6 §9.7; rule
-- 1849-R-093, R-017; worked example WE-12) and who receives dividends
-- (1849-R-143; WE-06 2). Positions are built with test setters.

local P = test_lib("play")

-- Four players; A starts SFA through the RSA; the first stock round
-- opens with B. B then holds RCS (started at `price`, 20 %).
local function rcs_game(price)
  local g = P.sfa_started()
  g:give_cash("B", 500)
  g:start("RCS", "B", price)
  return g
end

local function give(g, corp, player, n, tag)
  for _ = 1, n do g:give_share(corp, player, tag) end
end

-- The price moves logged between the end of the stock round and the
-- start of the operating round.
local function moves_at_end_of_stock_round(g)
  while g:round().kind == "stock" do g:act("pass") end
  local out, in_sr = {}, false
  for _, line in ipairs(g:log()) do
    if line:find("^%-%- stock round") then in_sr = true end
    if line:find("^%-%- operating round") then break end
    if in_sr and line:find("share price moves") then out[#out + 1] = line end
  end
  return out
end

test("1849-R-093 (WE-12 Y): certificates in the pool: one row down, however many", function()
  local g = rcs_game(100)
  give(g, "RCS", "pool", 2)
  expect_eq(moves_at_end_of_stock_round(g), { "RCS share price moves from L. 100 to L. 95" })
end)

test("1849-R-093 (WE-12 Z): all ten shares with players: one row up", function()
  local g = rcs_game(100)
  give(g, "RCS", "B", 4)                               -- 60 %
  give(g, "RCS", "C", 2)
  give(g, "RCS", "C", 1, "last")                       -- 40 %
  expect_eq(g:corporation("RCS").treasury_percent, 0)
  expect_eq(moves_at_end_of_stock_round(g), { "RCS share price moves from L. 100 to L. 105" })
end)

test("1849-R-093 (WE-12 W): none in the pool but one in the treasury: no move", function()
  local g = rcs_game(100)
  give(g, "RCS", "B", 4)
  give(g, "RCS", "C", 1)
  give(g, "RCS", "C", 1, "last")
  expect_eq(g:corporation("RCS").treasury_percent, 10)
  expect_eq(moves_at_end_of_stock_round(g), {})
end)

-- RCS at L. 230 with all its shares with players.
local function at_230(phase)
  local g = rcs_game(100)
  give(g, "RCS", "B", 4)
  give(g, "RCS", "C", 2)
  give(g, "RCS", "C", 1, "last")
  g:set_price("RCS", 230)
  g:set_phase(phase)
  return g
end

test("1849-R-017, R-093 (WE-12 V): on L. 230 before phase 16 the token stays", function()
  local g = at_230("12")
  expect_eq(moves_at_end_of_stock_round(g), {})
  expect_eq(g:share_price("RCS"), 230)
end)

test("1849-R-031, R-093 (WE-12 V): in phase 16 it rises from L. 230 into the blue zone", function()
  local g = at_230("16")
  expect_eq(moves_at_end_of_stock_round(g), { "RCS share price moves from L. 230 to L. 242" })
end)

test("1849-R-143 (WE-06 2): a payout pays the players' shares to them, the treasury's to the corporation; the pool's stay in the bank", function()
  local g = rcs_game(100)
  -- B: 50 %; the treasury keeps the last certificate (20 %); 30 % in the pool.
  give(g, "RCS", "B", 3)
  give(g, "RCS", "pool", 3)
  expect_eq(g:corporation("RCS").treasury_percent, 20)
  -- A line Palermo - Termini Imerese and a 4H: 70 a run (with the port).
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:give_train("RCS", "4H")
  while g:actor() ~= "RCS" do g:act("pass") end
  while g:step() ~= "run_routes" do g:act("pass") end
  g:act("run auto")
  expect_eq(g:turn().revenue, 70)
  local b, rcs, bank = g:player("B").cash, g:corporation("RCS").cash, g:bank()
  g:act("payout")
  expect_eq(g:player("B").cash - b, 35)
  expect_eq(g:corporation("RCS").cash - rcs, 14)
  expect_eq(bank - g:bank(), 49)                       -- the pool's 21 stay in the bank
end)
