-- The operating turn with all three variants (1849 V6 §14; rule
-- 1849-R-183): 1 tile, 2 token, 3 run (and dividend), 4 acquire a station
-- token, 5 acquire an E token, 6 trains, 7 financial activities, 8 bond
-- interest, 9 repay the bond, 10 issue the bond.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "IFT", "SFA", "CTL" }

-- Phase 12, the 12H sold. RCS (C) has a 16H, Palermo in green, track to
-- Trapani (free) and Marsala, where IFT (A) has a token.
local function all_steps_game()
  local g = P.rcs_by_c(ORDER, { options = { bonds = true, acquiring_station_tokens = true, electric_dreams = true } })
  g:set_phase("12")
  for _, class in ipairs({ "4H", "6H", "8H", "10H", "12H" }) do
    while g:trains_left(class) > 0 do g:give_train("AFG", class, true) end
  end
  g:start("IFT", "A", 100)
  P.track_to_marsala(g)
  g:give_train("IFT", "16H")
  g:give_train("RCS", "16H")
  g:give_cash("RCS", 3000)
  return g
end

-- Plays the other corporations' turns until RCS is to operate.
local function until_rcs(g)
  while g:actor() ~= "RCS" do
    local s = g:step()
    if s == "run_routes" then g:act("run auto") elseif s == "dividend" then g:act("withhold") else g:act("pass") end
  end
end

-- Each step RCS stops at, with what it does there, until its turn is over.
local function play_turn(g, acts)
  local seen = {}
  while g:actor() == "RCS" and g:step() ~= nil do
    local s = g:step()
    seen[#seen + 1] = s
    g:act(acts[s] or "pass")
  end
  return seen
end

test("1849-R-183: the ten steps of an operating turn with the variants, in order", function()
  local g = all_steps_game()
  -- First turn: RCS issues its bond (phase 12 allows it).
  until_rcs(g)
  play_turn(g, { run_routes = "run auto", dividend = "withhold", issue_bond = "do issue_bond" })
  until_rcs(g)
  local log_before = #g:log()
  local seen = play_turn(g, { run_routes = "run auto", dividend = "withhold", repay_bond = "do repay_bond" })
  expect_eq(seen, {
    "lay_tile", "place_token", "run_routes", "dividend", "acquire_token", "buy_e_token",
    "buy_train", "issue_shares", "repay_bond", "issue_bond",
  })
  -- Step 8 is paid as it is reached, between 7 and 9.
  local interest, repaid
  for i = log_before + 1, #g:log() do
    if g:log()[i]:find("RCS pays L. 50 interest on its bond", 1, true) then interest = i end
    if g:log()[i]:find("RCS repays its bond", 1, true) then repaid = i end
  end
  expect_true(interest ~= nil and repaid ~= nil and interest < repaid)
end)
