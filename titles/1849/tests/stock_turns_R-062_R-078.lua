-- Stock round turns, the certificate limit, selling and buying (1849 V6
-- §9, §9.1 .. §9.3, §9.6, §9.7; rules 1849-R-062 .. R-078).
--
-- Four players. A buys P1 and P5 (and starts SFA through the RSA), B, C
-- and D buy P2, P3 and P4; the first stock round opens with B.

local P = test_lib("play")

local function game()
  local g = P.sfa_started()
  expect_eq(g:actor(), "B")
  for _, p in ipairs({ "A", "B", "C", "D" }) do g:give_cash(p, 1000) end
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

local next_stock_round = P.next_stock_round

local certs = P.certs

-- RCS started by B at L. 100 (no route: no train needed), every cash
-- holder rich; the second stock round, with `who` to act.
local function rcs_second_round(who, setup)
  local g = game()
  g:start("RCS", "B", 100)
  if setup then setup(g) end
  next_stock_round(g, who)
  return g
end

test("1849-R-062: a turn sells first, then buys one certificate; doing neither is a pass", function()
  local g = rcs_second_round("C", function(g)
    g:give_share("RCS", "C")
    g:give_share("RCS", "C")
  end)
  -- C sells, then buys, in one turn; the purchase ends it.
  g:act("sell RCS 1")
  g:act("sell RCS 1")                                  -- several sales are fine
  expect_eq(g:actor(), "C")
  g:act("buy SFA treasury")
  expect_eq(g:actor(), "D")
  g:act("pass")
  expect_contains(g:log(), "D passes")
  expect_eq(g:actor(), "A")
end)

test("1849-R-062: no sale after the purchase, and no second purchase, in the turn a corporation is started", function()
  local g = rcs_second_round("B", function(g) g:give_share("SFA", "B") end)
  g:act("par CTL 100")                                 -- the turn goes on only for CTL's extras
  expect_eq(g:actor(), "B")
  g:refuse("sell SFA 1", "1849-R-062")
  g:refuse("sell RCS 1", "1849-R-062")
  g:refuse("buy SFA treasury", "1849-R-062")
  g:refuse("buy RCS treasury", "1849-R-062")
  g:act("buy CTL treasury")                            -- an extra CTL certificate is allowed
  g:act("pass")
  expect_eq(g:actor(), "C")
end)

test("1849-R-063: turns go round until all players pass in succession; one who passed may act again", function()
  local g = game()
  g:act("pass")                                        -- B
  g:act("buy SFA treasury")                            -- C
  g:acts{ "pass", "pass" }                             -- D, A
  expect_eq(g:actor(), "B")
  g:act("buy SFA treasury")                            -- B passed before, and acts again
  g:acts{ "pass", "pass", "pass" }                     -- C, D, A
  expect_eq(g:round().kind, "stock")                   -- three passes are not enough
  expect_eq(g:actor(), "B")
  g:act("pass")
  expect_eq(g:round().kind, "operating")
end)

test("1849-R-064: after the stock round the priority goes left of the last player to buy or sell", function()
  local g = game()
  g:acts{ "pass", "buy SFA treasury", "pass", "buy SFA treasury", "pass", "pass", "pass", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:priority(), "B")                         -- A bought last
  -- A sale counts too.
  g = rcs_second_round("C", function(g) g:give_share("RCS", "D") end)
  expect_eq(g:priority(), "B")                         -- nobody traded in stock round 1
  g:act("pass")                                        -- C
  g:act("sell RCS 1")                                  -- D
  g:act("pass")
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:priority(), "A")
end)

test("1849-R-064: a stock round in which nobody buys or sells leaves the priority where it is", function()
  local g = game()
  g:acts{ "pass", "buy SFA treasury", "pass", "pass", "pass", "pass" }
  expect_eq(g:priority(), "D")                         -- C bought last
  while g:round().kind ~= "stock" do advance(g) end
  expect_eq(g:actor(), "D")
  g:acts{ "pass", "pass", "pass", "pass" }
  expect_eq(g:round().kind, "operating")
  expect_eq(g:priority(), "D")
end)

test("1849-R-065: the certificate limit is 12 / 11 / 9, and 9 for four players with five corporations", function()
  local function limit(n, options)
    local all = { "A", "B", "C", "D", "E" }
    local players = {}
    for i = 1, n do players[i] = all[i] end
    return new_game{ players = players, options = options }:cert_limit()
  end
  expect_eq(limit(3), 12)
  expect_eq(limit(4), 11)
  expect_eq(limit(4, { five_corporations = true }), 9)
  expect_eq(limit(5), 9)
end)

test("1849-R-065: certificates are counted, not shares: the president's and the last certificate count one each", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:give_share("RCS", "B", "last")
  -- B: P2, RCS's president's certificate (20 %) and the last certificate (20 %).
  expect_eq(g:player("B").shares.RCS, 40)
  expect_eq(g:player("B").certificates, 3)
  g:give_share("RCS", "C")
  expect_eq(g:player("C").certificates, 2)             -- P3 and one 10 %
end)

-- B at the limit of 11: P2 and ten share certificates of corporations
-- that have no route (so no train is needed).
local function b_at_limit(g)
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100, 2)
  g:start("IFT", "B", 100, 2)
  g:start("AFG", "B", 100, 2)
  g:act("choose H8")                                   -- Caltanissetta
  g:start("ATA", "B", 68)
  expect_eq(g:player("B").certificates, 11)
end

test("1849-R-066: at the certificate limit a player may neither buy nor start a corporation", function()
  local g = rcs_second_round("B", b_at_limit)
  g:refuse("buy ATA treasury", "1849-R-066")
  g:refuse("buy SFA treasury", "1849-R-066")
  g:refuse("par CTL 68", "1849-R-066")
  -- One below the limit: one more, but not three by starting with extras.
  g:act("sell IFT 1")
  g:refuse("par CTL 68 +1", "1849-R-066")
  g:act("par CTL 68")
  expect_eq(g:player("B").certificates, 11)
end)

test("1849-R-067, R-091: a presidency exchange may put the old president over the limit; they must sell down in their next turn", function()
  local g = rcs_second_round("C", function(g)
    b_at_limit(g)
    g:give_share("ATA", "C")
    g:give_share("ATA", "C")                           -- 20 % against B's 20 %: no change
  end)
  expect_eq(g:corporation("ATA").president, "B")
  g:act("buy ATA treasury")                            -- C: 30 %, B hands over the presidency
  expect_eq(g:corporation("ATA").president, "C")
  expect_eq(certs(g, "ATA", "B"), { "10", "10" })
  expect_eq(g:player("B").certificates, 12)            -- one over the limit of 11
  while g:actor() ~= "B" do g:act("pass") end
  g:refuse("pass", "1849-R-067")
  g:refuse("buy SFA treasury", "1849-R-066")
  g:act("sell ATA 1")
  expect_eq(g:player("B").certificates, 11)
  g:act("pass")
end)

test("1849-R-070, A-42: a corporation that closed and started again may not be sold until it has operated again", function()
  local g = game()
  g:give_share("SFA", "C")
  g:set_price("SFA", 27)                               -- SFA closes in the first operating round
  next_stock_round(g, "B")
  expect_contains(g:log(), "SFA closes")
  expect_eq(g:corporation("SFA").operated, 0)
  g:start("SFA", "B", 100)
  g:give_share("SFA", "C")
  g:act("pass")
  expect_eq(g:actor(), "C")
  g:refuse("sell SFA 1", "1849-R-070")
  -- After its next operating turn it may.
  next_stock_round(g, "C")
  g:act("sell SFA 1")
end)

test("1849-R-071: no sale may put more than 50 % of a corporation in the pool", function()
  local g = rcs_second_round("C", function(g)
    for _ = 1, 4 do g:give_share("RCS", "pool") end
    g:give_share("RCS", "C")
    g:give_share("RCS", "C")
  end)
  expect_eq(g:corporation("RCS").pool_percent, 40)
  g:refuse("sell RCS 2", "1849-R-071")
  g:act("sell RCS 1")
  expect_eq(g:corporation("RCS").pool_percent, 50)
  g:refuse("sell RCS 1", "1849-R-071")
end)

test("1849-R-072: who sold a corporation in a stock round may not buy it again in that round", function()
  local g = rcs_second_round("C", function(g) g:give_share("RCS", "C") end)
  g:act("sell RCS 1")
  g:refuse("buy RCS treasury", "1849-R-072")
  g:refuse("buy RCS pool", "1849-R-072")
  expect_not_contains(g:moves(), "buy RCS treasury")
  g:act("buy SFA treasury")                            -- another corporation is fine
  -- Nor in a later turn of the same round.
  g:acts{ "pass", "pass", "pass" }
  expect_eq(g:actor(), "C")
  g:refuse("buy RCS treasury", "1849-R-072")
  -- In the next stock round it may.
  next_stock_round(g, "C")
  g:act("buy RCS treasury")
end)

test("1849-R-073: the president's certificate is never sold into the pool", function()
  local g = rcs_second_round("B", function(g) g:give_share("RCS", "C") end)
  -- B holds only the president's certificate; C only 10 %.
  g:refuse("sell RCS 2", "1849-R-073")
  g:refuse("sell RCS 1", "1849-R-073")
  expect_eq(certs(g, "RCS", "pool"), {})
  expect_eq(g:corporation("RCS").president, "B")
end)

test("1849-R-074: a certificate comes from the treasury (paid to the corporation) or the pool (paid to the bank), as the buyer says", function()
  local g = rcs_second_round("C", function(g) g:give_share("RCS", "pool") end)
  -- No train: one column left (L. 90); a certificate in the pool: one row down.
  expect_eq(g:share_price("RCS"), 86)
  local rcs, bank, c = g:corporation("RCS").cash, g:bank(), g:player("C").cash
  g:act("buy RCS pool")
  expect_eq(c - g:player("C").cash, 86)
  expect_eq(g:bank() - bank, 86)
  expect_eq(g:corporation("RCS").cash, rcs)
  expect_eq(g:actor(), "D")                            -- one certificate per turn
  g:refuse("buy RCS pool", "1849-R-074")               -- the pool is empty now
  bank = g:bank()
  g:act("buy RCS treasury")
  expect_eq(g:corporation("RCS").cash - rcs, 86)
  expect_eq(g:bank(), bank)
  expect_eq(g:actor(), "A")
end)

test("1849-R-076: the last certificate costs two shares and leaves a place only when no other certificate is there", function()
  local g = game()
  g:start("RCS", "B", 100)
  expect_eq(certs(g, "RCS", "treasury"), { "10", "10", "10", "10", "10", "10", "L" })
  g:act("pass")                                        -- B
  g:refuse("buy RCS treasury last", "1849-R-076")
  -- Empty the treasury of ordinary certificates: one to the pool, five to D.
  g:give_share("RCS", "pool")
  for _ = 1, 5 do g:give_share("RCS", "D") end
  expect_eq(certs(g, "RCS", "treasury"), { "L" })
  expect_eq(certs(g, "RCS", "pool"), { "10" })
  -- The ordinary one in the pool does not matter for the treasury.
  local c, rcs = g:player("C").cash, g:corporation("RCS").cash
  g:act("buy RCS treasury last")
  expect_eq(c - g:player("C").cash, 200)
  expect_eq(g:corporation("RCS").cash - rcs, 200)
  expect_eq(g:player("C").shares.RCS, 20)
end)

test("1849-R-077: the last certificate is indivisible: it is never sold as 10 %", function()
  local g = rcs_second_round("C", function(g) g:give_share("RCS", "C", "last") end)
  g:refuse("sell RCS 1", "1849-R-077")
  expect_eq(g:corporation("RCS").pool_percent, 0)
  -- All of it at once: two shares paid, two rows down (L. 90 -> L. 78).
  local c = g:player("C").cash
  g:act("sell RCS 2")
  expect_eq(g:player("C").cash - c, 180)
  expect_eq(certs(g, "RCS", "pool"), { "L" })
  expect_eq(g:share_price("RCS"), 78)
end)

test("1849-R-078: in the pool the last certificate lies under the ordinary ones", function()
  local g = rcs_second_round("C", function(g)
    g:give_share("RCS", "C", "last")
    g:give_share("RCS", "D")
  end)
  g:act("sell RCS last")                               -- first into the pool
  g:act("pass")
  g:act("sell RCS 1")                                  -- D's 10 % comes after, yet lies on top
  g:act("pass")
  expect_eq(g:actor(), "A")
  g:refuse("buy RCS pool last", "1849-R-076")
  g:act("buy RCS pool")
  expect_eq(g:player("A").shares.RCS, 10)
  expect_eq(certs(g, "RCS", "pool"), { "L" })
  -- B buying from the treasury gets an ordinary certificate too.
  expect_eq(g:actor(), "B")
  g:act("buy RCS treasury")
  expect_eq(certs(g, "RCS", "B"), { "P", "10" })
  expect_eq(certs(g, "RCS", "treasury"), { "10", "10", "10", "10" })
end)
