-- The share-price drop of players' sales and the ledges (§2.2.3 - §2.2.5;
-- 18FB-R-030, R-031, A-08; checklist §3.4 and S-01 .. S-05):
-- scripts/market.lua's `shares_sold` handler (title.toml sell_move =
-- "none"). The column of the book's example is market.toml's 15th
-- (index 14): D200, D190, D180, D170 white | D160, D150 light blue, D150
-- the bottom; the white / light-blue ledge lies under D170.
local M = test_lib("market")

-- RM in stock round 2 at `price` on `row`; B holds 6 ordinary shares and
-- sells `n` of them after A passes. Returns the game.
local function sale(price, row, n)
  local g = M.rm_operated({ B = 6 })
  g:set_price("RM", price, row)
  g:act("pass")                                  -- A
  expect_eq(g:actor(), "B")
  local cash = g:player("B").cash
  g:act("sell RM " .. n)
  expect_eq(g:player("B").cash, cash + n * price)   -- R-020: at the price before the drop
  return g
end

local function at(g) local c = g:corporation("RM") return { c.market_row, c.market_col, c.price } end

test("18FB-R-030: a sale moves the price down one row per share", function()
  local g = sale(100, 0, 2)                        -- column 4: D100, D90, D80, D70 | ...
  expect_eq(at(g), { 2, 4, 80 })
end)

test("18FB-R-030, R-031 (S-01): from D180, two rows above the ledge, 2 shares move one row and stop on the ledge", function()
  local g = sale(180, 2, 2)
  expect_eq(at(g), { 3, 14, 170 })
  expect_contains(g:log(), "RM stops on the ledge above the light blue zone (18FB-R-031)")
end)

test("18FB-R-030, R-031 (S-02): from D180, 3 shares push the token through the ledge to the bottom, D150", function()
  local g = sale(180, 2, 3)
  expect_eq(at(g), { 5, 14, 150 })
end)

test("18FB-R-031 (S-03): a token on the ledge stays there when 1 share is sold", function()
  local g = sale(170, 3, 1)
  expect_eq(at(g), { 3, 14, 170 })
end)

test("18FB-R-031 (S-04): a token on the ledge goes through with 2 shares, two rows below (here the bottom)", function()
  local g = sale(170, 3, 2)
  expect_eq(at(g), { 5, 14, 150 })
end)

test("18FB-R-030 (S-05): a token at the bottom of its column does not move, whatever is sold", function()
  local g = sale(150, 5, 3)
  expect_eq(at(g), { 5, 14, 150 })
end)

test("18FB-R-030: a drop that does not fit stops at the bottom of the column", function()
  local g = sale(160, 4, 4)                        -- light blue D160, the bottom D150 one row below
  expect_eq(at(g), { 5, 14, 150 })
end)

test("18FB-R-031, A-08: the light-blue / dark-blue ledge acts the same way", function()
  -- column 4: D60 L (row 4), D50 L (row 5, on the ledge), D40 D, D30 D (row 7, the bottom)
  local g = sale(50, 5, 1)
  expect_eq(at(g), { 5, 4, 50 })
  g = sale(50, 5, 2)
  expect_eq(at(g), { 7, 4, 30 })
  g = sale(60, 4, 2)                               -- one row to the ledge, then 1 share left: stops
  expect_eq(at(g), { 5, 4, 50 })
end)

test("18FB-R-031, A-08: both ledges can act in one sale", function()
  -- column 4 from D80 (row 2): 1 row to D70 (on the first ledge), 2 through
  -- to D50 (on the second ledge), the last share cannot push it on
  local g = sale(80, 2, 4)
  expect_eq(at(g), { 5, 4, 50 })
  g = sale(80, 2, 5)                               -- 5 shares: through both, to D30
  expect_eq(at(g), { 7, 4, 30 })
end)

test("18FB-R-031: a token above the ledge with enough shares goes two rows below it", function()
  local g = sale(190, 1, 4)                        -- 2 rows to the ledge, then 2 through: D150
  expect_eq(at(g), { 5, 14, 150 })
  g = sale(190, 1, 3)                              -- 2 rows to the ledge, 1 left: stops on it
  expect_eq(at(g), { 3, 14, 170 })
end)

test("18FB-R-030: every share of a player's sale counts, the president's certificate as 2", function()
  -- A (president, 20 % + 10 %) sells 3 shares while B holds 3: B takes the
  -- president's certificate for 2 of its shares, which go to the pool with
  -- A's 10 %. The sale is 3 shares: 3 rows.
  local g = M.rm_operated({ B = 3 })
  g:give_share("RM", "A")
  g:set_price("RM", 100, 0)
  g:act("sell RM 3")                               -- A: 30 % -> 0, B president
  expect_eq(g:corporation("RM").president, "B")
  expect_eq(at(g), { 3, 4, 70 })
end)

test("18FB-R-181, R-182 (zones): players see when a corporation is priced in light or dark blue", function()
  local function zone(g)
    for _, f in ipairs(g:facts("RM")) do if f[1] == "market zone" then return f[2] end end
  end
  local g = sale(180, 2, 2)                        -- white D170
  expect_eq(zone(g), nil)
  g = sale(180, 2, 3)                              -- light blue D150
  expect_eq(zone(g), "light blue (no corporation may hold its shares, 18FB-R-181)")
  g = sale(50, 5, 2)                               -- dark blue D30
  expect_eq(zone(g), "dark blue (holds no shares of corporations, 18FB-R-182, A-43)")
end)
