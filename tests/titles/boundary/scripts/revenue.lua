-- The revenue model, all in Lua (BND-R-001, R-002): every stop prints 0;
-- a route earns 10 for each stop it visits and 20 more when one of them is
-- in a hex tagged "port". The route search calls this once per candidate
-- route and maximises the total.

hook("route_bonus", function(game, corp, train, stops)
  local revenue = 10 * #stops
  for _, label in ipairs(stops) do
    local hex = label:match("^[^.]+")
    for _, tag in ipairs(game:hex(hex).tags) do
      if tag == "port" then return revenue + 20 end
    end
  end
  return revenue
end)
