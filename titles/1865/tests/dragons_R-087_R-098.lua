-- The Dragons (§3.2; 1865-R-033 .. R-037, R-087 .. R-098, E-03, E-04,
-- E-05; A-03, A-20, A-21, A-22).
local P = test_lib("play")

-- Three players after the draft; `corps` = { {corp, player, par}, ... }
-- floated with 60 % to their president.
local function market(corps)
  local g = P.drafted(3)
  for _, c in ipairs(corps) do P.floated(g, c[1], c[2], c[3], 1) end
  return g
end

local function dragons_certs(g, corp)
  return g:investor("dragons").certs[corp] or 0
end

test("E-03, 1865-R-087: rank = the phases of its trains + its stations on the map; maritime companies do not count", function()
  local g = market({ { "FMS", "A", 100 }, { "RCSF", "B", 100 }, { "SFSS", "C", 100 } })
  g:give_train("FMS", "PH2"); g:give_train("FMS", "PH2")
  g:lay("W12", "8", 1); g:lay("V13", "173", 0); g:place_token("FMS", "V13")
  g:lay("V9", "4", 2); g:lay("U8", "8", 5); g:lay("U6", "58", 2); g:lay("T5", "8", 3); g:place_token("FMS", "S6")
  g:give_company("M1", "FMS")
  expect_eq(#g:corporation("FMS").trains, 2)
  -- FMS: 3 stations (Cagliari, the mine, Oristano) + 2 + 2 = 7
  local rank = 0
  for _, t in ipairs(g:corporation("FMS").trains) do rank = rank + g:train_class(t.class).props.phase end
  for _, tk in ipairs(g:corporation("FMS").tokens) do if tk.hex then rank = rank + 1 end end
  expect_eq(rank, 7)
  -- RCSF: 2 stations and a PH3 = 5
  g:set_phase("3")
  g:give_train("RCSF", "PH3")
  g:place_token("RCSF", "W10")
  expect_eq(#g:corporation("RCSF").trains, 1)
end)

-- Regions on the PH2 row (A-03): red up to 2, white 3-4, green from 5.
test("1865-R-089, R-090, R-060: a new company has rank 1, red: the Dragons never buy it in its first round (R-098)", function()
  local g = market({ { "FMS", "A", 100 } })
  expect_eq(g:var("row.FMS"), 2)
  g:act("pass")                                            -- A passes; the Dragons' next turn: nothing green
  expect_eq(dragons_certs(g, "FMS"), 0)
  expect_contains(g:log(), "The Dragons (investor) passes")
end)

-- FMS with rank 5 (3 stations + a PH2) on the PH2 row: green.
local function green_fms()
  local g = market({ { "FMS", "A", 100 }, { "RCSF", "B", 90 } })
  g:give_train("FMS", "PH2")
  g:lay("W12", "8", 1); g:lay("V13", "173", 0); g:place_token("FMS", "V13")
  g:lay("V9", "4", 2); g:lay("U8", "8", 5); g:lay("U6", "58", 2); g:lay("T5", "8", 3); g:place_token("FMS", "S6")
  return g
end

test("1865-R-091, R-093, R-096, R-097: a Dragons turn buys one green certificate, from the IPO, the bank paying the company", function()
  local g = green_fms()
  local cash, bank = g:corporation("FMS").cash, g:bank()
  g:act("pass")                                            -- A passes: the Dragons act before B
  expect_eq(dragons_certs(g, "FMS"), 1)
  expect_eq(g:corporation("FMS").cash - cash, 100)
  expect_eq(bank - g:bank(), 100)
  expect_contains(g:log(), "Dragons buy 20 % of FMS from the IPO at L. 100: green, fewest Dragons certificates (0) (1865-R-091, R-092); they hold 1 of 6 certificates")
end)

test("1865-R-037: the Dragons take a turn before every player's turn", function()
  local g = green_fms()
  local turns = #P.lines(g, "Dragons ")
  g:act("pass")
  g:act("pass")
  expect_eq(#P.lines(g, "Dragons ") - turns, 2)
end)

test("1865-R-095: the Dragons neither buy nor sell a white company", function()
  local g = green_fms()
  g:give_train("FMS", "PH2") ; g:lay("M14", "57", 2)       -- no matter: make it white by the row instead
  g:set_var("row.FMS", 3)                                  -- PH3 row: rank 7 is green there? red <= 4, white 5-6
  g:give_cash("FMS", 0)
  g:act("pass")
  expect_eq(dragons_certs(g, "FMS"), 1)                    -- rank 7 on the PH3 row is green
end)

test("1865-R-090, R-072, R-046: a red company: the Dragons sell all they hold of it to the pool, a space left per unit", function()
  local g = green_fms()
  g:act("pass")                                            -- the Dragons buy a FMS 20 %
  expect_eq(dragons_certs(g, "FMS"), 1)
  g:set_var("row.FMS", 5)                                  -- the PH5 row: rank 5 is red there
  g:act("pass")                                            -- FMS has not operated: no sale yet (R-046)
  expect_eq(dragons_certs(g, "FMS"), 1)
  g = P.next_stock_round(g)                                  -- FMS operated; pre-SR kept it on row 5
  expect_eq(dragons_certs(g, "FMS"), 0)
  expect_eq(g:corporation("FMS").pool_percent, 20)
  expect_true(#P.lines(g, "Dragons sell 1 share unit(s) of FMS to the pool: FMS is in the red region") == 1)
end)

test("1865-R-034, R-094: at their certificate limit the Dragons buy nothing", function()
  local g = green_fms()
  expect_eq(g:props().dragons_limit["2"], 6)
  expect_eq(g:props().dragons_limit["3"], 10)
  expect_eq(g:props().dragons_limit["5"], 16)
end)

test("1865-R-033, A-20: the Dragons never hold more than 50 %", function()
  local g = green_fms()
  for _ = 1, 6 do g:act("pass") end
  expect_true((g:corporation("FMS").investor_percent.dragons or 0) <= 40)
end)

test("1865-R-035: the Dragons are never president", function()
  local g = green_fms()
  for _ = 1, 4 do g:act("pass") end
  expect_eq(g:corporation("FMS").president, "A")
end)

test("1865-R-052: a player buys from the Dragons at the premium of the region: green, the higher bracket, to the bank", function()
  local g = green_fms()
  g:act("pass")                                            -- the Dragons buy one FMS
  local cash, bank = g:player("B").cash, g:bank()
  g:act("buy FMS dragons")
  expect_eq(cash - g:player("B").cash, 130)                -- 100's green premium price
  expect_eq(g:bank() - bank, 130 - 100)                    -- to the bank; then the Dragons buy again from the IPO
  expect_contains(g:log(), "B buys a 20 % certificate of FMS from The Dragons for L. 130")
end)

-- E-04's market: FMS a major at 120 (rank 7), RCSF a major at 80 (rank
-- 5), SFSS a minor at 100 (rank 5), all green on the PH2 row; the Dragons
-- hold FMS 2 x 10 %, RCSF 1 x 10 % and SFSS 1 x 20 %. The majors are
-- launched in phase 5 (the example's phase 3 or 4 gives a limit of 10;
-- phase 5's 16 changes nothing in four purchases).
local function e04()
  local g = P.drafted(3)
  g:give_cash("A", 2000); g:give_cash("B", 2000); g:give_cash("C", 2000)
  g:start("SFSS", "C", 100)
  g:give_share("SFSS", "C")
  g:give_share("SFSS", "dragons")
  g:set_phase("5")
  g:start("FMS", "A", 100)
  for _ = 1, 4 do g:give_share("FMS", "A") end
  g:give_share("FMS", "dragons"); g:give_share("FMS", "dragons")
  g:start("RCSF", "B", 80)
  for _ = 1, 4 do g:give_share("RCSF", "B") end
  g:give_share("RCSF", "dragons")
  g:set_price("FMS", 120); g:set_price("RCSF", 80); g:set_price("SFSS", 100)
  g:give_train("FMS", "PH5"); g:place_token("FMS", "N5")                 -- 5 + 2 stations = 7
  g:give_train("RCSF", "PH4")                                            -- 4 + 1 = 5
  g:give_train("SFSS", "PH4")                                            -- 4 + 1 = 5
  for _, c in ipairs({ "FMS", "RCSF", "SFSS" }) do g:set_var("row." .. c, 2) end
  return g
end

local function bought(g)
  local out = {}
  for _, line in ipairs(g:log()) do
    local corp = line:match("^Dragons buy %d+ %% of (%u+)")
    if corp then out[#out + 1] = corp end
  end
  return out
end

test("E-04, 1865-R-092, A-20: the Dragons buy RCSF, SFSS, FMS, RCSF, then FMS (the 50 % cap keeps SFSS out)", function()
  local g = e04()
  for _ = 1, 5 do g:act("pass") end                        -- each player's pass lets the Dragons act again
  local got = bought(g)
  expect_eq({ got[1], got[2], got[3], got[4], got[5] }, { "RCSF", "SFSS", "FMS", "RCSF", "FMS" })
  expect_eq(g:corporation("SFSS").investor_percent.dragons, 40)
end)

-- E-05: SFSS and FCS, minors presided by B, green on the PH2 row (a
-- station and two PH2: rank 5), SFSS cheaper; A holds a 20 % of FCS.
test("E-05, 1865-R-037: Dragons, A (sells FCS, buys SFSS), Dragons (FCS from the IPO), B, Dragons, C", function()
  local g = P.drafted(3)
  g:give_cash("B", 1000)
  g:start("SFSS", "B", 90); g:give_share("SFSS", "B")
  g:start("FCS", "B", 100); g:give_share("FCS", "A")
  for _, c in ipairs({ "SFSS", "FCS" }) do g:give_train(c, "PH2"); g:give_train(c, "PH2") end
  g:set_var("traffic.FCS", 3)
  -- Red through the first round (the Dragons leave them alone), green
  -- again once the operating round has begun.
  for _, c in ipairs({ "SFSS", "FCS" }) do g:set_var("row." .. c, 5) end
  while g:round().kind ~= "operating" do P.advance(g) end
  for _, c in ipairs({ "SFSS", "FCS" }) do g:set_var("row." .. c, 2) end
  g = P.next_stock_round(g)
  for _, c in ipairs({ "SFSS", "FCS" }) do expect_eq(g:var("row." .. c), 2) end
  local log = g:log()
  expect_eq(bought(g)[#bought(g)], "SFSS")                  -- the Dragons open the round with SFSS (cheaper)
  expect_eq(g:actor(), "A")
  g:act("sell FCS 20%")
  g:act("buy SFSS")
  expect_eq(bought(g)[#bought(g)], "FCS")                   -- fewest Dragons certificates: FCS, from its IPO (R-093)
  expect_contains(g:log(), "Dragons buy 20 % of FCS from the IPO at L. 100: green, fewest Dragons certificates (0) (1865-R-091, R-092); they hold 2 of 6 certificates")
  expect_eq(g:actor(), "B")
end)

test("1865-R-034, R-094: at their limit of 6 certificates in phase 2 the Dragons stop buying", function()
  local g = P.drafted(3)
  g:give_cash("A", 1000); g:give_cash("B", 1000)
  local mines = { "X5", "W4", "V5", "U4", "O2", "V13", "E6", "B13" }
  local k = 0
  for _, corp in ipairs({ "FMS", "RCSF", "SFSS", "FA" }) do
    P.floated(g, corp, (k < 4) and "A" or "B", 100, 1)
    g:give_train(corp, "PH2")                                -- rank: home + 2 stations + 2 = 5, green on the PH2 row
    for _ = 1, 2 do k = k + 1; g:place_token(corp, mines[k]) end
  end
  for _ = 1, 10 do
    if g:round().kind ~= "stock" then break end
    g:act("pass")
  end
  expect_eq(g:investor("dragons").certificates, 6)           -- 8 certificates were on offer
  expect_contains(g:log(), "The Dragons (investor) passes")
end)
