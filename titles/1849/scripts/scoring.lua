-- Final values (1849-R-179, R-180): cash and shares at market value; each
-- emergency loan costs L. 750, but no total goes below zero.

hook("player_value", function(game, player, value)
  local p = game:player(player)
  if p.left then return 0 end
  local v = value - 750 * p.loans
  if v < 0 then v = 0 end
  return v
end)
