-- Track (§4.2): one tile free and a second for L. 20 each turn, upgrades
-- or new tiles in any mix (1865-R-104); laying never costs terrain
-- (R-105: the map's rivers and ridges are on hexsides and price only
-- stations). By default a hex takes one lay a turn (A-33; option
-- same_hex_twice). The short game closes Corsica (R-184).

hook("extra_tile_lays", function(game, corp)
  return 1
end)

hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if S.closed_hex(game, hex) then
    return false, "the short game is played on Sardinia only: no track on Corsica", "1865-R-184"
  end
  local tiles = game:turn_field("tiles")
  if tiles == nil or corp == nil then return true end
  if tiles >= 1 and game:corporation_field(corp, "cash") < game:props().second_tile_cost then
    return false, "a second tile costs " .. game:money(game:props().second_tile_cost) .. " from the treasury, and " .. corp .. " has "
      .. game:money(game:corporation_field(corp, "cash")), "1865-R-104"
  end
  if not game:option("same_hex_twice") and S.contains(game:turn_var("laid_hexes"), hex) then
    return false, hex .. " was already laid this turn: one lay per hex a turn (A-33)", "1865-R-104"
  end
  return true
end)

on("tile_laid", function(game, ev)
  local turn = game:turn()
  local corp = game:operating()
  if turn == nil or corp == nil or game:round().kind ~= "operating" then return end
  local laid = turn.vars.laid_hexes or {}
  laid[#laid + 1] = ev.hex
  game:set_turn_var("laid_hexes", laid)
  if turn.tiles == 2 then
    game:transfer(corp, "bank", game:props().second_tile_cost)
    game:log(corp .. " pays " .. game:money(game:props().second_tile_cost) .. " for its second tile (1865-R-104)")
  end
end)
