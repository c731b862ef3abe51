-- Terrain costs of tile lays (1849 V6 §10.3.1, §7.1; rules 1849-R-124,
-- R-035 for P2), the lines of worked example WE-10 that yellow tiles
-- reach. The track to the terrain hex is laid with test setters; the lay
-- itself is RCS's action in its operating turn.
--
-- RCS, from Palermo (C5, standard track only): D6 (plain) leads on to
-- Corleone (E5, a town on mountains, L. 160) and to Termini Imerese (E7);
-- beyond them F8 (plain) and Castrogiovanni (G9, a town on hills, L. 80).
-- ATA, from Siracusa (M13, narrow track only): L12 (mountains, L. 160).

local order = test_lib("play").order

-- C starts `corp` with the RSA; setters lay the track (`lays`), bring its
-- treasury to L. 500 and, when asked, give it P2. Returns the game at
-- its tile step.
local function lay_step(corp, lays, with_p2)
  local g = new_game{ players = { "A", "B", "C" }, seed = 1, setup = { corporation_order = order(corp) } }
  g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par " .. corp .. " 68" }
  for _, l in ipairs(lays) do g:lay(l[1], l[2], l[3]) end
  g:give_cash(corp, 500 - g:corporation(corp).cash)
  if with_p2 then g:give_company("P2", corp) end
  g:acts{ "pass", "pass", "pass" }
  expect_eq(g:actor(), corp)
  expect_eq(g:step(), "lay_tile")
  return g
end

local TO_CORLEONE = { { "D6", "7", 1 } }
local TO_CASTROGIOVANNI = { { "D6", "9", 2 }, { "E7", "4", 2 }, { "F8", "9", 2 } }

-- What the corporation pays for the lay `cmd`.
local function cost(corp, lays, with_p2, cmd)
  local g = lay_step(corp, lays, with_p2)
  local before = g:corporation(corp).cash   -- P2 has paid its L. 10 when owned
  g:act(cmd)
  return before - g:corporation(corp).cash
end

test("1849-R-124 (WE-10): standard track on mountains costs 160, narrow track a quarter, 40", function()
  expect_eq(cost("RCS", TO_CORLEONE, false, "lay E5 4 1"), 160)
  expect_eq(cost("ATA", {}, false, "lay L12 79 2"), 40)
end)

test("1849-R-124 (WE-10): standard track on hills costs 80", function()
  expect_eq(cost("RCS", TO_CASTROGIOVANNI, false, "lay G9 4 2"), 80)
end)

test("1849-R-124 (WE-10): plains cost nothing", function()
  expect_eq(cost("RCS", { { "D6", "9", 2 } }, false, "lay E7 4 2"), 0)
end)

test("1849-R-035 (WE-10): P2 halves standard track on mountains and hills, not narrow track", function()
  expect_eq(cost("RCS", TO_CORLEONE, true, "lay E5 4 1"), 80)
  expect_eq(cost("RCS", TO_CASTROGIOVANNI, true, "lay G9 4 2"), 40)
  expect_eq(cost("ATA", {}, true, "lay L12 79 2"), 40)
end)

test("1849-R-101, R-118: narrow track does not join standard track at a plain hex side", function()
  local g = lay_step("RCS", TO_CORLEONE, false)
  g:refuse("lay E5 74 1", "1849-R-102", "on a gauge that does not join")
  g = lay_step("ATA", {}, false)
  g:refuse("lay L12 9 2", "1849-R-102", "on a gauge that does not join")
end)

test("1849-R-124: the cost is paid from the treasury, or the lay is refused", function()
  local g = lay_step("RCS", TO_CORLEONE, false)
  g:give_cash("RCS", -341)
  expect_eq(g:corporation("RCS").cash, 159)
  g:refuse("lay E5 4 1", "1849-R-096", "L. 160")
  g:give_cash("RCS", 1)
  g:act("lay E5 4 1")
  expect_eq(g:corporation("RCS").cash, 0)
  expect_contains(g:log(), "RCS lays tile 4 on E5 Corleone (rotation 1) for L. 160")
end)
