-- Destinations (1844-R-097 to R-101) and track costs (R-079).

local function sold_out()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  return g
end

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
