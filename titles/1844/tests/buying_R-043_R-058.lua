-- Buying in a stock round (1844-R-045 to R-054), directors and launch
-- (R-052, R-055 to R-058, R-063), the end of the round (R-066, R-067).

local P = test_lib("play")

local has = P.has

local play_or = P.play_or

-- Stock round 1 next, order B, C, A, D; cash A 460, B 390, C 440, D 510.
local sold_out = P.sold_out

local function second_sr(before)
  local g = P.second_sr(before)
  expect_eq(g:round().kind, "stock")
  return g
end

local function turn_of(g, who)
  while g:actor() ~= who do g:act("pass") end
end

local function end_sr(g)
  while g:round().kind == "stock" do g:act("pass") end
end

test("1844-R-045: the first share bought is the director's certificate, at a par of 60 to 100, for 2 x par", function()
  local g = sold_out()
  g:refuse("buy STB", "1844-R-045")
  g:refuse("par STB 50", "1844-R-045")
  g:refuse("par STB 110", "1844-R-045")
  local pars = {}
  for _, m in ipairs(g:moves()) do
    local p = m:match("^par STB (%d+)$")
    if p then pars[#pars + 1] = tonumber(p) end
  end
  table.sort(pars)
  expect_eq(pars, { 60, 70, 80, 90, 100 })
end)

test("1844-R-045: parring costs 2 x par; the director's certificate is 2 units", function()
  local g = sold_out()
  local cash = g:player("B").cash
  g:act("par STB 70")
  expect_eq(g:player("B").cash, cash - 140)
  expect_eq(g:player("B").shares.STB, 20)
  expect_eq(g:corporation("STB").president, "B")
  expect_eq(g:share_price("STB"), 70)
  expect_eq({ g:corporation("STB").market_row, g:corporation("STB").market_col }, { 4, 4 })   -- r5c5
end)

test("1844-R-046: a second company parred on an occupied par cell goes under the stack", function()
  local g = sold_out()
  -- FNM sits on 90 (r3c5) since the auction.
  g:act("par STB 90")          -- B; a purchase ends the turn
  g:act("par RhB 90")          -- C
  local order = {}
  for _, c in ipairs(g:value_order()) do
    if c == "FNM" or c == "STB" or c == "RhB" then order[#order + 1] = c end
  end
  expect_eq(order, { "FNM", "STB", "RhB" })
end)

test("1844-R-047, R-067: no buying back a company sold this round; the restriction ends with the round", function()
  local g = second_sr(function(g)
    g:start("STB", "B", 60, 3)
  end)
  turn_of(g, "B")
  g:act("sell STB 1")
  g:act("pass")
  turn_of(g, "B")
  g:refuse("buy STB pool", "1844-R-047")
  g:refuse("buy STB treasury", "1844-R-047")
  g:act("buy FNM treasury")    -- another company is fine
  end_sr(g)
  play_or(g)
  expect_eq(g:round().kind, "stock")
  turn_of(g, "B")
  local cash, price = g:player("B").cash, g:share_price("STB")
  g:act("buy STB pool")
  expect_eq(g:player("B").cash, cash - price)
end)

test("1844-R-067: the one-Mountain-Railway and one-tunnel limits reset with the stock round", function()
  local g = second_sr()
  turn_of(g, "A")
  g:act("buy B1")
  g:act("choose F19:XM2")
  g:act("pass")
  turn_of(g, "A")
  g:refuse("buy B2", "1844-R-048")
  end_sr(g)
  play_or(g)
  turn_of(g, "A")
  local cash = g:player("A").cash
  g:act("buy B2")
  expect_eq(g:player("A").cash, cash - 150)
end)

test("1844-R-052, R-055: a purchase with strictly more units than the director takes the directorship", function()
  local g = sold_out()
  g:start("STB", "A", 60)
  g:give_share("STB", "B")     -- B 1 unit
  turn_of(g, "B")
  g:act("buy STB")             -- B 2 units = A's 2: no change
  expect_eq(g:corporation("STB").president, "A", "R-055: equal holdings never change the director")
  turn_of(g, "B")
  g:act("buy STB")             -- B 3 units > 2
  local c = g:corporation("STB")
  expect_eq(c.president, "B")
  expect_eq(g:player("B").shares.STB, 30, "B holds the director's certificate and one single")
  expect_eq(g:player("A").shares.STB, 20, "A holds the two singles B handed over")
  for _, cert in ipairs(c.certificates) do
    if cert.president then expect_eq(cert.owner, "B") end
  end
end)

test("1844-R-056: the new director takes over the charter: treasury, trains and stations stay with the company", function()
  local g = second_sr(function(g)
    g:start("STB", "A", 60, 2)   -- A 4 units
    g:give_share("STB", "C"); g:give_share("STB", "C")   -- launched, operates in OR 1
    g:give_train("STB", "2H")
  end)
  local c = g:corporation("STB")
  local cash, trains, tokens = c.cash, #c.trains, #c.tokens
  expect_eq(trains, 1)
  g:give_share("STB", "C"); g:give_share("STB", "C")
  expect_eq(g:corporation("STB").president, "A")
  g:give_share("STB", "C")     -- C 5 units, A 4
  expect_eq(g:corporation("STB").president, "C")
  c = g:corporation("STB")
  expect_eq(c.cash, cash)
  expect_eq(#c.trains, trains)
  expect_eq(#c.tokens, tokens)
  end_sr(g)
  -- In the next operating round C acts for STB.
  local seen = false
  while g:round().kind == "operating" and g:actor() ~= nil do
    if g:operating() == "STB" then
      seen = true
      expect_eq(g:corporation("STB").president, "C")
    end
    local moves = g:moves()
    if has(moves, "run auto") then g:act("run auto")
    elseif has(moves, "payout") then g:act("payout")
    else g:act("pass") end
  end
  expect_true(seen)
end)

test("1844-R-057: a director cannot pay a share with the company's money", function()
  local g = sold_out()
  -- B directs FNM (450 in its treasury).
  g:give_cash("B", -g:player("B").cash + 50)
  local treasury = g:corporation("FNM").cash
  g:refuse("buy FNM treasury", "1844-R-057")
  g:refuse("par STB 60", "1844-R-057")
  expect_eq(g:corporation("FNM").cash, treasury)
  expect_eq(g:player("B").cash, 50)
end)

test("1844-R-058: a historical company launches at 5 units out of the IPO, not 4", function()
  local g = sold_out()
  g:start("STB", "A", 80, 2)   -- 4 units
  expect_eq(g:corporation("STB").floated, false)
  expect_eq(g:corporation("STB").cash, 0)
  turn_of(g, "B")
  g:act("buy STB")             -- the 5th unit
  expect_eq(g:corporation("STB").floated, true)
  expect_eq(g:corporation("STB").cash, 400)
end)

test("1844-R-058: a regional launches at 3 units out of the IPO", function()
  local g = sold_out()
  g:start("VZ", "A", 60)       -- 2 units
  expect_eq(g:corporation("VZ").floated, false)
  turn_of(g, "B")
  g:act("buy VZ")              -- the 3rd unit
  expect_eq(g:corporation("VZ").floated, true)
  expect_eq(g:corporation("VZ").cash, 300)
end)

test("1844-R-063: a company launched in a stock round operates in the next operating round", function()
  local g = sold_out()
  g:give_train("FNM", "2H")
  g:act("par VSB 60")          -- B: launches at once (R-058)
  expect_true(g:corporation("VSB").floated)
  expect_eq(g:corporation("VSB").operated, 0)
  end_sr(g)
  local seen = false
  while g:round().kind == "operating" and g:actor() ~= nil do
    if g:operating() == "VSB" then seen = true end
    local moves = g:moves()
    if has(moves, "run auto") then g:act("run auto")
    elseif has(moves, "payout") then g:act("payout")
    else P.pass(g) end
  end
  expect_true(seen)
  expect_eq(g:corporation("VSB").operated, 1)
end)

test("1844-R-054: no pre-SBB company can be started once the SBB has formed", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("5")
  expect_true(g:var("sbb.formed"))
  expect_not_contains(g:moves(), "par VSB 60")
  g:refuse("par VSB 60", "1844-R-054")
  expect_eq(g:corporation("VSB").started, false)
end)

test("1844-R-060, R-061: a regional receives 5 x par and 3 markers; a pre-SBB 2 x par and 2 markers", function()
  local g = sold_out()
  g:act("par JS 70")           -- B: a pre-SBB launches on its director's certificate
  local js = g:corporation("JS")
  expect_eq(js.cash, 140)
  expect_eq(#js.tokens, 2)
  g:act("par ChA 90")          -- C: 2 of 5 units, not launched
  expect_eq(g:corporation("ChA").cash, 0)
  turn_of(g, "D")
  g:act("buy ChA")             -- the 3rd unit
  local cha = g:corporation("ChA")
  expect_true(cha.floated)
  expect_eq(cha.cash, 450)
  local costs = {}
  for i, t in ipairs(cha.tokens) do costs[i] = t.cost end
  expect_eq(costs, { 0, 40, 100 })
end)
