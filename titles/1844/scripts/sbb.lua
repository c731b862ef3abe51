-- The SBB (1844-R-186 to R-201, checklist §4).

-- The SBB kind's numbers (companies.toml): formation_grant, start_price,
-- token_cost, charter_train.
local function sbb_props(game)
  return game:corporation_kind("sbb").props
end

local function cert_lists(game)
  local president, doubles, singles = nil, {}, {}
  for _, cert in ipairs(game:corporation_field("SBB", "certificates")) do
    if cert.president then president = cert.index
    elseif cert.tag == "double" then doubles[#doubles + 1] = cert.index
    else singles[#singles + 1] = cert.index end
  end
  return president, doubles, singles
end

local function holder_units(game)
  local units = {}
  for _, cert in ipairs(game:corporation_field("SBB", "certificates")) do
    if C.is_player(game, cert.owner) then
      units[cert.owner] = (units[cert.owner] or 0) + cert.percent // C.unit(game, "SBB")
    end
  end
  return units
end

local function settle(game, player, amount, what)
  if amount > 0 then
    game:transfer("bank", player, amount)
    game:log(player .. " receives " .. game:money(amount) .. " for " .. what)
  elseif amount < 0 then
    local owe = -amount
    local cash = game:player(player).cash
    local pay = math.min(cash, owe)
    if pay > 0 then game:transfer(player, "bank", pay) end
    game:log(player .. " pays " .. game:money(owe) .. " for " .. what)
    if owe > pay then
      -- 1844-R-194: the rest is a debt without interest.
      game:add_debt(player, owe - pay)
      game:set_var("free_debt." .. player, (game:var("free_debt." .. player) or 0) + owe - pay)
    end
  end
end

local function form(game)
  if game:var("sbb.formed") then return end
  -- The V companies, in the tie-break order of R-196 (companies.toml).
  local V = game:corporation_field("SBB", "props").formed_from
  game:set_var("sbb.formed", true)
  game:set_var("sbb.pending", nil)
  game:log("the SBB forms")
  -- 1844-R-188, R-189: 400 from the bank, price 100 on the S cell.
  local props = sbb_props(game)
  game:transfer("bank", "SBB", props.formation_grant)
  game:give_train(props.charter_train, "SBB")
  local president, doubles, singles = cert_lists(game)
  local five = { president }
  for _, d in ipairs(doubles) do five[#five + 1] = d end
  local former = {}
  -- Markers: one per V marker, each 100 to lay (A-33).
  local ntok = 0
  for _, v in ipairs(V) do ntok = ntok + #game:corporation_field(v, "tokens") end
  local costs = {}
  for i = 1, ntok do costs[i] = props.token_cost end
  game:set_tokens("SBB", costs)
  local di, si = 1, 1
  local trains, homes = {}, {}
  for _, v in ipairs(V) do
    -- The fields used below, in one read (a whole corporation table is
    -- many times dearer).
    local c = {}
    c.president, c.cash, c.trains, c.started, c.tokens, c.home_city, c.price, c.certificates =
      game:corporation_fields(v, "president", "cash", "trains", "started", "tokens", "home_city", "price", "certificates")
    former[v] = c.president
    if c.cash > 0 then game:transfer(v, "SBB", c.cash) end
    -- The trains join the SBB once its director is known (step 6).
    for _, t in ipairs(c.trains) do trains[#trains + 1] = t end
    -- A launched V whose home station is not down yet (it has not
    -- operated): its reserved home becomes an SBB station (R-188, A-18).
    if c.started then
      local down = false
      local home = C.home_of(game, v)
      for _, tk in ipairs(c.tokens) do if tk.hex == home then down = true end end
      if not down then homes[#homes + 1] = { hex = home, city = c.home_city } end
    end
    -- 1844-R-191: V markers become SBB markers; a second one on a hex goes back.
    for _, tk in ipairs(c.tokens) do
      if tk.hex and not tk.lost then
        local dup = false
        for _, s in ipairs(game:corporation_field("SBB", "tokens")) do if s.hex == tk.hex then dup = true end end
        if not dup then game:replace_token(tk.hex, v, "SBB") end
      end
    end
    -- 1844-R-192 to R-195: the share exchange.
    local price = c.price or props.start_price
    for _, cert in ipairs(c.certificates) do
      local target, units
      if cert.president then target, units = five[di], 2; di = di + 1
      else target, units = singles[si], 1; si = si + 1 end
      if C.is_player(game, cert.owner) and c.started then
        game:move_certificate("SBB", target, cert.owner)
        settle(game, cert.owner, (price - props.start_price) * units, v .. " " .. cert.percent .. " %")
      else
        game:move_certificate("SBB", target, "pool")
      end
      game:move_certificate(v, cert.index, "removed")
    end
  end
  -- 1844-R-201: the V companies are gone (R-108: so are the reservations
  -- of their homes).
  for _, v in ipairs(V) do
    if game:corporation_field(v, "started") then game:close_corporation(v) end
    game:remove_corporation(v)
  end
  for _, h in ipairs(homes) do
    local dup = false
    for _, s in ipairs(game:corporation_field("SBB", "tokens")) do if s.hex == h.hex then dup = true end end
    if not dup then game:place_token("SBB", h.hex, h.city, false) end
  end
  -- 1844-R-196 to R-198: the director.
  local units = holder_units(game)
  local best, director = 0, nil
  for _, v in ipairs(V) do
    local p = former[v]
    if p and (units[p] or 0) > best then best, director = units[p], p end
  end
  for _, p in ipairs(C.order(game)) do
    if (units[p] or 0) > best then best, director = units[p], p end
  end
  local certs = game:corporation_field("SBB", "certificates")
  local pres_owner
  for _, cert in ipairs(certs) do if cert.president then pres_owner = cert.owner end end
  if director == nil then
    -- Nobody holds SBB (no V company was ever launched): the director's
    -- certificate waits in the pool and the SBB does not operate until a
    -- player buys it (A-31, `do buy_sbb_director`).
    if pres_owner ~= "pool" then game:move_certificate("SBB", president, "pool") end
    game:set_price("SBB", 5, 8)
    game:log("nobody holds SBB shares: the SBB has no director and does not operate")
    -- A-29: with no director the cheapest trains go first.
    local rank = { ["2"] = 1, ["3"] = 2, ["4"] = 3, ["5"] = 4, ["EVA"] = 4, ["6"] = 5, ["8E"] = 6 }
    table.sort(trains, function(a, b) return (rank[a.class] or 9) > (rank[b.class] or 9) end)
    for i, t in ipairs(trains) do
      -- Three beside the charter 5H.
      if i <= 3 then game:give_train(t.id, "SBB") else game:give_train(t.id, "pool") end
    end
    return
  end
  game:set_floated("SBB", props.start_price)
  game:set_price("SBB", 5, 8)
  if pres_owner ~= director then
    -- R-197: a director without a 10 % double first swaps two 5 % shares
    -- for one: from the pool, else from the former director of V5, V4...
    local function first(owner, percent, n)
      local out = {}
      for _, cert in ipairs(game:corporation_field("SBB", "certificates")) do
        if cert.owner == owner and not cert.president and cert.percent == percent and #out < n then out[#out + 1] = cert.index end
      end
      return out
    end
    if #first(director, 10, 1) == 0 then
      local source
      if #first("pool", 10, 1) > 0 then source = "pool" end
      for i = #V, 1, -1 do
        local p = former[V[i]]
        if source == nil and p and p ~= director and #first(p, 10, 1) > 0 then source = p end
      end
      local pair = first(director, 5, 2)
      if source and #pair == 2 then
        local double = first(source, 10, 1)[1]
        for _, i in ipairs(pair) do game:move_certificate("SBB", i, source) end
        game:move_certificate("SBB", double, director)
        game:log(director .. " exchanges two 5 % SBB shares for a 10 % double with " .. source)
      end
    end
    -- R-198: the director's certificate for a double (else two singles).
    local give = first(director, 10, 1)
    if #give == 0 then give = first(director, 5, 2) end
    for _, i in ipairs(give) do game:move_certificate("SBB", i, pres_owner) end
    game:move_certificate("SBB", president, director)
    game:log(director .. " directs the SBB")
  end
  -- 1844-R-190, A-29: the V trains join the SBB; over its limit of 4 its
  -- director chooses which go to the pool (never the charter 5H).
  for _, t in ipairs(trains) do game:give_train(t.id, "SBB") end
end
C.form_sbb = form

-- 1844-R-186: bought in an OR: at the end of that OR; exported: at once
-- (scripts/trains.lua, at the export).
on("sbb_formation", function(game)
  if game:var("sbb.formed") then return end
  if game:round().kind ~= "operating" then
    form(game)
  else
    game:set_var("sbb.pending", true)
  end
end)

on("round_ended", function(game)
  if game:var("sbb.pending") then form(game) end
end)


-- A-31: whoever buys the director's certificate from the pool (the first
-- SBB purchase, scripts/stock.lua) starts the SBB; it operates from then on.
on("share_bought", { when = { args = { corp = "SBB" } } }, function(game, ev)
  if ev.corp ~= "SBB" or game:corporation_field("SBB", "started") then return end
  game:set_floated("SBB", sbb_props(game).start_price)
  game:log(ev.player .. " directs the SBB")
end)

-- 1844-R-194, A-47: a player who owes an SBB settlement must sell shares
-- to clear it before doing anything else in a stock turn, as long as a
-- sale is possible. Only ordinary certificates are looked at (a director's
-- certificate needs a taker; then the player may pass).
local function could_sell(game, player)
  local r = game:round()
  if C.no_sales(game) then return false end
  for _, id in ipairs(game:corporations()) do
    local function f(field) return game:corporation_field(id, field) end
    if f("started") and not f("closed") then
      local pool = f("pool_percent")
      for _, cert in ipairs(f("certificates")) do
        if cert.owner == player and not cert.president and pool + cert.percent <= 50 then return true end
      end
    end
  end
  return false
end

-- Guarded (docs/lua-api.md, "Guards"): only a pass in the stock round can be refused.
hook("can_pass", { when = { args = { step = "stock" } } }, function(game, who, step)
  if step ~= "stock" or not C.is_player(game, who) then return true end
  local owed = math.min(game:var("free_debt." .. who) or 0, game:player_field(who, "debt") or 0)
  if owed > 0 and could_sell(game, who) then
    return false, who .. " must first sell shares to pay the " .. game:money(owed) .. " owed for the SBB exchange", "1844-R-194"
  end
  return true
end)
