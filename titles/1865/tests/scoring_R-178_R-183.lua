-- End of the game and scoring (§2.7, §5.5; 1865-R-147, R-148, R-178 ..
-- R-183, E-21; A-18, A-19, A-29). The bank is emptied with a setter.
local P = test_lib("play")

local function play_out(g)
  for _ = 1, 400 do
    if g:over() then return g end
    P.advance(g)
  end
  error("the game did not end")
end

-- FMS launched by A at `price` and floated with A's 60 %, B holding 20 %.
local function game(price)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", price, 1)
  g:give_share("FMS", "B")
  return g
end

test("1865-R-179, R-180: the bank runs out in an operating round: that set is played out, then the game ends", function()
  local g = game(100)
  P.advance_to(g, "FMS", "lay_tile")
  local r = g:round()
  g:give_cash("A", g:bank())
  expect_eq(g:over(), false)
  play_out(g)
  expect_eq(g:result().reason, "bank")
  expect_eq(g:round().stock_rounds, r.stock_rounds)          -- no stock round after that set
end)

test("1865-R-181: the bank runs out in a stock round: that round and the next set are played, then the end", function()
  local g = game(100)
  local sr = g:round().stock_rounds
  g:give_cash("A", g:bank())
  play_out(g)
  expect_eq(g:round().stock_rounds, sr)
  expect_eq(g:result().reason, "bank")
end)

test("E-21, 1865-R-178, R-182: at 100 with 2 loans a share unit counts 0; the president's certificate twice that", function()
  local g = game(100)
  g:set_var("loans.FMS", 2)
  g:give_cash("A", g:bank())
  play_out(g)
  local price = g:share_price("FMS")
  local adjusted = price - 100
  expect_eq(g:result().values.A, g:player("A").cash + 3 * adjusted)   -- 40 % (2 units) + 20 % (1 unit)
  expect_eq(g:result().values.B, g:player("B").cash + 1 * adjusted)
end)

test("E-21, 1865-R-178: at 60 with 2 loans the adjusted price is -40; a president's certificate counts -80", function()
  local g = game(60)
  g:set_var("loans.FMS", 2)
  g:give_cash("A", g:bank())
  play_out(g)
  local adjusted = g:share_price("FMS") - 100
  expect_true(adjusted < 0)
  expect_eq(g:result().values.B, g:player("B").cash + adjusted)
  expect_eq(g:result().values.A, g:player("A").cash + 3 * adjusted)
end)

-- FMS (A, 40 %; B 20 %) with traffic and no train or cash; A holds L. 30
-- and nothing he may sell (not his president's certificate).
local function bankrupt()
  local g = P.drafted(3)
  g:start("FMS", "A", 100)
  g:give_share("FMS", "B")
  g:set_var("traffic.FMS", 3)
  g:give_cash("FMS", -g:corporation("FMS").cash)
  P.advance_to(g, "FMS", "buy_train")
  g:give_cash("A", 30 - g:player("A").cash)
  return g
end

test("1865-R-144, R-147, A-25: a president who cannot pay takes as few L. 500 loans as needed and keeps the rest", function()
  local g = bankrupt()
  g:refuse("train PH2", "1865-R-146", "cannot raise it even by selling")   -- passing declares it
  g:act("pass")
  expect_eq(#g:corporation("FMS").trains, 1)
  expect_eq(g:player("A").loans, 1)
  expect_eq(g:player("A").cash, 30 + 500 - 100)
  expect_eq(g:over(), false)                                -- the game goes on
end)

test("1865-R-147: the train bought in bankruptcy is a purchase: the first of a class starts its phase", function()
  local g = bankrupt()
  -- every phase-2 card already sold: a PH3 is the cheapest on sale
  g:give_cash("C", 1000)
  g:start("RCSF", "C", 100); g:start("SFSS", "C", 100)
  for _ = 1, 4 do g:give_train("RCSF", "PH2") end
  g:give_train("SFSS", "PH2"); g:give_train("SFSS", "PH2d")
  expect_eq(g:phase(), "2")
  g:act("pass")
  expect_eq(g:corporation("FMS").trains[1].class, "PH3")
  expect_eq(g:phase(), "3")
  expect_contains(g:log(), "phase 3 begins")
  expect_contains(g:log(), "FMS buys a PH3 train from the bank for L. 200")
  expect_eq(g:player("A").cash, 30 + 500 - 200)
end)

test("E-21, 1865-R-148: each personal loan is L. 500 off the final score", function()
  local g = bankrupt()
  g:act("pass")
  g:give_cash("B", g:bank())
  play_out(g)
  local a = g:player("A")
  local shares = 2 * g:share_price("FMS")
  expect_eq(g:result().values.A, a.cash + shares - 500)
end)

test("1865-R-183, A-29: the highest score wins; a tie is shared", function()
  local g = P.drafted(2)
  g:give_cash("A", g:bank())
  g:give_cash("B", g:player("A").cash - g:player("B").cash)
  play_out(g)
  expect_eq(g:result().winners, { "A", "B" })
end)
