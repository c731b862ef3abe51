-- Minors and majors (§3.6 - §3.9). Companies launched in phases 2-4 are
-- minors, from phase 5 majors; one relaunched after an absorption is
-- always a major (1865-R-025, R-064). A minor whose station has a direct
-- route to its destination may convert in the pre-stock-round step
-- (R-081 .. R-086): its certificates are re-faced where they are (40 % to
-- 20 %, 20 % to 10 %), five 10 % certificates join the IPO, the price and
-- every certificate's value stay, no money moves, and it gains stations
-- by phase (+1 in phase 2 ... +4 from phase 5), never beyond 7 (A-16).

local function token_count(game, corp)
  local n = 0
  for _, tk in ipairs(game:corporation_field(corp, "tokens")) do
    if not tk.lost then n = n + 1 end
  end
  return n
end

-- Gives the company `total` stations in all (placed ones kept), none
-- costing anything by themselves (a station's cost is its route's).
function S.set_token_total(game, corp, total)
  local costs = {}
  for i = 1, total do costs[i] = 0 end
  game:set_tokens(corp, costs)
end

local function become_major(game, corp, why)
  if game:corporation_field(corp, "kind") == "major" then return end      -- a major relaunched
  game:convert_corporation(corp, "major")
  game:log(corp .. " is a major company (" .. why .. ")")
end

-- Cities (not mines) with a free slot where `corp` has no station: the
-- homes a relaunched company may choose (1865-R-064).
local function free_cities(game, corp)
  local out = {}
  for _, hex in ipairs(game:stops_of_kind("city")) do
    local h = game:hex(hex)
    if not S.has_tag(h.tags, "mine") and not S.closed_hex(game, hex) then
      for _, st in ipairs(h.stops) do
        if st.kind == "city" and #st.tokens < st.slots and not S.contains(st.tokens, corp) then
          out[#out + 1] = hex
          break
        end
      end
    end
  end
  return out
end

on("corporation_started", function(game, ev)
  local relaunch = game:var("absorbed." .. ev.corp)
  if relaunch or S.phase(game) >= tonumber(game:props().majors_from_phase) then
    become_major(game, ev.corp, relaunch and "relaunched after its absorption, 1865-R-064" or "launched in phase " .. game:phase() .. ", 1865-R-025")
    S.set_token_total(game, ev.corp, game:props().major_tokens)
    game:set_var("absorbed." .. ev.corp, nil)
    if relaunch then
      -- The home station goes down where companies.toml puts it if that
      -- city has a free slot; the president may then move it to any city
      -- with one. With the old home full, he picks among the others
      -- (the rulebook places it "when the presidential certificate is
      -- bought", §4.4, and says no more).
      local free = free_cities(game, ev.corp)
      local old_home = (game:corporation_field(ev.corp, "homes") or {})[1]
      if #S.stations(game, ev.corp) == 0 and S.contains(free, old_home) then
        game:place_home(ev.corp)
      end
      local placed = S.stations(game, ev.corp)[1]
      local here = placed and placed.hex
      local choices = { here }
      for _, hex in ipairs(free) do
        if hex ~= here then choices[#choices + 1] = hex end
      end
      if #choices == 0 then
        fail(ev.corp .. " cannot return: no city has a free slot for its home station (1865-R-064)", "1865-R-064")
      elseif here == nil and #choices == 1 then
        S.move_home(game, ev.corp, nil, choices[1])
      elseif #choices > 1 then
        game:ask(ev.player, "where is " .. ev.corp .. "'s new home? (1865-R-064)", choices, "relaunch_home", { corp = ev.corp, from = here })
      end
    end
  else
    S.set_token_total(game, ev.corp, game:props().minor_tokens)
  end
end)

-- 1865-R-082: a direct route joins one of its stations to its destination
-- (a station there will do too).
function S.reaches_destination(game, corp)
  local dest = game:corporation_field(corp, "destination")
  if dest == nil then return false end
  for _, st in ipairs(S.stations(game, corp)) do
    if st.hex == dest then return true end
    for _, r in ipairs(game:direct_routes(st.hex, st.stop, S.route_opts(game, corp))) do
      if r.to == dest then return true end
    end
  end
  return false
end

local function may_convert(game, corp)
  return game:corporation_field(corp, "kind") == "minor" and game:corporation_field(corp, "floated")
    and game:corporation_field(corp, "president") ~= nil and S.reaches_destination(game, corp)
end

-- The next minor to be offered conversion this pre-stock round, in
-- operating order (1865-R-080).
local function next_offer(game)
  local offered = game:var("conversion.offered") or {}
  for _, corp in ipairs(game:value_order()) do
    if not S.contains(offered, corp) and may_convert(game, corp) then return corp end
  end
  return nil
end

function S.offer_conversions(game)
  local corp = next_offer(game)
  if corp == nil then
    game:set_var("conversion.offered", nil)
    return
  end
  local offered = game:var("conversion.offered") or {}
  offered[#offered + 1] = corp
  game:set_var("conversion.offered", offered)
  local pres = game:corporation_field(corp, "president")
  game:ask(pres, corp .. " reaches its destination " .. game:corporation_field(corp, "destination")
    .. ": convert it to a major (+" .. S.by_phase(game, "conversion_tokens") .. " stations)?", { "convert", "decline" }, "conversion", { corp = corp })
end

-- Moves a relaunched company's home station from `from` (nil: not
-- placed) to the first city of `to` with a free slot.
function S.move_home(game, corp, from, to)
  if from ~= nil then game:remove_tokens(from, false, corp) end
  local city = 0
  for _, st in ipairs(game:hex_field(to, "stops")) do
    if st.kind == "city" and #st.tokens < st.slots then break end
    if st.kind == "city" then city = city + 1 end
  end
  -- The core keeps companies.toml's home; the scripts read the chosen
  -- one from home.<corp> (the city its floating traffic comes from).
  game:place_token(corp, to, city, false)
  game:set_var("home." .. corp, to)
  game:log(corp .. "'s new home is " .. to .. " (1865-R-064)")
end

ability("relaunch_home", {
  choose = function(game, player, choice, data)
    if choice == data.from then return end
    S.move_home(game, data.corp, data.from, choice)
  end,
})

ability("conversion", {
  choose = function(game, player, choice, data)
    local corp = data.corp
    if choice == "convert" then
      local before = token_count(game, corp)
      become_major(game, corp, "converted by " .. player .. ", 1865-R-083")
      local total = math.min(game:props().major_tokens, before + S.by_phase(game, "conversion_tokens"))
      S.set_token_total(game, corp, total)
      game:log(corp .. " now has " .. total .. " stations in all (1865-R-085)")
    else
      game:log(player .. " does not convert " .. corp)
    end
    S.offer_conversions(game)
  end,
})
