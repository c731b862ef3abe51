-- A market of one row (the option linear, title.toml): sales move the
-- price one cell left per share unit, only the president's (BND-R-083);
-- a blocked move puts the token at the bottom of its cell's stack
-- (BND-R-084); premium price grids read by scripts (BND-R-085).

-- A presides NRR with 40 %, B holds 10 %; the second stock round, B to
-- act first. NRR has operated once (it withheld: one cell left).
local function second_stock_round(options)
  local g = new_game{ players = { "A", "B" }, seed = 1, options = options }
  g:acts{ "par NRR 60", "buy NRR", "buy NRR", "pass", "buy NRR", "pass", "pass",
          "do subsidy amount=40", "train 2", "pass" }
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  expect_eq(g:player("A").shares.NRR, 40)
  expect_eq(g:player("B").shares.NRR, 10)
  return g
end

test("BND-R-083: a president's sale moves the price one cell left per share unit", function()
  local g = second_stock_round{ "linear" }
  g:act("pass")
  expect_eq(g:share_price("NRR"), 50)
  g:act("sell NRR 2")
  expect_eq(g:share_price("NRR"), 30)
  expect_eq(g:player("A").shares.NRR, 20)
  -- The core's default moves a row down per share.
  g = second_stock_round{}
  g:act("pass")
  expect_eq(g:corporation("NRR").market_row, 1)
  g:act("sell NRR 1")
  expect_eq(g:corporation("NRR").market_row, 2)
end)

test("BND-R-083: another player's sale does not move the price", function()
  local g = second_stock_round{ "linear" }
  g:act("sell NRR 1")
  expect_eq(g:player("B").shares.NRR, nil)
  expect_eq(g:share_price("NRR"), 50)
  expect_eq(g:corporation("NRR").pool_percent, 10)
end)

test("BND-R-083: a president whose sale hands the presidency on still moves the price", function()
  local g = second_stock_round{ "linear" }
  g:acts{ "buy NRR", "pass", "buy NRR", "pass", "buy NRR" }   -- B reaches 40 %
  expect_eq(g:player("B").shares.NRR, 40)
  expect_eq(g:actor(), "A")
  g:act("sell NRR 2")
  expect_eq(g:corporation("NRR").president, "B")
  expect_eq(g:share_price("NRR"), 30)
end)

test("BND-R-084: a blocked move puts the token at the bottom of its stack", function()
  local g = second_stock_round{ "linear" }
  g:start("SRR", "B", 60)
  g:set_price("NRR", 10)
  g:set_price("SRR", 10)
  expect_eq(g:value_order(), { "NRR", "SRR" })
  g:act("sell NRR 1")                 -- B is not NRR's president: no move at all
  expect_eq(g:value_order(), { "NRR", "SRR" })
  g:act("pass")
  g:act("sell NRR 1")                 -- A presides: left of the first cell is blocked
  expect_eq(g:share_price("NRR"), 10)
  expect_eq(g:value_order(), { "SRR", "NRR" })
end)

test("BND-R-085: market_price reads a premium grid at the corporation's cell", function()
  local g = second_stock_round{ "linear" }
  expect_eq(g:share_price("NRR"), 50)
  expect_eq(g:market_price("NRR", "white"), 55)
  expect_eq(g:market_price("NRR", "green"), 60)
  expect_error(function() g:market_price("NRR", "red") end, "no price table 'red'")
  expect_error(function() g:market_price("SRR", "white") end, "SRR has no market token")
  g = second_stock_round{}
  expect_error(function() g:market_price("NRR", "white") end, "it has: none")
end)
