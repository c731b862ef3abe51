-- Bonds (1849 V6 §14.2; rules 1849-R-185 .. R-190, ambiguities A-33 and
-- A-34; worked example WE-14).
--
-- C starts RCS with the RSA at L. 68; RCS has no route (Palermo alone), so
-- it never has to own a train and its treasury changes only by the bond.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function bonds_game(phase)
  local g = P.rcs_by_c(ORDER, { options = { bonds = true } })
  if phase then g:set_phase(phase) end
  return g
end

-- Plays on (passing, running and withholding) until `corp` is at `step`.
local advance = P.advance_to

-- Plays on until `corp` starts its next operating turn.
local function next_turn(g, corp)
  g:act("pass")
  advance(g, corp, "lay_tile")
end

-- Phase 8: RCS has issued its bond in its first turn and is at its
-- financial step (issue_shares) in the next.
local function bond_out()
  local g = bonds_game("8")
  advance(g, "RCS", "issue_bond")
  g:act("do issue_bond")
  next_turn(g, "RCS")
  advance(g, "RCS", "issue_shares")
  return g
end

test("1849-R-183: the bond steps follow the financial step: interest, repay, issue", function()
  local g = bonds_game("8")
  advance(g, "RCS", "issue_shares")
  g:act("pass")
  -- No bond out: nothing to pay or repay; the issue step waits.
  expect_eq(g:step(), "issue_bond")
  expect_contains(g:moves(), "do issue_bond")
  expect_contains(g:moves(), "pass")
end)

test("1849-R-185: no bond before phase 8", function()
  local g = bonds_game("6")
  advance(g, "RCS", "issue_shares")
  g:act("pass")
  -- The issue step is skipped: RCS's steps are done (it may still buy a private).
  expect_eq(g:step(), nil)
  g:refuse("do issue_bond")
end)

test("1849-R-185 (WE-14): issuing: L. 500 from the bank, the token one column left, no interest that turn", function()
  local g = bonds_game("8")
  advance(g, "RCS", "issue_bond")
  local before = g:corporation("RCS")
  local bank = g:bank()
  g:act("do issue_bond")
  local after = g:corporation("RCS")
  expect_eq(after.cash, before.cash + 500)
  expect_eq(g:bank(), bank - 500)
  expect_eq(after.market_row, before.market_row)
  expect_eq(after.market_col, before.market_col - 1)
  expect_eq(g:var("bond.RCS"), true)
  expect_contains(g:log(), "RCS issues its bond and receives L. 500")
  -- The steps end there: the interest step came before (R-183).
  expect_eq(g:step(), nil)
end)

test("1849-R-185: one bond per corporation: while it is out the issue step is skipped", function()
  local g = bond_out()
  g:act("pass")
  -- Interest paid, RCS has less than L. 500: no repay step; no issue step.
  expect_eq(g:step(), nil)
end)

test("1849-R-186 (WE-14): the next turn the interest step pays L. 50 to the bank", function()
  local g = bond_out()
  local cash, bank = g:corporation("RCS").cash, g:bank()
  g:act("pass")
  expect_eq(g:corporation("RCS").cash, cash - 50)
  expect_eq(g:bank(), bank + 50)
  expect_contains(g:log(), "RCS pays L. 50 interest on its bond")
end)

test("1849-R-187 (WE-14): with L. 550 after the financial step: interest, then repay; the token one column right", function()
  local g = bond_out()
  g:give_cash("RCS", 550 - g:corporation("RCS").cash)
  g:act("pass")
  expect_eq(g:corporation("RCS").cash, 500)
  expect_eq(g:step(), "repay_bond")
  local before = g:corporation("RCS")
  local bank = g:bank()
  g:act("do repay_bond")
  local after = g:corporation("RCS")
  expect_eq(after.cash, 0)
  expect_eq(g:bank(), bank + 500)
  expect_eq(after.market_col, before.market_col + 1)
  expect_eq(g:var("bond.RCS"), nil)
end)

test("1849-R-187 (WE-14): with exactly L. 500 after the financial step the bond cannot be repaid that turn", function()
  local g = bond_out()
  g:give_cash("RCS", 500 - g:corporation("RCS").cash)
  g:act("pass")
  -- 500 - 50 = 450 < 500: no repay step; the bond stays out.
  expect_eq(g:corporation("RCS").cash, 450)
  expect_eq(g:step(), nil)
  expect_eq(g:var("bond.RCS"), true)
end)

test("A-34: a bond repaid may be issued again in the same turn", function()
  local g = bond_out()
  g:give_cash("RCS", 600 - g:corporation("RCS").cash)
  g:act("pass")
  local col = g:corporation("RCS").market_col
  g:act("do repay_bond")
  expect_eq(g:step(), "issue_bond")
  g:act("do issue_bond")
  expect_eq(g:corporation("RCS").cash, 550)
  expect_eq(g:corporation("RCS").market_col, col)
  expect_eq(g:var("bond.RCS"), true)
end)

test("1849-R-187: repaying needs the bond out and L. 500", function()
  local g = bonds_game("8")
  advance(g, "RCS", "issue_bond")
  g:refuse("do repay_bond")                            -- not the repay step (no bond out)
  g:act("do issue_bond")
  next_turn(g, "RCS")
  advance(g, "RCS", "issue_shares")
  g:give_cash("RCS", 700 - g:corporation("RCS").cash)
  g:act("pass")
  expect_eq(g:step(), "repay_bond")
  g:refuse("do issue_bond", "1849-R-187")              -- one step at a time
  g:act("pass")
  -- Passed: the bond is still out, so no issue step either.
  expect_eq(g:step(), nil)
end)

-- RCS issues its bond in phase 8 and comes back to the end of its
-- financial step in its next turn with `treasury`; C, its president, has
-- `cash` and, with `share`, one more 10 % of RCS.
local function interest_due(treasury, cash, share)
  local g = bonds_game("8")
  advance(g, "RCS", "issue_bond")
  g:act("do issue_bond")
  if share then g:give_share("RCS", "C") end
  next_turn(g, "RCS")
  advance(g, "RCS", "issue_shares")
  g:give_cash("RCS", treasury - g:corporation("RCS").cash)
  g:give_cash("C", cash - g:player("C").cash)
  return g
end

test("1849-R-186, A-33: a treasury short of the interest pays what it has; the president pays the rest", function()
  local g = interest_due(20, 100, false)
  local bank = g:bank()
  g:act("pass")
  expect_eq(g:corporation("RCS").cash, 0)
  expect_eq(g:player("C").cash, 70)
  expect_eq(g:bank(), bank + 50)
  expect_contains(g:log(), "RCS pays L. 20 of its bond interest; its president C owes the other L. 30 (1849-R-186)")
end)

test("1849-R-186, A-33, R-157: the president sells shares for the rest of the interest and keeps the surplus", function()
  local g = interest_due(20, 10, true)
  g:act("pass")
  -- C owes 30 and has 10: C must sell, RCS may not issue (R-158).
  expect_eq(g:actor(), "C")
  expect_contains(g:moves(), "sell RCS 1")
  g:refuse("pass", "1849-R-157")
  g:refuse("issue 1", "1849-R-157")
  local price = g:share_price("RCS")
  local bank = g:bank()
  g:act("sell RCS 1")
  expect_eq(g:player("C").cash, 10 + price - 30)
  expect_eq(g:bank(), bank - price + 30)
  expect_eq(g:corporation("RCS").cash, 0)
  expect_true(g:actor() ~= "C")                        -- play goes on
end)

test("1849-R-186, A-33: when EMR cannot raise the interest, RCS closes and the president may take a loan", function()
  local g = interest_due(20, 10, false)
  local bank = g:bank()
  g:act("pass")
  -- C holds only the president's certificate, which cannot be sold.
  expect_eq(g:corporation("RCS").closed, true)
  expect_eq(g:player("C").cash, 0)
  expect_eq(g:var("bond.RCS"), nil)                    -- written off with the closure
  expect_contains(g:log(), "C cannot raise RCS's bond interest: RCS closes and its bond is written off (1849-R-186, A-33)")
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose loan", "choose leave" })
  g:act("choose loan")
  expect_eq(g:player("C").cash, 500)
  expect_eq(g:player("C").loans, 1)
  expect_eq(g:bank(), bank + 20 + 10 - 500)
end)

-- RCS, its bond out, is at L. 24 (the cell left of Closed) with
-- `treasury` before its next turn; no revenue moves it into Closed.
local function closing(treasury, cash)
  local g = bonds_game("8")
  advance(g, "RCS", "issue_bond")
  g:act("do issue_bond")
  g:act("pass")
  advance(g, "RCS", "lay_tile")
  g:set_price("RCS", 24)
  g:give_cash("RCS", treasury - g:corporation("RCS").cash)
  g:give_cash("C", cash - g:player("C").cash)
  return g
end

test("1849-R-188: a corporation closing with its bond out repays it from its treasury", function()
  local g = closing(600, 50)
  local bank = g:bank()
  g:act("pass")                                        -- no tile; no revenue: left into Closed
  expect_eq(g:corporation("RCS").started, false)
  expect_contains(g:log(), "RCS closes")
  expect_eq(g:bank(), bank + 600)
  expect_eq(g:player("C").cash, 50)
  expect_eq(g:var("bond.RCS"), nil)
  expect_contains(g:log(), "RCS's treasury repays its bond (1849-R-188)")
end)

test("1849-R-188: a treasury short of L. 500 at closure: the president pays the rest", function()
  local g = closing(200, 350)
  local bank = g:bank()
  g:act("pass")
  expect_eq(g:corporation("RCS").started, false)
  expect_eq(g:player("C").cash, 50)
  expect_eq(g:bank(), bank + 200 + 300)
  expect_contains(g:log(), "RCS's treasury repays L. 200 of its bond; C owes the other L. 300 (1849-R-188)")
end)

test("1849-R-188, A-33: what EMR cannot raise at closure is written off; a president without shares may take a loan", function()
  local g = closing(200, 100)
  local bank = g:bank()
  g:act("pass")
  expect_eq(g:player("C").cash, 0)
  expect_eq(g:bank(), bank + 200 + 100)
  expect_contains(g:log(), "L. 200 of RCS's bond is written off (A-33)")
  expect_eq(g:moves(), { "choose loan", "choose leave" })
  g:act("choose leave")
  expect_eq(g:player("C").left, true)
end)

test("1849-R-190: a corporation restarted after closing with its bond out has its bond to issue again", function()
  local g = closing(600, 50)
  g:act("pass")
  expect_eq(g:corporation("RCS").started, false)
  g:start("RCS", "A", 68)
  expect_eq(g:var("bond.RCS"), nil)
  advance(g, "RCS", "issue_bond")
  expect_contains(g:moves(), "do issue_bond")
end)

-- RCS issues its bond; its price is set to `price`, the bank breaks and
-- the set is played out (RCS, without revenue, moves one column left).
-- C holds RCS's president's certificate: two shares.
local function ends_with_bond(price, website)
  local g = P.rcs_by_c(ORDER, { options = { bonds = true, website_scoring = website } })
  g:set_phase("8")
  advance(g, "RCS", "issue_bond")
  g:act("do issue_bond")
  g:set_price("RCS", price)
  g:give_cash("A", g:bank())
  while not g:over() do g:act("pass") end
  expect_eq(g:player("C").shares.RCS, 20)
  return g
end

test("1849-R-189 (WE-14): at the end each share of a corporation with its bond out counts L. 100 less", function()
  local g = ends_with_bond(202, false)
  expect_eq(g:share_price("RCS"), 182)
  expect_eq(g:result().values.C, g:player("C").cash + 2 * 82)
end)

test("1849-R-189 (WE-14): a share below L. 100 counts L. 0, not less; the website's scoring goes below", function()
  local g = ends_with_bond(107, false)
  expect_eq(g:share_price("RCS"), 95)
  expect_eq(g:result().values.C, g:player("C").cash)  -- 2 × max(95 − 100, 0)
  g = ends_with_bond(107, true)
  -- 18xx.games: cash + 2 × 95 − 2 × 100, with the companies at face value.
  local c = g:player("C")
  local companies = 0
  for _, id in ipairs(c.companies) do companies = companies + g:company(id).value end
  expect_eq(g:result().values.C, c.cash + 2 * 95 - 200 + companies)
end)
