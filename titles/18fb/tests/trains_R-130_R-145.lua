-- Trains and phases (§2.1, §2.6; 18FB-R-130 .. R-139, R-141 .. R-145;
-- checklist §1.9, §2.13, §2.14, D-32): trains.toml, phases.toml and
-- scripts/trains.lua (the PH5 removal, R-138).

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

-- Plays on (passing, paying out) until `corp` stands at `step`.
local function to_step(g, corp, step)
  for _ = 1, 300 do
    if g:actor() == corp and g:step() == step then return end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  error(corp .. " never reached " .. step)
end

local function classes(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).trains) do
    local id = type(t) == "table" and (t.class or t.id) or t
    out[#out + 1] = id:match("^(PH%d)")
  end
  table.sort(out)
  return out
end

local function on_sale(g)
  local out = {}
  for _, o in ipairs(g:trains_on_sale()) do out[#out + 1] = o.class end
  return out
end

test("18FB-R-133: a Building major may buy a train in its train step, and need not", function()
  local g = after_pr()
  g:start("LdA", "B", 80)
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "LdA", "buy_train")
  expect_eq(g:corporation("LdA").state, "building")
  expect_contains(g:moves(), "pass")                             -- no train required
  local cash = g:corporation("LdA").cash
  g:act("train PH1")
  expect_eq(classes(g, "LdA"), { "PH1" })
  expect_eq(g:corporation("LdA").cash, cash - 80)
end)

test("18FB-R-135, R-136: PH2 trains go on sale once the PH1 trains are sold out; the first one bought starts PH2", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_cash("NN", 1000)
  for _ = 1, 6 do g:give_train("NN", "PH1") end
  expect_eq(on_sale(g), { "PH1" })
  g:place_token("NN", "d24")
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "buy_train")
  g:act("train PH1")                                             -- the last PH1
  expect_eq(on_sale(g)[1], "PH2")
  expect_eq(g:phase(), "PH1")
  g:act("train PH2")
  expect_eq(g:phase(), "PH2")
end)

test("18FB-R-137, R-142: PH1 trains are scrapped when PH3 starts", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_train("NN", "PH1")
  g:give_train("NN", "PH2")
  g:set_phase("PH3")
  expect_eq(classes(g, "NN"), { "PH2" })
end)

test("18FB-R-143: nothing is scrapped when PH4 starts", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:set_phase("PH3")
  g:give_train("NN", "PH2")
  g:give_train("NN", "PH3")
  g:set_phase("PH4")
  expect_eq(classes(g, "NN"), { "PH2", "PH3" })
end)

test("18FB-R-137, R-144: PH2 trains are scrapped when PH5 starts", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:set_phase("PH4")
  g:give_train("NN", "PH2")
  g:give_train("NN", "PH4")
  g:set_phase("PH5")
  expect_eq(classes(g, "NN"), { "PH4" })
end)

test("18FB-R-137, R-145: PH3 trains are scrapped when PH6 starts; PH4 and PH5 trains never", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:set_phase("PH5")
  g:give_train("NN", "PH3")
  g:give_train("NN", "PH4")
  g:give_train("NN", "PH5")
  g:set_phase("PH6")
  expect_eq(classes(g, "NN"), { "PH4", "PH5" })
end)

test("18FB-R-139: PH6 trains are unlimited", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:set_phase("PH6")
  for _ = 1, 12 do g:give_train("NN", "PH6") end
  expect_eq(#g:corporation("NN").trains, 12)
end)

-- Every PH1 .. PH4 train sold (given to LdA, in PH4), NN Provisional with
-- D1000; NN's train step in OR 1.1, the PH5 trains on sale.
local function ph5_on_sale()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:start("LdA", "B", 60)
  g:set_phase("PH4")
  g:give_train("NN", "PH4")
  for _, class in ipairs({ "PH1", "PH2", "PH3", "PH4" }) do
    while g:trains_left(class) > 0 do g:give_train("LdA", class) end
  end
  g:give_cash("NN", 1000)
  g:place_token("NN", "d24")
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "buy_train")
  expect_eq(on_sale(g), { "PH5" })
  return g
end

test("18FB-R-138 (D-32): from the OR in which PH5 starts, one unsold PH5 train leaves at the end of each OR", function()
  local g = ph5_on_sale()
  g:act("train PH5")
  expect_eq(g:phase(), "PH5")
  expect_eq(g:trains_left("PH5"), 3)
  local at = g:round().set_index
  while g:round().set_index == at and g:round().kind == "operating" do
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:trains_left("PH5"), 2)                            -- end of OR 1.1
  expect_true(logged(g, "one unsold PH5 train leaves the game at the end of the operating round; 2 left (18FB-R-138)"))
  while g:round().kind ~= "stock" do
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:trains_left("PH5"), 1)                            -- end of OR 1.2
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" or g:trains_left("PH5") > 0 do
    if g:trains_left("PH5") == 0 then break end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:trains_left("PH5"), 0)                            -- end of OR 2.1
  expect_eq({ g:round().kind, g:round().set_index, g:round().stock_rounds }, { "operating", 2, 2 })
  expect_eq(g:phase(), "PH5")
  expect_eq(on_sale(g)[1], "PH6")                               -- PH6 trains go on sale
end)

test("18FB-R-138: before PH5 no train leaves at the end of an operating round", function()
  local g = ph5_on_sale()
  g:act("pass")
  local at = g:round().set_index
  while g:round().set_index == at and g:round().kind == "operating" do
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:phase(), "PH4")
  expect_eq(g:trains_left("PH5"), 4)
end)

-- NN Provisional (A) and LdA Building (B) with a PH1 train; NN's train step.
local function nn_buying(nn_train)
  local g = after_pr()
  g:start("NN", "A", 100)
  g:start("LdA", "B", 80)
  g:give_train("LdA", "PH1")
  if nn_train then g:give_train("NN", "PH1") end
  g:place_token("NN", "d24")
  g:give_cash("NN", 300)
  while g:round().kind == "stock" do g:act("pass") end
  to_step(g, "NN", "buy_train")
  return g
end

test("18FB-R-130: a major buys any number of trains in its step, from the bank at the printed price", function()
  local g = nn_buying(true)
  local cash = g:corporation("NN").cash
  g:act("train PH1")
  g:act("train PH1")
  g:act("train PH1")
  expect_eq(#g:corporation("NN").trains, 4)
  expect_eq(g:corporation("NN").cash, cash - 3 * 80)
end)

test("18FB-R-130: from another corporation at an agreed price of at least D1", function()
  local g = nn_buying(true)
  local id = g:corporation("LdA").trains[1]
  id = type(id) == "table" and id.id or id
  g:refuse("train " .. id .. " 0")
  local nn, ldA = g:corporation("NN").cash, g:corporation("LdA").cash
  g:act("train " .. id .. " 1")
  expect_eq(g:corporation("NN").cash, nn - 1)
  expect_eq(g:corporation("LdA").cash, ldA + 1)
  expect_eq(#g:corporation("LdA").trains, 0)
end)

test("18FB-R-132: a Provisional major without a train must buy one before its turn ends", function()
  local g = nn_buying(false)
  expect_not_contains(g:moves(), "pass")
  g:refuse("pass", "18FB-R-132")
  g:act("train PH1")
  expect_eq(#g:corporation("NN").trains, 1)
end)

test("18FB-R-131: a major never buys a regional train", function()
  local g = ph5_on_sale()
  g:act("train PH5")
  expect_eq(g:phase(), "PH5")
  local regional = false
  for _, o in ipairs(g:trains_on_sale()) do if o.class == "R5" then regional = true end end
  expect_true(regional, "R5 trains are on sale from PH5")
  for _, m in ipairs(g:moves()) do expect_true(not m:find("R5"), m) end
  g:refuse("train R5", "18FB-R-131")
end)

test("18FB-R-141: PH2 adds the par values 110, 120 and 130", function()
  local g = after_pr()
  local function pars(g)
    local out = {}
    for _, m in ipairs(g:moves()) do
      local p = m:match("^par NN (%d+)")
      if p then out[#out + 1] = tonumber(p) end
    end
    table.sort(out)
    return out
  end
  expect_eq(pars(g), { 60, 70, 80, 90, 100 })
  g:set_phase("PH2")
  expect_eq(pars(g), { 60, 70, 80, 90, 100, 110, 120, 130 })
end)
