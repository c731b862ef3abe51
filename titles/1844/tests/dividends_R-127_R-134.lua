-- Dividends and share price (1844-R-127 to R-134) and the worked example
-- T-17 (rounding with 25 % and 5 % certificates).

local P = test_lib("play")

local has = P.has

-- All privates sold, FNM launched (B, with a 2H), stock round 1 begins.
local sold_out = P.fnm_2h

local advance = P.advance

local at = P.at

-- SCB (pre-SBB, par 80): A holds the director's certificate (50 %), B one
-- 25 % share, the other 25 % share is in the pool (or the IPO). Basel has a
-- yellow city (20) towards Strasbourg (30 in phase 1); SCB's 2-train runs
-- Basel - Strasbourg for 50.
local function scb(in_pool, options)
  local g = sold_out(options)
  g:start("SCB", "A", 80)
  g:give_share("SCB", "B")
  if in_pool then g:give_share("SCB", "pool") end
  g:lay("C12", "57", 2)
  g:give_train("SCB", "2")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "SCB", "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 50)
  return g
end

local function cash(g)
  return { A = g:player("A").cash, B = g:player("B").cash, SCB = g:corporation("SCB").cash, bank = g:bank() }
end

test("(T-17) 1844-R-129: revenue 50: the 25 % holder receives 12.5 rounded up to 13, the director 25", function()
  local g = scb(true)
  local before = cash(g)
  g:act("payout")
  local after = cash(g)
  expect_eq(after.A - before.A, 25)
  expect_eq(after.B - before.B, 13)
end)

test("(T-17) 1844-R-129, R-128: the pool's 25 % pays 12.5 rounded down to 12 into the company's treasury", function()
  local g = scb(true)
  local before = cash(g)
  g:act("payout")
  local after = cash(g)
  expect_eq(after.SCB - before.SCB, 12)
  expect_eq(before.bank - after.bank, 25 + 13 + 12)
end)

test("1844-R-129: with the option pool_dividend_up the pool's 25 % pays 13 to the company", function()
  local g = scb(true, { "pool_dividend_up" })
  local before = cash(g)
  g:act("payout")
  local after = cash(g)
  expect_eq(after.SCB - before.SCB, 13)
  expect_eq(after.B - before.B, 13)
end)

test("1844-R-128: the part of IPO shares stays in the bank", function()
  local g = scb(false)
  local before = cash(g)
  g:act("payout")
  local after = cash(g)
  expect_eq(after.SCB - before.SCB, 0)
  expect_eq(before.bank - after.bank, 25 + 13)
end)

test("1844-R-130: a payout moves the marker one cell right", function()
  local g = scb(true)
  g:set_price("SCB", 80)                 -- r4c5
  g:act("payout")
  expect_eq(g:share_price("SCB"), 90)    -- r4c6
end)

test("1844-R-132: withholding moves the marker one cell left and keeps the revenue", function()
  local g = scb(true)
  g:set_price("SCB", 80)                 -- r4c5
  local before = cash(g)
  g:act("withhold")
  expect_eq(g:share_price("SCB"), 70)    -- r4c4
  expect_eq(cash(g).SCB - before.SCB, 50)
end)

test("1844-R-127: the whole revenue is paid out or withheld; no partial payout", function()
  local g = scb(true)
  expect_true(has(g:moves(), "payout"))
  expect_true(has(g:moves(), "withhold"))
  expect_true(not has(g:moves(), "half"))
  g:refuse("half", "1844-R-127")
end)

test("1844-R-133: a company with no train earns 0 and its marker moves left", function()
  local g = sold_out()
  g:start("SCB", "A", 80)
  g:give_share("SCB", "B")
  g:lay("C12", "57", 2)
  g:acts{ "pass", "pass", "pass", "pass" }
  local n = 0
  while g:round().kind == "operating" and g:corporation("SCB").operated == 0 do
    advance(g); n = n + 1; assert(n < 100)
  end
  expect_eq(g:share_price("SCB"), 70)    -- r4c5 80 -> r4c4 70
end)

test("1844-R-130: at the end of its row a payout moves the marker up", function()
  local g = scb(true)
  g:set_price("SCB", 120, 5)             -- r6c10, the row's last cell
  g:act("payout")
  expect_eq(g:share_price("SCB"), 130)   -- r5c10
end)

test("1844-R-130: in the top right cell the marker stays", function()
  local g = scb(true)
  g:set_price("SCB", 350, 0)             -- r1c18
  g:act("payout")
  expect_eq(g:share_price("SCB"), 350)
end)

test("1844-R-132: at the left end of its row a withheld dividend moves the marker down", function()
  local g = scb(true)
  g:set_price("SCB", 55, 2)              -- r3c1
  g:act("withhold")
  expect_eq(g:share_price("SCB"), 50)    -- r4c1
end)

test("1844-R-134: a marker moving into an occupied cell goes under the markers there", function()
  local g = scb(true)
  g:set_price("SCB", 80)                 -- r4c5
  g:set_price("FNM", 90, 3)              -- r4c6
  g:act("payout")                        -- SCB moves right onto FNM's cell
  expect_eq(g:share_price("SCB"), 90)
  local order = {}
  for _, id in ipairs(g:value_order()) do
    if id == "SCB" or id == "FNM" then order[#order + 1] = id end
  end
  expect_eq(order, { "FNM", "SCB" })
end)

-- VZ (regional) runs Sion - Martigny for 40 with its 2H.
local function vz_paying(price, row)
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  for _, l in ipairs({ { "K10", "6", 1 }, { "K8", "4", 1 } }) do g:lay(l[1], l[2], l[3]) end
  g:give_train("VZ", "2H")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "VZ", "run_routes")
  g:act("run auto")
  g:set_price("VZ", price, row)
  g:act("payout")
  return g:share_price("VZ")
end

test("1844-R-131: a regional at 180 (r3c12) that pays out moves up to 190, never across the red line", function()
  expect_eq(vz_paying(180, 2), 190)
end)

test("1844-R-131: a regional at 200 (r1c12) stays there", function()
  expect_eq(vz_paying(200, 0), 200)
end)

-- The SBB formed from NOB (A, director) and SCB (B, director; A holds its
-- other 25 % share): A holds 15 % of the SBB (a double and a single), B
-- 10 % (a double). Winterthur (green, 40) - Zürich (brown Z, 50, the SBB's
-- station) - Zug (brown, 40): its charter 5H earns 130.
local function sbb_paying()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "B", 70)
  g:give_share("SCB", "A")
  for _, l in ipairs({
    { "D19", "57", 0 }, { "D19", "907", 0 }, { "D19", "909", 3 },
    { "C20", "59", 0 },
    { "E18", "57", 0 }, { "E18", "14", 0 }, { "E18", "611", 0 },
  }) do g:lay(l[1], l[2], l[3]) end
  g:set_phase("5")
  g:give_train("FNM", "5H")
  -- NOB never operated, so its home marker was not on the map: the SBB
  -- gets its station in Zürich when it forms (1844-R-108).
  expect_eq(g:corporation("SBB").tokens[1].hex, "D19")
  expect_eq(g:player("A").shares.SBB, 15)
  expect_eq(g:player("B").shares.SBB, 10)
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "SBB", "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 130)
  return g
end

test("(T-17) 1844-R-129: SBB revenue 130: the 15 % holder receives 19.5 rounded up to 20, the 10 % holder 13", function()
  local g = sbb_paying()
  local a, b = g:player("A").cash, g:player("B").cash
  g:act("payout")
  expect_eq(g:player("A").cash - a, 20)
  expect_eq(g:player("B").cash - b, 13)
end)

test("(T-17) 1844-R-129: the SBB's pool units pay it their share of 130 rounded down", function()
  local g = sbb_paying()
  local pool = g:corporation("SBB").pool_percent
  local cash = g:corporation("SBB").cash
  g:act("payout")
  expect_eq(g:corporation("SBB").cash - cash, (130 * pool) // 100)
end)
