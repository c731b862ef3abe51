-- Stock rounds of 1844 (1844-R-024 to R-067).

-- 1844-R-024, R-020, R-064: the turn order kept in var "order".
hook("player_order", function(game)
  return C.order(game)
end)

-- Which corporations a player may start: the core offers every one not
-- started and not closed (its default, no `startable` hook); can_start
-- refuses FNM (its director's certificate comes with P6, R-021), the SBB
-- (R-053), pre-SBB companies once the SBB has formed (R-054) and a player
-- in debt (R-051).
hook("can_start", function(game, player, corp)
  local with = game:corporation_field(corp, "props").director_certificate_with
  if with then return false, "the " .. corp .. " director's certificate comes only with " .. with, "1844-R-021" end
  local kind = game:corporation_field(corp, "kind")
  if kind == "sbb" then return false, "nobody pars the SBB: it is formed in phase 5", "1844-R-053" end
  if kind == "pre_sbb" and game:var("sbb.formed") then
    return false, "pre-SBB companies cannot start once the SBB has formed", "1844-R-054"
  end
  if (game:player_field(player, "debt") or 0) > 0 then return false, player .. " must pay off the debt first", "1844-R-051" end
  return true
end)

hook("can_buy_certificate", function(game, player, corp, index, source, tag)
  if (game:player_field(player, "debt") or 0) > 0 then
    return false, player .. " owes the bank " .. game:money(game:player_field(player, "debt")) .. " and may not buy", "1844-R-051"
  end
  local kind = game:corporation_field(corp, "kind")
  if kind == "sbb" and source == "treasury" then
    return false, "SBB shares are bought only from the pool", "1844-R-053"
  end
  -- A-31: an SBB formed without a director: the first certificate bought
  -- from the pool is the director's (2 units, at twice the price); its
  -- buyer directs the SBB, which operates from then on.
  if kind == "sbb" and game:corporation_field(corp, "president") == nil then
    for _, cert in ipairs(game:corporation_field(corp, "certificates")) do
      if cert.index == index and not cert.president then
        return false, "the SBB has no director: its director's certificate must be bought first", "1844-R-196"
      end
    end
  end
  -- 1844-R-049: more than half of the units: only from the pool.
  if source == "treasury" then
    local units = C.units(game, player, corp)
    local total = 100 // C.unit(game, corp)
    if units * 2 > total then
      return false, player .. " holds more than half of " .. corp .. " and may buy only from the pool", "1844-R-049"
    end
  end
  return true
end)

hook("can_sell", function(game, player, corp, percent)
  if C.no_sales(game) then
    return false, "no shares may be sold in the first stock round after the last private is sold", "1844-R-034"
  end
  if not game:corporation_field(corp, "started") then
    return false, corp .. "'s director's certificate has not been bought yet", "1844-R-036"
  end
  if game:corporation_field(corp, "president") == player then
    local unit = C.unit(game, corp)
    local mine = game:player_field(player, "shares")[corp] or 0
    local ordinary = mine - 2 * unit
    -- 1844-R-041: no emergency sale may change any company's director:
    -- the core refuses it (setting emergency_presidency = "all").
    -- 1844-R-039 (A-09, strict reading): the director's certificate goes
    -- into a sale as a whole, unless the pool then reaches its maximum
    -- exactly with one unit of it (4 in the pool for a historical company).
    if percent - ordinary == unit and not game:option("director_sale_1830") then
      local max_units = (100 // unit) // 2
      if C.pool_units(game, corp) + ordinary // unit ~= max_units - 1 then
        return false, "the director's certificate of " .. corp .. " is sold as a whole 2 units; one unit of it only when the pool then holds its maximum", "1844-R-039"
      end
    end
  end
  return true
end)

-- 1844-R-030, R-031: a corporation that never operated drops first.
hook("sell_after_drop", function(game, player, corp)
  local operated = game:corporation_field(corp, "operated")
  return operated == 0 or operated == false
end)

-- One Mountain Railway and one Tunnel certificate per player and stock
-- round (R-048); nothing while in debt (R-051, A-15). The companies that
-- carry this ability in companies.toml are the ones limited so.
ability("one_per_stock_round", {
  can_buy = function(game, ctx)
    local player = ctx.actor
    if (game:player_field(player, "debt") or 0) > 0 then
      return false, player .. " owes the bank and may not buy", "1844-R-051"
    end
    local kind = game:company_field(ctx.company, "kind")
    local key = "bought." .. kind .. "." .. player
    if game:var(key) == game:round().stock_rounds then
      return false, player .. " has bought one " .. (kind == "tunnel" and "Tunnel certificate" or "Mountain Railway") .. " this stock round", "1844-R-048"
    end
    return true
  end,
})

on("company_bought", function(game, ev)
  local function co(field) return game:company_field(ev.company, field) end
  local kind = co("kind")
  if game:round().kind == "stock" and (kind == "mountain_railway" or kind == "tunnel") and co("owner_kind") == "player" then
    game:set_var("bought." .. kind .. "." .. co("owner"), game:round().stock_rounds)
  end
end)

-- End of a stock round: the next order by cash, most first (R-064);
-- 50 % interest on debts (R-066, R-151), none on SBB settlement debts
-- (R-194).
on("stock_round_ended", function(game)
  local order = C.order_by_cash(game, false)
  game:log("turn order: " .. table.concat(order, ", "))
  for _, name in ipairs(game:players()) do
    local debt = game:player_field(name, "debt") or 0
    local free = math.min(game:var("free_debt." .. name) or 0, debt)
    game:set_var("free_debt." .. name, free > 0 and free or nil)
    local interest = debt - free
    if interest > 0 then
      local add = (interest + 1) // 2
      game:add_debt(name, add)
      game:log(name .. "'s debt grows by " .. game:money(add) .. " (50 % interest)")
    end
  end
end)

-- Paying debt off in a stock turn (`do pay_debt`): all of it, or all the
-- cash. With the rulebook's automatic repayment (R-152) money received
-- pays debt first, so this matters with the website's reading.
ability("pay_debt", {
  unbound = true,   -- every player has it, no company gives it
  -- Guard (docs/lua-api.md, "Guards"): offered only to players in a stock round.
  when = { round = "stock", ctx = { actor_kind = "player" } },
  actions = function(game, ctx)
    local who = ctx.actor
    if ctx.actor_kind ~= "player" then return {} end
    -- Asked at every listing of a stock turn: the debt first (most players
    -- have none), the round (a whole table to read) last.
    local debt, cash = game:player_fields(who, "debt", "cash")
    if (debt or 0) <= 0 or cash <= 0 or game:round().kind ~= "stock" then return {} end
    return { { name = "pay_debt", args = {} } }
  end,
  process = function(game, ctx, args)
    local who = ctx.actor
    if ctx.actor_kind ~= "player" then fail("players pay their own debts", "1844-R-152") end
    local p = game:player(who)
    local amount = math.min(p.debt or 0, p.cash)
    if amount <= 0 then fail(who .. " has no debt to pay or no cash", "1844-R-152") end
    game:transfer(who, "bank", amount)
    game:add_debt(who, -amount)
    game:log(who .. " pays " .. game:money(amount) .. " of debt")
  end,
})
