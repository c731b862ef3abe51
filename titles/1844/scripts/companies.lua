-- Launch, station markers and destinations of the railway companies
-- (1844-R-058 to R-062, R-097 to R-102, R-105).

-- A corporation's home hex: the one placed, else companies.toml's (each
-- 1844 company has one; the SBB none).
local function home_of(game, corp)
  return game:corporation_field(corp, "home") or game:corporation_field(corp, "homes")[1]
end
C.home_of = home_of

-- 1844-R-062: a historical company's markers by par: 60 -> 1 ... 100 -> 5
-- (its kind's props.tokens_by_par), the first ones of its kind's
-- token_costs.
on("corporation_started", function(game, ev)
  local kind = game:corporation_kind(game:corporation_field(ev.corp, "kind"))
  local by_par = kind.props.tokens_by_par
  if by_par then
    local n = by_par[tostring(ev.price)] or #kind.token_costs
    local costs = {}
    for i = 1, n do costs[i] = kind.token_costs[i] end
    game:set_tokens(ev.corp, costs)
  end
end)

-- 1844-R-059, R-101, R-166: launched in phase 6 or later, a historical
-- company receives 10 x par at once and has no destination (its kind's
-- props.full_capital_multiple from props.full_capital_from_phase; the
-- launch paid capital_multiple x par already).
on("corporation_floated", function(game, ev)
  local kind = game:corporation_kind(game:corporation_field(ev.corp, "kind"))
  local from = kind.props.full_capital_from_phase
  if from and C.phase_reached(game, from) then
    local par = game:corporation_field(ev.corp, "par") or 0
    game:transfer("bank", ev.corp, (kind.props.full_capital_multiple - kind.capital_multiple) * par)
    game:set_var("dest." .. ev.corp, "none")
    game:log(ev.corp .. " launches in phase 6 or later: full capital, no destination")
  end
  if kind.props.no_destination then game:set_var("dest." .. ev.corp, "none") end
end)

local function pay_destination(game, corp, why)
  local kind = game:corporation_kind(game:corporation_field(corp, "kind"))
  local amount = (kind.props.destination_multiple or 0) * (game:corporation_field(corp, "par") or 0)
  game:set_var("dest." .. corp, "paid")
  if amount > 0 then
    game:transfer("bank", corp, amount)
    game:log(corp .. " " .. why .. " and receives " .. game:money(amount))
  end
end

-- Pays `corp` its destination if it is launched, not yet paid, and its
-- home connects to its destination hex (R-097, R-099; A-18: a home
-- reserved but not placed counts).
local function check_destination(game, corp, sbb_formed)
  -- home_of's first field and the rest in one read; the reserved homes
  -- (a list, dearer to read) only for a home not yet placed.
  local destination, kind, home, city = game:corporation_fields(corp, "destination", "kind", "home", "home_city")
  if destination and not home then home = game:corporation_field(corp, "homes")[1] end
  if destination and not (sbb_formed and kind == "pre_sbb") and home and game:connected(corp, destination, home, city) then
    pay_destination(game, corp, "reaches its destination " .. destination)
  end
end

-- 1844-R-097, R-098: checked after every lay and station, for every
-- launched company not yet paid. A station (or a launch) can connect
-- only its own company: another company's marker only ever closes a
-- city to the rest (R-097), so after a station or launch by `only` the
-- others stand as the last check left them, and only `only` is asked
-- (not after the SBB's: below).
local function check_destinations(game, only)
  local sbb_formed = game:var("sbb.formed")
  if only then
    if game:var("dest." .. only) == nil then
      local floated, closed = game:corporation_fields(only, "floated", "closed")
      if floated and not closed then check_destination(game, only, sbb_formed) end
    end
    return
  end
  -- (Paying a destination changes no company's floated or closed, nor
  -- the SBB, and settles only that company: the lists read once below
  -- stay true.) The cheapest questions first: most companies are paid, or
  -- have no destination, long before the game ends.
  local settled = game:vars("dest.")   -- "paid" or "none", by company
  for _, corp in ipairs(game:corporations({ floated = true, closed = false })) do
    if settled[corp] == nil then check_destination(game, corp, sbb_formed) end
  end
end
C.check_destinations = check_destinations

-- 1844-R-100: V5 (GB) is paid once any company builds the Gotthard tunnel.
local function check_gotthard(game)
  if game:var("gotthard_built") and game:var("dest.GB") == nil then
    if game:corporation_field("GB", "floated") and not game:corporation_field("GB", "closed") and not game:var("sbb.formed") then
      pay_destination(game, "GB", "sees the Gotthard tunnel built")
    end
  end
end

on("tile_laid", function(game)
  check_destinations(game)
  check_gotthard(game)
end)
-- The SBB's stations ask every company: its formation (R-191, R-201)
-- places them as it takes the V companies' other markers and reserved
-- homes off the board, which can open a city to the rest.
on("token_placed", function(game, ev) check_destinations(game, ev.corp ~= "SBB" and ev.corp or nil) end)
on("corporation_floated", function(game, ev)
  check_destinations(game, ev.corp)
  check_gotthard(game)
end)

-- 1844-R-078, R-079: terrain costs only the first tile on a hex; upgrades
-- are free. The website (option `website`) charges the river printed on
-- the pre-printed yellow Aarau (D15) with its first upgrade.
-- Guarded (docs/lua-api.md, "Guards"): on a hex without a terrain cost
-- the core's cost is 0 and stays 0.
hook("terrain_cost", { when = { args = { hex = { has_cost = true } } } }, function(game, corp, hex, gauges, cost)
  local laid, color = game:hex_fields(hex, "laid", "color")
  if game:option("website") and not laid and color == "yellow" then return cost end
  if laid or (color ~= nil and color ~= "white") then return 0 end
  return cost
end)

-- 1844-R-080 (A-19): in its first turn a company whose home hex is bare
-- (no printed track and no tile yet) must lay its tile there, so it may
-- not pass the tile step while it can pay for that lay. Homes with printed
-- track (Neuchâtel, Chur, Bern, Aarau, Lausanne, Como) are not bare.
local BARE_HOMES = { C12 = true, C24 = true, D19 = true, D25 = true, G18 = true, G28 = true, I6 = true, K10 = true }

-- The bare home hex `corp` must lay its first tile on now, or nil.
local function home_lay_due(game, corp)
  if game:operating() ~= corp then return nil end
  -- Asked at every tile step: the question that ends it for all but a
  -- company's first turn comes first. `operated` counts its completed turns.
  local n, cash, home, homes = game:corporation_fields(corp, "operated", "cash", "home", "homes")
  if n == true or (type(n) == "number" and n > 0) then return nil end
  home = home or homes[1]
  if home == nil or not BARE_HOMES[home] then return nil end
  local laid, cost = game:hex_fields(home, "laid", "cost")
  if laid or (game:turn_field("tiles") or 0) > 0 or cash < (cost or 0) then return nil end
  return home
end

-- Guarded (docs/lua-api.md, "Guards"): only the tile step can be refused.
hook("can_pass", { when = { args = { step = "lay_tile" } } }, function(game, who, step)
  local home = step == "lay_tile" and home_lay_due(game, who)
  if home then return false, who .. " must lay its first tile on its home hex " .. home .. " (it is bare)", "1844-R-080" end
  return true
end)

-- No lay elsewhere needs refusing: from a bare home city no track leads
-- anywhere else, so the network rule (R-081) already keeps the first lay
-- on the home hex.
