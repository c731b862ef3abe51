-- The financial step: issuing treasury certificates and buying one back
-- (1849 V6 §10.8, §9.6; rules 1849-R-162 .. R-165, with R-092).
--
-- A buys P5 and starts RCS at L. 68 (treasury L. 6, 80 % in the
-- treasury). RCS has no train and no route, so in its first operating
-- round it earns nothing and its price goes left to L. 59.

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function rcs()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = ORDER } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par RCS 68" }
  return g
end

-- Plays on to RCS's financial step; `ors` operating rounds before it
-- (0: the first one).
local function finance_step(g, ors)
  for _ = 1, ors do
    while g:round().kind ~= "operating" do g:act("pass") end
    while g:round().kind == "operating" do g:act("pass") end
  end
  while not (g:actor() == "RCS" and g:step() == "issue_shares") do g:act("pass") end
  return g
end

-- Where each certificate of RCS is: "P", "L" or "10" by owner.
local function where(g, owner)
  local out = {}
  for _, c in ipairs(g:corporation("RCS").certificates) do
    if c.owner == owner then out[#out + 1] = c.president and "P" or (c.tag == "last" and "L" or "10") end
  end
  table.sort(out)
  return out
end

test("1849-R-164: no issuing in the corporation's first operating round; buying back is allowed (A-26)", function()
  local g = rcs()
  g:give_share("RCS", "pool")
  g:give_cash("RCS", 200)
  finance_step(g, 0)
  expect_eq(g:corporation("RCS").operated, 0)
  expect_eq(g:moves(), { "redeem", "pass" })
  g:refuse("issue 1", "1849-R-164", "first operating round")
  g:act("redeem")
  expect_eq(g:corporation("RCS").pool_percent, 0)
end)

test("1849-R-163: issuing: the bank pays the price for each share, then the price goes down a row per share", function()
  local g = rcs()
  finance_step(g, 1)
  -- Second operating round: again no train, 59 -> 52 before this step.
  local price = g:share_price("RCS")
  expect_eq(price, 52)
  local cash, bank = g:corporation("RCS").cash, g:bank()
  g:act("issue 2")
  expect_eq(g:corporation("RCS").cash - cash, 2 * 52)
  expect_eq(bank - g:bank(), 2 * 52)
  expect_eq(g:corporation("RCS").pool_percent, 20)
  expect_eq(g:share_price("RCS"), 41)                  -- 52 -> 47 -> 41, a row per share
  expect_contains(g:log(), "RCS issues 20 % for L. 104")
end)

test("1849-R-164: the pool may never hold more than 50 %", function()
  local g = rcs()
  for _ = 1, 4 do g:give_share("RCS", "pool") end
  g:give_cash("RCS", -6)                               -- no money to buy one back
  finance_step(g, 1)
  expect_eq(g:corporation("RCS").pool_percent, 40)
  g:refuse("issue 2", "1849-R-071", "at most 50 %")
  g:act("issue 1")
  expect_eq(g:corporation("RCS").pool_percent, 50)
end)

test("1849-R-164, R-092: the last certificate is issued only with, or after, the ordinary ones", function()
  local g = rcs()
  -- Treasury: one 10 % and the last certificate; the rest with B and the pool.
  for _ = 1, 3 do g:give_share("RCS", "B") end
  for _ = 1, 2 do g:give_share("RCS", "pool") end
  g:give_cash("RCS", -6)
  finance_step(g, 1)
  expect_eq(where(g, "treasury"), { "10", "L" })
  g:act("issue 1")                                     -- the ordinary certificate goes
  expect_eq(where(g, "treasury"), { "L" })
  expect_eq(where(g, "pool"), { "10", "10", "10" })
end)

test("1849-R-092: all remaining treasury certificates, the last one included, in one action", function()
  local g = rcs()
  for _ = 1, 3 do g:give_share("RCS", "B") end
  for _ = 1, 2 do g:give_share("RCS", "pool") end
  g:give_cash("RCS", -6)
  finance_step(g, 1)
  g:set_price("RCS", 100)
  g:act("issue 2")
  expect_eq(where(g, "treasury"), {})
  expect_eq(g:corporation("RCS").pool_percent, 50)
  expect_contains(g:log(), "RCS issues 30 % for L. 300")
  expect_eq(g:share_price("RCS"), 75)                  -- three rows down: 100, 95, 87, 75
end)

test("1849-R-162, R-165: issue or buy back, never both in one turn", function()
  -- Phase 6, so that RCS's turn stays open for buying privates afterwards.
  local g = rcs()
  g:set_phase("6")
  g:give_share("RCS", "pool")
  g:give_cash("RCS", 200)
  finance_step(g, 1)
  g:act("issue 1")
  expect_eq(g:actor(), "RCS")
  g:refuse("redeem", "1849-R-165", "not both")
  g:refuse("issue 1", "1849-R-162", "not both")
  local g2 = rcs()
  g2:set_phase("6")
  g2:give_share("RCS", "pool")
  g2:give_cash("RCS", 200)
  finance_step(g2, 1)
  g2:act("redeem")
  expect_eq(g2:actor(), "RCS")
  g2:refuse("issue 1", "1849-R-162", "not both")
  g2:refuse("redeem", "1849-R-165")                    -- one certificate a turn
end)

test("1849-R-165: buying back takes one certificate at the price; the price does not move", function()
  local g = rcs()
  g:give_share("RCS", "pool")
  g:give_share("RCS", "pool")
  g:give_cash("RCS", 200)
  finance_step(g, 1)
  local price = g:share_price("RCS")
  local cash, bank = g:corporation("RCS").cash, g:bank()
  g:act("redeem")
  expect_eq(cash - g:corporation("RCS").cash, price)
  expect_eq(g:bank() - bank, price)
  expect_eq(g:share_price("RCS"), price)
  expect_eq(g:corporation("RCS").pool_percent, 10)     -- one certificate only
  expect_eq(g:step() == "issue_shares" and g:actor() == "RCS", false)
end)

test("1849-R-165: the last certificate is not bought back while an ordinary one is in the pool", function()
  local g = rcs()
  for _ = 1, 3 do g:give_share("RCS", "B") end
  for _ = 1, 2 do g:give_share("RCS", "pool") end
  g:give_share("RCS", "pool", "last")
  g:give_cash("RCS", 300)
  finance_step(g, 1)
  expect_eq(where(g, "pool"), { "10", "10", "L" })
  local last
  for _, c in ipairs(g:corporation("RCS").certificates) do if c.tag == "last" then last = c.index end end
  g:refuse("redeem #" .. last, "1849-R-165", "last")
  g:act("redeem")                                      -- an ordinary one
  expect_eq(where(g, "pool"), { "10", "L" })
end)
