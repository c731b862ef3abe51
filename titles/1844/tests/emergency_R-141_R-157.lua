-- Train purchases and emergency financing (1844-R-141 to R-157), worked
-- example T-18.

local P = test_lib("play")

local sold_out = P.sold_out

-- Phase 4 with the 2s gone (13 handed to NOB, 11 of them into the pool,
-- all scrapped at phase 4). The OR: NOB (A) passes its turn; FNM (B) lays
-- its home tile and reaches its buy step with no train and a route, 100 in
-- its treasury; B has `cash`.
local emergency = P.forced_purchase

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

-- Phase 3: VZ (regional, A) and STB (historical, A) launched; STB holds a
-- normal 3 and a 2H, FNM a 2. The OR runs up to VZ's buy step.
local function regional_buys()
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  g:start("STB", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("STB", p) end
  g:set_phase("3")
  local three = g:give_train("STB", "3")
  local two = g:give_train("STB", "2H")
  g:give_train("FNM", "2")
  while g:round().kind ~= "operating" do g:act("pass") end
  while g:actor() ~= "VZ" or g:step() ~= "buy_train" do
    local pick = P.pick(g)
    if pick then g:act(pick) else P.pass(g) end
  end
  return g, three, two
end

test("1844-R-141: a regional company buys only H trains, new or from another company", function()
  local g, three, two = regional_buys()
  expect_contains(g:moves(), "train 2H as 2H")
  expect_not_contains(g:moves(), "train 2 as 2")
  g:refuse("train 2 as 2", "1844-R-141")
  g:refuse("train " .. three .. " 10", "1844-R-141")
  -- Up to all of VZ's cash (350 less its home tile's terrain, R-080).
  local cash = g:corporation("VZ").cash
  expect_contains(g:moves(), "train " .. two .. " 1.." .. cash)
  g:act("train " .. two .. " 10")                   -- same director: any price
  expect_eq(g:corporation("VZ").trains[1].variant, "2H")
  expect_eq(g:corporation("VZ").cash, cash - 10)
end)

test("1844-R-144: a train bought as an H train stays one", function()
  local g, three, two = regional_buys()
  g:act("train 2H as 2H")
  g:set_phase("3")
  expect_eq(g:corporation("VZ").trains[1].variant, "2H")
  -- STB's 2H changes hands as a 2H; no side can be chosen.
  g:refuse("train " .. two .. " as 2 10", "1844-R-144")
end)

test("(T-18) 1844-R-151, R-152: the debt grows by 50 % at the end of a stock round; until it is paid the player buys nothing", function()
  local g = emergency(50)
  g:act("train 3 as 3")
  expect_eq(g:player("B").debt, 45)
  -- FNM runs in the second OR and withholds: B receives nothing.
  while g:round().kind == "operating" do
    P.step_on(g)
  end
  while g:actor() ~= "B" do g:act("pass") end
  g:refuse("buy NOB", "1844-R-051")
  g:refuse("buy B1", "1844-R-051")
  g:act("pass")
  -- B will receive P2's and P3's income at the start of the next OR.
  g:give_company("P2", "B")
  g:give_company("P3", "B")
  local cash = g:player("B").cash
  while g:round().kind == "stock" do g:act("pass") end
  expect_contains(g:log(), "B's debt grows by 23 SFR (50 % interest)")   -- 45 -> ceil(67.5) = 68
  -- Money B receives pays the debt first (R-152).
  expect_contains(g:log(), "B pays 10 SFR of debt")
  expect_contains(g:log(), "B pays 15 SFR of debt")
  expect_eq(g:player("B").cash, cash)
  expect_eq(g:player("B").debt, 43)
end)

test("1844-R-153: nobody goes bankrupt: a director without money simply owes the whole shortfall", function()
  local g = emergency(0)
  g:give_cash("FNM", -100)
  g:act("train 3 as 3")
  expect_eq(g:player("B").debt, 270)               -- 180 x 1.5
  expect_eq(g:corporation("FNM").closed, false)
  expect_eq(g:player("B").left, false)
  expect_eq(g:corporation("FNM").president, "B")
end)

test("1844-R-155: a pre-SBB company is never forced to buy a train and gets no help", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:lay("D19", "57", 0)                            -- NOB has a route
  while g:round().kind ~= "operating" do g:act("pass") end
  expect_eq(g:actor(), "NOB")
  g:give_cash("NOB", 100 - g:corporation("NOB").cash)
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_contains(g:moves(), "pass")
  g:act("pass")                                    -- no train, and that is allowed
  expect_eq(#g:corporation("NOB").trains, 0)
  expect_eq(g:actor(), "FNM")
end)

test("1844-R-155: a pre-SBB company short of the cheapest train gets no help from its director", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:lay("D19", "57", 0)
  while g:round().kind ~= "operating" do g:act("pass") end
  g:give_cash("NOB", 60 - g:corporation("NOB").cash)   -- the 2H costs 70
  local a = g:player("A").cash
  while g:actor() == "NOB" do g:act("pass") end    -- its buy step passes by
  expect_eq(#g:corporation("NOB").trains, 0)
  expect_eq(g:corporation("NOB").cash, 60)
  expect_eq(g:player("A").cash, a)
  expect_eq(g:player("A").debt, 0)
end)

-- Plays on until `corp` is at `step` in an operating round.
local function until_step(g, corp, step)
  for _ = 1, 300 do
    if g:round().kind == "operating" and g:operating() == corp and g:step() == step then return end
    P.step_on(g)
  end
  error(corp .. " never reached " .. step)
end

test("1844-R-142: between companies with different directors a train costs its printed price", function()
  local g = sold_out()
  g:start("STB", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("STB", p) end
  g:set_phase("3")
  local three = g:give_train("STB", "3")
  local h = g:give_train("STB", "3H")
  g:give_train("FNM", "2H")
  until_step(g, "FNM", "buy_train")                -- FNM: B; STB: A
  expect_contains(g:moves(), "train " .. three .. " 180")
  expect_contains(g:moves(), "train " .. h .. " 150")
  g:refuse("train " .. three .. " 100", "1844-R-142")
  g:refuse("train " .. three .. " 181", "1844-R-142")
  local fnm, stb = g:corporation("FNM").cash, g:corporation("STB").cash
  g:act("train " .. three .. " 180")
  expect_eq(g:corporation("FNM").cash, fnm - 180)
  expect_eq(g:corporation("STB").cash, stb + 180)
end)

test("1844-R-142: before phase 3 no train changes hands between companies; the same director names any price from 1", function()
  local g, three, two = regional_buys()
  g:refuse("train " .. two .. " 0", "1844-R-142")
  g:act("train " .. two .. " 1")
  expect_eq(g:corporation("STB").trains[1].id, three)
  local g2 = sold_out()
  g2:start("STB", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g2:give_share("STB", p) end
  local t = g2:give_train("STB", "2", true)
  g2:give_train("FNM", "2H")
  until_step(g2, "FNM", "buy_train")
  g2:refuse("train " .. t .. " 90", "1844-R-142")
end)

test("1844-R-143: a company never sells or scraps its trains on its own", function()
  local g, three, two = regional_buys()
  -- VZ's moves: buying only; and STB cannot hand a train in below its limit.
  for _, m in ipairs(g:moves()) do
    expect_true(m:match("^train ") or m:match("^buy ") or m == "pass", m)
  end
  g:refuse("discard " .. two)
  until_step(g, "STB", "lay_tile")
  g:refuse("discard " .. three)
  for _, m in ipairs(g:moves()) do expect_true(not m:match("^discard"), m) end
end)

test("1844-R-147, R-149: a company whose treasury can pay for a train gets no emergency sales", function()
  local g = emergency(50)
  g:start("STB", "C", 100)
  g:give_share("STB", "B")
  g:give_share("STB", "B")
  g:give_cash("FNM", 400)                          -- 500: the 3H costs 150
  expect_eq(g:corporation("FNM").cash, 500)
  expect_not_contains(g:moves(), "sell STB 1")
  g:refuse("sell STB 1", "1844-R-147", "cannot pay for a train")
  g:act("train 3H as 3H")
  expect_eq(g:corporation("FNM").cash, 350)
  expect_eq(g:player("B").shares.STB, 20)
end)
