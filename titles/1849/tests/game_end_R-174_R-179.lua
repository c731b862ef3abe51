-- The end of the game when the bank runs out (1849 V6 §13; rules
-- 1849-R-174, R-177 .. R-179; worked example WE-13). The bank is emptied
-- with a test setter: its whole cash is given to player A.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

-- C starts RCS with the RSA at L. 68; RCS has a 4H and a line from
-- Palermo to Termini Imerese (70 a run). The first stock round is under way.
local function rcs_game()
  local g = P.rcs_by_c(ORDER)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:give_train("RCS", "4H")
  return g
end

local function empty_bank(g)
  g:give_cash("A", g:bank())
  expect_eq(g:bank(), 0)
  expect_contains(g:log(), "the bank is broken: the game will end")
end

test("1849-R-177, R-174 (WE-13): the bank empties in an operating round: the set is played out, then the game ends", function()
  local g = rcs_game()
  g:acts{ "pass", "pass", "pass" }                     -- stock round 1
  expect_eq(g:actor(), "RCS")
  empty_bank(g)
  expect_eq(g:over(), false)
  g:acts{ "pass", "run auto", "payout" }               -- RCS's turn goes on
  -- Phase 4 has one operating round per set: the game is over.
  expect_eq(g:over(), true)
  expect_eq(g:actor(), nil)
  expect_eq(g:moves(), {})
  g:refuse("pass", nil, "over")
  expect_eq(g:result().reason, "bank")
end)

test("1849-R-178: an empty bank still pays; what it owes shows as its debt", function()
  local g = rcs_game()
  g:acts{ "pass", "pass", "pass" }
  empty_bank(g)
  local c = g:player("C").cash
  g:acts{ "pass", "run auto", "payout" }
  expect_eq(g:player("C").cash - c, 14)
  expect_eq(g:bank(), -70)
end)

test("1849-R-179: final wealth is cash plus the market value of every share held", function()
  local g = rcs_game()
  g:acts{ "pass", "pass", "pass" }
  empty_bank(g)
  g:acts{ "pass", "run auto", "payout" }
  local price = g:share_price("RCS")
  expect_eq(price, 77)
  local values = g:result().values
  expect_eq(values.A, g:player("A").cash)
  expect_eq(values.B, g:player("B").cash)
  expect_eq(values.C, g:player("C").cash + 2 * price)  -- the president's certificate is 2 shares
  -- C: 350 after buying P5, 14 of the payout (P5 closed when RCS got its
  -- train, so it paid no revenue), and 20 % of RCS at 77.
  expect_eq(values.C, 350 + 14 + 154)
end)

test("1849-R-177: the bank empties in a stock round: that round and one full set of operating rounds are played", function()
  local g = rcs_game()
  empty_bank(g)
  g:acts{ "pass", "pass", "pass" }                     -- the stock round ends as usual
  expect_eq(g:round().kind, "operating")
  expect_eq(g:over(), false)
  g:acts{ "pass", "run auto", "payout" }
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "bank")
end)

-- Four players: A starts SFA through the RSA; B holds all of RCS and C
-- starts IFT; phase 16. RCS stands on L. 328, just below L. 377.
local near_377 = test_lib("play").near_377

test("1849-R-176: the end of a stock round lifts RCS to L. 377; the game ends when RCS has operated", function()
  local g = near_377()
  while g:round().kind == "stock" do g:act("pass") end
  expect_contains(g:log(), "RCS share price moves from L. 328 to L. 377")
  expect_eq(g:round().kind, "operating")
  expect_eq(g:actor(), "RCS")                          -- the most valuable operates first
  while g:actor() == "RCS" do g:act("pass") end
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "stock_market")
  -- IFT and SFA did not operate.
  expect_eq(g:corporation("IFT").operated, 0)
  expect_eq(g:corporation("SFA").operated, 0)
  -- RCS earned nothing and fell back to L. 340; having reached L. 377 is
  -- what counts (A-27). Shares count at their final value.
  expect_eq(g:share_price("RCS"), 340)
  expect_eq(g:result().values.B, g:player("B").cash + 6 * 340)
end)
