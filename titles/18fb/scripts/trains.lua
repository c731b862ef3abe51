-- Trains and phases (§2.1, §2.6; 18FB-R-130 .. R-139, R-142 .. R-145;
-- checklist §1.9 T1 .. T21, §2.13, §2.14).
--
-- What the data does, with no script: the bank sells the types in phase
-- order, each once the previous is sold out (R-135, trains.toml); the
-- first PH-n train starts PHn (R-136, phases.toml on_train); scrapping
-- PH1 at PH3, PH2 at PH5, PH3 at PH6 (R-137, phases.toml rust); PH6
-- ordinary and regional trains unlimited (R-139, count = -1); a Building
-- major may buy trains and need not own one (R-133, companies.toml's state
-- "building": must_own_train = false); a Frozen one buys none (R-134,
-- scripts/presidency.lua).
--
-- R-138, T7, A-28(e): from the OR in which PH5 starts, at the end of each
-- OR one unsold PH5 train leaves the game (from the bank's stock, never a
-- corporation's), while any is left.

local REMOVED_FROM = "PH5"

on("round_ended", function(game)
  if game:phase_before(REMOVED_FROM) then return end
  if game:trains_left(REMOVED_FROM) <= 0 then return end
  game:remove_trains(REMOVED_FROM, 1)
  game:log("one unsold " .. REMOVED_FROM .. " train leaves the game at the end of the operating round; "
    .. game:trains_left(REMOVED_FROM) .. " left (18FB-R-138)")
end)
