-- Private companies (1844-R-168 to R-179): income, purchases by companies,
-- abilities (P2, P4, EVA), P5's MOB share, the final count.

local P = test_lib("play")

local sold_out = P.sold_out
-- Owners: A P1 and P5, B P2 and P6 (FNM's director), C P3 and P7, D P4.

local function to_or(g)
  while g:round().kind ~= "operating" do g:act("pass") end
end

local function to_stock(g)
  while g:round().kind ~= "stock" do
    P.step_on(g)
  end
end

local step_on = P.step_on

test("1844-R-168: privates pay their income to their owners at the start of each OR", function()
  local g = sold_out()
  local a, d = g:player("A").cash, g:player("D").cash
  to_or(g)
  expect_eq(g:player("A").cash, a + 5 + 25)        -- P1 and P5
  expect_eq(g:player("D").cash, d + 20)            -- P4
  expect_contains(g:log(), "P4 pays 20 SFR to D")
end)

test("1844-R-169: from phase 3 a company buys a private from its director for 1 to twice face value", function()
  local g = sold_out()
  to_or(g)
  expect_eq(g:actor(), "FNM")
  g:refuse("buy P2 50", "1844-R-169")              -- phase 1
  g:set_phase("3")
  g:refuse("buy P2 101", "1844-R-169")             -- more than 2 x 50
  g:refuse("buy P2 0", "1844-R-169")
  g:refuse("buy P1 20", "1844-R-169")              -- A owns P1, B directs FNM
  local fnm, b = g:corporation("FNM").cash, g:player("B").cash
  g:act("buy P2 100")
  expect_eq(g:company("P2").owner, "FNM")
  expect_eq(g:corporation("FNM").cash, fnm - 100)
  expect_eq(g:player("B").cash, b + 100)
end)

test("1844-R-170: P6 and P7 are never sold to a company, and pre-SBB companies own no private", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("3")
  to_or(g)
  expect_eq(g:actor(), "NOB")
  expect_not_contains(g:moves(), "buy P1 1..40")
  g:refuse("buy P1 20", "1844-R-170")
  while g:actor() == "NOB" do P.pass(g) end
  expect_eq(g:actor(), "FNM")
  g:refuse("buy P6 100", "1844-R-170")
end)

test("1844-R-171, R-173: P2's extra yellow lay is offered to a company whose director owns P2, once", function()
  local g = sold_out()
  g:set_phase("3")
  g:give_train("FNM", "3")
  to_or(g)
  expect_eq(g:actor(), "FNM")
  g:act("lay L21 57 0")
  expect_eq(g:step(), "lay_tile")                  -- P2: one more lay
  local second
  for _, m in ipairs(g:moves()) do
    if m:match("^lay ") then second = m; break end
  end
  expect_true(second, "a second lay is offered")
  print(second)
  g:act(second)
  expect_eq(g:company("P2").used, true)
  expect_true(g:step() ~= "lay_tile")
  -- P2 keeps paying income until it closes (A-25).
  to_stock(g)
  local b = g:player("B").cash
  to_or(g)
  expect_eq(g:player("B").cash - b, 10)            -- P2 (P6 closed when FNM ran, R-176)
end)

test("1844-R-176: P6 closes the first time FNM runs a train", function()
  local g = sold_out()
  g:set_phase("3")
  g:give_train("FNM", "3")
  to_or(g)
  g:act("lay L21 57 0")
  while g:step() ~= "run_routes" do g:act("pass") end
  expect_eq(g:company("P6").owner_kind, "player")
  g:act("run auto")
  expect_eq(g:company("P6").owner_kind, "closed")
  expect_contains(g:log(), "FNM runs a train for the first time (1844-R-176)")
  expect_contains(g:log(), "P6 closes")
end)

-- Phase 5 with C directing STB; C owns P7 and so gets EVA.
local function eva_position()
  local g = sold_out()
  g:start("STB", "C", 100)
  for _, p in ipairs({ "A", "B", "D" }) do g:give_share("STB", p) end
  g:start("NOB", "A", 100)
  g:set_phase("5")
  expect_eq(g:var("eva.given"), true)
  return g
end

test("1844-R-178: P7's owner hands EVA to a company they direct in a stock turn", function()
  local g = eva_position()
  while g:actor() ~= "C" do g:act("pass") end
  expect_contains(g:moves(), "do give_eva corp=STB")
  local cash = g:corporation("STB").cash
  g:act("do give_eva corp=STB")
  expect_eq(g:corporation("STB").trains[1].class, "EVA")
  expect_eq(g:corporation("STB").cash, cash)        -- for free
  expect_not_contains(g:moves(), "do give_eva corp=STB")
end)

test("1844-R-178: ... or at any point of an operating turn, within the train limit", function()
  local g = eva_position()
  g:give_train("STB", "5")
  g:give_train("STB", "5")
  while g:round().kind ~= "operating" or g:operating() ~= "STB" do step_on(g) end
  expect_eq(g:step(), "lay_tile")
  g:refuse("do give_eva corp=STB", "1844-R-178")    -- two trains: the limit in phase 5
  expect_not_contains(g:moves(), "do give_eva corp=STB")
end)

test("1844-R-178: EVA may wait, and goes at once in an operating turn when there is room", function()
  local g = eva_position()
  while g:round().kind ~= "operating" or g:operating() ~= "STB" do step_on(g) end
  expect_eq(g:step(), "lay_tile")
  expect_contains(g:moves(), "do give_eva corp=STB")
  g:act("do give_eva corp=STB")
  expect_eq(#g:corporation("STB").trains, 1)
  expect_eq(g:step(), "lay_tile")
end)

test("1844-R-171, R-174: P4's owner lays the Furka-Oberalp line at any point of a turn of a company they direct", function()
  local g = sold_out()
  g:start("STB", "D", 100)                         -- D owns P4
  for _, p in ipairs({ "A", "B", "C" }) do g:give_share("STB", p) end
  g:set_phase("3")
  g:give_train("STB", "3")
  g:give_train("FNM", "3")
  to_or(g)
  while g:operating() ~= "STB" or g:step() ~= "buy_train" do step_on(g) end
  expect_contains(g:moves(), "do furka_oberalp_line")
  local d = g:player("D").cash
  g:act("do furka_oberalp_line")
  expect_eq(g:player("D").cash, d + 80)            -- to P4's owner, not STB
  expect_eq(g:company("P4").owner_kind, "closed")
  expect_eq(g:hex("H17").tile, "OP3")
  expect_eq(g:step(), "buy_train")                 -- STB's turn goes on
end)

test("1844-R-174: a company that owns P4 lays the line in its own turn and receives the 80", function()
  local g = sold_out()
  g:start("STB", "D", 100)
  for _, p in ipairs({ "A", "B", "C" }) do g:give_share("STB", p) end
  g:set_phase("3")
  g:give_train("STB", "3")
  g:give_train("FNM", "3")
  g:give_company("P4", "STB")
  to_or(g)
  while g:operating() ~= "STB" do step_on(g) end
  local stb, d = g:corporation("STB").cash, g:player("D").cash
  g:act("do furka_oberalp_line")
  expect_eq(g:corporation("STB").cash, stb + 80)
  expect_eq(g:player("D").cash, d)
end)
