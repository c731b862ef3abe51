-- Excess trains (game kit 4.6; difference E-17 of shared/rules/1849.md
-- §6): "A Corporation that finds itself with excess trains, must
-- immediately return the surplus to the Bank. No payment is made for
-- them, but they may be re-sold by the Bank as an alternative to whatever
-- other trains are on offer (if they are of a type still in use). Re-sale
-- is at face value." V6 (1849-R-153, R-151) puts them in the bank pool,
-- bought at face value beside the next new train. The same play under
-- two names: the game kit's "Bank" that resells them as an alternative,
-- at face value, is V6's pool, which the game kit inherits unchanged.
-- (The game kit's example of a 10H bought over the limit is V6's too.)

local P = test_lib("play")

-- Four players: A starts SFA through the RSA; B starts RCS and C starts
-- IFT and ATA at L. 100 (setters): 1849's tests/lib/play.lua.
local function game() return test_lib("play").four_started(100) end

local on_sale = P.on_sale

test("1849GK-E-17: a train over the limit goes back unpaid and is offered again at face value beside the new trains", function()
  local g = game()
  for _ = 1, 4 do g:give_train("SFA", "4H") end
  for _ = 1, 4 do g:give_train("IFT", "6H", true) end
  expect_eq(g:phase(), "6")
  local ift, bank = g:corporation("IFT").cash, g:bank()
  g:give_train("ATA", "8H", true)                      -- phase 8: limit 3
  expect_eq(g:actor(), "IFT")                          -- it must return one at once
  g:act("discard 6H-3")
  expect_eq(g:corporation("IFT").cash, ift)            -- no payment
  expect_eq(g:bank(), bank)
  expect_eq(on_sale(g), { "8H 350", "6H 200 pool" })   -- the 6H, still in use, at face value
  expect_eq(g:corporation("SFA").trains, {})           -- the 4H rusted: not offered again
end)
