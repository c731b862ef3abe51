-- Stations (§4.4; 1865-R-124 .. R-134, E-15 OR1/OR3, E-20; A-31).
local P = test_lib("play")

-- FMS (A, par 100, 60 %) in Cagliari W10 with a PH2; the track of E-15
-- laid: W12 toward the mine Monte Narba V13 (yellow), and the Carlo Felice
-- line W10 - Sanluri V9 (town) - U8 - Uras U6 (town) - T5 - Oristano S6.
local function fms_e15(phase)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  if phase then g:set_phase(phase) end
  g:give_train("FMS", "PH2")
  g:lay("W12", "8", 1)
  g:lay("V13", "173", 0)
  g:lay("V9", "4", 2)
  g:lay("U8", "8", 5)
  g:lay("U6", "58", 2)
  g:lay("T5", "8", 3)
  P.advance_to(g, "FMS", "build_station")
  return g
end

local function route_to(g, hex)
  for _, m in ipairs(g:moves()) do
    if m:find("hex=" .. hex, 1, true) then return m end
  end
  return nil
end

test("E-20, E-15 OR1, 1865-R-124, R-130: a station on the mine across 1 plain and 1 mountain hexside costs 70 and the mine's 2", function()
  local g = fms_e15()
  local cash, traffic = g:corporation("FMS").cash, g:var("traffic.FMS")
  g:act(route_to(g, "V13"))
  expect_eq(cash - g:corporation("FMS").cash, 70)
  expect_eq(g:var("traffic.FMS") - traffic, 2)
  expect_eq(g:hex("V13").tokens, { "FMS" })
end)

test("E-20, E-15 OR3, 1865-R-132: Oristano through 2 towns across 1 river and 4 plain hexsides costs 80, traffic 3 + 2", function()
  local g = fms_e15()
  local cash, traffic = g:corporation("FMS").cash, g:var("traffic.FMS")
  g:act(route_to(g, "S6"))
  expect_eq(cash - g:corporation("FMS").cash, 80)
  expect_eq(g:var("traffic.FMS") - traffic, 5)            -- Oristano 3, Sanluri 1, Uras 1; Cagliari nothing
  expect_contains(g:hex("S6").tokens, "FMS")
end)

test("1865-R-125: at most one station a turn", function()
  local g = fms_e15()
  g:act(route_to(g, "V13"))
  expect_eq(route_to(g, "S6"), nil)
  expect_true(g:step() ~= "build_station")
end)

test("1865-R-126: the treasury pays; a company that cannot is refused", function()
  local g = fms_e15()
  g:give_cash("FMS", 75 - g:corporation("FMS").cash)     -- 75 left: the mine (70), not Oristano (80)
  expect_true(route_to(g, "V13") ~= nil)
  expect_eq(route_to(g, "S6"), nil)
  g:refuse("do station hex=S6", "1865-R-126", "cannot pay")
end)

test("1865-R-127, R-128: no station where no direct route leads (a city in between ends the route)", function()
  local g = fms_e15()
  g:refuse("do station hex=N5", "1865-R-127", "no direct route")
end)

test("1865-R-129: not on a tile where the company already stands", function()
  local g = fms_e15()
  g:refuse("do station hex=W10", "1865-R-129", "already has a station")
end)

test("1865-R-123: one Carbonia mine a company", function()
  local g = fms_e15()
  g:lay("W4", "173", 4)
  g:place_token("FMS", "W4")
  for rot = 0, 5 do if pcall(function() g:lay("X5", "173", rot) end) then break end end
  expect_eq(g:hex("X5").tile, "173")
  g:refuse("do station hex=X5", "1865-R-123", "Carbonia")
end)

test("1865-R-131: where several routes lead to one place, the president picks one by its number", function()
  local g = fms_e15()
  local routes = {}
  for _, m in ipairs(g:moves()) do if m:find("do station", 1, true) then routes[#routes + 1] = m end end
  expect_true(#routes >= 2)
  for _, m in ipairs(routes) do expect_true(m:find("route=", 1, true) ~= nil) end
end)

test("1865-R-133: a maritime company held gives its bonus when a station reaches its place", function()
  local g = P.drafted(3)                                   -- B holds M5 (Oristano)
  P.floated(g, "FMS", "B", 100, 1)
  g:set_phase("3")
  g:lay("V9", "4", 2); g:lay("U8", "8", 5); g:lay("U6", "58", 2); g:lay("T5", "8", 3)
  P.advance_to(g, "FMS", "lay_tile")
  g:act("do hand_maritime maritime=M5")
  P.advance_to(g, "FMS", "build_station")
  local traffic = g:var("traffic.FMS")
  g:act(route_to(g, "S6"))
  expect_eq(g:var("traffic.FMS") - traffic, 5 + 3)        -- the route's 5 and phase 3's bonus
end)

test("1865-R-134: a placed station stays", function()
  local g = fms_e15()
  g:act(route_to(g, "V13"))
  P.advance_to(g, "FMS", "build_station")
  expect_eq(g:hex("V13").tokens, { "FMS" })
end)
