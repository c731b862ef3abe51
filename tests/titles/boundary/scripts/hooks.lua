-- Hook points no shipped title uses, each proven by a scenario
-- (tests/hooks_BND-R-030_R-035.lua). Each answers only when the game's
-- setup gives its value (`setup = { ... }` in a scenario), and otherwise
-- returns nothing, which keeps the core's default: the boundary's other
-- tests play the core's defaults.

-- BND-R-030: the starting prices offered.
hook("par_prices", function(game, corp, prices)
  return game:var("setup.par_prices")
end)

-- BND-R-031: the price move of a dividend, by kind.
hook("dividend_move", function(game, corp, kind, revenue)
  local moves = game:var("setup.dividend_moves")
  if moves then return moves[kind] end
end)

-- BND-R-032: whether a railway without a train must buy one.
hook("must_buy_train", function(game, corp, default)
  local must = game:var("setup.must_buy_train")
  if must ~= nil then return must end
end)

-- BND-R-033: the operating order, given the market's.
hook("operating_order", function(game, order)
  if game:var("setup.reverse_order") then
    local out = {}
    for i = #order, 1, -1 do out[#out + 1] = order[i] end
    return out
  end
end)

-- BND-R-034: the game ends as soon as the bank holds less than this.
hook("game_end_check", function(game)
  local floor = game:var("setup.end_below")
  if floor and game:bank() < floor then return "bank below " .. floor end
end)

-- BND-R-035: a bonus on the whole run: `setup.run_bonus` for a run with
-- routes, `setup.idle_bonus` for a railway that runs none.
hook("run_bonus", function(game, corp, routes)
  if #routes == 0 then return game:var("setup.idle_bonus") end
  return game:var("setup.run_bonus")
end)
