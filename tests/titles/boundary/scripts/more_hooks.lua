-- The remaining hook points (BND-R-050 .. R-073), each proven by a
-- scenario in tests/more_hooks_BND-R-050_R-073.lua against the core's
-- default. As in hooks.lua, each answers only when the game's setup gives
-- its value (`setup = { ... }`); otherwise it returns nothing and the
-- core's default holds.

-- BND-R-050: at setup, the bank gives every player `setup.gift`, or
-- each player named in it (`gift = { A = 700 }`) that amount.
hook("setup", function(game)
  local gift = game:var("setup.gift")
  if type(gift) == "table" then
    for _, p in ipairs(game:players()) do
      if gift[p] then game:transfer("bank", p, gift[p]) end
    end
  elseif gift then
    for _, p in ipairs(game:players()) do game:transfer("bank", p, gift) end
  end
end)

-- BND-R-051: no certificate of `setup.no_buy` may be bought (nor from the
-- pool when it is "pool").
hook("can_buy_certificate", function(game, player, corp, cert, source)
  local no = game:var("setup.no_buy")
  if no == corp or (no == "pool" and source == "pool") then
    return false, "no buying " .. corp .. " here", "BND-R-051"
  end
end)

-- BND-R-052: with `setup.no_sell`, no player sells more than 10 % at once.
hook("can_sell", function(game, player, corp, percent)
  if game:var("setup.no_sell") and percent > 10 then
    return false, "at most 10 % at once", "BND-R-052"
  end
end)

-- BND-R-053: at most `setup.max_issue` certificates issued at once.
hook("can_issue", function(game, corp, count, certs)
  local max = game:var("setup.max_issue")
  if max and count > max then
    return false, corp .. " may issue at most " .. max .. " at once", "BND-R-053"
  end
end)

-- BND-R-054: `setup.no_start` may not be started.
hook("can_start", function(game, player, corp)
  if game:var("setup.no_start") == corp then
    return false, corp .. " may not be started", "BND-R-054"
  end
end)

-- BND-R-055: only the corporations of `setup.startable` may be started.
hook("startable", function(game, player)
  local list = game:var("setup.startable")
  if list == nil then return nil end
  local out = {}
  for _, corp in ipairs(list) do
    if not game:corporation_field(corp, "started") then out[#out + 1] = corp end
  end
  return out
end)

-- BND-R-056: terrain costs `setup.terrain_factor` times its printed cost.
hook("terrain_cost", function(game, corp, hex, gauges, cost)
  local f = game:var("setup.terrain_factor")
  if f then return cost * f end
end)

-- BND-R-057: no tile in `setup.no_lay_hex`.
hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if game:var("setup.no_lay_hex") == hex then
    return false, "no track in " .. hex, "BND-R-057"
  end
end)

-- BND-R-058: `setup.extra_lays` more tile lays a turn.
hook("extra_tile_lays", function(game, corp)
  return game:var("setup.extra_lays")
end)

-- BND-R-059: `setup.relaxed` lifts the network rule in its hexes.
hook("relaxed_hexes", function(game, corp)
  return game:var("setup.relaxed")
end)

-- BND-R-060: no station token in `setup.no_token_hex`.
hook("can_place_token", function(game, corp, hex)
  if game:var("setup.no_token_hex") == hex then
    return false, "no station in " .. hex, "BND-R-060"
  end
end)

-- BND-R-061: with `setup.traffic`, a railway earns 10 for each station
-- token it has placed, without route search (with `setup.fixed_revenue`,
-- that amount: tests/revenue_models.rs).
hook("revenue", function(game, corp)
  local fixed = game:var("setup.fixed_revenue")
  if fixed then return fixed end
  if not game:var("setup.traffic") then return nil end
  local n = 0
  for _, t in ipairs(game:corporation_field(corp, "tokens")) do
    if t.hex then n = n + 1 end
  end
  return 10 * n
end)

-- BND-R-062: each player's final value gains `setup.value_bonus`.
hook("player_value", function(game, player, value)
  local bonus = game:var("setup.value_bonus")
  if bonus then return value + bonus end
end)

-- BND-R-063: a railway may own at most `setup.train_cap` trains.
hook("can_buy_train", function(game, corp, variant, seller)
  local cap = game:var("setup.train_cap")
  if cap and #game:corporation_field(corp, "trains") >= cap then
    return false, corp .. " may own at most " .. cap .. " trains", "BND-R-063"
  end
end)

-- BND-R-064: a company's price range is `setup.company_range` { min, max }.
hook("company_price_range", function(game, corp, company, min, max)
  local r = game:var("setup.company_range")
  if r then return r[1], r[2] end
end)

-- BND-R-065: with `setup.no_company`, railways may not buy companies.
hook("can_buy_company", function(game, corp, company)
  if game:var("setup.no_company") then
    return false, corp .. " may not buy " .. company, "BND-R-065"
  end
end)

-- BND-R-066: with `setup.rescue`, a railway whose president cannot pay
-- for its train gets a 2 from the bank instead of closing. Without it the
-- hook does what the core does when a title has no such hook (the core
-- leaves the decision to the hook whenever a title defines it).
hook("emergency_failed", function(game, corp, president)
  if game:var("setup.rescue") then
    game:give_train("2", corp)
    game:log(corp .. " is rescued with a 2")
  else
    game:close_corporation(corp)
  end
end)

-- BND-R-067: the stock round's order of turns is `setup.player_order`.
hook("player_order", function(game)
  return game:var("setup.player_order")
end)

-- BND-R-068: with `setup.sell_after_drop`, a sale is paid at the price
-- after its drop.
hook("sell_after_drop", function(game, player, corp)
  return game:var("setup.sell_after_drop")
end)

-- BND-R-069: with `setup.started_above`, a railway started in a turn whose
-- sales brought tokens into its cell goes above them.
hook("started_above_sales", function(game, player, corp)
  return game:var("setup.started_above")
end)

-- BND-R-070: with `setup.skip_stock`, stock rounds are left out once a
-- railway has operated.
hook("skip_round", function(game, name, kind)
  if game:var("setup.skip_stock") and kind == "stock" then
    for _, corp in ipairs(game:corporations()) do
      if game:corporation_field(corp, "operated") > 0 then return true end
    end
  end
end)

-- BND-R-071: with `setup.keep_class`, trains of that class may not be
-- discarded.
hook("can_discard_train", function(game, corp, train)
  local keep = game:var("setup.keep_class")
  if keep and train:match("^[^-]+") == keep then
    return false, corp .. " keeps its " .. keep .. " trains", "BND-R-071"
  end
end)

-- BND-R-072: every player counts `setup.cert_extra` more certificates.
hook("certificate_count", function(game, player, count)
  local extra = game:var("setup.cert_extra")
  if extra then return count + extra end
end)

-- BND-R-073: when the core hands a presidency on, `setup.president_to`
-- names who takes it instead, and `setup.keep_president` keeps it.
hook("president", function(game, corp, president, candidate)
  if game:var("setup.keep_president") then return false end
  return game:var("setup.president_to")
end)

-- corporation_facts: what players should see beyond the core's fields
-- (BND-R-135): the subsidy a corporation was given, once it has one.
hook("corporation_facts", function(game, corp, facts)
  local given = game:var("facts." .. corp)
  if given ~= nil then facts[#facts + 1] = "marked: " .. given end
  return facts
end)
