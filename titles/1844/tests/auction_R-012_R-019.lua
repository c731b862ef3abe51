-- The auction of the privates: who puts each private up (1844-R-012),
-- the end of one private's auction (R-015), unsold privates in later
-- rounds (R-019, A-41).

test("1844-R-012: with 5 players position 1 puts up P1 and P6, position 2 P2 and P7", function()
  local g = new_game{ players = { "A", "B", "C", "D", "E" }, seed = 1 }
  local openers = {}
  local bids = { P1 = 20, P2 = 50, P3 = 80, P4 = 110, P5 = 140, P6 = 180, P7 = 100 }
  for _, lot in ipairs({ "P1", "P2", "P3", "P4", "P5", "P6", "P7" }) do
    openers[lot] = g:actor()
    expect_contains(g:moves(), "bid " .. lot .. " " .. bids[lot] .. ".." .. g:player(g:actor()).cash)
    g:act("bid " .. lot .. " " .. bids[lot])
    g:acts{ "pass", "pass", "pass", "pass" }
    if lot == "P6" then g:act("par FNM 90") end
  end
  expect_eq(openers, { P1 = "A", P2 = "B", P3 = "C", P4 = "D", P5 = "E", P6 = "A", P7 = "B" })
end)

test("1844-R-015: the auction ends when all others still in have passed after the high bid; the winner pays the bank", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local bank = g:bank()
  g:act("bid P1 20")      -- A
  g:act("bid P1 25")      -- B
  g:act("pass")           -- C
  g:act("pass")           -- D
  expect_eq(g:actor(), "A", "A is still in and must answer B's bid")
  expect_eq(g:company("P1").owner_kind, "bank")
  g:act("bid P1 30")      -- A
  expect_eq(g:actor(), "B", "C and D are out for good")
  g:act("pass")           -- B
  expect_eq(g:company("P1").owner, "A")
  expect_eq(g:player("A").cash, 620 - 30)
  expect_eq(g:player("B").cash, 620)
  expect_eq(g:bank(), bank + 30)
  -- The next private is put up at once, by position 2.
  expect_eq(g:var("auction.lot"), "P2")
  expect_eq(g:actor(), "B")
end)

test("1844-R-019: unsold privates are auctioned first in the next round, from the lowest, by the rotation (A-41)", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  g:acts{ "bid P1 20", "pass", "pass", "pass" }
  g:acts{ "bid P2 50", "pass", "pass", "pass" }
  g:acts{ "pass", "pass", "pass", "pass" }        -- nobody bids on P3 (R-018)
  -- The private-income OR has run; the auction takes up P3 again, put up
  -- by position 3 (C).
  expect_eq(g:round().name, "auction")
  expect_eq(g:var("auction.lot"), "P3")
  expect_eq(g:actor(), "C")
  expect_eq(g:player("A").cash, 620 - 20 + 5)
  expect_eq(g:player("B").cash, 620 - 50 + 10)
  -- Nothing else may be bought before the privates.
  g:refuse("par STB 90", "1844-R-019", "auction")
  g:refuse("buy B1", "1844-R-019", "auction")
  g:refuse("bid P4 110", "1844-R-011")
  local moves = g:moves()
  table.sort(moves)
  expect_eq(moves, { "bid P3 80.." .. g:player("C").cash, "pass" })
  g:acts{ "bid P3 80", "pass", "pass", "pass" }
  g:acts{ "bid P4 110", "pass", "pass", "pass" }  -- D
  g:acts{ "bid P5 140", "pass", "pass", "pass" }  -- A
  g:acts{ "bid P6 180", "pass", "pass", "pass" }  -- B
  g:act("par FNM 90")
  g:acts{ "bid P7 100", "pass", "pass", "pass" }  -- C
  -- All sold: the stock round follows, order by cash, least first (R-020).
  expect_eq(g:round().kind, "stock")
  expect_contains(g:moves(), "par STB 90")
end)

test("1844-R-023: P3's Tunnel certificate does not use up its buyer's tunnel purchase", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  expect_eq(g:company("T1").owner, "C")
  while g:actor() ~= "C" do g:act("pass") end
  local cash = g:player("C").cash
  g:act("buy T2")
  expect_eq(g:company("T2").owner, "C")
  expect_eq(g:player("C").cash, cash - 50)
end)
