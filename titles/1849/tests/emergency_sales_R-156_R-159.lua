-- Emergency money raising, what the president may and may not do (1849
-- V6 §10.7; rules 1849-R-156 .. R-159; worked example WE-11). The basic
-- cases are in emergency_R-156_R-161.lua; the position is the same:
--
-- X = RCS, started by C through the RSA, with a line Palermo - Termini
-- Imerese (so it must own a train) but no train, in the second operating
-- round. Y = CTL, started by A, with a 4H; it has operated, so its shares
-- may be sold; its price is set to L. 40.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

-- `extra(g)` runs in the second stock round, before the prices are set.
local function emergency(treasury, cash, extra)
  local g = P.rcs_by_c(ORDER)
  g:give_cash("A", 100)
  g:start("CTL", "A", 68)
  g:give_cash("CTL", 10)
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do g:act("pass") end
  while g:step() ~= "buy_train" do g:act("pass") end
  g:act("train 4H")
  while g:round().kind ~= "stock" do g:act("pass") end
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  if extra then extra(g) end
  g:set_price("CTL", 40)
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "RCS" do g:act("pass") end
  while g:step() ~= "buy_train" do g:act("pass") end
  g:give_cash("RCS", treasury - g:corporation("RCS").cash)
  g:give_cash("C", cash - g:player("C").cash)
  return g
end

test("1849-R-156: before any emergency, RCS may buy CTL's train with its treasury money alone", function()
  local g = emergency(30, 50, function(g) g:give_share("CTL", "C") end)
  g:act("train 4H-0 30")
  g:act("choose accept")                               -- A, CTL's president (1849-R-152)
  expect_eq(g:corporation("RCS").trains[1].id, "4H-0")
  expect_eq(g:corporation("RCS").cash, 0)
  expect_eq(g:player("C").cash, 50)                    -- no emergency: C paid nothing
  expect_eq(g:player("C").shares.CTL, 10)
end)

test("1849-R-156: the president may not sell shares while the treasury and the president's cash suffice", function()
  local g = emergency(30, 80, function(g) g:give_share("CTL", "C") end)
  g:refuse("sell CTL 1", "1849-R-157", "enough money")
  g:act("train 4H")                                    -- 30 + 70 from C
  expect_eq(g:player("C").cash, 10)
  expect_eq(g:player("C").shares.CTL, 10)
end)

test("1849-R-159 (WE-11): once the president has sold a share, only the cheapest bank train may be bought", function()
  local g = emergency(30, 50, function(g) g:give_share("CTL", "C") end)
  g:act("sell CTL 1")
  expect_eq(g:player("C").cash, 90)
  g:refuse("train 4H-0 20", "1849-R-159", "from the bank")  -- CTL's 4H, though the treasury has 20
  g:act("train 4H")
  expect_eq(g:corporation("RCS").cash, 0)
  expect_eq(g:player("C").cash, 20)
end)

test("1849-R-159: with the president's money the train must be the cheapest on offer, pool trains included", function()
  -- Phase 10: IFT (B) held two 8H and a 10H and discarded an 8H into the
  -- pool; the cheapest train is that 8H at 350, not the new 10H at 550.
  local g = emergency(30, 400, function(g)
    g:give_cash("B", 300)
    g:start("IFT", "B", 100)
    g:give_train("IFT", "8H")
    g:give_train("IFT", "8H")
    g:give_train("IFT", "10H")
    g:set_phase("10")
    g:act("discard 8H-1")
  end)
  expect_eq(g:corporation("CTL").trains, {})          -- its 4H rusted
  g:refuse("train 10H", "1849-R-159", "cheapest train")
  g:act("train 8H")
  expect_eq(g:corporation("RCS").trains[1].id, "8H-1")
  expect_eq(g:player("C").cash, 400 - 320)
  expect_eq(g:corporation("RCS").cash, 0)
end)

test("1849-R-157: sales stop as soon as enough is raised", function()
  local g = emergency(30, 10, function(g)
    for _ = 1, 3 do g:give_share("CTL", "C") end
    for _ = 1, 2 do g:give_share("CTL", "A") end      -- A stays president of CTL
  end)
  -- Short 60 after C's 10: one share of CTL (40) is not enough, two are.
  g:refuse("sell CTL 3", "1849-R-157", "more than needed")
  g:act("sell CTL 1")
  g:refuse("train 4H", "1849-R-157", "C has L. 50 and must sell shares")
  g:act("sell CTL 1")
  g:refuse("sell CTL 1", "1849-R-157", "enough money")
  g:act("train 4H")
  -- 10 + 40 + 31 (the first sale moved CTL's price down a row) - 70.
  expect_eq(g:player("C").cash, 11)
  expect_eq(g:player("C").shares.CTL, 10)
end)

test("1849-R-158: the emergency sale may not change the presidency of the operating corporation", function()
  -- C holds 30 % of RCS (president's certificate and one share), B 30 %.
  local g = emergency(30, 10, function(g)
    g:give_share("RCS", "C")
    for _ = 1, 3 do g:give_share("RCS", "B") end
    g:give_share("CTL", "C")
    g:give_share("CTL", "C")
  end)
  expect_eq(g:corporation("RCS").president, "C")
  g:refuse("sell RCS 1", "1849-R-158", "presidency of RCS")
  g:act("sell CTL 2")                                  -- these are allowed
  expect_eq(g:corporation("RCS").president, "C")
end)

test("1849-R-158: the emergency sale may change the presidency of another corporation", function()
  -- C is president of CTL with 30 %; A and B hold 20 % each.
  local g = emergency(30, 10, function(g)
    for _ = 1, 3 do g:give_share("CTL", "C") end
    g:give_share("CTL", "B")
    g:give_share("CTL", "B")
  end)
  expect_eq(g:corporation("CTL").president, "C")
  expect_eq(g:corporation("CTL").shares, { A = 20, B = 20, C = 30 })
  g:act("sell CTL 2")                                  -- 80 for the 60 RCS still needs
  expect_eq(g:corporation("CTL").president, "A")       -- first after C, clockwise
  g:act("train 4H")
  expect_eq(g:player("C").cash, 20)
end)

test("1849-R-158: normal selling rules apply: the pool may hold at most 50 %", function()
  local g = emergency(30, 10, function(g)
    for _ = 1, 5 do g:give_share("CTL", "pool") end
    g:give_share("CTL", "C")
  end)
  expect_eq(g:corporation("CTL").pool_percent, 50)
  g:refuse("sell CTL 1", "1849-R-071")
end)

test("1849-R-158: normal selling rules apply: no sale of a corporation that has not operated", function()
  -- B starts ATA in the second stock round; at L. 52 it operates after RCS.
  local g = emergency(30, 10, function(g)
    g:give_cash("B", 300)
    g:start("ATA", "B", 100)
    g:give_share("ATA", "C")
    g:set_price("ATA", 52)
  end)
  expect_eq(g:corporation("ATA").operated, 0)
  g:refuse("sell ATA 1", "1849-R-070")
end)

test("1849-R-158: the corporation may not issue its treasury shares in the emergency", function()
  local g = emergency(30, 10, function(g) g:give_share("CTL", "C") end)
  g:refuse("issue 1", "1849-R-158", "may not issue")
  expect_eq(g:corporation("RCS").treasury_percent, 80)
end)
