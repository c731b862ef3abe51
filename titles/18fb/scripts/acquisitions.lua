-- Acquiring regionals (§3.7.3; 18FB-R-207 .. R-211; checklist §2.23,
-- D-31, A-32). From PH6 a major or a national may, at any moment of its own
-- operating turn, buy a regional (`do acquire_regional regional=FA`):
--   - it needs a token route (TPLR: unbroken track through towns only, as
--     scripts/stations.lua's) from one of its tokens to the regional's home
--     city, or a token in that city already (A-32(c)), and the whole price
--     in its treasury (R-209);
--   - the price is the regional's maximum revenue now (scripts/revenue.lua's
--     earnings, A-32(a)) plus its nominal value (title.toml
--     props.regionals), paid to the regional's owner (R-208);
--   - the regional's treasury goes to its former owner, its trains (which
--     may run this turn) and town markers to the acquirer, its certificate
--     and charter leave play (R-210);
--   - the acquirer's token replaces the regional's home token for free (not
--     counted against its tokens a turn, A-32(d)); without a token left, or
--     with a token in that city already, the slot becomes free (R-211,
--     A-32(c)). Several acquisitions a turn are allowed (A-32(b)).

local ACQUIRABLE_FROM = "PH6"     -- §3.7.3, R-145

-- The regional-specific reads, kept small so they follow the regionals'
-- script (its nominal value; its town markers are `markers.<corp>`, the
-- majors' scheme, S.markers).
local function nominal(game, regional)
  return ((game:props().regionals or {}).nominal or {})[regional] or 0
end

local function regional_revenue(game, regional)
  return S.earnings(game, regional).total
end

local function regional_owner(game, regional)
  return game:corporation_field(regional, "president")
end

local function is_regional(game, c)
  return game:corporation_field(c, "kind") == "regional"
end

-- R-208: what `regional` costs now.
local function price(game, regional)
  return regional_revenue(game, regional) + nominal(game, regional)
end

-- The regionals in play with an owner.
local function regionals(game)
  local out = {}
  for _, c in ipairs(game:corporations({ kind = "regional", started = true, closed = false })) do
    if regional_owner(game, c) ~= nil then out[#out + 1] = c end
  end
  return out
end

-- R-209: a token route from one of `corp`'s tokens to `hex`, or a token
-- of `corp` in that city already (A-32(c)).
local function reaches(game, corp, hex)
  if S.in_city(game, corp, hex) then return true end
  local other = S.same_city(game, hex)
  local opts = { costs = game:props().token_costs, through = { "town" }, to = { "city", "offboard" }, corp = corp }
  for _, st in ipairs(S.stations(game, corp)) do
    for _, r in ipairs(game:direct_routes(st.hex, st.stop, opts)) do
      if r.to == hex or (other ~= nil and r.to == other) then return true end
    end
  end
  return false
end

local function home_of(game, regional)
  local st = S.stations(game, regional)[1]
  return st and st.hex or game:corporation_field(regional, "home")
end

-- Why `corp` may not acquire `regional` now, with the rule, or nil.
local function problem(game, corp, regional)
  if game:phase_before(ACQUIRABLE_FROM) then return "regionals may be acquired from " .. ACQUIRABLE_FROM, "18FB-R-207" end
  local kind = game:corporation_field(corp, "kind")
  if kind ~= "major" and kind ~= "national" then return "only a major or a national acquires a regional", "18FB-R-207" end
  if game:operating() ~= corp then return corp .. " acquires only during its own operating turn", "18FB-R-207" end
  if regional == nil or not S.contains(regionals(game), regional) then
    return tostring(regional) .. " is not a regional in play with an owner", "18FB-R-207"
  end
  local home = home_of(game, regional)
  if home == nil or not reaches(game, corp, home) then
    return corp .. " has no token route from its tokens to " .. regional .. "'s home " .. tostring(home), "18FB-R-209"
  end
  local cost = price(game, regional)
  if game:corporation_field(corp, "cash") < cost then
    return corp .. " cannot pay " .. game:money(cost) .. " for " .. regional .. " (it has "
      .. game:money(game:corporation_field(corp, "cash")) .. ")", "18FB-R-209"
  end
  return nil
end

local function acquire(game, corp, regional)
  local owner = regional_owner(game, regional)
  local revenue, value = regional_revenue(game, regional), nominal(game, regional)
  local cost = revenue + value
  game:transfer(corp, owner, cost)
  local cash = game:corporation_field(regional, "cash")
  if cash > 0 then game:transfer(regional, owner, cash) end
  local markers = S.markers(game, regional)
  local homes = S.stations(game, regional)
  game:merge(regional, corp, { keep_tokens = true })        -- its trains (and nothing else left) to the acquirer
  for _, st in ipairs(homes) do
    if S.in_city(game, corp, st.hex) or S.tokens_left(game, corp) == 0 then
      game:remove_tokens(st.hex, true, regional)
      game:log(regional .. "'s home token on " .. st.hex .. " leaves; the slot is free (18FB-R-211, A-32(c))")
    else
      game:replace_token(st.hex, regional, corp)
      game:log(corp .. "'s token replaces " .. regional .. "'s home token on " .. st.hex .. " for free (18FB-R-211)")
    end
  end
  if markers > 0 then
    game:set_var("markers." .. corp, S.markers(game, corp) + markers)
  end
  game:set_var("markers." .. regional, nil)
  game:remove_corporation(regional)
  game:log(corp .. " acquires " .. regional .. " from " .. owner .. " for " .. game:money(cost) .. " (maximum revenue "
    .. game:money(revenue) .. " + nominal value " .. game:money(value) .. ", 18FB-R-208); " .. owner .. " also takes its treasury, "
    .. game:money(cash) .. "; its trains and " .. markers .. " town marker" .. (markers == 1 and "" or "s")
    .. " go to " .. corp .. " (18FB-R-210)")
end

ability("acquire_regional", {
  unbound = true,
  actions = function(game, ctx)
    if ctx.actor_kind ~= "corporation" then return {} end
    local corp = ctx.actor
    if game:phase_before(ACQUIRABLE_FROM) or game:operating() ~= corp then return {} end
    local out = {}
    for _, r in ipairs(regionals(game)) do
      if problem(game, corp, r) == nil then out[#out + 1] = { name = "acquire_regional", args = { regional = r } } end
    end
    return out
  end,
  process = function(game, ctx, args)
    local why, rule = problem(game, ctx.actor, args.regional)
    if why ~= nil then fail(why, rule) end
    acquire(game, ctx.actor, args.regional)
  end,
})
