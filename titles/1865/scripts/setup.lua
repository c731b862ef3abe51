-- Setup (§2.4): every company's home station is on the map before anyone
-- launches a company (1865-R-005), and the short game leaves out Corsica's
-- companies and maritime companies and a bank of L. 6,000 (1865-R-185,
-- R-186, R-189; its trains and certificate limits are title.toml's patch).

hook("setup", function(game)
  if game:option("short_game") then
    for _, corp in ipairs(game:props().short_game_removed_corporations) do game:remove_corporation(corp) end
    for _, m in ipairs(game:props().short_game_removed_maritime) do game:close_company(m) end
  end
  for _, corp in ipairs(game:corporations()) do
    game:place_home(corp)
    -- Cities' traffic values as printed, to see a later rise (R-110).
  end
  for _, hex in ipairs(game:hexes_tagged("lettered")) do
    local values = {}
    for i, st in ipairs(game:hex_field(hex, "stops")) do values[i] = st.value end
    game:set_var("city_values." .. hex, values)
  end
end)
