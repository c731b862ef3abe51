-- Token Rights Acquisition (1849 V6 §14.1; rule 1849-R-184, ambiguity
-- A-32), in phase 6.
--
-- CTL is out of this three-player game (place card 6). C starts RCS
-- (Palermo, C5) with the RSA; A starts IFT (Catania), whose second token
-- stands in Marsala (E1). Track joins Palermo (green, two slots) to
-- Trapani (C1) by B4 and the towns of D4 and C3, and Trapani to Marsala: RCS
-- reaches Marsala through Trapani.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "IFT", "SFA", "CTL" }

local function token_game(phase, ift_president)
  local g = P.rcs_by_c(ORDER, { options = { acquiring_station_tokens = true } })
  g:set_phase(phase or "6")
  g:start("IFT", ift_president or "A", 100)
  P.track_to_marsala(g)
  g:give_train("IFT", "4H")
  g:give_train("RCS", "6H")
  g:give_cash("RCS", 200)
  return g
end

-- Plays on (passing, running and withholding) until `corp` is at `step`.
local advance = P.advance_to

local placed = P.placed

test("1849-R-183, R-184: after the run, RCS may offer for IFT's token in Marsala, from L. 1 to its treasury", function()
  local g = token_game()
  advance(g, "RCS", "dividend")
  g:act("withhold")
  expect_eq(g:step(), "acquire_token")
  local cash = g:corporation("RCS").cash
  expect_contains(g:moves(), "do acquire_token from=IFT hex=E1 price=1 (1.." .. cash .. ")")
  expect_contains(g:moves(), "pass")
end)

test("1849-R-184: with the other president's consent the token changes hands; the price goes to IFT", function()
  local g = token_game()
  advance(g, "RCS", "acquire_token")
  local rcs, ift = g:corporation("RCS").cash, g:corporation("IFT").cash
  g:act("do acquire_token hex=E1 from=IFT price=30")
  -- A, IFT's president, is asked.
  expect_eq(g:actor(), "A")
  expect_eq(g:moves(), { "choose accept", "choose refuse" })
  g:act("choose accept")
  expect_eq(g:corporation("RCS").cash, rcs - 30)
  expect_eq(g:corporation("IFT").cash, ift + 30)
  expect_eq(g:hex("E1").tokens, { "RCS" })
  expect_eq(placed(g, "RCS"), { "C5", "E1" })
  -- IFT's token is back on its charter, to be placed again.
  expect_eq(placed(g, "IFT"), { "H12" })
  expect_eq(#g:corporation("IFT").tokens, 3)
  expect_contains(g:log(), "RCS buys IFT's station token on E1 for L. 30; the token returns to IFT's charter")
  -- A-32: one acquisition per turn: the step is over.
  expect_true(g:step() ~= "acquire_token")
  g:refuse("do acquire_token hex=E1 from=IFT price=1")
end)

test("1849-R-184: without consent nothing changes; RCS may offer again or pass", function()
  local g = token_game()
  advance(g, "RCS", "acquire_token")
  local before = g:corporation("RCS").cash
  g:act("do acquire_token hex=E1 from=IFT price=5")
  g:act("choose refuse")
  expect_eq(g:hex("E1").tokens, { "IFT" })
  expect_eq(g:corporation("RCS").cash, before)
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "acquire_token")
  g:act("pass")
  expect_true(g:step() ~= "acquire_token")
end)

test("1849-R-184: one player presiding both corporations needs no question", function()
  local g = token_game("6", "C")
  advance(g, "RCS", "acquire_token")
  g:act("do acquire_token hex=E1 from=IFT price=1")
  expect_eq(g:hex("E1").tokens, { "RCS" })
  expect_true(g:step() ~= "acquire_token")
end)

test("1849-R-184: the acquisition comes on top of the token step", function()
  local g = token_game()
  advance(g, "RCS", "place_token")
  g:act("token C1")                                    -- its second token, in Trapani
  advance(g, "RCS", "acquire_token")
  g:act("do acquire_token hex=E1 from=IFT price=1")
  g:act("choose accept")
  expect_eq(placed(g, "RCS"), { "C5", "C1", "E1" })
end)

test("1849-R-184: not before phase 6", function()
  local g = token_game("4")
  advance(g, "RCS", "dividend")
  g:act("withhold")
  expect_true(g:step() ~= "acquire_token")
  g:refuse("do acquire_token hex=E1 from=IFT price=1")
end)

test("1849-R-184: home tokens cannot be bought; the city must be reached; the price is at least L. 1 and affordable", function()
  local g = token_game()
  g:place_token("IFT", "M9")                           -- Terranova: not on RCS's network
  advance(g, "RCS", "acquire_token")
  local cash = g:corporation("RCS").cash
  g:refuse("do acquire_token hex=H12 from=IFT price=5", "1849-R-184", "home token")
  g:refuse("do acquire_token hex=M9 from=IFT price=5", "1849-R-184", "no route")
  g:refuse("do acquire_token hex=E1 from=IFT price=0", "1849-R-184", "at least L. 1")
  g:refuse("do acquire_token hex=E1 from=IFT price=" .. (cash + 1), "1849-R-184")
  g:refuse("do acquire_token hex=C1 from=IFT price=5", "1849-R-184", "no station token on C1")
  g:refuse("do acquire_token hex=E1 price=5", "1849-R-184")
end)

test("A-32: not in a hex where the buyer has a token already", function()
  local g = token_game()
  g:place_token("IFT", "C5")
  advance(g, "RCS", "acquire_token")
  g:refuse("do acquire_token hex=C5 from=IFT price=5", "1849-R-184", "already has a token on C5")
  -- Only Marsala is on offer.
  local offers = {}
  for _, m in ipairs(g:moves()) do
    if m:find("acquire_token", 1, true) then offers[#offers + 1] = m end
  end
  expect_eq(offers, { "do acquire_token from=IFT hex=E1 price=1 (1.." .. g:corporation("RCS").cash .. ")" })
end)

test("A-32: the buyer needs a token of its own to put in the place", function()
  local g = token_game()
  g:place_token("RCS", "C1")
  g:place_token("RCS", "M9")
  advance(g, "RCS", "dividend")
  g:act("withhold")
  expect_true(g:step() ~= "acquire_token")
  g:refuse("do acquire_token hex=E1 from=IFT price=1")
end)
