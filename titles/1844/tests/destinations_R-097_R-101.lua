-- Destinations (1844-R-097 to R-101) and track costs (R-079).

local P = test_lib("play")

local sold_out = P.sold_out

test("1844-R-060, R-101: a regional has no destination", function()
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  expect_eq(g:var("dest.VZ"), "none")
end)

test("1844-R-097: a destination not yet connected pays nothing", function()
  local g = sold_out()
  g:start("NOB", "A", 80)
  expect_eq(g:corporation("NOB").cash, 160)
  expect_eq(g:var("dest.NOB"), nil)
end)

-- R-100 (the Gotthard tunnel pays GB): tunnels_R-091_R-101.lua.
