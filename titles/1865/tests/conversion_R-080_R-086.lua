-- Minor to major conversion (§3.9, §3.12; 1865-R-076, R-080 .. R-086,
-- E-09; A-16, A-36). E-09's numbers are played with RCSF (home Oristano,
-- destination Cagliari, along the Carlo Felice line) instead of CFD: the
-- provisional board has no short Portovecchio - Bastia line to lay.
local P = test_lib("play")

-- RCSF launched by A at 90 (40 % + 20 %), C holding 20 %, the IPO one
-- certificate; the line Oristano - Cagliari laid; phase `phase`. Played
-- to the pre-stock-round step, where A is asked.
local function rcsf_reaching(phase)
  local g = P.drafted(3)
  P.floated(g, "RCSF", "A", 90, 1)
  g:give_share("RCSF", "C")
  g:give_train("RCSF", "PH2")
  g:lay("V9", "4", 2); g:lay("U8", "8", 5); g:lay("U6", "58", 2); g:lay("T5", "8", 3)
  if phase then g:set_phase(phase) end
  local sr = g:round().stock_rounds
  for _ = 1, 300 do
    if g:round().kind == "stock" and g:round().stock_rounds > sr then return g end
    P.advance(g)
  end
  error("no next stock round")
end

test("E-09, 1865-R-083, R-084, R-085, R-086: phase 3 conversion: certificates halve, 5 join the IPO, +2 stations, no money", function()
  local g = rcsf_reaching("3")
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "choose convert")
  local a_cash, c_cash, cash, price = g:player("A").cash, g:player("C").cash, g:corporation("RCSF").cash, g:share_price("RCSF")
  g:act("choose convert")
  local r = g:corporation("RCSF")
  expect_eq(r.kind, "major")
  expect_eq(g:player("A").shares.RCSF, 30)                 -- the president's 20 % + one 10 %: still 2 certificates
  expect_eq(g:player("C").shares.RCSF, 10)
  local ipo = 0
  for _, c in ipairs(r.certificates) do if c.owner == "treasury" then ipo = ipo + 1 end end
  expect_eq(ipo, 6)
  expect_eq(#r.certificates, 9)
  expect_eq(#r.tokens, 5)                                   -- 3 + 2 in phase 3
  expect_eq(g:share_price("RCSF"), price)
  expect_eq(g:player("A").cash, a_cash)
  expect_eq(g:player("C").cash, c_cash)
  expect_eq(r.cash, cash)
  expect_eq(r.unit_percent, 10)                             -- each share unit worth the price: A's 2 + 1 units = 270 both before and after
end)

test("1865-R-080: conversion is optional", function()
  local g = rcsf_reaching("3")
  g:act("choose decline")
  expect_eq(g:corporation("RCSF").kind, "minor")
  expect_contains(g:log(), "A does not convert RCSF")
end)

test("1865-R-081, R-085: in phase 2 a conversion gives one station", function()
  local g = rcsf_reaching()
  g:act("choose convert")
  expect_eq(#g:corporation("RCSF").tokens, 4)
end)

test("1865-R-085, A-16: phases 5-7 give +4, never beyond 7 stations", function()
  local g = rcsf_reaching("5")
  g:act("choose convert")
  expect_eq(#g:corporation("RCSF").tokens, 7)
end)

test("1865-R-082: no direct route to the destination, no offer", function()
  local g = P.drafted(3)
  P.floated(g, "RCSF", "A", 90, 1)
  g:give_train("RCSF", "PH2")
  g:set_phase("3")
  g = P.next_stock_round(g)
  expect_eq(g:corporation("RCSF").kind, "minor")
  expect_true(#P.lines(g, "reaches its destination") == 0)
end)

test("1865-R-076, R-080: conversions come after the mines and the rows, in operating order", function()
  local g = rcsf_reaching("3")
  local log = g:log()
  local row, asked
  for i, line in ipairs(log) do
    if line:find("rank marker moves down", 1, true) then row = i end
  end
  expect_true(row ~= nil)
  expect_eq(g:actor(), "A")                                 -- the question waits before the Dragons' first turn
end)
