-- End of the game and the final count (1844-R-202 to R-206, R-179,
-- R-175, R-183).

local P = test_lib("play")

local sold_out = P.sold_out
-- Owners: A P1 and P5 (one MOB share), B P2 and P6 (FNM's director),
-- C P3 and P7, D P4.

local step_on = P.step_on

test("1844-R-202, R-204: the bank runs out in a stock round: the round ends, one OR set follows", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)
  g:set_phase("3")                                 -- sets of two ORs
  g:give_cash("D", g:bank())                       -- the bank is empty
  expect_eq(g:over(), false)
  expect_eq(g:round().kind, "stock")
  local seen = {}
  while not g:over() do
    local r = g:round()
    if r.kind == "operating" then seen[#seen + 1] = r.stock_rounds .. "." .. r.set_index end
    step_on(g)
  end
  -- Two ORs (phase 3), both after the same stock round.
  local sr = g:round().stock_rounds
  expect_eq(seen[1], sr .. ".1")
  expect_eq(seen[#seen], sr .. ".2")
  expect_eq(g:result().reason, "bank")
end)

local UNIT = { regional = 20, historical = 10, pre_sbb = 25, sbb = 5 }

-- What R-205 says a player is worth now (without certificates).
local function worth(g, name)
  local p = g:player(name)
  local v = p.cash - (p.debt or 0)
  for corp, pct in pairs(p.shares) do
    local c = g:corporation(corp)
    if c.started and c.price then v = v + pct // UNIT[c.kind] * c.price end
  end
  return v
end

-- Phase 4, all 2s gone; in the OR FNM (B) must buy a train with 100 in
-- its treasury and B has 50: B owes 45 after buying a 3 (T-18).
local function emergency_then_break()
  local g = P.forced_purchase(50)
  g:act("train 3 as 3")                            -- B owes 45; the first OR ends
  expect_eq(g:round().set_index, 2)
  g:give_cash("C", g:bank())                       -- the bank is empty in OR 2
  return g
end

test("1844-R-203: the bank runs out in an OR: the set is played out, the bank paying on below zero", function()
  local g = emergency_then_break()
  expect_eq(g:bank(), 0)
  expect_eq(g:over(), false)
  local sr = g:round().stock_rounds
  local ran = {}
  while not g:over() do
    expect_eq(g:round().kind, "operating")         -- no stock round follows
    if g:operating() then ran[g:operating()] = true end
    step_on(g)
  end
  expect_eq(ran, { NOB = true, FNM = true })       -- the rest of the set
  expect_eq(g:round().stock_rounds, sr)
  expect_true(g:bank() < 0)                        -- FNM's run was paid all the same
  expect_eq(g:result().reason, "bank")
end)

test("1844-R-205, R-179, R-175: the final count: cash and shares at market price, less debt; privates and P5's unlaunched MOB share count 0", function()
  local g = emergency_then_break()
  while not g:over() do step_on(g) end
  local res = g:result()
  expect_true(g:player("B").debt > 0)
  for _, name in ipairs({ "A", "B", "C", "D" }) do
    expect_eq(res.values[name], worth(g, name), name)
  end
  -- A's P1, P5 and the MOB share that came with P5 add nothing.
  expect_eq(g:player("A").shares.MOB, 10)
  expect_eq(res.values.A, g:player("A").cash + 2 * g:share_price("NOB"))
  expect_eq(res.values.B, g:player("B").cash + 2 * g:share_price("FNM") - g:player("B").debt)
end)

test("1844-R-206: equal final values share the win", function()
  local g = emergency_then_break()
  -- The last company of the set, FNM, is about to end the game; D and C
  -- are brought level first.
  while not g:over() do
    local r = g:round()
    if r.set_index == 2 and g:operating() == "FNM" then
      local c, d = worth(g, "C"), worth(g, "D")
      local top = math.max(worth(g, "A"), worth(g, "B"), c, d) + 100
      g:give_cash("C", top - c)
      g:give_cash("D", top - d)
      break
    end
    step_on(g)
  end
  while not g:over() do step_on(g) end
  expect_eq(g:result().winners, { "C", "D" })
end)
