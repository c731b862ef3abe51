-- Who operates when, and the steps of a turn (§3.5; 18FB-R-061 .. R-064):
-- the core's operating order by price with 18FB's state-driven step skips
-- (companies.toml [[corporation_state]]).

local P = test_lib("play")

-- The corporations that operate in the current operating round, in order,
-- and the steps each stood at (every step passed, dividends withheld).
local function play_round(g)
  local function key() local r = g:round(); return r.name .. r.stock_rounds .. "." .. r.set_index end
  local name, order, steps = key(), {}, {}
  local n = 0
  while key() == name and g:round().kind == "operating" do
    local c = g:operating()
    if c and order[#order] ~= c then order[#order + 1] = c; steps[c] = {} end
    local s = steps[c]
    if s[#s] ~= g:step() then s[#s + 1] = g:step() end
    local pick = "pass"
    for _, m in ipairs(g:moves()) do if m == "withhold" then pick = m end end
    g:act(pick)
    n = n + 1
    expect_true(n < 100, "the round does not end")
  end
  return order, steps
end

-- After the political round: A starts NN at 60, B LdA at 100, C FSC at
-- 80, D FB at 100 (under LdA in the 100 cell); then the first OR.
local function four_majors()
  local g = P.after_pr()
  g:act("par NN 60"); g:act("par LdA 100"); g:act("par FSC 80"); g:act("par FB 100")
  while g:round().kind == "stock" do g:act("pass") end
  return g
end

test("18FB-R-061, R-062: majors operate by price, highest first; in one cell the top of the stack first; each once", function()
  local g = four_majors()
  expect_eq(g:share_price("LdA"), g:share_price("FB"))
  local order = play_round(g)
  expect_eq(order, { "LdA", "FB", "FSC", "NN" })
end)

test("18FB-R-061: the next operator is recomputed after each turn among those still to operate", function()
  local g = four_majors()
  -- LdA operates first; during its turn FSC is raised above FB.
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq(g:operating(), "LdA")
  g:set_price("FSC", 130)
  local rest = play_round(g)
  expect_eq(rest, { "LdA", "FSC", "FB", "NN" })
end)

test("18FB-R-063: a Building major lays tiles, places a token, checks destinations, earns secured interest, buys trains; no run, no dividend", function()
  local g = four_majors()
  local _, steps = play_round(g)
  expect_eq(steps.LdA, { "lay_tile", "build_station", "buy_train" })   -- destination and interest are automatic
  expect_true(P.logged(g, "LdA used 0 of its 2 tile steps: no secured interest, its price moves left (18FB-R-108, R-109)"))
end)

test("18FB-R-063, R-064: a Provisional major's turn: tiles, token, destination, earnings, dividend, trains, the financial step", function()
  local g = P.after_pr()
  g:act("par NN 60")
  while g:round().kind == "stock" do g:act("pass") end
  g:place_token("NN", "d24")                                   -- it reaches T. Annunziata this turn (R-064)
  g:give_train("NN", "PH1")
  g:set_var("markers.NN", 2)                                   -- so that it earns and chooses a dividend
  local _, steps = play_round(g)
  expect_eq(steps.NN, { "lay_tile", "build_station", "dividend", "buy_train", "financial" })
  expect_true(P.logged(g, "NN is now provisional"))
  expect_true(not P.logged(g, "secured interest"))
end)
