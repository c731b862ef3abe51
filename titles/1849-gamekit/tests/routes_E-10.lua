-- Ports on a route (game kit 4.3.1; difference E-10 of
-- shared/rules/1849.md §6): "A route must include at least two cities or
-- towns (ports do not count for this rule). A route can include any
-- number of cities, towns and ports." V6 (1849-R-103) says "up to two
-- ports". No difference in play: a port is reached only by its one arrow,
-- so a route can start or end there but never pass through, and no route
-- holds more than two ports under either text. 1849's data already says
-- so (each port hex has one path; ports are terminal), which the game kit
-- inherits unchanged.
--
-- Around Palermo (C5, L. 50): its port A5 (L. 10) to the north; to the
-- south-east the plain hex D6, then Termini Imerese (E7, a town, L. 10).

local P = test_lib("play")
local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function rcs_with_train()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = ORDER } }
  g:start("RCS", "A", 100)
  g:give_train("RCS", "4H")
  return g
end

test("1849GK-E-10: ports do not count toward the two stops: Palermo and its port make no route", function()
  local g = rcs_with_train()
  expect_eq(g:best_run("RCS"), { proven_best = true, revenue = 0, routes = {} })
end)

test("1849GK-E-10: a port ends a route and earns with the cities and towns on it", function()
  local g = rcs_with_train()
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  expect_eq(g:best_run("RCS"), {
    proven_best = true,
    revenue = 70,
    routes = { { train = "4H-0", stops = { "A5", "C5", "E7" }, counted = { "A5", "C5", "E7" }, revenue = 70 } },
  })
end)

test("1849GK-E-10: a route cannot go on through a port, so none holds more than two", function()
  local g = P.started("RCS")
  g:give_train("RCS", "4H")
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  P.advance_to(g, "RCS", "run_routes")
  g:refuse("run 4H-0:C5-A5-E7")                        -- on from the port: no track leaves it
  g:act("run 4H-0:E7-C5-A5")
  expect_eq(g:turn().revenue, 70)
end)
