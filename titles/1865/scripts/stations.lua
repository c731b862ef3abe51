-- Stations (§4.4): at most one a turn, placed at the end of a direct
-- route from one of the company's stations: unbroken track through towns
-- only, to a city or mine with a free slot where the company has no
-- station yet (1865-R-125 .. R-129, A-31). It costs L. 10 a plain hexside
-- crossed, L. 40 a river, L. 60 a mountain (R-130: props.border_costs),
-- from the treasury (no loan, R-126). The president picks the route
-- (R-131); the company gains the traffic of its towns and of the
-- destination (R-132), and a maritime company's bonus if due (R-133).

function S.route_opts(game, corp)
  return { costs = game:props().border_costs, through = { "town" }, to = { "city" }, corp = corp }
end

function S.carbonia_held(game, corp)
  for _, st in ipairs(S.stations(game, corp)) do
    if S.has_tag(game:hex_field(st.hex, "tags"), "carbonia") then return st.hex end
  end
  return nil
end

-- Why `corp` may not end a station route at stop `stop` of `hex`, or nil.
local function target_problem(game, corp, hex, stop)
  if S.closed_hex(game, hex) then return "the short game is played on Sardinia only", "1865-R-184" end
  local h = game:hex(hex)
  for _, st in ipairs(S.stations(game, corp)) do
    if st.hex == hex then return corp .. " already has a station on " .. hex, "1865-R-129" end
  end
  local s = h.stops[stop + 1]
  if s == nil or #s.tokens >= s.slots then return hex .. " has no free slot", "1865-R-129" end
  if S.has_tag(h.tags, "carbonia") and S.carbonia_held(game, corp) then
    return corp .. " already has a station on a Carbonia mine (" .. S.carbonia_held(game, corp) .. ")", "1865-R-123"
  end
  return nil
end

-- Every route a station could be built along now, numbered in a stable
-- order: { hex, stop, cost, towns, from }.
function S.station_routes(game, corp)
  local out, seen = {}, {}
  for _, st in ipairs(S.stations(game, corp)) do
    for _, r in ipairs(game:direct_routes(st.hex, st.stop, S.route_opts(game, corp))) do
      if target_problem(game, corp, r.to, r.stop) == nil then
        local towns = {}
        for _, t in ipairs(r.towns) do towns[#towns + 1] = t.hex end
        local key = r.to .. "/" .. r.cost .. "/" .. table.concat(towns, ",")
        if not seen[key] then
          seen[key] = true
          out[#out + 1] = { hex = r.to, stop = r.stop, cost = r.cost, towns = r.towns, from = st.hex }
        end
      end
    end
  end
  return out
end

local function traffic_of(game, route)
  local n = S.stop_value(game, route.hex, route.stop)
  for _, t in ipairs(route.towns) do n = n + S.stop_value(game, t.hex, t.stop) end
  return n
end

local function describe(game, route)
  local via = {}
  for _, t in ipairs(route.towns) do via[#via + 1] = t.hex end
  local text = route.from .. " to " .. route.hex .. " for " .. game:money(route.cost)
  if #via > 0 then text = text .. " via " .. table.concat(via, ", ") end
  return text .. ", " .. traffic_of(game, route) .. " traffic"
end

step("build_station", {
  skip = function(game, corp)
    return S.tokens_left(game, corp) == 0
  end,
  status = function(game, who)
    local corp = game:operating()
    if corp == nil then return {} end
    local lines = {}
    for i, r in ipairs(S.station_routes(game, corp)) do
      if i > 10 then lines[#lines + 1] = "..."; break end
      lines[#lines + 1] = "route " .. i .. ": " .. describe(game, r)
    end
    return lines
  end,
  actions = function(game, corp)
    local out = {}
    local cash = game:corporation_field(corp, "cash")
    for i, r in ipairs(S.station_routes(game, corp)) do
      if r.cost <= cash then out[#out + 1] = { name = "station", args = { hex = r.hex, route = i } } end
    end
    return out
  end,
  process = function(game, corp, name, args)
    if name ~= "station" then fail("build a station with: do station hex=W10 route=N (see status), or pass", "1865-R-127") end
    local routes = S.station_routes(game, corp)
    local chosen
    if args.route ~= nil then
      chosen = routes[tonumber(args.route)]
      if chosen ~= nil and args.hex ~= nil and chosen.hex ~= args.hex then chosen = nil end
    else
      -- Only a hex named: the cheapest route there.
      for _, r in ipairs(routes) do
        if r.hex == args.hex and (chosen == nil or r.cost < chosen.cost) then chosen = r end
      end
    end
    if chosen == nil then
      if args.hex ~= nil then
        local why, rule = target_problem(game, corp, args.hex, 0)
        if why ~= nil then fail(why, rule) end
      end
      fail("no direct route from a station of " .. corp .. " ends at " .. tostring(args.hex) .. " (through towns only, no other city)", "1865-R-127")
    end
    local cash = game:corporation_field(corp, "cash")
    if chosen.cost > cash then
      fail(corp .. " cannot pay " .. game:money(chosen.cost) .. " for this route (it has " .. game:money(cash) .. "; loans never pay for stations)", "1865-R-126")
    end
    game:place_token(corp, chosen.hex, S.city_of_stop(game, chosen.hex, chosen.stop), false)
    if chosen.cost > 0 then game:transfer(corp, "bank", chosen.cost) end
    game:log(corp .. " builds a station: " .. describe(game, chosen) .. " (1865-R-130, R-132)")
    S.add_traffic(game, corp, traffic_of(game, chosen), "station at " .. chosen.hex .. ", 1865-R-132")
    for _, m in ipairs(S.maritime_of(game, corp)) do S.maritime_bonus(game, corp, m) end
    return true
  end,
})
