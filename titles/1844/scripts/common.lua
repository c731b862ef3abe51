-- Helpers shared by the 1844 scripts (loaded first; `C` is read-only
-- once loading ends).

C = {}

-- Percent of one unit of the corporation (its kind's unit_percent).
function C.unit(game, corp)
  return game:corporation_field(corp, "unit_percent")
end

-- Units the player holds of the corporation.
function C.units(game, player, corp)
  local pct = game:player_field(player, "shares")[corp] or 0
  return pct // C.unit(game, corp)
end

-- Units in the bank pool.
function C.pool_units(game, corp)
  return game:corporation_field(corp, "pool_percent") // C.unit(game, corp)
end

-- Has the phase `name` begun?
function C.phase_reached(game, name)
  return not game:phase_before(name)
end

-- Is this a stock round in which nothing may be sold (1844-R-034, A-08)?
-- The vars are set when the last private is sold (scripts/auction.lua).
function C.no_sales(game)
  -- The var first: it is unset for most of a game, and reading it is
  -- cheaper than building the round's table.
  local from = game:var("no_sales_sr")
  if from == nil then return false end
  local r = game:round()
  if r.kind ~= "stock" then return false end
  local to = game:var("no_sales_until") or from
  return r.stock_rounds >= from and r.stock_rounds <= to
end

-- The stock-round turn order (names), kept in var "order".
function C.order(game)
  return game:var("order") or game:players()
end

-- A stable sort of the current order by cash: ascending (after the
-- auction, R-020) or descending (end of a stock round, R-064).
function C.order_by_cash(game, ascending)
  local order = C.order(game)
  local keyed = {}
  for i, name in ipairs(order) do keyed[i] = { name = name, cash = game:player_field(name, "cash"), pos = i } end
  table.sort(keyed, function(a, b)
    if a.cash ~= b.cash then
      if ascending then return a.cash < b.cash end
      return a.cash > b.cash
    end
    return a.pos < b.pos
  end)
  local out = {}
  for i, k in ipairs(keyed) do out[i] = k.name end
  game:set_var("order", out)
  return out
end

-- Corporations the player (a name) directs.
function C.directed(game, player)
  assert(player ~= nil, "C.directed: no player")
  return game:corporations({ president = player, closed = false })
end

function C.contains(list, x)
  for _, y in ipairs(list or {}) do if y == x then return true end end
  return false
end

-- Owner of a company as a player name, or nil.
-- (Two fields, not the whole company: final values ask it ten times a
-- player.)
function C.player_owner(game, company)
  local kind, owner = game:company_fields(company, "owner_kind", "owner")
  if kind == "player" then return owner end
  return nil
end
