-- Traffic, coverage, revenue and dividends (§4.5; 1865-R-135 .. R-141,
-- E-16; checklist §4.2).
local P = test_lib("play")

-- FMS floated by A at 100 with 60 %, its traffic set to `traffic`, with
-- `trains`; at its dividend step... or run step.
local function fms(traffic, trains)
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  g:set_var("traffic.FMS", traffic)
  for _, t in ipairs(trains) do g:give_train("FMS", t) end
  return g
end

test("E-16: 14 traffic with two PH2 (coverage 16) earns 140 (1865-R-135)", function()
  local g = fms(14, { "PH2", "PH2" })
  P.advance_to(g, "FMS", "dividend")
  expect_eq(g:turn().revenue, 140)
end)

test("E-16: 30 traffic with a PH2 and a PH3 (coverage 22) earns 220 (1865-R-135)", function()
  local g = fms(30, { "PH2" })
  g:set_phase("3")
  g:give_train("FMS", "PH3")
  P.advance_to(g, "FMS", "dividend")
  expect_eq(g:turn().revenue, 220)
end)

test("1865-R-135: 17 traffic with two PH2 earns 160", function()
  local g = fms(17, { "PH2", "PH2" })
  P.advance_to(g, "FMS", "dividend")
  expect_eq(g:turn().revenue, 160)
end)

test("1865-R-136: a maritime company adds 8 coverage, only with a train", function()
  local g = fms(20, { "PH2" })
  g:give_company("M3", "FMS")
  P.advance_to(g, "FMS", "dividend")
  expect_eq(g:turn().revenue, 160)                       -- min(20, 8 + 8) x 10
  local h = fms(20, {})
  h:give_company("M3", "FMS")
  h:give_company("M4", "FMS")
  P.advance_to(h, "FMS", "buy_train")
  expect_contains(h:log(), "FMS share price moves from L. 100 to L. 90")   -- no train: revenue 0 (R-070)
end)

test("1865-R-137, R-138: traffic is not used up by running; no route is searched", function()
  local g = fms(10, { "PH2" })
  P.advance_to(g, "FMS", "dividend")
  expect_eq(g:turn().revenue, 80)
  g:act("payout")
  expect_eq(g:var("traffic.FMS"), 10)
end)

test("1865-R-139, R-140: a payout pays each certificate its percent; IPO shares pay the company, the pool nothing", function()
  local g = fms(10, { "PH2" })                           -- A holds 60 % (40 + 20), the IPO 40 %
  g:give_share("FMS", "B")                               -- B 20 %, IPO 20 %
  g:give_share("FMS", "pool")                            -- the last 20 % into the pool
  P.advance_to(g, "FMS", "dividend")
  local a, b, fcash, bank = g:player("A").cash, g:player("B").cash, g:corporation("FMS").cash, g:bank()
  g:act("payout")                                        -- revenue 80
  expect_eq(g:player("A").cash - a, 48)
  expect_eq(g:player("B").cash - b, 16)
  expect_eq(g:corporation("FMS").cash - fcash, 0)        -- no IPO share left: the pool's 16 stays in the bank
  expect_eq(bank - g:bank(), 64)
end)

test("1865-R-140: IPO shares' dividend goes to the company treasury", function()
  local g = fms(10, { "PH2" })                           -- IPO holds 40 %
  local fcash = g:corporation("FMS").cash
  P.advance_to(g, "FMS", "dividend")
  g:act("payout")
  expect_eq(g:corporation("FMS").cash - fcash, 32)
end)

test("1865-R-141, R-071: withholding puts the revenue in the treasury; the price stays", function()
  local g = fms(10, { "PH2" })
  local fcash = g:corporation("FMS").cash
  P.advance_to(g, "FMS", "dividend")
  g:act("withhold")
  expect_eq(g:corporation("FMS").cash - fcash, 80)
  expect_eq(g:share_price("FMS"), 100)
end)

test("1865-R-068: a dividend moves the price one space right", function()
  local g = fms(10, { "PH2" })
  P.advance_to(g, "FMS", "dividend")
  g:act("payout")
  expect_eq(g:share_price("FMS"), 110)
end)

test("1865-R-139: there is no half dividend", function()
  local g = fms(10, { "PH2" })
  P.advance_to(g, "FMS", "dividend")
  g:refuse("half", "1865-R-139", "payout")
end)
