-- Maritime companies (§2.6; 1865-R-016, R-026, R-099, R-102, R-133,
-- R-136, R-143, R-149 .. R-154, E-02; A-12, A-13, A-32).
local P = test_lib("play")

-- A holds M1 and M6, B M2 and M5, C M3 and M4 (the default draft); FMS
-- (home Cagliari, M3's place) is floated by C at 100.
local function fms_by_c(phase)
  local g = P.drafted(3)
  P.floated(g, "FMS", "C", 100, 1)
  if phase then g:set_phase(phase) end
  return g
end

test("1865-R-099: a player's maritime company pays L. 20 at the start of every operating round", function()
  local g = fms_by_c()
  local a = g:player("A").cash
  P.advance_to(g, "FMS", "lay_tile")
  expect_eq(g:player("A").cash - a, 40)                  -- M1 and M6
  expect_contains(g:log(), "A receives L. 20 from M1 (1865-R-099)")
end)

test("E-02a: phase 4, FMS stands in Cagliari: handing M3 over gives 4 traffic at once (1865-R-151)", function()
  local g = fms_by_c("4")
  P.advance_to(g, "FMS", "lay_tile")
  local before = g:var("traffic.FMS")
  g:act("do hand_maritime maritime=M3")
  expect_eq(g:var("traffic.FMS") - before, 4)
  expect_eq(g:company("M3").owner, "FMS")
  expect_true(g:var("bonus.M3"))
end)

test("E-02b, 1865-R-133: without a station on its place the bonus waits; it is given once only (R-154)", function()
  local g = fms_by_c("4")
  P.advance_to(g, "FMS", "lay_tile")
  local before = g:var("traffic.FMS")
  g:act("do hand_maritime maritime=M4")                            -- M4: the Carbonia mines; FMS has none
  expect_eq(g:var("traffic.FMS"), before)
  expect_eq(g:var("bonus.M4"), nil)
end)

test("1865-R-149, A-12: only the operating company's president hands over his own maritime companies", function()
  local g = fms_by_c()
  P.advance_to(g, "FMS", "lay_tile")
  g:refuse("do hand_maritime maritime=M1", "1865-R-149", "only FMS's president")
  expect_eq(g:company("M1").owner, "A")
end)

test("1865-R-149: with the option, any player may hand one over", function()
  local g = P.drafted(3, { "maritime_from_any_player" })
  P.floated(g, "FMS", "C", 100, 1)
  P.advance_to(g, "FMS", "lay_tile")
  g:act("do hand_maritime maritime=M1")
  expect_eq(g:company("M1").owner, "FMS")
end)

test("1865-R-102: maritime companies may be handed over at any point of the turn", function()
  local g = fms_by_c()
  g:set_var("traffic.FMS", 5)
  g:give_train("FMS", "PH2")
  P.advance_to(g, "FMS", "dividend")
  g:act("do hand_maritime maritime=M3")
  expect_eq(g:company("M3").owner, "FMS")
end)

test("1865-R-150, R-153: a company's maritime company pays it nothing, is never discarded, and stays at phase 5", function()
  local g = fms_by_c()
  P.advance_to(g, "FMS", "lay_tile")
  g:act("do hand_maritime maritime=M3")
  local cash = g:corporation("FMS").cash
  g:set_phase("5")
  expect_eq(g:company("M3").owner, "FMS")
  expect_eq(g:corporation("FMS").cash, cash)
end)

test("1865-R-026: phase 5 discards the maritime companies players still hold", function()
  local g = fms_by_c()
  g:set_phase("5")
  expect_eq(g:company("M1").owner_kind, "closed")
  expect_eq(#g:player("A").companies, 0)
  expect_contains(g:log(), "M1 held by A is discarded at phase 5 (1865-R-026)")
end)

test("1865-R-016, R-143: maritime companies are not trains: no train limit, no 'must own a train'", function()
  local g = fms_by_c()
  g:set_var("traffic.FMS", 5)
  P.advance_to(g, "FMS", "lay_tile")
  g:act("do hand_maritime maritime=M3")
  g:act("do hand_maritime maritime=M4")
  P.advance_to(g, "FMS", "buy_train")
  g:refuse("pass", "1865-R-142", "")                     -- traffic and no train: it must buy one
  expect_eq(#g:corporation("FMS").trains, 0)
end)

test("A-32: maritime companies do not count toward the certificate limit", function()
  local g = P.drafted(3)
  expect_eq(g:player("A").certificates, 0)
end)

test("1865-R-152: M4's bonus comes with a station on any one of the three Carbonia mines", function()
  local g = fms_by_c("3")
  g:lay("W4", "173", 4)
  g:place_token("FMS", "W4")                                -- Monteponi
  P.advance_to(g, "FMS", "lay_tile")
  local before = g:var("traffic.FMS")
  g:act("do hand_maritime maritime=M4")
  expect_eq(g:var("traffic.FMS") - before, 3)
end)
