-- The Frozen state (§3.4, §3.6; 18FB-R-055 .. R-057, R-123, R-134,
-- R-151, R-152; checklist §3.5; A-16, A-28): scripts/presidency.lua and
-- companies.toml's state "frozen".

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

local function give(g, corp, who, n)
  for _ = 1, n do g:give_share(corp, who) end
end

-- A acquires `corp`'s concession at par 100; B takes it over with 40 %
-- and leaves the concession in the Pool: `corp` is Frozen.
local function frozen(corp, phase)
  local g = after_pr()
  if phase then g:set_phase(phase) end
  g:start(corp, "A", 100)
  give(g, corp, "B", 4)
  g:act("choose decline")
  expect_eq(g:corporation(corp).state, "frozen")
  return g
end

-- To `corp`'s first operating turn.
local function to_turn(g, corp)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), corp)
end

test("18FB-R-055, A-16: a Frozen major lays no new tile (none offered, refused)", function()
  local g = after_pr()
  g:start("FSC", "A", 100)
  local g2 = frozen("FSC")
  to_turn(g, "FSC")
  expect_contains(g:moves(), "lay F23 Y3a 1")                  -- Building FSC lays on Salerno's blank city
  to_turn(g2, "FSC")
  expect_not_contains(g2:moves(), "lay F23 Y3a 1")             -- Frozen: nothing new
  expect_eq(g2:step(), "buy_train")                            -- lay_tile passed by, build_station skipped
  g2:refuse("lay F23 Y3a 1")
end)

test("18FB-R-055, A-16: a Frozen major may upgrade track; it builds no token", function()
  local g = frozen("FSC", "PH2")
  g:lay("F23", "Y3a", 1)
  to_turn(g, "FSC")
  expect_eq(g:step(), "lay_tile")
  expect_contains(g:moves(), "lay F23 G3a 4")                  -- yellow to green
  g:act("lay F23 G3a 4")
  expect_eq(g:hex("F23").color, "green")
  for _ = 1, 5 do
    expect_true(g:step() ~= "build_station")                   -- companies.toml: frozen skips build_station
    if g:step() == "buy_train" then break end
    local m = g:moves()
    g:act(m[#m])
  end
end)

test("18FB-R-055, R-111, R-123: a Frozen major runs its trains and may only pay half", function()
  local g = frozen("FSC", "PH2")
  g:lay("F23", "Y3a", 1)                                       -- Salerno, D20 and its port D10 (placeholder)
  g:give_train("FSC", "PH2")
  to_turn(g, "FSC")
  g:act("pass")                                                -- no tile
  expect_eq(g:step(), "dividend")
  expect_eq(g:moves(), { "half" })
  g:act("half")
  expect_true(logged(g, "FSC earns D30"))
  expect_true(logged(g, "FSC keeps D10"))                      -- floor10(15); ceil10(15) = D20 paid out
end)

test("18FB-R-123, R-121 (D-27): a Frozen major earning E = 90 pays D50 (ceil10 of 45) and keeps D40", function()
  local g = frozen("FSC", "PH2")
  g:lay("F23", "Y3a", 1)                                       -- Salerno, D20 + its port D10 (placeholder)
  g:set_var("markers.FSC", 6)                                  -- D60 of town markers
  g:give_train("FSC", "PH4")
  g:give_train("FSC", "PH4")                                   -- two of them: all six markers count
  to_turn(g, "FSC")
  g:act("pass")
  expect_eq(g:step(), "dividend")
  local b, cash = g:player("B").cash, g:corporation("FSC").cash
  g:act("half")
  expect_true(logged(g, "FSC earns D90"))
  expect_true(logged(g, "FSC keeps D40"))
  expect_eq(g:player("B").cash, b + 4 * 5)                     -- D50 over ten shares: B's 40 % gets D20
end)

test("18FB-R-055, R-134: a Frozen major buys no trains (none offered, refused)", function()
  local g = frozen("FSC")
  g:give_cash("FSC", 1000)
  to_turn(g, "FSC")
  expect_eq(g:step(), "buy_train")
  expect_eq(g:moves(), { "pass" })
  g:refuse("train PH1", "18FB-R-134", "FSC is Frozen")
end)

test("18FB-R-056: re-acquired, the concession gives back the progress it had: Provisional", function()
  local g = after_pr()
  g:start("NN", "A", 60)
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")                                   -- T. Annunziata, the intermediate
  while g:round().kind == "stock" do g:act("pass") end
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "provisional")
  expect_eq(g:var("deposit.NN"), 50)                           -- half refunded (R-100)
  -- to the next stock round
  for _ = 1, 200 do
    if g:round().kind == "stock" then break end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:round().kind, "stock")
  give(g, "NN", "C", 4)                                        -- C 40 % vs A 20 %
  expect_eq(g:corporation("NN").president, "C")
  expect_eq(g:corporation("NN").state, "frozen")
  expect_eq(g:var("withdrawn.NN"), "provisional")
  expect_true(logged(g, "the deposit of D50 is lost (18FB-R-043)"))
  local cash = g:player("C").cash
  g:act("choose buy")
  expect_eq(g:player("C").cash, cash - 100)                    -- PH1: NN's full deposit
  expect_eq(g:corporation("NN").state, "provisional")
  expect_eq(g:var("deposit.NN"), 100)                          -- A-14: all of it back at the final
end)

test("18FB-R-046: a Definitive major's withdrawn concession costs nothing", function()
  local g = after_pr()
  g:start("NN", "A", 60)
  g:give_train("NN", "PH1")
  g:place_token("NN", "F25")
  g:place_token("NN", "d24")
  while g:round().kind == "stock" do g:act("pass") end
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "definitive")
  give(g, "NN", "B", 4)
  expect_eq(g:var("withdrawn.NN"), "definitive")
  expect_eq(g:actor(), "B")
  local cash = g:player("B").cash
  g:act("choose buy")
  expect_eq(g:player("B").cash, cash)
  expect_eq(g:corporation("NN").state, "definitive")
  expect_true(logged(g, "a Definitive major's concession costs nothing (18FB-R-046)"))
end)

test("18FB-R-057, R-151, R-152, A-28: at PH5 Frozen, Building and Provisional majors become Definitive; concessions and deposits go", function()
  local g = frozen("NN")                                       -- NN Frozen, its concession in the Pool
  g:start("FSC", "C", 100)                                     -- FSC Building, deposit D200 held
  local bank = g:bank()
  g:set_phase("PH5")
  expect_eq(g:corporation("NN").state, "definitive")
  expect_eq(g:corporation("FSC").state, "definitive")
  expect_eq(g:var("withdrawn.NN"), nil)
  expect_eq(g:var("concession.FSC"), nil)
  expect_eq(g:var("deposit.FSC"), nil)
  expect_eq(g:bank(), bank)                                    -- nothing refunded
  expect_true(logged(g, "FSC's concession is discarded, the deposit of D200 is lost (18FB-R-151)"))
  expect_true(logged(g, "NN's concession is discarded (18FB-R-151)"))
  local f = {}
  for _, x in ipairs(g:facts("NN")) do f[x[1]] = x[2] end
  expect_eq(f.concession, "discarded at PH5 (18FB-R-151)")
  expect_eq(g:moves()[1] ~= "do acquire_concession corp=NN", true)
end)

test("18FB-R-033, R-055: a Frozen major does not rise when sold out", function()
  local g = frozen("FSC")                                      -- A 20 %, B 40 % (president)
  give(g, "FSC", "C", 2)
  give(g, "FSC", "D", 2)
  expect_eq(g:corporation("FSC").treasury_percent, 0)
  expect_eq(g:corporation("FSC").pool_percent, 0)
  while g:round().kind == "stock" do g:act("pass") end
  -- the log from the end of the stock round to the operating round: no move
  local moves = {}
  for _, line in ipairs(g:log()) do
    if line:find("-- operating round 1.1", 1, true) then break end
    if line:find("FSC share price moves", 1, true) then moves[#moves + 1] = line end
  end
  expect_eq(moves, {})
end)
