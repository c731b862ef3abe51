-- The end of the game and scoring (§1.1, §4; 18FB-R-212 .. R-215;
-- checklist §2.24, D-38 .. D-40; A-34).
--
-- The core's: the bank breaking ends the game when the current set of
-- operating rounds is over, or after the next full set when it breaks in
-- a stock round (R-212, title.toml bank_break = "end_of_set"); payments
-- due after that are still made and count (R-214).
--
-- R-213, A-34: a share price reaching the top value (market.toml's flag
-- E, D400) ends the game at once, once the action that moved it (the
-- whole dividend payment, say) is done: the core would end it only after
-- that corporation's turn.
on("end_cell_reached", function(game, ev)
  game:log(ev.corp .. "'s share price reached the top of the market: the game ends at once (18FB-R-213, A-34)")
  game:end_game("top_value")
end)

-- Option top_value_ends_set (A-34's other reading): the cell no longer
-- ends the game at once (the option patches market.toml's flag E); the
-- game ends when the current set of operating rounds is over, as after
-- the bank breaks.
on("price_moved", function(game, ev)
  if not game:option("top_value_ends_set") or game:var("top_value_reached") then return end
  if game:share_price(ev.corp) < game:props().game_end.top_value then return end
  game:set_var("top_value_reached", ev.corp)
  game:log(ev.corp .. "'s share price reached the top of the market: the game ends after this set of operating rounds (18FB-R-213, A-34, option top_value_ends_set)")
  game:set_end_trigger("end_of_set", "top_value")
end)

-- R-215, D-40: a player's net worth is his cash, his shares at their final
-- price and his regional certificates at their nominal value (title.toml
-- props.regionals.nominal); corporations' assets do not count. The core
-- counts cash and shares at the market price (a regional has none, so 0):
-- a regional's certificate is counted at its nominal value instead.
hook("player_value", function(game, player, value)
  local nominal = game:props().regionals.nominal
  for corp, pct in pairs(game:player_field(player, "shares")) do
    if nominal[corp] ~= nil and game:corporation_field(corp, "kind") == "regional" then
      local unit = game:corporation_field(corp, "unit_percent")
      local at_market = (game:corporation_field(corp, "price") or 0) * pct // unit
      value = value - at_market + nominal[corp] * pct // unit
    end
  end
  return value
end)
