-- The priority deal after the private sale (game kit 2.4.1; difference
-- E-12 of shared/rules/1849.md §6): "When buying stops, the player on the
-- left of the last person to buy is given the Priority Deal card." V6
-- (1849-R-061) gives it to the left of the last player who bought a
-- private at its price, not through bids. Played by the setting
-- auction_priority = "after_last_buyer" (title.toml). The way the sale
-- itself runs (bids settled when their private is the cheapest, P1's
-- price dropping) is missing from the game kit's text (E-13): V6's.

-- A buys P4 at its price; D's bid on P5 is then the only one and buys it:
-- D is the last to buy, A the last to buy at the price.
local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function sale(title)
  local g = new_game{ title = title, players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = ORDER } }
  g:acts{ "buy P1", "buy P2", "buy P3", "bid P5 160", "buy P4" }
  expect_eq(g:company("P4").owner, "A")
  expect_eq(g:company("P5").owner, "D")
  -- P5 (the RSA) starts RCS, with place card 1, for D.
  g:act("par RCS 68")
  expect_eq(g:round().kind, "stock")
  return g
end

test("1849GK-E-12: the priority goes to the left of the last buyer, who bought by a bid", function()
  local g = sale()
  expect_eq(g:priority(), "A")
  expect_eq(g:actor(), "A")
end)

test("1849GK-E-12: V6 (1849-R-061) gives it to the left of the last one to buy at the price", function()
  local g = sale("1849")
  expect_eq(g:priority(), "B")
  expect_eq(g:actor(), "B")
end)

test("1849GK-E-12: when the last private is bought at its price both editions agree", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = ORDER } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "pass", "pass", "pass", "pass" }
  -- A full round of passes: P1 .. P4 pay, and the sale goes on with A.
  g:acts{ "buy P5", "par RCS 68" }
  expect_eq(g:company("P5").owner, "A")
  expect_eq(g:priority(), "B")
end)
