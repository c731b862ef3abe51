-- Token Rights Acquisition, a variant (V6 §14.1; 1849-R-184, ambiguity
-- A-32).
--
-- In step 4 of its turn (1849-R-183), from phase 6, a corporation may buy
-- one station token of another corporation: not a home token, in a city it
-- reaches by the token-placement rule (the city may be full), in a hex
-- where it has no token yet, for at least L. 1 paid from its treasury to
-- that corporation, with the consent of that corporation's president (a
-- question to them, unless one player presides both). Its own next token
-- takes the place; the bought one returns to its owner's charter.
--
-- The phase and the consent are parameters, [props.token_rights] in
-- title.toml, V6's values by default: `from_phase` (the first phase in
-- which tokens may be bought), `consent` (whether the selling president
-- must agree) and `rule` (the rule id cited). The 1849 game kit
-- (titles/1849-gamekit) has neither restriction (its E-04).

-- The parameters: { from_phase, consent, rule }, read once per call of
-- the step (game:props() copies all of the title's props).
local function params(game)
  local p = game:props().token_rights or {}
  local consent = p.consent
  if consent == nil then consent = true end
  return { from_phase = p.from_phase or "6", consent = consent, rule = p.rule or "1849-R-184" }
end

-- A token on the charter, not placed and not lost.
local function free(t)
  return t.hex == nil and not t.lost
end

local function has_free_token(game, corp)
  for _, t in ipairs(game:corporation_field(corp, "tokens")) do
    if free(t) then return true end
  end
  return false
end

local function token_of(game, corp, hex)
  for _, t in ipairs(game:corporation_field(corp, "tokens")) do
    if t.hex == hex then return t end
  end
  return nil
end

-- Why `buyer` may not buy `from`'s token on `hex` for `price`, or nil.
local function refusal(game, par, buyer, hex, from, price)
  if not game:option("acquiring_station_tokens") then return "Token Rights Acquisition is not in play", "1849-R-182" end
  local from_phase, rule = par.from_phase, par.rule
  if game:phase_before(from_phase) then return "station tokens may be bought from phase " .. from_phase .. " on", rule end
  if from == nil or from == buyer then return "name the corporation whose token is bought (from=CORP)", rule end
  if token_of(game, from, hex) == nil then return from .. " has no station token on " .. tostring(hex), rule end
  if game:corporation_field(from, "home") == hex then return "a home token cannot be bought: " .. hex .. " is " .. from .. "'s home", rule end
  if token_of(game, buyer, hex) ~= nil then return buyer .. " already has a token on " .. hex .. " (A-32)", rule end
  if not has_free_token(game, buyer) then return buyer .. " has no station token left to put in its place (A-32)", rule end
  -- The token-placement connectivity: a city full of tokens is still reached (A-32).
  if not game:connected(buyer, hex) then return buyer .. " has no route to " .. hex, rule end
  if type(price) ~= "number" or price < 1 then return "the price is at least L. 1 (price=N)", rule end
  local cash = game:corporation_field(buyer, "cash")
  if cash < price then return buyer .. " has " .. game:money(cash) .. ", not " .. game:money(price), rule end
  return nil
end

-- The tokens the corporation could buy now, at the lowest price; with
-- `first`, only the first one found (the step's skip asks whether there
-- is any, at every operating turn from phase 6). Each offer meets every
-- condition of `refusal` at price 1: the variant, the phase, a free token
-- and L. 1 are checked once below, the token is another corporation's,
-- not its home one, on a hex without the buyer's; what is left to ask
-- per token is the track (`refusal` would read both charters again).
local function offers(game, corp, first)
  local out = {}
  if not game:option("acquiring_station_tokens") then return out end
  local par = params(game)
  if game:phase_before(par.from_phase) then return out end
  local cash = game:corporation_field(corp, "cash")
  if cash < 1 then return out end
  -- Its tokens, read once: the hexes it has one on, and whether one is
  -- free (has_free_token's answer).
  local mine, any_free = {}, false
  for _, t in ipairs(game:corporation_field(corp, "tokens")) do
    if t.hex ~= nil then mine[t.hex] = true end
    any_free = any_free or free(t)
  end
  if not any_free then return out end
  for _, other in ipairs(game:corporations({ started = true })) do
    if other ~= corp then
      local tokens, home = game:corporation_fields(other, "tokens", "home")
      for _, t in ipairs(tokens) do
        if t.hex ~= nil and not mine[t.hex] and t.hex ~= home and game:connected(corp, t.hex) then
          out[#out + 1] = { name = "acquire_token", args = { hex = t.hex, from = other }, range = { 1, cash } }
          if first then return out end
        end
      end
    end
  end
  return out
end

local function execute(game, buyer, hex, from, price)
  game:transfer(buyer, from, price)
  game:replace_token(hex, from, buyer)
  game:log(buyer .. " buys " .. from .. "'s station token on " .. hex .. " for " .. game:money(price) ..
    "; the token returns to " .. from .. "'s charter")
end

step("acquire_token", {
  skip = function(game, corp) return #offers(game, corp, true) == 0 end,
  actions = function(game, corp) return offers(game, corp) end,
  process = function(game, corp, name, args)
    local par = params(game)
    if name ~= "acquire_token" then fail("at the token-acquisition step: `do acquire_token hex=H from=CORP price=N`, or `pass`", par.rule) end
    local why, rule = refusal(game, par, corp, args.hex, args.from, args.price)
    if why then fail(why, rule) end
    local seller = game:corporation_field(args.from, "president")
    -- Without the consent rule (the 1849 game kit) the buyer's offer is
    -- the purchase.
    if not par.consent or seller == game:corporation_field(corp, "president") then
      execute(game, corp, args.hex, args.from, args.price)
      return true
    end
    game:log(corp .. " offers " .. game:money(args.price) .. " for " .. args.from .. "'s token on " .. args.hex)
    game:ask(seller, corp .. " offers " .. game:money(args.price) .. " for " .. args.from .. "'s station token on " ..
      args.hex .. ": accept or refuse?", { "accept", "refuse" }, "token_sale",
      { buyer = corp, hex = args.hex, from = args.from, price = args.price })
    return false
  end,
  may_pass = function(game, corp) return true end,
})

-- The seller's president answers; after a refusal the buyer may make
-- another offer or pass.
ability("token_sale", {
  choose = function(game, who, choice, data)
    if choice ~= "accept" then
      game:log(who .. " refuses to sell " .. data.from .. "'s token on " .. data.hex)
      return
    end
    local why, rule = refusal(game, params(game), data.buyer, data.hex, data.from, data.price)
    if why then fail(why, rule) end
    execute(game, data.buyer, data.hex, data.from, data.price)
    game:finish_step("acquire_token")
  end,
})
