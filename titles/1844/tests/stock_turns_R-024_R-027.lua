-- The turns of a stock round (1844-R-024 to R-027).

local P = test_lib("play")

local has = P.has

local play_or = P.play_or

-- Stock round 1 next, order B, C, A, D.
local sold_out = P.sold_out

local second_sr = P.second_sr

test("1844-R-024: players act in the order of the turn-order cards; all passing in a row ends the round", function()
  local g = sold_out()
  local seen = {}
  for _ = 1, 3 do seen[#seen + 1] = g:actor(); g:act("pass") end
  seen[#seen + 1] = g:actor()
  expect_eq(seen, { "B", "C", "A", "D" })
  expect_eq(g:round().kind, "stock")
  g:act("pass")
  expect_eq(g:round().kind, "operating")
end)

test("1844-R-026: a player who passed acts again after someone else bought", function()
  local g = sold_out()
  g:act("pass")                 -- B
  g:act("par STB 60")           -- C
  g:act("pass")                 -- A
  g:act("pass")                 -- D
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  g:act("buy STB")              -- B buys after having passed
  expect_eq(g:player("B").shares.STB, 10)
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:round().kind, "operating")
end)

test("1844-R-025: one purchase per turn; sales come before the purchase, never after", function()
  local g = second_sr(function(g)
    g:start("STB", "B", 60, 3)
    g:start("RhB", "D", 60, 3)
    g:give_share("RhB", "B")
  end)
  while g:actor() ~= "B" do g:act("pass") end
  g:act("sell STB 1")
  g:act("sell RhB 1")           -- several sales in one turn
  g:act("buy FNM treasury")
  -- The purchase ends the turn: nothing more, neither a sale nor a purchase.
  expect_true(g:actor() ~= "B")
  expect_eq(g:player("B").shares.FNM, 30)
end)

test("1844-R-025: doing nothing is a pass; a sale alone leaves the purchase open", function()
  local g = second_sr(function(g)
    g:start("STB", "B", 60, 3)
  end)
  while g:actor() ~= "B" do g:act("pass") end
  g:act("sell STB 1")
  expect_eq(g:actor(), "B")
  expect_contains(g:moves(), "buy FNM treasury")
  g:act("pass")
  expect_true(g:actor() ~= "B")
end)

test("1844-R-027: every purchase is paid to the bank and every sale paid by the bank", function()
  local g = second_sr(function(g)
    g:start("STB", "B", 60, 3)
  end)
  while g:actor() ~= "B" do g:act("pass") end
  local bank, cash = g:bank(), {}
  for _, p in ipairs(g:players()) do cash[p] = g:player(p).cash end
  local price = g:share_price("STB")
  g:act("sell STB 1")
  expect_eq(g:bank(), bank - price)
  g:act("buy FNM treasury")
  local fnm = g:corporation("FNM").par
  expect_eq(g:bank(), bank - price + fnm)
  expect_eq(g:player("B").cash, cash.B + price - fnm)
  for _, p in ipairs({ "A", "C", "D" }) do expect_eq(g:player(p).cash, cash[p], p .. " is no party to it") end
end)
