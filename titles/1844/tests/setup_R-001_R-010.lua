-- Setup and component facts (1844-R-001 to R-010): bank, starting cash,
-- FNM pool shares, turn order, the train supply, certificate limits.

local P = test_lib("play")

local NAMES = { "A", "B", "C", "D", "E", "F", "G" }

local function players(n)
  local out = {}
  for i = 1, n do out[i] = NAMES[i] end
  return out
end

-- Stock round 1 next, order B, C, A, D (least cash first, R-020).
local sold_out = P.sold_out

local CASH = { [3] = 800, [4] = 620, [5] = 510, [6] = 440, [7] = 400 }
local LIMIT = { [3] = 24, [4] = 18, [5] = 15, [6] = 13, [7] = 11 }

test("1844-R-001: the bank holds 12,000 SFR at setup, the players' cash included", function()
  for n = 3, 7 do
    local g = new_game{ players = players(n) }
    local total = g:bank()
    for _, p in ipairs(g:players()) do total = total + g:player(p).cash end
    expect_eq(total, 12000, n .. " players")
    expect_eq(g:bank(), 12000 - n * CASH[n], n .. " players: what the bank keeps")
  end
end)

test("1844-R-002: starting cash 800 / 620 / 510 / 440 / 400 for 3 to 7 players", function()
  for n = 3, 7 do
    local g = new_game{ players = players(n) }
    for _, p in ipairs(g:players()) do expect_eq(g:player(p).cash, CASH[n], n .. " players, " .. p) end
  end
end)

test("1844-R-002: 2 or 8 players cannot play", function()
  expect_error(function() new_game{ players = { "A", "B" } } end, "3, 4, 5, 6, 7 players")
  expect_error(function() new_game{ players = { "A", "B", "C", "D", "E", "F", "G", "H" } } end, "not 8")
end)

test("1844-R-003: three 10% FNM shares start in the pool; the director's certificate stays with P6", function()
  local g = new_game{ players = players(4) }
  local fnm = g:corporation("FNM")
  expect_eq(fnm.pool_percent, 30)
  expect_eq(fnm.treasury_percent, 70)
  local pool, pres = 0, nil
  for _, c in ipairs(fnm.certificates) do
    if c.owner == "pool" then pool = pool + 1; expect_eq(c.percent, 10) end
    if c.president then pres = c.owner end
  end
  expect_eq(pool, 3)
  expect_eq(pres, "treasury")
  expect_eq(fnm.started, false)
end)

test("1844-R-004: the first turn order is the dealt seating; it starts the auction", function()
  for seed = 1, 3 do
    local g = new_game{ players = { "Cy", "Al", "Bo" }, seed = seed }
    expect_eq(g:var("order"), { "Cy", "Al", "Bo" })
    expect_eq(g:actor(), "Cy")
  end
end)

test("1844-R-005: at the start only the 2/2H cards are on sale", function()
  local g = sold_out()
  local classes = {}
  for _, t in ipairs(g:trains_on_sale()) do classes[#classes + 1] = t.variant end
  table.sort(classes)
  expect_eq(classes, { "2", "2H" })
end)

test("1844-R-005: the 3/3H cards go on sale once all thirteen 2-cards have left the bank", function()
  local g = sold_out()
  for _ = 1, 12 do g:give_train("FNM", "2") end
  local on = {}
  for _, t in ipairs(g:trains_on_sale()) do on[#on + 1] = t.variant end
  expect_not_contains(on, "3", "one 2-card still in the bank")
  g:give_train("FNM", "2H")
  on = {}
  for _, t in ipairs(g:trains_on_sale()) do on[#on + 1] = t.variant end
  table.sort(on)
  expect_eq(on, { "3", "3H" })
end)

test("1844-R-006: each card is sold on either side: 2 at 90 or 2H at 70, from one count", function()
  local g = sold_out()
  local price = {}
  for _, t in ipairs(g:trains_on_sale()) do price[t.variant] = t.price end
  expect_eq(price, { ["2"] = 90, ["2H"] = 70 })
  expect_eq(g:trains_left("2"), 13)
  g:give_train("FNM", "2H")
  expect_eq(g:trains_left("2"), 12)
  g:give_train("FNM", "2")
  expect_eq(g:trains_left("2"), 11)
end)

test("1844-R-007: the 8E/8H supply never runs out: more than its four cards leave the bank", function()
  local g = sold_out()
  g:start("STB", "A", 60)
  g:start("RhB", "C", 60)
  local ids = {}
  for i = 1, 6 do
    ids[#ids + 1] = g:give_train(i <= 2 and "STB" or (i <= 4 and "RhB" or "FNM"), i % 2 == 0 and "8H" or "8E")
  end
  expect_eq(#ids, 6)
  expect_eq(#g:corporation("FNM").trains, 2)
end)

test("1844-R-008: the certificate limit is 24 / 18 / 15 / 13 / 11 for 3 to 7 players", function()
  for n = 3, 7 do
    local g = new_game{ players = players(n) }
    expect_eq(g:cert_limit(), LIMIT[n], n .. " players")
  end
end)

-- Player A (4 players, limit 18) brought to `n` counted certificates by
-- starting STB, RhB and BLS with director's and ordinary certificates.
local function holding(g, n)
  g:give_cash("A", 3000)
  local left = n - g:player("A").certificates
  for _, corp in ipairs({ "STB", "RhB", "BLS" }) do
    if left > 0 then
      local k = math.min(left, 9)
      g:start(corp, "A", 60, k - 1)
      left = left - k
    end
  end
  expect_eq(g:player("A").certificates, n)
end

test("1844-R-009: privates, Mountain Railways and Tunnel certificates are not counted; a director's certificate counts 1", function()
  local g = sold_out()
  -- A holds P1 and P5 (and the MOB share of P5: 1 certificate).
  expect_eq(g:player("A").certificates, 1)
  g:give_company("T2", "A")
  g:give_company("B1", "A")
  g:give_company("P3", "A")
  expect_eq(g:player("A").certificates, 1)
  g:start("STB", "A", 60)                    -- 2 units, one certificate
  expect_eq(g:player("A").shares.STB, 20)
  expect_eq(g:player("A").certificates, 2)
end)

test("1844-R-009: an SBB 10% double certificate counts as one", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:start("SCB", "B", 70)
  g:give_share("SCB", "A")
  local before = g:player("A").certificates   -- MOB, NOB director, SCB share
  expect_eq(before, 3)
  g:set_phase("5")
  -- A: the SBB double for the NOB director's certificate and a single for
  -- the SCB share; the MOB share is still there.
  expect_eq(g:player("A").shares.SBB, 15)
  expect_eq(g:player("A").certificates, 3)
end)

test("1844-R-010, R-050: at the limit a player may buy no counted certificate", function()
  local g = sold_out()
  holding(g, 18)
  while g:actor() ~= "A" do g:act("pass") end
  g:refuse("buy FNM pool", "1844-R-050")
  g:refuse("par AB 60", "1844-R-050")
  -- 1844-R-050: a Mountain Railway or Tunnel certificate is still allowed.
  local cash = g:player("A").cash
  g:act("buy T2")
  expect_eq(g:player("A").cash, cash - 50)
end)

test("1844-R-010: one below the limit a player may still buy", function()
  local g = sold_out()
  holding(g, 17)
  while g:actor() ~= "A" do g:act("pass") end
  g:act("buy FNM pool")
  expect_eq(g:player("A").certificates, 18)
end)
