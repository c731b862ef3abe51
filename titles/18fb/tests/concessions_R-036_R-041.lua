-- Acquiring concessions and their deposits (§3.3.2; 18FB-R-036 .. R-041),
-- scripts/concessions.lua; the states of companies.toml.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

test("18FB-R-036, R-051, R-052: acquiring a concession pays the deposit, pars, and floats the major in Building state", function()
  local g = after_pr()
  local who = g:actor()
  expect_eq(g:corporation("FSC").state, "unfloated")
  local cash, bank = g:player(who).cash, g:bank()
  g:act("par FSC 100")
  expect_eq(g:player(who).cash, cash - 200 - 200)           -- deposit D200 and 2 x par
  expect_eq(g:bank(), bank + 200)
  expect_eq(g:corporation("FSC").cash, 200)
  expect_eq(g:corporation("FSC").president, who)
  expect_eq(g:corporation("FSC").floated, true)
  expect_eq(g:corporation("FSC").state, "building")
  expect_eq(g:var("deposit.FSC"), 200)                       -- R-041: held on the concession
  expect_eq(g:var("concession.FSC"), who)
  expect_true(logged(g, "acquires FSC's concession, deposit D200 (the full deposit of phase PH1 (18FB-R-037))"))
  local facts = {}
  for _, f in ipairs(g:facts("FSC")) do facts[f[1]] = f[2] end
  expect_eq(facts.status, "building")
  expect_eq(facts.deposit, "D200")
end)

test("18FB-R-036: a player who cannot pay the deposit as well cannot take the concession", function()
  local g = after_pr()
  local who = g:actor()
  g:give_cash(who, 500 - g:player(who).cash)                  -- D500: FP's D400 deposit + 2 x 60 is too much
  g:refuse("par FP 60", "18FB-R-036", "cannot pay FP's deposit of D400")
  expect_eq(g:corporation("FP").state, "unfloated")
  expect_eq(g:player(who).cash, 500)
end)

test("18FB-R-037: the deposit is the full value in PH1-PH2, the printed half in PH3 and nothing in PH4", function()
  for _, case in ipairs({ { "PH2", 150 }, { "PH3", 80 }, { "PH4", 0 } }) do
    local g = after_pr()
    g:set_phase(case[1])
    local who = g:actor()
    local cash = g:player(who).cash
    g:act("par LdA 70")
    expect_eq(cash - g:player(who).cash - 140, case[2], case[1])
    expect_eq(g:var("deposit.LdA"), case[2])
  end
end)

test("18FB-R-038: FST's deposit is nothing once LTF's concession is taken", function()
  local g = after_pr()
  g:act("par LTF 60")
  for _ = 1, 3 do g:act("pass") end                           -- round to the same player would take long; the next takes FST
  local who = g:actor()
  local cash = g:player(who).cash
  g:act("par FST 60")
  expect_eq(cash - g:player(who).cash, 120)
  expect_true(logged(g, "LTF's concession is taken: no deposit (18FB-R-038)"))
end)

test("18FB-R-039, A-13 (D-11): the holder of a railroad's card takes its concession one tier cheaper, as the stock turn's action", function()
  local g = after_pr({ VAL = true })
  local holder = g:company("VAL").owner
  while g:actor() ~= holder do g:act("pass") end
  local cash = g:player(holder).cash
  g:act("par LdA 60")
  expect_eq(cash - g:player(holder).cash - 120, 80)          -- the half tier, D80
  expect_true(g:actor() ~= holder)                           -- the turn's action: the next player's turn
  expect_true(logged(g, "one tier less with VAL (18FB-R-039)"))
end)

test("18FB-R-039, A-13 (D-11): in PH3 the card's tier below the half is nothing", function()
  local g = after_pr({ VAL = true })
  g:set_phase("PH3")
  local holder = g:company("VAL").owner
  while g:actor() ~= holder do g:act("pass") end
  g:act("par LdA 60")
  expect_eq(g:var("deposit.LdA"), 0)
end)

test("18FB-R-040, A-13: Riseis once lowers a deposit one tier, if its holder wants", function()
  local g = after_pr({ RIS = true })
  local holder = g:company("RIS").owner
  while g:actor() ~= holder do g:act("pass") end
  local cash = g:player(holder).cash
  g:act("par FC 60")                                         -- D200 full
  expect_eq(g:actor(), holder)                               -- asked
  g:act("choose use")
  expect_eq(cash - g:player(holder).cash - 120, 100)          -- the half tier
  expect_eq(g:var("deposit.FC"), 100)
  expect_eq(g:company("RIS").used, true)
  expect_true(logged(g, "uses Riseis: FC's deposit is D100 (18FB-R-040)"))
end)

test("18FB-R-040: Riseis declined stays for a later concession", function()
  local g = after_pr({ RIS = true })
  local holder = g:company("RIS").owner
  while g:actor() ~= holder do g:act("pass") end
  g:act("par FC 60")
  g:act("choose keep")
  expect_eq(g:var("deposit.FC"), 200)
  expect_eq(g:company("RIS").used, false)
end)

test("18FB-R-025, R-052, A-17: a Building major's shares cannot be sold, before or after it operates", function()
  local g = after_pr()
  local who = g:actor()
  g:act("par NN 100")
  expect_eq(g:corporation("NN").state, "building")
  g:give_share("NN", who)
  g:refuse("sell NN 1", "18FB-R-025", "has not operated yet")
  -- after its first (Building) turn it still may not be sold
  for _ = 1, 200 do
    if g:round().kind == "stock" and g:corporation("NN").operated > 0 then break end
    local m = g:moves()
    local pass = false
    for _, x in ipairs(m) do pass = pass or x == "pass" end
    g:act(pass and "pass" or m[1])
  end
  expect_eq(g:corporation("NN").state, "building")
  while g:actor() ~= who do g:act("pass") end
  g:refuse("sell NN 1", "18FB-R-052", "NN is building: its shares cannot be sold")
end)
