-- Launching and floating, minors and majors (§3.6 - §3.8; 1865-R-025,
-- R-055 .. R-063, E-07, E-08).
local P = test_lib("play")

-- The first stock round with the Dragons passing; `who` is to act.
local function until_turn(g, who)
  for _ = 1, 20 do
    if g:actor() == who then return g end
    g:act("pass")
  end
  error(who .. " never acts")
end

test("E-08, 1865-R-055, R-057, R-059: a minor launched at 90, floated at 60 %, a third certificate sold", function()
  local g = P.drafted(3)                                    -- A acts first
  g:act("par CFD 90")
  expect_eq(g:player("A").shares.CFD, 40)
  expect_eq(g:corporation("CFD").cash, 180)                -- 2 x par, into the treasury
  expect_eq(g:corporation("CFD").floated, false)
  until_turn(g, "A")
  g:act("buy CFD")
  expect_eq(g:corporation("CFD").floated, true)            -- the president's + 1 = 60 %
  until_turn(g, "C")
  g:act("buy CFD")
  expect_eq(g:corporation("CFD").cash, 360)
  expect_eq(g:player("A").shares.CFD, 60)
  expect_eq(g:player("C").shares.CFD, 20)
  local ipo = 0
  for _, c in ipairs(g:corporation("CFD").certificates) do if c.owner == "treasury" then ipo = ipo + 1 end end
  expect_eq(ipo, 1)
  expect_eq(g:share_price("CFD"), 90)
  expect_eq(g:corporation("CFD").kind, "minor")
  expect_eq(#g:corporation("CFD").tokens, 3)                -- 1865-R-062: home + 2
  expect_eq(g:corporation("CFD").tokens[1].hex, "I12")      -- Portovecchio
  expect_eq(g:var("row.CFD"), 2)                            -- the PH2 row
end)

test("E-07, 1865-R-025, R-059, R-061, R-062: phase 5: FMS launched as a major at 110 floats at 60 %", function()
  local g = P.drafted(3)
  g:set_phase("5")
  g:give_cash("B", 300)                                     -- Bob's purse of the example
  until_turn(g, "B")
  g:act("par FMS 110")
  expect_eq(g:corporation("FMS").kind, "major")
  expect_eq(g:player("B").shares.FMS, 20)
  expect_eq(g:corporation("FMS").cash, 220)
  for _ = 1, 3 do
    until_turn(g, "B")
    g:act("buy FMS")
  end
  expect_eq(g:corporation("FMS").floated, false)            -- 50 %
  until_turn(g, "A")
  g:act("buy FMS")
  expect_eq(g:corporation("FMS").floated, true)
  expect_eq(g:corporation("FMS").cash, 660)
  expect_eq(g:player("B").shares.FMS, 50)
  expect_eq(g:player("A").shares.FMS, 10)
  local ipo = 0
  for _, c in ipairs(g:corporation("FMS").certificates) do if c.owner == "treasury" then ipo = ipo + 1 end end
  expect_eq(ipo, 4)
  expect_eq(#g:corporation("FMS").tokens, 7)
  expect_eq(g:var("row.FMS"), 3)                            -- floated in phase 5: the PH3 row (R-060)
  expect_eq(g:var("traffic.FMS"), 3)                        -- Cagliari's value now (R-061)
end)

test("1865-R-056: par values by phase: 60-100, then 110-130 from phase 3, 140-150 from phase 5", function()
  local g = P.drafted(3)
  g:refuse("par FMS 110", "1865-R-056", "")
  g:set_phase("3")
  g:act("par FMS 130")
  g:refuse("par RCSF 140", "1865-R-056", "")
  g:set_phase("5")
  until_turn(g, "C")
  g:act("par RCSF 150")
  expect_eq(g:share_price("RCSF"), 150)
end)

test("1865-R-050, R-063: IPO certificates cost the market price, paid to the company, before and after floating", function()
  local g = P.drafted(3)
  g:act("par FMS 100")
  g:set_price("FMS", 120)
  until_turn(g, "B")
  local cash = g:corporation("FMS").cash
  g:act("buy FMS")
  expect_eq(g:corporation("FMS").cash - cash, 120)
end)

test("1865-R-053: IPO certificates go in order: the president's first", function()
  local g = P.drafted(3)
  g:act("par FMS 100")
  expect_eq(g:corporation("FMS").certificates[1].owner, "A")
end)

test("1865-R-058: a new price token goes under those already in its space", function()
  local g = P.drafted(3)
  g:act("par FMS 100")
  until_turn(g, "B")
  g:act("par RCSF 100")
  P.floated(g, "SFSS", "C", 100, 1)
  expect_eq(g:value_order()[1], "FMS")
end)
