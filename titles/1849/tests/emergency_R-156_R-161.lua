-- Emergency money raising (1849 V6 §10.7; rules 1849-R-156 .. R-161,
-- R-180; worked example WE-11).
--
-- X = RCS, started by C through the RSA, with a line Palermo - Termini
-- Imerese (so it must own a train) but no train. Y = CTL, started by A
-- and run through one operating round, so its shares may be sold.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

-- The second operating round, at RCS's train step; RCS has `treasury`,
-- C has `cash` and, when `share` is set, one 10 % of CTL, worth L. 40.
-- With `c_directs`, C (not A) directs CTL with 40 % and B holds the last
-- certificate and two 10 %, also 40 %.
local function emergency(treasury, cash, share, c_directs)
  local g = P.rcs_by_c(ORDER)
  local director = c_directs and "C" or "A"
  g:give_cash(director, 100)
  g:start("CTL", director, 68)
  g:give_cash("CTL", 10)                               -- 106: enough for its own 4H
  if share then g:give_share("CTL", "C") end
  if c_directs then
    g:give_share("CTL", "C")
    g:give_share("CTL", "C")
    g:give_share("CTL", "B", "last")
    g:give_share("CTL", "B")
    g:give_share("CTL", "B")
  end
  -- Stock round 1, then operating round 1: CTL (Marsala - Trapani) buys a 4H.
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do g:act("pass") end
  while g:step() ~= "buy_train" do g:act("pass") end
  g:act("train 4H")
  while g:round().kind ~= "stock" do g:act("pass") end
  -- Stock round 2: the position of WE-11.
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:set_price("CTL", c_directs and 24 or 40)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RCS")                          -- L. 59 against CTL's 40
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq(g:corporation("RCS").trains, {})
  -- The money of WE-11 (set after P5 has paid C its revenue).
  g:give_cash("RCS", treasury - g:corporation("RCS").cash)
  g:give_cash("C", cash - g:player("C").cash)
  return g
end

test("1849-R-157, R-159 (WE-11): the president pays, sells a share for the rest, and RCS buys the cheapest train", function()
  local g = emergency(30, 50, true)
  -- Shortfall 70; C's 50 are not enough.
  g:refuse("train 4H", "1849-R-157", "needs L. 70 more")
  g:refuse("pass", "1849-R-146")
  g:refuse("train 4H-0 100", "1849-R-096")             -- CTL's train: treasury money only
  g:act("sell CTL 1")
  expect_eq(g:player("C").cash, 90)
  g:act("train 4H")
  expect_contains(g:log(), "C contributes L. 70 to RCS")
  expect_eq(g:player("C").cash, 20)                    -- the surplus of the sale stays with C
  expect_eq(g:corporation("RCS").cash, 0)
  expect_eq(g:corporation("RCS").trains[1].class, "4H")
end)

test("1849-R-156: with treasury money enough for the train there is no emergency", function()
  local g = emergency(100, 50, true)
  g:refuse("sell CTL 1")
  g:act("train 4H")
  expect_eq(g:player("C").cash, 50)
  expect_eq(g:corporation("RCS").cash, 0)
end)

test("1849-R-160, R-161 (WE-11 failure): C cannot raise the money: all C's cash goes in, RCS closes, C takes a loan", function()
  local g = emergency(30, 10, false)
  g:refuse("train 4H", "1849-R-157")
  g:act("pass")
  expect_eq(g:corporation("RCS").started, false)
  expect_eq(g:corporation("RCS").closed, true)
  expect_eq(g:hex("C5").tokens, {})
  -- C has no shares left: a L. 500 loan or leaving the game.
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose loan", "choose leave" })
  g:act("choose loan")
  expect_eq(g:player("C").cash, 500)
  expect_eq(g:player("C").loans, 1)
end)

test("1849-R-160, R-087: selling everything, a sale that passes a presidency on is made at once, before the money goes in", function()
  -- C directs CTL (40 % at L. 24: L. 96) and B holds 40 % too: selling
  -- it all makes B director, and B could hand C either the last
  -- certificate or two 10 %. The money is due now, so the first exchange
  -- is taken for C; C is paid, and all of it goes into RCS's treasury.
  local g = emergency(0, 0, false, true)
  expect_eq(g:corporation("CTL").president, "C")
  g:act("pass")
  expect_contains(g:log(), "C sells 40 % of CTL for L. 96")
  expect_eq(g:corporation("CTL").president, "B")
  expect_eq(g:corporation("CTL").pool_percent, 40)
  expect_eq(g:player("C").shares.CTL, nil)
  expect_eq(g:player("C").cash, 0)
  expect_eq(g:corporation("RCS").closed, true)
  -- What is left to answer is the loan, not an exchange.
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose loan", "choose leave" })
end)

test("1849-R-180: each loan costs L. 750 at the end, but no total goes below zero", function()
  local g = emergency(30, 10, false)
  g:acts{ "pass", "choose loan" }
  g:give_cash("A", g:bank())                           -- the bank breaks: this set is the last
  -- CTL still operates: it runs and withholds.
  while not g:over() do
    if g:step() == "run_routes" then g:act("run auto") elseif g:step() == "dividend" then g:act("withhold") else g:act("pass") end
  end
  expect_eq(g:player("C").cash, 500)
  expect_eq(g:result().values.C, 0)                    -- 500 - 750, floored
end)

test("1849-R-161, A-23: a player who leaves instead takes no further part", function()
  local g = emergency(30, 10, false)
  g:act("pass")
  g:act("choose leave")
  expect_eq(g:player("C").left, true)
  expect_eq(g:player("C").cash, 0)
end)
