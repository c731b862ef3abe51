-- Italian Unification at PH5 and SFM (§3.6, §3.6.1; 18FB-R-105, R-144,
-- R-150, R-153 .. R-157; D-14, D-33; A-28): scripts/unification.lua.
-- R-151, R-152 and R-057 are proved in frozen_R-055_R-058.lua.

local R = test_lib("regionals")
local logged, after_pr = R.logged, R.after_pr

local function give(g, corp, who, n)
  for _ = 1, n do g:give_share(corp, who) end
end

-- D-14: P1 (A) acquires FSC's concession and holds 30 %, P2 (B) 30 %.
local function d14()
  local g = after_pr()
  g:start("FSC", "A", 100)
  give(g, "FSC", "A", 1)
  give(g, "FSC", "B", 3)
  expect_eq(g:corporation("FSC").president, "A")
  expect_eq(g:var("concession.FSC"), "A")
  return g
end

test("18FB-R-150 (D-14): Garibaldi picks the tied player who does not hold the concession", function()
  local g = d14()
  g:set_phase("PH5")
  expect_eq(g:var("garibaldi.FSC"), "B")
  expect_true(logged(g, "Garibaldi: the presidency of FSC goes to B (18FB-R-150)"))
end)

test("18FB-R-150, R-049 (D-14): Garibaldi hands FSC's presidency to B at PH5, who gives two shares for the president's certificate", function()
  local g = d14()
  g:set_phase("PH5")
  expect_eq(g:corporation("FSC").president, "B")
  expect_eq(g:corporation("FSC").shares, { A = 30, B = 30 })
  local pres
  for _, c in ipairs(g:corporation("FSC").certificates) do if c.president then pres = c.owner end end
  expect_eq(pres, "B")
  expect_true(logged(g, "Garibaldi: the presidency of FSC goes to B (18FB-R-150)"))
end)

test("18FB-R-150: among tied players without the concession, the one holding fewer concessions", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  give(g, "NN", "A", 1)                                        -- A 30 %, NN's concession
  g:start("FB", "B", 100)                                      -- B holds FB's concession
  give(g, "NN", "B", 3)
  give(g, "NN", "C", 3)                                        -- A, B, C 30 % each
  g:set_phase("PH5")
  expect_eq(g:var("garibaldi.NN"), "C")
end)

test("18FB-R-150: still tied, the first in seating order after the old president", function()
  local g = after_pr()
  g:start("NN", "C", 100)
  give(g, "NN", "C", 1)                                        -- C 30 %, NN's concession
  give(g, "NN", "A", 3)
  give(g, "NN", "D", 3)                                        -- A and D tie: D sits after C
  g:set_phase("PH5")
  expect_eq(g:var("garibaldi.NN"), "D")
end)

test("18FB-R-150: the player with the most shares, even only 10 % more; a president holding the most keeps it", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  give(g, "NN", "A", 1)                                        -- A 30 %
  give(g, "NN", "B", 4)                                        -- B 40 %: no takeover before PH5 (R-042)
  g:start("FSC", "C", 100)
  give(g, "FSC", "C", 2)                                       -- C 40 %
  give(g, "FSC", "D", 3)                                       -- D 30 %
  expect_eq(g:corporation("NN").president, "A")
  g:set_phase("PH5")
  expect_eq(g:var("garibaldi.NN"), "B")
  expect_eq(g:var("garibaldi.FSC"), "C")
  expect_true(logged(g, "Garibaldi: C keeps the presidency of FSC (18FB-R-150)"))
end)

test("18FB-R-150, A-28(g): Garibaldi comes before the concessions are discarded", function()
  local g = d14()
  g:set_phase("PH5")
  local at_garibaldi, at_discard
  for i, line in ipairs(g:log()) do
    if line:find("Garibaldi: the presidency of FSC", 1, true) then at_garibaldi = i end
    if line:find("FSC's concession is discarded", 1, true) then at_discard = i end
  end
  expect_true(at_garibaldi ~= nil and at_discard ~= nil and at_garibaldi < at_discard)
end)

test("18FB-R-144: PH5 opens the brown par values 140 and 150, scraps PH2 trains and gives a major floated now 4 tile steps", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_train("NN", "PH2")
  g:set_phase("PH5")
  expect_eq(#g:corporation("NN").trains, 0)                  -- PH2 scrapped (T9)
  expect_contains(g:moves(), "par FSC 150")
  expect_contains(g:moves(), "par FSC 140")
  g:act("par FSC 140")
  expect_eq(g:var("tile_steps.FSC"), 4)
  expect_eq(g:var("tile_steps.NN"), 2)                        -- NN floated in PH1
end)

-- D-33: in PH5 A starts FSC at par 100 (no concession), and the players buy
-- 10 % certificates in their stock turns.
local function fsc_ph5()
  local g = after_pr()
  g:set_phase("PH5")
  expect_eq(g:actor(), "A")
  local cash = g:player("A").cash
  g:act("par FSC 100")
  expect_eq(g:player("A").cash, cash - 200)                  -- no deposit (R-154)
  expect_eq(g:var("concession.FSC"), nil)
  return g
end

test("18FB-R-153, R-154 (D-33): a major started after PH5 floats at 60 % sold with 10 x par; the 40 % left goes to the Pool; it is Definitive", function()
  local g = fsc_ph5()
  local fsc = g:corporation("FSC")
  expect_eq(fsc.state, "unfloated")
  expect_eq(fsc.cash, 200)
  for _ = 1, 3 do g:act("buy FSC") end                       -- B, C, D: 50 % sold
  expect_eq(g:corporation("FSC").state, "unfloated")
  expect_eq(g:corporation("FSC").cash, 500)
  local bank = g:bank()
  expect_eq(g:actor(), "A")
  g:act("buy FSC")                                           -- the 6th share: 60 %
  fsc = g:corporation("FSC")
  expect_eq(fsc.state, "definitive")
  expect_eq(fsc.cash, 1000)                                  -- 10 x par
  expect_eq(fsc.pool_percent, 40)
  expect_eq(fsc.treasury_percent, 0)
  expect_eq(g:bank(), bank - 400)                            -- A-28(c): the bank pays 4 x par
  expect_eq(g:var("tile_steps.FSC"), 4)
  expect_true(logged(g, "FSC floats with 60 % sold: the bank pays D400 for the 40 % left in its IPO, which goes to the Pool; its treasury holds D1000 (18FB-R-153, R-154, A-28)"))
end)

test("18FB-R-153: until it floats, a major started after PH5 does not operate", function()
  local g = fsc_ph5()
  while g:round().kind == "stock" do g:act("pass") end
  -- nobody else operates: the operating rounds pass FSC by
  expect_true(g:round().kind ~= "operating" or g:actor() ~= "FSC")
  expect_eq(g:corporation("FSC").operated, 0)
end)

test("18FB-R-155: SFM cannot be started before PH5", function()
  local g = after_pr()
  expect_true(R.first(g:moves(), "par SFM") == nil)
  g:refuse("par SFM 100", "18FB-R-155")
  g:set_phase("PH5")
  expect_true(R.first(g:moves(), "par SFM") ~= nil)
end)

test("18FB-R-156, R-157: the first buyer of SFM's president's certificate sets its par, then picks any city with a free slot as its home; the token goes there at once", function()
  local g = after_pr()
  g:set_phase("PH5")
  g:act("par SFM 120")
  expect_eq(g:actor(), "A")
  local moves = g:moves()
  expect_contains(moves, "choose J33")                         -- Campobasso: a free slot
  expect_contains(moves, "choose d24")                         -- either map: T. Annunziata on the Napoli inset
  expect_contains(moves, "choose d28")                         -- Napoli South: NN's home and FB's slot, one free (a regional's home is not kept, R-163)
  expect_not_contains(moves, "choose G30")                     -- Caserta: FB's reserved slot and two Bourbon tokens
  expect_not_contains(moves, "choose F11")                     -- Cosenza: FC's home and FSC's reserved slot
  g:act("choose J33")
  local sfm = g:corporation("SFM")
  expect_eq(sfm.home, "J33")
  expect_contains(g:hex("J33").stops[1].tokens, "SFM")
  expect_eq(sfm.state, "unfloated")                            -- a major: 60 % to float (R-156)
  expect_eq(g:var("tile_steps.SFM"), 4)                        -- and 4 tile steps (R-156, R-066)
  expect_true(logged(g, "A sets SFM's home at J33 (Campobasso); its token goes there at once (18FB-R-157)"))
end)

-- SFM started by A at 100 with its home at J33, floated (60 % held).
local function sfm()
  local g = after_pr()
  g:set_phase("PH5")
  g:act("par SFM 100")
  g:act("choose J33")
  for _ = 1, 4 do g:act("buy SFM") end                         -- B, C, D, A: 60 %
  expect_eq(g:corporation("SFM").state, "definitive")
  return g
end

test("18FB-R-105: SFM moves up a row when it tokens an empty yellow city of its chart's list", function()
  local g = sfm()
  g:set_price("SFM", 100, 1)                                   -- a row below the top
  g:lay("K38", "57", 0)                                        -- Chieti, yellow
  local row = g:corporation("SFM").market_row
  local price = g:share_price("SFM")
  g:place_token("SFM", "K38")
  expect_eq(g:corporation("SFM").market_row, row - 1)
  expect_true(g:share_price("SFM") > price)
  expect_true(logged(g, "SFM tokens the empty yellow city K38: its price moves up a row (18FB-R-105)"))
end)

test("18FB-R-105: no move for a city off the list, a city not yellow, or one another company holds", function()
  local g = sfm()
  g:set_price("SFM", 100, 1)
  local row = g:corporation("SFM").market_row
  g:lay("F35", "57", 0)                                        -- Pontecorvo: not on the list
  g:place_token("SFM", "F35")
  g:place_token("SFM", "E34")                                  -- Gaeta: listed, but no tile (not yellow)
  local laid = false
  for rot = 0, 5 do laid = laid or pcall(function() g:lay("I38", "Y2a", rot) end) end
  expect_true(laid)                                            -- Sulmona: listed, yellow, NN there first
  g:start("NN", "D", 100)
  g:place_token("NN", "I38")
  g:place_token("SFM", "I38")
  expect_contains(g:hex("I38").stops[1].tokens, "SFM")
  expect_eq(g:corporation("SFM").market_row, row)
end)
