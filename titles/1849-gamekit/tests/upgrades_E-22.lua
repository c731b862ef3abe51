-- The upgrade condition (game kit 4.1; difference E-22 of
-- shared/rules/1849.md §6): "A Corporation may only replace a tile if it
-- can trace a legal train route of any length from one of its station
-- markers to and along one of the NEW track segments on the new tile, or
-- increase the value of a city it can run to on the new tile. This does
-- not require that the route is actually in use, or even could be used
-- with a train able to travel a sufficient distance, but it must not be
-- closed to the Corporation." V6 (1849-R-122) says "a city or town".
-- Played by the setting upgrade_value_stops = "city" (title.toml); the
-- refusal cites 1849GK-E-22.
--
-- With 1849's tiles the town clause never decides an upgrade: a town's
-- value rises only from green (L. 10) to brown (L. 20), and every brown
-- town tile is dual gauge, so it adds track wherever the town is reached
-- (a gauge changed is new track). The reach is the network's, whatever
-- the trains: both editions agree on that.

local P = test_lib("play")

-- ATA at Siracusa; narrow L12 to Ragusa (M11, printed yellow city, one
-- slot), where AFG is at home; Vittoria (N10) beyond Ragusa. Phase 6.
-- ATA owns no train.
local function ragusa_blocked()
  local g = P.started("ATA")
  g:set_phase("6")
  g:lay("L12", "78", 5)
  g:lay("N10", "58", 2)
  g:give_cash("B", 200)
  g:start("AFG", "B", 68)
  g:act("choose M11")
  g:give_cash("ATA", 500 - g:corporation("ATA").cash)
  return P.advance_to(g, "ATA", "lay_tile")
end

test("1849GK-E-22: raising the value of a city ATA can run to (but not through) allows the upgrade, with no train at all", function()
  local g = ragusa_blocked()
  expect_eq(g:corporation("ATA").trains, {})
  local cash = g:corporation("ATA").cash
  g:act("lay M11 670 4")                               -- Ragusa: 20 becomes 30
  expect_eq(g:hex("M11").tile, "670")
  expect_eq(g:corporation("ATA").cash, cash - 40)      -- rough, new standard track
end)

test("1849GK-E-22: beyond the closed city no upgrade: the route must not be closed to the corporation", function()
  local g = ragusa_blocked()
  g:refuse("lay N10 700 2")
  expect_not_contains(g:moves(), "lay N10 700 2")
end)

test("1849GK-E-22: reaching the old track is not enough; the refusal cites the game kit's rule", function()
  -- RCS reaches D6's track from Palermo; green 24 at rotation 5 adds a
  -- branch a train from Palermo could only use by reversing.
  local g = P.started("RCS")
  g:set_phase("6")
  g:lay("D6", "9", 2)
  P.advance_to(g, "RCS", "lay_tile")
  g:refuse("lay D6 24 5", "1849GK-E-22", "onto the track")
  g:act("lay D6 26 2")                                 -- its new branch leaves from Palermo's side
end)
