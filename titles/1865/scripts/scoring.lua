-- End of the game and scoring (§2.7, §5.5): cash plus certificates at the
-- adjusted price, L. 50 off a company's price per loan it owes (which may
-- go below zero), L. 500 off per personal loan (1865-R-178, R-182).

hook("player_value", function(game, player, value)
  -- The two fields used, not the whole player (asked for every player
  -- whenever values are shown).
  local loans, shares = game:player_fields(player, "loans", "shares")
  local v = value - game:props().loan * loans
  for corp, pct in pairs(shares) do
    local owed = S.loans(game, corp)
    if owed > 0 then
      local units = pct // game:corporation_field(corp, "unit_percent")
      v = v - units * owed * game:props().loan_price_penalty
    end
  end
  return v
end)
