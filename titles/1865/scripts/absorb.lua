-- Absorption (§5; checklist §5). At the start of its turn a company may
-- absorb another with the same president that has not yet operated in
-- this round (active, as often as it can, then it operates), or be
-- absorbed itself and skip its turn (passive). Both must have operated
-- before and be connected (1865-R-155 .. R-162). The acquirer pays every
-- share unit of the target outside its IPO at the target's price plus the
-- premium of its region (R-163, R-164, A-09 .. A-11), funded by the
-- target's cash, then its own IPO certificates sold to the pool without a
-- price drop, then L. 500 loans (R-165, R-174). It takes the target's
-- traffic, trains, maritime companies and loans (R-168), tops its
-- stations up to 7 (R-169), may vacate its own mines (R-170), replaces the
-- target's city stations with its own and may take its mines (R-171);
-- where it already stands the bank pays L. 50 (R-172). The target's
-- certificates return to its IPO and it may be launched again as a major
-- (R-167, R-064).

-- This operating round, as a number (stock rounds so far and the OR).
local function or_id(game)
  local r = game:round()
  return r.stock_rounds * 100 + r.set_index
end

on("turn_started", function(game, ev)
  if game:round().kind == "operating" then game:set_var("operated_in." .. ev.corp, or_id(game)) end
end)

local function operated_this_round(game, corp)
  return game:var("operated_in." .. corp) == or_id(game)
end

local function station_hexes(game, corp)
  local out = {}
  for _, st in ipairs(S.stations(game, corp)) do out[#out + 1] = st.hex end
  return out
end

-- 1865-R-160: a city holding both, or a direct route between a station of
-- each.
function S.companies_connected(game, a, b)
  local theirs = station_hexes(game, b)
  for _, st in ipairs(S.stations(game, a)) do
    if S.contains(theirs, st.hex) then return true end
    for _, r in ipairs(game:direct_routes(st.hex, st.stop, S.route_opts(game, nil))) do
      if S.contains(theirs, r.to) then return true end
    end
  end
  return false
end

-- The price paid per share unit of the target (R-164): its price, or the
-- premium price of its region on the market.
local function unit_compensation(game, target)
  local region = S.region(game, target)
  if region == "green" or region == "white" then return game:market_price(target, region) end
  return game:share_price(target)
end

-- Share units of the target held outside its IPO, by holder:
-- { { owner = name or "pool" or "dragons", units = n } }.
local function holders(game, target)
  local unit = game:corporation_field(target, "unit_percent")
  local out = {}
  for p, pct in pairs(game:corporation_field(target, "shares")) do
    out[#out + 1] = { owner = p, units = pct // unit }
  end
  table.sort(out, function(x, y) return x.owner < y.owner end)
  local pool = game:corporation_field(target, "pool_percent") // unit
  if pool > 0 then out[#out + 1] = { owner = "pool", units = pool } end
  for inv, pct in pairs(game:corporation_field(target, "investor_percent")) do
    if pct > 0 then out[#out + 1] = { owner = inv, units = pct // unit } end
  end
  return out
end

local function owed(game, target)
  local units = 0
  for _, h in ipairs(holders(game, target)) do units = units + h.units end
  return units * unit_compensation(game, target)
end

-- Ordinary IPO certificates of `corp` the pool can take (R-165 step 2).
local function sellable_ipo(game, corp)
  local unit = game:corporation_field(corp, "unit_percent")
  local room = game:props().pool_limit_percent - game:corporation_field(corp, "pool_percent")
  local out = {}
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.owner == "treasury" and not c.president and room >= c.percent then
      out[#out + 1] = c.index
      room = room - c.percent
    end
  end
  return out
end

local function funds(game, acq, target)
  local price = game:share_price(acq)
  local ipo = #sellable_ipo(game, acq) * price
  local loans_left = game:props().max_company_loans - S.loans(game, acq) - S.loans(game, target)
  if loans_left < 0 then loans_left = 0 end
  return game:corporation_field(acq, "cash") + game:corporation_field(target, "cash") + ipo + loans_left * game:props().loan
end

-- Why `acq` may not absorb `target` now, or nil (R-155 .. R-161).
function S.absorb_problem(game, acq, target)
  if acq == target then return "a company cannot absorb itself", "1865-R-155" end
  if not game:corporation_field(target, "floated") or not game:corporation_field(acq, "floated") then return target .. " is not in play", "1865-R-159" end
  local pa, pt = game:corporation_field(acq, "president"), game:corporation_field(target, "president")
  if pa == nil or pa ~= pt then return acq .. " and " .. target .. " must have the same president", "1865-R-155" end
  if game:corporation_field(acq, "operated") == 0 or game:corporation_field(target, "operated") == 0 then
    return "both companies must have operated before", "1865-R-159"
  end
  if operated_this_round(game, target) and game:operating() ~= target then
    return target .. " has already operated in this round", "1865-R-157"
  end
  if not S.companies_connected(game, acq, target) then
    return acq .. " and " .. target .. " are not connected (a shared city or a direct route)", "1865-R-160"
  end
  local need = owed(game, target)
  if funds(game, acq, target) < need then
    return acq .. " cannot raise the " .. game:money(need) .. " its absorption of " .. target .. " costs", "1865-R-161"
  end
  return nil
end

local function pay_holders(game, acq, target, unit_price)
  for _, h in ipairs(holders(game, target)) do
    local amount = h.units * unit_price
    local to = h.owner
    -- The pool's and the Dragons' compensation goes to the bank.
    if to == "pool" or S.contains(game:investors(), to) then to = "bank" end
    if amount > 0 then game:transfer(acq, to, amount) end
    game:log(acq .. " pays " .. game:money(amount) .. " for " .. h.units .. " share unit(s) of " .. target .. " held by " .. h.owner .. " (1865-R-166)")
  end
end

local function raise_funds(game, acq, target, need)
  local cash = game:corporation_field(target, "cash")
  if cash > 0 then game:transfer(target, acq, cash) end
  local price = game:share_price(acq)
  for _, idx in ipairs(sellable_ipo(game, acq)) do
    if game:corporation_field(acq, "cash") >= need then break end
    game:move_certificate(acq, idx, "pool")
    game:transfer("bank", acq, price)
    game:log(acq .. " sells one of its IPO certificates to the pool for " .. game:money(price) .. ", no price drop (1865-R-075)")
  end
  while game:corporation_field(acq, "cash") < need do S.take_company_loan(game, acq) end
end

-- The stations after the absorption (R-169 .. R-173, A-24).
local function take_stations(game, acq, target_stations, vacate, take_mines)
  S.set_token_total(game, acq, game:props().major_tokens)
  for _, hex in ipairs(vacate) do
    if not S.contains(station_hexes(game, acq), hex) or not S.is_mine(game, hex) then
      fail(hex .. " is not a mine station of " .. acq, "1865-R-170")
    end
    game:remove_tokens(hex, false)
    game:log(acq .. " vacates its mine at " .. hex .. " (1865-R-170)")
  end
  local paid = {}
  local short = false
  for _, st in ipairs(target_stations) do
    local mine = S.is_mine(game, st.hex)
    if S.contains(station_hexes(game, acq), st.hex) then
      if not paid[st.hex] and not mine then
        paid[st.hex] = true
        game:transfer("bank", acq, game:props().synergy)
        game:log(acq .. " already stands in " .. st.hex .. ": the bank pays " .. game:money(game:props().synergy) .. " (1865-R-172)")
      end
    elseif mine and not S.contains(take_mines, st.hex) then
      game:log(st.hex .. "'s mine is left empty (1865-R-171)")
    elseif mine and S.has_tag(game:hex_field(st.hex, "tags"), "carbonia") and S.carbonia_held(game, acq) then
      game:log(st.hex .. " is left empty: one Carbonia mine a company (A-24)")
    else
      if S.tokens_left(game, acq) == 0 then
        short = true
        game:log(acq .. " has no station left for " .. st.hex .. ": it is lost (1865-R-173)")
      else
        game:place_token(acq, st.hex, S.city_of_stop(game, st.hex, st.stop), false)
        game:log(acq .. " replaces " .. st.hex .. "'s station with its own (1865-R-171)")
      end
    end
  end
  return short
end

local function split(text)
  local out = {}
  for item in string.gmatch(text or "", "[^,]+") do out[#out + 1] = item end
  return out
end

function S.absorb(game, acq, target, args)
  local why, rule = S.absorb_problem(game, acq, target)
  if why ~= nil then fail(why, rule) end
  local unit_price = unit_compensation(game, target)
  local need = owed(game, target)
  local target_stations = S.stations(game, target)
  game:log(acq .. " absorbs " .. target .. ": " .. game:money(need) .. " in compensation at " .. game:money(unit_price) .. " a share unit (1865-R-164)")
  raise_funds(game, acq, target, need)
  pay_holders(game, acq, target, unit_price)
  -- Traffic and loans move with the rest (R-168).
  local traffic = S.traffic(game, target)
  game:set_var("traffic." .. target, nil)
  if traffic > 0 then S.add_traffic(game, acq, traffic, "absorbed from " .. target .. ", 1865-R-168") end
  local loans = S.loans(game, target)
  game:set_var("loans." .. target, nil)
  if loans > 0 then game:set_var("loans." .. acq, S.loans(game, acq) + loans) end
  game:set_var("row." .. target, nil)
  game:merge(target, acq, {})
  game:set_var("absorbed." .. target, true)
  game:set_var("home." .. target, nil)
  take_stations(game, acq, target_stations, split(args.vacate), split(args.mines))
  for _, m in ipairs(S.maritime_of(game, acq)) do S.maritime_bonus(game, acq, m) end
  game:require_discards()
end

local function remaining_steps(game)
  return { "lay_tile", "operate_mines", "build_station", "run_routes", "dividend", "buy_train" }
end

step("absorb", {
  skip = function(game, corp)
    local floated, president, operated = game:corporation_fields(corp, "floated", "president", "operated")
    if operated == 0 then return true end
    for _, other in ipairs(game:corporations()) do
      -- What either way round needs first, in one read of each company
      -- (R-155, R-159: in play, one president, both operated before);
      -- absorb_problem then checks the rest (connection, funds).
      local f, p, op = game:corporation_fields(other, "floated", "president", "operated")
      if other ~= corp and floated and f and president ~= nil and p == president and op > 0
        and (S.absorb_problem(game, corp, other) == nil or S.absorb_problem(game, other, corp) == nil) then
        return false
      end
    end
    return true
  end,
  actions = function(game, corp)
    local out = {}
    for _, other in ipairs(game:corporations()) do
      if S.absorb_problem(game, corp, other) == nil then out[#out + 1] = { name = "absorb", args = { target = other } } end
      if S.absorb_problem(game, other, corp) == nil
        and not (game:option("passive_after_operating_forbidden") and operated_this_round(game, other)) then
        out[#out + 1] = { name = "absorbed_by", args = { acquirer = other } }
      end
    end
    return out
  end,
  process = function(game, corp, name, args)
    if name == "absorb" then
      S.absorb(game, corp, args.target, args)
      return false                                   -- it may absorb again (R-157)
    elseif name == "absorbed_by" then
      local acq = args.acquirer
      if game:option("passive_after_operating_forbidden") and operated_this_round(game, acq) then
        fail(acq .. " has already operated in this round (option)", "1865-R-156")
      end
      S.absorb(game, acq, corp, args)
      for _, s in ipairs(remaining_steps(game)) do game:finish_step(s) end
      return true
    end
    fail("absorb with: do absorb target=X, or be absorbed: do absorbed_by acquirer=Y, or pass", "1865-R-156")
  end,
})
