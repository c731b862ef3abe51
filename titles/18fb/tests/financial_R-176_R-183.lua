-- The financial step and corporations' holdings (§2.2.3, §2.2.4, §3.5.9;
-- 18FB-R-176 .. R-183, R-124, R-050, R-107; checklist §2.20, D-15; A-39, A-40, A-43,
-- A-44): scripts/financial.lua, flow.toml's step "financial".

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

local function give(g, corp, who, n)
  for _ = 1, n do g:give_share(corp, who) end
end

-- Plays on (passing, paying out) until `corp` stands at `step` (any step
-- of its turn when nil).
local function to_step(g, corp, step)
  for _ = 1, 200 do
    if g:actor() == corp and (step == nil or g:step() == step) then return end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  error(corp .. " never reached " .. tostring(step))
end

-- A starts NN at 100 and makes it Provisional (a token on T. Annunziata,
-- its intermediate destination) with a PH1 train; B starts LdA at 80
-- (Building). `setup(g)` runs in the stock round; then NN's financial step.
local function nn_financial(setup)
  local g = after_pr()
  g:start("NN", "A", 100)
  g:start("LdA", "B", 80)
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")
  if setup then setup(g) end
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "financial")
  expect_eq(g:corporation("NN").state, "provisional")
  return g
end

local function holder_of(g, corp, index)
  for _, c in ipairs(g:corporation(corp).certificates) do
    if c.index == index then return c.owner end
  end
end

local function held_by(g, corp, holder)
  local n = 0
  for _, c in ipairs(g:corporation(corp).certificates) do
    if c.owner == holder then n = n + 1 end
  end
  return n
end

test("18FB-R-176: a Provisional major has a financial step after buying trains; a Building one has none", function()
  local g = nn_financial()
  expect_contains(g:moves(), "do buy_share corp=LdA from=ipo")
  expect_contains(g:moves(), "pass")
  g:act("pass")
  -- LdA, Building, goes through its turn without a financial step
  for _ = 1, 40 do
    if g:actor() ~= "LdA" then break end
    expect_true(g:step() ~= "financial", "LdA (Building) reached the financial step")
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" then pick = x end end
    g:act(pick)
  end
end)

test("18FB-R-178: another started company's share from its IPO costs the par value, paid to that company", function()
  local g = nn_financial()
  local nn, ldA, bank = g:corporation("NN").cash, g:corporation("LdA").cash, g:bank()
  g:act("do buy_share corp=LdA from=ipo")
  expect_eq(g:corporation("NN").cash, nn - 80)
  expect_eq(g:corporation("LdA").cash, ldA + 80)
  expect_eq(g:bank(), bank)
  expect_eq(held_by(g, "LdA", "NN"), 1)
  expect_eq(g:corporation("LdA").corporate_percent, { NN = 10 })
  expect_eq(g:corporation("NN").corporate_percent, {})
  expect_eq(g:corporation("LdA").shares, { B = 20 })          -- a corporation's holding is no player's (R-050)
  expect_true(logged(g, "NN buys a LdA share from the IPO for D80 (18FB-R-178)"))
  expect_true(g:actor() ~= "NN" or g:step() ~= "financial")    -- one purchase ends the step (R-179)
end)

test("18FB-R-178: a share from the Pool costs the current price, paid to the bank", function()
  local g = nn_financial(function(g) give(g, "LdA", "pool", 1) end)
  g:set_price("LdA", 90, 1)
  local nn, bank, pool = g:corporation("NN").cash, g:bank(), g:corporation("LdA").pool_percent
  g:act("do buy_share corp=LdA from=pool")
  expect_eq(g:corporation("NN").cash, nn - 90)
  expect_eq(g:bank(), bank + 90)
  expect_eq(g:corporation("LdA").pool_percent, pool - 10)
end)

test("18FB-R-178: a corporation buys its own shares only from the Pool", function()
  local g = nn_financial(function(g) give(g, "NN", "pool", 1) end)
  expect_not_contains(g:moves(), "do buy_share corp=NN from=ipo")
  g:refuse("do buy_share corp=NN from=ipo", "18FB-R-178")
  local nn, pool, price = g:corporation("NN").cash, g:corporation("NN").pool_percent, g:share_price("NN")
  g:act("do buy_share corp=NN from=pool")
  expect_eq(g:corporation("NN").cash, nn - price)
  expect_eq(g:corporation("NN").pool_percent, pool - 10)
  expect_eq(g:var("own.NN"), 1)
end)

test("18FB-R-178: shares of an unstarted company cannot be bought", function()
  local g = nn_financial()
  expect_not_contains(g:moves(), "do buy_share corp=FC from=ipo")
  g:refuse("do buy_share corp=FC from=ipo", "18FB-R-178")
end)

-- NN buys an LdA share in OR 1.1 and stands at its financial step in OR 1.2.
local function nn_holds_ldA(setup)
  local g = nn_financial(setup)
  g:act("do buy_share corp=LdA from=ipo")
  to_step(g, "NN", "financial")
  expect_eq(held_by(g, "LdA", "NN"), 1)
  return g
end

test("18FB-R-177: a corporation sells what it holds at the current price; the price does not move", function()
  local g = nn_holds_ldA()
  g:set_price("LdA", 70, 1)
  local row, col = g:corporation("LdA").market_row, g:corporation("LdA").market_col
  local nn, bank, pool = g:corporation("NN").cash, g:bank(), g:corporation("LdA").pool_percent
  g:act("do sell_share corp=LdA")
  expect_eq(g:corporation("NN").cash, nn + 70)
  expect_eq(g:bank(), bank - 70)
  expect_eq(g:corporation("LdA").pool_percent, pool + 10)
  expect_eq({ g:corporation("LdA").market_row, g:corporation("LdA").market_col }, { row, col })
  expect_true(logged(g, "NN sells a LdA share to the Pool for D70 (18FB-R-177: the price stays)"))
end)

test("18FB-R-179: a corporation never buys back what it sold in the turn; and it buys one certificate at most", function()
  local g = nn_holds_ldA(function(g) give(g, "NN", "pool", 2) end)
  g:act("do sell_share corp=LdA")
  expect_not_contains(g:moves(), "do buy_share corp=LdA from=pool")
  g:refuse("do buy_share corp=LdA from=pool", "18FB-R-179")
  g:act("do buy_share corp=NN from=pool")
  expect_true(g:actor() ~= "NN" or g:step() ~= "financial")
end)

test("18FB-R-176: sales come before purchases", function()
  local g = nn_holds_ldA(function(g) give(g, "NN", "pool", 2) end)
  -- NN buys one of its own shares first: it may not sell afterwards (the
  -- step is over, one purchase being all it may make)
  g:act("do buy_share corp=NN from=pool")
  expect_true(g:actor() ~= "NN" or g:step() ~= "financial")
  expect_eq(held_by(g, "LdA", "NN"), 1)
end)

test("18FB-R-180: a corporation holds at most one 10 % certificate of each other company", function()
  local g = nn_holds_ldA()
  expect_not_contains(g:moves(), "do buy_share corp=LdA from=ipo")
  g:refuse("do buy_share corp=LdA from=ipo", "18FB-R-180")
end)

test("18FB-R-180: any number of its own", function()
  local g = nn_financial(function(g) give(g, "NN", "pool", 2) end)
  g:act("do buy_share corp=NN from=pool")
  to_step(g, "NN", "financial")
  expect_contains(g:moves(), "do buy_share corp=NN from=pool")
  g:act("do buy_share corp=NN from=pool")
  expect_eq(g:var("own.NN"), 2)
end)

test("18FB-R-177: a normal sale obeys the Pool's 50 % limit", function()
  local g = nn_holds_ldA(function(g) give(g, "LdA", "pool", 4) end)
  expect_eq(g:corporation("LdA").pool_percent, 50)            -- VAL's free share and 4 more
  expect_not_contains(g:moves(), "do sell_share corp=LdA")
  g:refuse("do sell_share corp=LdA", "18FB-R-177")
end)

test("18FB-R-181, A-43: no corporation buys shares of a company priced in light or dark blue", function()
  local g = nn_financial()
  g:set_price("LdA", 60, 4)                                    -- light blue
  expect_not_contains(g:moves(), "do buy_share corp=LdA from=ipo")
  g:refuse("do buy_share corp=LdA from=ipo", "18FB-R-181")
  g:set_price("LdA", 60, 6)                                    -- dark blue (A-43)
  g:refuse("do buy_share corp=LdA from=ipo", "18FB-R-181")
end)

test("18FB-R-182: a corporation priced in dark blue buys no other company's shares", function()
  local g = nn_financial()
  g:set_price("NN", 60, 6)
  g:refuse("do buy_share corp=LdA from=ipo", "18FB-R-182")
end)

-- NN holds an LdA share; OR 1.2 played to its end; stock round 2.
local function to_next_sr(g)
  for _ = 1, 200 do
    if g:round().kind == "stock" then return end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
end

test("18FB-R-181, R-183, A-44: shares of a company priced in light blue are sold at the holder's next turn start, beyond the Pool's limit, price unmoved", function()
  local g = nn_financial(function(g) give(g, "LdA", "pool", 4) end)   -- 50 % with VAL's free share
  g:act("do buy_share corp=LdA from=ipo")
  to_next_sr(g)
  g:set_price("LdA", 60, 4)
  local row, col = g:corporation("LdA").market_row, g:corporation("LdA").market_col
  local nn = g:corporation("NN").cash
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", nil)                                        -- its turn (Frozen in PH1, it has no tile to lay)
  expect_eq(held_by(g, "LdA", "NN"), 0)
  expect_eq(g:corporation("LdA").pool_percent, 60)              -- beyond 50 % (A-44)
  expect_eq(g:corporation("NN").cash, nn + 60)
  expect_eq({ g:corporation("LdA").market_row, g:corporation("LdA").market_col }, { row, col })
  expect_true(logged(g, "NN must sell its LdA share for D60"))
end)

test("18FB-R-182, R-183: a corporation priced in dark blue sells every other company's share at its turn's start, even Frozen", function()
  local g = nn_financial()
  g:act("do buy_share corp=LdA from=ipo")
  to_next_sr(g)
  give(g, "NN", "C", 4)                                        -- C takes NN over: NN is Frozen (R-043)
  g:act("choose decline")
  expect_eq(g:corporation("NN").state, "frozen")
  g:set_price("NN", 60, 6)                                     -- dark blue
  g:set_price("LdA", 80, 0)
  local nn = g:corporation("NN").cash
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", nil)                                        -- its turn (Frozen in PH1, it has no tile to lay)
  expect_eq(held_by(g, "LdA", "NN"), 0)
  -- LdA (D80) operates first and, Building without its tile steps, moves
  -- left to D70 (R-109): NN sells at that price, its current one
  expect_eq(g:corporation("NN").cash, nn + 70)
  expect_true(logged(g, "NN must sell its LdA share for D70 (NN is priced in dark blue"))
end)

test("18FB-R-124, A-40: a share held by a corporation pays its dividend into the holder's treasury", function()
  local g = nn_financial(function(g)
    g:start("RM", "C", 100)
    g:give_train("RM", "PH6")
    g:set_var("markers.RM", 5)
  end)
  g:act("do buy_share corp=RM from=ipo")
  expect_eq(held_by(g, "RM", "NN"), 1)
  to_step(g, "RM", "dividend")
  local e = g:turn().revenue
  expect_true(e > 0)
  local nn = g:corporation("NN").cash
  g:act("payout")
  expect_eq(g:corporation("NN").cash, nn + e // 10)
end)

test("18FB-R-050: shares held by corporations never count for the presidency", function()
  local g = nn_financial(function(g)
    g:start("RM", "C", 100)                                    -- C holds 20 %
    give(g, "RM", "A", 1)                                      -- A, NN's president, 10 %
  end)
  g:act("do buy_share corp=RM from=ipo")                       -- NN (A's) 10 %: A's "side" 20 %
  to_next_sr(g)
  g:set_phase("PH5")                                           -- the majority rule (R-048)
  give(g, "RM", "A", 1)                                        -- A 20 % + NN 10 % against C's 20 %
  expect_eq(g:corporation("RM").president, "C")
  expect_eq(g:corporation("RM").shares, { A = 20, C = 20 })
end)

test("18FB-R-181, A-43: a corporation priced in light blue sells its own bought-back shares at its turn's start", function()
  local g = nn_financial(function(g) give(g, "NN", "pool", 1) end)
  g:act("do buy_share corp=NN from=pool")
  expect_eq(g:var("own.NN"), 1)
  to_next_sr(g)
  g:set_price("NN", 60, 4)                                     -- light blue
  local nn, pool = g:corporation("NN").cash, g:corporation("NN").pool_percent
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "lay_tile")
  expect_eq(g:var("own.NN"), 0)
  expect_eq(g:corporation("NN").pool_percent, pool + 10)
  expect_eq(g:corporation("NN").cash, nn + 60)
  expect_true(logged(g, "NN must sell its NN share for D60 (NN is priced in light blue"))
end)

test("18FB-R-107, A-39 (D-15): a share of a Building major held by a corporation earns its secured interest", function()
  local g = nn_financial(function(g)
    give(g, "LdA", "A", 1)
    give(g, "LdA", "C", 1)
    give(g, "LdA", "D", 1)                                     -- players: B's 2 shares + 3; the Pool 1 (VAL's)
  end)
  g:act("do buy_share corp=LdA from=ipo")                      -- NN 1; the IPO 3
  expect_eq(g:corporation("LdA").pool_percent, 10)
  expect_eq(g:corporation("LdA").treasury_percent, 30)
  to_step(g, "LdA", "lay_tile")
  local function first(prefix)
    for _, m in ipairs(g:moves()) do if m:sub(1, #prefix) == prefix then return m end end
  end
  local before = { A = g:player("A").cash, B = g:player("B").cash, C = g:player("C").cash, D = g:player("D").cash,
    NN = g:corporation("NN").cash, LdA = g:corporation("LdA").cash }
  local price = g:share_price("LdA")
  g:act(first("lay ")); g:act(first("lay "))
  while g:step() ~= "buy_train" do g:act("pass") end
  expect_eq({ A = g:player("A").cash, B = g:player("B").cash, C = g:player("C").cash, D = g:player("D").cash,
    NN = g:corporation("NN").cash, LdA = g:corporation("LdA").cash },
    { A = before.A + 15, B = before.B + 30, C = before.C + 15, D = before.D + 15, NN = before.NN + 15, LdA = before.LdA })
  expect_eq(g:share_price("LdA"), price)
  expect_true(logged(g, "D15 a share in secured interest, D90 in all"))
end)
