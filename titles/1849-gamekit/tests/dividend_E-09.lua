-- The dividend's price move (game kit 4.3.2; difference E-09 of
-- shared/rules/1849.md §6). The game kit's example: "the C.T.L.
-- Corporation, with a current market value of L. 144, will have its token
-- moved to the right only with a dividend greater than L. 144". V6
-- (1849-R-144, WE-06 1) moves it with a dividend equal to the value too.
-- Played by the setting payout_move_comparison = "above" (title.toml).

local P = test_lib("play")

-- WE-07's standard line for CTL's 8H in phase 10: Palermo - Partinico -
-- Alcamo - Castelvetrano - Mazzara - Marsala, L. 160 a run.
local WE07 = {
  { "C5", "651", 5 }, { "B4", "7", 5 }, { "D4", "74", 1 }, { "D4", "682", 1 }, { "C3", "3", 5 },
  { "E3", "78", 2 }, { "E3", "713", 0 }, { "G3", "58", 1 }, { "H2", "8", 2 }, { "G1", "58", 3 }, { "D2", "78", 5 },
}

-- CTL at `price` pays out its L. 160 run; its price after the move.
local function payout_at(price, title)
  local g = P.started("CTL", nil, { title = title })
  g:set_phase("10")
  for _, l in ipairs(WE07) do g:lay(l[1], l[2], l[3]) end
  g:give_train("CTL", "8H")
  g:set_price("CTL", price)
  P.advance_to(g, "CTL", "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 160)
  g:act("payout")
  return g:share_price("CTL")
end

test("1849GK-E-09: a dividend equal to the share value leaves the price where it is", function()
  expect_eq(payout_at(160), 160)
end)

test("1849GK-E-09: a dividend greater than the share value moves the price right", function()
  expect_eq(payout_at(144), 159)
end)

test("1849GK-E-09: V6 (1849-R-144) moves the price right for a dividend equal to the value", function()
  expect_eq(payout_at(160, "1849"), 178)
end)
