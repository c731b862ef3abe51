-- Tile laying rules the core's generic ones do not cover (§3.5.1):
--   R-082  a hex printed with yellow track takes no yellow tile (the
--          core's competitive upgrade would otherwise swap it for another
--          yellow); it is only upgraded;
--   R-079  a double town takes only double-town tiles (the core lets a
--          tile merge two towns into one, as other titles' upgrades do);
--   A-35   a tile laid or upgraded this turn is not upgraded again in the
--          same turn (each step is one lay or one upgrade, R-067).

-- (Two fields, not the whole hex: asked at every candidate lay.)
local function printed_yellow(game, hex)
  local laid, color = game:hex_fields(hex, "laid", "color")
  return not laid and color == "yellow"
end

hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if printed_yellow(game, hex) and game:tile(tile).color == "yellow" then
    return false, hex .. " has pre-printed yellow track: it takes no yellow tile, only an upgrade", "18FB-R-082"
  end
  local stops = #game:hex_field(hex, "stops")
  if #game:tile(tile).stops < stops then
    return false, hex .. " has " .. stops .. " towns: it takes only double-town tiles, and " .. tile .. " has "
      .. #game:tile(tile).stops, "18FB-R-079"
  end
  if corp ~= nil and S.contains(game:turn_var("laid_hexes"), hex) then
    return false, hex .. " was laid or upgraded this turn: a tile is not upgraded again in the same turn (A-35)", "18FB-R-067"
  end
  return true
end)

on("tile_laid", function(game, ev)
  local turn = game:turn()
  if turn == nil or game:operating() == nil or game:round().kind ~= "operating" then return end
  local laid = turn.vars.laid_hexes or {}
  laid[#laid + 1] = ev.hex
  game:set_turn_var("laid_hexes", laid)
end)
