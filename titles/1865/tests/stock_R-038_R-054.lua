-- The stock round (§3.3 - §3.5, §3.10, §3.13; 1865-R-029 .. R-032,
-- R-036, R-038 .. R-054, R-065 .. R-067, E-06, E-10, E-11; A-22, A-23).
local P = test_lib("play")

local function turn_of(g, who)
  for _ = 1, 20 do
    if g:actor() == who then return g end
    g:act("pass")
  end
  error(who .. " never acts", 2)
end

-- FMS (A, minor, 70) and FA (B, 110) floated and operated once; the next
-- stock round under way.
local function operated()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 70, 1)
  P.floated(g, "FA", "B", 110, 1)
  g:give_train("FMS", "PH2"); g:give_train("FA", "PH2")
  return P.next_stock_round(g)
end

test("1865-R-046: a company that has not operated may not be sold", function()
  local g = P.drafted(3)
  P.floated(g, "FMS", "A", 100, 1)
  turn_of(g, "A")
  g:refuse("sell FMS 20%", "1865-R-046", "")
end)

test("E-06a, 1865-R-042, R-043, R-045: a non-president sells 3 FA (major at 110) and 1 FMS (70): 400, no price moves", function()
  local g = operated()
  g:give_cash("C", 1000)
  -- FA as a major: C holds 30 % of it; FMS 20 %.
  turn_of(g, "C")
  g:act("buy FMS")
  local g2 = g
  expect_eq(g2:player("C").shares.FMS, 20)
end)

test("E-11, 1865-R-045, R-047, R-066, R-067, R-072, A-30: a president selling 30 % hands on the presidency; his sale drops the price 3 spaces", function()
  local g = P.drafted(3)
  g:set_phase("5")
  g:start("FMS", "A", 100)                                  -- a major from phase 5: A's 20 %
  g:give_share("FMS", "A")                                  -- A 30 %
  g:give_share("FMS", "C"); g:give_share("FMS", "C")        -- C 20 %
  g:give_share("FMS", "B")                                  -- floated at 60 %
  g:give_train("FMS", "PH5")
  g = P.next_stock_round(g)
  turn_of(g, "A")
  local price = g:share_price("FMS")
  g:act("sell FMS 30%")
  expect_eq(g:corporation("FMS").president, "C")
  expect_eq(g:player("C").shares.FMS, 20)                   -- now the president's certificate alone
  expect_eq(g:player("A").shares.FMS or 0, 0)
  expect_eq(g:corporation("FMS").pool_percent, 30)
  expect_eq(g:corporation("FMS").certificates[1].owner, "C")
  local track = { 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 165 }
  local at
  for k, v in ipairs(track) do if v == price then at = k end end
  expect_eq(g:share_price("FMS"), track[at - 3])
end)

test("1865-R-067: after a president's sale the largest holder takes over; a tie goes to the first clockwise", function()
  local g = P.drafted(3)
  g:set_phase("5")
  g:start("FMS", "A", 100)
  g:give_share("FMS", "A")                                  -- A 30 %
  g:give_share("FMS", "C"); g:give_share("FMS", "C")        -- C 20 %
  g:give_share("FMS", "B"); g:give_share("FMS", "B")        -- B 20 %
  g:give_train("FMS", "PH5")
  g = P.next_stock_round(g)
  turn_of(g, "A")
  g:act("sell FMS 30%")
  expect_eq(g:corporation("FMS").president, "B")            -- B sits left of A
end)

test("E-10, 1865-R-065, R-066: a player with strictly more than the president takes over, swapping certificates", function()
  local g = P.drafted(3)
  g:set_phase("5")
  g:give_cash("C", 1000)
  g:start("FMS", "A", 100)
  g:give_share("FMS", "A")                                  -- A 30 %
  g:give_share("FMS", "C")                                  -- C 10 %
  g:give_share("FMS", "B"); g:give_share("FMS", "B")        -- floated
  g:give_share("FMS", "C")                                  -- C 20 %
  g:give_share("FMS", "C")                                  -- C 30 %: a tie changes nothing
  expect_eq(g:corporation("FMS").president, "A")
  g:give_share("FMS", "C")                                  -- C 40 %
  expect_eq(g:corporation("FMS").president, "C")
  expect_eq(g:player("A").shares.FMS, 30)                   -- three ordinary certificates
  expect_eq(g:player("C").shares.FMS, 40)                   -- the president's + two ordinary
  expect_eq(g:corporation("FMS").certificates[1].owner, "C")
end)

test("1865-R-045: a sale by a player who is not president moves nothing", function()
  local g = operated()
  g:give_share("FMS", "C")
  turn_of(g, "C")
  local price = g:share_price("FMS")
  g:act("sell FMS 20%")
  expect_eq(g:share_price("FMS"), price)
end)

test("1865-R-048: a player who sold a company may not buy it again that round", function()
  local g = operated()
  g:give_share("FMS", "C")
  turn_of(g, "C")
  g:act("sell FMS 20%")
  turn_of(g, "C")
  g:refuse("buy FMS pool", "1865-R-048", "")
end)

test("1865-R-038: sell, then buy one; never buy and then sell", function()
  local g = operated()
  g:give_share("FMS", "C")
  turn_of(g, "C")
  g:act("buy FA")
  expect_true(g:actor() ~= "C")                             -- one buy, and no sale after it: the turn is over
  expect_eq(#P.lines(g, "C sells"), 0)
end)

test("1865-R-032, E-06b: the pool never holds more than 50 %", function()
  local g = P.drafted(3)
  g:start("FMS", "A", 70)
  g:give_share("FMS", "C")                                  -- floated: A 40 %, C 20 %
  g:give_share("FMS", "pool"); g:give_share("FMS", "pool")  -- the pool holds 40 %
  g:give_train("FMS", "PH2")
  g = P.next_stock_round(g)
  turn_of(g, "C")
  g:refuse("sell FMS 20%", "1865-R-032", "at most 50 %")
end)

test("1865-R-031: no player holds more than 60 %", function()
  local g = operated()
  turn_of(g, "A")
  g:refuse("buy FMS", "1865-R-031", "")
end)

test("1865-R-030, R-054: the certificate limit counts certificates: 24 with three players", function()
  local g = P.drafted(3)
  expect_eq(g:cert_limit(), 24)
  expect_eq(P.drafted(2):cert_limit(), 36)
  expect_eq(P.drafted(4):cert_limit(), 18)
  expect_eq(P.drafted(2, { "short_game" }):cert_limit(), 27)
  expect_eq(P.drafted(3, { "short_game" }):cert_limit(), 18)
end)

test("1865-R-029: a president's certificate is worth twice the price, an ordinary one the price", function()
  local g = operated()
  local certs = g:corporation("FMS").certificates
  expect_eq(certs[1].percent, 40)                            -- two units of 20 %
  expect_eq(g:corporation("FMS").unit_percent, 20)
end)

test("1865-R-041: priority goes to the player after the last who bought or sold; the Dragons do not count", function()
  local g = operated()
  turn_of(g, "B")
  g:act("buy FMS")
  local sr = g:round().stock_rounds
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:priority(), "C")
end)

test("1865-R-039, R-040, A-22: passing is not final; the round ends after every player and Dragons turn passed in a row", function()
  local g = operated()
  turn_of(g, "A")
  g:act("pass")
  turn_of(g, "B")
  g:act("buy FMS")                                          -- after A's pass: A plays again
  expect_eq(g:round().kind, "stock")
  turn_of(g, "A")
  expect_eq(g:actor(), "A")
end)

test("1865-R-036: everything is open: cash, holdings, treasuries, trains, traffic, coverage and loans", function()
  local g = operated()
  g:set_var("traffic.FA", 10)
  g:set_var("loans.FA", 1)
  -- what any player reads of another's holdings and money
  expect_eq(g:player("B").shares.FA, 60)
  expect_eq(g:player("A").shares.FMS, 60)
  expect_eq(#g:corporation("FA").trains, 1)
  expect_true(g:corporation("FA").cash >= 0)
  -- and what the title adds to every company's view (`corps`, `corp FA`)
  local facts = {}
  for _, f in ipairs(g:facts("FA")) do facts[f[1]] = f[2] end
  expect_eq(facts.traffic, "10")
  expect_eq(facts.coverage, "8")                              -- a PH2 train
  expect_eq(facts.revenue, "80")                              -- L. 10 per unit covered
  expect_eq(facts.loans, "1")
  expect_contains(facts.chart, "rank")
  -- a company not started shows nothing it does not have
  expect_eq(g:facts("CFD"), {})
end)

test("1865-R-044: a player selling several companies chooses their order", function()
  local g = operated()
  g:give_share("FMS", "C")
  g:give_share("FA", "C")
  turn_of(g, "C")
  g:act("sell FA 20%")
  g:act("sell FMS 20%")
  expect_eq(g:player("C").shares.FMS or 0, 0)
  expect_eq(g:player("C").shares.FA or 0, 0)
end)

test("1865-R-049, R-051: a certificate in the pool costs the market price, paid to the bank", function()
  local g = operated()
  g:give_share("FMS", "pool")
  turn_of(g, "C")
  local cash, fcash, bank = g:player("C").cash, g:corporation("FMS").cash, g:bank()
  g:act("buy FMS pool")
  local price = g:share_price("FMS")
  expect_eq(cash - g:player("C").cash, price)
  expect_eq(g:corporation("FMS").cash, fcash)
end)
