-- Phases: what starts them and what they change (1844-R-156 to R-167),
-- worked example T-21.

local P = test_lib("play")

local sold_out = P.sold_out

local variants = P.variants

-- The kinds of train the bank pool offers, with their prices.
local function pool(g)
  local out, seen = {}, {}
  for _, o in ipairs(g:trains_on_sale()) do
    local key = o.variant .. "@" .. o.price
    if o.pool and not seen[key] then seen[key] = true; out[#out + 1] = key end
  end
  table.sort(out)
  return out
end

-- Until the operating round, passing every stock turn.
local function to_or(g)
  while g:round().kind ~= "operating" do g:act("pass") end
end

test("1844-R-156: the first 3 bought starts phase 3 at once", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)
  expect_eq(g:phase(), "2")
  g:give_train("FNM", "3H", true)
  expect_eq(g:phase(), "3")
  g:give_train("FNM", "4", true)
  expect_eq(g:phase(), "4")
end)

-- Plays the operating rounds until the next stock round: each company
-- runs what it can, withholds, buys nothing.
local function finish_ors(g)
  while g:round().kind == "operating" do
    local pick = P.pick(g)
    if pick then g:act(pick) else P.pass(g) end
  end
end

-- All thirteen 2s out of the bank: one bought by FNM (phase 2), twelve
-- more given to NOB, which hands ten to the pool.
local function twos_gone()
  local g = sold_out()
  g:give_train("FNM", "2", true)
  g:start("NOB", "A", 100)
  for i = 1, 12 do g:give_train("NOB", "2") end
  while g:actor() == "NOB" do g:act(g:moves()[1]) end
  return g
end

test("1844-R-156: an exported 3 starts phase 3 too", function()
  local g = twos_gone()
  expect_eq(g:phase(), "2")
  to_or(g)
  finish_ors(g)
  expect_eq(g:trains_left("3"), 8)                 -- the export took the first 3
  expect_eq(g:phase(), "3")
end)

test("1844-R-158, R-146: pool trains are downgraded too and sell at the price of their side", function()
  local g = twos_gone()
  expect_eq(pool(g), { "2@90" })
  g:set_phase("3")
  expect_eq(pool(g), { "2H@70" })
  expect_eq(variants(g, "NOB"), { "2H", "2H" })
end)

test("1844-R-159: scrapping removes company and pool trains from the game", function()
  local g = twos_gone()
  g:set_phase("4")
  expect_eq(pool(g), {})
  expect_eq(variants(g, "NOB"), {})
  expect_eq(g:trains_left("2"), 0)                 -- not returned to the bank
end)

test("1844-R-160: 5, 6 and 8E trains are never scrapped", function()
  local g = sold_out()
  g:start("STB", "C", 100)
  g:give_train("STB", "5")
  g:give_train("STB", "6")
  g:set_phase("7")
  expect_eq(variants(g, "STB"), { "5H", "6" })     -- the 5 only became a 5H
end)

test("(T-21) 1844-R-161, R-164: over the new limit of 3, the director hands a train of their choice to the pool", function()
  local g = sold_out()
  g:start("STB", "C", 100)
  g:set_phase("3")
  for i = 1, 4 do g:give_train("STB", "3") end
  expect_eq(#g:corporation("STB").trains, 4)       -- 4 is the limit in phase 3
  g:set_phase("4")
  expect_eq(variants(g, "STB"), { "3H", "3H", "3H", "3H" })
  expect_eq(g:actor(), "STB")
  local id = g:corporation("STB").trains[3].id
  expect_contains(g:moves(), "discard " .. id)
  g:act("discard " .. id)
  expect_eq(#g:corporation("STB").trains, 3)
  expect_eq(pool(g), { "3H@150" })
end)

test("1844-R-163: phase 3 brings private purchases and two operating rounds", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)
  to_or(g)
  expect_eq(g:actor(), "FNM")
  expect_not_contains(g:moves(), "buy P2 1..100")   -- B owns P2 and directs FNM
  expect_eq(g:round().set_size, 1)
  g:set_phase("3")
  expect_contains(g:moves(), "buy P2 1..100")
  finish_ors(g)
  to_or(g)
  expect_eq(g:round().set_size, 2)
end)

test("1844-R-165: phase 5 lowers the limit to 2, closes privates, forms the SBB, three ORs", function()
  local g = sold_out()
  g:start("STB", "C", 100)
  g:give_train("STB", "4")
  g:give_train("STB", "4")
  g:give_train("STB", "4")
  g:set_phase("5")
  expect_eq(g:actor(), "STB")                      -- 3 trains, limit 2: one goes
  g:act("discard " .. g:corporation("STB").trains[1].id)
  expect_eq(g:company("P1").owner_kind, "closed")
  expect_true(g:var("sbb.formed"))
  to_or(g)
  expect_eq(g:round().set_size, 3)
end)

test("1844-R-166: a historical company launched in phase 6 gets its full capital at once", function()
  local g = sold_out()
  g:set_phase("6")
  g:start("STB", "C", 100)
  for _ = 1, 3 do g:give_share("STB", "D") end    -- 50 % sold: launched
  expect_eq(g:corporation("STB").cash, 1000)
end)

test("(T-21) 1844-R-157: downgrade and scrapping come before the train-limit check", function()
  local g = sold_out()
  g:start("STB", "C", 100)
  g:give_train("STB", "2")
  g:give_train("STB", "2")
  g:set_phase("3")
  g:give_train("STB", "3")
  g:give_train("STB", "3")
  expect_eq(variants(g, "STB"), { "2H", "2H", "3", "3" })
  g:set_phase("4")
  -- Scrapped first, STB is within the new limit of 3: no discard.
  expect_eq(variants(g, "STB"), { "3H", "3H" })
  expect_eq(g:actor() ~= "STB", true)
  -- Privates close after the limit check: P4's line is laid (its owner D
  -- paid) and P7's owner C gets EVA, while STB chooses its discard.
  g:give_train("STB", "4")
  local d = g:player("D").cash
  g:set_phase("5")
  expect_eq(g:actor(), "STB")
  expect_eq(g:player("D").cash, d + 80)
  expect_true(g:var("eva.given"))
end)

-- VZ (C) at Sion K10 with a brown 611 on it, at its track step in `phase`.
local function vz_on_brown(phase)
  local g = sold_out()
  g:start("VZ", "C", 70)
  g:give_share("VZ", "A")
  g:lay("K10", "57", 0)
  g:lay("K10", "15", 0)
  g:lay("K10", "611", 0)
  g:set_phase(phase)
  to_or(g)
  for _ = 1, 100 do
    if g:operating() == "VZ" then break end
    P.step_on(g)
  end
  expect_eq(g:step(), "lay_tile")
  return g
end

local function lays_915(g)
  for _, m in ipairs(g:moves()) do if m:match("^lay K10 915") then return true end end
  return false
end

test("1844-R-167: grey tiles come with phase 7", function()
  local g = vz_on_brown("6")
  expect_eq(lays_915(g), false)
  g:refuse("lay K10 915 0", "1844-R-085")
  g = vz_on_brown("7")
  expect_eq(lays_915(g), true)
  g:act("lay K10 915 0")
  expect_eq(g:hex("K10").tile, "915")
end)
