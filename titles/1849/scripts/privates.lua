-- The private companies' special powers (1849-R-034..043). P1's block and
-- P2's discount are data (companies.toml); these three need rules.

-- P5 (RSA): its buyer starts the corporation with place card 1 at L. 68 or
-- L. 100 (its props.par_prices); the corporation receives twice that
-- (props.capital_multiple) from the bank and pays its token fee
-- (1849-R-038, R-059, R-060).
on("company_sold", function(game, ev)
  -- (Asked at every sale: the fields read, not the whole records.)
  local co = {}
  co.props, co.abbr = game:company_fields(ev.company, "props", "abbr")
  if co.props.par_prices == nil then return end
  local corp = game:var("place_card_1")
  if corp == nil or not game:corporation_field(corp, "in_play") then return end
  game:set_var("rsa_corporation", corp)
  game:set_var("rsa_company", ev.company)
  game:ask_par(corp, ev.player, co.props.par_prices, co.props.capital_multiple, ev.player .. " bought " .. ev.company .. " (" .. co.abbr .. "), which starts it")
  game:log(ev.player .. " starts " .. corp .. " with the " .. co.abbr .. " and chooses its value")
end)

-- 1849-R-039: if that corporation closes before owning a train, P5 stays
-- open until all privates close (phase 12), whatever a restart buys.
on("corporation_closed", function(game, ev)
  if ev.corp == game:var("rsa_corporation") then game:set_var("rsa_corporation", nil) end
end)

-- 1849-R-039: P5 closes when that corporation buys its first train.
on("train_bought", function(game, ev)
  local co = game:var("rsa_company")
  if ev.corp == game:var("rsa_corporation") and game:company_field(co, "owner_kind") ~= "closed" then
    game:close_company(co)
    game:set_var("rsa_corporation", nil)
  end
end)

-- P3 (CNM): in its own operating turn the owning corporation closes it and
-- puts the +L. 20 token on any port; that corporation earns L. 20 more
-- there for the rest of the game (1849-R-036, A-41). The core offers it
-- only to P3's owner (companies.toml); ctx.props.bonus is the L. 20.
local function is_port(game, hex)
  for _, h in ipairs(game:stops_of_kind("port")) do if h == hex then return true end end
  return false
end

ability("port_token", {
  actions = function(game, ctx)
    if game:operating() ~= ctx.actor then return {} end
    local out = {}
    for _, hex in ipairs(game:stops_of_kind("port")) do
      out[#out + 1] = { name = "port_token", args = { hex = hex } }
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if game:operating() ~= corp then fail(ctx.company .. " is used in its owner's own operating turn", "1849-R-036") end
    if not is_port(game, args.hex) then fail(tostring(args.hex) .. " is not a port", "1849-R-036") end
    game:add_stop_bonus(args.hex, corp, ctx.props.bonus)
    game:set_var("port_token." .. corp, args.hex)
    game:close_company(ctx.company)
    game:log(corp .. " places the +" .. game:money(ctx.props.bonus) .. " port token on " .. args.hex)
  end,
})

-- P4 (SMS): instead of its tile and token steps, the owning corporation
-- closes it and may lay or upgrade a tile and/or place a token in one
-- coastal city, with no route needed (1849-R-037, R-135). The cities are
-- the hexes map.toml tags with ctx.props.hex_tag ("coastal").
--
-- The company's props (companies.toml) hold V6's reading, which the 1849
-- game kit (titles/1849-gamekit, its E-08) changes: `tile_and_token`
-- (using it, the corporation must lay the tile and place the token: it may
-- not pass either step while it can, and a grey city, where no tile is
-- ever laid, is not offered), `owned_token_waiver` (a hex tag: while the
-- corporation owns the company, unused, its tokens need no route to a hex
-- so tagged) and `rule` (the rule id cited).
local function coastal(game, ctx, hex)
  for _, h in ipairs(game:hexes_tagged(ctx.props.hex_tag)) do if h == hex then return true end end
  return false
end

local function sms_rule(props)
  return props.rule or "1849-R-037"
end

ability("coastal_build", {
  actions = function(game, ctx)
    if game:operating() ~= ctx.actor then return {} end
    if game:step() ~= "lay_tile" or game:turn_field("tiles") > 0 then return {} end
    local out = {}
    for _, hex in ipairs(game:hexes_tagged(ctx.props.hex_tag)) do
      if not ctx.props.tile_and_token or game:hex_field(hex, "color") ~= "gray" then
        out[#out + 1] = { name = "coastal_build", args = { hex = hex } }
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    local rule = sms_rule(ctx.props)
    if game:step() ~= "lay_tile" or game:turn_field("tiles") > 0 then
      fail(ctx.company .. " replaces the tile and token steps: use it before laying a tile", rule)
    end
    if not coastal(game, ctx, args.hex) then fail(tostring(args.hex) .. " is not a coastal city (Caltanissetta and Ragusa are not)", rule) end
    if ctx.props.tile_and_token and game:hex_field(args.hex, "color") == "gray" then
      fail(ctx.company .. " lays a tile and a token: no tile can be laid on " .. args.hex, rule)
    end
    game:close_company(ctx.company)
    game:set_turn_var("sms_hex", args.hex)
    game:set_turn_var("sms_rule", rule)
    if ctx.props.tile_and_token then game:set_turn_var("sms_both", true) end
    game:log(corp .. " uses " .. ctx.company .. " on " .. args.hex)
  end,
})

local function sms_hex(game)
  return game:turn_var("sms_hex")
end

local function turn_rule(game)
  return game:turn_var("sms_rule") or "1849-R-037"
end

-- The hexes where an open company of `corp` with `owned_token_waiver`
-- lets it place a token with no route (the game kit's P4).
local function waiver_hexes(game, corp)
  for _, id in ipairs(game:corporation_field(corp, "companies")) do
    local tag = game:company_field(id, "props").owned_token_waiver
    if tag and game:company_field(id, "owner_kind") == "corporation" then return game:hexes_tagged(tag) end
  end
  return nil
end

-- Guards (docs/lua-api.md, "Guards"): these hooks keep the default unless
-- P4 was used this turn (its turn variables) or a company of the title
-- gives the waiver, so the core answers for them at other times without
-- calling Lua. Each function is still right where its guard fails.
hook("relaxed_hexes", { when = { { turn_var = "sms_hex" }, { company_prop = "owned_token_waiver" } } }, function(game, corp)
  local h = sms_hex(game)
  if h then return { lay = { h }, token = { h } } end
  local waived = waiver_hexes(game, corp)
  if waived then return { lay = {}, token = waived } end
  return nil
end)

hook("can_lay_tile", { when = { turn_var = "sms_hex" } }, function(game, corp, hex, tile, rotation)
  local h = sms_hex(game)
  if h and h ~= hex then return false, "after using P4 the tile may only go on " .. h, turn_rule(game) end
  return true
end)

hook("can_place_token", { when = { turn_var = "sms_hex" } }, function(game, corp, hex)
  local h = sms_hex(game)
  if h and h ~= hex then return false, "after using P4 the token may only go on " .. h, turn_rule(game) end
  return true
end)

-- With `tile_and_token` the tile and the token are not optional: their
-- steps cannot be passed while there is something to do (a step with
-- nothing to do is skipped without a pass).
hook("can_pass", { when = { turn_var = "sms_both", args = { step = { "lay_tile", "place_token" } } } }, function(game, who, step)
  if step ~= "lay_tile" and step ~= "place_token" then return true end
  if not game:turn_var("sms_both") or who ~= game:operating() then return true end
  if step == "lay_tile" then return false, "P4 lays a tile on " .. sms_hex(game) .. ": lay it", turn_rule(game) end
  return false, "P4 places a token on " .. sms_hex(game) .. ": place it", turn_rule(game)
end)
