-- The Regional Companies Round (§3.6.2; 18FB-R-155, R-158 .. R-165,
-- D-30; A-29): scripts/regionals.lua.

local R = test_lib("regionals")
local logged = R.logged

-- NN started by A at 100 with a PH3 train, stock round 1 over: NN's first
-- operating turn (set 1, OR 1).
local function nn_operating()
  local g = R.after_pr()
  g:act("par NN 100")
  while g:round().kind == "stock" do g:act("pass") end
  g:give_train("NN", "PH3")
  expect_eq(g:actor(), "NN")
  return g
end

local function pass_or(g)
  local n = 0
  while g:round().kind == "operating" do
    local pick = "pass"
    for _, m in ipairs(g:moves()) do if m == "withhold" then pick = m end end
    g:act(pick)
    n = n + 1
    expect_true(n < 60, "the operating round did not end")
  end
end

local function rounds(g)
  local out = {}
  for _, line in ipairs(g:log()) do
    local r = line:match("^%-%- (.*) %-%-$")
    if r then out[#out + 1] = r end
  end
  return out
end

test("18FB-R-155, R-164: PH5 begun in the first OR: the RCR follows it, then the set's second OR, then the stock round", function()
  local g = nn_operating()
  g:set_phase("PH5")
  expect_true(logged(g, "PH5: a Regional Companies Round follows this operating round (18FB-R-155)"))
  pass_or(g)
  expect_eq(g:round().name, "regional")
  R.auction(g, {})
  expect_eq(g:round().kind, "operating")                       -- the set's second OR
  expect_eq(g:actor(), "NN")
  pass_or(g)
  expect_eq(g:round().kind, "stock")
  expect_eq(rounds(g), { "political", "stock round 1", "operating round 1.1 of 2", "regional", "operating round 1.1 of 1", "stock round 2" })
  -- one RCR only: the next set has its two ORs and no RCR
  while g:round().kind == "stock" do g:act("pass") end
  pass_or(g); pass_or(g)
  expect_eq(g:round().kind, "stock")
  local r = rounds(g)
  expect_eq({ r[7], r[8], r[9] }, { "operating round 2.1 of 2", "operating round 2.2 of 2", "stock round 3" })
end)

test("18FB-R-155, R-164: PH5 begun in the second OR: the RCR follows it, then the next stock round", function()
  local g = nn_operating()
  while g:round().set_index == 1 do g:act("pass") end
  expect_eq(g:round().kind, "operating")
  g:set_phase("PH5")
  pass_or(g)
  expect_eq(g:round().name, "regional")
  R.auction(g, {})
  expect_eq(g:round().kind, "stock")
  expect_eq(rounds(g), { "political", "stock round 1", "operating round 1.1 of 2", "operating round 1.2 of 2", "regional", "stock round 2" })
end)

test("18FB-R-158: the priority holder picks the first regional; the next picker is the player after the previous picker", function()
  local g = R.at_rcr()
  local first = g:priority()
  expect_eq(g:actor(), first)
  expect_eq(g:moves(), { "do pick corp=FA", "do pick corp=FAS", "do pick corp=FdC", "do pick corp=FAL", "do pick corp=FG", "do pick corp=SEPSA", "do pick corp=SFSM" })
  g:act("do pick corp=FG")
  expect_eq(g:actor(), first)                                   -- the picker bids or passes first
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:actor(), g:players()[2])                          -- B, seated after A
  expect_not_contains(g:moves(), "do pick corp=FG")
end)

test("18FB-R-159: the first bid may equal the nominal value; bids are nominal + D5 steps, raises at least D5, within cash; a pass is final", function()
  local g = R.at_rcr()                                          -- A picks
  g:act("do pick corp=FG")                                      -- nominal D130
  g:refuse("do bid corp=FG price=125", "18FB-R-159", "the lowest bid now is D130")
  g:refuse("do bid corp=FG price=132", "18FB-R-159", "plus a multiple of D5")
  g:refuse("do bid corp=FG price=755", "18FB-R-159", "has only D750")
  g:act("do bid corp=FG price=130")
  expect_eq(g:actor(), "B")
  g:refuse("do bid corp=FG price=130", "18FB-R-159", "the lowest bid now is D135")
  g:act("do bid corp=FG price=135")
  g:act("pass")                                                 -- C is out
  g:act("pass")                                                 -- D is out
  expect_eq(g:actor(), "A")
  g:act("do bid corp=FG price=140")
  expect_eq(g:actor(), "B")                                     -- C and D are not asked again
  g:act("pass")
  expect_eq(g:corporation("FG").president, "A")
end)

test("18FB-R-160, R-162, A-29 (D-30): FG won at D150: the whole bid goes into FG's treasury; the priority deal does not move", function()
  local g = R.at_rcr()
  local priority = g:priority()
  local cash, bank = g:player("B").cash, g:bank()
  R.auction(g, { FG = { "B", 150 } })
  local fg = g:corporation("FG")
  expect_eq(fg.president, "B")
  expect_eq(fg.cash, 150)
  expect_eq(g:player("B").cash, cash - 150)
  expect_eq(g:bank(), bank)                                     -- nothing to the bank (A-29)
  expect_eq(fg.price, 130)                                      -- its nominal value's cell (R-165)
  expect_eq(g:priority(), priority)                             -- R-162
  expect_true(logged(g, "B buys FG for D150, paid into its treasury (18FB-R-160, A-29)"))
end)

test("18FB-R-161: a regional nobody bids on goes to the Pool and does not operate", function()
  local g = R.after_rcr({ FG = { "B", 150 } })
  expect_true(logged(g, "nobody bids on FA: it goes to the Pool (18FB-R-161)"))
  expect_eq(g:var("rcr.pool.FA"), true)
  expect_eq(g:corporation("FA").started, false)
  expect_eq(g:round().kind, "operating")
  expect_eq(g:actor(), "FG")                                    -- FA in the Pool does not operate (A-30(b))
  pass_or(g)
  expect_eq(g:round().kind, "stock")
end)

test("18FB-R-161: in a later stock round a player buys it for any amount at least its nominal value, paid into its treasury, as the turn's purchase", function()
  local g = R.after_rcr({})
  pass_or(g)
  expect_eq(g:round().kind, "stock")
  local who = g:actor()
  expect_contains(g:moves(), "do buy_regional corp=FA price=100 (100..750)")
  g:refuse("do buy_regional corp=FA price=95", "18FB-R-161", "at least its nominal value")
  local cash, bank = g:player(who).cash, g:bank()
  g:act("do buy_regional corp=FA price=120")
  local fa = g:corporation("FA")
  expect_eq(fa.president, who)
  expect_eq(fa.cash, 120)
  expect_eq(g:player(who).cash, cash - 120)
  expect_eq(g:bank(), bank)
  expect_eq(g:var("rcr.pool.FA"), nil)
  expect_eq(g:actor(), g:players()[2])                          -- the turn's purchase made: the turn is over
  expect_true(logged(g, who .. " buys FA from the Pool for D120, paid into its treasury (18FB-R-161)"))
end)

test("18FB-R-158: a regional is never started by a par in a stock round", function()
  local g = R.after_rcr({})
  pass_or(g)
  expect_true(R.first(g:moves(), "par FA") == nil)
  g:refuse("par FA 100", "18FB-R-158")
end)

test("18FB-R-163: after the auction every regional's home token is on its home city, sold or not", function()
  local g = R.after_rcr({ FG = { "B", 150 } })
  local homes = { FA = "F31", FAS = "J41", FdC = "A2", FAL = "M14", FG = "L27", SEPSA = "c29", SFSM = "d28" }
  for corp, hex in pairs(homes) do
    expect_contains(g:hex(hex).stops[1].tokens, corp, corp .. " on " .. hex)
  end
  expect_true(logged(g, "FA's home token goes on F31 (18FB-R-163)"))
end)

test("18FB-R-165 (D-02): a regional certificate counts one toward the certificate limit", function()
  local g = R.at_rcr()
  local before = g:player("B").certificates
  R.auction(g, { FG = { "B", 150 } })
  expect_eq(g:player("B").certificates, before + 1)
end)

test("18FB-R-160, A-29: with the option regional_bids_to_bank the winning bid goes to the bank instead", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, options = { "regional_bids_to_bank" } }
  while g:round().name == "political" do g:act(g:var("pr.card") == nil and g:moves()[1] or "pass") end
  g:set_phase("PH5")
  while g:round().kind == "stock" do g:act("pass") end
  local bank = g:bank()
  R.auction(g, { FG = { "B", 150 } })
  expect_eq(g:corporation("FG").cash, 0)
  expect_eq(g:bank(), bank + 150)
  expect_true(logged(g, "B buys FG for D150, paid to the bank (option regional_bids_to_bank, A-29)"))
end)
