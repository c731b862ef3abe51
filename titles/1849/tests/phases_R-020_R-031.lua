-- Phases (1849 V6 §3, §6, §7.1, §9.4, §10.3, §10.5.2; rules 1849-R-020 ..
-- R-031 and the phase table, shared/rules/1849.md §3).
--
-- Four players: A buys P1 and P5 (and starts SFA through the RSA), B buys
-- P2, C P3 and D P4. B starts RCS (Palermo), C starts IFT and ATA.

local P = test_lib("play")
local function game() return P.four_started(68) end

-- One step of play: run, withhold, or pass.
local advance = P.advance

-- Plays on until `corp` is at `step` (in the first operating round to come).
local function to_step(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do advance(g) end
end

local function classes(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).trains) do out[#out + 1] = t.class end
  return out
end

test("1849-R-020: the game starts in phase 4; the first 6H, 8H, 10H, 12H and 16H bought start phases 6 to 16", function()
  local g = game()
  expect_eq(g:phase(), "4")
  local phases = {}
  local owners = { "IFT", "ATA", "SFA", "RCS" }
  for i, class in ipairs({ "4H", "4H", "4H", "4H", "6H", "6H", "8H", "10H", "12H", "16H", "R6H" }) do
    g:give_train(owners[i % 4 + 1], class, true)
    phases[#phases + 1] = g:phase()
  end
  expect_eq(phases, { "4", "4", "4", "4", "6", "6", "8", "10", "12", "16", "16" })
end)

test("1849-R-020, R-021: buying the first 8H in a turn starts phase 8 at once: the 4H rust, the limit is 3 for everyone", function()
  local g = game()
  for _ = 1, 2 do g:give_train("IFT", "4H") end
  for _ = 1, 2 do g:give_train("SFA", "4H") end       -- the 4H are sold out
  for _ = 1, 4 do g:give_train("ATA", "6H", true) end -- phase 6; the 6H sold out
  expect_eq(g:phase(), "6")
  g:give_cash("RCS", 350)
  to_step(g, "RCS", "buy_train")
  g:act("train 8H")
  expect_eq(g:phase(), "8")
  expect_eq(classes(g, "IFT"), {})                     -- rusted
  expect_eq(classes(g, "SFA"), {})
  -- ATA keeps four 6H against the new limit of 3: it discards now, in RCS's turn.
  expect_eq(g:actor(), "ATA")
  expect_contains(g:moves(), "discard 6H-0")
  g:act("discard 6H-0")
  expect_eq(classes(g, "ATA"), { "6H", "6H", "6H" })
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "buy_train")
end)

test("1849-R-021, R-029: after the first 6H the operating corporation may buy a private in the same turn", function()
  local g = game()
  for _ = 1, 4 do g:give_train("IFT", "4H") end
  g:give_cash("RCS", 300)
  to_step(g, "RCS", "buy_train")
  g:refuse("buy P2 45", "1849-R-029")                  -- phase 4: no private sales to corporations
  expect_not_contains(g:moves(), "buy P2 1..90")
  g:act("train 6H")
  expect_eq(g:phase(), "6")
  expect_contains(g:moves(), "buy P2 1..90")
  g:act("buy P2 45")
  expect_eq(g:company("P2").owner, "RCS")
end)

test("1849-R-022: operating rounds per set: 1 in phase 4, 2 in phases 6 and 8, 3 from phase 10", function()
  for _, case in ipairs({ { "4", 1 }, { "6", 2 }, { "8", 2 }, { "10", 3 }, { "12", 3 }, { "16", 3 } }) do
    local g = game()
    g:set_phase(case[1])
    while g:round().kind == "stock" do g:act("pass") end
    expect_eq(g:round().set_size, case[2], "phase " .. case[1])
  end
end)

test("1849-R-023: the train limit is 4 in phases 4 and 6, 3 in phase 8, 2 from phase 10", function()
  for _, case in ipairs({ { "4", 4 }, { "6", 4 }, { "8", 3 }, { "10", 2 } }) do
    local phase, limit = case[1], case[2]
    local g = game()
    g:set_phase(phase)
    local class = g:trains_on_sale()[1].variant
    for _ = 1, limit - 1 do g:give_train("RCS", class) end
    g:give_cash("RCS", 2000)
    to_step(g, "RCS", "buy_train")
    g:act("train " .. class)                           -- up to the limit
    expect_eq(#g:corporation("RCS").trains, limit, "phase " .. phase)
    -- One more would be over it: the train step is over (and with it,
    -- when nothing else is left to do, the turn).
    if g:actor() == "RCS" then
      expect_true(g:step() ~= "buy_train", "phase " .. phase)
      for _, m in ipairs(g:moves()) do expect_true(not m:find("^train"), "phase " .. phase .. ": " .. m) end
      g:refuse("train " .. class)
    end
    expect_eq(#g:corporation("RCS").trains, limit, "phase " .. phase)
  end
end)

test("1849-R-025: the rusting classes leave the game wherever they are, the bank pool included", function()
  local g = game()
  g:set_phase("8")
  for _ = 1, 3 do g:give_train("RCS", "8H") end
  g:give_train("IFT", "10H", true)                     -- phase 10: limit 2, RCS discards an 8H
  expect_eq(g:phase(), "10")
  expect_eq(g:actor(), "RCS")
  g:act("discard 8H-0")
  expect_contains(g:trains_on_sale(), { class = "8H", variant = "8H", price = 350, pool = true, id = "8H-0" })
  g:give_train("ATA", "10H")
  g:give_train("ATA", "12H", true)
  g:give_train("SFA", "16H", true)
  expect_eq(g:phase(), "16")
  expect_eq(classes(g, "RCS"), {})
  for _, t in ipairs(g:trains_on_sale()) do expect_true(t.class ~= "8H", "an 8H is still for sale") end
end)

test("1849-R-026: yellow tiles in phase 4, green from phase 6, brown from phase 10", function()
  local function at_lay(phase)
    local g = game()
    g:set_phase(phase)
    g:give_train("RCS", "10H")
    g:give_cash("RCS", 500)
    to_step(g, "RCS", "lay_tile")
    return g
  end
  local g = at_lay("4")
  g:refuse("lay C5 651 5", "1849-R-026")
  g:act("lay D6 9 2")                                  -- yellow is fine
  g = at_lay("6")
  g:act("lay C5 651 5")
  expect_eq(g:hex("C5").tile, "651")
  -- Brown: Palermo green first, then brown.
  for _, case in ipairs({ { "8", false }, { "10", true }, { "12", true }, { "16", true } }) do
    g = game()
    g:set_phase(case[1])
    g:lay("C5", "651", 5)
    g:give_train("RCS", "10H")
    g:give_cash("RCS", 500)
    to_step(g, "RCS", "lay_tile")
    if case[2] then
      g:act("lay C5 652 5")
      expect_eq(g:hex("C5").tile, "652")
    else
      g:refuse("lay C5 652 5", "1849-R-026")
    end
  end
end)

test("1849-R-027: starting values: 68 and 100 in phase 4, 144 too from phase 6, 216 too from phase 10", function()
  local function pars(phase)
    local g = P.sfa_started()
    g:give_cash("B", 2000)
    g:set_phase(phase)
    local out = {}
    for _, m in ipairs(g:moves()) do
      local v = m:match("^par CTL (%d+)$")
      if v then out[#out + 1] = tonumber(v) end
    end
    return g, out
  end
  local g, p = pars("4")
  expect_eq(p, { 68, 100 })
  g, p = pars("6")
  expect_eq(p, { 68, 100, 144 })
  g, p = pars("8")
  expect_eq(p, { 68, 100, 144 })
  g:refuse("par CTL 216", "1849-R-027")
  g, p = pars("10")
  expect_eq(p, { 68, 100, 144, 216 })
  g:act("par CTL 216")
  expect_eq(g:corporation("CTL").price, 216)
  expect_eq(g:corporation("CTL").cash, 2 * 216 - 40)
end)

test("1849-R-028: a grey city counts its first value in phases 4 and 6, the middle one in 8 and 10, the last in 12 and 16", function()
  -- CTL in Marsala (E1) runs to Trapani (C1): two grey cities, 20/30/40 each.
  for _, case in ipairs({ { "4", "4H", 40 }, { "6", "6H", 40 }, { "8", "8H", 60 }, { "10", "10H", 60 }, { "12", "12H", 80 }, { "16", "16H", 80 } }) do
    local phase, train, revenue = case[1], case[2], case[3]
    local g = game()
    g:set_phase(phase)
    g:start("CTL", "D", 100)
    g:give_train("CTL", train)
    to_step(g, "CTL", "run_routes")
    g:act("run auto")
    expect_eq(g:turn().revenue, revenue, "phase " .. phase)
  end
end)

test("1849-R-028: the phase when the train runs decides, not the one when the round began", function()
  local g = game()
  g:start("CTL", "D", 100)
  g:give_train("CTL", "6H")
  g:set_phase("6")
  to_step(g, "CTL", "run_routes")
  expect_eq(g:best_run("CTL").revenue, 40)
  g:set_phase("8")                                     -- as if someone had bought the first 8H
  g:act("run auto")
  expect_eq(g:turn().revenue, 60)
end)

test("1849-R-029: corporations may buy privates from players in phases 6, 8 and 10 only", function()
  for _, case in ipairs({ { "4", false }, { "6", true }, { "8", true }, { "10", true } }) do
    local g = game()
    g:set_phase(case[1])
    g:give_cash("RCS", 500)
    to_step(g, "RCS", "lay_tile")
    if case[2] then
      local b = g:player("B").cash
      g:act("buy P2 60")
      expect_eq(g:company("P2").owner, "RCS", "phase " .. case[1])
      expect_eq(g:player("B").cash - b, 60)
    else
      g:refuse("buy P2 60", "1849-R-029")
    end
  end
  -- In phase 12 they are all closed.
  local g = game()
  g:set_phase("12")
  to_step(g, "RCS", "lay_tile")
  g:refuse("buy P2 60")
  expect_eq(g:company("P2").owner_kind, "closed")
end)

test("1849-R-030, R-042: the first 12H closes every private without compensation; the Messina earthquake happens", function()
  local g = game()
  g:set_phase("10")
  g:give_company("P3", "IFT")                          -- one owned by a corporation
  for _, c in ipairs({ "8H", "8H" }) do g:give_train("ATA", c) end
  for _, c in ipairs({ "8H", "10H" }) do g:give_train("IFT", c) end
  g:give_train("SFA", "10H")
  expect_eq(g:trains_on_sale()[1].class, "12H")
  g:give_cash("RCS", 800)
  to_step(g, "RCS", "buy_train")
  local cash = {}
  for _, p in ipairs(g:players()) do cash[p] = g:player(p).cash end
  local ift = g:corporation("IFT").cash
  g:act("train 12H")
  expect_eq(g:phase(), "12")
  for _, id in ipairs({ "P1", "P2", "P3", "P4", "P5" }) do
    expect_eq(g:company(id).owner_kind, "closed", id)
  end
  for _, p in ipairs(g:players()) do expect_eq(g:player(p).cash, cash[p], p) end
  expect_eq(g:corporation("IFT").cash, ift)
  expect_eq(g:player("A").companies, {})
  expect_contains(g:log(), "the Messina earthquake destroys the tile and 0 station token(s) in Messina")
end)
