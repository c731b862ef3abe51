-- Setup (1849 V6 §1.1, §2, §2.1, §2.2, component list; rules
-- 1849-R-001 .. R-011; ambiguity A-01).

local P = test_lib("play")

local SIX = { "AFG", "ATA", "CTL", "IFT", "RCS", "SFA" }

local function names(n)
  local all = { "A", "B", "C", "D", "E", "F" }
  local out = {}
  for i = 1, n do out[i] = all[i] end
  return out
end

local start_order = P.start_order

local function class_counts(g)
  local out = {}
  for _, c in ipairs({ "4H", "6H", "8H", "10H", "12H", "16H", "R6H" }) do out[#out + 1] = g:trains_left(c) end
  return out
end

local function classes_on_sale(g)
  local out = {}
  for _, t in ipairs(g:trains_on_sale()) do out[#out + 1] = t.variant end
  return out
end

test("1849-R-001: the game is for 3, 4 or 5 players, no fewer and no more", function()
  for n = 3, 5 do
    local g = new_game{ players = names(n) }
    expect_eq(#g:players(), n)
  end
  expect_error(function() new_game{ players = names(2) } end, "for 3, 4, 5 players, not 2")
  expect_error(function() new_game{ players = names(6) } end, "for 3, 4, 5 players, not 6")
end)

test("1849-R-002, R-003 (A-01): the bank pays L. 500 / 375 / 300 a player out of its L. 7,760 and keeps L. 6,260", function()
  for _, case in ipairs({ { 3, 500 }, { 4, 375 }, { 5, 300 } }) do
    local n, cash = case[1], case[2]
    local g = new_game{ players = names(n) }
    local total = g:bank()
    for _, p in ipairs(g:players()) do
      expect_eq(g:player(p).cash, cash, n .. " players: " .. p)
      total = total + g:player(p).cash
    end
    expect_eq(g:bank(), 6260, n .. " players")
    expect_eq(total, 7760, n .. " players")
  end
  local g = new_game{ players = names(4), options = { five_corporations = true } }
  expect_eq(g:player("D").cash, 375)
  expect_eq(g:bank(), 6260)
end)

test("1849-R-004: five corporations with 3 players, six with 5; with 4 six, or five as an option", function()
  local function in_play(n, options)
    return #new_game{ players = names(n), options = options }:corporations()
  end
  expect_eq(in_play(3), 5)
  expect_eq(in_play(4), 6)
  expect_eq(in_play(4, { five_corporations = true }), 5)
  expect_eq(in_play(5), 6)
  -- The option is for four players only.
  expect_error(function() new_game{ players = names(5), options = { five_corporations = true } } end)
  expect_error(function() new_game{ players = names(3), options = { five_corporations = true } } end)
end)

test("1849-R-005: every five-corporation game lacks one 6H, one 8H and one 16H", function()
  --                  4H 6H 8H 10H 12H 16H R6H
  local six  = { 4, 4, 3, 2, 1, 5, 2 }
  local five = { 4, 3, 2, 2, 1, 4, 2 }
  expect_eq(class_counts(new_game{ players = names(3) }), five)
  expect_eq(class_counts(new_game{ players = names(4), options = { five_corporations = true } }), five)
  expect_eq(class_counts(new_game{ players = names(4) }), six)
  expect_eq(class_counts(new_game{ players = names(5) }), six)
end)

test("1849-R-006: only the 4H are on sale at first; then 6H, 8H, 10H, 12H, 16H, and R6H last", function()
  local g = new_game{ players = names(4), setup = { corporation_order = { "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" } } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  expect_eq(classes_on_sale(g), { "4H" })
  local seen = {}
  for _, class in ipairs({ "4H", "6H", "8H", "10H", "12H" }) do
    while g:trains_left(class) > 0 do
      expect_eq(classes_on_sale(g), { class })
      g:give_train("SFA", class, true)
    end
    seen[#seen + 1] = classes_on_sale(g)[1]
  end
  expect_eq(seen, { "6H", "8H", "10H", "12H", "16H" })
  -- R6H waits until the first 16H has gone.
  expect_eq(classes_on_sale(g), { "16H" })
  g:give_train("SFA", "16H", true)
  expect_eq(classes_on_sale(g), { "16H", "R6H" })
end)

test("1849-R-007: players sit in place-card order; card 1 holds the priority deal card and opens", function()
  local g = new_game{ players = { "Dora", "Bea", "Al", "Cy" } }
  expect_eq(g:players(), { "Dora", "Bea", "Al", "Cy" })
  expect_eq(g:priority(), "Dora")
  expect_eq(g:actor(), "Dora")
  g:act("pass")
  expect_eq(g:actor(), "Bea")                          -- clockwise: the next card
  g:act("pass")
  expect_eq(g:actor(), "Al")
end)

test("1849-R-008: the place cards dealt from the seed set the starting order; corporations start in that order", function()
  local g = new_game{ players = names(4), seed = 1 }
  expect_eq(start_order(g), { "SFA", "ATA", "CTL", "AFG", "IFT", "RCS" })
  expect_contains(g:log(), "corporations start in the order SFA, ATA, CTL, AFG, IFT, RCS")
  -- Another deal, another order; each order is a permutation of the six.
  local g2 = new_game{ players = names(4), seed = 2 }
  expect_eq(start_order(g2), { "AFG", "CTL", "IFT", "ATA", "RCS", "SFA" })
  local sorted = start_order(g2)
  table.sort(sorted)
  expect_eq(sorted, SIX)
  -- Card 1 (SFA) goes with the RSA; then only card 2 (ATA), then card 3 (CTL).
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  expect_eq(g:corporation("SFA").president, "A")
  g:give_cash("B", 500)
  expect_eq(g:actor(), "B")
  expect_contains(g:moves(), "par ATA 68")
  for _, m in ipairs(g:moves()) do
    expect_true(not m:find("^par") or m:find("^par ATA"), "only ATA may start: " .. m)
  end
  g:refuse("par CTL 68", "1849-R-079")
  g:acts{ "par ATA 68", "pass" }                      -- B buys no extra certificate
  g:give_cash("C", 500)
  expect_contains(g:moves(), "par CTL 68")
  g:refuse("par AFG 68 C1", "1849-R-079")
end)

test("1849-R-009: in a five-corporation game the corporation with place card 6 is out and never starts", function()
  -- Seed 1 deals SFA, ATA, CTL, AFG, IFT, RCS: RCS (card 6) is out.
  local g = new_game{ players = names(3), seed = 1 }
  expect_eq(g:corporation("RCS").in_play, false)
  expect_eq(g:corporations(), { "AFG", "ATA", "CTL", "IFT", "SFA" })
  expect_contains(g:log(), "RCS is not in this five-corporation game")
  -- Start all five; then nothing is left to start.
  g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  for _, p in ipairs(g:players()) do g:give_cash(p, 1000) end
  g:acts{ "par ATA 68 +2", "par CTL 68 +2", "par AFG 68 +2 C1", "par IFT 68 +2" }
  expect_eq(g:actor(), "B")
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^par"), "nothing left to start: " .. m) end
  g:refuse("par RCS 68", "1849-R-009", "not in this game")
  expect_eq(g:corporation("RCS").started, false)
  -- Same with four players and the option (seed 2: SFA holds card 6).
  local g4 = new_game{ players = names(4), seed = 2, options = { five_corporations = true } }
  expect_eq(g4:corporation("SFA").in_play, false)
  expect_eq(#g4:corporations(), 5)
end)

test("1849-R-010: beginner rule: IFT in position 1, 2 or 3 moves to 4 and the ones between move up", function()
  local function order(seed, delay)
    return start_order(new_game{ players = names(4), seed = seed, options = { delay_ift = delay } })
  end
  -- Position 1: IFT, CTL, RCS, ATA, AFG, SFA -> CTL, RCS, ATA, IFT, AFG, SFA.
  expect_eq(order(11, false), { "IFT", "CTL", "RCS", "ATA", "AFG", "SFA" })
  expect_eq(order(11, true), { "CTL", "RCS", "ATA", "IFT", "AFG", "SFA" })
  -- Position 2: a shift, not a swap with position 4.
  expect_eq(order(3, false), { "ATA", "IFT", "CTL", "SFA", "AFG", "RCS" })
  expect_eq(order(3, true), { "ATA", "CTL", "SFA", "IFT", "AFG", "RCS" })
  -- Position 3.
  expect_eq(order(2, false), { "AFG", "CTL", "IFT", "ATA", "RCS", "SFA" })
  expect_eq(order(2, true), { "AFG", "CTL", "ATA", "IFT", "RCS", "SFA" })
  -- Positions 4 and 6 are left alone.
  expect_eq(order(15, true), order(15, false))
  expect_eq(order(15, true)[4], "IFT")
  expect_eq(order(5, true), order(5, false))
  expect_eq(order(5, true)[6], "IFT")
  -- Before card 6 is removed: with three players card 6 is still SFA.
  local g = new_game{ players = names(3), seed = 11, options = { delay_ift = true } }
  expect_eq(start_order(g), { "CTL", "RCS", "ATA", "IFT", "AFG" })
  expect_eq(g:corporation("SFA").in_play, false)
end)

test("1849-R-011: terrain hexes carry their printed cost (9 rough at 40, 7 hills at 80, 16 mountains at 160), kept under tiles", function()
  local g = new_game{ players = names(4) }
  local count, costs = {}, {}
  local rows = "ABCDEFGHIJKLMN"
  for r = 1, #rows do
    for col = 1, 16 do
      local ok, h = pcall(function() return g:hex(rows:sub(r, r) .. col) end)
      if ok and h.terrain then
        count[h.terrain] = (count[h.terrain] or 0) + 1
        costs[h.terrain] = costs[h.terrain] or {}
        costs[h.terrain][h.cost] = true
      end
    end
  end
  expect_eq(count, { rough = 9, hills = 7, mountain = 16 })
  expect_eq(costs, { rough = { [40] = true }, hills = { [80] = true }, mountain = { [160] = true } })
  -- The marker stays on the hex under a tile.
  g:lay("D2", "8", 0)
  expect_eq(g:hex("D2").tile, "8")
  expect_eq(g:hex("D2").terrain, "mountain")
  expect_eq(g:hex("D2").cost, 160)
end)
