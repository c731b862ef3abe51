-- Mines and the pre-stock-round operations (§3.12, §4.3; 1865-R-076 ..
-- R-079, R-117, R-121 .. R-124, E-18, E-19).
local P = test_lib("play")

-- FMS (A, par 100) floated, with a yellow mine at V13 (Monte Narba) and
-- FMS's station there.
local function fms_with_mine(phase)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  if phase then g:set_phase(phase) end
  g:lay("V13", "173", 0)
  g:place_token("FMS", "V13")
  return g
end

-- Neutral moves until the next stock round has begun (its pre-stock
-- operations done).
local function to_next_stock_round(g)
  return P.next_stock_round(g)
end

test("1865-R-121, R-122: in its mines step a company gains 2 for a yellow mine", function()
  local g = fms_with_mine()
  local before = g:var("traffic.FMS")
  P.advance_to(g, "FMS", "build_station")               -- past lay_tile and operate_mines
  expect_eq(g:var("traffic.FMS") - before, 2)
  expect_contains(g:log(), "FMS gains 2 traffic (mines V13 (yellow) 2, 1865-R-122): 5 in all")
end)

test("E-18a, 1865-R-077: in phase 2 a tokened yellow mine stays yellow at pre-SR", function()
  local g = to_next_stock_round(fms_with_mine())
  expect_eq(g:hex("V13").tile, "173")
end)

test("E-18b: in phase 3 a tokened yellow mine becomes green and then produces 1", function()
  local g = to_next_stock_round(fms_with_mine("3"))
  expect_eq(g:hex("V13").tile, "174")
  expect_eq(g:hex("V13").color, "green")
  expect_eq(g:hex("V13").tokens, { "FMS" })              -- the station stays
  g = to_next_stock_round(g)
  expect_eq(g:hex("V13").tile, "174")                    -- green stays green in phase 3
  local before = g:var("traffic.FMS")
  P.advance_to(g, "FMS", "build_station")
  expect_eq(g:var("traffic.FMS") - before, 1)
end)

test("E-18c: in phase 5 a yellow mine becomes green, not brown; a green one brown (production 0)", function()
  local g = to_next_stock_round(fms_with_mine("5"))
  expect_eq(g:hex("V13").tile, "174")
  g = to_next_stock_round(g)
  expect_eq(g:hex("V13").tile, "175")
  expect_eq(g:hex("V13").color, "brown")
  local before = g:var("traffic.FMS")
  P.advance_to(g, "FMS", "build_station")
  expect_eq(g:var("traffic.FMS"), before)
  g = to_next_stock_round(g)
  expect_eq(g:hex("V13").tile, "175")                    -- brown never changes
end)

test("E-18d, 1865-R-078: a mine with no station never changes", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:set_phase("5")
  g:lay("V13", "173", 0)
  g = to_next_stock_round(g)
  expect_eq(g:hex("V13").tile, "173")
end)

test("1865-R-117: players lay only the yellow mine tile; mines take only mine tiles", function()
  local g = P.drafted(3)
  expect_error(function() g:lay("V13", "7", 0) end, "label")
  g:lay("V13", "173", 0)
  g:set_phase("3")
  expect_error(function() g:lay("V13", "174", 0) end, "")
end)

test("1865-R-079, E-19a: before each stock round a marker on a row below the phase moves down one row", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  expect_eq(g:var("row.FMS"), 2)                         -- 1865-R-060: floated in phase 2, the PH2 row
  g:set_phase("4")
  g = to_next_stock_round(g)
  expect_eq(g:var("row.FMS"), 3)                         -- PH2 -> PH3, not PH4
  g = to_next_stock_round(g)
  expect_eq(g:var("row.FMS"), 4)
  g = to_next_stock_round(g)
  expect_eq(g:var("row.FMS"), 4)                         -- on the PH4 row in phase 4: it stays
end)

test("E-19c, 1865-R-060: a company floating in phase 5 starts on the PH3 row and needs two pre-SRs for PH5", function()
  local g = P.drafted(3)
  g:set_phase("5")
  P.floated(g, "FMS", "A", 100, 4)
  expect_eq(g:var("row.FMS"), 3)
  g = to_next_stock_round(g)
  expect_eq(g:var("row.FMS"), 4)
  g = to_next_stock_round(g)
  expect_eq(g:var("row.FMS"), 5)
end)

test("1865-R-076: pre-SR runs mines first, then rows, in that order in the log", function()
  local g = fms_with_mine("3")
  g = to_next_stock_round(g)
  local mine, row
  for i, line in ipairs(g:log()) do
    if line:find("downgrades", 1, true) then mine = i end
    if line:find("rank marker moves down", 1, true) then row = i end
  end
  expect_true(mine ~= nil and row ~= nil and mine < row)
end)
