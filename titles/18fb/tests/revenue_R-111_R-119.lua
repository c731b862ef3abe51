-- Earnings X + Y (§3.5.5, §8; 18FB-R-111 .. R-119; checklist §3.1, S-06 ..
-- S-09, S-19), scripts/revenue.lua.
--
-- Station values come from this board's tiles (A-02, A-03): a yellow city
-- 20, green 30, brown 40, a city without a tile 0; Falcon's bonus tokens
-- +30 Benevento, +10 Pontecorvo (title.toml props.political.FLC). The
-- checklist's S-07 fixture values (60, 50, 40 + 20 port, ...) cannot all
-- be built here (no port has a value, A-02), so S-07 uses the values this
-- board gives, with the same shape: 7 stations, 5 counted, 8 markers.

local P = test_lib("play")
local after_pr = P.after_pr

local function facts(g, corp)
  local out = {}
  for _, f in ipairs(g:facts(corp)) do out[f[1]] = f[2] end
  return out
end

-- A city worth 20 (yellow), 30 (green) or 40 (brown) for `corp`'s token;
-- `green` = { tile, rotation } where 14 at `rot` would hit a blank side.
local function city(g, corp, hex, value, rot, green)
  rot = rot or 0
  green = green or { "14", rot }
  g:place_token(corp, hex)
  if value >= 20 then g:lay(hex, "57", rot) end
  if value >= 30 then g:lay(hex, green[1], green[2]) end
  if value >= 40 then g:lay(hex, "611", rot) end
end

-- RM (a national: no Building state) started by A, with the trains named.
local function rm(trains)
  local g = after_pr()
  g:start("RM", "A", 100)
  for _, t in ipairs(trains) do g:give_train("RM", t) end
  return g
end

test("18FB-R-112, R-115, S-06: a 2+2 and a 3+4 give capacity 5 stations and 6 markers; markers earn at most D60", function()
  local g = rm({ "PH2", "PH4" })
  g:set_var("markers.RM", 8)
  local f = facts(g, "RM")
  expect_eq(f.capacity, "5+6")
  expect_eq(f["town markers"], "8")
  expect_eq(f.earnings, "D60 (stations D0, markers D60)")
end)

test("18FB-R-113, R-114, R-116, R-117, S-07: seven stations, the five best counted, unconnected; 8 markers, 6 counted", function()
  local g = rm({ "PH2", "PH4" })
  g:set_var("falcon.corp", "RM")                               -- Falcon named RM (R-148)
  city(g, "RM", "F35", 40, 1)                                  -- Pontecorvo brown 40 + Falcon 10 = 50
  city(g, "RM", "J33", 40, 2)                                  -- 40
  city(g, "RM", "I30", 0)                                      -- Benevento, no tile: 0 + Falcon 30 = 30
  city(g, "RM", "K38", 30, 0, { "619", 3 })                                  -- 30
  city(g, "RM", "I38", 20, 2)                                  -- 20
  city(g, "RM", "J43", 20, 0)                                  -- 20 (dropped)
  city(g, "RM", "E34", 0)                                      -- Gaeta, no tile: 0 (dropped)
  g:set_var("markers.RM", 8)
  -- 50 + 40 + 30 + 30 + 20 = 170; min(8, 6) x 10 = 60; no track joins them.
  expect_eq(facts(g, "RM").earnings, "D230 (stations D170, markers D60)")
end)

test("18FB-R-114, R-148: the Falcon bonus counts only for the corporation it names", function()
  local g = rm({ "PH2" })
  g:start("LdA", "B", 100)
  city(g, "RM", "I30", 0)
  g:set_var("falcon.corp", "LdA")
  expect_eq(facts(g, "RM").earnings, "D0 (stations D0, markers D0)")
  g:set_var("falcon.corp", "RM")
  expect_eq(facts(g, "RM").earnings, "D30 (stations D30, markers D0)")
end)

test("18FB-R-116, S-08: three stations worth 40, 30, 20 and 2 markers earn D110; the spare capacity is lost", function()
  local g = rm({ "PH2", "PH4" })
  city(g, "RM", "J33", 40, 2)
  city(g, "RM", "K38", 30, 0, { "619", 3 })
  city(g, "RM", "I38", 20, 2)
  g:set_var("markers.RM", 2)
  expect_eq(facts(g, "RM").earnings, "D110 (stations D90, markers D20)")
end)

test("18FB-R-113, S-19: four stations and X = 5: every station counts", function()
  local g = rm({ "PH2", "PH4" })
  city(g, "RM", "J33", 40, 2)
  city(g, "RM", "K38", 30, 0, { "619", 3 })
  city(g, "RM", "I38", 20, 2)
  city(g, "RM", "J43", 20, 0)
  expect_eq(facts(g, "RM").earnings, "D110 (stations D110, markers D0)")
end)

test("18FB-R-112: X limits the stations counted: a 1+2 counts the best one", function()
  local g = rm({ "PH1" })
  city(g, "RM", "J33", 40, 2)
  city(g, "RM", "K38", 30, 0, { "619", 3 })
  g:set_var("markers.RM", 3)
  local f = facts(g, "RM")
  expect_eq(f.capacity, "1+2")
  expect_eq(f.earnings, "D60 (stations D40, markers D20)")
end)

test("18FB-R-111: a corporation with no trains earns 0, whatever it holds", function()
  local g = rm({})
  city(g, "RM", "J33", 40, 2)
  g:set_var("markers.RM", 5)
  expect_eq(facts(g, "RM").earnings, "D0 (stations D0, markers D0)")
end)

test("18FB-R-111, R-117: the run step pays the X + Y earnings without a route search", function()
  local g = rm({ "PH1" })
  city(g, "RM", "J33", 40, 2)
  city(g, "RM", "K38", 30, 0, { "619", 3 })
  g:set_var("markers.RM", 3)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RM")
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_eq(g:step(), "dividend")
  expect_eq(g:turn().revenue, 60)                              -- 40 + 2 x 10
end)

test("18FB-R-111, R-052: a Building major does not run (its state skips run_routes)", function()
  local g = after_pr()
  g:start("LTF", "A", 100)
  g:give_train("LTF", "PH1")
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "LTF")
  while g:step() == "lay_tile" or g:step() == "build_station" do g:act("pass") end
  expect_true(g:step() ~= "run_routes" and g:step() ~= "dividend")
end)

-- What `corp` earns in its first operating turn (its log line), every
-- step passed and dividends withheld.
local function first_earnings(g, corp)
  while g:round().kind == "stock" do g:act("pass") end
  for _ = 1, 60 do
    for _, line in ipairs(g:log()) do
      local v = line:match("^" .. corp .. " earns D(%d+)")
      if v then return tonumber(v) end
    end
    local m = g:moves()
    local pick = m[1]
    for _, x in ipairs(m) do if x == "pass" or x == "withhold" then pick = x end end
    g:act(pick)
  end
  error(corp .. " never earned")
end

test("18FB-R-118: an off-map area pays its First value in PH1-PH2, Second in PH3-PH4, Third in PH5-PH6 (Tronto's placeholders 20/40/60)", function()
  -- Tronto plus Pescara's port (10/20/30; Pescara has no tile yet: 0)
  for _, case in ipairs({ { nil, 20 + 10 }, { "PH3", 40 + 20 }, { "PH5", 60 + 30 } }) do
    local g = P.after_pr()
    g:start("LTF", "A", 100)
    if case[1] then g:set_phase(case[1]) end
    g:place_token("LTF", "L39")                                 -- Pescara, its intermediate: it runs this turn
    g:give_train("LTF", "PH4")                                  -- 3 + 4: both stations count
    expect_eq(first_earnings(g, "LTF"), case[2], case[1] or "PH1")
  end
end)

test("18FB-R-118, R-114: a port adds its value in the phase's column (placeholders 10/20/30)", function()
  for _, case in ipairs({ { nil, 10 }, { "PH3", 20 } }) do
    local g = P.after_pr()
    g:start("NN", "A", 100)
    if case[1] then g:set_phase(case[1]) end
    g:place_token("NN", "d24")                                  -- T. Annunziata, a port; its intermediate
    g:give_train("NN", "PH4")
    -- Napoli South (a port, printed value 0) and T. Annunziata (a port, no tile)
    expect_eq(first_earnings(g, "NN"), 2 * case[2], case[1] or "PH1")
  end
end)

-- 18FB-R-111 for a Frozen corporation: tests/frozen_R-055_R-058.lua.

test("18FB-R-119, R-149: through Delahante a major holds Rome in PH2 and counts its First value", function()
  local g = P.after_pr()
  g:start("LdA", "A", 100)
  g:give_company("DEL", "A")
  g:set_phase("PH2")
  g:place_token("LdA", "I36")                                   -- Isernia, its intermediate: it runs this turn
  g:place_token("LdA", "F35")                                   -- Pontecorvo
  g:lay("F35", "57", 1); g:lay("F37", "9", 1)
  g:give_train("LdA", "PH4")                                    -- 3 stations
  while g:round().kind == "stock" do g:act("pass") end
  while g:step() ~= "build_station" do g:act("pass") end
  g:act("do token hex=F39 route=1")                             -- Rome, replacing Bourbon #4
  -- Rome 40 (placeholder First value) + Pontecorvo's 57 (20) + Capua or Isernia (no tile: 0)
  expect_eq(first_earnings(g, "LdA"), 60)
end)

test("18FB-R-148: Falcon's holder plays it once, naming one corporation", function()
  local g = P.after_pr()
  local me = g:actor()
  g:give_company("FLC", me)
  g:start("LdA", "B", 100)
  expect_contains(g:moves(), "do falcon corp=LdA")
  g:refuse("do falcon corp=FA", "18FB-R-148")                  -- not a regional, nor one not in play
  g:act("do falcon corp=LdA")
  expect_eq(g:var("falcon.corp"), "LdA")
  expect_eq(g:company("FLC").used, true)
  expect_true(P.logged(g, "Falcon names LdA: Benevento +30 and Pontecorvo +10 when it counts them (18FB-R-148)"))
  local again = false
  for _, m in ipairs(g:moves()) do if m:find("do falcon", 1, true) then again = true end end
  expect_eq(again, false)
end)
