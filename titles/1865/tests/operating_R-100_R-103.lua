-- The operating round (§4.1, §4.6; 1865-R-014, R-022, R-024, R-028,
-- R-088, R-100, R-101, R-103, R-105, R-145).
local P = test_lib("play")

test("1865-R-100, A-27: companies operate by price, highest first, the upper token first in a stack", function()
  local g = P.drafted(3)
  P.floated(g, "RCSF", "B", 80, 1)
  P.floated(g, "FMS", "A", 100, 1)
  P.floated(g, "SFSS", "C", 80, 1)
  P.advance_to(g, "FMS", "lay_tile")
  local order = {}
  local first = g:round().set_index
  for _ = 1, 200 do
    local who = g:actor()
    if g:round().kind ~= "operating" or g:round().set_index ~= first then break end
    if order[#order] ~= who then order[#order + 1] = who end
    P.advance(g)
  end
  expect_eq(order, { "FMS", "RCSF", "SFSS" })
end)

test("1865-R-101, R-103: a turn's steps: absorptions, track, mines, a station, revenue and dividend, trains", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_train("FMS", "PH2")
  local steps = {}
  P.advance_to(g, "FMS", "lay_tile")
  while g:actor() == "FMS" do
    if steps[#steps] ~= g:step() then steps[#steps + 1] = g:step() end
    if g:step() == "buy_train" then break end
    P.advance(g)
  end
  expect_eq(steps, { "lay_tile", "build_station", "dividend", "buy_train" })   -- absorb and mines skipped: nothing to do
end)

test("1865-R-014: a phase's tiles stay: green tiles in phase 7", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:set_phase("7")
  g:give_train("FMS", "PH7")
  P.advance_to(g, "FMS", "lay_tile")
  g:act("lay W10 C-green 0")
  expect_eq(g:hex("W10").tile, "C-green")
end)

test("1865-R-105: laying a tile never costs terrain", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_train("FMS", "PH2")
  P.advance_to(g, "FMS", "lay_tile")
  local cash = g:corporation("FMS").cash
  g:act("lay W12 8 1")                                     -- across the river-and-ridge country east of Cagliari
  expect_eq(g:corporation("FMS").cash, cash)
end)

test("1865-R-022: companies trade trains at any price of at least L. 1; the buyer may take the last train", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_cash("A", 500)
  P.floated(g, "RCSF", "A", 90, 1)
  local t = g:give_train("RCSF", "PH2")
  P.advance_to(g, "FMS", "buy_train")
  g:act("train " .. t .. " 1")
  expect_eq(#g:corporation("RCSF").trains, 0)
  expect_eq(g:corporation("FMS").trains[1].id, t)
end)

test("1865-R-024, R-015: no buying over the limit, and no discarding to make room", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_cash("FMS", 1000)
  for _ = 1, 4 do g:give_train("FMS", "PH2") end
  P.advance_to(g, "FMS", "dividend")
  g:act("withhold")
  expect_eq(g:step() == "buy_train", false)                -- at its limit the train step has nothing to offer
  for _, m in ipairs(g:moves()) do
    expect_true(not m:find("^discard") and not m:find("^train"), m)
  end
end)

test("1865-R-028: a major has a 20 % president's certificate and eight of 10 %", function()
  local g = P.drafted(3)
  g:set_phase("5")
  P.floated(g, "FMS", "A", 100, 4)
  local certs = g:corporation("FMS").certificates
  expect_eq(#certs, 9)
  expect_eq(certs[1].percent, 20)
  expect_eq(certs[1].president, true)
  for i = 2, 9 do expect_eq(certs[i].percent, 10) end
end)

test("1865-R-088: a company's rank does not change during a stock round, whatever is traded", function()
  local g = P.drafted(3)
  g:give_cash("B", 500); g:give_cash("C", 500)
  P.floated(g, "FMS", "A", 100, 1)
  P.floated(g, "RCSF", "B", 100, 1)
  g:give_train("FMS", "PH2"); g:give_train("RCSF", "PH2"); g:give_train("RCSF", "PH2")
  g = P.next_stock_round(g)
  local function ranks()
    local out = {}
    for _, corp in ipairs({ "FMS", "RCSF" }) do
      for _, f in ipairs(g:facts(corp)) do if f[1] == "chart" then out[corp] = f[2] end end
    end
    return out
  end
  local before = ranks()
  expect_contains(before.FMS, "rank 3")                      -- home station + a PH2
  expect_contains(before.RCSF, "rank 5")
  -- Every player buys what he can and later sells it; the Dragons trade
  -- too. The ranks stand after every action of the round.
  local traded = 0
  while g:round().kind == "stock" do
    local pick = "pass"
    for _, m in ipairs(g:moves()) do
      if (m:match("^buy") or m:match("^sell")) and traded < 12 then pick = m; break end
    end
    if pick ~= "pass" then traded = traded + 1 end
    g:act(pick)
    expect_eq(ranks(), before)
  end
  expect_true(traded >= 6)
  -- the first operating turn can change it (a train bought, a station placed)
  expect_eq(g:round().kind, "operating")
end)

test("1865-R-145: a president paying for a forced train may choose any train on sale, not only the cheapest", function()
  local g = P.drafted(3)
  g:give_cash("B", 500); g:give_cash("C", 500)
  P.floated(g, "FMS", "A", 100, 1)
  P.floated(g, "RCSF", "B", 100, 1)
  P.floated(g, "SFSS", "C", 100, 1)
  for _ = 1, 4 do g:give_train("RCSF", "PH2") end
  g:give_train("SFSS", "PH2"); g:give_train("SFSS", "PH2d")
  g:set_phase("3")                                          -- RCSF is over the new limit of 3
  g:act("discard " .. g:corporation("RCSF").trains[1].id)   -- a used PH2 in the pool at 100
  g:set_var("traffic.FMS", 3)
  P.advance_to(g, "FMS", "buy_train")
  g:give_cash("FMS", -g:corporation("FMS").cash)
  g:give_cash("A", 400 - g:player("A").cash)
  local offers = {}
  for _, t in ipairs(g:trains_on_sale()) do offers[#offers + 1] = t.class .. (t.pool and " pool" or "") .. " " .. t.price end
  expect_contains(offers, "PH2 pool 100")
  expect_contains(offers, "PH3 200")
  g:act("train PH3")                                        -- not the cheapest: allowed (emergency_train = "any")
  expect_eq(g:corporation("FMS").trains[1].class, "PH3")
  expect_eq(g:player("A").cash, 200)
end)

test("1865-R-146, R-145: a president short of money may sell toward the train he chooses, not only the cheapest", function()
  local g = P.drafted(3)
  g:give_cash("B", 500); g:give_cash("C", 500)
  P.floated(g, "FMS", "A", 100, 1)
  P.floated(g, "RCSF", "B", 100, 1)
  P.floated(g, "SFSS", "C", 100, 1)
  g:set_price("SFSS", 110)                                  -- SFSS operates first, so A may sell it in FMS's turn
  g:give_share("SFSS", "A")                                 -- A holds 20 % of SFSS
  for _ = 1, 4 do g:give_train("RCSF", "PH2") end
  g:give_train("SFSS", "PH2"); g:give_train("SFSS", "PH2d")
  g:set_phase("3")
  g:act("discard " .. g:corporation("RCSF").trains[1].id)   -- a used PH2 in the pool at 100
  P.advance_to(g, "FMS", "buy_train")
  g:give_cash("FMS", -g:corporation("FMS").cash)
  g:give_cash("A", 120 - g:player("A").cash)
  local price = g:share_price("SFSS")
  g:act("sell SFSS 20%")                                    -- 120 covers the used PH2, not the PH3
  g:act("train PH3")
  expect_eq(g:corporation("FMS").trains[1].class, "PH3")
  expect_eq(g:player("A").cash, 120 + price - 200)
end)
