-- A major's operating turn beyond track, tokens and money
-- (scripts/operating.lua): tile steps, the destination check with its
-- refunds, secured interest, the political cards' income.

local P = test_lib("play")
local logged = P.logged

-- After the political round (`buys`: cards bought at cost by their
-- picker), `who` starts NN at 60 (deposit D100, band A) and the first
-- operating round begins with NN's turn.
local function nn_operating(buys)
  local g = P.after_pr(buys)
  local who = g:actor()
  g:act("par NN 60")
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "NN")
  return g, who
end

local function first(moves, prefix)
  for _, m in ipairs(moves) do if m:sub(1, #prefix) == prefix then return m end end
end

test("18FB-R-066: a major floated in PH1 has two tile steps a turn", function()
  local g = nn_operating()
  expect_eq(g:var("tile_steps.NN"), 2)
  g:act(first(g:moves(), "lay "))
  expect_eq(g:step(), "lay_tile")                           -- a second step
  expect_true(first(g:moves(), "lay ") ~= nil)
  g:act(first(g:moves(), "lay "))
  expect_true(g:step() ~= "lay_tile")
  expect_eq(g:turn().tiles, 2)
end)

test("18FB-R-066: a major floated in PH3 has three", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  while g:round().name == "political" do
    if g:var("pr.card") == nil then g:act(g:moves()[1]) else g:act("pass") end
  end
  g:set_phase("PH3")
  g:act("par NN 60")
  expect_eq(g:var("tile_steps.NN"), 3)
end)

test("18FB-R-106, R-107: a Building major that used all its tile steps pays its band's interest on every held share", function()
  local g, who = nn_operating()
  g:give_share("NN", "B")                                    -- B 10 %, the president 20 %
  local pres, b, bank = g:player(who).cash, g:player("B").cash, g:bank()
  local price = g:share_price("NN")
  g:act(first(g:moves(), "lay ")); g:act(first(g:moves(), "lay "))
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq(g:player(who).cash, pres + 2 * 5)                -- band A: D5 a share
  expect_eq(g:player("B").cash, b + 5)
  expect_eq(g:share_price("NN"), price)                      -- R-109: it stays
  expect_true(logged(g, "the bank pays D5 a share in secured interest, D15 in all (18FB-R-106, R-107)"))
end)

test("18FB-R-108, R-109: with a tile step unused there is no interest, and the price moves left", function()
  local g, who = nn_operating()
  local pres, price = g:player(who).cash, g:share_price("NN")
  g:act(first(g:moves(), "lay "))
  g:act("pass")                                              -- the second step unused
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq(g:player(who).cash, pres)
  expect_true(g:share_price("NN") < price)
  expect_true(logged(g, "used 1 of its 2 tile steps: no secured interest, its price moves left (18FB-R-108, R-109)"))
end)

test("18FB-R-100, R-041, R-053, R-064, A-14: a token on the intermediate destination makes a Building major Provisional, refunds half the deposit to the concession holder, and the turn goes on as a Provisional one", function()
  local g, who = nn_operating()
  g:place_token("NN", "d24")                                 -- T. Annunziata
  g:give_train("NN", "PH1")
  local cash = g:player(who).cash
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "provisional")
  expect_eq(g:player(who).cash, cash + 50)
  expect_eq(g:var("deposit.NN"), 50)
  expect_true(logged(g, "NN is now provisional"))
  expect_true(g:step() ~= "secured_interest")                -- R-064: the Provisional branch
  expect_true(logged(g, "NN earns D"))                       -- R-053: its train ran this very turn
  expect_true(not logged(g, "secured interest"))
end)

test("18FB-R-101, R-054: then a token on the final destination makes it Definitive and refunds the rest", function()
  local g, who = nn_operating()
  g:place_token("NN", "d24")
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "provisional")
  g:place_token("NN", "F25")                                 -- Nocera
  local cash = g:player(who).cash
  -- its next turn's destination check (no other railway operates)
  for _ = 1, 100 do
    if g:corporation("NN").state == "definitive" then break end
    local m = g:moves()
    g:act(first(m, "pass") or m[1])
  end
  expect_eq(g:corporation("NN").state, "definitive")
  expect_eq(g:player(who).cash, cash + 50)
  expect_eq(g:var("deposit.NN"), 0)
end)

test("18FB-R-101, A-21: reaching the intermediate with the final already tokened goes straight to Definitive", function()
  local g, who = nn_operating()
  g:place_token("NN", "F25")
  g:place_token("NN", "d24")
  local cash = g:player(who).cash
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "definitive")
  expect_eq(g:player(who).cash, cash + 100)
end)

test("18FB-R-059: every political card pays its owner at the start of each operating round", function()
  local g = nn_operating({ MEL = true })
  local owner = g:company("MEL").owner
  expect_true(logged(g, "MEL pays D10 to " .. owner))
end)

test("18FB-R-146: a railroad card's income drops to D10 once its railroad places a token beyond its home", function()
  local g = nn_operating({ BAY = true })
  expect_eq(g:company("BAY").revenue, 25)
  g:place_token("NN", "d24")
  expect_eq(g:company("BAY").revenue, 10)
  expect_true(logged(g, "BAY's income drops to D10: NN placed a token beyond its home (18FB-R-146)"))
end)

-- `corp` started by A at 100, A holding Melisurgo; `corp`'s first turn.
local function with_melisurgo(corp)
  local g = P.after_pr()
  g:give_company("MEL", "A")
  g:start(corp, "A", 100)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), corp)
  return g
end

test("18FB-R-110, R-065, D-17: in its own turn a Building major whose president holds Melisurgo raises its band two columns: C to E", function()
  local g = with_melisurgo("LdA")                              -- band C: D15 a share
  expect_contains(g:moves(), "do melisurgo")
  g:act("do melisurgo")
  expect_eq(g:company("MEL").used, true)
  expect_true(logged(g, "LdA uses Melisurgo: its secured-interest band goes from C to E (18FB-R-110)"))
  local a = g:player("A").cash
  g:act(first(g:moves(), "lay ")); g:act(first(g:moves(), "lay "))
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq(g:player("A").cash, a + 2 * 25)                    -- E: D25 a share, on the president's 2 shares
end)

test("18FB-R-110, D-17: never above E: band D goes to E", function()
  local g = with_melisurgo("FSC")
  g:act("do melisurgo")
  expect_true(logged(g, "FSC uses Melisurgo: its secured-interest band goes from D to E (18FB-R-110)"))
end)

test("18FB-R-110: once, and only for a Building major in its own turn", function()
  local g = with_melisurgo("LdA")
  g:act("do melisurgo")
  expect_eq(first(g:moves(), "do melisurgo"), nil)             -- used up
  g = P.after_pr()
  g:give_company("MEL", "A")
  expect_eq(first(g:moves(), "do melisurgo"), nil)             -- not in a stock turn
  g:refuse("do melisurgo", "18FB-R-110")
end)

test("18FB-R-102: a token on a historical destination moves a Provisional major's price up a row; a Building one's not", function()
  local g = nn_operating()
  local row = g:corporation("NN").market_row
  g:place_token("NN", "d24")                                 -- T. Annunziata, reserved for NN: NN is Building
  expect_eq(g:corporation("NN").market_row, row)
  expect_true(not logged(g, "historical destination"))
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("NN").state, "provisional")
  row = g:corporation("NN").market_row
  local col = g:corporation("NN").market_col
  g:place_token("NN", "F25")                                 -- Nocera, reserved for NN
  expect_eq(g:corporation("NN").market_row, row - 1)
  expect_eq(g:corporation("NN").market_col, col)
  expect_true(logged(g, "NN reaches its historical destination F25: its price moves up a row (18FB-R-102)"))
end)

test("18FB-R-003, R-104, S-16: FP starts with home tokens in Bari and Napoli; based in Bari, its Napoli token becomes a reserved slot and Avellino's slot goes", function()
  local g = P.after_pr()
  local function at(corp)
    local out = {}
    for _, tk in ipairs(g:corporation(corp).tokens) do if tk.hex then out[#out + 1] = tk.hex end end
    table.sort(out)
    return out
  end
  expect_eq(at("FP"), { "N21", "c29" })                        -- R-003: both homes from setup
  expect_contains(g:hex("H27").stops[1].reserved, "FP")        -- Avellino
  expect_contains(g:hex("L27").stops[1].reserved, "FP")        -- Foggia
  g:act("par FP 100")
  expect_contains(g:moves(), "choose N21")
  g:act("choose N21")
  expect_eq(at("FP"), { "N21" })
  expect_contains(g:hex("c29").stops[1].reserved, "FP")        -- the final destination, Napoli
  expect_not_contains(g:hex("H27").stops[1].reserved, "FP")
  expect_contains(g:hex("L27").stops[1].reserved, "FP")
  expect_true(logged(g, "bases FP at N21: intermediate destination L27, final d28 or c29 (18FB-R-104)"))
  -- Foggia is now its intermediate destination
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "FP" do g:act(first(g:moves(), "pass") or g:moves()[1]) end
  g:place_token("FP", "L27")
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("FP").state, "provisional")
end)

test("18FB-R-104: based in Napoli, the Bari token becomes the reserved final destination and Foggia's slot goes", function()
  local g = P.after_pr()
  g:act("par FP 100")
  g:act("choose c29")
  expect_contains(g:hex("N21").stops[1].reserved, "FP")
  expect_not_contains(g:hex("L27").stops[1].reserved, "FP")
  expect_contains(g:hex("H27").stops[1].reserved, "FP")
end)

-- FS (A, 100) at its first operating turn, Building.
local function fs_turn(name)
  local g = P.after_pr()
  g:act("par FS 100")
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "FS" do g:act(first(g:moves(), "pass") or g:moves()[1]) end
  if name then g:act("do name_intermediate corp=FS hex=" .. name) end   -- in FS's turn
  return g
end

test("18FB-R-103, S-15: FS with no intermediate named: the first of Brindisi and Taranto it tokens counts; the other's reserved slot goes; half the deposit back", function()
  local g = fs_turn()
  local a = g:player("A").cash
  g:place_token("FS", "M14")                                   -- Taranto
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("FS").state, "provisional")
  expect_not_contains(g:hex("P13").stops[1].reserved, "FS")    -- Brindisi's FS slot removed
  expect_eq(g:player("A").cash, a + 100)                       -- D100 of its D200 deposit
  expect_true(logged(g, "FS's reserved slot in P13 is removed: its intermediate destination is reached (18FB-R-103)"))
end)

test("18FB-R-103: once FS's president names Brindisi, a token in Taranto does not count", function()
  local g = fs_turn("P13")
  expect_true(logged(g, "names P13 FS's intermediate destination (18FB-R-103)"))
  g:place_token("FS", "M14")
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:corporation("FS").state, "building")
  expect_contains(g:moves(), "do name_intermediate corp=FS hex=M14")   -- it may change its choice until reached
  g:act("do name_intermediate corp=FS hex=M14")
  g:refuse("do name_intermediate corp=FS hex=O10", "18FB-R-103")
end)

test("18FB-R-106, R-112: the REPL's facts show a Building major's interest due and its capacity against its stations and markers", function()
  local g, who = nn_operating()
  g:give_share("NN", "B")                                    -- 3 shares held: 2 + 1
  g:give_train("NN", "PH2")
  local facts = {}
  for _, f in ipairs(g:facts("NN")) do facts[f[1]] = f[2] end
  expect_eq(facts["secured interest"], "band A, D5 a share, D15 due if it uses all 2 tile steps (18FB-R-106 .. R-108)")
  expect_eq(facts.capacity, "2+2")
  expect_eq(facts["to count"], "1 station, 0 markers (R-112, R-113)")
  expect_eq(facts.deposit, "D100")
  expect_eq(facts.status, "building")
end)
