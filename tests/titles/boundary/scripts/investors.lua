-- The investor "fund" (title.toml's [[investor]]; BND-R-086..091) and
-- conversions to the kind "grand" (BND-R-094..096). As elsewhere in the
-- boundary, each rule acts only when the game's setup gives its value.

-- BND-R-088: in its turn (option fund) the fund buys one ordinary
-- treasury certificate of `setup.fund_buys` (NRR if not given, so that
-- `railhead fuzz --option fund` plays its purchases) while it holds less
-- than `setup.fund_max` % (20 by default); its money is the bank, which
-- pays the railway the market price. Otherwise it passes.
hook("investor_turn", function(game, investor)
  local corp = game:var("setup.fund_buys") or "NRR"
  if not corp or not game:corporation_field(corp, "started") then return false end
  local held = game:corporation_field(corp, "investor_percent")[investor] or 0
  if held >= (game:var("setup.fund_max") or 20) then return false end
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.owner == "treasury" and not c.president then
      local price = game:share_price(corp) * c.percent // game:corporation_field(corp, "unit_percent")
      game:move_certificate(corp, c.index, investor)
      game:transfer("bank", corp, price)
      game:log(investor .. " buys " .. c.percent .. " % of " .. corp .. " for " .. game:money(price))
      return true
    end
  end
  return false
end)

-- BND-R-089: players pay the fund `setup.fund_premium` above the market.
hook("investor_sale_price", function(game, investor, corp, price)
  local extra = game:var("setup.fund_premium")
  if extra then return price + extra end
end)

-- BND-R-089: with `setup.no_buy_from`, nobody buys from that source.
hook("can_buy_certificate", function(game, player, corp, cert, source)
  if game:var("setup.no_buy_from") == source then
    return false, "no buying from " .. source, "BND-R-089"
  end
end)

-- BND-R-094, R-096: with `setup.may_convert`, a player in a stock turn may
-- convert a railway to another kind (`do convert corp=NRR kind=grand`).
ability("convert", {
  unbound = true,
  actions = function(game, ctx)
    if not game:var("setup.may_convert") or ctx.actor_kind ~= "player" then return {} end
    return { { name = "convert", args = { corp = "NRR", kind = "grand" } } }
  end,
  process = function(game, ctx, args)
    -- A conversion that cannot be made changes nothing: refuse the action.
    local ok, err = pcall(game.convert_corporation, game, args.corp, args.kind)
    if not ok then fail(tostring(err), "BND-R-096") end
  end,
})

-- BND-R-095: with `setup.start_as`, a railway becomes of that kind as it
-- starts (1865 launches majors from phase 5).
on("corporation_started", function(game, ev)
  local kind = game:var("setup.start_as")
  if kind then game:convert_corporation(ev.corp, kind) end
end)

-- BND-R-080: with `setup.convert_at_end`, SRR converts once the game has
-- ended, so that the complete game sees corporation_converted without its
-- course changing.
on("game_end", function(game, ev)
  if game:var("setup.convert_at_end") then game:convert_corporation("SRR", "grand") end
end)

on("corporation_converted", function(game, ev)
  game:set_var("converted", { corp = ev.corp, from = ev.from, to = ev.to })
end)
