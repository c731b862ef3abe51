-- Traffic and revenue (§4.5; checklist §4): a company holds traffic units
-- that only ever grow; it earns L. 10 for each unit up to the coverage of
-- its trains and maritime companies. No route is searched (1865-R-135,
-- R-138).

-- What a company's home city is worth when it floats (1865-R-061): the
-- value of the city its home station stands on, now (an empty city hex
-- prints none: 0, A-07).
local function home_value(game, corp)
  local home = game:var("home." .. corp) or game:corporation_field(corp, "home")
  if home == nil then return 0 end
  for _, st in ipairs(S.stations(game, corp)) do
    if st.hex == home then return S.stop_value(game, st.hex, st.stop) end
  end
  return 0
end

on("corporation_floated", function(game, ev)
  local corp = ev.corp
  S.add_traffic(game, corp, home_value(game, corp), "its home city, 1865-R-061")
  -- The rank marker: the PH2 row when floating in phases 2-4, else the
  -- PH3 row (1865-R-060, A-04).
  local row = 2
  if S.phase(game) >= 5 then row = 3 end
  game:set_var("row." .. corp, row)
  game:log(corp .. " floats: its rank marker is on the PH" .. row .. " row of the Dragons chart")
end)

-- 1865-R-135: L. 10 per unit of traffic, up to the coverage.
hook("revenue", function(game, corp)
  return S.revenue(game, corp)
end)

-- 1865-R-068, R-070, R-071: a dividend one space right, no revenue one
-- space left, revenue withheld no move.
hook("dividend_move", function(game, corp, kind, revenue)
  if revenue == 0 then return "left" end
  if kind == "payout" then return "right" end
  return "none"
end)

-- A traffic upgrade of a city: every floated company with a station there
-- gains the rise at once, the layer included (1865-R-110, R-191); a town's
-- rise gives nothing now (R-111). A city's values are kept in
-- city_values.<hex> from the first tile on (a first yellow tile is not a
-- rise, A-07).
on("tile_laid", function(game, ev)
  local h = game:hex(ev.hex)
  local before = game:var("city_values." .. ev.hex)
  local now = {}
  for i, st in ipairs(h.stops) do now[i] = st.value end
  game:set_var("city_values." .. ev.hex, now)
  if before == nil or S.has_tag(h.tags, "mine") then return end
  for i, st in ipairs(h.stops) do
    local rise = st.value - (before[i] or st.value)
    if st.kind == "city" and rise > 0 then
      for _, corp in ipairs(st.tokens) do
        if game:corporation_field(corp, "floated") then
          S.add_traffic(game, corp, rise, ev.hex .. " upgraded, 1865-R-110")
        end
      end
    end
  end
end)
