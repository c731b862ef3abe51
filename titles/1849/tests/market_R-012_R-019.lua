-- The stock market (1849 V6 §5, §9.2, §10.5.3, §11; rules 1849-R-012 ..
-- R-019). The grid is EXT (shared/rules/1849.md A.1): rows counted from 0
-- at the top, columns from 0 at the left.
--
-- Four players; A starts SFA through the RSA; the first stock round opens
-- with B, who gets the money to start what a test needs.

local P = test_lib("play")

local SFA_FIRST = { "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" }

local function game(order)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = order or SFA_FIRST } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  g:give_cash("B", 2000)
  return g
end

local function cell(g, corp)
  local c = g:corporation(corp)
  return { c.price, c.market_row, c.market_col }
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

local next_stock_round = P.next_stock_round

-- RCS (B's) in phase `phase` with two 10H and a run of L. 290: Palermo
-- brown (130) with its port (10) to Termini Imerese (10), and Palermo to
-- Partinico (10). Its token is put on `price` (row `row`); the game
-- stops at RCS's dividend step.
local function rcs_dividend(phase, price, row)
  local g = game()
  g:start("RCS", "B", 100)
  g:set_phase(phase)
  g:lay("C5", "651", 5)
  g:lay("C5", "652", 5)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:lay("D4", "58", 4)
  g:give_train("RCS", "10H")
  g:give_train("RCS", "10H")
  g:set_price("RCS", price, row)
  while g:round().kind == "stock" do g:act("pass") end
  while not (g:actor() == "RCS" and g:step() == "dividend") do advance(g) end
  expect_eq(g:turn().revenue, 290)
  return g
end

test("1849-R-012: after the start every purchase and sale is at the current market value; there is no par price", function()
  -- RCS second: Palermo has no route yet, so RCS needs no train.
  local g = game({ "SFA", "RCS", "CTL", "AFG", "ATA", "IFT" })
  g:act("par RCS 100")
  g:act("pass")
  expect_eq(g:corporation("RCS").cash, 70)             -- 2 x 100 - 130
  g:set_price("RCS", 144)
  expect_eq(g:actor(), "C")
  local c = g:player("C").cash
  g:act("buy RCS treasury")
  expect_eq(c - g:player("C").cash, 144)               -- not the starting value of 100
  expect_eq(g:corporation("RCS").cash, 70 + 144)
  -- After an operating round without a train RCS is one column left, on L. 129.
  next_stock_round(g, "C")
  expect_eq(g:share_price("RCS"), 129)
  c = g:player("C").cash
  g:act("sell RCS 1")
  expect_eq(g:player("C").cash - c, 129)               -- sold at the value of the moment
  expect_eq(g:share_price("RCS"), 123)                 -- then one row down
  g:act("pass")
  expect_eq(g:actor(), "D")
  local d = g:player("D").cash
  g:act("buy RCS pool")                                -- D buys it from the pool
  expect_eq(d - g:player("D").cash, 123)
end)

test("1849-R-013: a token moving onto an occupied space goes under the tokens already there", function()
  local g = game()
  for _, id in ipairs({ "RCS", "ATA", "IFT" }) do g:start(id, "B", 100) end
  g:set_price("ATA", 100)
  g:set_price("IFT", 100)
  g:set_price("RCS", 105)                              -- row 2, right above L. 100
  g:give_share("RCS", "pool")
  expect_eq(g:value_order(), { "RCS", "ATA", "IFT", "SFA" })
  while g:round().kind == "stock" do g:act("pass") end
  -- The end of the stock round moves RCS down onto ATA and IFT: at the bottom.
  expect_eq(cell(g, "RCS"), { 100, 3, 5 })
  expect_eq(g:value_order(), { "ATA", "IFT", "RCS", "SFA" })
end)

test("1849-R-014: a vertical move off the grid does not happen", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:give_share("RCS", "C")
  g:give_share("RCS", "C")
  next_stock_round(g, "C")
  -- L. 86 (row 7, column 8): row 8 has only seven spaces, nothing below it.
  g:set_price("RCS", 86, 7)
  expect_eq(cell(g, "RCS"), { 86, 7, 8 })
  local c = g:player("C").cash
  g:act("sell RCS 1")
  expect_eq(g:player("C").cash - c, 86)
  expect_eq(cell(g, "RCS"), { 86, 7, 8 })
  -- L. 24 on the bottom row: a sale leaves it where it is.
  g:set_price("RCS", 24, 9)
  g:act("sell RCS 1")
  expect_eq(cell(g, "RCS"), { 24, 9, 1 })
  expect_eq(g:corporation("RCS").closed, false)
end)

test("1849-R-014: a rise off the top row at the end of a stock round does not happen", function()
  local g = game()
  g:start("RCS", "B", 100)
  for _ = 1, 4 do g:give_share("RCS", "B") end
  g:give_share("RCS", "C")
  g:give_share("RCS", "C")
  g:give_share("RCS", "C", "last")
  expect_eq(g:corporation("RCS").treasury_percent, 0)
  g:set_price("RCS", 182)                              -- row 0
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(cell(g, "RCS"), { 182, 0, 8 })
end)

test("1849-R-015: a left move at the start of a row goes one row down", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:set_price("RCS", 72, 0)                            -- row 0, column 0
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do advance(g) end    -- no train: one column left
  expect_eq(cell(g, "RCS"), { 63, 1, 0 })
  expect_contains(g:log(), "RCS share price moves from L. 72 to L. 63")
end)

test("1849-R-015: a right move at the end of a row goes one row up", function()
  local g = rcs_dividend("10", 198)                    -- row 4 ends on L. 198
  expect_eq(cell(g, "RCS"), { 198, 4, 12 })
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 208, 3, 12 })
  g = rcs_dividend("10", 31, 9)                         -- the bottom row ends on L. 31
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 40, 8, 3 })
end)

test("1849-R-015, R-016: on L. 276 before phase 16 the right move meets the blue zone, the up move the top: the token stays", function()
  local g = rcs_dividend("12", 276)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 276, 0, 12 })
end)

test("1849-R-016: before phase 16 the blue spaces are the end of the row: a right move goes up instead", function()
  local g = rcs_dividend("12", 218)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 240, 1, 12 })
  g = rcs_dividend("10", 240)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 276, 0, 12 })
  -- From row 3's last space (L. 230) up is blue too: it stays.
  g = rcs_dividend("12", 230)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 230, 3, 13 })
end)

test("1849-R-016, R-031: from phase 16 the blue spaces are ordinary spaces", function()
  local g = rcs_dividend("16", 218)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 242, 2, 13 })
  g = rcs_dividend("16", 276)
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 306, 0, 13 })
  g = rcs_dividend("16", 230)                          -- end of row 3: up into the blue L. 242
  g:act("payout")
  expect_eq(cell(g, "RCS"), { 242, 2, 13 })
end)

test("1849-R-018: market value order: higher price, then the space further right, then the higher token in a stack", function()
  local g = game()
  for _, id in ipairs({ "RCS", "ATA", "IFT", "CTL" }) do g:start(id, "B", 100) end
  -- L. 95 is printed four times: row 0 column 2, row 2 column 4, row 4
  -- column 5, row 7 column 9.
  g:set_price("ATA", 95, 0)
  g:set_price("CTL", 95, 2)
  g:set_price("IFT", 95, 4)
  g:set_price("RCS", 95, 7)
  g:set_price("SFA", 100)
  expect_eq(g:value_order(), { "SFA", "RCS", "IFT", "CTL", "ATA" })
  -- Two on one space: the one that came first is on top and goes first.
  g:set_price("CTL", 95, 7)
  expect_eq(g:value_order(), { "SFA", "RCS", "CTL", "IFT", "ATA" })
  g:set_price("RCS", 95, 7)                            -- RCS moves again: now under CTL
  expect_eq(g:value_order(), { "SFA", "CTL", "RCS", "IFT", "ATA" })
end)

test("1849-R-019: a token entering the Closed space closes the corporation at once", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:give_share("RCS", "C")
  g:start("IFT", "B", 100)
  g:set_price("RCS", 27)                               -- row 8, column 0: below it is Closed
  g:set_price("IFT", 24)                               -- operates after RCS
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "RCS" do advance(g) end
  local bank = g:bank()
  local cash = g:corporation("RCS").cash
  while g:actor() == "RCS" do advance(g) end           -- no train: left, blocked, so down
  expect_contains(g:log(), "RCS share price moves from L. 27 to L. 0")
  expect_contains(g:log(), "RCS closes")
  -- In the same operating round, before IFT's turn is over.
  expect_eq(g:actor(), "IFT")
  local rcs = g:corporation("RCS")
  expect_eq(rcs.started, false)
  expect_eq(rcs.president, nil)
  expect_eq(rcs.cash, 0)
  expect_eq(g:player("B").shares.RCS, nil)
  expect_eq(g:player("C").shares.RCS, nil)
  expect_eq(g:hex("C5").tokens, {})
  expect_eq(g:bank() - bank, cash)
end)
