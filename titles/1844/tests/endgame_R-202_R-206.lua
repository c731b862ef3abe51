-- End of the game and the final count (1844-R-202 to R-206, R-179,
-- R-175, R-183).

local function sold_out()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  return g
end
-- Owners: A P1 and P5 (one MOB share), B P2 and P6 (FNM's director),
-- C P3 and P7, D P4.

local function step_on(g)
  local pick = "pass"
  for _, m in ipairs(g:moves()) do
    if m == "run auto" or m == "withhold" then pick = m end
  end
  g:act(pick)
end

test("1844-R-202, R-204: the bank runs out in a stock round: the round ends, one OR set follows", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)
  g:set_phase("3")                                 -- sets of two ORs
  g:give_cash("D", g:bank())                       -- the bank is empty
  expect_eq(g:over(), false)
  expect_eq(g:round().kind, "stock")
  local seen = {}
  while not g:over() do
    local r = g:round()
    if r.kind == "operating" then seen[#seen + 1] = r.stock_rounds .. "." .. r.set_index end
    step_on(g)
  end
  -- Two ORs (phase 3), both after the same stock round.
  local sr = g:round().stock_rounds
  expect_eq(seen[1], sr .. ".1")
  expect_eq(seen[#seen], sr .. ".2")
  expect_eq(g:result().reason, "bank")
end)
