-- Final values (1849-R-179, R-180): cash and shares at market value; each
-- emergency loan costs L. 750, but no total goes below zero, and a player
-- who left the game scores zero (A-23). Private companies count nothing
-- (A-28).
--
-- Option "website_scoring" computes values as the 18xx.games website
-- does, to replay its games: no floor at zero, the penalty stays with a
-- player who left, and private companies count at face value.

hook("player_value", function(game, player, value)
  local p = game:player(player)
  if game:option("website_scoring") then
    local v = value - 750 * p.loans
    for _, id in ipairs(p.companies) do v = v + game:company(id).value end
    return v
  end
  if p.left then return 0 end
  local v = value - 750 * p.loans
  if v < 0 then v = 0 end
  return v
end)
