-- The financial step and corporations' holdings (§2.2.3, §2.2.4, §2.4,
-- §3.5.9; 18FB-R-176 .. R-183, R-124, R-050; checklist §2.20; A-39, A-40,
-- A-43, A-44).
--
-- flow.toml's last operating step, "financial": a Provisional or
-- Definitive major, or a national, sells certificates it holds, then buys
-- at most one (R-176). A corporation holds certificates of other
-- corporations (owner = its id) and its own shares bought back from the
-- Pool (in its treasury, counted by the var `own.<corp>`: its IPO shares
-- are not "held", they are unissued). The core pays the dividends of
-- shares a corporation holds into its treasury (R-124, A-40), and counts
-- only players' certificates for the presidency (R-050).
--
-- Forced sales (R-181, R-182, A-43): no corporation holds shares of a
-- company priced in light or dark blue, its own included, and one priced
-- in dark blue holds none of other companies. They are sold at the first
-- chance in the holder's own turn (its turn's start, and again at the
-- financial step, should its price have moved down a row meanwhile), in
-- every state (Building and Frozen too, R-183), at the current price,
-- never moving it, into the Pool beyond its 50 % limit (A-44).

local POOL_LIMIT = 50    -- §2.3, R-022 (title.toml pool_limit_percent)
local BLUE = { light_blue = true, dark_blue = true }

-- R-176: who trades in the financial step.
local function trades(game, corp)
  local kind = game:corporation_field(corp, "kind")
  if kind == "national" then return true end
  if kind ~= "major" then return false end
  local state = game:corporation_field(corp, "state")
  return state == "provisional" or state == "definitive"
end

-- Shares of `corp` a corporation may hold or buy: a started major's or
-- national's (regionals are acquired, §3.7.3, never traded).
local function tradable(game, corp)
  local kind, floated = game:corporation_fields(corp, "kind", "floated")
  return (kind == "major" or kind == "national") and floated
end

-- The certificate lists of the corporations, each read once for one
-- question (`reader.of(corp)`): the step's questions look at every
-- corporation's list several times, and each read builds a table per
-- certificate. A move of `corp`'s certificates is told with
-- `reader.moved(corp)`.
local function certificate_reader(game)
  local lists = {}
  local reader = {}
  function reader.of(corp)
    local list = lists[corp]
    if list == nil then
      list = game:corporation_field(corp, "certificates")
      lists[corp] = list
    end
    return list
  end
  function reader.moved(corp) lists[corp] = nil end
  return reader
end

-- The indices of the certificates of `of` that `holder` holds: those in
-- its name, and for its own shares the ones bought back (`own.<corp>`).
-- (`certs`: a `certificate_reader`, else the list is read.)
function S.held_certificates(game, holder, of, certs)
  local list = certs and certs.of(of) or game:corporation_field(of, "certificates")
  local out = {}
  if holder == of then
    local n = game:var("own." .. holder) or 0
    for _, c in ipairs(list) do
      if #out >= n then break end
      if c.owner == "treasury" and not c.president then out[#out + 1] = c.index end
    end
    return out
  end
  for _, c in ipairs(list) do
    if c.owner == holder then out[#out + 1] = c.index end
  end
  return out
end

-- Whether `holder` holds a certificate of `of` (`S.held_certificates` is
-- not empty). The certificate list is read only for its own shares
-- bought back: another company's holding is in `corporate_percent`, and
-- the step asks this of every company at every turn.
local function holds_some(game, holder, of, certs)
  if holder ~= of then return (game:corporation_field(of, "corporate_percent")[holder] or 0) > 0 end
  if (game:var("own." .. holder) or 0) <= 0 then return false end
  return #S.held_certificates(game, holder, of, certs) > 0
end

-- Every corporation whose shares `holder` holds, own included, in id order.
local function holdings(game, holder, certs)
  certs = certs or certificate_reader(game)
  local out = {}
  for _, of in ipairs(game:corporations()) do
    if tradable(game, of) and holds_some(game, holder, of, certs) then out[#out + 1] = of end
  end
  return out
end

-- Why `holder` may not hold shares of `of` (R-181, R-182, A-43), or nil.
local function holding_banned(game, holder, of)
  local zone = S.zone(game, of)
  if BLUE[zone] then
    return of .. " is priced in " .. zone:gsub("_", " ") .. ": no corporation may hold its shares", "18FB-R-181"
  end
  if of ~= holder and S.zone(game, holder) == "dark_blue" then
    return holder .. " is priced in dark blue: it may hold no other company's shares", "18FB-R-182"
  end
  return nil
end

-- The value of one certificate at the current price.
local function worth(game, of, index, certs)
  for _, c in ipairs(certs and certs.of(of) or game:corporation_field(of, "certificates")) do
    if c.index == index then return game:share_price(of) * c.percent // 10, c.percent end
  end
  return 0, 0
end

-- `holder` sells certificate `index` of `of` to the Pool for `amount`
-- paid by the bank. The price does not move (R-177, R-183, A-26).
function S.corporation_sells(game, holder, of, index, amount)
  game:move_certificate(of, index, "pool")
  if holder == of then game:set_var("own." .. holder, (game:var("own." .. holder) or 1) - 1) end
  if amount > 0 then game:transfer("bank", holder, amount) end
end

-- R-181 .. R-183, A-43, A-44: every banned holding of `holder` goes to the
-- Pool at the current price.
local function forced_sales(game, holder, certs)
  certs = certs or certificate_reader(game)
  -- The holdings banned to it, found before any sale (a forced sale moves
  -- no price, so no zone). The ban is asked first: most turns nothing is
  -- banned, and no certificate list is read.
  local banned = {}
  for _, of in ipairs(game:corporations()) do
    if holding_banned(game, holder, of) ~= nil and tradable(game, of) and holds_some(game, holder, of, certs) then
      banned[#banned + 1] = of
    end
  end
  for _, of in ipairs(banned) do
    local why, rule = holding_banned(game, holder, of)
    if why ~= nil then
      for _, index in ipairs(S.held_certificates(game, holder, of, certs)) do
        local amount = worth(game, of, index, certs)
        S.corporation_sells(game, holder, of, index, amount)
        certs.moved(of)
        game:log(holder .. " must sell its " .. of .. " share for " .. game:money(amount) .. " (" .. why .. "; "
          .. rule .. ", R-183: a forced sale, the price stays)")
      end
    end
  end
end

-- A-33(b), (i): a corporation holding more than one certificate of another
-- company (a national that took over its mergers' holdings) sells the
-- excess at its financial step, as a forced sale.
local function excess_sales(game, holder, certs)
  for _, of in ipairs(holdings(game, holder, certs)) do
    local held = S.held_certificates(game, holder, of, certs)
    if of ~= holder and #held > 1 then
      for k = 2, #held do
        local amount = worth(game, of, held[k], certs)
        S.corporation_sells(game, holder, of, held[k], amount)
        certs.moved(of)
        game:log(holder .. " sells an excess " .. of .. " share for " .. game:money(amount)
          .. " (at most one certificate of each other company, 18FB-R-180, A-33(b))")
      end
    end
  end
end

on("turn_started", function(game, ev)
  if game:corporation_field(ev.corp, "kind") ~= "regional" then forced_sales(game, ev.corp) end
end)

-- Why `corp` may not sell one `of` certificate now, or nil (R-177, R-179).
local function sell_problem(game, corp, of, certs)
  if game:turn_var("fin.bought") then return corp .. " has bought this turn: it sells first, then buys", "18FB-R-176" end
  local held = S.held_certificates(game, corp, of, certs)
  if #held == 0 then return corp .. " holds no " .. of .. " share it may sell", "18FB-R-177" end
  local _, pct = worth(game, of, held[1], certs)
  if game:corporation_field(of, "pool_percent") + pct > POOL_LIMIT then
    return "the Pool may hold at most " .. POOL_LIMIT .. " % of " .. of, "18FB-R-177"
  end
  return nil
end

-- Why `corp` may not buy one `of` certificate from `from` ("pool" or
-- "ipo") now, or nil, and else the certificate and its price.
local function buy_problem(game, corp, of, from, certs)
  if game:turn_var("fin.bought") then return corp .. " has bought a certificate this turn", "18FB-R-179" end
  if game:turn_var("fin.sold." .. of) then return corp .. " sold " .. of .. " this turn and may not buy it back", "18FB-R-179" end
  if not tradable(game, of) then return of .. " is not a started company whose shares corporations trade", "18FB-R-178" end
  if of == corp and from ~= "pool" then return "a corporation buys its own shares only from the Pool", "18FB-R-178" end
  if from ~= "pool" and from ~= "ipo" then return "buy from=pool or from=ipo", "18FB-R-178" end
  if of ~= corp and holds_some(game, corp, of, certs) then
    return corp .. " already holds a " .. of .. " certificate: at most one of each other company", "18FB-R-180"
  end
  local why, rule = holding_banned(game, corp, of)
  if why ~= nil then return why, rule end
  local index, pct
  -- The certificates' owner there; the list is read only where it holds
  -- some of `of`.
  local owner = from == "pool" and "pool" or "treasury"
  if game:corporation_field(of, owner .. "_percent") > 0 then
    for _, c in ipairs(certs and certs.of(of) or game:corporation_field(of, "certificates")) do
      if not c.president and c.owner == owner then index, pct = c.index, c.percent; break end
    end
  end
  if index == nil then return "no " .. of .. " certificate in the " .. (from == "pool" and "Pool" or "IPO"), "18FB-R-178" end
  -- the Pool at the current price; the IPO at the par value, as players
  -- pay (R-027), to the issuing corporation
  local price = (from == "pool" and game:share_price(of) or game:corporation_field(of, "par")) * pct // 10
  if game:corporation_field(corp, "cash") < price then
    return corp .. " cannot pay " .. game:money(price) .. " for a " .. of .. " certificate", "18FB-R-178"
  end
  return nil, nil, index, price
end

-- The step's moves (`first`: only whether there is one, the first found).
local function actions(game, corp, certs, first)
  local out = {}
  if not trades(game, corp) then return out end
  -- Having bought, it neither sells nor buys again this turn (R-176, R-179).
  if game:turn_var("fin.bought") then return out end
  certs = certs or certificate_reader(game)
  for _, of in ipairs(holdings(game, corp, certs)) do
    if sell_problem(game, corp, of, certs) == nil then
      out[#out + 1] = { name = "sell_share", args = { corp = of } }
      if first then return out end
    end
  end
  for _, of in ipairs(game:corporations()) do
    -- (buy_problem refuses the others; asked here once, not per source.)
    for _, from in ipairs(tradable(game, of) and { "pool", "ipo" } or {}) do
      if buy_problem(game, corp, of, from, certs) == nil then
        out[#out + 1] = { name = "buy_share", args = { corp = of, from = from } }
        if first then return out end
      end
    end
  end
  return out
end

step("financial", {
  skip = function(game, corp)
    if game:corporation_field(corp, "kind") == "regional" then return true end
    local certs = certificate_reader(game)
    forced_sales(game, corp, certs)
    excess_sales(game, corp, certs)
    return #actions(game, corp, certs, true) == 0
  end,
  actions = function(game, corp) return actions(game, corp) end,
  process = function(game, corp, name, args)
    if not trades(game, corp) then
      fail("only a Provisional or Definitive major or a national trades certificates", "18FB-R-176")
    end
    local of = args.corp
    if type(of) ~= "string" or not S.contains(game:all_corporations(), of) then
      fail("name a corporation: do " .. name .. " corp=NN", "18FB-R-176")
    end
    if name == "sell_share" then
      local why, rule = sell_problem(game, corp, of)
      if why ~= nil then fail(why, rule) end
      local index = S.held_certificates(game, corp, of)[1]
      local amount = worth(game, of, index)
      S.corporation_sells(game, corp, of, index, amount)
      game:set_turn_var("fin.sold." .. of, true)
      game:log(corp .. " sells a " .. of .. " share to the Pool for " .. game:money(amount) .. " (18FB-R-177: the price stays)")
      return false
    elseif name == "buy_share" then
      local from = args.from or "pool"
      local why, rule, index, price = buy_problem(game, corp, of, from)
      if why ~= nil then fail(why, rule) end
      if of == corp then
        game:move_certificate(of, index, "treasury")
        game:set_var("own." .. corp, (game:var("own." .. corp) or 0) + 1)
      else
        game:move_certificate(of, index, corp)
      end
      game:transfer(corp, from == "pool" and "bank" or of, price)
      game:set_turn_var("fin.bought", true)
      game:log(corp .. " buys a " .. of .. " share from the " .. (from == "pool" and "Pool" or "IPO") .. " for "
        .. game:money(price) .. " (18FB-R-178)")
      return true
    end
    fail("the financial step's actions: do sell_share corp=X, do buy_share corp=X from=pool|ipo, or pass", "18FB-R-176")
  end,
})

-- A closed or merged corporation's own bought-back shares are gone with it.
local function forget(game, ev)
  local corp = ev.corp or ev.target
  if corp ~= nil then game:set_var("own." .. corp, nil) end
end
on("corporation_closed", forget)
on("corporation_merged", forget)

-- What players see: what a corporation holds.
hook("corporation_facts", function(game, corp, facts)
  local held = {}
  for _, of in ipairs(holdings(game, corp)) do
    held[#held + 1] = of .. " x" .. #S.held_certificates(game, corp, of)
  end
  if #held > 0 then facts[#facts + 1] = "holds: " .. table.concat(held, ", ") .. " (18FB-R-176 .. R-180)" end
  return facts
end)
