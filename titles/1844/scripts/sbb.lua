-- The SBB (1844-R-186 to R-201, checklist §4).

local V = C.PRE_SBB

local function cert_lists(game)
  local president, doubles, singles = nil, {}, {}
  for _, cert in ipairs(game:corporation("SBB").certificates) do
    if cert.president then president = cert.index
    elseif cert.percent == 10 then doubles[#doubles + 1] = cert.index
    else singles[#singles + 1] = cert.index end
  end
  return president, doubles, singles
end

local function holder_units(game)
  local units = {}
  for _, cert in ipairs(game:corporation("SBB").certificates) do
    if C.is_player(game, cert.owner) then
      units[cert.owner] = (units[cert.owner] or 0) + cert.percent // 5
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
  game:set_var("sbb.formed", true)
  game:set_var("sbb.pending", nil)
  game:log("the SBB forms")
  -- 1844-R-188, R-189: 400 from the bank, price 100 on the S cell.
  game:transfer("bank", "SBB", 400)
  game:give_train("SBB5H", "SBB")
  local president, doubles, singles = cert_lists(game)
  local five = { president }
  for _, d in ipairs(doubles) do five[#five + 1] = d end
  local former = {}
  -- Markers: one per V marker, each 100 to lay (A-33).
  local ntok = 0
  for _, v in ipairs(V) do ntok = ntok + #game:corporation(v).tokens end
  local costs = {}
  for i = 1, ntok do costs[i] = 100 end
  game:set_tokens("SBB", costs)
  local di, si = 1, 1
  for _, v in ipairs(V) do
    local c = game:corporation(v)
    former[v] = c.president
    if c.cash > 0 then game:transfer(v, "SBB", c.cash) end
    for _, t in ipairs(c.trains) do game:give_train(t.id, "SBB") end
    -- 1844-R-191: V markers become SBB markers; a second one on a hex goes back.
    for _, tk in ipairs(c.tokens) do
      if tk.hex and not tk.lost then
        local dup = false
        for _, s in ipairs(game:corporation("SBB").tokens) do if s.hex == tk.hex then dup = true end end
        if not dup then game:replace_token(tk.hex, v, "SBB") end
      end
    end
    -- 1844-R-192 to R-195: the share exchange.
    local price = c.price or 100
    for _, cert in ipairs(c.certificates) do
      local target, units
      if cert.president then target, units = five[di], 2; di = di + 1
      else target, units = singles[si], 1; si = si + 1 end
      if C.is_player(game, cert.owner) and c.started then
        game:move_certificate("SBB", target, cert.owner)
        settle(game, cert.owner, (price - 100) * units, v .. " " .. cert.percent .. " %")
      else
        game:move_certificate("SBB", target, "pool")
      end
      game:move_certificate(v, cert.index, "removed")
    end
  end
  -- 1844-R-201: the V companies are gone.
  for _, v in ipairs(V) do
    if game:corporation(v).started then game:close_corporation(v) end
    game:remove_corporation(v)
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
  local certs = game:corporation("SBB").certificates
  local pres_owner
  for _, cert in ipairs(certs) do if cert.president then pres_owner = cert.owner end end
  if director == nil then
    -- Nobody holds SBB (no V company was ever launched): the director's
    -- certificate waits in the pool and the SBB does not operate (A-31).
    -- Here it simply stays unstarted.
    if pres_owner ~= "pool" then game:move_certificate("SBB", president, "pool") end
    game:log("nobody holds SBB shares: the SBB does not operate")
    return
  end
  game:set_floated("SBB", 100)
  game:set_price("SBB", 5, 8)
  if pres_owner ~= director then
    local double, pair = nil, {}
    for _, cert in ipairs(certs) do
      if cert.owner == director and not cert.president then
        if cert.percent == 10 and double == nil then double = cert.index end
        if cert.percent == 5 and #pair < 2 then pair[#pair + 1] = cert.index end
      end
    end
    local give = double and { double } or pair
    for _, i in ipairs(give) do game:move_certificate("SBB", i, pres_owner) end
    game:move_certificate("SBB", president, director)
    game:log(director .. " directs the SBB")
  end
  -- 1844-R-190, A-29: more than 4 trains: the director hands the excess
  -- to the pool (never the charter 5H, trains.lua); with no director the
  -- cheapest go.
  local trains = game:corporation("SBB").trains
  if #trains > 4 and game:corporation("SBB").president ~= nil then
    game:require_discards()
  elseif #trains > 4 then
    local list = {}
    for _, t in ipairs(trains) do
      if t.class ~= "SBB5H" then list[#list + 1] = t end
    end
    local order = { ["2"] = 1, ["3"] = 2, ["4"] = 3, ["5"] = 4, ["EVA"] = 4, ["6"] = 5, ["8E"] = 6 }
    table.sort(list, function(a, b) return (order[a.class] or 9) < (order[b.class] or 9) end)
    for i = 1, #trains - 4 do game:give_train(list[i].id, "pool") end
  end
end
C.form_sbb = form

-- 1844-R-186: bought in an OR: at the end of that OR; exported: at once.
on("phase_event", function(game, ev)
  if ev.name ~= "sbb_formation" then return end
  if game:var("exporting") or game:round().kind ~= "operating" then
    form(game)
  else
    game:set_var("sbb.pending", true)
  end
end)

on("round_ended", function(game, ev)
  if game:var("sbb.pending") then form(game) end
end)
