-- Emergency financing as it touches the stock round: no director change
-- by an emergency sale (1844-R-041), no purchases in debt (R-051), 50 %
-- interest at the end of each stock round (R-066).

local P = test_lib("play")

local has = P.has

local play_or = P.play_or

-- Operating round 1 at FNM's train step: FNM (director B) has a route, no
-- train and 10 SFR; B has `cash`. B also directs STB (3 units; C holds 2).
local function emergency(cash)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  g:give_cash("B", 1000)
  g:start("STB", "B", 60, 1)
  g:give_share("STB", "C"); g:give_share("STB", "C")
  g:give_train("STB", "2H")
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:operating(), "FNM")
  g:give_cash("FNM", -g:corporation("FNM").cash + 10)
  g:give_cash("B", -g:player("B").cash + cash)
  g:act("pass")                     -- no tile
  expect_eq(g:step(), "buy_train")
  expect_not_contains(g:moves(), "pass")
  return g
end

test("1844-R-041: an emergency sale may not make another player director", function()
  local g = emergency(20)
  -- Selling all 3 STB units would hand STB to C (2 units).
  expect_not_contains(g:moves(), "sell STB 3")
  g:refuse("sell STB 3", "1844-R-041")
  expect_eq(g:corporation("STB").president, "B")
  -- A sale that keeps B director is allowed: 3 -> 2 units against C's 2.
  g:act("sell STB 1")
  expect_eq(g:corporation("STB").president, "B")
  expect_eq(g:player("B").shares.STB, 20)
end)

test("1844-R-051, R-066: in debt a player may buy nothing; the debt grows by 50 % at the end of the stock round", function()
  local g = emergency(20)
  g:act("train 2H as 2H")           -- 70: FNM 10, B 20, 40 lent
  expect_eq(g:player("B").cash, 0)
  expect_eq(g:player("B").debt, 60) -- 40 + 50 %
  play_or(g)
  expect_eq(g:round().kind, "stock")
  -- Stock round 2: B still owes 60 (nothing was paid to B since).
  expect_eq(g:player("B").debt, 60)
  while g:actor() ~= "B" do g:act("pass") end
  g:refuse("buy FNM pool", "1844-R-051")
  g:refuse("buy STB treasury", "1844-R-051")
  g:refuse("par VZ 60", "1844-R-051")
  g:refuse("buy B1", "1844-R-051")   -- A-15: Mountain Railways and tunnels too
  g:refuse("buy T2", "1844-R-051")
  while g:round().kind == "stock" do g:act("pass") end
  -- 60 + 30 interest = 90 at the end of the round; the next operating
  -- round's private income (P2 10, P6 30) then pays 40 of it (R-152).
  expect_contains(g:log(), "B's debt grows by 30 SFR (50 % interest)")
  expect_eq(g:round().kind, "operating")
  expect_eq(g:player("B").debt, 50)
  expect_eq(g:player("B").cash, 0)
end)
