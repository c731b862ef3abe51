-- Trains of 1844: limits by kind (R-138, §1.11), exports (R-162), the
-- SBB's charter train (R-145, R-190).

-- The limits are data: the kinds' train_limit, else the phase's
-- (companies.toml, phases.toml).
function C.train_limit(game, corp)
  return game:corporation_field(corp, "train_limit")
end

-- 1844-R-162: from phase 2 the bank exports one train at the end of each
-- set of operating rounds (the first set has one OR, so the OR in which
-- phase 2 began is covered too).
-- The core logs the export ("5-0 is sold abroad").
on("set_ended", function(game)
  if not C.phase_reached(game, "2") or game:var("game_over") then return end
  local formed = game:var("sbb.formed")
  game:export_train()
  -- 1844-R-186 (A-26): an exported first 5/5H forms the SBB at once, so
  -- the next stock round already trades SBB shares and the SBB operates
  -- in the OR after it. (The phase's events are handled only after this
  -- handler, when the operating round is still the current round.)
  if not formed and C.phase_reached(game, "5") then C.form_sbb(game) end
end)

-- 1844-R-145, R-190: the SBB's charter 5H is never traded or handed in.
hook("can_discard_train", function(game, corp, train)
  if train:match("^SBB5H") then return false, "the SBB's charter 5H cannot be handed in", "1844-R-190" end
  return true
end)

hook("can_buy_train", function(game, corp, variant, seller)
  if variant == "SBB5H" then return false, "the SBB's charter 5H cannot be traded", "1844-R-145" end
  if seller ~= nil and not C.phase_reached(game, "3") then
    return false, "trains change hands between companies from phase 3", "1844-R-142"
  end
  return true
end)
