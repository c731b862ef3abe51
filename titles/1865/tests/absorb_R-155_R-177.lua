-- Absorption (§5; 1865-R-075, R-102, R-103, R-155 .. R-177, E-17; A-09 ..
-- A-11, A-13 .. A-16, A-24).
local P = test_lib("play")

-- E-17's position, with FMS as the acquirer ("A") and RCSF as the target
-- ("B"), both presided by player B (Bob), in phase 6, at the start of
-- FMS's second turn:
--   RCSF: a minor at 150, red (rank 8 on the PH5 row), B 40 %, A 20 %,
--     the pool 20 %, the IPO 20 % (4 share units outside the IPO);
--     a PH6, 12 traffic, stations at Oristano S6 and Olbia M14.
--   FMS: no IPO certificates (B 50 %, A 30 %, C 20 %); 5 stations, all on
--     the map: Cagliari W10, Oristano S6 (shared with RCSF), Sassari N5,
--     Nuoro Q12 and the mine Monte Narba V13.
--   FMS and RCSF hold L. 300 and L. 100; no loans.
local function e17(ipo_left)
  local g = P.drafted(3)
  g:give_cash("B", 2000)
  g:start("RCSF", "B", 100)                                 -- a minor, launched in phase 2
  g:give_share("RCSF", "A")
  g:give_share("RCSF", "pool")
  g:set_var("row.RCSF", 5)                                  -- red from the start: the Dragons leave it alone
  g:set_phase("6")
  g:start("FMS", "B", 100)                                  -- a major from phase 5
  for _ = 1, 3 do g:give_share("FMS", "B") end              -- B 50 %
  for _ = 1, 3 do g:give_share("FMS", "A") end              -- A 30 %
  for _ = 1, 2 - (ipo_left or 0) do g:give_share("FMS", "C") end   -- C 20 %: nothing left in the IPO
  g:set_tokens("FMS", 5)
  g:set_var("row.FMS", 7)                                   -- red too: the Dragons buy neither
  g:set_price("FMS", 195)
  g:set_price("RCSF", 150)
  g:lay("W12", "8", 1); g:lay("V13", "173", 0)
  g:place_token("FMS", "S6"); g:place_token("FMS", "N5"); g:place_token("FMS", "Q12"); g:place_token("FMS", "V13")
  g:lay("M14", "57", 2)
  g:place_token("RCSF", "M14")
  g:give_train("FMS", "PH6"); g:give_train("RCSF", "PH6")
  -- Both operate once; then FMS's next turn begins with the absorb step.
  P.advance_to(g, "FMS", "lay_tile")
  for _ = 1, 100 do
    P.advance(g)
    if g:actor() == "FMS" and g:step() == "absorb" then break end
  end
  g:give_cash("FMS", 300 - g:corporation("FMS").cash)
  g:give_cash("RCSF", 100 - g:corporation("RCSF").cash)
  g:set_var("traffic.RCSF", 12)
  g:set_var("row.RCSF", 5)
  g:set_price("FMS", 195)
  g:set_price("RCSF", 150)
  return g
end


local function S_has_move(g, text)
  for _, m in ipairs(g:moves()) do if m:find(text, 1, true) then return true end end
  return false
end

local function on_map(g, corp)
  local n, charter = 0, 0
  for _, tk in ipairs(g:corporation(corp).tokens) do
    if tk.hex then n = n + 1 elseif not tk.lost then charter = charter + 1 end
  end
  return n, charter
end

test("E-17, 1865-R-157, R-163, R-164, R-165, R-166: active absorption: 600 in compensation, one loan, 350 left", function()
  local g = e17()
  expect_eq(g:actor(), "FMS")
  expect_eq(g:step(), "absorb")
  local a, b, bank = g:player("A").cash, g:player("B").cash, g:bank()
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq(g:player("B").cash - b, 2 * 150)               -- Bob's president's certificate: 2 units (A-09, A-10)
  expect_eq(g:player("A").cash - a, 150)
  expect_eq(g:var("loans.FMS"), 1)                         -- 1865-R-174: 400 in hand, no IPO to sell
  expect_eq(g:corporation("FMS").cash, 350)                -- 400 + 500 - 600 + 50
  expect_eq(bank - g:bank(), 500 + 50 - 150)               -- the loan and the synergy out, the pool's unit in
end)

test("E-17, 1865-R-168: the acquirer takes the target's trains, traffic and loans", function()
  local g = e17()
  local traffic = g:var("traffic.FMS")
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq(#g:corporation("FMS").trains, 2)
  expect_eq(g:var("traffic.FMS") - traffic, 12)
  expect_eq(g:var("traffic.RCSF"), nil)
end)

test("E-17, 1865-R-169, R-170, R-171, R-172: stations topped up to 7, the mine vacated, one replaced, L. 50 where it stood", function()
  local g = e17()
  expect_eq({ on_map(g, "FMS") }, { 5, 0 })
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq({ on_map(g, "FMS") }, { 5, 2 })                -- 4 + Olbia on the map; 2 on the charter
  expect_eq(g:hex("V13").tokens, {})                       -- 1865-R-170: the mine left empty
  expect_eq(g:hex("M14").tokens, { "FMS" })                -- RCSF's Olbia is FMS's now
  expect_eq(g:hex("S6").tokens, { "FMS" })                 -- FMS stood in Oristano already
  expect_contains(g:log(), "FMS already stands in S6: the bank pays L. 50 (1865-R-172)")
end)

test("E-17, 1865-R-167, R-158: the target's certificates return to its IPO; it does not operate this round", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  for _, c in ipairs(g:corporation("RCSF").certificates) do expect_eq(c.owner, "treasury") end
  expect_eq(g:corporation("RCSF").started, false)
  expect_eq(g:actor(), "FMS")                              -- FMS operates now
  for _ = 1, 40 do
    if g:round().kind ~= "operating" then break end
    expect_true(g:actor() ~= "RCSF")
    P.advance(g)
  end
end)

test("1865-R-064, R-025: an absorbed company is launched again as a major", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  g = P.next_stock_round(g)
  local who = g:actor()
  g:give_cash(who, 1000)
  g:act("par RCSF 100")
  expect_eq(g:corporation("RCSF").kind, "major")
  expect_eq(#g:corporation("RCSF").tokens, 7)
  expect_eq(g:actor(), who)                                  -- asked where its home is
  local moves = g:moves()
  local log = g:log()
  expect_eq(moves[1], "choose S6", table.concat(log, "\n", #log - 8))                           -- where companies.toml puts it, first
  g:act(moves[2])
  local home = moves[2]:sub(8)
  expect_eq(g:corporation("RCSF").tokens[1].hex, home)
  expect_contains(g:hex(home).tokens, "RCSF")
  expect_true(not S_has_move(g, "choose"))
  expect_eq(g:hex("S6").tokens, { "FMS" })                  -- the old home is free again
end)

test("1865-R-064: with its old home full, a relaunched company's home is one of the free cities", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  g = P.next_stock_round(g)
  g:place_token("SFSS", "S6")                                -- S6 full: FMS and SFSS
  local who = g:actor()
  g:give_cash(who, 1000)
  g:act("par RCSF 100")
  local moves = g:moves()
  expect_true(not S_has_move(g, "choose S6"))
  expect_true(#moves > 1 and moves[1]:sub(1, 7) == "choose ")
  expect_eq(#g:corporation("RCSF").tokens, 7)
  expect_eq(g:hex("S6").tokens, { "SFSS", "FMS" })
  g:act(moves[1])
  local home = moves[1]:sub(8)
  expect_contains(g:hex(home).tokens, "RCSF")
  expect_eq(g:var("home.RCSF"), home)
  expect_contains(g:log(), "RCSF's new home is " .. home .. " (1865-R-064)")
end)

test("1865-R-064: a company cannot return while no city has a free slot for its home", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  g = P.next_stock_round(g)
  -- Every city's free slots taken by the other companies (one token
  -- each per city; the test lays them free, without a route).
  local fillers = { "SFSS", "FCS", "SFS", "FA", "CFC", "CFD", "FMS" }
  for _, corp in ipairs(fillers) do g:set_tokens(corp, 40) end
  for _, hex in ipairs(g:stops_of_kind("city")) do
    for _, corp in ipairs(fillers) do
      local st = g:hex(hex).stops[1]
      if #st.tokens >= st.slots then break end
      local there = false
      for _, t in ipairs(st.tokens) do there = there or t == corp end
      if not there then g:place_token(corp, hex) end
    end
  end
  local who = g:actor()
  g:give_cash(who, 1000)
  g:refuse("par RCSF 100", "1865-R-064", "no city has a free slot")
  expect_eq(g:corporation("RCSF").started, false)
end)

test("1865-R-155: acquirer and target must have the same president", function()
  local g = e17()
  P.floated(g, "SFSS", "A", 100, 4)                         -- a major (phase 6) of A's
  expect_true(not S_has_move(g, "target=SFSS"))
  g:refuse("do absorb target=SFSS", "1865-R-155", "same president")
end)

test("1865-R-156: passive absorption: the company at the start of its turn is absorbed and skips its turn", function()
  local g = e17()
  g:act("pass")                                            -- FMS does not absorb; it operates
  for _ = 1, 40 do
    if g:actor() == "RCSF" and g:step() == "absorb" then break end
    P.advance(g)
  end
  expect_eq(g:actor(), "RCSF")
  g:act("do absorbed_by acquirer=FMS vacate=V13")
  expect_eq(g:corporation("RCSF").started, false)
  expect_true(g:actor() ~= "RCSF")
end)

test("1865-R-159: both companies must have operated before", function()
  local g = P.drafted(3)
  g:give_cash("B", 500)
  P.floated(g, "FMS", "B", 100, 1)
  P.floated(g, "RCSF", "B", 90, 1)
  g:give_train("FMS", "PH2"); g:give_train("RCSF", "PH2")
  P.advance_to(g, "FMS", "lay_tile")
  expect_eq(g:corporation("FMS").operated, 0)
  for _, m in ipairs(g:moves()) do expect_true(not m:find("absorb")) end
end)

test("1865-R-160: the two companies must be connected", function()
  local g = e17()
  expect_contains(g:moves(), "do absorb target=RCSF")
end)

test("1865-R-161, R-175: an absorption that cannot be funded is refused", function()
  local g = e17()
  g:set_var("loans.RCSF", 3)                                -- the two may owe 3 at most: no loan is left
  g:refuse("do absorb target=RCSF", "1865-R-161", "cannot raise")
end)

test("1865-R-162, A-16: a minor may absorb a major; the acquirer keeps its kind", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq(g:corporation("FMS").kind, "major")
end)

test("1865-R-075, R-165: the acquirer sells its IPO certificates first, without a price drop, then borrows", function()
  local g = e17(1)                                           -- one FMS certificate left in its IPO
  local price = g:share_price("FMS")
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq(g:share_price("FMS"), price)
  expect_eq(g:corporation("FMS").pool_percent, 10)
  expect_eq(g:var("loans.FMS"), 1)                          -- 400 + 195 < 600: a loan still
  expect_eq(g:corporation("FMS").cash, 400 + 195 + 500 - 600 + 50)
end)

test("1865-R-176, R-177: loans carry no interest and are repaid L. 500 in full in the company's turn", function()
  local g = e17()
  g:act("do absorb target=RCSF vacate=V13")
  g:give_cash("FMS", 500)
  local cash = g:corporation("FMS").cash
  g:act("do repay_loan")
  expect_eq(g:var("loans.FMS"), 0)
  expect_eq(cash - g:corporation("FMS").cash, 500)
end)

test("1865-R-174: loans never pay for track, stations or trains", function()
  local g = e17()
  for _, m in ipairs(g:moves()) do expect_true(not m:find("loan") or m:find("repay")) end
end)

test("1865-R-173: short of stations, the target's others are lost", function()
  local g = e17()
  g:act("do absorb target=RCSF")                            -- the mine kept: 7 stations, one still free
  expect_eq({ on_map(g, "FMS") }, { 6, 1 })
end)

test("1865-R-166: the common president is paid for his own certificates like the others", function()
  local g = e17()
  local b = g:player("B").cash
  g:act("do absorb target=RCSF vacate=V13")
  expect_eq(g:player("B").cash - b, 300)
end)
