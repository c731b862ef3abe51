-- The RSA (P5) and the corporation it starts (1849 V6 §8.1; rules
-- 1849-R-038, R-039, R-059 .. R-061), with worked example WE-03 and the
-- starting treasuries of table 4.4 in shared/rules/1849.md.

-- The place cards, given explicitly (the setup script reads them as
-- setup.corporation_order): the corporation listed first holds card 1.
local order = test_lib("play").order

-- Three players; C ends up buying P5 alone, for L. 150 (500 -> 350).
local function sale(first)
  local g = new_game{ players = { "A", "B", "C" }, seed = 1, setup = { corporation_order = order(first) } }
  g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4" }
  expect_eq(g:actor(), "C")
  g:act("buy P5")
  return g
end

test("1849-R-059 (WE-03): the RSA buyer starts the corporation with place card 1 and chooses L. 68 or L. 100", function()
  local g = sale("RCS")
  expect_eq(g:player("C").cash, 350)
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "par RCS 68", "par RCS 100" })
  g:refuse("par RCS 144", "1849-R-027")
  g:refuse("par AFG 68")
  g:act("par RCS 68")
  local rcs = g:corporation("RCS")
  expect_eq(rcs.price, 68)
  expect_eq(rcs.president, "C")
  expect_eq(rcs.cash, 6)                               -- 2 x 68 - 130
  -- The home token in Palermo, two on the charter.
  expect_eq(rcs.tokens[1].hex, "C5")
  expect_eq(rcs.tokens[2].hex, nil)
  expect_eq(rcs.tokens[3].hex, nil)
  expect_eq(g:hex("C5").tokens, { "RCS" })
  -- C paid nothing for the certificate: P5 and 20 % of RCS, two certificates.
  local c = g:player("C")
  expect_eq(c.cash, 350)
  expect_eq(c.shares, { RCS = 20 })
  expect_eq(c.companies, { "P5" })
  expect_eq(c.certificates, 2)
  -- Bank: 6,260 + 400 for the privates + the 130 fee - 136 for RCS.
  expect_eq(g:bank(), 6654)
end)

test("1849-R-059 (issue 16): while the RSA start waits for its value, another start says why it must wait and how to give the value", function()
  local g = sale("ATA")
  local msg = g:refuse("par CTL 68", nil, "CTL cannot be started now")
  expect_eq(msg:find("first C chooses the starting value of ATA (C bought P5 (RSA), which starts it)", 1, true) ~= nil, true)
  expect_eq(msg:find("`par ATA PRICE`, PRICE one of L. 68, L. 100", 1, true) ~= nil, true)
  -- Any other action names the same choice.
  local other = g:refuse("pass")
  expect_eq(other:find("first C chooses the starting value of ATA", 1, true) ~= nil, true)
  g:act("par ATA 100")
  expect_eq(g:corporation("ATA").price, 100)
end)

test("1849-R-059 (table 4.4): the RSA corporation's treasury is twice its value less its token fee", function()
  for _, case in ipairs({
    { "RCS", 100, 70 }, { "ATA", 68, 106 }, { "ATA", 100, 170 }, { "CTL", 68, 96 },
    { "IFT", 68, 46 }, { "IFT", 100, 110 }, { "SFA", 100, 160 },
  }) do
    local id, value, treasury = case[1], case[2], case[3]
    local g = sale(id)
    g:act("par " .. id .. " " .. value)
    expect_eq(g:corporation(id).cash, treasury, id .. " at " .. value)
    expect_eq(g:corporation(id).president, "C")
  end
end)

test("1849-R-059, A-21: the RSA buyer chooses AFG's home", function()
  local g = sale("AFG")
  g:act("par AFG 100")
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose C1", "choose H8", "choose M9", "choose M11", "choose B14" })
  g:refuse("choose C5", "1849-R-083")
  g:act("choose H8")
  expect_eq(g:hex("H8").tokens, { "AFG" })
  expect_eq(g:corporation("AFG").home, "H8")
  expect_eq(g:corporation("AFG").cash, 160)
end)

test("1849-R-060, R-061: the next place card becomes available; the first stock round starts left of the last direct buyer", function()
  local g = sale("RCS")
  g:act("par RCS 68")
  expect_eq(g:round().kind, "stock")
  expect_eq(g:priority(), "A")
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "par AFG 68 C1")
  expect_not_contains(g:moves(), "par RCS 68")
  g:refuse("par ATA 68", "1849-R-079")
end)

test("1849-R-070 (WE-03): the RSA player may not sell RCS before RCS has operated", function()
  local g = sale("RCS")
  g:act("par RCS 68")
  g:acts{ "pass", "pass", "buy RCS treasury" }         -- C buys a 10 % for L. 68
  expect_eq(g:corporation("RCS").cash, 74)
  expect_eq(g:player("C").shares.RCS, 30)
  g:acts{ "pass", "pass" }
  expect_eq(g:actor(), "C")
  g:refuse("sell RCS 1", "1849-R-070")
end)

test("1849-R-039, R-157 (WE-03): RCS buys its first train with C's money, and P5 closes", function()
  local g = sale("RCS")
  g:act("par RCS 68")
  -- Track from Palermo to Termini Imerese gives RCS a route, so it must
  -- own a train (1849-R-146).
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:acts{ "pass", "pass", "pass" }                     -- the stock round ends
  expect_eq(g:round().kind, "operating")
  expect_eq(g:player("C").cash, 375)                   -- P5 paid its L. 25
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "lay_tile")
  g:act("pass")                                        -- no tile; no city to token in, so no token step
  expect_eq(g:step(), "buy_train")
  g:refuse("pass", "1849-R-146")
  g:act("train 4H")
  expect_contains(g:log(), "C contributes L. 94 to RCS")
  expect_eq(g:player("C").cash, 281)
  expect_eq(g:corporation("RCS").cash, 0)
  expect_eq(g:corporation("RCS").trains[1].class, "4H")
  expect_eq(g:company("P5").owner_kind, "closed")
  expect_eq(g:player("C").certificates, 1)
end)

test("1849-R-061: the priority goes left of the last player to buy a private at its price, not of the last bid winner", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = order("SFA") } }
  g:acts{ "pass", "pass", "pass", "bid P5 160" }       -- D bids on P5
  g:acts{ "buy P1", "buy P2", "buy P3", "pass" }       -- A, B, C; D passes
  g:act("buy P4")                                      -- A buys the last private at its price...
  expect_eq(g:company("P5").owner, "D")                -- ...and P5 goes to D's bid
  g:act("par SFA 100")                                 -- D starts SFA
  expect_eq(g:round().kind, "stock")
  expect_eq(g:priority(), "B")                         -- left of A, not of D
  expect_eq(g:actor(), "B")
end)
