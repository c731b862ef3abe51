-- The Political Round (§3.2; 18FB-R-008 .. R-017): the eight political
-- cards are auctioned one at a time. The priority holder picks the first
-- card; the picker bids or passes, then the others in seating order raise
-- or pass until one bidder is left. A bid is the printed cost plus a
-- multiple of D5, a raise at least D5, never more than the bidder's cash.
-- The winner pays at once: a railroad card's excess over its cost goes to
-- its corporation's treasury, with a free 10 % share of it. A card nobody
-- bids on goes to the pool with its share (A-12). The next card is picked
-- by the player seated after the previous picker. At the end the players
-- are re-seated by cash, the richest first with the priority deal.
--
-- Vars: pr.picker (who picks next), pr.card (the card being auctioned),
-- pr.high / pr.leader (the high bid and its bidder), pr.in (players still
-- in this card's auction, in turn order, the one to act first).

local function political(game) return game:props().political end

-- A card nobody bought stays the bank's: it lies in the pool, for sale
-- at its cost in stock rounds (R-015, R-034); `pool.<card>` marks it.
function S.in_pool(game, card) return game:var("pool." .. card) == true end

-- Cards still to auction, in companies.toml order.
local function cards_left(game)
  local out = {}
  for _, id in ipairs(game:companies()) do
    if game:company_field(id, "kind") == "political" and game:company_field(id, "owner_kind") == "bank" and not S.in_pool(game, id) then
      out[#out + 1] = id
    end
  end
  return out
end

local function cost(game, card) return game:company_field(card, "value") end

-- The smallest bid the player to act may make now.
local function min_bid(game, card)
  local high = game:var("pr.high")
  return high and high + political(game).bid_step or cost(game, card)
end

-- The railroad a card is tied to (VAL: LdA ...), or nil.
local function railroad(game, card)
  local facts = political(game)[card]
  return facts and facts.corp
end

local function finish(game)
  -- R-017: re-seated by cash, highest first; ties keep their order.
  local order = game:players()
  local at = {}
  for i, p in ipairs(order) do at[p] = i end
  table.sort(order, function(a, b)
    local ca, cb = game:player_field(a, "cash"), game:player_field(b, "cash")
    if ca ~= cb then return ca > cb end
    return at[a] < at[b]
  end)
  game:set_seating(order)
  game:set_priority(order[1])
  game:log("the political round is over: seats by cash " .. table.concat(order, ", ") .. "; " .. order[1] .. " holds the priority deal (18FB-R-017)")
  for _, v in ipairs({ "pr.picker", "pr.card", "pr.high", "pr.leader", "pr.in" }) do game:set_var(v, nil) end
  game:end_round()
end

-- The card goes to `owner` (a player, or "pool"), with its free share.
local function award(game, card, owner, price)
  local corp = railroad(game, card)
  if owner ~= "pool" then
    local printed = cost(game, card)
    if corp and price > printed then
      game:transfer(owner, "bank", printed)
      game:transfer(owner, corp, price - printed)          -- R-013: the excess to the treasury
      game:log(owner .. " buys " .. card .. " for " .. game:money(price) .. ": " .. game:money(printed) .. " to the bank, "
        .. game:money(price - printed) .. " to " .. corp .. " (18FB-R-013)")
    else
      game:transfer(owner, "bank", price)
      game:log(owner .. " buys " .. card .. " for " .. game:money(price) .. " (18FB-R-013)")
    end
    game:give_company(card, owner)
  else
    game:set_var("pool." .. card, true)
    game:log("nobody bids on " .. card .. ": it goes to the pool (18FB-R-015)")
  end
  if corp then
    local share = S.ipo_share(game, corp)
    if share then
      game:move_certificate(corp, share, owner)
      game:log((owner == "pool" and "the pool" or owner) .. " receives " .. card .. "'s free 10 % share of " .. corp .. " (18FB-R-014)")
    end
  end
end

-- After a card's auction: the next picker, or the end of the round.
local function next_card(game)
  local picker = game:var("pr.picker")
  game:set_var("pr.card", nil); game:set_var("pr.high", nil); game:set_var("pr.leader", nil); game:set_var("pr.in", nil)
  if #cards_left(game) == 0 then
    finish(game)
    return true
  end
  local next_picker = S.next_seat(game, picker)           -- R-016
  game:set_var("pr.picker", next_picker)
  game:set_actor(next_picker)
  return false
end

on("round_started", function(game, ev)
  if ev.round ~= "political" then return end
  game:set_var("pr.picker", game:priority())               -- R-008
  game:set_actor(game:priority())
end)

step("political", {
  status = function(game)
    local card = game:var("pr.card")
    if card == nil then
      return { "cards to auction: " .. table.concat(cards_left(game), ", "), (game:var("pr.picker") or "?") .. " picks the next card (18FB-R-008, R-016)" }
    end
    local high = game:var("pr.high")
    return {
      card .. " (" .. game:company_field(card, "name") .. ") is up: cost " .. game:money(cost(game, card))
        .. (high and (", high bid " .. game:money(high) .. " by " .. game:var("pr.leader")) or ", no bid yet"),
      "still in: " .. table.concat(game:var("pr.in"), ", "),
    }
  end,
  actions = function(game)
    local card = game:var("pr.card")
    local out = {}
    if card == nil then
      for _, id in ipairs(cards_left(game)) do out[#out + 1] = { name = "pick", args = { card = id } } end
      return out
    end
    local who = game:var("pr.in")[1]
    local lo, cash = min_bid(game, card), game:player_field(who, "cash")
    if lo <= cash then out[#out + 1] = { name = "bid", args = { company = card, price = lo }, max = cash } end
    out[#out + 1] = { name = "pass", args = {} }
    return out
  end,
  process = function(game, actor, act, args)
    local card = game:var("pr.card")
    if card == nil then
      if act == "pass" then fail("pick a card to auction: do pick card=" .. (cards_left(game)[1] or "?"), "18FB-R-008") end
      if act ~= "pick" then fail("pick the next card to auction first (do pick card=X)", "18FB-R-008") end
      if not S.contains(cards_left(game), args.card) then
        fail(tostring(args.card) .. " is not for auction; left: " .. table.concat(cards_left(game), ", "), "18FB-R-008")
      end
      game:set_var("pr.card", args.card)
      game:set_var("pr.in", S.from_seat(game, actor))       -- R-009: the picker first
      game:log(actor .. " puts " .. args.card .. " up for auction (cost " .. game:money(cost(game, args.card)) .. ")")
      return false
    end
    local still = game:var("pr.in")
    if act == "bid" then
      if args.company ~= nil and args.company ~= card then fail(card .. " is up for auction, not " .. args.company, "18FB-R-008") end
      local price, printed = args.price or 0, cost(game, card)
      local step = political(game).bid_step
      if price < min_bid(game, card) then
        fail("the lowest bid now is " .. game:money(min_bid(game, card)) .. (game:var("pr.high") and " (a raise of at least D5)" or " (the printed cost)"), "18FB-R-010")
      end
      if (price - printed) % step ~= 0 then fail("a bid is the printed cost " .. game:money(printed) .. " plus a multiple of D" .. step, "18FB-R-010") end
      if price > game:player_field(actor, "cash") then fail(actor .. " has only " .. game:money(game:player_field(actor, "cash")), "18FB-R-011") end
      game:set_var("pr.high", price)
      game:set_var("pr.leader", actor)
      game:log(actor .. " bids " .. game:money(price) .. " for " .. card)
      table.remove(still, 1)
      still[#still + 1] = actor
    elseif act == "pass" then
      game:log(actor .. " passes on " .. card .. " (18FB-R-012)")
      table.remove(still, 1)
    else
      fail(card .. " is up for auction: bid or pass", "18FB-R-009")
    end
    local leader = game:var("pr.leader")
    -- R-009: over when the leader is the only one left, or nobody is.
    if #still == 0 or (#still == 1 and still[1] == leader) then
      award(game, card, leader or "pool", game:var("pr.high") or 0)
      return next_card(game)
    end
    game:set_var("pr.in", still)
    game:set_actor(still[1])
    return false
  end,
})

-- R-034: a card in the pool is bought in a stock turn at exactly its
-- printed cost, as the turn's purchase (`do buy_card card=X`), with no
-- card discount; the buyer pays the bank. Its free share stays in the
-- pool (it went there with the card, A-12).
ability("buy_card", {
  unbound = true,
  actions = function(game, ctx)
    local out = {}
    if ctx.actor_kind ~= "player" or game:round().kind ~= "stock" then return out end
    for _, id in ipairs(game:companies()) do
      if S.in_pool(game, id) and game:company_field(id, "owner_kind") == "bank"
        and game:player_field(ctx.actor, "cash") >= cost(game, id) then
        out[#out + 1] = { name = "buy_card", args = { card = id } }
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local card = args.card
    if game:round().kind ~= "stock" then fail("political cards are bought from the pool in a stock turn", "18FB-R-034") end
    if type(card) ~= "string" or not S.in_pool(game, card) or game:company_field(card, "owner_kind") ~= "bank" then
      fail(tostring(card) .. " is not in the pool", "18FB-R-034")
    end
    local price = cost(game, card)
    if game:player_field(ctx.actor, "cash") < price then
      fail(ctx.actor .. " cannot pay " .. card .. "'s cost of " .. game:money(price), "18FB-R-034")
    end
    game:transfer(ctx.actor, "bank", price)
    game:give_company(card, ctx.actor)
    game:set_var("pool." .. card, nil)
    game:log(ctx.actor .. " buys " .. card .. " from the pool for " .. game:money(price) .. " (18FB-R-034)")
    game:count_as_purchase()
  end,
})

-- R-035, A-36: a player sells a political card to another player for any
-- price they agree, at any time: a free action (not the stock turn's),
-- in his stock turn or in the operating turn of a corporation he presides.
-- `do offer_card card=X to=P price=N`; P accepts or declines. Never to a
-- corporation. Each card is offered at most once a round by one seller
-- (so that offers cannot go on for ever).
local function seller(game, ctx)
  if ctx.actor_kind == "player" then return ctx.actor end
  return game:corporation_field(ctx.actor, "president")
end

local function political_cards_of(game, player)
  local out = {}
  -- The player's companies in one read (in the game's order of companies),
  -- then the kind of those alone: asked at every listing of moves.
  for _, id in ipairs(game:player_field(player, "companies")) do
    if game:company_field(id, "kind") == "political" then out[#out + 1] = id end
  end
  return out
end

-- This round and seller: a card offered under this stamp is not offered
-- again under it.
local function stamp(game, me)
  local r = game:round()
  return r.name .. r.stock_rounds .. "." .. (r.set_index or 0) .. ":" .. me
end

local function was_offered(game, card, me)
  return game:var("offered." .. card) == stamp(game, me)
end

ability("offer_card", {
  unbound = true,
  actions = function(game, ctx)
    local me = seller(game, ctx)
    local out = {}
    if me == nil then return out end
    for _, card in ipairs(political_cards_of(game, me)) do
      if not was_offered(game, card, me) then
        for _, p in ipairs(game:players()) do
          local cash = game:player_field(p, "cash")
          if p ~= me and cash >= 1 then
            out[#out + 1] = { name = "offer_card", args = { card = card, to = p }, range = { 1, cash } }
          end
        end
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local me, card, to, price = seller(game, ctx), args.card, args.to, tonumber(args.price)
    if type(to) == "string" and S.contains(game:corporations(), to) then
      fail("political cards are never sold to a corporation", "18FB-R-035")
    end
    if me == nil or type(card) ~= "string" or not S.contains(political_cards_of(game, me), card) then
      fail(tostring(me) .. " holds no political card " .. tostring(card), "18FB-R-035")
    end
    if type(to) ~= "string" or not game:is_player(to) or to == me then
      fail(tostring(to) .. " is not another player", "18FB-R-035")
    end
    if price == nil or price < 1 or price ~= math.floor(price) or price > game:player_field(to, "cash") then
      fail(to .. " cannot pay " .. tostring(args.price) .. " for " .. card, "18FB-R-035")
    end
    if was_offered(game, card, me) then fail(card .. " was already offered this round", "18FB-R-035") end
    game:set_var("offered." .. card, stamp(game, me))
    game:ask(to, me .. " offers " .. card .. " for " .. game:money(price) .. " (18FB-R-035)", { "accept", "decline" },
      "card_offer", { card = card, from = me, price = price })
  end,
})

ability("card_offer", {
  choose = function(game, player, choice, data)
    if choice ~= "accept" then
      game:log(player .. " declines " .. data.card .. " from " .. data.from)
      return
    end
    -- the offer stands only if nothing changed meanwhile
    if game:company_field(data.card, "owner") ~= data.from or game:player_field(player, "cash") < data.price then
      game:log(data.card .. " is no longer for sale to " .. player .. " at " .. game:money(data.price))
      return
    end
    game:transfer(player, data.from, data.price)
    game:give_company(data.card, player)
    game:log(player .. " buys " .. data.card .. " from " .. data.from .. " for " .. game:money(data.price) .. " (18FB-R-035)")
  end,
})
