-- Buying trains (1849 V6 §10.6; rules 1849-R-146 .. R-154; train limits
-- and phase changes are also in trains_R-024_R-148.lua).

local P = test_lib("play")

-- Four players: A starts SFA through the RSA; B starts RCS and C starts
-- IFT and ATA at L. 100 (setters). The first stock round is under way.
local function game() return P.four_started(100) end

-- One step of play: run, withhold, or pass.
local advance = P.advance

local function to_train_step(g, corp)
  while not (g:actor() == corp and g:step() == "buy_train") do advance(g) end
end

local function ids(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).trains) do out[#out + 1] = t.id end
  return out
end

local on_sale = P.on_sale

test("1849-R-146: a corporation with a route and no train must buy one", function()
  local g = game()
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)                                  -- Palermo - Termini Imerese: a route
  to_train_step(g, "RCS")
  g:refuse("pass", "1849-R-146", "must buy a train")
  g:act("train 4H")
  expect_eq(ids(g, "RCS"), { "4H-0" })
end)

test("1849-R-146: with no route there is no obligation", function()
  local g = game()
  g:give_cash("RCS", 100)                              -- 170: it could buy a 4H
  to_train_step(g, "RCS")                              -- Palermo alone: no route for a train
  expect_contains(g:moves(), "train 4H")
  expect_contains(g:moves(), "pass")
  g:act("pass")
  expect_eq(g:corporation("RCS").trains, {})
end)

test("1849-R-147: several trains in one turn, one at a time, up to the limit", function()
  local g = game()
  g:give_cash("RCS", 600 - g:corporation("RCS").cash)
  to_train_step(g, "RCS")
  for i = 1, 4 do
    g:act("train 4H")
    expect_eq(#g:corporation("RCS").trains, i)
  end
  -- Four is the limit in phase 4: the 6H now on sale may not be bought;
  -- RCS's train step is over.
  expect_eq(on_sale(g), { "6H 200" })
  expect_true(g:actor() ~= "RCS" or g:step() ~= "buy_train")
  expect_eq(g:corporation("RCS").cash, 200)
  expect_eq(g:phase(), "4")
  -- Nor in its next turn.
  advance(g)
  while g:actor() ~= "RCS" do advance(g) end
  g:refuse("train 6H", "1849-R-147", "already has 4 trains")
end)

test("1849-R-149: new trains are sold in class order: no 6H while a 4H is left", function()
  local g = game()
  g:give_cash("RCS", 500)
  to_train_step(g, "RCS")
  expect_eq(on_sale(g), { "4H 100" })
  g:refuse("train 6H", "1849-R-149", "the bank offers 4H L. 100")
  g:refuse("train R6H", "1849-R-149")
  g:act("train 4H")
  expect_eq(g:trains_left("4H"), 3)
end)

-- Phase 12 with the 8H, 10H and 12H sold: the 16H is next.
local function phase_12()
  local g = game()
  g:set_phase("12")
  g:give_train("ATA", "8H")
  g:give_train("ATA", "8H")
  g:give_train("IFT", "8H")
  g:give_train("IFT", "10H")
  g:give_train("SFA", "10H")
  g:give_train("SFA", "12H")
  return g
end

test("1849-R-150: after the first 16H, the other 16H and the R6H are on sale together", function()
  local g = phase_12()
  expect_eq(on_sale(g), { "16H 1100" })                -- no R6H before the first 16H
  to_train_step(g, "RCS")
  g:give_cash("RCS", 1500 - g:corporation("RCS").cash)
  g:refuse("train R6H", "1849-R-149")
  g:act("train 16H")
  expect_eq(g:phase(), "16")
  expect_eq(on_sale(g), { "16H 1100", "R6H 350" })
  g:act("train R6H")                                   -- the buyer's choice
  expect_eq(ids(g, "RCS"), { "16H-0", "R6H-0" })
  expect_eq(g:corporation("RCS").cash, 50)
end)

-- Phase 6: IFT holds four 6H; the first 8H (bought by ATA with the
-- setter) starts phase 8, limit 3: IFT discards one 6H into the pool.
local function pool_6h()
  local g = game()
  for _ = 1, 4 do g:give_train("SFA", "4H") end
  for _ = 1, 4 do g:give_train("IFT", "6H", true) end
  expect_eq(g:phase(), "6")
  g:give_train("ATA", "8H", true)
  expect_eq(g:phase(), "8")
  expect_eq(g:actor(), "IFT")                          -- over the limit: discards at once
  g:act("discard 6H-3")
  return g
end

test("1849-R-153: trains over the limit go to the pool unpaid; rusted trains do not", function()
  local bank_before
  local g = game()
  for _ = 1, 4 do g:give_train("SFA", "4H") end
  for _ = 1, 4 do g:give_train("IFT", "6H", true) end
  bank_before = g:bank()
  local ift = g:corporation("IFT").cash
  g:give_train("ATA", "8H", true)
  g:act("discard 6H-3")
  expect_eq(g:corporation("IFT").cash, ift)            -- no compensation
  expect_eq(g:bank(), bank_before)
  expect_eq(g:corporation("SFA").trains, {})           -- the 4H rusted: gone, not in the pool
  expect_eq(on_sale(g), { "8H 350", "6H 200 pool" })
end)

test("1849-R-151: a pool train is bought at face value, beside the next new train", function()
  local g = pool_6h()
  to_train_step(g, "RCS")
  g:give_cash("RCS", 500 - g:corporation("RCS").cash)
  g:refuse("train 6H-3 150", "1849-R-151", "L. 200")
  g:act("train 6H")
  expect_eq(ids(g, "RCS"), { "6H-3" })
  expect_eq(g:corporation("RCS").cash, 300)
  expect_eq(on_sale(g), { "8H 350" })
end)

test("1849-R-152: a train bought from another corporation for any price of at least L. 1 goes to the seller", function()
  local g = game()
  g:give_train("IFT", "4H")
  to_train_step(g, "RCS")
  local rcs, ift = g:corporation("RCS").cash, g:corporation("IFT").cash
  g:refuse("train 4H-0 0", "1849-R-152", "at least 1")
  g:refuse("train 4H-0", nil, "give a price")
  g:act("train 4H-0 1")
  expect_eq(g:actor(), "C")                             -- IFT's president agrees to the price
  g:act("choose accept")
  expect_eq(ids(g, "RCS"), { "4H-0" })
  expect_eq(g:corporation("RCS").cash, rcs - 1)
  expect_eq(g:corporation("IFT").cash, ift + 1)
  expect_eq(g:corporation("IFT").trains, {})
end)

test("1849-R-152: the price may also be above face value, if the treasury has it", function()
  local g = game()
  g:give_train("IFT", "4H")
  to_train_step(g, "RCS")
  g:give_cash("RCS", 150 - g:corporation("RCS").cash)
  g:refuse("train 4H-0 151", "1849-R-096", "only L. 150")
  g:act("train 4H-0 150")
  g:act("choose accept")                               -- C, IFT's president
  expect_eq(g:corporation("IFT").cash, 110 + 150)      -- 200 less its fee of 90, then the price
end)

test("1849-R-152: the selling corporation's president is asked and may refuse the price", function()
  local g = game()
  g:give_train("IFT", "4H")
  to_train_step(g, "RCS")
  local rcs, ift = g:corporation("RCS").cash, g:corporation("IFT").cash
  g:act("train 4H-0 1")
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose accept", "choose refuse" })
  -- Nothing else happens until C answers; the refusal changes nothing.
  g:refuse("pass", "1849-R-152")
  g:refuse("choose maybe", "1849-R-152")
  g:act("choose refuse")
  expect_contains(g:log()[#g:log()], "C refuses to sell IFT's 4H-0 to RCS for L. 1")
  expect_eq(g:actor(), "RCS")                          -- RCS goes on with its turn
  expect_eq(ids(g, "IFT"), { "4H-0" })
  expect_eq(g:corporation("RCS").trains, {})
  expect_eq(g:corporation("RCS").cash, rcs)
  expect_eq(g:corporation("IFT").cash, ift)
  -- A better offer, accepted.
  g:act("train 4H-0 50")
  g:act("choose accept")
  expect_eq(ids(g, "RCS"), { "4H-0" })
  expect_eq(g:corporation("RCS").cash, rcs - 50)
  expect_eq(g:corporation("IFT").cash, ift + 50)
end)

test("1849-R-152: between two corporations of the same president nobody else is asked", function()
  local g = game()
  g:give_train("IFT", "4H")
  to_train_step(g, "ATA")                              -- C presides ATA and IFT
  g:act("train 4H-0 1")
  expect_eq(ids(g, "ATA"), { "4H-0" })
  expect_eq(g:corporation("IFT").trains, {})
end)

test("1849-R-152: an offer the buyer cannot pay is refused before anyone is asked", function()
  local g = game()
  g:give_train("IFT", "4H")
  to_train_step(g, "RCS")
  g:give_cash("RCS", 150 - g:corporation("RCS").cash)
  g:refuse("train 4H-0 151", "1849-R-096", "only L. 150")
  expect_eq(g:actor(), "RCS")
end)

test("1849-R-154, R-005: the train roster of a six- and of a five-corporation game", function()
  local six = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local five = new_game{ players = { "A", "B", "C", "D" }, seed = 1, options = { five_corporations = true } }
  local want6 = { ["4H"] = 4, ["6H"] = 4, ["8H"] = 3, ["10H"] = 2, ["12H"] = 1, ["16H"] = 5, ["R6H"] = 2 }
  local want5 = { ["4H"] = 4, ["6H"] = 3, ["8H"] = 2, ["10H"] = 2, ["12H"] = 1, ["16H"] = 4, ["R6H"] = 2 }
  for class, n in pairs(want6) do expect_eq(six:trains_left(class), n, "6 corporations: " .. class) end
  for class, n in pairs(want5) do expect_eq(five:trains_left(class), n, "5 corporations: " .. class) end
end)
