-- Stock rounds: selling (R-030, R-031, R-035), buying (R-043, R-044,
-- R-049), launch (R-058 to R-062), end-of-round moves and order (R-064,
-- R-065); worked examples T-03 to T-09, T-19, T-20.

local P = test_lib("play")

local sold_out = P.sold_out

test("(T-06) 1844-R-058, R-061: VSB launches on its director's certificate with 2 x par", function()
  local g = sold_out()
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("par VSB 80")
  expect_eq(g:player(who).cash, cash - 160)
  local c = g:corporation("VSB")
  expect_true(c.floated)
  expect_eq(c.cash, 160)
  expect_eq(#c.tokens, 2)
end)

test("(T-19) 1844-R-059, R-060: a regional parred at 70 receives 350; a historical at 80 receives 400 at launch", function()
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  expect_true(g:corporation("VZ").floated)
  expect_eq(g:corporation("VZ").cash, 350)
  g:start("STB", "B", 80)
  for _ = 1, 3 do g:give_share("STB", "C") end
  expect_eq(g:corporation("STB").cash, 400)
  expect_eq(#g:corporation("STB").tokens, 3)   -- R-062: par 80, three markers
end)

test("1844-R-059: launched in phase 6, a historical company receives 10 x par and has no destination", function()
  local g = sold_out()
  g:set_phase("6")
  g:start("STB", "B", 80)
  for _ = 1, 3 do g:give_share("STB", "C") end
  expect_eq(g:corporation("STB").cash, 800)
  expect_eq(g:var("dest.STB"), "none")
end)

test("(T-05) 1844-R-043, R-044: Jack buys AB from the pool at 60, Vince from the IPO at par 80; AB's treasury is unchanged", function()
  local g = new_game{ players = { "Jack", "Vince", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  -- Order: Vince, C, Jack, D.
  g:give_cash("C", 1000)
  g:start("AB", "C", 80, 3)                 -- launched: 400 in its treasury
  g:give_share("AB", "pool")
  g:set_price("AB", 60)
  local treasury, bank = g:corporation("AB").cash, g:bank()
  g:act("pass")                              -- Vince
  g:act("pass")                              -- C
  local jack = g:player("Jack").cash
  g:act("buy AB pool")
  expect_eq(g:player("Jack").cash, jack - 60)
  expect_eq(g:bank(), bank + 60)
  g:act("pass")                              -- D
  local vince = g:player("Vince").cash
  g:act("buy AB treasury")
  expect_eq(g:player("Vince").cash, vince - 80)
  expect_eq(g:bank(), bank + 140)
  expect_eq(g:corporation("AB").cash, treasury)
end)

test("1844-R-043: a Mountain Railway costs 150 and a Tunnel certificate 50, each as the turn's one purchase", function()
  local g = sold_out()
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("buy T2")
  expect_eq(g:player(who).cash, cash - 50)
  expect_true(g:actor() ~= who, "the purchase ended the turn")
  who = g:actor()
  cash = g:player(who).cash
  g:act("buy B1")
  g:act("choose F19:XM2")
  expect_eq(g:player(who).cash, cash - 150)
  expect_true(g:actor() ~= who)
end)

-- Plays out an operating round: runs when it must, otherwise passes.
local play_or = P.play_or

test("(T-04) 1844-R-031: a company that never operated drops first, then the seller is paid", function()
  local g = sold_out()
  g:give_train("FNM", "2H")
  g:acts{ "pass", "pass", "pass", "pass" }   -- stock round 1
  play_or(g)
  expect_eq(g:round().kind, "stock")
  g:act("par STB 90")                         -- never operated
  local b = g:actor()
  g:act("buy STB")
  while g:actor() ~= b do g:act("pass") end
  local cash = g:player(b).cash
  g:act("sell STB 1")
  expect_eq(g:share_price("STB"), 80)          -- r3c5 90 -> r4c5 80 first
  expect_eq(g:player(b).cash, cash + 80)
end)

test("(T-20) 1844-R-049: with 5 units the 6th may come from the IPO; with 6, only from the pool", function()
  local g = sold_out()
  g:give_cash("A", 1000)
  g:start("STB", "A", 90, 3)                -- 5 units
  g:give_share("STB", "pool")
  while g:actor() ~= "A" do g:act("pass") end
  g:act("buy STB treasury")                 -- the 6th
  expect_eq(g:player("A").shares.STB, 60)
  while g:actor() ~= "A" do g:act("pass") end
  g:refuse("buy STB treasury", "1844-R-049")
  local cash = g:player("A").cash
  g:act("buy STB pool")                     -- no other cap
  expect_eq(g:player("A").shares.STB, 70)
  expect_eq(g:player("A").cash, cash - g:share_price("STB"))
end)

test("1844-R-049: a regional's and a pre-SBB's threshold is 3 units", function()
  local g = sold_out()
  g:give_cash("A", 1000)
  g:start("VZ", "A", 60)                    -- 2 of 5 units
  g:start("NOB", "A", 60)                   -- 2 of 4 units
  while g:actor() ~= "A" do g:act("pass") end
  g:act("buy VZ treasury")                  -- 3 units
  while g:actor() ~= "A" do g:act("pass") end
  g:refuse("buy VZ treasury", "1844-R-049")
  g:act("buy NOB treasury")                 -- 3 units
  while g:actor() ~= "A" do g:act("pass") end
  g:refuse("buy NOB treasury", "1844-R-049")
end)

test("1844-R-053: nobody pars the SBB", function()
  local g = sold_out()
  g:refuse("par SBB 100", "1844-R-053")
end)

test("(T-13) 1844-R-062, R-105: par 100 gives five markers costing 0, 40, 100, 100, 100", function()
  local g = sold_out()
  g:start("STB", "A", 100)
  local costs = {}
  for i, t in ipairs(g:corporation("STB").tokens) do costs[i] = t.cost end
  expect_eq(costs, { 0, 40, 100, 100, 100 })
end)

test("(T-08) 1844-R-065: at the end of the round a company with pool shares moves left", function()
  local g = sold_out()
  -- FNM has three shares in the pool (R-003): 90 (r3c5) -> 80 (r3c4).
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:share_price("FNM"), 80)
end)

test("(T-09) 1844-R-064: the next stock round's order is by cash, most first", function()
  local g = sold_out()
  -- Cash: A 460, B 390, C 440, D 510; order was B, C, A, D.
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:var("order"), { "D", "A", "C", "B" })
end)
