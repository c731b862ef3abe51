-- Italian Unification at PH5 and SFM (§3.6, §3.6.1; 18FB-R-150 .. R-157,
-- R-105, R-144; checklist §2.16, §2.17; A-28).
--
-- What PH5 does, in phases.toml's `events` order (A-28(g): Garibaldi
-- first): `garibaldi` (R-150, below), then scripts/presidency.lua's
-- `discard_concessions` (R-151) and `all_definitive` (R-152, R-057), then
-- `regional_companies_round` (R-155: scripts/regionals.lua). Political
-- cards close by phases.toml's close_companies (R-151).
--
-- After PH5 (R-153, R-154, A-28(c), (f)): a major started from now on has
-- no concession and no deposit (scripts/concessions.lua does nothing
-- without a deposit tier). It stays "unfloated" (companies.toml), and so
-- does not operate (the operating_order hook), until players hold 60 % of
-- it; then the bank pays it par for each certificate left in its IPO,
-- those go to the Pool, and it is Definitive: its treasury holds 10 x par.
--
-- SFM (R-155 .. R-157, R-105): a major like the others, on sale from PH5
-- only; its first president picks its home, any city with a free slot on
-- either map, and its token goes there at once. It moves up a row each
-- time it tokens an empty yellow city of its chart's list
-- (props.sfm_empty_yellow_cities, UNVERIFIED A-02).

local UNIFICATION = "PH5"
local FLOAT_PERCENT = 60     -- R-153

local function unified(game) return not game:phase_before(UNIFICATION) end

local function concessions(game) return game:props().concessions or {} end

-- How many concessions `player` holds now (R-150 tie-break 2; A-28(b):
-- railroad concessions only).
local function concessions_held(game, player)
  local n = 0
  for corp in pairs(concessions(game)) do
    if game:var("concession." .. corp) == player then n = n + 1 end
  end
  return n
end

-- R-150 (D-14): the player Garibaldi makes president of `corp`: the most
-- shares; among equals (1) one who does not hold its concession, then (2)
-- the fewest concessions held, then (3) the first in seating order after
-- the old president (who comes last).
function S.garibaldi_choice(game, corp)
  local president = game:corporation_field(corp, "president")
  local shares = game:corporation_field(corp, "shares")
  local order = S.from_seat(game, president)
  table.remove(order, 1)
  order[#order + 1] = president
  local best = 0
  for _, p in ipairs(order) do if (shares[p] or 0) > best then best = shares[p] end end
  local tied = {}
  for _, p in ipairs(order) do if (shares[p] or 0) == best then tied[#tied + 1] = p end end
  if #tied > 1 then
    local holder, free = game:var("concession." .. corp), {}
    for _, p in ipairs(tied) do if p ~= holder then free[#free + 1] = p end end
    if #free > 0 then tied = free end
  end
  if #tied > 1 then
    local fewest = nil
    for _, p in ipairs(tied) do
      local n = concessions_held(game, p)
      if fewest == nil or n < fewest then fewest = n end
    end
    local keep = {}
    for _, p in ipairs(tied) do if concessions_held(game, p) == fewest then keep[#keep + 1] = p end end
    tied = keep
  end
  return tied[1]
end

-- R-150, A-28(g): Garibaldi, before the concessions go. The choice is
-- kept as `garibaldi.<corp>` and logged, and the presidency handed over
-- by the usual swap (game:set_president, R-049).
on("garibaldi", function(game)
  for _, corp in ipairs(game:corporations({ kind = "major", started = true })) do
    local president = game:corporation_field(corp, "president")
    if president ~= nil then
      local choice = S.garibaldi_choice(game, corp)
      game:set_var("garibaldi." .. corp, choice)
      if choice == president then
        game:log("Garibaldi: " .. president .. " keeps the presidency of " .. corp .. " (18FB-R-150)")
      else
        game:log("Garibaldi: the presidency of " .. corp .. " goes to " .. choice .. " (18FB-R-150)")
        if not game:set_president(corp, choice) then
          game:log(choice .. " cannot give certificates worth the president's for " .. corp .. ": " .. president .. " stays president")
        end
      end
    end
  end
end)

-- R-155: SFM is on sale from PH5 only. R-158: regionals are auctioned in
-- the Regional Companies Round (or bought from the Pool, R-161), never
-- started by a par.
hook("can_start", function(game, player, corp)
  if corp == "SFM" and not unified(game) then
    return false, "SFM comes into play at PH5 (Italian Unification)", "18FB-R-155"
  end
  if game:corporation_field(corp, "kind") == "regional" and game:round().kind == "stock" and game:var("rg.starting") ~= corp then
    return false, corp .. " is a regional: it is auctioned in the Regional Companies Round or bought from the Pool", "18FB-R-158"
  end
  return true
end)

-- R-153, A-28(c), (d): once players hold 60 % of a major started after
-- PH5, the bank pays it par for each certificate left in its IPO, they go
-- to the Pool and it is Definitive (R-154).
function S.maybe_float(game, corp)
  if game:corporation_field(corp, "kind") ~= "major" or game:corporation_field(corp, "state") ~= "unfloated" then return end
  if not game:corporation_field(corp, "started") or not unified(game) then return end
  local held = 0
  for _, pct in pairs(game:corporation_field(corp, "shares")) do held = held + pct end
  if held < FLOAT_PERCENT then return end
  local par = game:corporation_field(corp, "par")
  local moved = 0
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.owner == "treasury" and not c.president then
      game:move_certificate(corp, c.index, "pool")
      moved = moved + c.percent // 10
    end
  end
  if moved > 0 then game:transfer("bank", corp, moved * par) end
  game:set_corporation_state(corp, "definitive")
  game:log(corp .. " floats with " .. held .. " % sold: the bank pays " .. game:money(moved * par) .. " for the "
    .. (moved * 10) .. " % left in its IPO, which goes to the Pool; its treasury holds " .. game:money(game:corporation_field(corp, "cash"))
    .. " (18FB-R-153, R-154, A-28)")
end

on("share_bought", function(game, ev) S.maybe_float(game, ev.corp) end)

-- The free slot of a city on `hex` (R-157): the city index (among the
-- stops taking tokens, as place_token counts them) of its first city stop
-- with a slot nobody holds or reserves, or nil.
local function free_city(game, hex)
  local city = 0
  for _, s in ipairs(game:hex_field(hex, "stops")) do
    if s.kind == "city" then
      local free = (s.slots or 0) - #(s.tokens or {}) - #(s.neutral or {}) - #(s.reserved or {})
      if free > 0 and s.open ~= false then return city end
    end
    if s.kind == "city" or s.kind == "offboard" then city = city + 1 end
  end
  return nil
end

local function free_cities(game)
  local out = {}
  for _, hex in ipairs(game:stops_of_kind("city")) do
    if free_city(game, hex) ~= nil then out[#out + 1] = hex end
  end
  return out
end

on("corporation_started", function(game, ev)
  if game:corporation_field(ev.corp, "kind") ~= "major" or not unified(game) then return end
  S.maybe_float(game, ev.corp)
  if ev.corp == "SFM" and game:corporation_field("SFM", "home") == nil then
    local cities = free_cities(game)
    if #cities > 0 then
      game:ask(ev.player, "pick SFM's home: any city with a free slot (18FB-R-157)", cities, "sfm_home", {})
    end
  end
end)

ability("sfm_home", {
  choose = function(game, player, choice, data)
    local city = free_city(game, choice)
    if city == nil then fail(choice .. " has no free slot for SFM's home", "18FB-R-157") end
    game:set_home("SFM", choice, city)
    game:place_home("SFM")
    game:log(player .. " sets SFM's home at " .. choice .. " (" .. (game:hex(choice).name or choice) .. "); its token goes there at once (18FB-R-157)")
  end,
})

-- R-105: SFM tokens an empty yellow city of its chart's list: up a row.
on("token_placed", function(game, ev)
  if ev.corp ~= "SFM" then return end
  if not S.contains(game:props().sfm_empty_yellow_cities, ev.hex) then return end
  if game:corporation_field("SFM", "home") == ev.hex and #S.stations(game, "SFM") <= 1 then return end   -- its home is no bonus
  local color, stops = game:hex_fields(ev.hex, "color", "stops")
  if color ~= "yellow" then return end
  for _, s in ipairs(stops) do
    -- the city SFM tokened held nobody's token before: only SFM's now
    if S.contains(s.tokens, "SFM") and (#s.tokens ~= 1 or #(s.neutral or {}) > 0) then return end
  end
  game:move_price("SFM", "up", 1)
  game:log("SFM tokens the empty yellow city " .. ev.hex .. ": its price moves up a row (18FB-R-105)")
end)

-- What players see: Garibaldi's choice when it could not be carried out.
hook("corporation_facts", function(game, corp, facts)
  local g = game:var("garibaldi." .. corp)
  if g ~= nil and g ~= game:corporation_field(corp, "president") then
    facts[#facts + 1] = "Garibaldi's president: " .. g .. " (18FB-R-150)"
  end
  return facts
end)
