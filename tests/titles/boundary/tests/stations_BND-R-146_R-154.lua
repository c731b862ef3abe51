-- What a slot may hold besides a corporation's token (src/game/stations.rs;
-- map.toml's fourth corner: A15 Oban - C15 Pell, its one slot reserved for
-- SRR - E15 Quay, its one slot filled by the neutral token N7 - G15 Rye,
-- an off-board area with 2 slots that open in phase 3).

-- NRR (A) and SRR (B) started at 60; NRR operates first.
local function opening(options)
  local g = new_game{ players = { "A", "B" }, seed = 1, options = options }
  g:acts{ "par NRR 60", "par SRR 60", "pass", "pass" }
  expect_eq(g:actor(), "NRR")
  return g
end

local function route_from(run, first)
  for _, r in ipairs(run.routes) do
    if r.stops[1] == first or r.stops[#r.stops] == first then return r.stops end
  end
end

test("BND-R-146: a reserved slot is refused to other corporations and taken by its own", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local pell = g:hex("C15").stops[1]
  expect_eq(pell.reserved, { "SRR" })
  expect_eq(g:hex("C15").free_slots, 0)                    -- free for nobody but SRR
  expect_error(function() g:place_token("NRR", "C15") end, "reserved for SRR")
  g:place_token("SRR", "C15")
  expect_eq(g:hex("C15").stops[1].tokens, { "SRR" })
  expect_eq(g:hex("C15").stops[1].reserved, {})            -- used by its token
end)

test("BND-R-147: a route passes through a city whose only free slot is reserved", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:place_token("NRR", "A15")
  g:give_train("NRR", "4")
  local run = g:best_run("NRR")
  expect_eq(route_from(run, "A15"), { "A15", "C15", "E15" })  -- through Pell, ends at the blocked Quay
  expect_eq(run.revenue, 30)
end)

test("BND-R-148: a neutral token fills its slot and blocks routes like a foreign token", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local quay = g:hex("E15").stops[1]
  expect_eq(quay.neutral, { "N7" })
  expect_eq(quay.tokens, {})
  expect_eq(g:hex("E15").free_slots, 0)
  expect_error(function() g:place_token("NRR", "E15") end, "no free slot")
  g:set_phase("3")
  g:place_token("NRR", "A15")
  g:give_train("NRR", "4")
  -- Rye is open and empty, but the route cannot pass Quay to reach it.
  expect_eq(route_from(g:best_run("NRR"), "A15"), { "A15", "C15", "E15" })
end)

test("BND-R-149: a script replaces the neutral token by a corporation's token; routes then pass", function()
  local g = opening()
  g:place_token("NRR", "A15")
  g:set_tokens("NRR", 3)
  local cash = g:corporation("NRR").cash
  g:act("do bourbon hex=E15 token=N7 cost=40")
  expect_eq(g:corporation("NRR").cash, cash - 40)
  local quay = g:hex("E15").stops[1]
  expect_eq(quay.neutral, {})
  expect_eq(quay.tokens, { "NRR" })
  expect_contains(g:log(), "NRR replaces neutral token N7 in E15")
  local placed = 0
  for _, t in ipairs(g:corporation("NRR").tokens) do if t.hex then placed = placed + 1 end end
  expect_eq(placed, 3)                                     -- A1, A15, E15
  g:give_train("NRR", "4")
  g:give_train("NRR", "4")
  expect_eq(route_from(g:best_run("NRR"), "A15"), { "A15", "C15", "E15", "G15" })
end)

test("BND-R-150: an off-board area's slots take no token before their phase, and do after", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local rye = g:hex("G15").stops[1]
  expect_eq(rye.kind, "offboard")
  expect_eq(rye.slots, 2)
  expect_eq(rye.open, false)
  expect_eq(rye.opens_in_phase, "3")
  expect_eq(g:hex("G15").free_slots, 0)
  expect_error(function() g:place_token("NRR", "G15") end, "open in phase 3")
  g:set_phase("3")
  expect_eq(g:hex("G15").stops[1].open, true)
  expect_eq(g:hex("G15").free_slots, 2)
  g:place_token("NRR", "G15")
  expect_eq(g:hex("G15").stops[1].tokens, { "NRR" })
end)

test("BND-R-151: a token on an off-board area is the corporation's station: routes start there", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:set_phase("3")
  g:place_token("NRR", "G15")
  g:give_train("NRR", "4")
  local stops = route_from(g:best_run("NRR"), "G15")
  expect_eq(stops ~= nil, true)
  expect_eq(#stops, 1 + 1)                                 -- Rye, then Quay blocks: G15 - E15
end)

test("BND-R-152: with home_mode = \"all\" every home is placed at setup, the off-board one too", function()
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "homes" } }
  expect_eq(g:corporation("SRR").started, false)
  expect_eq(g:hex("G1").stops[1].tokens, { "SRR" })
  expect_eq(g:hex("G15").stops[1].tokens, { "SRR" })       -- before Rye opens in phase 3
  expect_eq(g:corporation("SRR").home, "G1")
  -- Starting it places nothing more and asks for no choice.
  g:acts{ "par NRR 60", "par SRR 60", "pass", "pass" }
  local placed = 0
  for _, t in ipairs(g:corporation("SRR").tokens) do if t.hex then placed = placed + 1 end end
  expect_eq(placed, 2)
end)

test("BND-R-153: a script removes a reservation, and turns a home into one", function()
  local g = opening{ "homes" }
  g:refuse("do unreserve hex=A15 corp=SRR", "BND-R-153", "no reservation")
  g:act("do unreserve hex=C15 corp=SRR")
  expect_eq(g:hex("C15").stops[1].reserved, {})
  expect_eq(g:hex("C15").free_slots, 1)
  g:place_token("NRR", "C15")
  expect_eq(g:hex("C15").stops[1].tokens, { "NRR" })
  -- SRR's home in Rye becomes a slot reserved for it.
  local n = 0
  while g:actor() ~= "SRR" do
    local pass = false
    for _, m in ipairs(g:moves()) do if m == "pass" then pass = true end end
    g:act(pass and "pass" or g:moves()[1])
    n = n + 1
    if n > 20 then error("SRR never operates") end
  end
  g:act("do unhome hex=G15")
  expect_eq(g:hex("G15").stops[1].tokens, {})
  expect_eq(g:hex("G15").stops[1].reserved, { "SRR" })
end)

test("BND-R-154: printed reservations and reserve_home's coexist", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  -- SRR is unstarted: its home Dunport is held for it (reserve_home), and
  -- Pell by map.toml; each corporation holds a slot once.
  expect_eq(g:hex("G1").stops[1].reserved, { "SRR" })
  expect_eq(g:hex("C15").stops[1].reserved, { "SRR" })
  expect_error(function() g:place_token("NRR", "G1") end, "reserved for SRR")
  expect_error(function() g:place_token("NRR", "C15") end, "reserved for SRR")
end)
