-- Helpers shared by the 1865 scripts (loaded first; `S` is read-only once
-- loading ends). Game state lives in vars:
--   traffic.<corp>        traffic units the company holds (1865-R-137)
--   row.<corp>            its row on the Dragons chart, a phase number 2-7
--   loans.<corp>          state aid loans outstanding (1865-R-175)
--   bonus.<company>       true once a maritime company's bonus was given (A-13)
--   city_values.<hex>     the values of a hex's city stops, to see a rise (R-110)

S = {}

-- The phase as a number (phases.toml names them "2" .. "7").
function S.phase(game)
  return tonumber(game:phase())
end

-- A value of title.toml's props keyed by phase ("2" .. "7").
function S.by_phase(game, key)
  return game:props()[key][game:phase()]
end

function S.traffic(game, corp)
  return game:var("traffic." .. corp) or 0
end

-- Adds traffic units to a company, logging why (never negative: traffic
-- only grows, 1865-R-137).
function S.add_traffic(game, corp, n, why)
  if n <= 0 then return end
  game:set_var("traffic." .. corp, S.traffic(game, corp) + n)
  game:log(corp .. " gains " .. n .. " traffic (" .. why .. "): " .. S.traffic(game, corp) .. " in all")
end

function S.loans(game, corp)
  return game:var("loans." .. corp) or 0
end

function S.maritime_of(game, corp)
  local out = {}
  for _, id in ipairs(game:corporation_field(corp, "companies")) do
    if game:company_field(id, "kind") == "maritime" then out[#out + 1] = id end
  end
  return out
end

-- Coverage: the trains' own plus 8 per maritime company held, and nothing
-- at all without a train (1865-R-135, R-136, R-143).
function S.coverage(game, corp)
  local trains = game:corporation_field(corp, "trains")
  if #trains == 0 then return 0 end
  local total = 0
  for _, t in ipairs(trains) do total = total + game:train_class(t.class).props.coverage end
  return total + #S.maritime_of(game, corp) * game:props().maritime_coverage
end

function S.revenue(game, corp)
  return game:props().revenue_per_traffic * math.min(S.traffic(game, corp), S.coverage(game, corp))
end

-- Placed stations: { hex = , stop = } each.
function S.stations(game, corp)
  local out = {}
  for _, tk in ipairs(game:corporation_field(corp, "tokens")) do
    if tk.hex ~= nil then out[#out + 1] = { hex = tk.hex, stop = tk.stop } end
  end
  return out
end

-- The city index (among the tile's cities, from 0) of stop `stop` (from
-- 0) of `hex`: what place_token takes.
function S.city_of_stop(game, hex, stop)
  local city = 0
  local stops = game:hex_field(hex, "stops")
  for i = 1, stop do
    if stops[i].kind == "city" then city = city + 1 end
  end
  return city
end

-- Station tokens still on the charter.
function S.tokens_left(game, corp)
  local n = 0
  for _, tk in ipairs(game:corporation_field(corp, "tokens")) do
    if tk.hex == nil and not tk.lost then n = n + 1 end
  end
  return n
end

-- Rank on the Dragons chart: the phase numbers of its trains plus its
-- stations on the map (1865-R-087).
function S.rank(game, corp)
  local rank = #S.stations(game, corp)
  for _, t in ipairs(game:corporation_field(corp, "trains")) do
    rank = rank + game:train_class(t.class).props.phase
  end
  return rank
end

-- "green", "white", "red", or nil for a company with no marker on the
-- chart (1865-R-089). The bounds of each row are title data
-- (props.dragons_regions, A-03).
function S.region(game, corp)
  local row = game:var("row." .. corp)
  if row == nil or not game:corporation_field(corp, "floated") then return nil end
  local bounds = game:props().dragons_regions[tostring(row)]
  local rank = S.rank(game, corp)
  if rank <= bounds[1] then return "red" end
  if rank <= bounds[2] then return "white" end
  return "green"
end

function S.has_tag(list, tag)
  for _, t in ipairs(list) do if t == tag then return true end end
  return false
end

function S.contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

function S.is_mine(game, hex)
  return S.has_tag(game:hex_field(hex, "tags"), "mine")
end

-- The value of the stop a station stands on (a city's or a mine's traffic).
function S.stop_value(game, hex, stop)
  local st = game:hex_field(hex, "stops")[stop + 1]
  return st and st.value or 0
end

-- The short game leaves Corsica out (1865-R-184).
function S.closed_hex(game, hex)
  return game:option("short_game") and S.has_tag(game:hex_field(hex, "tags"), "corsica")
end

-- Players in turn order from the priority holder.
function S.order_from_priority(game)
  local players = game:players()
  local first = game:priority()
  local at = 1
  for i, p in ipairs(players) do if p == first then at = i end end
  local out = {}
  for k = 0, #players - 1 do out[#out + 1] = players[((at - 1 + k) % #players) + 1] end
  return out
end

-- What players see of a company in `corps` and `corp X` (1865-R-036:
-- everything is open): its traffic against its coverage, its revenue now,
-- its rank and region on the Dragons chart, and its loans.
hook("corporation_facts", function(game, corp, facts)
  if not game:corporation_field(corp, "started") then return facts end
  facts[#facts + 1] = "traffic: " .. S.traffic(game, corp)
  facts[#facts + 1] = "coverage: " .. S.coverage(game, corp)
  facts[#facts + 1] = "revenue: " .. S.revenue(game, corp)
  local row = game:var("row." .. corp)
  if row ~= nil then
    facts[#facts + 1] = "chart: PH" .. row .. " rank " .. S.rank(game, corp) .. " " .. (S.region(game, corp) or "-")
  end
  facts[#facts + 1] = "loans: " .. S.loans(game, corp)
  return facts
end)
