-- Phases and trains (§2.2, §4.6; 1865-R-012 .. R-024, R-142).
local P = test_lib("play")

local function fms_buying(phase, cash)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  if phase then g:set_phase(phase) end
  if cash then g:give_cash("FMS", cash) end
  return P.advance_to(g, "FMS", "buy_train")
end

-- Gives every new train of `class` away (setter), two to a company of
-- `corps` in turn, so that none passes its limit.
local function drain(g, class, corps)
  local k = 0
  while true do
    local found = false
    for _, t in ipairs(g:trains_on_sale()) do
      if t.class == class and not t.pool then found = true end
    end
    if not found then return end
    k = k + 1
    g:give_train(corps[(k // 2) % #corps + 1], class)
  end
end

test("1865-R-012: after the draft every set is one stock round and two operating rounds, in every phase", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  for _, phase in ipairs({ "2", "5", "7" }) do
    if phase ~= "2" then g:set_phase(phase) end
    local seen = {}
    local sr = g:round().stock_rounds
    for _ = 1, 200 do
      local r = g:round()
      if r.kind == "stock" and r.stock_rounds > sr + 1 then break end
      if r.kind == "operating" then seen[r.stock_rounds .. ":" .. r.set_index] = r.set_size end
      P.advance(g)
    end
    local ors = 0
    for _, size in pairs(seen) do ors = ors + 1; expect_eq(size, 2) end
    expect_true(ors >= 2)
  end
end)

test("1865-R-013: the first PH3 bought starts phase 3 at once", function()
  local g = fms_buying(nil, 2000)
  P.floated(g, "RCSF", "B", 100, 1)
  P.floated(g, "SFSS", "C", 100, 1)
  drain(g, "PH2", { "RCSF", "SFSS" }); drain(g, "PH2d", { "RCSF", "SFSS" })
  expect_eq(g:phase(), "2")
  g:act("train PH3")
  expect_eq(g:phase(), "3")
end)

test("1865-R-015: train limit 4 in phase 2, 3 in phases 3-5, 2 in phases 6-7", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  expect_eq(g:corporation("FMS").train_limit, 4)
  for _, p in ipairs({ "3", "4", "5" }) do g:set_phase(p); expect_eq(g:corporation("FMS").train_limit, 3) end
  for _, p in ipairs({ "6", "7" }) do g:set_phase(p); expect_eq(g:corporation("FMS").train_limit, 2) end
end)

test("1865-R-017: phase 4 scraps every PH2, phase 6 every PH3, phase 7 every PH4; PH5-PH7 stay", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:give_train("FMS", "PH2")
  g:set_phase("3"); g:give_train("FMS", "PH3")
  g:set_phase("4")
  local classes = function() local out = {} for _, t in ipairs(g:corporation("FMS").trains) do out[#out + 1] = t.class end return out end
  expect_eq(classes(), { "PH3" })
  g:give_train("FMS", "PH4")
  g:set_phase("6")
  expect_eq(classes(), { "PH4" })
  g:give_train("FMS", "PH6")
  g:set_phase("7")
  expect_eq(classes(), { "PH6" })
end)

test("1865-R-018: trains over a lowered limit go to the pool, the president choosing, without payment", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:set_phase("5")
  g:give_train("FMS", "PH5"); g:give_train("FMS", "PH5"); g:give_train("FMS", "PH4")
  local cash = g:corporation("FMS").cash
  g:set_phase("6")
  expect_eq(g:actor(), "FMS")
  local discard
  for _, m in ipairs(g:moves()) do if m:find("^discard PH4") then discard = m end end
  g:act(discard)
  expect_eq(#g:corporation("FMS").trains, 2)
  expect_eq(g:corporation("FMS").cash, cash)
  local pooled = false
  for _, t in ipairs(g:trains_on_sale()) do if t.pool and t.class == "PH4" then pooled = true end end
  expect_true(pooled)
end)

test("1865-R-019, R-021: train data: coverage and price; a discounted card keeps its price", function()
  local g = P.drafted(3)
  local want = { PH2 = { 8, 100 }, PH2d = { 8, 70 }, PH3 = { 14, 200 }, PH3d = { 14, 160 }, PH4 = { 20, 350 }, PH4d = { 20, 300 },
    PH5 = { 25, 500 }, PH6 = { 30, 650 }, PH7 = { 35, 800 } }
  for class, v in pairs(want) do
    local c = g:train_class(class)
    expect_eq(c.props.coverage, v[1], class)
    expect_eq(c.variants[1].price, v[2], class)
  end
  expect_eq(g:train_class("PH2").count + g:train_class("PH2d").count, 6)
  expect_eq(g:train_class("PH3").count + g:train_class("PH3d").count, 5)
  expect_eq(g:train_class("PH4").count + g:train_class("PH4d").count, 4)
  expect_eq(g:train_class("PH5").count, 2)
  expect_eq(g:train_class("PH6").count, 3)
  expect_eq(g:train_class("PH7").count, -1)
end)

test("1865-R-020: the discounted PH2 is sold only after the other PH2s, and PH3 only after it", function()
  local g = fms_buying(nil, 2000)
  for i = 1, 5 do
    expect_eq(g:trains_on_sale()[1].class, "PH2", "card " .. i)
    g:give_train("RCSF", "PH2")
  end
  expect_eq(g:trains_on_sale()[1].class, "PH2d")
  expect_eq(g:trains_on_sale()[1].price, 70)
  g:refuse("train PH3", "1865-R-020", "")
end)

test("1865-R-023: trains are bought one at a time", function()
  local g = fms_buying(nil, 2000)
  g:act("train PH2")
  expect_eq(#g:corporation("FMS").trains, 1)
  g:act("train PH2")
  expect_eq(#g:corporation("FMS").trains, 2)
end)

test("1865-R-142: a company with traffic must own a train; one without need not", function()
  local g = fms_buying(nil, 0)
  g:refuse("pass", "1865-R-142", "")
  local h = P.drafted(3)
  P.floated(h, "FCS", "A", 100, 1)                          -- Isili: no tile yet, no traffic (A-07)
  expect_eq(h:var("traffic.FCS") or 0, 0)
  P.advance_to(h, "FCS", "buy_train")
  h:act("pass")
end)
