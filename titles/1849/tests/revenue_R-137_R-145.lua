-- Running trains, revenue and dividends (1849 V6 §10.5, §10.5.2,
-- §10.5.3; rules 1849-R-137 .. R-145, with R-136, R-139, R-143 and R-144
-- also in routes_R-104_R-136_R-144.lua; worked example WE-06, WE-07 f).

-- Four players; A buys P5 and starts `corp` at L. 68.
local started = test_lib("play").started

local function at(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do g:act("pass") end
  return g
end

-- RCS with a 4H and the line Palermo - Termini Imerese: 70 a run
-- (A5 10 + Palermo 50 + Termini 10).
local function rcs_at_run()
  local g = started("RCS")
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:give_train("RCS", "4H")
  return at(g, "RCS", "run_routes")
end

-- The price moves logged by the operating round.
local function moves(g, corp)
  local out = {}
  for _, line in ipairs(g:log()) do
    if line:find("^" .. corp .. " share price moves") then out[#out + 1] = line end
  end
  return out
end

test("1849-R-137: a corporation without a train earns nothing; its price goes one column left", function()
  local g = started("RCS")
  g:lay("D6", "9", 2)
  at(g, "RCS", "lay_tile")
  g:act("pass")
  expect_contains(g:log(), "RCS has no train and pays no dividend")
  expect_eq(g:share_price("RCS"), 59)                  -- 68 -> 59 on the same row
  expect_eq(moves(g, "RCS"), { "RCS share price moves from L. 68 to L. 59" })
end)

test("1849-R-137: at the left end of its row the price goes one row down instead", function()
  local g = started("RCS")
  g:set_price("RCS", 52)                               -- the first space of its row
  at(g, "RCS", "lay_tile")
  while g:actor() == "RCS" do g:act("pass") end
  expect_eq(g:share_price("RCS"), 47)
end)

test("1849-R-138 (WE-07 f): a route earns the sum of its stops: port, city, town", function()
  local g = rcs_at_run()
  g:act("run auto")
  expect_eq(g:turn().revenue, 10 + 50 + 10)
end)

test("1849-R-138, R-036: the P3 port token adds L. 20 at that port, for its corporation only", function()
  local g = started("RCS")
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:give_train("RCS", "4H")
  g:give_company("P3", "RCS")
  at(g, "RCS", "lay_tile")
  g:act("do port_token hex=A5")
  expect_eq(g:company("P3").owner_kind, "closed")
  while g:step() ~= "run_routes" do g:act("pass") end
  g:act("run auto")
  expect_eq(g:turn().revenue, 90)
  expect_contains(g:log(), "RCS runs 4H-0 on A5-C5-E7 for L. 90")
end)

-- CTL at Marsala with Trapani next door: two grey cities.
local function grey_pair(phase, train)
  local g = started("CTL")
  if phase ~= "4" then g:set_phase(phase) end
  g:give_train("CTL", train)
  return g
end

test("1849-R-140, R-028: grey cities count 20 in phases 4 and 6, 30 in 8 and 10, 40 in 12 and 16", function()
  local want = { ["4"] = 40, ["6"] = 40, ["8"] = 60, ["10"] = 60, ["12"] = 80, ["16"] = 80 }
  local train = { ["4"] = "4H", ["6"] = "6H", ["8"] = "8H", ["10"] = "10H", ["12"] = "10H", ["16"] = "16H" }
  for _, phase in ipairs({ "4", "6", "8", "10", "12", "16" }) do
    local g = grey_pair(phase, train[phase])
    expect_eq(g:best_run("CTL").revenue, want[phase], "phase " .. phase)
  end
end)

test("1849-R-140: the phase when the train runs decides", function()
  local g = grey_pair("6", "6H")
  at(g, "CTL", "run_routes")
  g:set_phase("8")                                     -- e.g. a train bought earlier in the round
  g:act("run auto")
  expect_eq(g:turn().revenue, 60)
end)

test("1849-R-141: the earnings chart shows the revenue per share, a tenth of it, and changes nothing", function()
  local g = rcs_at_run()
  g:act("run auto")
  g:act("payout")
  expect_contains(g:log(), "RCS pays out L. 70 (L. 7 per share)")
end)

test("1849-R-142: the whole revenue is paid out or withheld; no partial payout", function()
  local g = rcs_at_run()
  g:act("run auto")
  expect_eq(g:moves(), { "payout", "withhold" })
  g:refuse("half", "1849-R-142", "whole revenue")
  g:refuse("pass", "1849-R-142")
  g:act("payout")
end)

test("1849-R-143 (WE-06 2): with all shares in the treasury but the president's, the payout splits 20 / 80", function()
  local g = rcs_at_run()
  g:act("run auto")
  local a, rcs, bank = g:player("A").cash, g:corporation("RCS").cash, g:bank()
  g:act("payout")
  expect_eq(g:player("A").cash - a, 14)
  expect_eq(g:corporation("RCS").cash - rcs, 56)
  expect_eq(bank - g:bank(), 70)
end)

test("1849-R-144: a payout at least one share's price at the end of a row moves the price up a row", function()
  local g = rcs_at_run()
  g:set_price("RCS", 31, 9)                            -- the last space of the bottom row
  g:act("run auto")
  g:act("payout")
  expect_eq(g:share_price("RCS"), 40)
end)

-- WE-07's two 8H of CTL: L. 290 a run, in phase 10.
local WE07 = {
  { "C5", "651", 5 }, { "B4", "7", 5 }, { "D4", "74", 1 }, { "D4", "682", 1 }, { "C3", "3", 5 },
  { "E3", "78", 2 }, { "E3", "713", 0 }, { "G3", "58", 1 }, { "H2", "8", 2 }, { "G1", "58", 3 }, { "D2", "78", 5 },
}

test("1849-R-144, R-016 (WE-06 1): before phase 16 a blue space counts as the row's end: up instead of right", function()
  local g = started("CTL")
  g:set_phase("10")
  for _, l in ipairs(WE07) do g:lay(l[1], l[2], l[3]) end
  g:give_train("CTL", "8H")
  g:give_train("CTL", "8H")
  g:set_price("CTL", 218)                              -- right of it: 242, blue
  at(g, "CTL", "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 290)
  g:act("payout")
  expect_eq(g:share_price("CTL"), 240)                 -- one row up
end)

test("1849-R-144 (WE-06 1): a payout equal to one share's price moves the price right", function()
  -- Phase 10, CTL's one 8H on WE-07's standard line: 160 a run.
  local function payout_at(price)
    local g = started("CTL")
    g:set_phase("10")
    for _, l in ipairs(WE07) do g:lay(l[1], l[2], l[3]) end
    g:give_train("CTL", "8H")
    g:set_price("CTL", price)
    at(g, "CTL", "run_routes")
    g:act("run auto")
    expect_eq(g:turn().revenue, 160)
    g:act("payout")
    return g:share_price("CTL")
  end
  expect_eq(payout_at(160), 178)                       -- 160 >= 160
  expect_eq(payout_at(144), 159)                       -- WE-06 1: 144 at L. 144 would move it too
end)

test("1849-R-145: withholding puts the whole revenue in the treasury; the price goes one column left", function()
  local g = rcs_at_run()
  g:act("run auto")
  local rcs, a = g:corporation("RCS").cash, g:player("A").cash
  g:act("withhold")
  expect_eq(g:corporation("RCS").cash - rcs, 70)
  expect_eq(g:player("A").cash, a)
  expect_eq(g:share_price("RCS"), 59)
  expect_contains(g:log(), "RCS withholds L. 70")
end)

test("1849-R-145: withholding at the left end of a row moves the price one row down", function()
  local g = rcs_at_run()
  g:set_price("RCS", 52)
  g:act("run auto")
  g:act("withhold")
  expect_eq(g:share_price("RCS"), 47)
end)
