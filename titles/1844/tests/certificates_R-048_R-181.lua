-- Mountain Railways and Tunnel certificates (1844-R-048, R-180, R-181,
-- R-182, R-205).

local P = test_lib("play")

local sold_out = P.sold_out

test("1844-R-180, R-181: a Mountain Railway costs 150; its buyer places it with an income panel", function()
  local g = sold_out()
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("buy B1")
  expect_eq(g:player(who).cash, cash - 150)
  expect_eq(g:actor(), who)
  g:act("choose F19:XM2")
  expect_eq(g:var("mr.B1"), "F19")
  expect_eq(g:var("mr.hex.F19"), "B1")
end)

test("1844-R-048: one Mountain Railway per player and stock round", function()
  local g = sold_out()
  local who = g:actor()
  g:act("buy B1")
  g:act("choose F19:XM2")
  while g:actor() ~= who do g:act("pass") end
  g:refuse("buy B2", "1844-R-048")
  g:act("buy T2")                 -- a Tunnel certificate is another kind
  expect_eq(g:company("T2").owner, who)
end)

test("1844-R-205: an unactivated Mountain Railway is worth nothing at the end", function()
  local g = sold_out()
  local who = g:actor()
  g:act("buy B1")
  g:act("choose F19:XM2")
  expect_eq(g:var("mr.active.B1"), nil)
  g:give_cash("A", g:bank())                       -- the bank runs dry
  while not g:over() do
    P.step_on(g)
  end
  local p = g:player(who)
  local shares = 0
  for corp, pct in pairs(p.shares) do
    local c = g:corporation(corp)
    if c.started and c.price then shares = shares + pct // 10 * c.price end
  end
  expect_eq(g:company("B1").owner, who)
  expect_eq(g:result().values[who], p.cash + shares)
end)

test("1844-R-182: a Tunnel certificate costs 50 and is bought in a stock round", function()
  local g = sold_out()
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("buy T2")
  expect_eq(g:player(who).cash, cash - 50)
  expect_eq(g:company("T2").owner, who)
  expect_true(g:actor() ~= who)                     -- the turn's one purchase
end)

test("1844-R-183, R-184: unactivated certificates pay nothing; they survive phase 5 and cannot be sold", function()
  local g = sold_out()
  local who = g:actor()
  g:act("buy B1")
  g:act("choose F19:XM2")
  while g:actor() ~= who do g:act("pass") end
  local cash = g:player(who).cash
  local privates = 0
  for _, p in ipairs({ "P1", "P2", "P3", "P4", "P5", "P6", "P7" }) do
    if g:company(p).owner == who then privates = privates + g:company(p).revenue end
  end
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:player(who).cash, cash + privates)    -- no 40 from B1
  g:set_phase("5")
  expect_eq(g:company("B1").owner_kind, "player")
  expect_eq(g:company("T1").owner_kind, "player")
  expect_eq(g:company("P3").owner_kind, "closed")
  while g:round().kind ~= "stock" do
    P.step_on(g)
  end
  while g:actor() ~= who do g:act("pass") end
  for _, m in ipairs(g:moves()) do expect_true(not m:match("B1"), m) end
  g:refuse("sell B1 1")
end)

test("1844-R-185: only a company whose director holds a Tunnel certificate builds a tunnel; the certificate stays with the player", function()
  local g = sold_out()
  expect_eq(g:company("T1").owner, "C")            -- with P3 (A-23)
  g:start("VZ", "C", 70)                           -- Sion, next to the J9 tunnel
  g:give_share("VZ", "A")
  g:start("JN", "D", 70)
  g:give_share("JN", "A")
  g:give_train("FNM", "2", true)
  while g:round().kind ~= "operating" do g:act("pass") end
  while g:operating() ~= "VZ" do
    P.step_on(g, true)
  end
  g:act("lay K10 57 2")                            -- Sion, toward J9
  expect_contains(g:moves(), "do build_tunnel hex=J9 mouths=3-5")
  local cash = g:corporation("VZ").cash
  g:act("do build_tunnel hex=J9 mouths=3-5")
  expect_eq(g:corporation("VZ").cash, cash - 100)
  expect_eq(g:company("T1").owner, "C")            -- used, still C's
  expect_eq(g:var("tunnel.cert.T1"), "J9")
  while g:operating() ~= "JN" do g:act("pass") end
  -- D holds no Tunnel certificate: JN cannot build one.
  for _, m in ipairs(g:moves()) do expect_true(not m:match("build_tunnel"), m) end
  g:refuse("do build_tunnel hex=K14 mouths=1-5", "1844-R-091")
end)

-- Run and withhold; else pass.
local function step_on(g) P.step_on(g, true) end

test("1844-R-183, R-205: a tunnel activated by a run pays 10 each OR and counts 50 at the end", function()
  local g = sold_out()
  g:start("VZ", "C", 70)
  g:give_share("VZ", "A")
  g:give_train("FNM", "2", true)
  g:set_phase("3")
  g:give_train("VZ", "3H")
  g:lay("I10", "4", 0)                             -- Gstaad, toward J9
  while g:round().kind ~= "operating" do g:act("pass") end
  while g:operating() ~= "VZ" do step_on(g) end
  g:act("lay K10 57 2")
  g:act("do build_tunnel hex=J9 mouths=3-5")
  expect_eq(g:var("tunnel.active.T1"), nil)
  -- The next OR: VZ runs Sion - tunnel - Gstaad.
  while g:operating() == "VZ" do g:act("pass") end
  while g:operating() ~= "VZ" or g:step() ~= "run_routes" do step_on(g) end
  g:act("run auto")
  expect_eq(g:var("tunnel.active.T1"), true)
  -- Paid from the next OR on.
  local set = g:round().stock_rounds
  while g:round().kind ~= "stock" do step_on(g) end
  while g:actor() ~= "C" do g:act("pass") end
  local c = g:player("C").cash
  while g:round().kind == "stock" do g:act("pass") end
  expect_contains(g:log(), "T1 pays 10 SFR to C")
  expect_eq(g:player("C").cash, c + 10 + 15)       -- T1 and P3 (P7 pays nothing)
  expect_eq(g:round().stock_rounds, set + 1)
  -- The end: the bank runs dry now.
  g:give_cash("A", g:bank())
  while not g:over() do step_on(g) end
  local p = g:player("C")
  expect_eq(g:result().values.C, p.cash + p.shares.VZ // 20 * g:share_price("VZ") + 50)
end)
