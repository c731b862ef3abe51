-- The SBB formation, its corner cases and the SBB afterwards (1844-R-145,
-- R-186 to R-201; checklist §4, A-29, A-31).

local P = test_lib("play")

local sold_out = P.sold_out

local classes = P.variants

local function step_on(g)
  -- Run and withhold; else pass; else (a forced purchase) a train.
  local best, pick = 0, nil
  for _, m in ipairs(g:moves()) do
    local rank = (m == "run auto" or m == "withhold") and 3 or m == "pass" and 2 or m:match("^train %S+ as") and 1 or 0
    if rank > best then best, pick = rank, m end
  end
  if pick then g:act(pick) else P.pass(g) end
end

-- Plays on until `corp` is at `step` in an operating round.
local function until_step(g, corp, step)
  for _ = 1, 500 do
    if g:round().kind == "operating" and g:operating() == corp and g:step() == step then return end
    step_on(g)
  end
  error(corp .. " never reached " .. step)
end

test("1844-R-187, R-201: all five pre-SBB companies merge and close, launched or not", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("5")
  for _, v in ipairs({ "NOB", "SCB", "VSB", "JS", "GB" }) do
    expect_eq(g:corporation(v).in_play, false, v)
    expect_eq(g:corporation(v).price, nil, v)
  end
  expect_eq(g:corporation("NOB").closed, true)
  -- The never-launched companies' certificates became SBB shares in the pool.
  expect_eq(g:corporation("SBB").pool_percent + g:player("A").shares.SBB, 100)
  for _, m in ipairs(g:moves()) do expect_true(not m:match("^par NOB"), m) end
end)

test("1844-R-188, R-189: the SBB takes the V cash, trains and stations, gets 400 and starts at 100 in row 6", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "B", 90)
  local cash = g:corporation("NOB").cash + g:corporation("SCB").cash
  local bank = g:bank()
  g:place_token("NOB", "D19")
  local t = g:give_train("SCB", "4")
  g:set_phase("5")
  local sbb = g:corporation("SBB")
  expect_eq(sbb.cash, cash + 400)
  -- 400 to the SBB, 80 to P4's owner (R-174); B pays (90 - 100) x 2.
  expect_eq(g:bank(), bank - 400 - 80 + 20)
  expect_contains(classes(g, "SBB"), "SBB5H")
  expect_eq(#sbb.trains, 2)
  expect_eq(g:hex("D19").tokens[1], "SBB")
  expect_eq(sbb.price, 100)
  expect_eq(sbb.market_row, 5)                     -- row 6, column 9 (0-based 5, 8)
  expect_eq(sbb.market_col, 8)
  local ids = {}
  for _, x in ipairs(sbb.trains) do ids[#ids + 1] = x.id end
  expect_contains(ids, t)
end)

test("1844-R-191: a second SBB marker on a hex goes back to the charter and costs 100 to lay", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "B", 90)
  g:place_token("NOB", "K2")
  g:place_token("SCB", "K2")
  g:set_phase("5")
  expect_eq(g:hex("K2").tokens, { "SBB" })
  -- Two V markers on K2 and two V homes not yet placed: three SBB
  -- stations; the duplicate and the unplaced V markers wait on the charter.
  local placed, charter = {}, {}
  for _, tk in ipairs(g:corporation("SBB").tokens) do
    if tk.hex then placed[#placed + 1] = tk.hex else charter[#charter + 1] = tk.cost end
  end
  table.sort(placed)
  expect_eq(placed, { "C12", "D19", "K2" })
  expect_true(#charter >= 1)
  for _, cost in ipairs(charter) do expect_eq(cost, 100) end
end)

test("1844-R-188: a launched V whose home station is not down yet gives the SBB a station there", function()
  local g = sold_out()
  g:start("NOB", "A", 100)                         -- NOB has not operated
  g:set_phase("5")
  expect_eq(g:hex("D19").tokens, { "SBB" })
end)

test("1844-R-190: over 4 trains after the merger, the SBB director chooses which go to the pool (A-29)", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:give_cash("A", 500)
  g:start("SCB", "A", 90)
  g:start("VSB", "A", 80)
  g:set_phase("4")
  local keep = g:give_train("NOB", "4")
  g:give_train("NOB", "4")
  g:give_train("SCB", "4")
  g:give_train("SCB", "4")
  local gone = g:give_train("VSB", "4")
  g:set_phase("5")
  expect_eq(#g:corporation("SBB").trains, 6)
  expect_eq(g:actor(), "SBB")                      -- A, its director, decides
  g:refuse("discard SBB5H-0", "1844-R-190")
  g:act("discard " .. keep)                        -- not the cheapest first: A's choice
  expect_eq(g:actor(), "SBB")
  g:act("discard " .. gone)
  expect_eq(#g:corporation("SBB").trains, 4)
  expect_contains(classes(g, "SBB"), "SBB5H")
end)

test("1844-R-196: nobody holds SBB units: no director, no operating, and the director's certificate is bought first (A-31)", function()
  local g = sold_out()
  g:set_phase("5")
  expect_eq(g:corporation("SBB").president, nil)
  expect_eq(g:corporation("SBB").pool_percent, 100)
  -- The SBB does not operate.
  while g:round().kind ~= "operating" do g:act("pass") end
  local ops = {}
  while g:round().kind == "operating" do
    ops[g:operating() or "-"] = true
    step_on(g)
  end
  expect_eq(ops.SBB, nil)
  -- The first SBB certificate bought is the director's: 2 units at 2 x 100.
  local who = g:actor()
  local cash = g:player(who).cash
  expect_contains(g:moves(), "buy SBB pool")
  g:act("buy SBB pool")
  expect_eq(g:player(who).cash, cash - 200)
  expect_eq(g:corporation("SBB").president, who)
  expect_eq(g:player(who).shares.SBB, 10)
  while g:round().kind ~= "operating" do g:act("pass") end
  local seen = false
  while g:round().kind == "operating" do
    if g:operating() == "SBB" then seen = true end
    step_on(g)
  end
  expect_true(seen, "the SBB operates once it has a director")
end)

test("1844-R-196: ties go to the former director of the lowest V (A-30)", function()
  local g = sold_out()
  g:start("SCB", "A", 100)                         -- V2: A, 2 units
  g:start("NOB", "B", 100)                         -- V1: B, 2 units
  g:set_phase("5")
  expect_eq(g:corporation("SBB").president, "B")
end)

test("1844-R-197, R-198: a director without a double swaps two singles for the pool's, then gives it for the certificate", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "C", 100)
  g:start("VSB", "D", 100)
  for _, v in ipairs({ "NOB", "SCB", "VSB" }) do g:give_share(v, "B") end
  local pool = g:corporation("NOB").pool_percent
  g:set_phase("5")
  -- B: three singles (3 units), the most: B directs the SBB.
  expect_eq(g:corporation("SBB").president, "B")
  expect_eq(g:player("B").shares.SBB, 15)          -- the director's certificate and one single
  expect_eq(g:player("A").shares.SBB, 10)          -- A gave the director's certificate for a double
  local b_certs = 0
  for _, cert in ipairs(g:corporation("SBB").certificates) do
    if cert.owner == "B" then b_certs = b_certs + 1 end
  end
  expect_eq(b_certs, 2)
  expect_eq(pool, 0)
end)

test("1844-R-195, R-199: IPO and pool V shares go to the pool; the pool may hold more than 10 units; a double is one certificate", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:give_share("NOB", "pool")
  g:set_phase("5")
  -- A: one double (2 units) from NOB's director's certificate.
  expect_eq(g:player("A").shares.SBB, 10)
  expect_eq(g:corporation("SBB").pool_percent, 90)  -- 18 units
  local n = 0
  for _, cert in ipairs(g:corporation("SBB").certificates) do
    if cert.owner == "A" then n = n + 1 end
  end
  expect_eq(n, 1)
  -- With 10 units in the pool at most, nobody may sell SBB into it now.
  while g:round().kind ~= "stock" or g:actor() ~= "A" do step_on(g) end
  g:refuse("sell SBB 1", "1844-R-035")
end)

test("1844-R-200: nobody pars the SBB; it has no home and no destination", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("5")
  local sbb = g:corporation("SBB")
  expect_eq(sbb.home, nil)
  expect_eq(sbb.destination, nil)
  for _, m in ipairs(g:moves()) do expect_true(not m:match("^par SBB"), m) end
  expect_eq(g:corporation("SBB").par, 100)         -- set by the formation, never chosen
end)

test("1844-R-194: an unpaid settlement is a debt without interest; the player buys nothing until it is paid", function()
  local g = sold_out()
  g:start("NOB", "C", 60)                          -- C's V1 director's certificate at 60
  g:set_price("NOB", 40)
  g:give_cash("C", -g:player("C").cash)
  g:set_phase("5")
  expect_eq(g:player("C").debt, 120)               -- (40 - 100) x 2
  while g:round().kind ~= "stock" or g:actor() ~= "C" do step_on(g) end
  g:refuse("buy SBB pool", "1844-R-051")
  g:act("pass")                                    -- nothing C could sell
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:player("C").debt, 120)               -- no 50 % at the end of the SR
end)

test("1844-R-194: the debtor's first action in the stock round is to sell shares to clear the settlement (A-47)", function()
  local g = sold_out()
  g:start("STB", "A", 100)
  g:give_share("STB", "C")
  g:give_share("STB", "C")
  g:give_share("STB", "D")
  g:start("NOB", "B", 60)
  g:give_share("NOB", "C")                         -- a V1 share at 40: C owes 60
  g:set_price("NOB", 40)
  g:give_cash("C", -g:player("C").cash)
  g:set_phase("5")
  expect_eq(g:player("C").debt, 60)
  -- In this first stock round nothing may be sold (R-034): C may pass.
  while g:actor() ~= "C" do g:act("pass") end
  g:act("pass")
  local sr = g:round().stock_rounds
  while g:round().kind ~= "stock" or g:round().stock_rounds == sr or g:actor() ~= "C" do step_on(g) end
  expect_eq(g:player("C").debt, 60)
  g:refuse("pass", "1844-R-194")
  g:act("sell STB 1")                              -- the proceeds pay the debt first
  expect_eq(g:player("C").debt, 0)
  expect_true(g:player("C").cash > 0)
  g:act("pass")
end)

test("1844-R-145: the SBB's charter 5H is never traded; EVA is", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("STB", "C", 100)
  for _, p in ipairs({ "A", "B", "D" }) do g:give_share("STB", p) end
  g:set_phase("5")                                 -- C gets EVA (P7)
  expect_eq(g:corporation("SBB").president, "A")
  while g:round().kind ~= "stock" or g:actor() ~= "C" do step_on(g) end
  g:act("do give_eva corp=STB")
  local eva = g:corporation("STB").trains[1].id
  until_step(g, "SBB", "buy_train")
  g:refuse("train SBB5H-0 400")                    -- its own
  expect_contains(g:moves(), "train " .. eva .. " 400")
  until_step(g, "STB", "buy_train")
  g:refuse("train SBB5H-0 400", "1844-R-145")
  g:refuse("train SBB5H-0 1", "1844-R-145")
end)

test("1844-R-186: the first 5 bought in an OR forms the SBB at the end of that OR; it operates in the next", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("STB", "C", 100)
  for _, p in ipairs({ "A", "B", "D" }) do g:give_share("STB", p) end
  g:give_train("NOB", "2", true)                   -- phase 2
  -- Every 2, 3 and 4 leaves the bank: NOB hands the surplus to the pool.
  for _, class in ipairs({ "2", "3", "4" }) do
    while g:trains_left(class) > 0 do
      g:give_train("NOB", class)
      while g:actor() == "NOB" do g:act(g:moves()[1]) end
    end
  end
  g:set_phase("4")
  until_step(g, "STB", "buy_train")
  local r = g:round()
  expect_eq(r.set_size, 2)
  g:act("train 5 as 5")
  expect_eq(g:phase(), "5")
  expect_eq(g:var("sbb.formed"), nil)              -- not yet: the OR goes on
  expect_true(g:corporation("NOB").in_play)
  until_step(g, "SBB", "lay_tile")
  local now = g:round()
  expect_eq(now.stock_rounds, r.stock_rounds)      -- the same set,
  expect_eq(now.set_index, r.set_index + 1)        -- the next OR
  expect_eq(g:corporation("NOB").in_play, false)
end)

test("1844-R-186 (A-26): the first 5 exported at the end of a set forms the SBB at once; it operates in the OR after the stock round", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("STB", "C", 100)
  for _, p in ipairs({ "A", "B", "D" }) do g:give_share("STB", p) end
  g:give_train("NOB", "2", true)                   -- phase 2
  for _, class in ipairs({ "2", "3", "4" }) do
    while g:trains_left(class) > 0 do
      if class == "4" and #g:corporation("STB").trains == 0 then g:give_train("STB", class)
      elseif class == "4" and #g:corporation("FNM").trains == 0 then g:give_train("FNM", class)
      else g:give_train("NOB", class) end
      while g:actor() == "NOB" do g:act(g:moves()[1]) end
    end
  end
  g:set_phase("4")
  -- Nobody buys a 5: the set ends and the bank exports the first one.
  while g:round().kind == "stock" do g:act("pass") end
  local sr = g:round().stock_rounds
  while g:round().kind ~= "stock" do
    local moves = g:moves()
    if P.has(moves, "run auto") then g:act("run auto")
    elseif P.has(moves, "withhold") then g:act("withhold")
    else P.pass(g) end
  end
  expect_eq(g:round().stock_rounds, sr + 1)
  expect_eq(g:phase(), "5")
  local exported = false
  for _, line in ipairs(g:log()) do if line:match("5%-0 is sold abroad") then exported = true end end
  expect_true(exported, "the first 5 was exported")
  expect_true(g:var("sbb.formed"))                 -- at once, before the stock round
  expect_eq(g:corporation("NOB").in_play, false)
  for _, m in ipairs(g:moves()) do
    expect_true(not m:match("^par SCB") and not m:match(" NOB "), m)
  end
  while g:round().kind == "stock" do g:act("pass") end
  -- The SBB operates in the first OR after the stock round.
  until_step(g, "SBB", "lay_tile")
  expect_eq(g:round().stock_rounds, sr + 1)
  expect_eq(g:round().set_index, 1)
end)
