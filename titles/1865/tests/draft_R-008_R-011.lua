-- Phase 1, the maritime draft (§2.5; 1865-R-008 .. R-011, E-01).
local P = test_lib("play")

test("E-01: the draft is a snake; unpicked maritime companies leave the game (1865-R-009, R-010)", function()
  local g = P.new(3)
  expect_eq(g:round().name, "draft")                         -- 1865-R-008: the game begins with the draft
  expect_eq(g:actor(), "A")
  g:act("do pick company=M3")
  expect_eq(g:actor(), "B")
  g:act("do pick company=M1")
  expect_eq(g:actor(), "C")
  g:act("do pick company=M7")
  expect_eq(g:actor(), "C")                                  -- the last player picks twice in a row
  g:act("do pick company=M8")
  expect_eq(g:actor(), "B")
  g:act("do pick company=M2")
  expect_eq(g:actor(), "A")                                  -- the priority holder picks first and last
  g:act("do pick company=M6")
  expect_eq(g:player("A").companies, { "M3", "M6" })
  expect_eq(g:player("B").companies, { "M1", "M2" })
  expect_eq(g:player("C").companies, { "M7", "M8" })
  expect_eq(g:company("M4").owner_kind, "closed")
  expect_eq(g:company("M5").owner_kind, "closed")
  expect_eq(g:player("A").cash, 330)                         -- 1865-R-010: maritime cards are free
  expect_eq(g:round().kind, "stock")                         -- 1865-R-011, R-012: then a stock round
  expect_eq(g:phase(), "2")
end)

test("1865-R-009: a card already taken cannot be picked; passing is not allowed", function()
  local g = P.new(2)
  g:act("do pick company=M1")
  g:refuse("do pick company=M1", "1865-R-010", "not on offer")
  g:refuse("pass", "1865-R-010", "picks a maritime company")
end)

test("1865-R-010: each player ends with exactly two cards, with two players too", function()
  local g = P.drafted(2)
  expect_eq(#g:player("A").companies, 2)
  expect_eq(#g:player("B").companies, 2)
  local closed = 0
  for _, m in ipairs({ "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8" }) do
    if g:company(m).owner_kind == "closed" then closed = closed + 1 end
  end
  expect_eq(closed, 4)
end)

test("1865-R-185: the short game drafts M1-M6 only", function()
  local g = P.new(3, { "short_game" })
  expect_eq(g:company("M7").owner_kind, "closed")
  expect_eq(g:company("M8").owner_kind, "closed")
  expect_eq(g:moves(), { "do pick company=M1", "do pick company=M2", "do pick company=M3", "do pick company=M4", "do pick company=M5", "do pick company=M6" })
  expect_eq(g:corporation("CFC").in_play, false)             -- 1865-R-186
  expect_eq(g:corporation("CFD").in_play, false)
  expect_eq(g:bank(), 6000 - 3 * 330)                        -- 1865-R-189, R-001 (A-08: purses from the bank)
end)

test("1865-R-008, R-011: the draft is phase 1's only business; its end opens the first stock round in phase 2", function()
  local g = P.new(3)
  expect_eq(g:round().kind, "script")
  expect_eq(g:round().stock_rounds, 0)
  expect_eq(g:phase(), "1")                                  -- the draft is phase 1
  g = P.drafted(3)
  expect_eq(g:round().stock_rounds, 1)
  expect_eq(g:phase(), "2")
  local log = g:log()
  expect_contains(log, "the draft is over (1865-R-011)")
  expect_contains(log, "phase 2 begins")
end)
