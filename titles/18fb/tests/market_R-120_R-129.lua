-- Dividends and the price step (§2.2.5, §3.5.6; 18FB-R-120 .. R-129,
-- A-09; checklist §3.2 and D-18 .. D-21, D-27, S-09): the core's dividend
-- step pays (title.toml: half_dividend, treasury_dividends, pool_dividends)
-- and scripts/market.lua's `dividend_move` hook moves the price.
--
-- The corporation is RM, whose kind (national) has no state: it pays as a
-- Provisional or Definitive major does (§3.7.1). Earnings are X + Y
-- (scripts/revenue.lua, R-111 .. R-117): with no station, E = D10 x its
-- town markers (var markers.RM) up to its trains' Y, so E is set by the
-- markers and a few PH6 trains (Y = 8 each). Those tests need the X + Y
-- revenue; without it (props.marker_value absent) they are pending.
local M = test_lib("market")

local XY = M.after_pr():props().marker_value ~= nil
local function with_xy(name, fn)
  if XY then test(name, fn) else pending(name, "needs the X + Y earnings (scripts/revenue.lua, branch 18fb-revenue)", fn) end
end

-- RM started by A at D100; players 60 % (A 20 % + 10 %, B 10 %, C 10 %,
-- D 10 %... as `shares` says), `pool` shares in the Pool, the rest in the
-- IPO; `e` earnings through town markers and PH6 trains; played to its
-- dividend step in OR 1.1 with its price set to `price` (row `row`).
local function at_dividend(e, price, row, shares, pool)
  local g = M.rm(shares or { A = 1, B = 1, C = 1, D = 1 }, pool or 2)
  for _ = 1, (e // 10 + 7) // 8 do g:give_train("RM", "PH6") end
  g:set_var("markers.RM", e // 10)
  M.pass_round(g)
  M.to_dividend(g)
  expect_eq(g:step(), "dividend")
  expect_eq(g:turn().revenue, e)
  g:set_price("RM", price, row)
  return g
end

local function cash(g)
  return { A = g:player("A").cash, B = g:player("B").cash, C = g:player("C").cash, D = g:player("D").cash, RM = g:corporation("RM").cash, bank = g:bank() }
end

local function plus(before, d)
  local out = {}
  for k, v in pairs(before) do out[k] = v + (d[k] or 0) end
  return out
end

with_xy("18FB-R-120, R-126 (D-18): a full dividend pays E / 10 a share, IPO shares to the corporation, Pool shares nobody; E >= price moves right", function()
  local g = at_dividend(150, 100)
  local before = cash(g)
  g:act("payout")
  -- A holds 3 shares, B, C and D one each (60 %): D15 a share, D90 in all;
  -- the IPO's 2 shares pay RM D30; the Pool's 2 nobody.
  expect_eq(cash(g), plus(before, { A = 45, B = 15, C = 15, D = 15, RM = 30, bank = -120 }))
  expect_eq(g:share_price("RM"), 110)
  expect_eq(g:corporation("RM").market_row, 0)
end)

with_xy("18FB-R-126, A-09: a full dividend equal to the share price moves right", function()
  local g = at_dividend(100, 100)
  g:act("payout")
  expect_eq(g:share_price("RM"), 110)
end)

with_xy("18FB-R-127: a full dividend below the share price leaves it", function()
  local g = at_dividend(90, 100)
  g:act("payout")
  expect_eq(g:share_price("RM"), 100)
end)

with_xy("18FB-R-122, R-125 (D-21): withholding puts E in the treasury and moves the price left", function()
  local g = at_dividend(200, 100)
  local before = cash(g)
  g:act("withhold")
  expect_eq(cash(g), plus(before, { RM = 200, bank = -200 }))
  expect_eq(g:share_price("RM"), 90)
end)

with_xy("18FB-R-121, R-126, A-09 (D-19, price): a half dividend's payout is ceil10(E / 2): E = 150 pays 80, at least D80, so right", function()
  local g = at_dividend(150, 80)
  g:act("half")
  expect_eq(g:share_price("RM"), 90)
end)

with_xy("18FB-R-121, R-126, A-09 (D-20, price): E = 130 at D70: a half payout of 70 moves right", function()
  local g = at_dividend(130, 70)
  g:act("half")
  expect_eq(g:share_price("RM"), 80)
end)

with_xy("18FB-R-121, R-127, A-09: a half payout below the price leaves it (E = 150, payout 80, price 90)", function()
  local g = at_dividend(150, 90)
  g:act("half")
  expect_eq(g:share_price("RM"), 90)
end)

-- The money of a half dividend: R-121 pays ceil10(E / 2) and keeps the
-- rest (title.toml: half_dividend_split = "up_to_ten").
local function half_money(e, per_share, kept)
  return function()
    local g = at_dividend(e, 100)
    local before = cash(g)
    g:act("half")
    -- players hold 6 shares (A 3), the IPO 2, the Pool 2
    expect_eq(cash(g), plus(before, { A = 3 * per_share, B = per_share, C = per_share, D = per_share,
      RM = 2 * per_share + kept, bank = -(8 * per_share + kept) }))
  end
end
with_xy("18FB-R-121 (D-19): a half dividend of E = 150 pays D8 a share (ceil10(75) = 80) and the corporation keeps 70 more", half_money(150, 8, 70))
with_xy("18FB-R-121 (D-20): a half dividend of E = 130 pays D7 a share and the corporation keeps 60", half_money(130, 7, 60))
-- D-27 is played in frozen_R-055_R-058.lua (a Frozen major needs a takeover).

-- S-09's second half (it must then buy a train, R-132) is train buying's:
-- the core asks for a route (has_route), which RM without a station lacks.
test("18FB-R-125 (S-09): a corporation with no trains earns 0 and moves left", function()
  local g = M.rm()
  M.pass_round(g)
  expect_eq(g:round().kind, "operating")
  M.to_step(g, "buy_train")
  expect_eq(g:share_price("RM"), 90)
  expect_eq(g:corporation("RM").market_row, 0)
  expect_contains(g:log(), "RM has no train and pays no dividend")
end)

test("18FB-R-125, A-07: a left move at the left edge of the market goes down one row", function()
  local g = M.rm()
  g:set_price("RM", 60, 0)
  g:give_train("RM", "PH1")
  M.pass_round(g)
  M.to_step(g, "buy_train")
  -- no station, no marker: E = 0, the step withholds by itself
  expect_eq(g:corporation("RM").market_row, 1)
  expect_eq(g:corporation("RM").market_col, 0)
  expect_eq(g:share_price("RM"), 50)
end)

test("18FB-R-128: a token moving into an occupied cell goes to the bottom of its stack", function()
  local g = M.rm()
  g:start("RA", "B", 90)
  g:set_price("RA", 90, 0)
  g:give_train("RM", "PH1")
  g:give_train("RA", "PH1")
  M.pass_round(g)
  -- RM (D100) operates first; earning nothing it moves left onto RA's D90
  expect_eq(g:operating(), "RM")
  M.to_step(g, "buy_train")
  expect_eq(g:share_price("RM"), 90)
  expect_eq(g:corporation("RM").market_col, g:corporation("RA").market_col)
  expect_eq(g:value_order(), { "RA", "RM" })
end)
