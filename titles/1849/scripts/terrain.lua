-- Terrain costs (1849-R-124..126): the full cost when a lay adds any
-- standard or dual track, a quarter when every new piece is narrow. The
-- core has already applied P2's half rate (standard and dual track,
-- ambiguity A-09); narrow-only costs are never reduced.

-- Guarded (docs/lua-api.md, "Guards"): on a hex without a terrain cost
-- the core's cost is 0 and stays 0.
hook("terrain_cost", { when = { args = { hex = { has_cost = true } } } }, function(game, corp, hex, new_track, cost)
  local base = game:hex_field(hex, "cost")
  if base == 0 then return 0 end
  local narrow_only = true
  local has_dual = false
  for _, g in ipairs(new_track) do
    if g ~= "narrow" then narrow_only = false end
    if g == "dual" then has_dual = true end
  end
  if narrow_only then return base // 4 end
  -- The website's reading of P2 halves only purely standard new track.
  if game:option("p2_standard_only") and has_dual and cost < base then return base end
  return cost
end)
