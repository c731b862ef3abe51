-- Train purchases and emergency financing (1844-R-141 to R-157), worked
-- example T-18.

local function sold_out()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  return g
end

-- Phase 4 with the 2s gone (13 handed to NOB, 11 of them into the pool,
-- all scrapped at phase 4). The OR: NOB (A) passes its turn; FNM (B) lays
-- its home tile and reaches its buy step with no train and a route, 100 in
-- its treasury; B has `cash`.
local function emergency(cash)
  local g = sold_out()
  g:start("NOB", "A", 100)
  for i = 1, 13 do g:give_train("NOB", "2") end
  while g:actor() == "NOB" do g:act(g:moves()[1]) end
  g:set_phase("4")
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() == "NOB" do g:act("pass") end
  g:act("lay L21 57 0")
  g:give_cash("FNM", 100 - g:corporation("FNM").cash)
  g:give_cash("B", (cash or 50) - g:player("B").cash)
  -- B's privates go to D, so that no income pays B's debt off at once.
  g:give_company("P2", "D")
  g:give_company("P6", "D")
  expect_eq(g:step(), "buy_train")
  return g
end

test("(T-18) 1844-R-147, R-150, R-154: FNM buys a 3 for 180 with 100; B pays 50 and owes 45", function()
  local g = emergency(50)
  g:refuse("pass", "1844-R-135")
  g:act("train 3 as 3")
  expect_eq(g:corporation("FNM").cash, 0)          -- R-154: the treasury is spent
  expect_eq(g:player("B").cash, 0)                 -- R-147: B pays from personal cash
  expect_eq(g:player("B").debt, 45)                -- shortfall 30, +50 %
  expect_eq(g:corporation("FNM").trains[1].variant, "3")
end)

test("(T-18) 1844-R-150: an odd shortfall owes ceil(1.5 x shortfall) (A-14)", function()
  local g = emergency(49)
  g:act("train 3 as 3")
  expect_eq(g:player("B").cash, 0)
  expect_eq(g:player("B").debt, 47)                -- shortfall 31 -> 46.5 -> 47
end)

test("1844-R-147: a director with enough cash pays the difference and owes nothing", function()
  local g = emergency(200)
  g:act("train 3 as 3")
  expect_eq(g:corporation("FNM").cash, 0)
  expect_eq(g:player("B").cash, 120)
  expect_eq(g:player("B").debt, 0)
end)

test("1844-R-148: the director need not take the cheapest train", function()
  local g = emergency(50)
  expect_contains(g:moves(), "train 3H as 3H")
  g:act("train 3 as 3")                            -- 180 rather than the 3H at 150
  expect_eq(g:player("B").debt, 45)
end)

test("1844-R-154: with the director's help a company buys only one train", function()
  local g = emergency(500)
  g:act("train 3H as 3H")
  expect_eq(g:player("B").cash, 450)
  -- The buying ends with the helped purchase: FNM's turn is over.
  expect_true(g:actor() ~= "FNM")
  expect_eq(#g:corporation("FNM").trains, 1)
end)

test("1844-R-149: the director may sell shares, but no sale may change a director", function()
  local g = emergency(50)
  g:start("STB", "C", 100)
  g:give_share("STB", "B")
  g:give_share("STB", "B")
  g:give_cash("B", 200)
  g:start("AB", "B", 100)                          -- B directs AB with 20 %
  g:give_share("AB", "B")
  g:give_share("AB", "C")
  g:give_share("AB", "C")
  g:give_share("AB", "C")
  local cash = g:player("B").cash
  g:refuse("sell AB 1", "1844-R-041")              -- C would direct AB
  g:act("sell STB 1")
  -- STB never operated: it drops first, B is paid the lower price (R-031).
  local price = g:share_price("STB")
  expect_eq(g:player("B").shares.STB, 10)
  expect_eq(g:player("B").cash, cash + price)
  g:act("train 3 as 3")                            -- 80 more than FNM's 100
  expect_eq(g:player("B").cash, cash + price - 80)
  expect_eq(g:player("B").debt, 0)
end)
