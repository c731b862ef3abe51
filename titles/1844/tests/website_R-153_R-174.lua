-- Readings met replaying the recorded 18xx.games game (railhead import):
-- P4 at any point of an operating turn (R-174, A-24) and, behind the
-- option `website`, the website's bankruptcy (R-153).

local P = test_lib("play")

local sold_out = P.sold_out

local has = P.has

-- FNM (director B) operating, past its track step.
local function fnm_after_track(g)
  g:give_train("FNM", "2H")
  g:acts{ "pass", "pass", "pass", "pass" }   -- stock round 1
  expect_eq(g:actor(), "FNM")
  while g:step() == "lay_tile" or g:step() == "place_token" do g:act("pass") end
  return g
end

test("1844-R-174: P4's director may lay the Furka-Oberalp line after the track step of a company they direct (A-24)", function()
  local g = sold_out()
  g:give_company("P4", "B")
  g:set_phase("3")
  fnm_after_track(g)
  expect_true(g:step() ~= "lay_tile", "past the track step")
  expect_contains(g:moves(), "do furka_oberalp_line")
  local cash = g:player("B").cash
  g:act("do furka_oberalp_line")
  expect_eq(g:player("B").cash, cash + 80)
  expect_eq(g:company("P4").owner_kind, "closed")
  expect_eq(g:hex("H19").tile, "OP2")
end)

test("1844-R-174: not in the operating turn of a company P4's owner does not direct", function()
  local g = sold_out()     -- P4: D; FNM: B
  g:set_phase("3")
  fnm_after_track(g)
  expect_true(not has(g:moves(), "do furka_oberalp_line"), "not offered")
  g:refuse("do furka_oberalp_line", "1844-R-174")
end)

-- STB (home Aarau, D15) at its track step in phase 3, B its director.
local function stb_at_track(options)
  local g = sold_out(options)
  g:start("STB", "B", 80)
  for _ = 1, 3 do g:give_share("STB", "C") end
  g:set_phase("3")
  g:acts{ "pass", "pass", "pass", "pass" }   -- stock round 1
  while g:actor() ~= "STB" do
    local moves = g:moves()
    g:act(has(moves, "run auto") and "run auto" or (has(moves, "payout") and "payout" or "pass"))
  end
  expect_eq(g:step(), "lay_tile")
  return g
end

local function aarau_green(g)
  for _, m in ipairs(g:moves()) do
    if m:sub(1, 11) == "lay D15 14 " then return m end
  end
  error("no green 14 on D15 in " .. table.concat(g:moves(), ", "))
end

test("1844-R-079: upgrading the printed yellow Aarau is free", function()
  local g = stb_at_track()
  local cash = g:corporation("STB").cash
  g:act(aarau_green(g))
  expect_eq(g:corporation("STB").cash, cash)
end)

test("1844-R-079: option website: the first upgrade of Aarau costs its printed river (20)", function()
  local g = stb_at_track{ "website" }
  local cash = g:corporation("STB").cash
  g:act(aarau_green(g))
  expect_eq(g:corporation("STB").cash, cash - 20)
  expect_true(g:hex("D15").laid)
end)

-- FNM (director B, left with 40 SFR and only the director's certificate)
-- must buy a train in phase 5 with an empty treasury: nothing B could sell
-- would pay for the cheapest one.
local function fnm_broke(options)
  local g = sold_out(options)
  g:set_phase("5")
  g:give_cash("FNM", -g:corporation("FNM").cash)
  g:give_cash("B", 40 - g:player("B").cash)
  g:acts{ "pass", "pass", "pass", "pass" }   -- stock round 1
  for _ = 1, 20 do
    if g:actor() == "FNM" and g:step() == "buy_train" then return g end
    local moves = g:moves()
    g:act(has(moves, "run auto") and "run auto" or (has(moves, "payout") and "payout" or "pass"))
  end
  error("FNM never reached its train purchase")
end

test("1844-R-153: nobody goes bankrupt: the director must buy the train on debt", function()
  local g = fnm_broke()
  g:refuse("pass", "1844-R-135")
  local train = nil
  for _, m in ipairs(g:moves()) do
    if m:sub(1, 6) == "train " and not m:find("%.%.") then train = m end
  end
  expect_true(train ~= nil, "a bank train is offered")
  g:act(train)
  expect_true(not g:over(), "the game goes on")
  expect_true(g:player("B").debt > 0, "B owes the bank")
end)

test("1844-R-153: option website: the director may go bankrupt instead; the game ends at once", function()
  local g = fnm_broke{ "website" }
  local bank = g:bank()
  g:act("pass")
  expect_true(g:over(), "the game is over")
  expect_eq(g:result().reason, "bankrupt")
  expect_eq(g:var("bankrupt"), "B")
  expect_eq(g:player("B").cash, 0)
  expect_eq(g:bank(), bank + 40)
  expect_eq(g:corporation("FNM").president, "B")   -- no presidency changes hands
end)

test("1844-R-153: option website: no bankruptcy while the director could still pay for the cheapest train", function()
  local g = fnm_broke{ "website" }
  g:give_cash("B", 1000)
  g:refuse("pass", "1844-R-135")
  expect_true(not g:over(), "the game goes on")
end)

-- FNM's token on Bellinzona (K22), whose yellow 5 joins the straight 9 on
-- J21: FNM reaches J21's straight only.
local function fnm_reaches_j21_straight()
  local g = sold_out()
  g:give_train("FNM", "2H")
  g:lay("K22", "5", 1)
  g:place_token("FNM", "K22")
  g:lay("J21", "9", 2)
  g:set_phase("3")
  g:acts{ "pass", "pass", "pass", "pass" }   -- stock round 1
  expect_eq(g:actor(), "FNM")
  expect_eq(g:step(), "lay_tile")
  return g
end

test("1844-R-087: an upgrade needs a route to any track of the new tile, the track it keeps included", function()
  local g = fnm_reaches_j21_straight()
  -- 23 at rotation 2 keeps the straight and adds a curve FNM cannot reach.
  expect_contains(g:moves(), "lay J21 23 2")
  g:act("lay J21 23 2")
  expect_eq(g:hex("J21").tile, "23")
end)

test("1844-R-190: the SBB director chooses which trains over 4 go to the pool, never the charter 5H (A-29)", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "B", 70)
  g:give_share("SCB", "C")
  local nob3 = g:give_train("NOB", "3")
  g:give_train("NOB", "4")
  g:give_train("SCB", "3")
  g:give_train("SCB", "4")
  g:set_phase("5")
  expect_true(g:var("sbb.formed"))
  expect_eq(#g:corporation("SBB").trains, 5)
  expect_eq(g:actor(), "SBB")
  g:refuse("discard SBB5H-0", "1844-R-190")
  g:act("discard " .. nob3)
  expect_eq(#g:corporation("SBB").trains, 4)
  local pool = {}
  for _, t in ipairs(g:trains_on_sale()) do if t.pool then pool[#pool + 1] = t.variant end end
  expect_eq(pool, { "3H" })
  expect_true(g:actor() ~= "SBB", "the SBB's discards are done")
end)
