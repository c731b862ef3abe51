-- Token acquisition (game kit 4.4, Token Acquiring step; difference E-04
-- of shared/rules/1849.md §6): "a Corporation can buy the rights for a
-- city from another Corporation, for at least L. 1, if a hypothetical
-- train can travel between a railhead of the buying Corporation to the
-- selected city. [...] Base tokens cannot be bought". No phase and no
-- consent: V6 (1849-R-184) adds "from phase 6" and the other president's
-- agreement. Played by [props.token_rights] in title.toml, read by 1849's
-- scripts/token_rights.lua. Where the game kit is silent (one purchase a
-- turn, a free token of the buyer's, not in a hex where it has one
-- already: A-32) V6's reading is kept. The step is the option
-- acquiring_station_tokens (the game kit's Advanced Game, E-03).
--
-- CTL is out of this three-player game (place card 6). C starts RCS
-- (Palermo, C5) with the RSA; A starts IFT (Catania), whose second token
-- stands in Marsala (E1). Track joins Palermo to Trapani (C1) and Trapani
-- to Marsala: RCS reaches Marsala. Phase 4 unless told.

local P = test_lib("play")
local ORDER = { "RCS", "AFG", "ATA", "IFT", "SFA", "CTL" }

local function token_game(phase, title)
  local g = P.rcs_by_c(ORDER, { title = title, options = { acquiring_station_tokens = true } })
  if phase then g:set_phase(phase) end
  g:start("IFT", "A", 100)
  P.track_to_marsala(g)
  g:give_train("IFT", "4H")
  g:give_train("RCS", "4H")
  g:give_cash("RCS", 200)
  return g
end

test("1849GK-E-04: in phase 4 RCS may buy IFT's token in Marsala after its run", function()
  local g = token_game()
  expect_eq(g:phase(), "4")
  P.advance_to(g, "RCS", "dividend")
  g:act("withhold")
  expect_eq(g:step(), "acquire_token")
  local cash = g:corporation("RCS").cash
  expect_contains(g:moves(), "do acquire_token from=IFT hex=E1 price=1 (1.." .. cash .. ")")
end)

test("1849GK-E-04: no consent: the offer is the purchase, and IFT's president is not asked", function()
  local g = token_game()
  P.advance_to(g, "RCS", "acquire_token")
  local rcs, ift = g:corporation("RCS").cash, g:corporation("IFT").cash
  g:act("do acquire_token hex=E1 from=IFT price=1")
  expect_eq(g:corporation("RCS").cash, rcs - 1)
  expect_eq(g:corporation("IFT").cash, ift + 1)
  expect_eq(g:hex("E1").tokens, { "RCS" })
  expect_eq(P.placed(g, "RCS"), { "C5", "E1" })
  expect_eq(P.placed(g, "IFT"), { "H12" })             -- back on IFT's charter
  expect_contains(g:log(), "RCS buys IFT's station token on E1 for L. 1; the token returns to IFT's charter")
  expect_true(g:actor() ~= "A")
  expect_true(g:step() ~= "acquire_token")             -- one a turn (A-32, V6's reading)
end)

test("1849GK-E-04: base tokens cannot be bought; the city must be reached; at least L. 1", function()
  local g = token_game()
  g:place_token("IFT", "M9")                           -- Terranova: not on RCS's network
  P.advance_to(g, "RCS", "acquire_token")
  g:refuse("do acquire_token hex=H12 from=IFT price=5", "1849GK-E-04", "home token")
  g:refuse("do acquire_token hex=M9 from=IFT price=5", "1849GK-E-04", "no route")
  g:refuse("do acquire_token hex=E1 from=IFT price=0", "1849GK-E-04", "at least L. 1")
end)

test("1849GK-E-04: V6 (1849-R-184) allows no purchase before phase 6", function()
  local g = token_game(nil, "1849")
  P.advance_to(g, "RCS", "dividend")
  g:act("withhold")
  expect_true(g:step() ~= "acquire_token")
  g:refuse("do acquire_token hex=E1 from=IFT price=1")
end)

test("1849GK-E-04: V6 (1849-R-184) asks IFT's president, the game kit does not", function()
  local g = token_game("6", "1849")
  P.advance_to(g, "RCS", "acquire_token")
  g:act("do acquire_token hex=E1 from=IFT price=1")
  expect_eq(g:actor(), "A")
  expect_eq(g:moves(), { "choose accept", "choose refuse" })
  g = token_game("6")
  P.advance_to(g, "RCS", "acquire_token")
  g:act("do acquire_token hex=E1 from=IFT price=1")
  expect_eq(g:hex("E1").tokens, { "RCS" })
end)
