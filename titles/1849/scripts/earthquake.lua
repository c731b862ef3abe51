-- The Messina earthquake (1849-R-171..173, R-030, R-155): when the first
-- 12H is bought, the tile on Messina is removed and every station token
-- there is lost; Messina may not be upgraded until the next stock round
-- has ended (A-31). AFG at home in Messina with no other token closes.

local MESSINA = "B14"

on("earthquake", function(game)
  local afg = game:corporation("AFG")
  local lost = game:remove_tokens(MESSINA, true)
  game:revert_tile(MESSINA)
  game:lock_hex(MESSINA, "the earthquake: no upgrades until the next stock round has ended")
  game:set_var("earthquake_lock", true)
  game:log("the Messina earthquake destroys the tile and " .. #lost .. " station token(s) in Messina")
  if afg.in_play and afg.started and afg.home == MESSINA then
    local others = 0
    for _, t in ipairs(game:corporation("AFG").tokens) do
      if t.hex ~= nil then others = others + 1 end
    end
    if others == 0 then
      game:log("AFG has lost its home and its only station: it closes (1849-R-172)")
      game:close_corporation("AFG")
    end
  end
end)

on("stock_round_ended", function(game)
  if game:var("earthquake_lock") then
    game:unlock_hex(MESSINA)
    game:set_var("earthquake_lock", nil)
  end
end)
