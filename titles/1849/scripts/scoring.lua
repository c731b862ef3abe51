-- Final values (1849-R-179, R-180): cash and shares at market value; each
-- emergency loan costs L. 750, but no total goes below zero, and a player
-- who left the game scores zero (A-23). Private companies count nothing
-- (A-28). With Bonds, each share of a corporation whose bond is out counts
-- L. 100 less than its market value, but not below zero (1849-R-189).
--
-- Option "website_scoring" computes values as the 18xx.games website
-- does, to replay its games: no floor at zero, the penalty stays with a
-- player who left, private companies count at face value, and a bond takes
-- L. 100 off each share even below zero.

-- What outstanding bonds take off a player's shares (1849-R-189).
local function bond_discount(game, p, website)
  local off = 0
  for corp, pct in pairs(p.shares) do
    if game:var("bond." .. corp) then
      local per_share = 100
      if not website then per_share = math.min(100, game:share_price(corp)) end
      off = off + (pct // 10) * per_share
    end
  end
  return off
end

hook("player_value", function(game, player, value)
  -- The fields used, not the whole player (asked for every player
  -- whenever values are shown, and at the end).
  local p = {}
  p.loans, p.left, p.shares, p.companies = game:player_fields(player, "loans", "left", "shares", "companies")
  if game:option("website_scoring") then
    local v = value - 750 * p.loans - bond_discount(game, p, true)
    for _, id in ipairs(p.companies) do v = v + game:company_field(id, "value") end
    return v
  end
  if p.left then return 0 end
  local v = value - 750 * p.loans - bond_discount(game, p, false)
  if v < 0 then v = 0 end
  return v
end)
