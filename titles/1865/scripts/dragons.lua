-- The Dragons (§3.2; checklist §3): a neutral investor that takes a turn
-- before every player's stock turn, by the algorithm alone. Their money is
-- the bank; they are never president (the core's rule for investors).
--   1. Sell to the pool every certificate of a company in the red region
--      (the pool's 50 % and "operated before" still apply), one space left
--      per share unit sold (1865-R-090, R-072).
--   2. Below their certificate limit, buy one certificate of a company in
--      the green region, from the IPO if it has one, else the pool
--      (R-091, R-093), chosen by (a) the fewest Dragons certificates,
--      (b) the highest rank, (c) the lowest price, (d) the uppermost token
--      of a stack (R-092), among those they may legally buy (A-20).
-- White companies are left alone (R-095). Every action is logged with its
-- reason.

local DRAGONS = "dragons"

local function dragons_certs(game, corp)
  local out = {}
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.owner == DRAGONS then out[#out + 1] = c end
  end
  return out
end

-- What the Dragons hold, in one read: certificates and percent by company
-- (the investor's table; reading every company's certificate list for
-- these was most of a Dragons turn).
local function holdings(game)
  local inv = game:investor(DRAGONS)
  return inv.certs, inv.shares
end

local function dragons_total(game)
  local certs = holdings(game)
  local n = 0
  for _, corp in ipairs(game:corporations()) do n = n + (certs[corp] or 0) end
  return n
end

function S.dragons_limit(game)
  return S.by_phase(game, "dragons_limit")
end

-- Each company's region, worked out once for a Dragons turn: selling and
-- buying move prices and certificates, never a region's inputs (the
-- chart row, stations, trains).
local function regions(game)
  local known = {}
  return function(corp)
    local r = known[corp]
    if r == nil then
      r = S.region(game, corp) or false
      known[corp] = r
    end
    return r
  end
end

local function sell_red(game, region)
  local acted = false
  for _, corp in ipairs(game:value_order()) do
    if region(corp) == "red" and game:corporation_field(corp, "operated") > 0 then
      local sold = 0
      for _, c in ipairs(dragons_certs(game, corp)) do
        if game:corporation_field(corp, "pool_percent") + c.percent > game:props().pool_limit_percent then break end
        game:move_certificate(corp, c.index, "pool")
        sold = sold + c.percent // game:corporation_field(corp, "unit_percent")
      end
      if sold > 0 then
        acted = true
        game:log("Dragons sell " .. sold .. " share unit(s) of " .. corp .. " to the pool: " .. corp .. " is in the red region (rank "
          .. S.rank(game, corp) .. " on the PH" .. game:var("row." .. corp) .. " row, 1865-R-090)")
        game:move_price(corp, "left", sold)
      end
    end
  end
  return acted
end

-- The certificate the Dragons may buy of `corp`: { index, source } or nil
-- (`held`: the Dragons' percent by company).
local function offer(game, corp, held)
  local ipo, pool
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if not c.president and c.owner == "treasury" and ipo == nil then ipo = c end
    if c.owner == "pool" and pool == nil then pool = c end
  end
  local c = ipo or pool
  if c == nil then return nil end
  if (held[corp] or 0) + c.percent > game:props().dragons_max_percent then return nil end
  return { index = c.index, source = ipo and "IPO" or "pool", percent = c.percent }
end

local function buy_green(game, region)
  local limit = S.dragons_limit(game)
  if dragons_total(game) >= limit then return false end
  local certs, percents = holdings(game)
  local candidates = {}
  for pos, corp in ipairs(game:value_order()) do
    if region(corp) == "green" then
      local o = offer(game, corp, percents)
      if o ~= nil then
        candidates[#candidates + 1] = { corp = corp, offer = o, held = certs[corp] or 0,
          rank = S.rank(game, corp), price = game:share_price(corp), pos = pos }
      end
    end
  end
  if #candidates == 0 then return false end
  table.sort(candidates, function(x, y)
    if x.held ~= y.held then return x.held < y.held end          -- (a)
    if x.rank ~= y.rank then return x.rank > y.rank end          -- (b)
    if x.price ~= y.price then return x.price < y.price end      -- (c)
    return x.pos < y.pos                                          -- (d)
  end)
  local pick = candidates[1]
  game:move_certificate(pick.corp, pick.offer.index, DRAGONS)
  if pick.offer.source == "IPO" then game:transfer("bank", pick.corp, pick.price) end
  local why = "green, fewest Dragons certificates (" .. pick.held .. ")"
  if #candidates > 1 then
    local second = candidates[2]
    if second.held == pick.held then
      why = second.rank ~= pick.rank and ("green, tied on certificates, highest rank " .. pick.rank)
        or second.price ~= pick.price and ("green, tied on certificates and rank, lowest price " .. game:money(pick.price))
        or "green, tied, uppermost in its stack"
    end
  end
  game:log("Dragons buy " .. pick.offer.percent .. " % of " .. pick.corp .. " from the " .. pick.offer.source .. " at "
    .. game:money(pick.price) .. ": " .. why .. " (1865-R-091, R-092); they hold " .. (dragons_total(game)) .. " of " .. limit .. " certificates")
  return true
end

hook("investor_turn", function(game, investor)
  if investor ~= DRAGONS then return false end
  local region = regions(game)
  local sold = sell_red(game, region)
  local bought = buy_green(game, region)
  return sold or bought
end)

-- Players buying from the Dragons pay the premium of the company's region
-- (1865-R-052): the higher bracket when green, the lower when white.
hook("investor_sale_price", function(game, investor, corp, price)
  local region = S.region(game, corp)
  if region == "green" or region == "white" then return game:market_price(corp, region) end
  return price
end)
