-- Electric Dreams (1849 V6 §14.3; rules 1849-R-182, R-191 .. R-196,
-- ambiguities A-24, A-35, A-36, A-43; worked example WE-15).
--
-- C starts RCS with the RSA at L. 68 (home Palermo, C5). With the three
-- variants on, each operating turn has an E-token step before the trains.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }
local VARIANTS = { bonds = true, acquiring_station_tokens = true, electric_dreams = true }

-- The bank's trains up to `last` are sold (to IFT, not started, as
-- purchases), so that what is on sale is what it would be in that phase.
local function sell_out(g, last)
  for _, class in ipairs({ "4H", "6H", "8H", "10H", "12H", "16H" }) do
    while g:trains_left(class) > 0 and (class ~= "16H" or last == "16H") do
      g:give_train("IFT", class, true)
      if class == "16H" then break end                 -- the first 16H releases the R6H
    end
    if class == last then return end
  end
end

-- Phase `phase`, with the trains before it sold (through `sold`, default
-- the phase's own train: in phase 12 the 12H is gone, E trains are on sale).
local function electric_game(phase, sold)
  local g = P.rcs_by_c(ORDER, { options = VARIANTS })
  if phase then
    g:set_phase(phase)
    sell_out(g, sold or (phase .. "H"))
  end
  return g
end

-- Plays on (passing, running and withholding) until `corp` is at `step`.
local advance = P.advance_to

-- Palermo - Termini Imerese (a town), standard track.
local function termini_line(g)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
end

test("1849-R-182: Electric Dreams only with Bonds and Token Rights Acquisition", function()
  expect_error(function()
    new_game{ players = { "A", "B", "C" }, options = { electric_dreams = true } }
  end, "requires option")
  expect_error(function()
    new_game{ players = { "A", "B", "C" }, options = { electric_dreams = true, bonds = true } }
  end, "acquiring_station_tokens")
  local g = new_game{ players = { "A", "B", "C" }, options = VARIANTS }
  expect_eq(g:trains_left("E"), 6)
  expect_eq(new_game{ players = { "A", "B", "C" } }:trains_left("E"), 0)
end)

test("1849-R-183: the E-token step comes after the token acquisition and before the trains", function()
  local g = electric_game("12")
  g:give_cash("RCS", 1200)
  advance(g, "RCS", "lay_tile")
  g:act("pass")
  -- No train, no run; nothing to acquire: those steps are skipped.
  expect_eq(g:step(), "buy_e_token")
  expect_eq(g:moves(), { "do buy_e_token", "pass" })
  g:act("pass")
  expect_eq(g:step(), "buy_train")
end)

test("1849-R-191: no E tokens before the 12H has been sold", function()
  local g = electric_game("10")
  g:give_cash("RCS", 2000)
  advance(g, "RCS", "buy_train")
  expect_eq(g:trains_on_sale(), { { class = "12H", variant = "12H", price = 800, pool = false } })
  g:refuse("do buy_e_token")
  expect_eq(g:var("e_tokens_sold"), nil)
end)

test("1849-R-191 (WE-15): the first E token costs L. 1,100 in phase 12, the next L. 800", function()
  local g = electric_game("12")
  g:give_cash("RCS", 1150 - g:corporation("RCS").cash)
  advance(g, "RCS", "buy_e_token")
  local bank = g:bank()
  g:act("do buy_e_token")
  expect_eq(g:corporation("RCS").cash, 50)
  expect_eq(g:bank(), bank + 1100)
  expect_eq(g:var("e_token.RCS"), true)
  expect_eq(g:var("e_tokens_sold"), 1)
  expect_contains(g:log(), "RCS buys an E token for L. 1100 and may now own E trains")
  -- A second corporation pays L. 800.
  g:start("CTL", "A", 100)
  g:give_train("CTL", "16H")
  g:give_cash("CTL", 1000)
  advance(g, "CTL", "buy_e_token")
  local cash = g:corporation("CTL").cash
  g:act("do buy_e_token")
  expect_eq(g:corporation("CTL").cash, cash - 800)
  expect_eq(g:var("e_tokens_sold"), 2)
end)

test("1849-R-191 (WE-15): in phase 16 the first E token costs L. 800, the next L. 550", function()
  local g = electric_game("16")
  g:give_cash("RCS", 800 - g:corporation("RCS").cash)
  advance(g, "RCS", "buy_e_token")
  g:act("do buy_e_token")
  expect_eq(g:corporation("RCS").cash, 0)
  g:start("CTL", "A", 100)
  g:give_train("CTL", "16H")
  g:give_cash("CTL", 1000)
  advance(g, "CTL", "buy_e_token")
  local cash = g:corporation("CTL").cash
  g:act("do buy_e_token")
  expect_eq(g:corporation("CTL").cash, cash - 550)
end)

test("1849-R-191, A-35: the E token is paid from the treasury; with less the step is not offered", function()
  local g = electric_game("12")
  advance(g, "RCS", "lay_tile")
  g:give_cash("RCS", 1099 - g:corporation("RCS").cash)
  g:give_cash("C", 1000)                               -- the president's money does not count
  g:act("pass")
  expect_eq(g:step(), "buy_train")
  g:refuse("do buy_e_token")
  expect_eq(g:corporation("RCS").cash, 1099)
end)

test("1849-R-192: a corporation owns at most one E token", function()
  local g = electric_game("12")
  g:give_cash("RCS", 3000)
  advance(g, "RCS", "buy_e_token")
  g:act("do buy_e_token")
  g:act("pass")                                        -- no train
  advance(g, "RCS", "lay_tile")
  g:act("pass")
  -- With L. 1,906 the step would be affordable: it is skipped, RCS has one.
  expect_eq(g:step(), "buy_train")
  expect_eq(g:corporation("RCS").cash, 1906)
end)

test("1849-R-193: the corporation buying the 12H cannot buy an E token or E train in that turn", function()
  local g = electric_game("10")
  g:give_cash("RCS", 3000)
  advance(g, "RCS", "buy_train")
  g:act("train 12H")
  expect_eq(g:phase(), "12")
  g:refuse("do buy_e_token")                           -- its E-token step is over
  g:refuse("train E", "1849-R-194")
  -- Next turn it may.
  g:act("pass")
  advance(g, "RCS", "buy_e_token")
  g:act("do buy_e_token")
  g:act("train E")
  expect_eq(#g:corporation("RCS").trains, 2)
end)

test("1849-R-194 (WE-15): only a corporation with an E token buys E trains; they count against the limit", function()
  local g = electric_game("12")
  g:give_cash("RCS", 1994)                             -- L. 2,000
  advance(g, "RCS", "buy_e_token")
  g:act("pass")
  expect_contains(g:trains_on_sale(), { class = "E", variant = "E", price = 550, pool = false })
  g:refuse("train E", "1849-R-194", "has no E token")
  g:act("pass")
  advance(g, "RCS", "buy_e_token")
  g:act("do buy_e_token")                              -- 1,100
  g:act("train E")
  expect_eq(g:corporation("RCS").cash, 2000 - 1100 - 550)
  expect_eq(g:trains_left("E"), 5)
  g:give_train("RCS", "16H")
  -- Phase 12: at most two trains, E trains included.
  g:give_cash("RCS", 1000)
  g:refuse("train E", "1849-R-147")
end)

test("A-43: an E train cannot go to a corporation without an E token, even from another corporation", function()
  local g = electric_game("12")
  g:give_train("RCS", "E")
  g:start("CTL", "A", 100)
  g:give_train("CTL", "16H")
  g:give_cash("CTL", 1000)
  advance(g, "CTL", "buy_train")
  g:refuse("train E-0 600", "1849-R-194")
  g:refuse("train E", "1849-R-194")
end)

test("A-24: in an emergency the cheapest train is one the corporation may own: an E train only with an E token", function()
  -- Phase 12: the bank offers the 16H (L. 1,100) and E trains (L. 550).
  local g = electric_game("12")
  termini_line(g)                                      -- RCS has a route: it must own a train
  advance(g, "RCS", "buy_train")
  expect_eq(g:corporation("RCS").trains, {})
  g:give_cash("RCS", 500 - g:corporation("RCS").cash)
  g:give_cash("C", 700 - g:player("C").cash)
  g:refuse("train E", "1849-R-194")
  -- The emergency is for the 16H: C must find L. 600 and has L. 700.
  g:act("train 16H")
  expect_eq(g:player("C").cash, 100)
  expect_eq(g:corporation("RCS").trains[1].class, "16H")
end)

test("1849-R-196 (WE-15): on an E train's route Palermo counts double", function()
  local g = electric_game("12")
  termini_line(g)
  g:give_train("RCS", "16H")
  local plain = g:best_run("RCS")
  expect_eq(plain.routes[1].stops, { "A5", "C5", "E7" })
  expect_eq(plain.revenue, 10 + 50 + 10)
  local g2 = electric_game("12")
  termini_line(g2)
  g2:give_train("RCS", "E")
  local e = g2:best_run("RCS")
  expect_eq(e.routes[1].stops, { "A5", "C5", "E7" })
  expect_eq(e.revenue, 10 + 2 * 50 + 10)
end)

test("1849-R-195: an E train has unlimited range but never uses narrow track", function()
  -- Siracusa (ATA's home, M13) and Ragusa (M11) joined by narrow track only.
  local g = electric_game("12")
  g:start("ATA", "A", 100)
  g:lay("L12", "78", 5)
  g:give_train("ATA", "E")
  expect_eq(g:best_run("ATA"), { proven_best = true, revenue = 0, routes = {} })
  g:give_train("ATA", "16H")
  local run = g:best_run("ATA")
  expect_eq(run.revenue, 10 + 20)
  expect_eq(run.routes[1].train:sub(1, 3), "16H")
  -- RCS's E train runs beyond any H train's reach along standard track.
  local g2 = electric_game("12")
  termini_line(g2)
  g2:lay("F8", "9", 2)
  g2:lay("G9", "4", 2)
  g2:give_train("RCS", "E")
  local run = g2:best_run("RCS")
  expect_eq(run.routes[1].stops, { "A5", "C5", "E7", "G9" })
end)
