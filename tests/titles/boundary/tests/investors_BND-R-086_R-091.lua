-- The investor "fund" (title.toml's [[investor]], scripts/investors.lua):
-- a shareholder that is not a player. It holds certificates, is never
-- president, its dividends stay in the bank (its money is the bank), and
-- players may buy from it; with the option fund it takes a turn before
-- every player's stock turn.

local function game(setup, options)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup, options = options or { "fund" } }
end

-- A starts NRR; the fund buys 10 % before B's turn and before A's next.
local function fund_holds_20(setup)
  setup = setup or {}
  setup.fund_buys = "NRR"
  local g = game(setup)
  g:act("par NRR 60")
  expect_eq(g:actor(), "B")
  return g
end

test("BND-R-086: an investor holds shares that scripts and views read", function()
  local g = fund_holds_20{}
  expect_eq(g:investors(), { "fund" })
  expect_eq(g:investor("fund"), { id = "fund", name = "The Fund", certificates = 1, shares = { NRR = 10 }, certs = { NRR = 1 } })
  expect_eq(g:corporation("NRR").investor_percent, { fund = 10 })
  expect_eq(g:corporation("NRR").certificates[2].owner, "fund")
  expect_eq(g:corporation("NRR").treasury_percent, 70)
  expect_eq(g:corporation("NRR").cash, 180)                -- 120 from A, 60 from the bank for the fund
  expect_error(function() g:investor("dragons") end, "no investor 'dragons' %(investors: fund%)")
  expect_eq(g:corporation("SRR").investor_percent, {})
end)

test("BND-R-086: a player may not bear an investor's id", function()
  expect_error(function() new_game{ players = { "A", "Fund" }, seed = 1 } end, "the player name Fund is the id of the investor The Fund")
end)

test("BND-R-087: an investor is never president, whatever it holds", function()
  local g = fund_holds_20{ fund_max = 50 }
  g:acts{ "pass", "pass", "pass" }                         -- B, A, B pass while the fund buys
  expect_eq(g:investor("fund").shares.NRR, 40)
  expect_eq(g:player("A").shares.NRR, 20)
  expect_eq(g:corporation("NRR").president, "A")
end)

test("BND-R-088: investor_turn acts before every player's stock turn", function()
  local g = fund_holds_20{}
  expect_eq(g:investor("fund").shares.NRR, 10)             -- before B's turn
  g:act("pass")
  expect_eq(g:investor("fund").shares.NRR, 20)             -- before A's
  expect_contains(g:log(), "fund buys 10 % of NRR for $60")
  expect_contains(g:log(), "The Fund (investor) passes")   -- before A's first turn: NRR was not started
  -- Without the option the investor takes no turn.
  g = game({ fund_buys = "NRR" }, {})
  g:acts{ "par NRR 60" }
  expect_eq(g:investor("fund").shares, {})
end)

test("BND-R-088: the round ends after every player's and investor's turn passed in a row", function()
  -- The fund's purchase before A's turn restarts the count: A's pass, the
  -- fund's pass before B, B's pass and the fund's pass before A make 4
  -- (2 players and their 2 investor turns: 1865 A-22), so A has no turn.
  local g = fund_holds_20{}
  g:acts{ "pass", "pass" }                                 -- B, then A (the fund bought before A)
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  g:act("pass")
  expect_eq(g:round().kind, "operating")
  local log = g:log()
  expect_eq({ log[#log - 3], log[#log - 2] }, { "B passes", "The Fund (investor) passes" })
  -- The priority goes after the last player who traded (A), never after the fund.
  expect_eq(g:priority(), "B")
  -- Without investor turns two passes end it.
  g = game({}, {})
  g:acts{ "par NRR 60", "pass", "pass" }
  expect_eq(g:round().kind, "operating")
end)

test("BND-R-089: a player buys from an investor at the market price, paid to the bank", function()
  local g = fund_holds_20{}
  expect_contains(g:moves(), "buy NRR fund")
  local bank, cash = g:bank(), g:corporation("NRR").cash
  g:act("buy NRR fund")
  expect_eq(g:player("B").shares.NRR, 10)
  expect_eq(g:player("B").cash, 340)
  -- B's $60 went to the bank, which paid NRR $60 when the fund bought
  -- again before A's turn.
  expect_eq(g:bank(), bank)
  expect_eq(g:corporation("NRR").cash, cash + 60)
  expect_eq(g:investor("fund").shares, { NRR = 10 })
  expect_contains(g:log(), "B buys a 10 % certificate of NRR from The Fund for $60")
end)

test("BND-R-089: investor_sale_price sets what a player pays an investor", function()
  local g = fund_holds_20{ fund_premium = 15 }
  local bank = g:bank()
  g:act("buy NRR fund")
  expect_eq(g:player("B").cash, 325)
  expect_eq(g:bank(), bank + 75 - 60)                      -- the fund bought again for $60
end)

test("BND-R-089: can_buy_certificate names the investor as the source", function()
  local g = fund_holds_20{ no_buy_from = "fund" }
  g:refuse("buy NRR fund", "BND-R-089", "no buying from fund")
  expect_not_contains(g:moves(), "buy NRR fund")
  g:act("buy NRR")                                         -- the treasury is another source
end)

test("BND-R-089: the generic rules apply to a purchase from an investor", function()
  local g = fund_holds_20{}
  g:refuse("buy SRR fund", nil, "SRR has not been started")
  -- An investor holding none of it has nothing to sell.
  g = game({}, {})
  g:act("par NRR 60")
  expect_not_contains(g:moves(), "buy NRR fund")
  g:refuse("buy NRR fund", nil, "no ordinary certificate of NRR is in The Fund")
end)

test("BND-R-090: an investor's dividends stay in the bank", function()
  local g = fund_holds_20{ fund_max = 10, fixed_revenue = 100 }
  g:acts{ "pass", "pass" }                                 -- B and A pass, the fund too: the round ends
  expect_eq(g:round().kind, "operating")
  g:act("do subsidy amount=10")
  expect_eq(g:step(), "dividend")
  local bank, a, corp = g:bank(), g:player("A").cash, g:corporation("NRR").cash
  g:act("payout")
  expect_eq(g:player("A").cash, a + 20)                    -- 20 %
  expect_eq(g:corporation("NRR").cash, corp + 70)          -- its treasury's 70 %
  expect_eq(g:bank(), bank - 90)                           -- the fund's 10 % stays
end)

test("BND-R-091: a save replays the investor's turns and a purchase from it", function()
  local g = fund_holds_20{}
  g:act("buy NRR fund")
  local again = load_game(g:save())
  expect_eq(again:digest(), g:digest())
  expect_eq(again:investor("fund").shares, { NRR = 10 })
end)
