-- The auction of the privates (1844-R-011 to R-023), a script round.
-- State in vars: auction.lot (company), auction.opener, auction.min,
-- auction.high (price), auction.leader (name), auction.out (list of names
-- who passed on this lot), auction.current (name).

-- The privates are auctioned in companies.toml's order.
local function unsold(game)
  for _, id in ipairs(game:companies()) do
    if game:company_field(id, "kind") == "private" and game:company_field(id, "owner_kind") == "bank" then return id end
  end
  return nil
end

-- 1844-R-012: position ((k-1) mod N)+1 of the turn order puts up Pk.
local function opener_of(game, lot)
  local order = C.order(game)
  local k = tonumber(lot:sub(2))
  return order[((k - 1) % #order) + 1]
end

-- The next player after `name` in turn order who has not passed on the
-- lot (`out`, the names who have).
local function next_in(game, name, out)
  local order = C.order(game)
  local at = 1
  for i, n in ipairs(order) do if n == name then at = i end end
  for step = 1, #order do
    local n = order[((at - 1 + step) % #order) + 1]
    if not C.contains(out, n) then return n end
  end
  return nil
end

local function open_lot(game, lot, min)
  local opener = opener_of(game, lot)
  game:set_var("auction.lot", lot)
  game:set_var("auction.opener", opener)
  game:set_var("auction.min", min or game:company_field(lot, "value"))
  game:set_var("auction.high", nil)
  game:set_var("auction.leader", nil)
  game:set_var("auction.out", {})
  game:set_var("auction.current", opener)
  game:set_actor(opener)
end

-- What buying a private brings (R-021 to R-023).
local function on_sold(game, lot, player)
  if lot == "P3" then
    -- 1844-R-023: the lowest unsold Tunnel certificate, free.
    for _, t in ipairs({ "T1", "T2", "T3", "T4", "T5" }) do
      if game:company_field(t, "owner_kind") == "bank" then
        game:give_company(t, player)
        game:log(player .. " receives " .. t .. " with P3")
        break
      end
    end
  -- P5: its MOB share comes with the company (companies.toml "shares" ability, R-022).
  elseif lot == "P6" then
    -- 1844-R-021: the FNM director's certificate; the buyer sets the par.
    game:ask_par("FNM", player, { 60, 70, 80, 90, 100 }, 0, player .. " bought P6, which comes with the FNM director's certificate")
  end
end

local function sell(game, lot, player, price)
  if price > 0 then game:transfer(player, "bank", price) end
  game:give_company(lot, player)
  game:log(player .. " buys " .. lot .. " for " .. game:money(price))
  on_sold(game, lot, player)
end

-- After a sale: the next lot, or the end of the auction. Returns true
-- when the round is over.
local function after_sale(game)
  local lot = unsold(game)
  if lot == nil then
    -- 1844-R-020: turn order by cash, least first; the first stock round
    -- proper allows no sales (R-034, A-08). An auction after the first
    -- one opens a stock round (R-019, A-06): when it sells the last
    -- private, the rest of that stock round allows no sales either, so
    -- the next one is the first stock round proper.
    local order = C.order_by_cash(game, true)
    local first = game:round().stock_rounds + 1
    game:set_var("no_sales_sr", first)
    if (game:var("auction.count") or 1) > 1 then
      game:set_var("no_sales_until", first + 1)
    end
    game:log("all privates are sold; turn order: " .. table.concat(order, ", "))
    game:end_round()
    return true
  end
  open_lot(game, lot)
  return false
end

on("round_started", { when = { args = { round = "auction" } } }, function(game, ev)
  if ev.round ~= "auction" then return end
  game:set_var("auction.no_bid", nil)
  game:set_var("auction.count", (game:var("auction.count") or 0) + 1)
  local lot = unsold(game)
  if lot == nil then
    game:end_round()
    return
  end
  open_lot(game, lot)
end)

-- The auction round is left out once every private is sold; the stock
-- round after an auction nobody bid in is left out too (R-018, A-06).
hook("skip_round", function(game, name, kind)
  if name == "auction" then return unsold(game) == nil end
  if name == "stock" then
    local skip = game:var("auction.no_bid") == true
    return skip
  end
  return false
end)

step("auction", {
  -- What `status` and `companies` show: the lot, its high bid and bidder,
  -- and who has dropped out.
  status = function(game)
    local lot = game:var("auction.lot")
    if lot == nil then return {} end
    local high = game:var("auction.high")
    local lines = {}
    if high == nil then
      lines[1] = "on sale: " .. lot .. ", no bid yet (the first bid is at least " .. game:money(game:var("auction.min")) .. ", 1844-R-013)"
    else
      lines[1] = "on sale: " .. lot .. ", high bid " .. game:money(high) .. " by " .. game:var("auction.leader")
        .. " (a bid raises it by at least 5 SFR, 1844-R-014)"
    end
    local out = game:var("auction.out")
    if out ~= nil and #out > 0 then lines[2] = "passed on " .. lot .. ": " .. table.concat(out, ", ") end
    return lines
  end,
  actions = function(game)
    local name = game:var("auction.current")
    local lot = game:var("auction.lot")
    if name == nil or lot == nil then return {} end
    local cash = game:player_field(name, "cash")
    local high = game:var("auction.high")
    local lo = high and (high + 5) or game:var("auction.min")
    local out = {}
    if lo <= cash then
      out[#out + 1] = { name = "bid", args = { company = lot, price = lo }, max = cash }
    end
    out[#out + 1] = { name = "pass", args = {} }
    return out
  end,
  process = function(game, actor, act, args)
    -- The auction's vars in one read (kept up to date below as they are set).
    local a = game:vars("auction.")
    local lot, name = a.lot, a.current
    if lot == nil or name == nil then fail("no private is up for auction", "1844-R-011") end
    local high, leader, out = a.high, a.leader, a.out or {}
    if act == "bid" then
      if args.company ~= lot then fail(lot .. " is up for auction; privates go in order", "1844-R-011") end
      local price = args.price or 0
      if high == nil and price < a.min then
        fail("the first bid on " .. lot .. " is at least " .. game:money(a.min), "1844-R-013")
      end
      if high ~= nil and price < high + 5 then
        fail("a bid raises the highest bid by at least 5 SFR", "1844-R-014")
      end
      if price > game:player_field(name, "cash") then fail(name .. " cannot pay " .. game:money(price), "1844-R-014") end
      high, leader = price, name
      game:set_var("auction.high", price)
      game:set_var("auction.leader", name)
      game:log(name .. " bids " .. game:money(price) .. " on " .. lot)
    elseif act == "pass" then
      out[#out + 1] = name
      game:set_var("auction.out", out)
      game:log(name .. " passes on " .. lot)
    else
      fail("in the auction one bids or passes", "1844-R-014")
    end
    local nxt = next_in(game, name, out)
    if leader ~= nil and (nxt == nil or nxt == leader) then
      sell(game, lot, leader, high)
      return after_sale(game)
    end
    if nxt == nil then
      -- Everyone passed without a bid.
      local drop = game:company_field(lot, "props").unbid_minimum_drop
      if drop then
        -- 1844-R-016, R-017: the minimum drops by 5 (P1's
        -- props.unbid_minimum_drop); at 0 the opener takes it.
        local min = a.min - drop
        if min <= 0 then
          sell(game, lot, a.opener, 0)
          return after_sale(game)
        end
        game:log("nobody bids: the minimum for " .. lot .. " drops to " .. game:money(min))
        open_lot(game, lot, min)
        return false
      end
      -- 1844-R-018: the auction ends; the rest stay unsold.
      game:log("nobody bids on " .. lot .. ": the auction ends")
      game:set_var("auction.no_bid", true)
      game:set_var("auction.lot", nil)
      game:set_var("auction.current", nil)
      game:end_round()
      return true
    end
    game:set_var("auction.current", nxt)
    game:set_actor(nxt)
    return false
  end,
})
