-- The private sale of the initial stock round (1849 V6 §8; rules
-- 1849-R-048 .. R-058), with the worked examples WE-01 (auction chain)
-- and WE-02 (P1 price reduction) of shared/rules/1849.md §5.
--
-- Players sit A, B, C, D (#1 .. #4); A holds the priority deal card.

local function four()
  return new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
end

local function cash(g, name)
  return g:player(name).cash
end

-- WE-01 steps 1-3: three bids, money set aside but not paid.
local function we01_bids()
  local g = four()
  g:act("bid P4 115")   -- #1: legal, >= 110 + 5
  g:act("bid P4 120")   -- #2: legal, >= 115 + 5
  g:act("bid P3 80")    -- #3: legal, >= 75 + 5
  return g
end

test("1849-R-049: the priority holder opens the sale; turns pass to the left", function()
  local g = four()
  expect_eq(g:actor(), "A")
  expect_eq(g:priority(), "A")
  expect_eq(g:moves(), { "buy P1", "bid P2 50..375", "bid P3 80..375", "bid P4 115..375", "bid P5 155..375", "pass" })
  g:act("pass")
  expect_eq(g:actor(), "B")
end)

test("1849-R-048: no certificate can be bought while a private is unsold", function()
  local g = four()
  g:refuse("buy AFG")
  g:refuse("par CTL 100")
  expect_eq(g:round().kind, "auction")
end)

test("1849-R-050: the cheapest private is bought, never bid on; the others are bid on, never bought", function()
  local g = four()
  g:refuse("bid P1 25", "1849-R-050", "cheapest")
  g:refuse("buy P2", "1849-R-050", "only the cheapest")
  expect_not_contains(g:moves(), "bid P1 25")
end)

test("1849-R-051 (WE-01 1-3): a bid is at least L. 5 above face value and above the highest bid", function()
  local g = four()
  g:refuse("bid P4 110", "1849-R-051", "at least L. 115")
  g:refuse("bid P4 114", "1849-R-051")
  g:act("bid P4 115")
  expect_eq(g:actor(), "B")
  g:refuse("bid P4 119", "1849-R-051", "at least L. 120")
  g:act("bid P4 120")
  g:refuse("bid P3 79", "1849-R-051")
  g:act("bid P3 80")
  -- Bidding is not paying: everyone still has L. 375, the bank its L. 6,260.
  for _, p in ipairs({ "A", "B", "C", "D" }) do expect_eq(cash(g, p), 375, p) end
  expect_eq(g:bank(), 6260)
  expect_eq(g:actor(), "D")
  expect_contains(g:moves(), "bid P4 125..375")
  expect_contains(g:moves(), "bid P3 85..375")
end)

test("1849-R-052 (WE-01 1-3): spendable cash is cash less the player's outstanding bids", function()
  local g = we01_bids()
  -- Everybody passes once so each bidder shows what they may still spend.
  g:act("pass")                                        -- D
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "bid P5 155..260")        -- #1: 375 - 115
  g:act("pass")
  expect_eq(g:actor(), "B")
  expect_contains(g:moves(), "bid P5 155..255")        -- #2: 375 - 120
  g:act("pass")
  expect_eq(g:actor(), "C")
  expect_contains(g:moves(), "bid P5 155..295")        -- #3: 375 - 80
  -- WE-01 negative test: #3 bids 300 on P5 with L. 80 still set aside on P3.
  g:refuse("bid P5 300", "1849-R-052", "L. 295")
  g:act("bid P5 295")
end)

test("1849-R-053: a player bids once on a private; a private with a bid cannot be bought", function()
  local g = we01_bids()
  g:act("pass")                                        -- D
  g:refuse("bid P4 130", "1849-R-053")                 -- A already bids on P4
  expect_not_contains(g:moves(), "bid P4 125..260")
  expect_contains(g:moves(), "bid P2 50..260")
end)

test("1849-R-054 (WE-01 4-5): selling the private before a bid-carrying one resolves the chain", function()
  local g = we01_bids()
  -- 4. #4 buys P1 for 20; P2, with no bids, is now the cheapest at 45.
  g:act("buy P1")
  expect_eq(cash(g, "D"), 355)
  expect_eq(g:company("P1").owner, "D")
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "buy P2")
  expect_contains(g:moves(), "bid P5 155..260")
  g:refuse("buy P2 40")                                -- its price is its face value, 45
  -- 5. #1 buys P2 for 45: cash 330, of which 115 is still set aside.
  g:act("buy P2")
  expect_eq(cash(g, "A"), 330)
  expect_eq(g:company("P2").owner, "A")
  -- The chain: P3 has one bid, so #3 buys it for 80.
  expect_eq(g:company("P3").owner, "C")
  expect_eq(cash(g, "C"), 295)
  -- P4 has two bids: #1 holds the lowest (115) and must reach 125 or drop out.
  expect_eq(g:company("P4").owner, nil)
  expect_eq(g:actor(), "A")
  expect_eq(g:moves(), { "bid P4 125..330", "pass" })
  expect_contains(g:log(), "P4 (SMS) is settled among its bidders")
end)

local function we01_chain()
  local g = we01_bids()
  g:act("buy P1")
  g:act("buy P2")
  return g
end

test("1849-R-055: in the settlement the lowest bidder raises by L. 5 or drops out", function()
  local g = we01_chain()
  g:refuse("bid P4 124", "1849-R-051", "at least L. 125")
  g:refuse("bid P5 200", "1849-R-055")                 -- only P4 is being settled
  g:refuse("buy P5", "1849-R-055")
  g:refuse("bid P4 331", "1849-R-052")                 -- more than #1 has
end)

test("1849-R-055, R-056 (WE-01 6a, 7): #1 drops out, #2 buys P4 for its bid; #2 plays next", function()
  local g = we01_chain()
  g:act("pass")                                        -- #1 drops out
  expect_eq(g:company("P4").owner, "B")
  expect_eq(cash(g, "B"), 255)
  expect_eq(cash(g, "A"), 330)                         -- the 115 is released
  expect_eq(g:bank(), 6260 + 20 + 45 + 80 + 120)
  -- 7. Normal turns resume left of #1, whose purchase started the chain.
  expect_eq(g:actor(), "B")
  expect_eq(g:moves(), { "buy P5", "pass" })
  -- #1 may now spend all of its 330 again.
  g:act("pass")
  g:act("pass")
  g:act("pass")
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "buy P5")
end)

test("1849-R-055, R-056 (WE-01 6b, 7): #1 raises to 125, #2 drops out, #1 pays 125; #2 plays next", function()
  local g = we01_chain()
  g:act("bid P4 125")
  expect_eq(g:actor(), "B")                            -- now the lowest bid
  expect_eq(g:moves(), { "bid P4 130..375", "pass" })
  g:act("pass")
  expect_eq(g:company("P4").owner, "A")
  expect_eq(cash(g, "A"), 205)
  expect_eq(cash(g, "B"), 375)
  expect_eq(g:bank(), 6260 + 20 + 45 + 80 + 125)
  expect_eq(g:actor(), "B")
  expect_eq(g:moves(), { "buy P5", "pass" })
end)

test("1849-R-057 (WE-02): P1 gets L. 5 cheaper each round of passes, then goes free", function()
  local g = new_game{ players = { "A", "B", "C" }, seed = 1 }
  expect_eq(cash(g, "A"), 500)
  for _, price in ipairs({ 15, 10, 5 }) do
    g:acts{ "pass", "pass", "pass" }
    expect_contains(g:log(), "nobody buys P1 (SCE): its price drops to L. " .. price)
    g:refuse("buy P1 " .. (price + 5), nil, "costs L. " .. price)
    expect_eq(g:actor(), "A")
  end
  -- At L. 5 it was first offered to A: after a full round of passes A
  -- takes it for nothing, and that counts as A's purchase.
  g:acts{ "pass", "pass" }
  expect_eq(g:company("P1").owner, nil)
  g:act("pass")
  expect_eq(g:company("P1").owner, "A")
  expect_eq(cash(g, "A"), 500)
  expect_eq(g:bank(), 6260)
  expect_contains(g:log(), "A buys P1 (SCE) for L. 0")
  -- P2 is now the cheapest, at its face value, and B (left of A) is next.
  expect_eq(g:actor(), "B")
  expect_eq(g:moves()[1], "buy P2")
  g:refuse("buy P2 40", nil, "costs L. 45")
  g:act("buy P2 45")
  expect_eq(cash(g, "B"), 455)
end)

test("1849-R-057 (A-02, A-05): a bid restarts the round of passes; P1 goes free to whoever opened the L. 5 round", function()
  local g = new_game{ players = { "A", "B", "C" }, seed = 1 }
  g:acts{ "pass", "pass", "pass", "pass", "pass", "pass" }   -- P1 now at L. 10
  g:acts{ "pass", "bid P3 80", "pass" }                      -- A, B bids, C
  g:refuse("buy P1 5", nil, "costs L. 10")                   -- no full round of passes yet
  expect_eq(g:actor(), "A")
  g:acts{ "pass", "pass" }                                   -- A, B: a round since the bid
  expect_contains(g:log(), "nobody buys P1 (SCE): its price drops to L. 5")
  expect_eq(g:actor(), "C")                                  -- C opens the L. 5 round
  g:acts{ "pass", "pass", "pass" }
  expect_eq(g:company("P1").owner, "C")
  expect_eq(cash(g, "C"), 500)
end)

test("1849-R-058: a round of passes on a later private pays the owned privates and moves the priority", function()
  local g = four()
  g:act("pass")                                        -- A
  g:act("buy P1")                                      -- B
  expect_eq(cash(g, "B"), 355)
  g:acts{ "pass", "pass", "pass", "pass" }             -- C, D, A, B
  expect_eq(cash(g, "B"), 360)                         -- P1 pays its L. 5
  expect_eq(g:bank(), 6260 + 20 - 5)
  expect_contains(g:log(), "P1 pays L. 5 to B")
  -- The priority goes left of the last player to act (B), and P2 stays at 45.
  expect_eq(g:priority(), "C")
  expect_eq(g:actor(), "C")
  g:refuse("buy P2 40", nil, "costs L. 45")
  expect_eq(g:round().kind, "auction")
end)
