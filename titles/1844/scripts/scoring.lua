-- Final values (1844-R-205): cash, shares at market price per unit, 150
-- per activated Mountain Railway, 50 per activated Tunnel certificate,
-- less debt. Privates and unactivated certificates are worth nothing;
-- P5's MOB share is worth nothing if MOB never launched.

hook("player_value", function(game, name, value)
  local v = value - (game:player_field(name, "debt") or 0)
  for i = 1, 5 do
    local b, t = "B" .. i, "T" .. i
    if C.player_owner(game, b) == name and game:var("mr.active." .. b) then v = v + game:company_field(b, "props").active_value end
    if C.player_owner(game, t) == name and game:var("tunnel.active." .. t) then v = v + game:company_field(t, "props").active_value end
  end
  return v
end)

on("game_end", function(game) game:set_var("game_over", true) end)
