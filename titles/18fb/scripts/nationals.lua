-- The nationals RM and RA (§3.7; 18FB-R-058, R-145, R-191 .. R-206;
-- checklist section 4, A-33). Buying the first PH6 train starts PH6
-- (phases.toml's event form_nationals, after the PH3 trains are scrapped,
-- A-33(k)); RM forms, then RA (A-33(a)), each from exactly two of its four
-- candidates (title.toml props.nationals):
--   1. the floated candidates' presidents are asked in descending market
--      order until two accept (R-194); the missing ones are the lowest
--      ranked that did not accept (R-195, A-33(e)); an unfloated candidate
--      is never asked, counts as value 0 and is forced first (R-196): the
--      floated partner's president picks one of several, two of several
--      are drawn (game:random);
--   2. the national's price is the higher floated merger's cell, under the
--      tokens there (the core's set_price puts it at the bottom of the
--      stack), or the D100 start cell for two unfloated mergers (R-197);
--   3. shares 2 for 1 (R-198 .. R-200), the presidency (R-201), assets
--      (R-202), the lease (R-203), whether it operates in this OR (R-204).
-- RM and RA have 4 tile steps (scripts/operating.lua) and place 2 tokens a
-- turn (scripts/stations.lua) (R-205); no home, no destinations and no
-- state but operating (R-058: companies.toml's kind "national").

local NATIONALS = { "RM", "RA" }          -- A-33(a): RM first

local function field(game, c, f) return game:corporation_field(c, f) end

local function floated(game, c) return field(game, c, "floated") == true end

local function shares_of(cert) return cert.percent // 10 end

-- The candidates still in the game (A-33(j)), ranked: floated ones in
-- market order (price, column, stack: the operating order, A-33(d)), then
-- the unfloated ones, value 0 (R-196), in the listed order.
local function ranked(game, nat)
  local cands = game:props().nationals[nat]
  local out = {}
  for _, c in ipairs(game:value_order()) do
    if S.contains(cands, c) and floated(game, c) and not field(game, c, "closed") then out[#out + 1] = c end
  end
  for _, c in ipairs(cands) do
    if not S.contains(out, c) and field(game, c, "in_play") and not field(game, c, "closed") then out[#out + 1] = c end
  end
  return out
end

-- R-191: RM and RA only form; no player starts them. A-33(g): one formed
-- without a president (`nat.headless.<N>`: its market cell) is started by
-- the first player to buy its president's certificate from its treasury,
-- at its current price (`par N P`: P is the starting value offered, the
-- difference to the current price settled with its treasury).
local function headless(game, corp) return game:var("nat.headless." .. corp) end

hook("can_start", function(game, player, corp)
  if not S.contains(NATIONALS, corp) then return true end
  local cell = headless(game, corp)
  if cell == nil then
    return false, corp .. " is not started by a player: it forms when PH6 begins", "18FB-R-191"
  end
  local cost = 2 * cell.price
  if game:player_field(player, "cash") < cost then
    return false, corp .. "'s president's certificate costs " .. game:money(cost) .. " at its current price", "A-33(g)"
  end
  return true
end)

hook("par_prices", function(game, corp, prices)
  local cell = headless(game, corp)
  if cell == nil then return nil end
  local best
  for _, p in ipairs(prices) do
    if p <= cell.price and (best == nil or p > best) then best = p end
  end
  if best == nil then best = prices[1] end
  return { best }
end)

local lease

on("corporation_started", function(game, ev)
  local cell = headless(game, ev.corp)
  if cell == nil then return end
  game:set_var("nat.headless." .. ev.corp, nil)
  game:set_price(ev.corp, cell.row, cell.col)
  local diff = 2 * (cell.price - ev.price)
  if diff > 0 then game:transfer(ev.player, ev.corp, diff) end
  if diff < 0 then game:transfer(ev.corp, ev.player, -diff) end
  game:log(ev.player .. " buys " .. ev.corp .. "'s president's certificate at its price, " .. game:money(cell.price)
    .. ", and becomes its president (A-33(g))")
  lease(game, ev.corp)
end)

-- Which corporations operated in the operating round under way (R-204).
on("round_started", function(game, ev)
  if ev.kind == "operating" then
    game:set_var("or.count", (game:var("or.count") or 0) + 1)
    game:set_var("or.operated", {})
  end
end)

on("round_ended", function(game) game:set_var("or.operated", nil) end)

on("turn_started", function(game, ev)
  local done = game:var("or.operated") or {}
  done[#done + 1] = ev.corp
  game:set_var("or.operated", done)
end)

-- R-204, A-33(l): a national formed from a corporation that had operated
-- in this OR does not operate in it.
hook("operating_order", function(game, list)
  local n = game:var("or.count")
  local out = {}
  for _, c in ipairs(list) do
    if game:var("nat.skip_or." .. c) == nil or game:var("nat.skip_or." .. c) ~= n then out[#out + 1] = c end
  end
  return out
end)

-- The buyer of the first PH6 train (train_bought comes before the phase's
-- events): its president begins the exchange (R-198).
on("train_bought", function(game, ev)
  if ev.class == "PH6" and game:var("nat.trigger") == nil and game:var("nat.formed") == nil then
    game:set_var("nat.trigger", ev.corp)
  end
end)

local continue_formation

-- R-191, R-145: PH6 begins: RM, then RA.
on("form_nationals", function(game)
  if game:var("nat.formed") then return end
  game:set_var("nat.formed", true)
  game:set_var("nat.queue", { "RM", "RA" })
  continue_formation(game)
end)

-- ---------------------------------------------------------------------
-- The exchange (R-197 .. R-202)

-- The holders of `corp`'s certificates: { owner = shares }.
local function holdings(game, corp)
  local out = {}
  for _, cert in ipairs(field(game, corp, "certificates")) do
    out[cert.owner] = (out[cert.owner] or 0) + shares_of(cert)
  end
  return out
end

-- The national's certificate indices still in its treasury: the
-- president's and the ordinary ones.
local function national_certs(game, nat)
  local pres, ord = nil, {}
  for _, cert in ipairs(field(game, nat, "certificates")) do
    if cert.owner == "treasury" then
      if cert.president then pres = cert.index else ord[#ord + 1] = cert.index end
    end
  end
  return pres, ord
end

-- Gives `n` ordinary national shares to `owner` from the treasury.
local function give_shares(game, nat, owner, n)
  local _, ord = national_certs(game, nat)
  local given = 0
  for i = 1, math.min(n, #ord) do
    game:move_certificate(nat, ord[i], owner)
    given = given + 1
  end
  return given
end

-- Trades one holder's merger shares 2 for 1 (R-198, R-199, A-33(b), (f)):
-- returns the national shares given.
local function exchange_holder(game, nat, mergers, holder, price, may_take_presidency)
  local sf, su = 0, 0
  for _, m in ipairs(mergers) do
    local h = holdings(game, m)[holder] or 0
    if floated(game, m) then sf = sf + h else su = su + h end
  end
  local total = sf + su
  if total == 0 then return 0, false end
  local n = total // 2
  local text = holder .. " trades " .. total .. " share" .. (total == 1 and "" or "s") .. " of " .. table.concat(mergers, " and ")
  local took = false
  if may_take_presidency and n >= 2 then
    local pres = national_certs(game, nat)
    game:move_certificate(nat, pres, holder)
    local got = give_shares(game, nat, holder, n - 2)
    took = true
    text = text .. " for the president's certificate" .. (got > 0 and (" and " .. got .. " share" .. (got == 1 and "" or "s")) or "")
      .. " of " .. nat .. " (18FB-R-198)"
  else
    local got = give_shares(game, nat, holder, n)
    text = text .. " for " .. got .. " " .. nat .. " share" .. (got == 1 and "" or "s") .. " (18FB-R-198)"
  end
  if total % 2 == 1 then
    if sf % 2 == 1 then
      local half = price // 2
      game:transfer("bank", holder, half)
      text = text .. "; the bank pays " .. game:money(half) .. " for the odd floated share (18FB-R-199)"
    else
      text = text .. "; the odd unfloated share is lost (18FB-R-199)"
    end
  end
  game:log(text)
  return n, took
end

-- R-201: a player holding more than the president's-certificate holder
-- takes the presidency (ties: the first in seat order after him), giving
-- two 10 % certificates for the president's.
local function check_presidency(game, nat)
  local pres = field(game, nat, "president")
  if pres == nil then return end
  local held = field(game, nat, "shares")
  local best, who = held[pres] or 0, nil
  for _, p in ipairs(S.from_seat(game, pres)) do
    if (held[p] or 0) > best then best, who = held[p], p end
  end
  if who == nil then return end
  local pidx
  local mine = {}
  for _, cert in ipairs(field(game, nat, "certificates")) do
    if cert.president then pidx = cert.index end
    if cert.owner == who and not cert.president and #mine < 2 then mine[#mine + 1] = cert.index end
  end
  for _, i in ipairs(mine) do game:move_certificate(nat, i, pres) end
  game:move_certificate(nat, pidx, who)
  game:log(who .. " holds more " .. nat .. " shares than " .. pres .. " and becomes its president (18FB-R-201)")
end

-- The national's market cell (R-197).
local function place_price(game, nat, mergers)
  local lead
  for _, c in ipairs(game:value_order()) do
    if lead == nil and S.contains(mergers, c) and floated(game, c) then lead = c end
  end
  if lead ~= nil then
    game:set_price(nat, field(game, lead, "market_row"), field(game, lead, "market_col"))
    game:log(nat .. " starts at " .. lead .. "'s price, " .. game:money(game:share_price(nat)) .. ", under the tokens there (18FB-R-197)")
  else
    local cell = game:props().nationals.start_cell
    game:set_price(nat, cell.row, cell.col)
    game:log(nat .. " starts on the " .. game:money(game:share_price(nat)) .. " start space: both mergers were unfloated (18FB-R-197)")
  end
end

-- Every token a merger brings (A-33(h)): its placed ones and its unused
-- charter tokens.
local function token_count(game, c)
  local n = 0
  for _, tk in ipairs(field(game, c, "tokens")) do if not tk.lost then n = n + 1 end end
  return n
end

local function zeros(n)
  local out = {}
  for i = 1, n do out[i] = 0 end
  return out
end

-- R-202, A-33(h), (i): cash, trains, tokens, town markers and other
-- companies' shares to the national; the mergers' charters leave.
local function take_assets(game, nat, mergers)
  local total, markers = 0, S.markers(game, nat)
  for _, m in ipairs(mergers) do
    total = total + token_count(game, m)
    markers = markers + S.markers(game, m)
  end
  game:set_tokens(nat, zeros(total))
  local dropped = 0
  for _, m in ipairs(mergers) do
    local placed = S.stations(game, m)
    if field(game, m, "started") then
      game:merge(m, nat, { keep_tokens = true })
    end
    for _, st in ipairs(placed) do
      if S.in_city(game, nat, st.hex) then
        game:remove_tokens(st.hex, true, m)
        dropped = dropped + 1
        game:log(m .. "'s token in " .. st.hex .. " is removed: " .. nat .. " already has one in that city (A-33(h))")
      else
        game:replace_token(st.hex, m, nat)
      end
    end
    -- its certificates leave with the charter (R-202)
    for _, cert in ipairs(field(game, m, "certificates")) do
      if cert.owner ~= "treasury" then game:move_certificate(m, cert.index, "treasury") end
    end
    game:set_var("markers." .. m, nil)
    game:remove_corporation(m)
  end
  if dropped > 0 then game:set_tokens(nat, zeros(total - dropped)) end
  if markers > 0 then game:set_var("markers." .. nat, markers) end
end

-- R-203: a national without a train leases a PH6 train from the bank.
lease = function(game, nat)
  if #field(game, nat, "trains") > 0 or field(game, nat, "president") == nil then return end
  local price = game:train_class("PH6").variants[1].price
  game:give_train("PH6", nat)
  game:set_var("lease." .. nat, price)
  game:set_corporation_state(nat, "leased")
  game:log(nat .. " has no train: it leases a PH6 train from the bank and withholds until it pays "
    .. game:money(price) .. " back (18FB-R-203)")
end

-- The formation of `nat` from `mergers` (two corporation ids).
local function form(game, nat, mergers)
  local trigger = game:var("nat.trigger")
  local was_operated = false
  for _, m in ipairs(mergers) do
    if S.contains(game:var("or.operated") or {}, m) then was_operated = true end
  end
  game:log(table.concat(mergers, " and ") .. " merge into " .. nat .. " (18FB-R-193)")
  place_price(game, nat, mergers)
  local price = game:share_price(nat)
  -- players, from the president of the corporation that bought the first
  -- PH6 train, then in seat order (R-198)
  local first = trigger and field(game, trigger, "president") or nil
  local taken = false
  for _, p in ipairs(S.from_seat(game, first or game:players()[1])) do
    local _, took = exchange_holder(game, nat, mergers, p, price, not taken)
    taken = taken or took
  end
  -- other corporations holding merger shares, in operating order (A-33(b))
  for _, c in ipairs(game:value_order()) do
    if not S.contains(mergers, c) and c ~= nat then exchange_holder(game, nat, mergers, c, price, false) end
  end
  -- treasury and IPO shares (A-33(c)), then the Pool (R-200)
  local t, q = 0, 0
  for _, m in ipairs(mergers) do
    local h = holdings(game, m)
    t = t + (h.treasury or 0) + (h[m] or 0)
    q = q + (h.pool or 0)
  end
  if game:option("national_ipo_shares_to_pool") then
    q, t = q + t, 0
  end
  q = q + t % 2
  local pooled = give_shares(game, nat, "pool", q // 2)
  game:log(nat .. ": " .. (t // 2) .. " share(s) for the mergers' treasury shares and the rest stay in its treasury; "
    .. pooled .. " in the Pool (18FB-R-200)")
  if taken then
    check_presidency(game, nat)
    game:set_floated(nat, price)
  else
    game:set_var("nat.headless." .. nat, { row = game:corporation_field(nat, "market_row"),
      col = game:corporation_field(nat, "market_col"), price = price })
    game:log("no player is entitled to 2 " .. nat .. " shares: its president's certificate waits in its treasury, "
      .. "and " .. nat .. " does not operate until a player buys it (A-33(g))")
  end
  take_assets(game, nat, mergers)
  lease(game, nat)
  if was_operated then
    game:set_var("nat.skip_or." .. nat, game:var("or.count"))
    game:log(nat .. " does not operate in this operating round: a merger had operated in it (18FB-R-204)")
  end
end

-- ---------------------------------------------------------------------
-- Choosing the mergers (R-193 .. R-196)

-- After the answers: the accepted ones, then the forced ones.
local function settle(game, f)
  local mergers = {}
  for _, c in ipairs(f.accepted) do mergers[#mergers + 1] = c end
  -- A-33(e) option: with one acceptance the two lowest-ranked merge anyway
  if #mergers == 1 and game:option("national_two_lowest_merge") then
    mergers = { f.ranked[#f.ranked - 1], f.ranked[#f.ranked] }
    game:log("only " .. f.accepted[1] .. " accepted: the two lowest-ranked candidates merge (option, A-33(e))")
  end
  local need = 2 - #mergers
  if need > 0 then
    local unf, flt = {}, {}
    for _, c in ipairs(f.ranked) do
      if not S.contains(mergers, c) then
        if floated(game, c) then flt[#flt + 1] = c else unf[#unf + 1] = c end
      end
    end
    if #unf >= need then
      if need == 1 and #unf > 1 then
        -- R-196: the floated partner's president picks
        local pres = field(game, mergers[1], "president")
        f.pick = unf
        game:set_var("nat.form", f)
        game:ask(pres, "which unfloated company merges with " .. mergers[1] .. " into " .. f.nat .. "? (18FB-R-196)",
          unf, "national_pick", { nat = f.nat })
        return nil
      elseif need == 2 and #unf > 2 then
        local a = table.remove(unf, game:random(#unf))
        local b = unf[game:random(#unf)]
        mergers[#mergers + 1] = a
        mergers[#mergers + 1] = b
        game:log(a .. " and " .. b .. " are drawn to form " .. f.nat .. " (18FB-R-196)")
      else
        for i = 1, need do mergers[#mergers + 1] = unf[i] end
      end
    else
      for _, c in ipairs(unf) do mergers[#mergers + 1] = c end
      -- R-195, A-33(e): then the lowest-ranked floated ones
      for i = #flt - (need - #unf) + 1, #flt do mergers[#mergers + 1] = flt[i] end
    end
  end
  return mergers
end

-- Asks the next floated candidate's president, or settles.
local function ask_next(game)
  local f = game:var("nat.form")
  while #f.accepted < 2 do
    local c = f.ranked[f.next]
    if c == nil or not floated(game, c) then break end
    f.next = f.next + 1
    local pres = field(game, c, "president")
    if pres ~= nil then
      game:set_var("nat.form", f)
      game:ask(pres, "does " .. c .. " merge into " .. f.nat .. "? (18FB-R-194)", { "yes", "no" }, "national_merge", { corp = c })
      return
    end
  end
  local mergers = settle(game, f)
  if mergers == nil then return end
  game:set_var("nat.form", nil)
  form(game, f.nat, mergers)
  continue_formation(game)
end

-- The next national of the queue, or the end of the formation.
continue_formation = function(game)
  local queue = game:var("nat.queue") or {}
  while #queue > 0 do
    local nat = table.remove(queue, 1)
    game:set_var("nat.queue", queue)
    local r = ranked(game, nat)
    if #r >= 2 then
      game:set_var("nat.form", { nat = nat, ranked = r, next = 1, accepted = {} })
      ask_next(game)
      return
    end
    game:log(nat .. " does not form: fewer than two of its candidates are left (A-33(j))")
  end
  game:set_var("nat.queue", nil)
  game:set_var("nat.trigger", nil)
end

ability("national_merge", {
  choose = function(game, who, choice, data)
    local f = game:var("nat.form")
    if choice == "yes" then
      f.accepted[#f.accepted + 1] = data.corp
      game:log(who .. " agrees: " .. data.corp .. " merges into " .. f.nat .. " (18FB-R-194)")
    else
      game:log(who .. " refuses for " .. data.corp .. " (18FB-R-194)")
    end
    game:set_var("nat.form", f)
    ask_next(game)
  end,
})

ability("national_pick", {
  choose = function(game, who, choice, data)
    local f = game:var("nat.form")
    game:log(who .. " picks " .. choice .. " to merge into " .. f.nat .. " (18FB-R-196)")
    game:set_var("nat.form", nil)
    form(game, f.nat, { f.accepted[1], choice })
    continue_formation(game)
  end,
})

-- ---------------------------------------------------------------------
-- The lease (R-203, D-37): while it runs, the national withholds
-- (companies.toml's state "leased") without moving left
-- (scripts/market.lua's dividend_move asks S.on_lease); it pays the price
-- back as soon as its treasury covers it.

function S.on_lease(game, corp) return game:var("lease." .. corp) ~= nil end

local function repay(game, corp)
  local due = game:var("lease." .. corp)
  if due == nil or field(game, corp, "cash") < due then return end
  game:transfer(corp, "bank", due)
  game:set_var("lease." .. corp, nil)
  game:set_corporation_state(corp, "national")
  game:log(corp .. " pays " .. game:money(due) .. " to the bank: its leased PH6 train is its own (18FB-R-203)")
end

on("dividend", function(game, ev) repay(game, ev.corp) end)
on("turn_ended", function(game, ev) if ev.corp then repay(game, ev.corp) end end)

-- What players see: a lease outstanding.
hook("corporation_facts", function(game, corp, facts)
  local due = game:var("lease." .. corp)
  if due ~= nil then facts[#facts + 1] = "lease: " .. game:money(due) .. " to pay back, withholds until then (18FB-R-203)" end
  return facts
end)

-- R-140 (§3.7.1): RM and RA buy and sell trains only at face value, from
-- or to any corporation (the core tells the agreed price).
hook("can_buy_train", function(game, corp, variant, seller, price)
  if seller == nil or price == nil then return true end
  local function national(c) return game:corporation_field(c, "kind") == "national" end
  if not (national(corp) or national(seller)) then return true end
  local ok, class = pcall(function() return game:train_class(variant) end)
  if not ok then return true end
  for _, v in ipairs(class.variants) do
    if v.name == variant and v.price ~= price then
      return false, "RM and RA trade trains only at face value: the " .. variant .. " costs " .. game:money(v.price), "18FB-R-140"
    end
  end
  return true
end)
