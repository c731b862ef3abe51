-- The Regional Companies Round and the regionals' operation (§3.6.2,
-- §3.6.3; 18FB-R-060, R-158 .. R-175; checklist §2.18, §2.19, §3.1,
-- §3.3; D-28 .. D-30; A-29 .. A-31).
--
-- The round (R-155, R-164): PH5's event `regional_companies_round` marks
-- it due (`rcr.pending`). flow.toml's cycle is stock, operating*,
-- regional, operating: the skip_round hook below leaves the "regional"
-- round out unless it is due, and when PH5 began in the first OR of a
-- set it leaves that set's second OR out instead and plays it after the
-- RCR as the single "operating" of the cycle (`rcr.late_due`); when PH5
-- began in the second OR, the RCR follows it and the single OR is left
-- out. So the RCR comes straight after the OR in which PH5 began, and
-- play goes on with the second OR of the set or the next stock round.
--
-- The auction (R-158 .. R-162) has political.lua's shape: the priority
-- holder picks the first regional, the picker bids or passes, the others
-- raise or pass; bids are the nominal value plus multiples of D5, each
-- raise at least D5, within cash; the next picker is the player seated
-- after the previous one. The whole winning bid goes to the regional's
-- treasury (A-29); a regional nobody bids on goes to the Pool, where a
-- player may buy it in a stock turn for any amount at least its nominal
-- value (R-161). The priority deal does not move (R-162). The home tokens
-- go down (R-163).
--
-- A regional's certificate is its one 100 % certificate: it counts 1
-- toward the limit (the core's count); its market token stands on the
-- cell of its nominal value and never moves (dividend_move and the sale
-- drop leave regionals alone, scripts/market.lua; no sold-out rise: its
-- state), so the core's final value counts the nominal value (R-165).
--
-- Vars: rcr.pending, rcr.last_or (which OR of its set the last OR was),
-- rcr.late_due, rcr.held; rcr.picker,
-- rcr.corp, rcr.high, rcr.leader, rcr.in (the auction, as pr.* in
-- political.lua); rcr.pool.<corp> (unsold, in the Pool);
-- rg.waiting.<corp> (its home token waits for a slot, R-163);
-- rg.colour.<hex> (the colour of the tile last laid there, R-169);
-- rg.bonus.<corp>.<hex> (a destination bonus paid, R-170).

local function facts(game) return game:props().regionals end

local function nominal(game, corp) return facts(game).nominal[corp] end

local function is_regional(game, corp)
  return corp ~= nil and game:corporation_field(corp, "kind") == "regional"
end

local function owner(game, corp) return game:corporation_field(corp, "president") end

function S.regional_in_pool(game, corp) return game:var("rcr.pool." .. corp) == true end

---------------------------------------------------------------------------
-- When the round comes (R-155, R-164)

on("regional_companies_round", function(game)
  if game:var("rcr.held") then return end
  game:set_var("rcr.pending", true)
  game:log("PH5: a Regional Companies Round follows this operating round (18FB-R-155)")
end)

on("round_started", function(game, ev)
  if ev.kind == "operating" then game:set_var("rcr.last_or", game:round().set_index) end
end)

-- The late OR is played once.
on("round_ended", function(game) game:set_var("rcr.late_due", nil) end)

hook("skip_round", function(game, name, kind)
  local before = game:round().name      -- the round that just ended
  if name == "regional" then return not game:var("rcr.pending") end
  if name == "operating" then
    if before == "operating" and game:var("rcr.pending") then return true end   -- the RCR first (R-164)
    if before == "regional" then return not game:var("rcr.late_due") end
  end
  return nil
end)

---------------------------------------------------------------------------
-- The auction (R-158 .. R-162)

local function bid_step(game) return facts(game).bid_step end

-- Regionals still to auction, in their order of play.
local function left(game)
  local out = {}
  for _, corp in ipairs(facts(game).order) do
    if not game:corporation_field(corp, "started") and not S.regional_in_pool(game, corp) then out[#out + 1] = corp end
  end
  return out
end

local function min_bid(game, corp)
  local high = game:var("rcr.high")
  return high and high + bid_step(game) or nominal(game, corp)
end

-- R-163: the home token of a regional goes on its home city, sold or not;
-- with no slot it may fill (the core's slot rules: reservations of others
-- on the last free slot included) it waits (rg.waiting) for the first one
-- to free up. A refused placement changes nothing (docs/lua-api.md).
local function place_home(game, corp)
  if #S.stations(game, corp) > 0 then return end
  local hex = game:corporation_field(corp, "homes")[1]
  if pcall(function() game:place_token(corp, hex, 0, false) end) then
    game:set_var("rg.waiting." .. corp, nil)
    game:log(corp .. "'s home token goes on " .. hex .. " (18FB-R-163)")
  elseif not game:var("rg.waiting." .. corp) then
    game:set_var("rg.waiting." .. corp, true)
    game:log(corp .. "'s home token waits beside " .. hex .. " for a free slot (18FB-R-163)")
  end
end

-- The regional becomes `player`'s, for `price` paid into its treasury
-- (R-160, A-29; R-161), or to the bank (`to`, the option
-- regional_bids_to_bank). Its token stands on the cell of its nominal
-- value (R-165).
-- A regional whose home city has no slot for it starts with its home
-- token off the map (start_corporation's `home = false`): it waits
-- (R-163, R-167).
local function hand_over(game, corp, player, price, to)
  -- an unsold regional's home token stood there already (R-163): the
  -- start puts it back in the same slot
  for _, st in ipairs(S.stations(game, corp)) do game:remove_tokens(st.hex, false, corp) end
  game:set_var("rg.starting", corp)
  game:start_corporation(corp, nominal(game, corp), player, true, { home = false })
  game:set_var("rg.starting", nil)
  game:set_var("rg.waiting." .. corp, nil)
  game:transfer(player, to or corp, price)
  place_home(game, corp)
  return true
end

local function finish(game)
  for _, corp in ipairs(facts(game).order) do
    if not game:corporation_field(corp, "started") then place_home(game, corp) end
  end
  for _, v in ipairs({ "rcr.picker", "rcr.corp", "rcr.high", "rcr.leader", "rcr.in" }) do game:set_var(v, nil) end
  game:log("the Regional Companies Round is over; the priority deal stays with " .. game:priority() .. " (18FB-R-162)")
  game:end_round()
end

local function next_regional(game)
  local picker = game:var("rcr.picker")
  for _, v in ipairs({ "rcr.corp", "rcr.high", "rcr.leader", "rcr.in" }) do game:set_var(v, nil) end
  if #left(game) == 0 then
    finish(game)
    return true
  end
  local nxt = S.next_seat(game, picker)                        -- R-158
  game:set_var("rcr.picker", nxt)
  game:set_actor(nxt)
  return false
end

on("round_started", function(game, ev)
  if ev.round ~= "regional" then return end
  game:set_var("rcr.pending", nil)
  game:set_var("rcr.held", true)
  -- R-164: the set's second OR was left out when PH5 began in its first.
  game:set_var("rcr.late_due", game:var("rcr.last_or") == 1 or nil)
  game:set_var("rcr.picker", game:priority())                  -- R-158
  game:set_actor(game:priority())
end)

step("regional", {
  status = function(game)
    local corp = game:var("rcr.corp")
    if corp == nil then
      return { "regionals to auction: " .. table.concat(left(game), ", "), (game:var("rcr.picker") or "?") .. " picks the next (18FB-R-158)" }
    end
    local high = game:var("rcr.high")
    return {
      corp .. " is up: nominal value " .. game:money(nominal(game, corp))
        .. (high and (", high bid " .. game:money(high) .. " by " .. game:var("rcr.leader")) or ", no bid yet"),
      "still in: " .. table.concat(game:var("rcr.in"), ", "),
    }
  end,
  actions = function(game)
    local corp = game:var("rcr.corp")
    local out = {}
    if corp == nil then
      for _, id in ipairs(left(game)) do out[#out + 1] = { name = "pick", args = { corp = id } } end
      return out
    end
    local who = game:var("rcr.in")[1]
    local lo, cash = min_bid(game, corp), game:player_field(who, "cash")
    if lo <= cash then out[#out + 1] = { name = "bid", args = { corp = corp, price = lo }, max = cash } end
    out[#out + 1] = { name = "pass", args = {} }
    return out
  end,
  process = function(game, actor, act, args)
    local corp = game:var("rcr.corp")
    if corp == nil then
      if act ~= "pick" then fail("pick the next regional to auction first (do pick corp=X)", "18FB-R-158") end
      if not S.contains(left(game), args.corp) then
        fail(tostring(args.corp) .. " is not for auction; left: " .. table.concat(left(game), ", "), "18FB-R-158")
      end
      game:set_var("rcr.corp", args.corp)
      game:set_var("rcr.in", S.from_seat(game, actor))          -- the picker first
      game:log(actor .. " puts " .. args.corp .. " up for auction (nominal value " .. game:money(nominal(game, args.corp)) .. ")")
      return false
    end
    local still = game:var("rcr.in")
    if act == "bid" then
      if args.corp ~= nil and args.corp ~= corp then fail(corp .. " is up for auction, not " .. tostring(args.corp), "18FB-R-158") end
      local price = tonumber(args.price) or 0
      if price < min_bid(game, corp) then
        fail("the lowest bid now is " .. game:money(min_bid(game, corp)) .. (game:var("rcr.high") and " (a raise of at least D5)" or " (the nominal value)"), "18FB-R-159")
      end
      if (price - nominal(game, corp)) % bid_step(game) ~= 0 then
        fail("a bid is the nominal value " .. game:money(nominal(game, corp)) .. " plus a multiple of D" .. bid_step(game), "18FB-R-159")
      end
      if price > game:player_field(actor, "cash") then fail(actor .. " has only " .. game:money(game:player_field(actor, "cash")), "18FB-R-159") end
      game:set_var("rcr.high", price)
      game:set_var("rcr.leader", actor)
      game:log(actor .. " bids " .. game:money(price) .. " for " .. corp)
      table.remove(still, 1)
      still[#still + 1] = actor
    elseif act == "pass" then
      game:log(actor .. " passes on " .. corp .. " (18FB-R-159)")
      table.remove(still, 1)
    else
      fail(corp .. " is up for auction: bid or pass", "18FB-R-158")
    end
    local leader = game:var("rcr.leader")
    if #still == 0 or (#still == 1 and still[1] == leader) then
      if leader then
        local price = game:var("rcr.high")
        if game:option("regional_bids_to_bank") then
          if hand_over(game, corp, leader, price, "bank") then
            game:log(leader .. " buys " .. corp .. " for " .. game:money(price) .. ", paid to the bank (option regional_bids_to_bank, A-29)")
          end
        elseif hand_over(game, corp, leader, price) then
          game:log(leader .. " buys " .. corp .. " for " .. game:money(price) .. ", paid into its treasury (18FB-R-160, A-29)")
        end
      else
        game:set_var("rcr.pool." .. corp, true)
        game:log("nobody bids on " .. corp .. ": it goes to the Pool (18FB-R-161)")
      end
      return next_regional(game)
    end
    game:set_var("rcr.in", still)
    game:set_actor(still[1])
    return false
  end,
})

-- R-161: a regional in the Pool, bought in a stock turn as its purchase
-- for any amount from its nominal value up, paid into its treasury. It
-- counts 1 toward the certificate limit (R-165).
ability("buy_regional", {
  unbound = true,
  actions = function(game, ctx)
    local out = {}
    if ctx.actor_kind ~= "player" or game:round().kind ~= "stock" then return out end
    local cash = game:player_field(ctx.actor, "cash")
    if game:player_field(ctx.actor, "certificates") >= game:cert_limit() then return out end
    for _, corp in ipairs(facts(game).order) do
      local lo = nominal(game, corp)
      if S.regional_in_pool(game, corp) and cash >= lo then
        out[#out + 1] = { name = "buy_regional", args = { corp = corp, price = lo }, range = { lo, cash } }
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp, price = args.corp, tonumber(args.price)
    if game:round().kind ~= "stock" then fail("a regional is bought from the Pool in a stock turn", "18FB-R-161") end
    if type(corp) ~= "string" or not S.regional_in_pool(game, corp) then fail(tostring(corp) .. " is not in the Pool", "18FB-R-161") end
    if price == nil or price < nominal(game, corp) then
      fail(corp .. " costs at least its nominal value, " .. game:money(nominal(game, corp)), "18FB-R-161")
    end
    if price > game:player_field(ctx.actor, "cash") then fail(ctx.actor .. " has only " .. game:money(game:player_field(ctx.actor, "cash")), "18FB-R-161") end
    if game:player_field(ctx.actor, "certificates") >= game:cert_limit() then
      fail(ctx.actor .. " holds " .. game:cert_limit() .. " certificates, the limit; a regional counts one", "18FB-R-165")
    end
    game:count_as_purchase()
    game:set_var("rcr.pool." .. corp, nil)
    if not hand_over(game, corp, ctx.actor, price) then fail(corp .. "'s home city has no slot it may fill: it cannot start yet", "18FB-R-163") end
    game:log(ctx.actor .. " buys " .. corp .. " from the Pool for " .. game:money(price) .. ", paid into its treasury (18FB-R-161)")
  end,
})

---------------------------------------------------------------------------
-- Operating (R-060, R-166 .. R-174)

-- R-060: regionals operate first, in their order 1 .. 7. R-153: a major
-- started after PH5 operates only once floated (its state "unfloated").
hook("operating_order", function(game, list)
  local out = {}
  for _, corp in ipairs(facts(game).order) do
    if S.contains(list, corp) then out[#out + 1] = corp end
  end
  for _, corp in ipairs(list) do
    if not is_regional(game, corp) and game:corporation_field(corp, "state") ~= "unfloated" then out[#out + 1] = corp end
  end
  return out
end)

-- R-166: one free tile step, and a second for D30 from its treasury
-- (operating.lua counts one for a regional, without its phase's steps).
on("corporation_started", function(game, ev)
  if is_regional(game, ev.corp) then game:set_var("tile_steps." .. ev.corp, nil) end
end)

hook("extra_tile_lays", function(game, corp)
  return is_regional(game, corp) and 1 or 0
end)

hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if not is_regional(game, corp) or game:operating() ~= corp then return true end
  local cost = game:props().regional_second_tile_cost
  if game:turn_field("tiles") >= 1 and game:corporation_field(corp, "cash") < cost then
    return false, corp .. " has " .. game:money(game:corporation_field(corp, "cash")) .. ": its second tile step costs "
      .. game:money(cost), "18FB-R-166"
  end
  return true
end)

local function town_count(game, hex)
  local n = 0
  for _, s in ipairs(game:hex_field(hex, "stops")) do if s.kind == "town" then n = n + 1 end end
  return n
end

-- R-169 (D-28; checklist §3.3): the markers a regional's own tile action
-- takes: a new yellow town tile, a yellow -> green double town, a green
-- -> brown town (props.regional_markers).
function S.regional_markers(game, old, new, towns)
  local m = game:props().regional_markers
  if towns == 0 then return 0 end
  local double = towns >= 2
  if new == "yellow" and (old == "white" or old == nil) then return double and m.lay_yellow_double or m.lay_yellow_town end
  if old == "yellow" and new == "green" then return double and m.double_yellow_to_green or m.town_yellow_to_green end
  if old == "green" and new == "brown" then return double and m.double_green_to_brown or m.town_green_to_brown end
  return 0
end

-- The colour a hex had before the tile just laid on it: the colour last
-- laid there, else what the new colour upgrades from (a printed yellow
-- hex for a green tile).
local BEFORE = { yellow = "white", green = "yellow", brown = "green", gray = "brown" }

-- R-170, A-31: a destination joined to the regional's home by its RCLR
-- (the core's network from its token: tracks through cities full of
-- others' tokens do not count, Napoli's two hexes are two cities), with a
-- brown tile there when the chart says so: the bank pays its owner the
-- bonus, once, whoever laid the track.
local function check_bonuses(game)
  for corp, list in pairs(facts(game).destinations or {}) do
    if game:corporation_field(corp, "started") and #S.stations(game, corp) > 0 then
      for _, d in ipairs(list) do
        local key = "rg.bonus." .. corp .. "." .. d.hex
        if not game:var(key) and (not d.needs_brown or game:hex_field(d.hex, "color") == "brown")
          and game:connected(corp, d.hex) then
          local who = owner(game, corp)
          game:set_var(key, true)
          game:transfer("bank", who, d.bonus)
          game:log(corp .. " is joined to its destination " .. d.hex .. ": the bank pays its owner " .. who .. " "
            .. game:money(d.bonus) .. " (18FB-R-170)")
        end
      end
    end
  end
end

on("tile_laid", function(game, ev)
  local hex = ev.hex
  local new = game:hex_field(hex, "color")
  local old = game:var("rg.colour." .. hex) or BEFORE[new]
  game:set_var("rg.colour." .. hex, new)
  local corp = game:operating()
  if is_regional(game, corp) and game:round().kind == "operating" then
    -- R-166: the second step is paid
    if game:turn_field("tiles") >= 2 then
      local cost = game:props().regional_second_tile_cost
      game:transfer(corp, "bank", cost)
      game:log(corp .. " pays " .. game:money(cost) .. " for its second tile step (18FB-R-166)")
    end
    local n = S.regional_markers(game, old, new, town_count(game, hex))
    if n > 0 then
      game:set_var("markers." .. corp, S.markers(game, corp) + n)
      game:log(corp .. " takes " .. n .. " town marker" .. (n == 1 and "" or "s") .. " on " .. hex .. " (" .. old .. " -> " .. new
        .. "); " .. S.markers(game, corp) .. " in all (18FB-R-169)")
    end
  end
  -- R-163: a waiting home token takes the first slot that frees up
  for _, r in ipairs(facts(game).order) do
    if game:var("rg.waiting." .. r) and game:corporation_field(r, "homes")[1] == hex then place_home(game, r) end
  end
  check_bonuses(game)
end)

-- R-173: a regional buys at most one train a turn, from the bank or
-- another regional (regional trains only: companies.toml train_tags).
-- R-174: not from another regional with its owner's help.
hook("can_buy_train", function(game, corp, variant, seller)
  if not is_regional(game, corp) then return true end
  if game:turn_field("trains_bought") >= 1 then
    return false, corp .. " has bought a train this turn: a regional buys at most one", "18FB-R-173"
  end
  if seller ~= nil and not is_regional(game, seller) then
    return false, "a regional buys trains from the bank or another regional only", "18FB-R-173"
  end
  if seller ~= nil and game:turn_var("owner_help") then
    return false, corp .. "'s owner helped pay: only a bank train may be bought with it", "18FB-R-174"
  end
  return true
end)

-- The cheapest regional train the bank sells now, or nil.
local function cheapest_bank_train(game)
  local best
  for _, t in ipairs(game:trains_on_sale()) do
    if S.contains(game:train_class(t.class).tags, "regional") and (best == nil or t.price < best) then best = t.price end
  end
  return best
end

-- R-174, A-30(e): a regional with no train and too little cash for the
-- cheapest bank train: its owner may add the difference from his own
-- cash (never by selling shares).
local function help_due(game, corp)
  if #game:corporation_field(corp, "trains") > 0 or game:turn_field("trains_bought") > 0 then return 0 end
  local price = cheapest_bank_train(game)
  if price == nil then return 0 end
  local short = price - game:corporation_field(corp, "cash")
  if short <= 0 then return 0 end
  return math.min(short, game:player_field(owner(game, corp), "cash"))
end

ability("owner_help", {
  unbound = true,
  actions = function(game, ctx)
    if ctx.actor_kind ~= "corporation" or not is_regional(game, ctx.actor) or game:step() ~= "buy_train" then return {} end
    if game:turn_var("owner_help") then return {} end
    local due = help_due(game, ctx.actor)
    if due <= 0 then return {} end
    return { { name = "owner_help", args = { amount = due } } }
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if not is_regional(game, corp) or game:step() ~= "buy_train" then fail("only a regional's owner helps it buy a train, in its train step", "18FB-R-174") end
    local due = help_due(game, corp)
    if due <= 0 or game:turn_var("owner_help") then fail(corp .. " needs no help for a bank train", "18FB-R-174") end
    game:transfer(owner(game, corp), corp, due)
    game:set_turn_var("owner_help", true)
    game:log(owner(game, corp) .. " adds " .. game:money(due) .. " to " .. corp .. " for a bank train (18FB-R-174)")
  end,
})

-- What players see.
hook("corporation_facts", function(game, corp, facts_)
  if not is_regional(game, corp) then return facts_ end
  facts_[#facts_ + 1] = "nominal value: " .. game:money(nominal(game, corp)) .. " (18FB-R-165)"
  if S.regional_in_pool(game, corp) then facts_[#facts_ + 1] = "in the Pool: bought for at least its nominal value (18FB-R-161)" end
  if game:var("rg.waiting." .. corp) then facts_[#facts_ + 1] = "home token: waiting for a slot (18FB-R-163)" end
  return facts_
end)

-- R-167: a regional whose home token still waits lays, in its turn, a
-- brown tile on its home hex (needing no route to it: it has no token),
-- which gives the slot its token takes (the tile_laid handler above).
-- Nothing else until then.
hook("relaxed_hexes", function(game, corp)
  if corp ~= nil and game:var("rg.waiting." .. corp) then
    return { lay = { game:corporation_field(corp, "homes")[1] }, token = {} }
  end
  return nil
end)

hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if corp == nil or not game:var("rg.waiting." .. corp) then return true end
  local home = game:corporation_field(corp, "homes")[1]
  if hex ~= home or game:tile(tile).color ~= "brown" then
    return false, corp .. "'s home token waits beside " .. home .. ": its first tile must be a brown one there, making the slot", "18FB-R-167"
  end
  return true
end)
