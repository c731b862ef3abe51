-- A major's operating turn, the parts that are not track, tokens or
-- money (§3.5; 18FB-R-059, R-063 .. R-066, R-100 .. R-101, R-106 ..
-- R-109, R-146): tile steps by the phase it floated in, the destination
-- check with its deposit refunds, secured interest while Building, and
-- the political cards' income.

-- Tile steps (R-066): 2 for a major floated in PH1-PH2, 3 in PH3-PH4,
-- 4 in PH5-PH6 (phases.toml props.tile_steps, read when it floats). The
-- lay_tile step allows one; the rest are extra lays.
on("corporation_started", function(game, ev)
  game:set_var("tile_steps." .. ev.corp, game:phase_props().tile_steps or 2)
end)

-- RM and RA have 4 (R-066); a regional 1 free (its paid second is the
-- regionals' script's).
local KIND_STEPS = { national = 4, regional = 1 }

function S.tile_steps(game, corp)
  return game:var("tile_steps." .. corp) or KIND_STEPS[game:corporation_field(corp, "kind")] or 2
end

hook("extra_tile_lays", function(game, corp)
  return S.tile_steps(game, corp) - 1
end)

-- Has `corp` a token in one of `hexes`? (S.stations: scripts/stations.lua)
local function tokened(game, corp, hexes)
  for _, st in ipairs(S.stations(game, corp)) do
    if S.contains(hexes, st.hex) then return true end
  end
  return false
end

-- The concession's destinations (title.toml props.concessions): FS's
-- intermediate is the one its president named, else either (R-103); FP's
-- follow its base (R-104).
local function destinations(game, corp)
  local c = (game:props().concessions or {})[corp]
  if c == nil then return nil end
  local base = game:var("base." .. corp)
  if c.intermediate_by_base ~= nil then
    if base == nil then return {}, {} end
    return c.intermediate_by_base[base], c.final_by_base[base]
  end
  local named = game:var("intermediate." .. corp)
  return named and { named } or c.intermediate or {}, c.final or {}
end

-- R-103 (§3.3.2 note 4): FS's president names Brindisi or Taranto as its
-- intermediate destination at any moment (in a stock turn, or in FS's
-- operating turn), and may change it until it is reached.
ability("name_intermediate", {
  unbound = true,
  actions = function(game, ctx)
    local out = {}
    for corp, c in pairs(game:props().concessions or {}) do
      -- A choice first (only FS has one), then whose it is.
      local choice = c.intermediate and #c.intermediate > 1
      local mine = choice and ((ctx.actor_kind == "corporation" and ctx.actor == corp)
        or (ctx.actor_kind == "player" and game:corporation_field(corp, "president") == ctx.actor))
      if mine and game:corporation_field(corp, "state") == "building" then
        for _, hex in ipairs(c.intermediate) do
          if game:var("intermediate." .. corp) ~= hex then
            out[#out + 1] = { name = "name_intermediate", args = { corp = corp, hex = hex } }
          end
        end
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local c = (game:props().concessions or {})[args.corp]
    local president = game:corporation_field(args.corp, "president")
    if c == nil or not c.intermediate or #c.intermediate < 2 or not S.contains(c.intermediate, args.hex) then
      fail(tostring(args.hex) .. " is not one of " .. tostring(args.corp) .. "'s intermediate destinations to choose from", "18FB-R-103")
    end
    if not (ctx.actor == args.corp or ctx.actor == president) then
      fail("only " .. args.corp .. "'s president names its intermediate destination", "18FB-R-103")
    end
    if game:corporation_field(args.corp, "state") ~= "building" then
      fail(args.corp .. " has reached its intermediate destination: the choice is made", "18FB-R-103")
    end
    game:set_var("intermediate." .. args.corp, args.hex)
    game:log(president .. " names " .. args.hex .. " " .. args.corp .. "'s intermediate destination (18FB-R-103)")
  end,
})

-- R-104, A-41: FP's president picks its base when the concession is
-- acquired. The other home's token becomes a reserved slot (the final
-- destination), and the unchosen intermediate loses its reserved slot.
on("corporation_started", function(game, ev)
  local c = (game:props().concessions or {})[ev.corp]
  if c == nil or c.intermediate_by_base == nil or game:var("concession." .. ev.corp) == nil then return end
  local names = {}
  for _, hex in ipairs(c.home) do names[#names + 1] = hex end
  game:ask(game:corporation_field(ev.corp, "president"), "the base of " .. ev.corp .. " (18FB-R-104): " .. table.concat(names, " or "),
    names, "choose_base", { corp = ev.corp })
end)

ability("choose_base", {
  choose = function(game, player, base, data)
    local corp = data.corp
    local c = game:props().concessions[corp]
    game:set_var("base." .. corp, base)
    for _, hex in ipairs(c.home) do
      if hex ~= base then
        game:remove_tokens(hex, false, corp)
        game:reserve(hex, corp)
      end
    end
    for other, inter in pairs(c.intermediate_by_base) do
      if other ~= base then
        for _, hex in ipairs(inter) do game:remove_reservation(hex, corp) end
      end
    end
    game:log(player .. " bases " .. corp .. " at " .. base .. ": intermediate destination " .. table.concat(c.intermediate_by_base[base], ", ")
      .. ", final " .. table.concat(c.final_by_base[base], " or ") .. " (18FB-R-104)")
  end,
})

-- R-103: once FS reaches one intermediate destination, its reserved slot
-- in the other is removed.
local function drop_other_intermediates(game, corp)
  local c = (game:props().concessions or {})[corp]
  if c == nil or not c.intermediate or #c.intermediate < 2 then return end
  for _, hex in ipairs(c.intermediate) do
    if game:remove_reservation(hex, corp) then
      game:log(corp .. "'s reserved slot in " .. hex .. " is removed: its intermediate destination is reached (18FB-R-103)")
    end
  end
end

-- Refunds `amount` of the deposit to the concession's holder (R-041).
local function refund(game, corp, amount, why)
  if amount <= 0 then return end
  local holder = game:var("concession." .. corp)
  game:set_var("deposit." .. corp, game:var("deposit." .. corp) - amount)
  game:transfer("bank", holder, amount)
  game:log(holder .. " gets " .. game:money(amount) .. " of " .. corp .. "'s deposit back (" .. why .. ")")
end

-- The destination check (R-100, R-101, A-21): a Building major with a
-- token on its intermediate destination becomes Provisional and refunds
-- half the deposit held (rounded up, A-14), or, with its final already
-- tokened, Definitive at once with the whole refund; a Provisional one
-- with a token on its final becomes Definitive and refunds the rest.
function S.check_destinations(game, corp)
  local inter, final = destinations(game, corp)
  if inter == nil then return end
  local state = game:corporation_field(corp, "state")
  local held = game:var("deposit." .. corp) or 0
  if state == "building" and tokened(game, corp, inter) then
    if tokened(game, corp, final) then
      game:set_corporation_state(corp, "definitive")
      refund(game, corp, held, "both destinations reached, 18FB-R-101, A-21")
    else
      game:set_corporation_state(corp, "provisional")
      refund(game, corp, (held + 1) // 2, "intermediate destination reached, 18FB-R-100, A-14")
    end
    drop_other_intermediates(game, corp)
  elseif state == "provisional" and tokened(game, corp, final) then
    game:set_corporation_state(corp, "definitive")
    refund(game, corp, held, "final destination reached, 18FB-R-101")
  end
end

step("destination", {
  skip = function(game, corp)
    S.check_destinations(game, corp)
    return true
  end,
  actions = function(game) return {} end,
  process = function(game, corp) return true end,
})

-- Secured interest (R-106 .. R-109, A-20): a Building major that used
-- all its tile steps this turn has the bank pay its band's rate for each
-- share held by a player or a corporation (not the IPO's, the pool's or
-- its own); its price stays. Otherwise nothing is paid and its price
-- moves left.
local BANDS = { "A", "B", "C", "D", "E" }

-- The band of `corp`: its concession's, raised by Melisurgo (R-110).
local function band(game, corp)
  local b = ((game:props().concessions or {})[corp] or {}).band
  if b ~= nil and game:var("melisurgo") == corp then
    for i, x in ipairs(BANDS) do
      if x == b then b = BANDS[math.min(#BANDS, i + game:props().melisurgo_columns)]; break end
    end
  end
  return b
end

local function band_rate(game, corp)
  return game:props().secured_interest[band(game, corp)]
end

-- Melisurgo (§2.7 note 1, R-110, R-065, A-24): in its own operating turn
-- a Building major whose president holds the card raises its band two
-- columns, never above E, for as long as it stays Building; the card is
-- used up (it keeps paying its income, A-23).
ability("melisurgo", {
  actions = function(game, ctx)
    if ctx.actor_kind ~= "corporation" or game:corporation_field(ctx.actor, "state") ~= "building" then return {} end
    return { { name = "melisurgo", args = {} } }
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if ctx.actor_kind ~= "corporation" or game:corporation_field(corp, "state") ~= "building" then
      fail("Melisurgo raises the secured-interest band of a Building major, in its own operating turn", "18FB-R-110")
    end
    local before = band(game, corp)
    game:set_var("melisurgo", corp)
    game:use_company(ctx.company)
    game:log(corp .. " uses Melisurgo: its secured-interest band goes from " .. before .. " to " .. band(game, corp) .. " (18FB-R-110)")
  end,
})

-- The certificates secured interest is paid on (R-107): held by players
-- and other corporations, each `{ owner, shares }`.
local function interest_holders(game, corp)
  local out = {}
  for _, cert in ipairs(game:corporation_field(corp, "certificates")) do
    local o = cert.owner
    if o ~= "treasury" and o ~= "pool" and o ~= "removed" and o ~= corp then
      out[#out + 1] = { owner = o, shares = cert.percent // 10 }
    end
  end
  return out
end

-- What players see of a Building major: its band and the interest due at
-- the end of its turn if it uses all its tile steps (R-106 .. R-110).
hook("corporation_facts", function(game, corp, facts)
  if game:corporation_field(corp, "state") ~= "building" or band(game, corp) == nil then return facts end
  local shares = 0
  for _, h in ipairs(interest_holders(game, corp)) do shares = shares + h.shares end
  local rate = band_rate(game, corp)
  facts[#facts + 1] = "secured interest: band " .. band(game, corp) .. ", " .. game:money(rate) .. " a share, "
    .. game:money(rate * shares) .. " due if it uses all " .. S.tile_steps(game, corp) .. " tile steps (18FB-R-106 .. R-108)"
  return facts
end)

step("secured_interest", {
  skip = function(game, corp)
    -- only a Building major (the other states skip the step; RM, RA and
    -- the regionals have no states and no interest)
    if game:corporation_field(corp, "state") ~= "building" then return true end
    local used = game:turn_field("tiles")
    local steps = S.tile_steps(game, corp)
    if used < steps then
      game:move_price(corp, "left")
      game:log(corp .. " used " .. used .. " of its " .. steps .. " tile steps: no secured interest, its price moves left (18FB-R-108, R-109)")
      return true
    end
    local rate = band_rate(game, corp)
    local paid = 0
    for _, h in ipairs(interest_holders(game, corp)) do
      game:transfer("bank", h.owner, rate * h.shares)
      paid = paid + rate * h.shares
    end
    game:log(corp .. " used all " .. steps .. " tile steps: the bank pays " .. game:money(rate) .. " a share in secured interest, "
      .. game:money(paid) .. " in all (18FB-R-106, R-107)")
    return true
  end,
  actions = function(game) return {} end,
  process = function(game, corp) return true end,
})

-- R-146: a railroad card's income drops to D10 once its railroad places
-- a token other than its home token(s).
on("token_placed", function(game, ev)
  for _, card in ipairs(game:companies()) do
    local facts = game:props().political[card]
    if type(facts) == "table" and facts.corp == ev.corp and facts.reduced_income
      and game:company_field(card, "revenue") ~= facts.reduced_income then
      -- its home tokens: both of FP's until its base is chosen (R-104)
      local homes = game:var("base." .. ev.corp) and 1 or #game:corporation_field(ev.corp, "homes")
      if #S.stations(game, ev.corp) > homes then
        game:set_company_revenue(card, facts.reduced_income)
        game:log(card .. "'s income drops to " .. game:money(facts.reduced_income) .. ": " .. ev.corp .. " placed a token beyond its home (18FB-R-146)")
      end
    end
  end
end)

-- R-102: a major's historical destinations are the slots the map reserves
-- for it (§2.5.4; its homes excepted). Read once at setup, before any
-- token uses them up.
hook("setup", function(game)
  local hist = {}
  for _, kind in ipairs({ "city", "offboard" }) do
    for _, hex in ipairs(game:stops_of_kind(kind)) do
      for _, stop in ipairs(game:hex_field(hex, "stops")) do
        for _, corp in ipairs(stop.reserved or {}) do
          if not S.contains(game:corporation_field(corp, "homes"), hex) then
            hist[corp] = hist[corp] or {}
            if not S.contains(hist[corp], hex) then hist[corp][#hist[corp] + 1] = hex end
          end
        end
      end
    end
  end
  game:set_var("historical", hist)
end)

-- R-102, A-21: a token on one of its historical destinations moves a
-- Provisional or Definitive major's price up a row (none at the top); a
-- Building major gets no bonus, even for the token that ends Building.
on("token_placed", function(game, ev)
  local hist = (game:var("historical") or {})[ev.corp]
  if hist == nil or not S.contains(hist, ev.hex) then return end
  local state = game:corporation_field(ev.corp, "state")
  if state ~= "provisional" and state ~= "definitive" then return end
  game:move_price(ev.corp, "up", 1)
  game:log(ev.corp .. " reaches its historical destination " .. ev.hex .. ": its price moves up a row (18FB-R-102)")
end)
