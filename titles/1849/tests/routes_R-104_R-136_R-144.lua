-- Routes, the run and the dividend (1849 V6 §10.5; rules 1849-R-104,
-- R-136, R-139, R-143, R-144), on positions built with the test setters.
--
-- Around Palermo (C5, L. 50): its port A5 (L. 10) to the north; to the
-- south-east the plain hex D6, then Termini Imerese (E7, a town, L. 10).

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

-- RCS started by A at L. 100 (A pays 200; the 130 fee leaves RCS 70),
-- with a 4H.
local function rcs_with_train()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = ORDER } }
  g:start("RCS", "A", 100)
  expect_eq(g:player("A").cash, 175)
  expect_eq(g:corporation("RCS").cash, 70)
  expect_eq(g:give_train("RCS", "4H"), "4H-0")
  expect_eq(g:phase(), "4")
  return g
end

local function termini_line(g)
  g:lay("D6", "9", 2)   -- straight track, north-west to south-east
  g:lay("E7", "4", 2)   -- a straight town tile, the same way
end

test("1849-R-104 (WE-07 g): Palermo and its port alone make no route", function()
  local g = rcs_with_train()
  expect_eq(g:best_run("RCS"), { proven_best = true, revenue = 0, routes = {} })
end)

test("1849-R-104, R-138: a city, a town and a port: the port counts once the route is legal", function()
  local g = rcs_with_train()
  termini_line(g)
  expect_eq(g:hex("D6").tile, "9")
  expect_eq(g:hex("E7").tile, "4")
  expect_eq(g:best_run("RCS"), {
    proven_best = true,
    revenue = 70,
    routes = { { train = "4H-0", stops = { "A5", "C5", "E7" }, counted = { "A5", "C5", "E7" }, revenue = 70 } },
  })
end)

test("1849-R-105: a 4H reaches four hexes; the port arrow counts as one", function()
  local g = rcs_with_train()
  termini_line(g)
  -- Beyond Termini Imerese: F8 is the fourth hex from Palermo, G9 the fifth.
  g:lay("F8", "9", 2)
  g:lay("G9", "4", 2)  -- Castrogiovanni, a town: too far for the port as well
  -- A5-C5-E7-G9 would earn 80 but is five hexes long; the best legal
  -- routes earn 70 (A5-C5-E7, or C5-E7-G9, which the search prefers).
  local run = g:best_run("RCS")
  expect_eq(run.revenue, 70)
  expect_eq(run.routes[1].stops, { "C5", "E7", "G9" })
end)

test("1849-R-136, R-143, R-144: RCS runs for L. 70 and pays out; treasury shares pay RCS; the price moves right", function()
  -- C starts RCS with the RSA at L. 68 (treasury 6).
  local g = P.rcs_by_c(ORDER)
  termini_line(g)
  g:give_train("RCS", "4H")
  g:acts{ "pass", "pass", "pass" }                     -- the stock round
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "lay_tile")
  g:act("pass")                                        -- no tile; no city to token in, so no token step
  expect_eq(g:step(), "run_routes")
  g:refuse("pass", "1849-R-136")
  g:refuse("run 4H-0:C5-E7", "1849-R-139", "L. 70")   -- 60 is not the best
  g:act("run auto")
  expect_eq(g:turn().revenue, 70)
  expect_contains(g:log(), "RCS runs 4H-0 on A5-C5-E7 for L. 70")
  local c_cash, rcs_cash, bank = g:player("C").cash, g:corporation("RCS").cash, g:bank()
  g:act("payout")
  expect_eq(g:player("C").cash - c_cash, 14)           -- 20 %
  expect_eq(g:corporation("RCS").cash - rcs_cash, 56)  -- the treasury's 80 %
  expect_eq(bank - g:bank(), 70)
  expect_eq(g:share_price("RCS"), 77)                  -- 70 >= 68: one column right
end)

test("1849-R-144: a payout below one share's value leaves the price where it is", function()
  local g = new_game{ players = { "A", "B", "C" }, seed = 1, setup = { corporation_order = ORDER } }
  g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par RCS 100" }
  termini_line(g)
  g:give_train("RCS", "4H")
  g:acts{ "pass", "pass", "pass", "pass", "run auto", "payout" }
  expect_eq(g:share_price("RCS"), 100)
  expect_contains(g:log(), "RCS pays out L. 70 (L. 7 per share)")
end)
