-- The end of a stock round (1844-R-065) and the start of an operating
-- round: private income (R-068), Mountain Railway and tunnel income
-- (R-069), the operating order (R-070).

local P = test_lib("play")

local has = P.has

-- Stock round 1 next, order B, C, A, D.
local sold_out = P.sold_out

test("(T-08) 1844-R-065: end of the round: pool shares move left, all with players up, the others stay", function()
  local g = sold_out()
  g:give_cash("A", 1000); g:give_cash("B", 1000); g:give_cash("C", 1000)
  -- STB at 135 (r3c9) with a share in the pool.
  g:start("STB", "A", 90, 3)
  g:give_share("STB", "pool")
  g:set_price("STB", 135)
  -- JN (regional) at 120 (r3c8), all 5 units with players.
  g:start("JN", "B", 60, 1)
  g:give_share("JN", "C"); g:give_share("JN", "D")
  g:set_price("JN", 120, 2)
  -- RhB: shares in the IPO, none in the pool.
  g:start("RhB", "C", 70, 3)
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:share_price("STB"), 120)
  expect_eq({ g:corporation("STB").market_row, g:corporation("STB").market_col }, { 2, 7 })   -- r3c8
  expect_eq(g:share_price("JN"), 130)
  expect_eq({ g:corporation("JN").market_row, g:corporation("JN").market_col }, { 1, 7 })     -- r2c8
  expect_eq(g:share_price("RhB"), 70)
  expect_eq(g:share_price("FNM"), 80, "FNM's pool shares: 90 -> 80")
end)

test("1844-R-065: at the left edge a company with pool shares moves down; at the top one with all shares held stays", function()
  local g = sold_out()
  g:give_cash("A", 1000); g:give_cash("B", 1000)
  g:start("STB", "A", 60, 3)
  g:give_share("STB", "pool")
  g:set_price("STB", 55)            -- r3c1: no cell to the left
  g:start("JN", "B", 60, 1)
  g:give_share("JN", "C"); g:give_share("JN", "D")
  g:set_price("JN", 110, 0)         -- r1c5: no row above
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:share_price("STB"), 50)   -- r4c1
  expect_eq(g:share_price("JN"), 110)
end)

test("1844-R-068: at the start of the operating round the bank pays the privates' income before any company acts", function()
  local g = sold_out()
  local cash, bank = {}, g:bank()
  for _, p in ipairs(g:players()) do cash[p] = g:player(p).cash end
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:round().kind, "operating")
  expect_eq(g:operating(), "FNM")
  -- A: P1 5 + P5 25; B: P2 10 + P6 30; C: P3 15 (+ P7 0); D: P4 20.
  expect_eq(g:player("A").cash - cash.A, 30)
  expect_eq(g:player("B").cash - cash.B, 40)
  expect_eq(g:player("C").cash - cash.C, 15)
  expect_eq(g:player("D").cash - cash.D, 20)
  expect_eq(bank - g:bank(), 105)
end)

test("1844-R-068: a company owning a private is paid its income too", function()
  local g = sold_out()
  g:give_company("P2", "FNM")
  local treasury = g:corporation("FNM").cash
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:corporation("FNM").cash, treasury + 10)
end)

-- The order in which the companies of an operating round act.
local function or_order(g)
  local seen = {}
  while g:round().kind == "operating" and g:actor() ~= nil do
    local op = g:operating()
    if op and seen[#seen] ~= op then seen[#seen + 1] = op end
    local moves = g:moves()
    if has(moves, "run auto") then g:act("run auto")
    elseif has(moves, "payout") then g:act("payout")
    else P.pass(g) end
  end
  return seen
end

test("1844-R-070: companies operate by price, highest first; on one cell the top marker first; equal prices further right first", function()
  local g = sold_out()
  g:give_cash("A", 2000); g:give_cash("C", 2000)
  -- FNM 90 (r3c5) moves to 80 (r3c4) at the end of this round (pool shares).
  g:start("STB", "A", 60, 3); g:set_price("STB", 100, 2)   -- r3c6
  g:start("RhB", "C", 60, 3); g:set_price("RhB", 100, 4)   -- r5c8: further right
  g:start("BLS", "A", 60, 3); g:set_price("BLS", 120, 2)   -- r3c8: highest
  g:start("AB", "C", 60, 3); g:set_price("AB", 60)         -- r6c5 par cell
  g:start("MOB", "C", 60, 2); g:set_price("MOB", 60)       -- the same cell, under AB
  g:give_train("FNM", "2H")
  for _ = 1, 4 do g:act("pass") end
  -- End-of-round moves: none of these has pool shares or all units held.
  expect_eq(g:share_price("STB"), 100)
  expect_eq(or_order(g), { "BLS", "RhB", "STB", "FNM", "AB", "MOB" })
end)

local play_or = P.play_or

test("1844-R-069: an activated Mountain Railway pays its owner 40 at the start of each operating round", function()
  local g = sold_out()
  g:act("buy B1")                   -- B
  g:act("choose H7:XM1")            -- Rochers de Naye, next to Montreux
  g:give_cash("C", 1000)
  g:start("MOB", "C", 60, 3)        -- with A's P5 share: launched
  g:lay("I6", "5", 2)               -- Montreux's track toward H7
  g:give_train("MOB", "2")
  g:give_train("FNM", "2H")
  local b = g:player("B").cash
  while g:round().kind == "stock" do g:act("pass") end
  -- Operating round 1: B's privates pay (P2 10, P6 30); B1 is not active yet.
  expect_eq(g:var("mr.active.B1"), nil)
  expect_eq(g:player("B").cash, b + 40)
  play_or(g)
  expect_true(g:var("mr.active.B1"), "MOB's run to H7 activated B1")
  expect_eq(g:player("B").cash, b + 40, "no income from B1 during the round it is activated (A-16)")
  while g:round().kind == "stock" do g:act("pass") end
  -- Operating round 2 starts: P2 10 + P6 30 + B1 40.
  expect_eq(g:player("B").cash, b + 40 + 80)
  expect_contains(g:log(), "B1 pays 40 SFR to B")
end)

-- VZ (regional) and FNM (historical) both at 180 (r3c12) with a paying
-- route each; the operating round that follows stock round 1.
local function cap_position(vz_row)
  local g = sold_out()
  g:give_cash("A", 1000)
  g:start("VZ", "A", 60, 1)         -- 3 units: launched
  g:lay("K10", "57", 1)
  g:lay("K8", "4", 1)               -- Sion - Martigny
  g:give_train("VZ", "2H")
  g:give_train("FNM", "2")          -- Como - Milano
  while g:round().kind == "stock" do g:act("pass") end
  g:set_price("FNM", 180, 2)
  g:set_price("VZ", vz_row == 0 and 200 or 180, vz_row)
  return g
end

test("(T-16) 1844-R-131: paying out at 180 (r3c12), a regional moves up to 190, a historical right to 200", function()
  local g = cap_position(2)
  play_or(g)
  local vz, fnm = g:corporation("VZ"), g:corporation("FNM")
  expect_eq({ g:share_price("VZ"), vz.market_row, vz.market_col }, { 190, 1, 11 })     -- r2c12
  expect_eq({ g:share_price("FNM"), fnm.market_row, fnm.market_col }, { 200, 2, 12 })  -- r3c13
end)

test("(T-16) 1844-R-131: a regional at 200 (r1c12) that pays out stays at 200", function()
  local g = cap_position(0)
  play_or(g)
  local vz = g:corporation("VZ")
  expect_eq({ g:share_price("VZ"), vz.market_row, vz.market_col }, { 200, 0, 11 })
end)
