-- Several definitions of one hook (scripts/composed.lua beside
-- scripts/hooks.lua), combined by the core, and the read-only game of a
-- question hook.

local function game(setup)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup }
end

test("BND-R-040: every can_pass condition must allow", function()
  local g = game{}
  g:act("pass")                                  -- neither condition set
  g = game{ no_pass_by = "A" }
  g:refuse("pass", "BND-R-040", "A may not pass")
  g:act("par NRR 60")
  g:act("pass")                                  -- B may
  g = game{ no_pass_step = "stock", no_pass_by = "B" }
  g:refuse("pass", "BND-R-040", "no passing in stock")
end)

test("BND-R-041: two run bonuses add up", function()
  local function revenue(setup)
    local g = game(setup)
    g:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass", "pass", "pass", "do subsidy amount=30", "run auto" }
    return g:turn().revenue
  end
  expect_eq(revenue{}, 20)
  expect_eq(revenue{ run_bonus = 5 }, 25)
  expect_eq(revenue{ second_run_bonus = 7 }, 27)
  expect_eq(revenue{ run_bonus = 5, second_run_bonus = 7 }, 32)
end)

test("BND-R-042: a later par_prices gets the prices offered so far", function()
  local g = game{ par_prices = { 60, 70, 80 }, par_cap = 70 }
  expect_contains(g:moves(), "par NRR 60")
  expect_contains(g:moves(), "par NRR 70")
  expect_not_contains(g:moves(), "par NRR 80")
  g = game{ par_cap = 50 }                       -- the core's prices, all above the cap
  expect_not_contains(g:moves(), "par NRR 60")
end)

test("BND-R-043: a question hook that writes is a script error at its line, and changes nothing", function()
  local g = game{ write_in_question = true }
  local message = expect_error(function() g:act("pass") end, "read%-only")
  expect_contains(message, "composed.lua:41")
  expect_contains(message, "game:set_var")
  expect_eq(g:var("asked"), nil)
  expect_eq(g:actor(), "A")
end)
