-- The operating turn (1844-R-071, R-072), station markers (R-103 to
-- R-109) and train purchases (R-135 to R-140). MOB (historical, home
-- Montreux I6) runs on the line Montreux - J7 - Martigny - Sion - Visp - Brig.

local P = test_lib("play")

local has = P.has

local sold_out = P.fnm_2h

local advance = P.advance

local function at(g, corp, step)
  local n = 0
  while not (g:actor() == corp and g:step() == step) do
    advance(g); n = n + 1
    assert(n < 300, corp .. " never reached " .. step .. ": " .. tostring(g:actor()) .. " " .. tostring(g:step()) .. " " .. table.concat(g:moves(), ","))
  end
  return g
end

-- Montreux (yellow, W to Lausanne's free eastern city, SE to J7), J7,
-- Martigny, Sion (yellow, one slot), Visp.
local LINE = {
  { "I6", "6", 5 }, { "J7", "9", 2 }, { "K8", "58", 2 }, { "K10", "6", 1 }, { "J11", "58", 4 },
}

-- MOB (A, par 100: five markers) at the start of its first turn.
local function mob(opts)
  opts = opts or {}
  local g = sold_out()
  g:start("MOB", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("MOB", p) end
  for _, l in ipairs(LINE) do g:lay(l[1], l[2], l[3]) end
  if opts.green_sion then g:lay("K10", "15", 0) end
  if opts.vz_in_sion then
    g:start("VZ", "C", 60)
    g:place_token("VZ", "K10")
  end
  for _, t in ipairs(opts.trains or { "2" }) do g:give_train("MOB", t) end
  g:acts{ "pass", "pass", "pass", "pass" }
  while g:actor() ~= "MOB" do advance(g) end
  return g
end

test("1844-R-071: tile, station, run, revenue, trains: the steps of a turn in order", function()
  local g = mob({ green_sion = true })
  local steps = { g:step() }
  while g:actor() == "MOB" do
    advance(g)
    if g:actor() == "MOB" and g:step() ~= steps[#steps] then steps[#steps + 1] = g:step() end
  end
  expect_eq(steps, { "lay_tile", "place_token", "run_routes", "dividend", "buy_train" })
end)

test("1844-R-103: the home station is placed free when the first turn begins", function()
  local g = mob()
  local c = g:corporation("MOB")
  expect_eq(c.tokens[1].hex, "I6")
  expect_eq(c.cash, 500)
end)

test("1844-R-107: a station may not take a city's last slot while it is reserved for a home", function()
  local g = mob()
  at(g, "MOB", "place_token")
  -- Sion's only slot is VZ's home; VZ has not operated.
  g:refuse("token K10", "1844-R-106", "reserved")
end)

test("1844-R-105: the first station after the home costs 40; R-104: one per turn", function()
  local g = mob({ green_sion = true })
  at(g, "MOB", "place_token")
  local cash = g:corporation("MOB").cash
  g:act("token K10")
  expect_eq(g:corporation("MOB").cash, cash - 40)
  expect_eq(g:corporation("MOB").tokens[2].cost, 40)
  expect_eq(g:corporation("MOB").tokens[3].cost, 100)
  expect_true(not has(g:moves(), "token K10"))
end)

test("1844-R-106: a station goes only where the company's track reaches", function()
  local g = mob({ green_sion = true })
  at(g, "MOB", "place_token")
  g:refuse("token F11", "1844-R-106")   -- Bern: no track from Montreux
end)

test("1844-R-109: a city filled by other companies' markers cannot be run through, but a route may end there", function()
  local g = mob({ vz_in_sion = true, trains = { "4" } })
  at(g, "MOB", "run_routes")
  local t = g:corporation("MOB").trains[1]
  t = type(t) == "table" and t.id or t
  g:refuse("run " .. t .. ":I6-K8-K10-J11", "1844-R-109")
  local r = g:best_run("MOB")
  expect_eq(r.routes[1].stops, { "I4.1", "I6", "K8", "K10" })
end)

test("1844-R-135: a historical company with a route must own a train; R-140: new trains come in order at the printed price", function()
  local g = mob({ trains = {} })
  at(g, "MOB", "buy_train")
  g:refuse("pass", "1844-R-135")
  expect_true(has(g:moves(), "train 2 as 2"))
  expect_true(not has(g:moves(), "train 3 as 3"))
  local cash = g:corporation("MOB").cash
  g:act("train 2 as 2")
  expect_eq(g:corporation("MOB").cash, cash - 90)
end)

test("1844-R-138: several trains in one buy step within the limit", function()
  local g = mob({ trains = {} })
  at(g, "MOB", "buy_train")
  g:acts{ "train 2 as 2", "train 2H as 2H", "train 2 as 2" }
  expect_eq(g:actor(), "MOB")
  g:act("train 2 as 2")
  expect_eq(#g:corporation("MOB").trains, 4)
end)

test("1844-R-139: a company at its limit of four trains gets no buy step", function()
  local g = mob({ trains = { "2", "2", "2", "2" } })
  at(g, "MOB", "dividend")
  g:act("withhold")
  expect_true(g:actor() ~= "MOB")
end)

test("1844-R-137: a train bought this turn does not run this turn", function()
  local g = mob({ trains = {} })
  at(g, "MOB", "buy_train")
  expect_eq(g:turn().revenue or 0, 0)
  g:act("train 2 as 2")
  expect_true(not has(g:moves(), "run auto"))
  g:act("pass")
  expect_true(g:actor() ~= "MOB")
end)

test("1844-R-072: one operating round per set in phases 1-2, two from the next set once phase 3 has begun", function()
  local g = mob()
  expect_eq(g:round().set_size, 1)
  g:set_phase("3")
  -- A phase change during a set does not lengthen it.
  expect_eq(g:round().set_size, 1)
  local n = 0
  while g:round().kind ~= "stock" do advance(g); n = n + 1; assert(n < 300) end
  while g:round().kind ~= "operating" do advance(g); n = n + 1; assert(n < 600) end
  expect_eq(g:round().set_size, 2)
end)

test("1844-R-090: a city with a free slot can be run through", function()
  local g = mob({ green_sion = true, vz_in_sion = true, trains = { "5" } })
  at(g, "MOB", "run_routes")
  local r = g:best_run("MOB")
  -- Brig - Visp - Sion (one VZ marker, one free slot) - Martigny - Montreux.
  expect_eq(r.routes[1].stops, { "J13", "J11", "K10", "K8", "I6" })
end)

test("1844-R-073: after an auction ended early the operating round pays private income only", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  g:act("bid P1 20"); g:acts{ "pass", "pass", "pass" }
  -- Nobody bids on P2: the auction ends (A-06).
  local a = g:player("A").cash
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:player("A").cash, a + 5)           -- P1's income
  expect_contains(g:log(), "P1 pays 5 SFR to A")
  -- No company operates and no stock round comes: the auction goes on with P2.
  expect_eq(g:round().name, "auction")
  expect_contains(table.concat(g:moves(), " "), "P2")
end)

test("1844-R-073: a company already launched (FNM) still operates in that round (A-40)", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  g:give_train("FNM", "2H")
  g:acts{ "pass", "pass", "pass", "pass" }       -- nobody bids on P7
  expect_eq(g:round().kind, "operating")
  expect_eq(g:actor(), "FNM")
  while g:round().kind == "operating" do advance(g) end
  expect_eq(g:round().name, "auction")
end)
