-- Stock market moves (§3.11; 1865-R-068 .. R-075, E-12; A-01, A-17).
local P = test_lib("play")

local function fms(traffic, par)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", par or 100, 1)
  g:set_var("traffic.FMS", traffic)
  g:give_cash("FMS", 2000)
  return g
end

test("A-01: the market is one track of 31 spaces, L. 10 to L. 490", function()
  local g = fms(0)
  g:set_price("FMS", 10)
  expect_eq(g:share_price("FMS"), 10)
  g:set_price("FMS", 490)
  expect_eq(g:share_price("FMS"), 490)
  expect_error(function() g:set_price("FMS", 500) end, "")
end)

test("E-12a, 1865-R-068, R-069: a dividend and a new train: two spaces right, 130 -> 150", function()
  local g = fms(13, 130)
  g:give_train("FMS", "PH2")
  P.advance_to(g, "FMS", "dividend")
  g:act("payout")
  expect_eq(g:share_price("FMS"), 140)
  g:act("train PH2")
  expect_eq(g:share_price("FMS"), 150)
end)

test("1865-R-069: however many new trains, one space a turn; used trains move nothing", function()
  local g = fms(5, 100)
  g:give_train("FMS", "PH2")
  P.advance_to(g, "FMS", "dividend")
  g:act("withhold")                                        -- 1865-R-071: no move
  expect_eq(g:share_price("FMS"), 100)
  g:act("train PH2")
  g:act("train PH2")
  expect_eq(g:share_price("FMS"), 110)
  expect_eq(#P.lines(g, "bought a new train: one space right"), 1)
end)

test("E-12c, 1865-R-070, R-074: no revenue then a new train: one space left, then one right", function()
  local g = fms(0, 100)
  P.advance_to(g, "FMS", "buy_train")
  expect_eq(g:share_price("FMS"), 90)
  g:act("train PH2")
  expect_eq(g:share_price("FMS"), 100)
end)

test("1865-R-073, E-12c: a token arriving in an occupied space goes under, even back where it started", function()
  local g = P.drafted(3)
  P.floated(g, "RCSF", "B", 100, 1)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_cash("FMS", 1000)
  -- RCSF started first: on top at 100; FMS operates second.
  expect_eq(g:value_order()[1], "RCSF")
  P.advance_to(g, "FMS", "buy_train")                       -- FMS: no revenue, 100 -> 90
  g:act("train PH2")                                        -- back to 100, under RCSF
  expect_eq(g:value_order(), { "RCSF", "FMS" })
end)

test("A-17: at the ends the price holds", function()
  local g = fms(0, 100)
  g:set_price("FMS", 10)
  P.advance_to(g, "FMS", "buy_train")
  expect_eq(g:share_price("FMS"), 10)
end)
