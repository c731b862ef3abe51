-- Positions for the market tests (market_*, ledges_*, sold_out_*).
local M = {}

-- A 4-player game (A, B, C, D) after a political round in which nobody
-- bought a card: stock round 1, A to act.
M.after_pr = test_lib("play").after_pr

-- Everyone passes until the round changes (a stock round's passes).
function M.pass_round(g)
  local name = g:round().name
  local n = 0
  while g:round().name == name and g:round().kind == "stock" do
    g:act("pass")
    n = n + 1
    expect_true(n <= 8, "the stock round did not end")
  end
end

-- RM, a corporation without a state of companies.toml (the nationals' kind
-- has none: they pay like a major, §3.7.1), started by A at D100, with
-- `shares` = { B = 3, ... } ordinary certificates given to other players
-- and `pool` certificates in the Pool. Stock round 1, A to act.
function M.rm(shares, pool)
  local g = M.after_pr()
  g:start("RM", "A", 100)
  for who, n in pairs(shares or {}) do
    for _ = 1, n do g:give_share("RM", who) end
  end
  for _ = 1, pool or 0 do g:give_share("RM", "pool") end
  return g
end

-- Plays RM's operating turns until its dividend step (the run done by the
-- title's revenue), or until the round is not operating any more.
function M.to_dividend(g)
  local n = 0
  while g:round().kind == "operating" and g:step() ~= "dividend" do
    g:act("pass")
    n = n + 1
    expect_true(n <= 20, "no dividend step reached")
  end
end

-- Passes in the operating round until the operating corporation reaches
-- `step` (the steps before it done or passed).
function M.to_step(g, step)
  local n = 0
  while g:step() ~= step do
    expect_eq(g:round().kind, "operating")
    g:act("pass")
    n = n + 1
    expect_true(n <= 20, "step " .. step .. " not reached")
  end
end

-- RM as M.rm, through both operating rounds of set 1 (it has operated, so
-- its shares may be sold, 18FB-R-025), in stock round 2 with A to act.
function M.rm_operated(shares, pool)
  local g = M.rm(shares, pool)
  M.pass_round(g)
  while g:round().kind == "operating" do g:act("pass") end
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "A")
  return g
end

return M
