-- The checklist's derived tests D-03 .. D-10 and D-16 (§5.2), played with
-- their own numbers: the political round's bids and money, the seating it
-- leaves, concessions by phase, and secured interest refused.

local P = test_lib("play")
local logged = P.logged

local function new_pr(players)
  local g = new_game{ players = players or { "A", "B", "C", "D" }, seed = 1 }
  expect_eq(g:round().name, "political")
  return g
end

-- The picker picks `card` and bids `bid`; everyone else passes.
local function win(g, card, bid)
  local picker = g:actor()
  g:act("do pick card=" .. card)
  g:act("bid " .. card .. " " .. bid)
  while g:var("pr.card") == card do g:act("pass") end
  return picker
end

test("18FB-D-03 (R-010): Bayard at D175 opens at 175; 178 is no bid; 180 is", function()
  local g = new_pr()
  g:act("do pick card=BAY")
  g:act("bid BAY 175")
  g:refuse("bid BAY 178", "18FB-R-010")
  g:act("bid BAY 180")
  expect_eq(g:var("pr.high"), 180)
end)

test("18FB-D-04 (R-013, R-014): Bayard won at D200: the bank D175, NN's treasury D25, and the winner a 10 % NN share", function()
  local g = new_pr()
  local bank, nn = g:bank(), g:corporation("NN").cash
  local who = win(g, "BAY", 200)
  expect_eq(g:bank(), bank + 175)
  expect_eq(g:corporation("NN").cash, nn + 25)
  expect_eq(g:player(who).shares.NN, 10)
  expect_eq(g:company("BAY").owner, who)
end)

test("18FB-D-05 (R-013): Delahante won at D120: all to the bank, no share", function()
  local g = new_pr()
  local bank = g:bank()
  local who = win(g, "DEL", 120)
  expect_eq(g:bank(), bank + 120)
  local shares = 0
  for _, pct in pairs(g:player(who).shares) do shares = shares + pct end
  expect_eq(shares, 0)
end)

test("18FB-D-06 (R-017): cash D600, D700, D600 after the round: the D700 player first with priority, the tie keeps its order", function()
  local g = new_pr({ "A", "B", "C" })
  local seats = g:players()                                    -- the random starting order (R-004)
  local p1, p2, p3 = seats[1], seats[2], seats[3]
  g:give_cash(p1, 600 - g:player(p1).cash)
  g:give_cash(p2, 700 - g:player(p2).cash)
  g:give_cash(p3, 600 - g:player(p3).cash)
  while g:round().name == "political" do
    if g:var("pr.card") == nil then g:act(g:moves()[1]) else g:act("pass") end
  end
  expect_eq(g:players(), { p2, p1, p3 })
  expect_eq(g:priority(), p2)
end)

test("18FB-D-07 (R-036, R-066): FSC at par 80 in PH1: D200 deposit + D160 for the president's certificate; D160 in FSC; Building; 2 tile steps", function()
  local g = P.after_pr()
  local who = g:actor()
  local cash, bank = g:player(who).cash, g:bank()
  g:act("par FSC 80")
  expect_eq(g:player(who).cash, cash - 360)
  expect_eq(g:bank(), bank + 200)
  expect_eq(g:corporation("FSC").cash, 160)
  expect_eq(g:corporation("FSC").state, "building")
  expect_eq(g:var("tile_steps.FSC"), 2)
end)

test("18FB-D-08 (R-037): LdA in PH3 with no card: deposit D80", function()
  local g = P.after_pr()
  g:set_phase("PH3")
  g:act("par LdA 60")
  expect_eq(g:var("deposit.LdA"), 80)
end)

test("18FB-D-09 (R-037, R-066): FP in PH4: no deposit; 3 tile steps", function()
  local g = P.after_pr()
  g:set_phase("PH4")
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("par FP 100")
  expect_eq(g:player(who).cash, cash - 200)
  expect_eq(g:var("deposit.FP"), 0)
  expect_eq(g:var("tile_steps.FP"), 3)
end)

test("18FB-D-10 (R-038): with LTF's concession held, FST in PH1 costs no deposit", function()
  local g = P.after_pr()
  g:act("par LTF 60")
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("par FST 60")
  expect_eq(g:player(who).cash, cash - 120)
  expect_eq(g:var("deposit.FST"), 0)
end)

test("18FB-D-16 (R-108, R-109): a Building major that used 1 of its 2 tile steps: no interest, price left one", function()
  local g = P.after_pr()
  local who = g:actor()
  g:act("par NN 90")                                           -- not at the market's left edge
  g:give_share("NN", "B")
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "NN")
  local col, row = g:corporation("NN").market_col, g:corporation("NN").market_row
  local a, b = g:player(who).cash, g:player("B").cash
  for _, m in ipairs(g:moves()) do if m:sub(1, 4) == "lay " then g:act(m); break end end
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:player(who).cash, a)
  expect_eq(g:player("B").cash, b)
  expect_eq(g:corporation("NN").market_col, col - 1)
  expect_eq(g:corporation("NN").market_row, row)
end)
