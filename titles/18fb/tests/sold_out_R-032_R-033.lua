-- The sold-out rise at the end of a stock round (§2.2.5, §3.4; 18FB-R-032,
-- R-033, R-129): the core's, with companies.toml's states (building and
-- frozen: sold_out_rise = false).
local M = test_lib("market")

-- RM (no state) started by A at D100, every other certificate with B, C, D.
local function sold_out_rm()
  return M.rm({ B = 3, C = 3, D = 2 }, 0)
end

local function at(g, corp) local c = g:corporation(corp) return { c.market_row, c.market_col, c.price } end

-- The price moves logged at the end of the last stock round (before the
-- operating round begins, where RM, earning nothing, moves left at once).
local function sr_end_moves(g)
  local out, inside = {}, false
  for _, line in ipairs(g:log()) do
    if line:find("^%-%- stock round") then out, inside = {}, true
    elseif line:find("^%-%- operating round") then inside = false
    elseif inside and line:find("share price moves", 1, true) then out[#out + 1] = line end
  end
  return out
end

test("18FB-R-032: a corporation with no share in the IPO or the Pool moves up one row at the end of the stock round", function()
  local g = sold_out_rm()
  g:set_price("RM", 90, 1)
  expect_eq(g:corporation("RM").treasury_percent, 0)
  expect_eq(g:corporation("RM").pool_percent, 0)
  M.pass_round(g)
  expect_eq(g:round().kind, "operating")
  expect_eq(sr_end_moves(g), { "RM share price moves from D90 to D100" })
end)

test("18FB-R-032: a share left in the IPO keeps it where it is", function()
  local g = M.rm({ B = 3, C = 3, D = 1 }, 0)
  g:set_price("RM", 90, 1)
  M.pass_round(g)
  expect_eq(sr_end_moves(g), {})
end)

test("18FB-R-032, R-129: a sold-out corporation on the top row does not move", function()
  local g = sold_out_rm()
  expect_eq(at(g, "RM"), { 0, 4, 100 })
  M.pass_round(g)
  expect_eq(sr_end_moves(g), {})
end)

test("18FB-R-033: a corporation in Building state does not rise when sold out", function()
  local g = M.after_pr()
  g:act("par FSC 100")                        -- A acquires FSC's concession: Building (R-036)
  expect_eq(g:corporation("FSC").state, "building")
  for _, p in ipairs({ "B", "B", "B", "C", "C", "C", "D", "D" }) do g:give_share("FSC", p) end
  g:set_price("FSC", 90, 1)
  expect_eq(g:corporation("FSC").treasury_percent, 0)
  expect_eq(g:corporation("FSC").pool_percent, 0)
  M.pass_round(g)
  expect_eq(g:round().kind, "operating")
  expect_eq(sr_end_moves(g), {})
  expect_eq(at(g, "FSC"), { 1, 4, 90 })
end)

-- 18FB-R-033 for a Frozen corporation: tests/frozen_R-055_R-058.lua.

-- §2.2.5 lists every move of the market: sales down, withholding or no
-- earnings left, a dividend at least the price right, sold out at the end
-- of a stock round and destination bonuses up. Shares in the Pool do not
-- move the price at the end of a stock round (title.toml: sr_pool_move =
-- "none").
test("18FB-R-032, R-030: shares in the Pool at the end of a stock round do not move the price",
  function()
    local g = M.rm({ B = 3 }, 1)
    g:set_price("RM", 90, 1)
    M.pass_round(g)
    expect_eq(sr_end_moves(g), {})
  end)
