-- Earnings: X + Y (§3.5.5, §8; 18FB-R-111 .. R-119; checklist §3.1). No
-- route is run: each train card shows X + Y (trains.toml props x, y); a
-- corporation adds up the X and the Y of all its trains (R-112). It
-- counts up to X of its stations (cities and off-map areas holding its
-- tokens), the most valuable, connected or not (R-113), each with its
-- port bonus and the bonus token for it (Falcon, R-114), and D10 for each
-- of up to Y of its town markers (R-115). Each counts once; spare capacity
-- is lost (R-116); the maximum is always taken (R-117). Port and off-map
-- values are the phase's column (R-118: the core gives a stop's value in
-- the phase's revenue_band, phases.toml); Rome pays from PH2 (R-119, map
-- props.pays_from_phase). Frozen corporations run too (R-111); Building
-- ones skip the run (companies.toml). Regionals (§3.6.3): their home
-- city's value with X >= 1, and their markers.

-- The X and Y of a corporation's trains.
function S.capacity(game, corp)
  local x, y = 0, 0
  for _, t in ipairs(game:corporation_field(corp, "trains")) do
    local p = game:train_class(t.class).props
    x = x + (p.x or 0)
    y = y + (p.y or 0)
  end
  return x, y
end

-- The value of `corp`'s station on stop `stop` of `hex` now.
function S.station_value(game, corp, hex, stop)
  -- The three fields read, not the whole hex: asked per station per run.
  local stops, props, tags = game:hex_fields(hex, "stops", "props", "tags")
  local s = stops[stop + 1]
  if s == nil then return 0 end
  local from = props.pays_from_phase
  if from ~= nil and game:phase_before(from) then return 0 end               -- Rome (R-119)
  local v = s.value or 0
  if s.kind ~= "offboard" and S.contains(tags, "port") and props.port_values ~= nil then
    -- R-114, R-118: the port's value in the phase's column (First, Second, Third)
    v = v + (props.port_values[game:phase_props().value_column or 1] or 0)
  end
  local flc = (game:props().political or {}).FLC
  if flc ~= nil and game:var("falcon.corp") == corp then v = v + ((flc.bonus or {})[hex] or 0) end   -- R-114, R-148
  return v
end

-- The turn's earnings of `corp` and how they are made up:
-- { total, stations, markers, x, y, counted = { values } }.
function S.earnings(game, corp)
  local x, y = S.capacity(game, corp)
  local out = { total = 0, stations = 0, markers = 0, x = x, y = y, counted = {} }
  if #game:corporation_field(corp, "trains") == 0 then return out end        -- R-111
  local vals = {}
  if game:corporation_field(corp, "kind") == "regional" then
    local home = game:corporation_field(corp, "home") or game:corporation_field(corp, "homes")[1]   -- a waiting token is put down by place_token (R-163)
    for _, st in ipairs(S.stations(game, corp)) do
      if st.hex == home and x >= 1 then
        local s = game:hex_field(st.hex, "stops")[st.stop + 1]
        vals[#vals + 1] = s and s.value or 0                                   -- §3.6.3: no port, no off-map
      end
    end
  else
    for _, st in ipairs(S.stations(game, corp)) do vals[#vals + 1] = S.station_value(game, corp, st.hex, st.stop) end
  end
  table.sort(vals, function(a, b) return a > b end)
  for i = 1, math.min(x, #vals) do
    if vals[i] > 0 then
      out.stations = out.stations + vals[i]
      out.counted[#out.counted + 1] = vals[i]
    end
  end
  out.markers = game:props().marker_value * math.min(y, S.markers(game, corp))   -- R-115
  out.total = out.stations + out.markers
  return out
end

hook("revenue", function(game, corp)
  local e = S.earnings(game, corp)
  return e.total
end)

-- What players see: town markers held, capacity and the earnings now.
hook("corporation_facts", function(game, corp, facts)
  local kind = game:corporation_field(corp, "kind")
  if kind ~= "major" and kind ~= "national" and kind ~= "regional" then return facts end
  if not game:corporation_field(corp, "started") then return facts end
  local e = S.earnings(game, corp)
  facts[#facts + 1] = "town markers: " .. S.markers(game, corp)
  facts[#facts + 1] = "capacity: " .. e.x .. "+" .. e.y
  local n = #S.stations(game, corp)
  facts[#facts + 1] = "to count: " .. n .. (n == 1 and " station, " or " stations, ") .. S.markers(game, corp) .. " markers (R-112, R-113)"
  local state = game:corporation_field(corp, "state")
  if state ~= "building" and state ~= "unfloated" then   -- those do not run (R-111)
    facts[#facts + 1] = "earnings: " .. game:money(e.total) .. " (stations " .. game:money(e.stations)
      .. ", markers " .. game:money(e.markers) .. ")"
  end
  return facts
end)

-- Falcon (§2.7 note 3, R-148, A-23): played once, its holder names one
-- major or national (`do falcon corp=X`); from then on that corporation
-- adds the card's bonus tokens (Benevento +30, Pontecorvo +10) to those
-- stations when it counts them. The card keeps paying its income.
local function falcon_targets(game)
  local out = {}
  for _, c in ipairs(game:corporations({ started = true, closed = false })) do
    local kind = game:corporation_field(c, "kind")
    if kind == "major" or kind == "national" then out[#out + 1] = c end
  end
  return out
end

ability("falcon", {
  actions = function(game, ctx)
    local out = {}
    for _, c in ipairs(falcon_targets(game)) do out[#out + 1] = { name = "falcon", args = { corp = c } } end
    return out
  end,
  process = function(game, ctx, args)
    if not S.contains(falcon_targets(game), args.corp) then
      fail("Falcon names a major or national in play, not " .. tostring(args.corp), "18FB-R-148")
    end
    game:set_var("falcon.corp", args.corp)
    game:use_company(ctx.company)
    game:log("Falcon names " .. args.corp .. ": Benevento +30 and Pontecorvo +10 when it counts them (18FB-R-148)")
  end,
})
