-- Token placement (construction) and town markers (§3.5.2; 18FB-R-084 ..
-- R-099; checklist §3.3). A major places at most one round token a turn
-- (a national two, R-084), optionally, at the end of a Token Placing Legal
-- Route: unbroken track from a city or off-map area holding its token to
-- a city or off-map area without one, through towns only (R-085), where
-- it may fill a slot (R-086: free and unreserved, or reserved for it; the
-- core's slot rules). The route costs its hexsides by their border terrain
-- (props.token_costs, R-088, A-25; passes closed until PH3, R-090; the
-- Tronto and Sarno rivers are river borders, R-091, R-092), paid from the
-- treasury to the bank (R-089). The president picks the route (R-094);
-- the towns on it give town markers by their tile's colour then (R-098,
-- props.town_markers), kept as `markers.<corp>` for the rest of the game
-- (R-099). Napoli North and South are one city for majors and nationals
-- (R-087, map.toml props.same_city_as). A Bourbon token is replaced only
-- through its political card, by the ordinary placement rules (R-095 ..
-- R-097, A-22).

local function opts(game, corp)
  local p = game:props()
  return { costs = p.token_costs, through = { "town" }, to = { "city", "offboard" }, corp = corp }
end

-- Station tokens on the map: { hex, stop }.
function S.stations(game, corp)
  local out = {}
  for _, tk in ipairs(game:corporation_field(corp, "tokens")) do
    if tk.hex ~= nil then out[#out + 1] = { hex = tk.hex, stop = tk.stop } end
  end
  return out
end

function S.tokens_left(game, corp)
  local n = 0
  for _, tk in ipairs(game:corporation_field(corp, "tokens")) do
    if tk.hex == nil and not tk.lost then n = n + 1 end
  end
  return n
end

function S.markers(game, corp) return game:var("markers." .. corp) or 0 end

-- The other hex of a city spread over two (Napoli, map.toml
-- props.same_city_as), or nil.
function S.same_city(game, hex)
  local own = game:hex_field(hex, "props").same_city_as
  if own ~= nil then return own end
  for _, h in ipairs(game:hexes_tagged("napoli")) do
    if h ~= hex and game:hex_field(h, "props").same_city_as == hex then return h end
  end
  return nil
end

-- Does `corp` hold a token in the city of `hex` (Napoli's two hexes are
-- one for a major or national, R-087)? Read by nationals.lua (R-202) and
-- acquisitions.lua (R-209, R-211).
function S.in_city(game, corp, hex)
  local other = S.same_city(game, hex)
  for _, st in ipairs(S.stations(game, corp)) do
    if st.hex == hex or (other ~= nil and st.hex == other) then return true end
  end
  return false
end

-- The city index (among the stops that take tokens, from 0) of stop
-- `stop` of `hex`: what place_token takes.
local function city_of_stop(game, hex, stop)
  local city = 0
  local stops = game:hex_field(hex, "stops")
  for i = 1, stop do
    if stops[i].kind == "city" or stops[i].kind == "offboard" then city = city + 1 end
  end
  return city
end

local function has_token_on(game, corp, hex)
  for _, st in ipairs(S.stations(game, corp)) do if st.hex == hex then return true end end
  return false
end

-- The Bourbon token on stop `s` that `corp` may replace now through a
-- political card its president holds (R-095 .. R-097, R-149, A-22), as
-- { card, id }, or nil.
local function bourbon_for(game, corp, s)
  local president = game:corporation_field(corp, "president")
  if president == nil or game:corporation_field(corp, "kind") ~= "major" then return nil end
  for card, c in pairs(game:props().political or {}) do
    if type(c) == "table" and c.bourbon ~= nil then
      local id = "B" .. c.bourbon
      if S.contains(s.neutral, id) and game:company_field(card, "owner") == president
          and not game:company_field(card, "used")
          and (c.from_phase == nil or not game:phase_before(c.from_phase)) then
        return { card = card, id = id, closes = c.corp ~= nil }
      end
    end
  end
  return nil
end

-- Why `corp` may not end a token route at stop `stop` of `hex` now, or
-- nil; with a Bourbon token it may replace, that as a second result.
local function target_problem(game, corp, hex, stop)
  if has_token_on(game, corp, hex) then return corp .. " already has a token on " .. hex, "18FB-R-087" end
  local other = S.same_city(game, hex)
  if other ~= nil and game:corporation_field(corp, "kind") ~= "regional" and has_token_on(game, corp, other) then
    return hex .. " and " .. other .. " are one city, Napoli, and " .. corp .. " has a token there", "18FB-R-087"
  end
  local s = game:hex_field(hex, "stops")[stop + 1]
  if s == nil or (s.kind ~= "city" and s.kind ~= "offboard") or (s.slots or 0) == 0 then
    return hex .. " takes no token", "18FB-R-085"
  end
  local b = bourbon_for(game, corp, s)
  local mine = S.contains(s.reserved, corp)
  local others = 0
  for _, r in ipairs(s.reserved or {}) do if r ~= corp then others = others + 1 end end
  local free = s.slots - #(s.tokens or {}) - #(s.neutral or {}) - others
  if mine or (free > 0 and s.open ~= false) then return nil end
  if b ~= nil then return nil, b end
  if s.open == false and free > 0 then
    return hex .. "'s slots open in " .. tostring(s.opens_in_phase), hex == "c25" and "18FB-R-096" or "18FB-R-095"
  end
  return hex .. " has no slot " .. corp .. " may fill", "18FB-R-086"
end

-- Does the route cross a pass still closed (R-090)?
local function crosses_closed_pass(game, r)
  local open = game:props().passes_open_phase
  if not game:phase_before(open) then return false end
  for _, b in ipairs(r.borders or {}) do if b.terrain == "pass_ph3" then return true end end
  return false
end

-- Town markers a route collects (R-098): by each town hex's colour now,
-- single or double.
function S.route_markers(game, towns)
  local t = game:props().town_markers
  local seen, n = {}, 0
  for _, town in ipairs(towns) do
    if not seen[town.hex] then
      seen[town.hex] = true
      local stops, color = game:hex_fields(town.hex, "stops", "color")
      local count = 0
      for _, s in ipairs(stops) do if s.kind == "town" then count = count + 1 end end
      local row = count >= 2 and t.double or t.single
      n = n + (row[color] or 0)
    end
  end
  return n
end

-- Source stations of `corp`'s token routes: its tokens, and for a major
-- or national the other hex of Napoli when it holds one of the two, unless
-- another corporation's home token stands there (R-087, R-093).
local function sources(game, corp)
  local out = {}
  local regional = game:corporation_field(corp, "kind") == "regional"
  for _, st in ipairs(S.stations(game, corp)) do
    out[#out + 1] = st
    local other = not regional and S.same_city(game, st.hex) or nil
    if other ~= nil then
      local blocked = false
      for _, s in ipairs(game:hex_field(other, "stops")) do
        for _, c in ipairs(s.tokens or {}) do
          if c ~= corp and S.contains(game:corporation_field(c, "homes"), other) then blocked = true end
        end
      end
      if not blocked then out[#out + 1] = { hex = other, stop = 0, via = st.hex } end
    end
  end
  return out
end

-- Every token route `corp` could place a token along now, numbered in a
-- stable order: { hex, stop, cost, towns, markers, from, bourbon }.
function S.token_routes(game, corp, closed_passes)
  local out, seen = {}, {}
  local own = {}
  for _, st in ipairs(S.stations(game, corp)) do own[st.hex] = true end
  for _, src in ipairs(sources(game, corp)) do
    for _, r in ipairs(game:direct_routes(src.hex, src.stop, opts(game, corp))) do
      local why, b = target_problem(game, corp, r.to, r.stop)
      if why == nil and not own[r.to] and r.to ~= src.via and (closed_passes or not crosses_closed_pass(game, r)) then
        local towns = {}
        for _, t in ipairs(r.towns) do towns[#towns + 1] = t.hex end
        local key = r.to .. "/" .. r.stop .. "/" .. r.cost .. "/" .. table.concat(towns, ",")
        if not seen[key] then
          seen[key] = true
          out[#out + 1] = { hex = r.to, stop = r.stop, cost = r.cost, towns = r.towns,
            markers = S.route_markers(game, r.towns), from = src.hex, bourbon = b }
        end
      end
    end
  end
  return out
end

local function describe(game, r)
  local via = {}
  for _, t in ipairs(r.towns) do via[#via + 1] = t.hex end
  local text = r.from .. " to " .. r.hex .. " for " .. game:money(r.cost)
  if #via > 0 then text = text .. " via " .. table.concat(via, ", ") end
  text = text .. ", " .. r.markers .. " town marker" .. (r.markers == 1 and "" or "s")
  if r.bourbon then text = text .. ", replacing Bourbon token " .. r.bourbon.id .. " (" .. r.bourbon.card .. ")" end
  return text
end

local function allowed(game, corp)
  return game:corporation_field(corp, "kind") == "national" and 2 or 1     -- R-084
end

step("build_station", {
  skip = function(game, corp)
    if game:corporation_field(corp, "kind") == "regional" then return true end   -- one token, the home (§1.8)
    return S.tokens_left(game, corp) == 0
  end,
  status = function(game, who)
    local corp = game:operating()
    if corp == nil then return {} end
    local lines = {}
    for i, r in ipairs(S.token_routes(game, corp)) do
      if i > 10 then lines[#lines + 1] = "..."; break end
      lines[#lines + 1] = "route " .. i .. ": " .. describe(game, r)
    end
    return lines
  end,
  actions = function(game, corp)
    local out = {}
    local cash = game:corporation_field(corp, "cash")
    for i, r in ipairs(S.token_routes(game, corp)) do
      if r.cost <= cash then out[#out + 1] = { name = "token", args = { hex = r.hex, route = i } } end
    end
    return out
  end,
  process = function(game, corp, name, args)
    if name ~= "token" then fail("place a token with: do token hex=F23 route=N (see status), or pass", "18FB-R-085") end
    local routes = S.token_routes(game, corp)
    local chosen
    if args.route ~= nil then
      chosen = routes[tonumber(args.route)]
      if chosen ~= nil and args.hex ~= nil and chosen.hex ~= args.hex then chosen = nil end
    else
      for _, r in ipairs(routes) do   -- only a hex named: the cheapest route there
        if r.hex == args.hex and (chosen == nil or r.cost < chosen.cost) then chosen = r end
      end
    end
    if chosen == nil then
      if args.hex ~= nil and game:hex(args.hex) ~= nil then
        local why, rule = target_problem(game, corp, args.hex, 0)
        if why ~= nil then fail(why, rule) end
        for _, r in ipairs(S.token_routes(game, corp, true)) do
          if r.hex == args.hex then
            fail("every token route to " .. args.hex .. " crosses a mountain pass closed until " .. game:props().passes_open_phase, "18FB-R-090")
          end
        end
      end
      fail("no token route from a token of " .. corp .. " ends at " .. tostring(args.hex)
        .. " (unbroken track through towns only, no other city; closed passes before PH3)", "18FB-R-085")
    end
    local cash = game:corporation_field(corp, "cash")
    if chosen.cost > cash then
      fail(corp .. " cannot pay " .. game:money(chosen.cost) .. " for this route (it has " .. game:money(cash) .. ")", "18FB-R-089")
    end
    if chosen.bourbon then
      game:replace_neutral_token(chosen.hex, chosen.bourbon.id, corp)
      -- R-147: the four railroad cards close once used; Delahante is used up.
      if chosen.bourbon.closes then game:close_company(chosen.bourbon.card) else game:use_company(chosen.bourbon.card) end
    else
      game:place_token(corp, chosen.hex, city_of_stop(game, chosen.hex, chosen.stop), false)
    end
    if chosen.cost > 0 then game:transfer(corp, "bank", chosen.cost) end
    if chosen.markers > 0 then game:set_var("markers." .. corp, S.markers(game, corp) + chosen.markers) end
    game:log(corp .. " places a token: " .. describe(game, chosen) .. " (18FB-R-088, R-098); "
      .. S.markers(game, corp) .. " town markers in all")
    local placed = (game:turn_var("tokens_placed") or 0) + 1
    game:set_turn_var("tokens_placed", placed)
    return placed >= allowed(game, corp)
  end,
})
