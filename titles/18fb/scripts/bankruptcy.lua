-- Emergency money raising and bankruptcy (§3.5.10, §3.5.11; 18FB-R-184 ..
-- R-190, R-047; checklist §2.21, D-34; A-26, A-27).
--
-- Listed in title.toml BEFORE scripts/market.lua: its `shares_sold`
-- handler must read the price before market.lua's handler drops it.
--
-- R-184: a corporation that must own a train (Provisional, Definitive, a
-- national) and cannot pay for the cheapest ordinary train the bank sells
-- first sells the stock it holds (scripts/financial.lua's holdings), when
-- its train step begins: the dearest certificate first, until it can pay
-- or has nothing left the Pool can take (50 %). Then its president adds
-- cash, then sells personal stock: the core's emergency (title.toml
-- emergency = "sell_first": the cheapest train, no sale changing the
-- operating corporation's presidency, R-186).
-- R-185, A-26: every emergency sale is at half the current price, rounded
-- down to a whole ducat a share; the corporation's sales do not move the
-- price, the president's move it as stock-round sales do (market.lua).
-- The core pays a player's sale in full: the other half goes back to the
-- bank here. In an operating round a player sells only in an emergency
-- (A-42).

local POOL_LIMIT = 50    -- §2.3, R-022 (title.toml pool_limit_percent)

-- The price of the cheapest ordinary train the bank sells now (T15), or nil.
local function cheapest_train(game)
  local best
  for _, o in ipairs(game:trains_on_sale()) do
    if S.contains(game:train_class(o.class).tags, "ordinary") and (best == nil or o.price < best) then best = o.price end
  end
  return best
end

-- Must `corp` own a train at the end of its turn (R-132)?
local function must_own(game, corp)
  local kind = game:corporation_field(corp, "kind")
  if kind == "national" then return true end
  if kind ~= "major" then return false end
  local state = game:corporation_field(corp, "state")
  return state == "provisional" or state == "definitive"
end

-- R-184, R-185 (D-34): the corporation's own emergency sales.
local function treasury_sales(game, corp)
  if not must_own(game, corp) or #game:corporation_field(corp, "trains") > 0 then return end
  local need = cheapest_train(game)
  if need == nil then return end
  for _ = 1, 40 do
    if game:corporation_field(corp, "cash") >= need then return end
    local best, best_of, best_price
    for _, of in ipairs(game:corporations()) do
      local held = S.held_certificates(game, corp, of)
      if #held > 0 and game:corporation_field(of, "pool_percent") + 10 <= POOL_LIMIT then
        local price = game:share_price(of) // 2
        if best == nil or price > best_price then best, best_of, best_price = held[1], of, price end
      end
    end
    if best == nil then return end
    S.corporation_sells(game, corp, best_of, best, best_price)
    game:log(corp .. " must buy a train and sells its " .. best_of .. " share at half price, " .. game:money(best_price)
      .. " (18FB-R-184, R-185, A-26)")
  end
end

on("step_started", function(game, ev)
  if ev.step == "buy_train" then treasury_sales(game, ev.corp) end
end)

-- R-185, A-26: a president's emergency sale is paid at half price.
on("shares_sold", { when = { round = "operating" } }, function(game, ev)
  if game:round().kind ~= "operating" then return end
  local corp = ev.corp
  if game:corporation_field(corp, "kind") == "regional" then return end
  local price = game:share_price(corp)
  local shares = ev.percent // game:corporation_field(corp, "unit_percent")
  local back = (price - price // 2) * shares
  if back <= 0 then return end
  -- a bankrupt's last sales (the core makes them before emergency_failed,
  -- these handlers run after it): his cash is the corporation's by now
  local payer = game:var("bankrupt_for." .. ev.player) or ev.player
  if payer ~= ev.player then back = math.min(back, game:corporation_field(payer, "cash")) end
  game:transfer(payer, "bank", back)
  game:log(ev.player .. "'s emergency sale of " .. ev.percent .. " % of " .. corp .. " is at half price: "
    .. game:money(back) .. " goes back to the bank (18FB-R-185, A-26)")
end)

-- R-189, A-27: who takes `corp`'s presidency from the bankrupt `player`:
-- the player holding the most shares, at least 2, ties to the first in
-- seat order after him.
local function successor(game, corp, player)
  local shares = game:corporation_field(corp, "shares")
  local best, most = nil, 19
  for _, p in ipairs(S.from_seat(game, player)) do
    if p ~= player and not game:player_field(p, "left") and (shares[p] or 0) > most then best, most = p, shares[p] end
  end
  return best
end

-- R-188, R-047, A-27: before PH5 a bankrupt's concessions are withdrawn:
-- the deposits are lost and the majors become Frozen (the Pool holds the
-- concession, as after a takeover: scripts/presidency.lua's vars).
local function withdraw_concessions(game, player)
  if not game:phase_before("PH5") then return end
  for _, corp in ipairs(game:corporations()) do
    if game:var("concession." .. corp) == player then
      local lost = game:var("deposit." .. corp) or 0
      game:set_var("withdrawn." .. corp, game:corporation_field(corp, "state"))
      game:set_var("concession." .. corp, nil)
      game:set_var("deposit." .. corp, nil)
      game:log(player .. " is bankrupt: " .. corp .. "'s concession is withdrawn to the Pool, the deposit of "
        .. game:money(lost) .. " is lost (18FB-R-188, R-047)")
      game:set_corporation_state(corp, "frozen")
    end
  end
end

-- R-190: no player holds 2 shares: the corporation closes, its shares void,
-- its trains to the Pool, its tokens off the map.
local function close(game, corp)
  for _, of in ipairs(game:corporations()) do        -- what it held goes to the Pool
    if of ~= corp then
      for _, index in ipairs(S.held_certificates(game, corp, of)) do game:move_certificate(of, index, "pool") end
    end
  end
  for _, t in ipairs(game:corporation_field(corp, "trains")) do
    game:give_train(type(t) == "table" and t.id or t, "pool")
  end
  game:log("nobody holds 2 shares of " .. corp .. ": it closes, its shares leave the game, its trains go to the Pool (18FB-R-190)")
  game:close_corporation(corp)
end

-- R-189, A-27: the successor hands 2 of his shares to the Pool for the
-- president's certificate.
local function hand_over(game, corp, from, to)
  local president, given = nil, 0
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.president then president = c.index end
  end
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if given < 20 and c.owner == to and not c.president then
      game:move_certificate(corp, c.index, "pool")
      given = given + c.percent
    end
  end
  game:move_certificate(corp, president, to)
  game:log(to .. " becomes president of " .. corp .. " from the bankrupt " .. from
    .. ", handing 2 shares to the Pool for the president's certificate (18FB-R-189, A-27)")
end

local bankrupt

-- R-189: the corporation that was buying keeps what was raised; its new
-- president finishes the raising and buys the cheapest train.
local function finish_purchase(game, corp)
  local need = cheapest_train(game)
  if need == nil or not must_own(game, corp) or #game:corporation_field(corp, "trains") > 0 then return end
  local president = game:corporation_field(corp, "president")
  if president == nil then return end
  local short = need - game:corporation_field(corp, "cash")
  if short <= 0 or game:raise_money(president, corp, short, "bankrupt_train", { corp = corp }) then
    for _, o in ipairs(game:trains_on_sale()) do
      if o.price == need and S.contains(game:train_class(o.class).tags, "ordinary") then
        game:sell_train(o.id or o.variant, corp, o.price)
        game:log(president .. " completes " .. corp .. "'s purchase of a " .. o.class .. " train (18FB-R-189)")
        return
      end
    end
  end
end

ability("bankrupt_train", {
  paid = function(game, player, amount, data) finish_purchase(game, data.corp) end,
  failed = function(game, player, short, data) bankrupt(game, data.corp, player) end,
})

-- R-187 .. R-190, A-27.
bankrupt = function(game, corp, player)
  local cash = game:player_field(player, "cash")
  if cash > 0 then game:transfer(player, corp, cash) end
  game:log(player .. " cannot pay for " .. corp .. "'s train: bankrupt, he leaves the game; his "
    .. game:money(cash) .. " stay with " .. corp .. " (18FB-R-187, R-189)")
  withdraw_concessions(game, player)
  local presided = game:corporations({ president = player })
  -- R-187: his other certificates go to the Pool, beyond its 50 % if need be
  for _, c2 in ipairs(game:corporations()) do
    for _, c in ipairs(game:corporation_field(c2, "certificates")) do
      if c.owner == player and not c.president then game:move_certificate(c2, c.index, "pool") end
    end
  end
  -- and his political cards to the pool, for sale at their cost (R-015, R-034)
  for _, card in ipairs(game:player(player).companies) do
    if game:company_field(card, "kind") == "political" then
      game:give_company(card, "bank")
      game:set_var("pool." .. card, true)
      game:log(card .. " goes to the pool (18FB-R-187)")
    end
  end
  game:leave_game(player)
  for _, c in ipairs(presided) do
    local to = successor(game, c, player)
    if to == nil then close(game, c) else hand_over(game, c, player, to) end
  end
  -- the sales the core made for him are halved by the shares_sold handler
  -- above, which runs after this hook: the purchase waits for it
  game:set_var("bankrupt_for." .. player, corp)
  game:set_var("finish_purchase." .. corp, true)
end

-- R-189: the new president completes the purchase once the train step is
-- over (the first step the turn reaches after it).
on("step_started", function(game, ev)
  if game:var("finish_purchase." .. ev.corp) then
    game:set_var("finish_purchase." .. ev.corp, nil)
    if not game:corporation_field(ev.corp, "closed") then finish_purchase(game, ev.corp) end
  end
end)

hook("emergency_failed", function(game, corp, player)
  bankrupt(game, corp, player)
end)
