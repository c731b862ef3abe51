-- Selling in a stock round (1844-R-028 to R-042) and the worked examples
-- T-03 (MOB 120 -> 110) and T-07 (STB director change, 4 in the pool).

local P = test_lib("play")

local has = P.has

-- An operating round played out: run when it must, otherwise pass.
local function play_or(g) P.play_or(g, P.pass) end

-- Four players; the first buys P1 and P5 (and so one MOB share), the
-- second P2 and P6 (FNM's director). `before` builds the position in
-- stock round 1 (no sales there, R-034); the game returns in stock round
-- 2, every company started in round 1 having operated once.
local function second_sr(names, before)
  local g = P.second_sr(before, names, P.pass)
  expect_eq(g:round().kind, "stock")
  return g
end

local function turn_of(g, who)
  while g:actor() ~= who do g:act("pass") end
end

test("(T-03) 1844-R-030, R-032, R-029: MOB has operated: Jack sells 2 at 120 for 240, then one row down to 110", function()
  local g = second_sr({ "Jack", "B", "C", "D" }, function(g)
    g:give_cash("B", 500)
    g:start("MOB", "B", 100, 2)   -- B 4 units + Jack's P5 share: launched
    g:give_share("MOB", "Jack")
  end)
  expect_true(g:corporation("MOB").operated > 0)
  g:set_price("MOB", 120, 2)      -- r3c8
  turn_of(g, "Jack")
  local cash = g:player("Jack").cash
  local pool = g:corporation("MOB").pool_percent
  g:act("sell MOB 2")
  expect_eq(g:player("Jack").cash, cash + 240)
  expect_eq(g:share_price("MOB"), 110)
  local c = g:corporation("MOB")
  expect_eq({ c.market_row, c.market_col }, { 3, 7 }, "r4c8: one row down, same column, once for two shares")
  expect_eq(c.pool_percent, pool + 20, "R-029: the sold shares are in the pool")
  expect_eq(g:player("Jack").shares.MOB, nil)
end)

test("1844-R-033: with no cell below, a sale leaves the marker where it is", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:start("STB", "B", 60, 3)
  end)
  g:set_price("STB", 100, 5)      -- r6c9: row 7 has no column 9
  turn_of(g, "B")
  local cash = g:player("B").cash
  g:act("sell STB 1")
  expect_eq(g:player("B").cash, cash + 100)
  expect_eq(g:share_price("STB"), 100)
  expect_eq({ g:corporation("STB").market_row, g:corporation("STB").market_col }, { 5, 8 })
end)

test("1844-R-033: in the bottom row a sale does not move the marker", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:start("STB", "B", 60, 3)
  end)
  g:set_price("STB", 30, 7)
  turn_of(g, "B")
  g:act("sell STB 1")
  expect_eq(g:share_price("STB"), 30)
end)

test("1844-R-028: privates, Mountain Railways and Tunnel certificates cannot be sold to the bank", function()
  local g = second_sr({ "A", "B", "C", "D" })
  turn_of(g, "C")
  g:act("buy B1")
  g:act("choose F19:XM2")
  turn_of(g, "C")
  -- C holds P3, P7, T1 (with P3) and B1: none is offered for sale.
  for _, m in ipairs(g:moves()) do
    expect_true(m:match("^sell") == nil, "no sale offered: " .. m)
  end
  for _, co in ipairs({ "P3", "T1", "B1" }) do
    g:refuse("sell " .. co .. " 1", "1844-R-028")
    expect_eq(g:company(co).owner, "C")
  end
end)

test("1844-R-035: a historical company's pool holds at most 5 units", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:start("STB", "B", 60, 3)    -- B: director + 3
    g:give_share("STB", "A"); g:give_share("STB", "A")
    g:give_share("STB", "pool"); g:give_share("STB", "pool"); g:give_share("STB", "pool")
  end)
  -- (T-20) 3 units in the pool: at most 2 more may be sold.
  expect_eq(g:corporation("STB").pool_percent, 30)
  turn_of(g, "B")
  expect_contains(g:moves(), "sell STB 2")
  expect_not_contains(g:moves(), "sell STB 3")
  g:refuse("sell STB 3", "1844-R-035")
  g:act("sell STB 2")
  expect_eq(g:corporation("STB").pool_percent, 50)
end)

test("1844-R-035: a regional's pool holds at most 2 units, a pre-SBB's too", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:start("VZ", "B", 60, 2)     -- B: director + 2 singles (4 of 5 units)
    g:give_share("VZ", "pool")
    g:start("NOB", "D", 60, 1)    -- D: director + 1 single (3 of 4 units)
    g:give_share("NOB", "pool")
  end)
  -- Order A, C, D, B.
  turn_of(g, "D")
  g:refuse("sell NOB 50%", "1844-R-035")
  g:act("sell NOB 25%")
  expect_eq(g:corporation("NOB").pool_percent, 50)
  turn_of(g, "B")
  g:refuse("sell VZ 40%", "1844-R-035")
  g:act("sell VZ 20%")
  expect_eq(g:corporation("VZ").pool_percent, 40)
end)

test("1844-R-036: P5's MOB share cannot be sold before MOB's director's certificate is bought", function()
  local g = second_sr({ "A", "B", "C", "D" })
  expect_eq(g:player("A").shares.MOB, 10)
  turn_of(g, "A")
  expect_not_contains(g:moves(), "sell MOB 1")
  g:refuse("sell MOB 1", "1844-R-036")
end)

-- T-07: STB: Laura director + 3 singles (5 units), Joe 2 units, 1 in the
-- pool, 2 in the IPO.
local function stb(operate)
  local function build(g)
    g:start("STB", "Laura", 90, 3)
    g:give_share("STB", "Joe"); g:give_share("STB", "Joe")
    g:give_share("STB", "pool")
  end
  local g = second_sr({ "Laura", "Joe", "C", "D" }, operate and build or nil)
  if not operate then
    build(g)
  end
  turn_of(g, "Laura")
  return g
end

test("(T-07) 1844-R-037, R-039: Laura sells 4 STB units with 4 in the pool: Joe becomes director", function()
  local g = stb(true)
  local x = g:share_price("STB")
  local cash = g:player("Laura").cash
  local row = g:corporation("STB").market_row
  g:act("sell STB 4")
  local c = g:corporation("STB")
  expect_eq(g:player("Laura").cash, cash + 4 * x)
  expect_eq(c.president, "Joe")
  expect_eq(g:player("Joe").shares.STB, 20, "Joe holds the director's certificate, his 2 singles went to Laura")
  expect_eq(g:player("Laura").shares.STB, 10, "Laura keeps one single")
  expect_eq(c.pool_percent, 50, "the pool holds its maximum of 5 units")
  expect_eq(c.market_row, row + 1, "one row down, once")
  for _, cert in ipairs(c.certificates) do
    if cert.president then expect_eq(cert.owner, "Joe") end
    if cert.owner == "pool" then expect_eq(cert.president, false, "R-037: never the director's certificate in the pool") end
  end
end)

test("(T-07) 1844-R-031, R-035: STB never operated: the drop comes first; 5 units would overfill the pool", function()
  local g = stb(false)
  expect_eq(g:corporation("STB").operated, 0)
  g:refuse("sell STB 5", "1844-R-035")
  local cash = g:player("Laura").cash
  g:act("sell STB 4")
  expect_eq(g:share_price("STB"), 80)               -- 90 (r3c5) -> 80 (r4c5)
  expect_eq(g:player("Laura").cash, cash + 4 * 80)
  expect_eq(g:corporation("STB").president, "Joe")
end)

test("1844-R-039: otherwise the director's certificate goes into a sale only as a whole 2 units", function()
  local g = second_sr({ "Laura", "Joe", "C", "D" }, function(g)
    g:start("STB", "Laura", 90, 1)      -- Laura 3 units
    g:give_share("STB", "Joe"); g:give_share("STB", "Joe")
  end)
  turn_of(g, "Laura")
  -- 2 units = the single and half of the director's certificate: the pool
  -- would hold 1 + 1 before that half, not 4.
  expect_not_contains(g:moves(), "sell STB 2")
  g:refuse("sell STB 2", "1844-R-039")
  expect_contains(g:moves(), "sell STB 3")
  local cash, x = g:player("Laura").cash, g:share_price("STB")
  g:act("sell STB 3")
  expect_eq(g:player("Laura").cash, cash + 3 * x)
  expect_eq(g:corporation("STB").president, "Joe")
  expect_eq(g:player("Laura").shares.STB, nil)
  expect_eq(g:corporation("STB").pool_percent, 30)
end)

test("1844-R-039: a regional's director may sell one unit of the certificate with 1 unit in the pool (A-10)", function()
  local g = second_sr({ "Laura", "Joe", "C", "D" }, function(g)
    g:start("VZ", "Laura", 60)          -- 2 units
    g:give_share("VZ", "Joe"); g:give_share("VZ", "Joe")
    g:give_share("VZ", "pool")          -- all 5 units out
  end)
  turn_of(g, "Laura")
  g:act("sell VZ 20%")
  expect_eq(g:corporation("VZ").president, "Joe")
  expect_eq(g:player("Laura").shares.VZ, 20)
  expect_eq(g:corporation("VZ").pool_percent, 40)
end)

test("1844-R-039: with an empty regional pool one unit of the director's certificate cannot be sold", function()
  local g = second_sr({ "Laura", "Joe", "C", "D" }, function(g)
    g:start("VZ", "Laura", 60)
    g:give_share("VZ", "Joe"); g:give_share("VZ", "Joe")
  end)
  turn_of(g, "Laura")
  g:refuse("sell VZ 20%", "1844-R-039")
  g:act("sell VZ 40%")                  -- the whole certificate
  expect_eq(g:corporation("VZ").president, "Joe")
  expect_eq(g:player("Laura").shares.VZ, nil)
end)

test("1844-R-039: the 1830 reading (option director_sale_1830, A-09) lets one unit of it go", function()
  local g = new_game{ players = { "Laura", "Joe", "C", "D" }, seed = 1, options = { "director_sale_1830" } }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  g:give_train("FNM", "2H")
  g:start("STB", "Laura", 90, 1)
  g:give_share("STB", "Joe"); g:give_share("STB", "Joe")
  for _ = 1, 4 do g:act("pass") end
  play_or(g)
  turn_of(g, "Laura")
  g:act("sell STB 2")
  expect_eq(g:corporation("STB").president, "Joe")
  expect_eq(g:player("Laura").shares.STB, 10)
end)

test("1844-R-038: the director cannot sell out of the directorship when nobody holds 2 units", function()
  local g = second_sr({ "Laura", "Joe", "C", "D" }, function(g)
    g:start("STB", "Laura", 90, 2)      -- Laura 4 units
    g:give_share("STB", "Joe")          -- Joe 1 unit
    g:give_share("STB", "C")            -- C 1 unit
  end)
  turn_of(g, "Laura")
  expect_contains(g:moves(), "sell STB 2")
  expect_not_contains(g:moves(), "sell STB 4")
  g:refuse("sell STB 4", "1844-R-038")
  expect_eq(g:corporation("STB").president, "Laura")
end)

test("1844-R-038: after the sale the other player must hold more than the seller", function()
  local g = second_sr({ "Laura", "Joe", "C", "D" }, function(g)
    g:start("STB", "Laura", 90, 2)      -- Laura 4 units
    g:give_share("STB", "Joe"); g:give_share("STB", "Joe")
  end)
  turn_of(g, "Laura")
  g:act("sell STB 2")                   -- 2 vs 2: Laura stays director
  expect_eq(g:corporation("STB").president, "Laura")
  expect_eq(g:player("Laura").shares.STB, 20)
end)

test("1844-R-040: a tie for the most units goes to the first tied player after the old director in turn order", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:start("STB", "A", 90, 1)          -- A 3 units
    g:give_share("STB", "B"); g:give_share("STB", "B")
    g:give_share("STB", "C"); g:give_share("STB", "C")
    g:give_cash("C", 1000)              -- the next order puts C before B
  end)
  local order = g:var("order")
  local pos = {}
  for i, n in ipairs(order) do pos[n] = i end
  expect_true(pos.C < pos.B, "C before B in the order")
  -- Counting onward from A: the first of B and C after A's seat.
  local n = #order
  local first
  for step = 1, n - 1 do
    local who = order[((pos.A - 1 + step) % n) + 1]
    if who == "B" or who == "C" then first = who; break end
  end
  expect_eq(first, "C", "seating would give B (the seat after A)")
  turn_of(g, "A")
  g:act("sell STB 3")
  expect_eq(g:corporation("STB").president, first)
end)

test("1844-R-042: over the limit after losing a director's certificate, the player must sell first on the next turn", function()
  local g = second_sr({ "A", "B", "C", "D" }, function(g)
    g:give_cash("B", 3000); g:give_cash("D", 3000)
    -- B: 18 certificates (the limit): the FNM director's certificate, RhB
    -- director + 8, two of BLS, AB and STB, one of JN and VZ.
    g:start("RhB", "B", 60, 8)
    for _, corp in ipairs({ "BLS", "AB", "STB", "JN", "VZ" }) do
      g:start(corp, "D", 60)
      g:give_share(corp, "B")
      if corp ~= "JN" and corp ~= "VZ" then g:give_share(corp, "B") end
    end
    g:give_share("FNM", "A"); g:give_share("FNM", "A")
  end)
  expect_eq(g:player("B").certificates, 18)
  turn_of(g, "A")
  g:act("buy FNM treasury")  -- A 3 units > B's 2: B hands over the director's certificate for 2 singles
  expect_eq(g:corporation("FNM").president, "A")
  expect_eq(g:player("B").certificates, 19)
  turn_of(g, "B")
  g:refuse("pass", "1844-R-042")
  g:refuse("buy BLS treasury", "1844-R-050")
  g:act("sell FNM 1")
  expect_eq(g:player("B").certificates, 18)
  g:act("pass")
end)
