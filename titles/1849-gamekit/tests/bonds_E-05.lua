-- Bonds (game kit 4.7.3 .. 4.7.5 and the Standings Round; difference E-05
-- of shared/rules/1849.md §6). The game kit gives no phase for issuing
-- the bond: "The Corporation can issue its Bond, receiving L. 500 from
-- the Bank. After issuing the Bond the Stock Market Token of the
-- Corporation is moved one column left." V6 (1849-R-185) allows it from
-- phase 8. Played by [props.bonds] in title.toml, read by 1849's
-- scripts/bonds.lua. The rest follows V6, which the game kit's text
-- agrees with or is silent on: interest (4.7.3) comes before issuing
-- (4.7.5), so none is due in the turn of issue; repayment at closure and
-- a restarted corporation's bond (1849-R-188, R-190) are V6's; the end
-- value "each 10 % share -L. 100, minimum L. 0" is V6's 1849-R-189. The
-- steps are the option bonds (the game kit's Advanced Game, E-03).
--
-- C starts RCS with the RSA at L. 68; RCS has no route (Palermo alone), so
-- it never has to own a train and its treasury changes only by the bond.

local P = test_lib("play")
local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function bonds_game(title)
  local g = P.rcs_by_c(ORDER, { title = title, options = { bonds = true } })
  return g
end

test("1849GK-E-05: in phase 4 RCS may issue its bond: L. 500 from the bank, the token one column left", function()
  local g = bonds_game()
  expect_eq(g:phase(), "4")
  P.advance_to(g, "RCS", "issue_bond")
  local before = g:corporation("RCS")
  local bank = g:bank()
  g:act("do issue_bond")
  local after = g:corporation("RCS")
  expect_eq(after.cash, before.cash + 500)
  expect_eq(g:bank(), bank - 500)
  expect_eq(after.market_row, before.market_row)
  expect_eq(after.market_col, before.market_col - 1)
  expect_eq(g:var("bond.RCS"), true)
end)

test("1849GK-E-05: interest comes before issuing: none in the turn of issue, L. 50 the next turn", function()
  local g = bonds_game()
  P.advance_to(g, "RCS", "issue_bond")
  local bank = g:bank()
  g:act("do issue_bond")
  expect_eq(g:bank(), bank - 500)
  expect_eq(g:step(), nil)
  local cash = g:corporation("RCS").cash
  g:act("pass")
  P.advance_to(g, "RCS", "lay_tile")
  P.advance_to(g, "RCS", "issue_shares")
  g:act("pass")
  expect_eq(g:corporation("RCS").cash, cash - 50)
  expect_contains(g:log(), "RCS pays L. 50 interest on its bond")
end)

test("1849GK-E-05: V6 (1849-R-185) issues no bond before phase 8", function()
  local g = bonds_game("1849")
  P.advance_to(g, "RCS", "issue_shares")
  g:act("pass")
  expect_eq(g:step(), nil)
  g:refuse("do issue_bond")
end)
