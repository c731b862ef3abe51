-- The privates P1-P7 (1844-R-168 to R-179).

local function is_player(game, name)
  return game:is_player(name)
end
C.is_player = is_player

-- 1844-R-169: from the company's own director, 1 SFR to twice face value.
-- The 18xx.games website asked at least half the face value (rounded up)
-- until 30 March 2025; an import reads the actions recorded before then so:
-- the importer sets the variable below for them ([props.import_18xx]
-- readings in title.toml).
-- The 1 SFR is the privates' props.min_price; a company without one is no
-- company a corporation may buy (the core's range stands).
-- Asked for every private a player holds whenever a company's moves are
-- listed: it reads two fields rather than the whole company.
-- Guarded (docs/lua-api.md, "Guards"): only privates with a min_price.
hook("company_price_range", { when = { args = { company = { has_prop = "min_price" } } } }, function(game, corp, company, min, max)
  local min_price = game:company_field(company, "props").min_price
  if min_price == nil then return nil end
  local value = game:company_field(company, "value")
  if game:var("website.private_min_half") then return (value + 1) // 2, 2 * value end
  return min_price, 2 * value
end)

hook("can_buy_company", function(game, corp, company)
  local kind = game:corporation_field(corp, "kind")
  if game:company_field(company, "kind") ~= "private" then return false, company .. " is not a private", "1844-R-170" end
  if kind ~= "historical" and kind ~= "regional" then
    return false, "only historical and regional companies may own privates", "1844-R-170"
  end
  if game:company_field(company, "owner_kind") ~= "player" or game:company_field(company, "owner") ~= game:corporation_field(corp, "president") then
    return false, corp .. " may buy a private only from its director", "1844-R-169"
  end
  return true
end)

-- Owners remembered for what happens when privates close (P4, P7).
on("company_bought", function(game, ev)
  if ev.company == "P4" or ev.company == "P7" then game:set_var(ev.company .. ".owner", ev.owner) end
end)

-- 1844-R-176: P6 closes when FNM first runs a train.
on("trains_run", { when = { args = { corp = "FNM" } } }, function(game, ev)
  if ev.corp == "FNM" and #ev.routes > 0 and game:company_field("P6", "owner_kind") ~= "closed" then
    -- The core logs "P6 closes".
    game:log("FNM runs a train for the first time (1844-R-176)")
    game:close_company("P6")
  end
end)

-- ---------------------------------------------------------------- P4

-- Lays the Furka-Oberalp line (the tile of each hex is map.toml's
-- props.furka_oberalp_tile), closes P4, pays its owner props.compensation
-- (R-174).
local function furka_oberalp(game, owner)
  local props = game:company_field("P4", "props")
  for _, hex in ipairs(game:hexes_tagged("tunnel")) do
    local h = game:hex(hex)
    local tile = h.props.furka_oberalp_tile   -- nil: the line does not cross it
    if tile ~= nil and not h.laid then
      game:lay_tile(nil, hex, tile, 0, { connection = false, phase_colours = false, hidden = true, replace = true })
    elseif tile ~= nil then
      -- A tunnel already there stays: the hex gets both (scripts/tunnels.lua).
      C.furka_over_tunnel(game, hex, tile)
    end
  end
  game:set_var("furka_oberalp", true)
  if game:company_field("P4", "owner_kind") ~= "closed" then game:close_company("P4") end
  if owner then
    game:transfer("bank", owner, props.compensation)
    game:log("the Furka-Oberalp line is laid; " .. owner .. " receives " .. game:money(props.compensation))
  end
end

-- The core offers P4's ability to its owner and to a company its owner
-- directs (used_by = "owner_or_presided"). "At any time" (A-24): at any
-- point of a stock turn of the owner or of an operating turn of the owning
-- company or of one the owner directs, not only at the track step (the
-- line is an extra lay of its own). An operating turn whose steps are all
-- done is not kept open for it.
local function p4_usable(game, ctx)
  if not C.phase_reached(game, ctx.props.from_phase) then return false end
  return ctx.actor_kind == "player" or game:step() ~= nil
end

ability("furka_oberalp_line", {
  actions = function(game, ctx)
    if not p4_usable(game, ctx) then return {} end
    return { { name = "furka_oberalp_line", args = {} } }
  end,
  process = function(game, ctx, args)
    if not p4_usable(game, ctx) then fail("only P4's owner may lay the Furka-Oberalp line, from phase " .. ctx.props.from_phase, "1844-R-174") end
    furka_oberalp(game, ctx.owner)
  end,
})

-- ---------------------------------------------------------------- P2

-- 1844-R-173: one extra yellow tile, once, by a company that owns P2 or
-- whose director owns it (`do extra_yellow_tile hex=H tile=T rotation=R`).
-- Its tiles and first phase are P2's props. The hooks below are asked for
-- any company, so they look P2 up; the ability gets it from the core.
local function p2_tiles(game)
  return game:company_field("P2", "props").tiles
end

local function p2_usable(game, corp)
  local kind, used, props, owner = game:company_fields("P2", "owner_kind", "used", "props", "owner")
  if kind == "closed" or kind == "bank" or used or not C.phase_reached(game, props.from_phase) then return false end
  if is_player(game, corp) or game:operating() ~= corp then return false end
  return owner == corp or (kind == "player" and game:corporation_field(corp, "president") == owner)
end

ability("extra_yellow_tile", {
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if not p2_usable(game, corp) then fail("P2's extra tile is for a company that owns P2 or whose director does, from phase 3", "1844-R-173") end
    if not C.contains(ctx.props.tiles, tostring(args.tile)) then fail("P2 lays a plain yellow tile", "1844-R-173") end
    local h = game:hex(args.hex)
    local cost = h.laid and 0 or (h.cost or 0)
    if cost > game:corporation_field(corp, "cash") then fail(corp .. " cannot pay the terrain cost", "1844-R-078") end
    game:lay_tile(corp, args.hex, tostring(args.tile), tonumber(args.rotation) or 0, { connection = true })
    if cost > 0 then game:transfer(corp, "bank", cost) end
    game:use_company(ctx.company)
    game:log(corp .. " uses " .. ctx.company .. " to lay " .. tostring(args.tile) .. " on " .. args.hex)
  end,
})

-- In the track step P2 is one more lay (so the legal moves offer it): the
-- second lay of the turn must be one of P2's yellow tiles, and it flips P2.
hook("extra_tile_lays", function(game, corp)
  if p2_usable(game, corp) then return 1 end
  return 0
end)

hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if game:operating() == corp and (game:turn_field("tiles") or 0) >= 1 and p2_usable(game, corp) then
    if not C.contains(p2_tiles(game), tostring(tile)) then
      return false, "the second lay of the turn is P2's, a plain yellow tile", "1844-R-173"
    end
  end
  return true
end)

on("tile_laid", function(game, ev)
  -- (Only an operating round has a corporation operating.)
  local corp = game:operating()
  if corp == nil then return end
  -- Events are handled after the action: the count includes this lay.
  if (game:turn_field("tiles") or 0) >= 2 and p2_usable(game, corp) then
    game:use_company("P2")
    game:log(corp .. " uses P2 to lay " .. tostring(ev.tile) .. " on " .. ev.hex)
  end
end)

-- ---------------------------------------------------------------- phase 5

on("furka_oberalp", function(game)
  if not game:var("furka_oberalp") then
    -- 1844-R-174: laid automatically when phase 5 begins.
    furka_oberalp(game, game:var("P4.owner"))
  end
end)

-- 1844-R-177: P7's owner receives EVA when the first 5/5H leaves the bank.
on("phase_changed", { when = { args = { phase = "5" } } }, function(game, ev)
  if ev.phase ~= "5" then return end
  local owner = game:var("P7.owner")
  if owner and is_player(game, owner) and not game:var("eva.given") then
    game:set_var("eva.id", game:give_train("EVA", owner))
    game:set_var("eva.given", true)
    game:set_var("eva.pending", true)
    game:log(owner .. " receives the 5H train EVA (P7)")
  end
end)

-- 1844-R-178: EVA to a company its owner directs, within its train limit.
local function eva_id(game, player)
  return game:var("eva.given") and game:var("P7.owner") == player and not game:var("eva.placed")
end

-- P7 has closed by then: EVA is no company's ability, every player and
-- company is asked.
ability("give_eva", {
  unbound = true,
  -- Guard (docs/lua-api.md, "Guards"): nothing to offer before EVA is
  -- given or once it is placed (eva.pending: given, not yet placed; this
  -- is asked at every listing of moves of the rest of the game).
  when = { var = "eva.pending" },
  actions = function(game, ctx)
    -- Asked at every move of the game: the cheap test first.
    if not game:var("eva.given") or game:var("eva.placed") then return {} end
    local who = ctx.actor
    local player = who
    -- At once or later (R-178): in a stock turn of the owner, or at any
    -- point of an operating turn of a company the owner directs.
    if not is_player(game, who) then player = game:corporation_field(who, "president") end
    if player == nil or not eva_id(game, player) then return {} end
    local out = {}
    for _, corp in ipairs(C.directed(game, player)) do
      out[#out + 1] = { name = "give_eva", args = { corp = corp } }
    end
    return out
  end,
  process = function(game, ctx, args)
    local who = ctx.actor
    local player = who
    if not is_player(game, who) then player = game:corporation_field(who, "president") end
    if player == nil or not eva_id(game, player) then fail("EVA belongs to P7's owner", "1844-R-178") end
    local corp = args.corp
    local president, trains = game:corporation_fields(corp, "president", "trains")
    if president ~= player then fail(player .. " does not direct " .. tostring(corp), "1844-R-178") end
    if #trains >= C.train_limit(game, corp) then fail(corp .. " is at its train limit", "1844-R-178") end
    game:give_train(game:var("eva.id"), corp)
    game:set_var("eva.placed", true)
    game:set_var("eva.pending", false)
    game:log(player .. " gives EVA to " .. corp)
  end,
})
