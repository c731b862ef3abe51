-- Train limits and phase changes when trains are bought (1849 V6 §6,
-- §10.6; rules 1849-R-020 .. R-025, R-147 .. R-153; worked example WE-08).
--
-- The depot is emptied class by class with the give_train setter (IFT and
-- ATA receive the trains nobody needs); RCS then buys at its train step.

local P = test_lib("play")

-- Four players: A starts SFA through the RSA; B starts RCS and C starts
-- IFT at L. 100 and ATA at L. 68 (setters).
local function game() return P.four_started(68) end

-- One step of play: run, withhold, or pass.
local advance = P.advance

-- Plays on until `corp` is at its train step.
local function to_train_step(g, corp)
  while not (g:actor() == corp and g:step() == "buy_train") do advance(g) end
end

-- The steps of `corp`'s next operating turn, with no train bought.
local function turn_steps(g, corp) return P.turn_steps(g, corp, "^train", "no train may be bought: ") end

test("1849-R-024, R-025, R-148 (WE-08): RCS with two 8H buys the first 10H; phase 10 starts, the 6H rust, RCS discards one train", function()
  local g = game()
  g:set_phase("8")
  expect_eq(g:trains_left("4H"), 0)                    -- phase 8 removed them (1849-R-025)
  for _ = 1, 2 do g:give_train("RCS", "8H") end
  for _ = 1, 3 do g:give_train("IFT", "6H") end
  g:give_train("ATA", "6H")
  g:give_train("ATA", "8H")
  expect_eq(g:trains_on_sale()[1].class, "10H")
  to_train_step(g, "RCS")
  g:give_cash("RCS", 550 - g:corporation("RCS").cash)
  g:act("train 10H")
  expect_eq(g:phase(), "10")
  expect_eq(g:corporation("IFT").trains, {})           -- the 6H rusted
  expect_eq(#g:corporation("ATA").trains, 1)
  -- Limit 2 now: RCS discards at once, its president choosing which.
  expect_eq(g:actor(), "RCS")
  expect_eq(g:moves(), { "discard 8H-0", "discard 8H-1", "discard 10H-0" })
  g:refuse("pass")
  g:act("discard 8H-0")
  local ids = {}
  for _, t in ipairs(g:corporation("RCS").trains) do ids[#ids + 1] = t.id end
  expect_eq(ids, { "8H-1", "10H-0" })
  -- The discarded train waits in the pool, for sale at face value (1849-R-151, R-153).
  expect_contains(g:trains_on_sale(), { class = "8H", variant = "8H", price = 350, pool = true, id = "8H-0" })
  expect_eq(g:corporation("RCS").cash, 0)
end)

-- Phase 12: RCS holds `n` 8H; the 12H is sold, so the 16H is next.
local function phase_12(n)
  local g = game()
  g:set_phase("12")
  for _ = 1, n do g:give_train("RCS", "8H") end
  for _ = n + 1, 3 do g:give_train("ATA", "8H") end   -- nobody over the limit of 2
  g:give_train("IFT", "10H")
  g:give_train("SFA", "10H")
  g:give_train("IFT", "12H")
  expect_eq(g:trains_on_sale()[1].class, "16H")
  g:give_cash("RCS", 1100)
  return g
end

test("1849-R-023, R-148 (WE-08): at the limit of 2 in phase 12, two 8H may not buy the first 16H, though it would rust them", function()
  local g = phase_12(2)
  expect_not_contains(turn_steps(g, "RCS"), "buy_train")
  expect_eq(g:phase(), "12")
  expect_eq(#g:corporation("RCS").trains, 2)
end)

test("1849-R-020, R-025: below the limit RCS buys the first 16H: phase 16 starts and its 8H rusts", function()
  local g = phase_12(1)
  to_train_step(g, "RCS")
  g:act("train 16H")
  expect_eq(g:phase(), "16")
  expect_eq(#g:corporation("RCS").trains, 1)
  expect_eq(g:corporation("RCS").trains[1].class, "16H")
end)

test("1849-R-020, R-022: the first 6H starts phase 6; the number of operating rounds changes only with the next set", function()
  local g = game()
  for _ = 1, 4 do g:give_train("IFT", "4H") end       -- the 4H are sold out
  to_train_step(g, "RCS")
  g:give_cash("RCS", 200)
  expect_eq(g:round().set_size, 1)
  g:act("train 6H")
  expect_eq(g:phase(), "6")
  expect_eq(g:round().set_size, 1)                     -- this set stays one round
  while g:round().kind ~= "stock" do advance(g) end
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:round().set_size, 2)
end)
