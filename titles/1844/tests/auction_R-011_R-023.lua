-- The auction of the privates (1844-R-011 to R-023) and the worked
-- examples T-01, T-02 and T-09 (after the auction).

local function game4()
  return new_game{ players = { "Paul", "Laura", "Robert", "Vince" }, seed = 1 }
end

test("(T-01) 1844-R-013, R-014, R-015: Vince buys P1 for 25; Laura then puts up P2", function()
  local g = game4()
  expect_eq(g:actor(), "Paul")
  g:refuse("bid P1 15", "1844-R-013")
  g:act("bid P1 20")
  g:act("pass")            -- Laura
  g:act("pass")            -- Robert
  g:refuse("bid P1 24", "1844-R-014")
  g:act("bid P1 25")       -- Vince
  g:act("pass")            -- Paul
  expect_eq(g:company("P1").owner, "Vince")
  expect_eq(g:player("Vince").cash, 620 - 25)
  expect_eq(g:actor(), "Laura")
  expect_contains(g:moves(), "bid P2 50..620")
end)

test("1844-R-011: privates go in order; no later private may be bid on first", function()
  local g = game4()
  g:refuse("bid P2 50", "1844-R-011")
end)

test("(T-02) 1844-R-016, R-017: P1's minimum drops by 5 until the opener takes it for 0", function()
  local g = game4()
  for _ = 1, 4 do
    g:acts{ "pass", "pass", "pass", "pass" }
  end
  expect_eq(g:company("P1").owner, "Paul")
  expect_eq(g:player("Paul").cash, 620)
  expect_eq(g:actor(), "Laura")
end)

test("1844-R-016: after a round of passes P1 can be bid at 15", function()
  local g = game4()
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:actor(), "Paul")
  expect_contains(g:moves(), "bid P1 15..620")
end)

test("1844-R-018: nobody bids on P2: the auction ends and an operating round follows", function()
  local g = game4()
  g:acts{ "bid P1 20", "pass", "pass", "pass" }
  g:acts{ "pass", "pass", "pass", "pass" }   -- P2, put up by Laura
  expect_eq(g:round().name, "auction")
  expect_eq(g:var("auction.lot"), "P2")
  expect_eq(g:actor(), "Laura")
  -- The next auction starts with P2 again, once the OR has paid P1.
  expect_eq(g:player("Paul").cash, 600 + 5)
end)

local function sell_all(g)
  -- Each opener buys at face value; the others pass.
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20")   -- Paul
  lot("bid P2 50")   -- Laura
  lot("bid P3 80")   -- Robert
  lot("bid P4 110")  -- Vince
  lot("bid P5 140")  -- Paul
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }  -- Laura
  g:act("par FNM 90")
  lot("bid P7 100")  -- Robert
end

-- The privates from P2 on, each bought by its opener at face value (after
-- an auction that ended early at P2, A-41: Laura puts up P2).
local function sell_all_from_p2(g)
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P2 50")   -- Laura
  lot("bid P3 80")   -- Robert
  lot("bid P4 110")  -- Vince
  lot("bid P5 140")  -- Paul
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }  -- Laura
  g:act("par FNM 90")
  lot("bid P7 100")  -- Robert
end

test("1844-R-021, R-022, R-023: P3 brings a Tunnel certificate, P5 a MOB share, P6 FNM's director", function()
  local g = game4()
  sell_all(g)
  expect_eq(g:company("T1").owner, "Robert")
  expect_eq(g:player("Paul").shares.MOB, 10)
  expect_eq(g:player("Laura").shares.FNM, 20)
  expect_eq(g:corporation("FNM").pool_percent, 30)
  local fnm = g:corporation("FNM")
  expect_true(fnm.floated)
  expect_eq(fnm.cash, 5 * 90)           -- R-059: 5 x par
  expect_eq(#fnm.tokens, 4)             -- R-062: par 90, four markers
end)

test("(T-09) 1844-R-020: after the last private the order is by cash, least first", function()
  local g = game4()
  sell_all(g)
  -- Cash: Paul 620-160=460, Laura 620-230=390, Robert 620-180=440, Vince 510.
  expect_eq(g:var("order"), { "Laura", "Robert", "Paul", "Vince" })
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "Laura")
end)

test("1844-R-034: no shares may be sold in the first stock round", function()
  local g = game4()
  sell_all(g)
  g:refuse("sell FNM 2", "1844-R-034")
end)

test("1844-R-034 (A-08): after an auction that ended early, the SR in which the last private sells and the next allow no sales", function()
  local P = test_lib("play")
  local g = game4()
  g:acts{ "bid P1 20", "pass", "pass", "pass" }
  g:acts{ "pass", "pass", "pass", "pass" }      -- nobody bids on P2: the OR of private income follows
  expect_eq(g:round().name, "auction")
  sell_all_from_p2(g)
  expect_eq(g:round().kind, "stock")
  expect_eq(g:round().stock_rounds, 1)
  -- Robert buys a pool share of FNM; in this stock round nothing may be sold.
  g:act("pass")                                 -- Laura
  g:act("buy FNM pool")                         -- Robert
  g:acts{ "pass", "pass", "pass" }              -- Paul, Vince, Laura
  expect_eq(g:actor(), "Robert")
  g:refuse("sell FNM 1", "1844-R-034")
  while g:round().kind == "stock" do g:act("pass") end
  P.play_or(g, P.pass)
  expect_eq(g:round().kind, "stock")
  expect_eq(g:round().stock_rounds, 2)
  while g:actor() ~= "Robert" do g:act("pass") end
  expect_not_contains(g:moves(), "sell FNM 1")
  g:refuse("sell FNM 1", "1844-R-034")
  expect_eq(g:player("Robert").shares.FNM, 10)
end)
