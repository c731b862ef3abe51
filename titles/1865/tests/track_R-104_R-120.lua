-- Track (§4.2; 1865-R-104 .. R-120, R-191, E-13, E-14).
local P = test_lib("play")

-- FMS (A, par 100) in Cagliari, at its lay_tile step in phase `phase`.
local function fms_laying(phase)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  if phase then g:set_phase(phase) end
  g:give_train("FMS", "PH2")
  return P.advance_to(g, "FMS", "lay_tile")
end

test("1865-R-104: one tile free, a second for L. 20, no third", function()
  local g = fms_laying()
  local cash = g:corporation("FMS").cash
  g:act("lay W12 8 1")
  expect_eq(g:corporation("FMS").cash, cash)              -- 1865-R-105: no terrain cost either
  expect_eq(g:step(), "lay_tile")
  g:act("lay V9 4 2")
  expect_eq(cash - g:corporation("FMS").cash, 20)
  expect_true(g:step() ~= "lay_tile")
end)

test("1865-R-104: a second tile needs L. 20 in the treasury", function()
  local g = fms_laying()
  g:act("lay W12 8 1")
  g:give_cash("FMS", 10 - g:corporation("FMS").cash)
  g:refuse("lay V9 4 2", "1865-R-104", "second tile costs")
end)

test("A-33: one lay per hex a turn by default", function()
  local g = fms_laying("3")
  g:act("lay V9 4 2")
  g:refuse("lay V9 141 2", "1865-R-104", "already laid this turn")
end)

test("A-33: with same_hex_twice a hex may be laid twice in a turn", function()
  local g = P.drafted(3, { "same_hex_twice" })
  P.floated(g, "FMS", "A", 100, 1)
  g:set_phase("3")
  g:give_train("FMS", "PH2")
  P.advance_to(g, "FMS", "lay_tile")
  g:act("lay V9 4 2")
  g:act("lay V9 141 2")
  expect_eq(g:hex("V9").tile, "141")
end)

test("1865-R-106: green tiles only from phase 3", function()
  local g = fms_laying()
  g:refuse("lay W10 C-green 0", "1865-R-106", "")
end)

test("E-14, 1865-R-110: a traffic upgrade of a city pays its rise to the companies standing there at once", function()
  local g = fms_laying("3")
  local t = g:var("traffic.FMS")
  g:act("lay W10 C-green 0")                               -- Cagliari 3 -> 4
  expect_eq(g:var("traffic.FMS") - t, 1)
end)

test("E-13: Nuoro green (4) to brown (5): every company standing there gains 1", function()
  local g = P.drafted(3)
  P.floated(g, "FA", "A", 100, 1)                          -- FA's home is Nuoro Q12
  P.floated(g, "FMS", "B", 90, 1)
  g:set_phase("5")
  g:lay("Q12", "N-green", 0)
  g:place_token("FMS", "Q12")
  local fa, fms = g:var("traffic.FA"), g:var("traffic.FMS")
  g:lay("Q12", "N-brown", 0)
  expect_eq(g:hex("Q12").stops[1].value, 5)
  expect_eq(g:var("traffic.FA") - fa, 1)
  expect_eq(g:var("traffic.FMS") - fms, 1)
end)

test("1865-R-191: a company not yet floated gets nothing at the upgrade, and its home's full value when it floats", function()
  local g = P.drafted(3)
  g:set_phase("3")
  g:lay("W10", "C-green", 0)                               -- FMS's home token is there, FMS not floated
  expect_eq(g:var("traffic.FMS"), nil)
  P.floated(g, "FMS", "A", 100, 1)
  expect_eq(g:var("traffic.FMS"), 4)                       -- 1865-R-061: the value now
end)

test("1865-R-111: a town's rise gives nothing at once", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:set_phase("3")
  g:lay("V9", "4", 2)
  local t = g:var("traffic.FMS")
  g:lay("V9", "141", 2)
  expect_eq(g:var("traffic.FMS"), t)
end)

test("1865-R-107, R-114, R-115: lettered hexes take only their own lettered tiles; towns only town tiles", function()
  local g = P.drafted(3)
  g:set_phase("3")
  expect_error(function() g:lay("W10", "N-green", 0) end, "label")
  expect_error(function() g:lay("V9", "7", 2) end, "")
end)

test("1865-R-116: brown #63 only in Isili, Olbia, Ajaccio; #700 only in Arbatax and Calvi; #146 only on coastal towns", function()
  local g = P.drafted(3)
  g:set_phase("5")
  g:lay("T11", "57", 0); g:lay("T11", "15", 0)
  expect_error(function() g:lay("T11", "700", 0) end, "")
  g:lay("T11", "63", 0)
  g:lay("V9", "4", 2); g:lay("V9", "141", 2)
  expect_error(function() g:lay("V9", "146", 2) end, "")   -- Sanluri is inland
end)

test("1865-R-112: a tile must connect to the company's track", function()
  local g = fms_laying()
  g:refuse("lay M10 3 0", "1865-R-112", "")
end)

test("1865-R-118: track may not end in the open sea; the sea links count as track", function()
  local g = P.drafted(3)
  g:lay("J11", "3", 5)                                     -- Bonifacio onto both sea links
  g:lay("L11", "4", 2)                                     -- Santa Teresa onto its sea link
  expect_error(function() g:lay("M6", "4", 0) end, "")
end)

test("1865-R-120: a tile may lie in any orientation that fits", function()
  local g = P.drafted(3)
  g:lay("W8", "8", 2)
  expect_eq(g:hex("W8").rotation, 2)
end)

test("1865-R-184: the short game lays no track on Corsica", function()
  local g = P.drafted(3, { "short_game" })
  P.floated(g, "FMS", "A", 100, 1)
  g:give_train("FMS", "PH2")
  g:lay("M14", "57", 2)                                    -- Olbia, toward Palau
  g:place_token("FMS", "M14")
  g:lay("L13", "4", 2)                                     -- Palau, onto the sea link K12 to Bonifacio
  P.advance_to(g, "FMS", "lay_tile")
  g:refuse("lay J11 3 5", "1865-R-184", "Sardinia only")
end)

test("1865-R-108: a traffic upgrade keeps every segment of the old tile", function()
  local g = P.drafted(3)
  g:set_phase("3")
  g:lay("V9", "4", 2)
  local refused = 0
  for rot = 0, 5 do
    if not pcall(function() g:lay("V9", "141", rot) end) then refused = refused + 1 else break end
  end
  expect_true(refused >= 1)                                 -- the rotations that drop the straight are refused
  expect_eq(g:hex("V9").tile, "141")
end)

test("E-14, 1865-R-109: a competitive upgrade: Sanluri's straight town becomes a curved one for L. 20, joined track kept", function()
  local g = P.drafted(3)
  P.floated(g, "FCS", "A", 100, 1)
  g:set_phase("3")
  g:give_train("FCS", "PH3")
  g:lay("T11", "57", 0)                                     -- Isili yellow
  g:lay("V9", "4", 2)                                       -- Sanluri: a straight town toward Cagliari
  g:place_token("FCS", "W10")
  P.advance_to(g, "FCS", "lay_tile")
  local traffic, cash = g:var("traffic.FCS") or 0, g:corporation("FCS").cash
  g:act("lay W10 C-green 0")                                -- a traffic upgrade: Cagliari 3 -> 4, free
  expect_eq(g:var("traffic.FCS") - traffic, 1)
  local curved
  for _, m in ipairs(g:moves()) do if m:find("^lay V9 58 ") then curved = m end end
  expect_true(curved ~= nil)
  g:act(curved)
  expect_eq(g:hex("V9").tile, "58")
  expect_eq(cash - g:corporation("FCS").cash, 20)
  expect_true(g:connected("FCS", "V9"))
end)

-- Lays `tile` on `hex` in the first rotation that fits; true if one did.
local function lay_any(g, hex, tile)
  for rot = 0, 5 do
    if pcall(function() g:lay(hex, tile, rot) end) then return true end
  end
  return false
end

test("1865-R-119: a replaced tile goes back to the supply and may be laid again", function()
  local g = P.drafted(3)
  g:set_phase("3")
  for _, hex in ipairs({ "T11", "M14", "G8" }) do expect_true(lay_any(g, hex, "6"), hex) end
  expect_eq(lay_any(g, "S16", "6"), false)                 -- the three #6 are out
  expect_true(lay_any(g, "T11", "15") or lay_any(g, "T11", "14") or lay_any(g, "T11", "619"))
  expect_true(lay_any(g, "S16", "6"))                      -- Isili's #6 is back in the supply
end)

test("1865-R-113: a city full of other companies' stations blocks the way for laying track", function()
  local function lays_r7(fill)
    local g = P.drafted(3)
    P.floated(g, "FMS", "A", 100, 1)
    g:give_train("FMS", "PH2")
    g:lay("V9", "4", 2); g:lay("U8", "8", 5); g:lay("U6", "58", 2); g:lay("T5", "8", 3)
    if fill then P.floated(g, "SFSS", "B", 100, 1); g:place_token("SFSS", "S6") end
    P.advance_to(g, "FMS", "lay_tile")
    for _, m in ipairs(g:moves()) do if m:find("^lay R7 ") then return true end end
    return false
  end
  expect_eq(lays_r7(false), true)                           -- through Oristano's free slot
  expect_eq(lays_r7(true), false)                           -- RCSF and SFSS fill it
end)
