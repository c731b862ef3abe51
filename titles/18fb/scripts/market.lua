-- The stock market (§2.2, §3.5.6; checklist §1.13, §3.2, §3.4):
-- dividends and the price step (18FB-R-120 .. R-129), the share-price drop
-- of players' sales with its ledges (R-030, R-031) and the market zones.
--
-- What the core does and this script does not (title.toml [settings]):
--   - paying the holders (R-120, R-122, R-124): treasury_dividends =
--     "corporation" (IPO and own-treasury shares pay the corporation),
--     pool_dividends = "bank" (Pool shares pay nobody), corporations holding
--     shares are paid into their treasury;
--   - the choice of full / half / withhold (half_dividend = true), and
--     Frozen corporations paying half only (companies.toml's state
--     "frozen": dividends = ["half"], R-123);
--   - the sold-out rise at the end of a stock round (R-032), not for
--     Building or Frozen corporations (their states' sold_out_rise, R-033);
--   - a token entering an occupied cell goes to the bottom of its stack
--     (R-128; sale_stacking = "sale_order": sales stack in the order made);
--   - the top of the market: no move above it (R-129; market.toml [moves]
--     for the edges, A-07).
-- KNOWN GAP (core): the core's half dividend pays floor(E / 2) and keeps
-- the rest; R-121 pays ceil10(E / 2) and keeps floor10(E / 2). No setting
-- or hook changes the split, so E = 150 pays 75 / keeps 75 instead of
-- 80 / 70 (tests/market_R-120_R-129.lua keeps D-19, D-20, D-27 pending).

local function ceil10(v) return ((v + 9) // 10) * 10 end

-- The zone of a market row (0 = the top row): title.toml's
-- props.market.zones, which mirror market.toml's flags row by row (rows
-- 1-4 white, 5-6 light blue "L", 7-8 dark blue "D"; A-07).
function S.zone_of_row(game, row)
  return game:props().market.zones[row + 1]
end

-- The zone `corp`'s share price stands in: "white", "light_blue",
-- "dark_blue", or nil without a market token. For the financial step
-- (R-181 .. R-183, A-43): no corporation holds shares of a company priced
-- in light or dark blue, and one priced in dark blue holds none of others.
function S.zone(game, corp)
  local row = game:corporation_field(corp, "market_row")
  if row == nil then return nil end
  return S.zone_of_row(game, row)
end

-- §3.4 (R-030, R-031, A-08): how many rows a player's sale of `shares`
-- shares (the president's certificate is 2) drops a token standing on
-- `row`: one row a share; a token on a ledge (the row above a zone
-- border) goes on only when at least 2 shares of the sale are left to
-- push it through, else it stops there; both ledges may act in one sale.
-- The bottom of a column stops it too (R-030): the core's move stops there.
-- Returns the rows and whether a ledge stopped it.
function S.sale_drop(game, row, shares)
  local zones = game:props().market.zones
  local r, m = row, shares
  while m > 0 do
    if r + 1 >= #zones then break end                                  -- the bottom row
    if zones[r + 1] ~= zones[r + 2] and m < 2 then return r - row, true end   -- on a ledge
    r, m = r + 1, m - 1
  end
  return r - row, false
end

-- title.toml sets sell_move = "none": the core moves nothing for a sale
-- and the drop is made here, after the sale (paid at the price before the
-- drop, R-020), once per sale: every sale of a player, the president's
-- emergency sales included (A-26); corporations' own sales and forced
-- sales never move the price (R-177, R-183) and fire no `shares_sold`.
on("shares_sold", function(game, ev)
  local corp = ev.corp
  if game:corporation_field(corp, "kind") == "regional" then return end   -- no market price (R-165)
  local row = game:corporation_field(corp, "market_row")
  if row == nil then return end
  local shares = ev.percent // game:corporation_field(corp, "unit_percent")
  local rows, ledge = S.sale_drop(game, row, shares)
  if rows > 0 then game:move_price(corp, "down", rows) end
  if ledge and game:corporation_field(corp, "market_row") == row + rows then
    game:log(corp .. " stops on the ledge above the " .. S.zone_of_row(game, row + rows + 1):gsub("_", " ") .. " zone (18FB-R-031)")
  end
end)

-- §3.2 (R-125 .. R-127, A-09): withholding or earning nothing moves the
-- price left; a full or half dividend whose total payout is at least the
-- share price moves it right (the payout of a half dividend is
-- ceil10(E / 2), R-121; a half of 0 is earning nothing); a smaller one
-- leaves it. Regionals have no price (R-165).
hook("dividend_move", function(game, corp, kind, revenue)
  if game:corporation_field(corp, "kind") == "regional" then return "none" end
  if S.on_lease and S.on_lease(game, corp) then return "none" end     -- R-203: a leasing national's withhold
  if kind == "withhold" or revenue <= 0 then return "left" end
  local paid = revenue
  if kind == "half" then paid = ceil10((revenue + 1) // 2) end
  if paid >= game:corporation_field(corp, "price") then return "right" end
  return "none"
end)

-- What players see: the zone of a corporation priced in blue.
hook("corporation_facts", function(game, corp, facts)
  local zone = S.zone(game, corp)
  if zone == "light_blue" then
    facts[#facts + 1] = "market zone: light blue (no corporation may hold its shares, 18FB-R-181)"
  elseif zone == "dark_blue" then
    facts[#facts + 1] = "market zone: dark blue (holds no shares of corporations, 18FB-R-182, A-43)"
  end
  return facts
end)
