-- Corporations that start, close and start again (1849 V6 §9.4, §10, §11;
-- rules 1849-R-097, R-166 .. R-170).
--
-- Three players and the place cards RCS, AFG, ATA, CTL, IFT, SFA: A buys
-- P1 and P3, B P2 and P4, C buys P5 and starts RCS at L. 68 with it.

local P = test_lib("play")

local ORDER = { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }

local function game()
  local g = P.rcs_by_c(ORDER)
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

-- Plays the current operating round to its end; returns who operated, in order.
local function operators(g)
  local seen = {}
  while g:round().kind == "operating" do
    local a = g:actor()
    if seen[#seen] ~= a then seen[#seen + 1] = a end
    advance(g)
  end
  return seen
end

test("1849-R-097: a corporation started in a stock round operates in the operating rounds that follow", function()
  local g = game()
  expect_eq(g:actor(), "A")
  g:act("par AFG 68 H8")                               -- A starts AFG in stock round 1
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:round().kind, "operating")
  expect_eq(operators(g), { "RCS", "AFG" })            -- ATA is not started: it does not operate
  expect_eq(g:corporation("AFG").operated, 1)
  expect_eq(g:corporation("ATA").operated, 0)
  -- Stock round 2: B starts ATA, which operates in operating round 2.
  expect_eq(g:round().kind, "stock")
  while g:actor() ~= "B" do g:act("pass") end
  g:act("par ATA 68")
  while g:round().kind == "stock" do g:act("pass") end
  -- RCS and AFG earned nothing in round 1 and fell to L. 59: ATA (68) goes first.
  expect_eq(g:share_price("RCS"), 59)
  expect_eq(g:share_price("AFG"), 59)
  expect_eq(operators(g), { "ATA", "RCS", "AFG" })
  expect_eq(g:corporation("ATA").operated, 1)
  expect_eq(g:corporation("AFG").operated, 2)
end)

-- A starts CTL (Marsala, with a line to Trapani) for L. 68 in stock round
-- 1; B holds 10 % and 10 % is in the pool. CTL has a 4H, a second token
-- in Trapani, and owns P2 and P3. Its token stands on L. 24, the last
-- space before "Closed".
local function failing_ctl()
  local g = game()
  g:give_cash("A", 100)
  g:start("CTL", "A", 68)
  g:give_share("CTL", "B")
  g:give_share("CTL", "pool")
  g:place_token("CTL", "C1")
  g:give_train("CTL", "4H")
  g:give_company("P2", "CTL")
  g:give_company("P3", "CTL")
  g:set_price("CTL", 24)
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do advance(g) end
  return g
end

test("1849-R-166, R-019: CTL withholds on L. 24, its token enters Closed, and CTL closes at once", function()
  local g = failing_ctl()
  g:act("do port_token hex=A5")                        -- P3: +L. 20 in Palermo's port, for CTL
  while g:step() ~= "dividend" do advance(g) end
  expect_eq(g:share_price("CTL"), 24)
  g:act("withhold")
  expect_contains(g:log(), "CTL closes")
  expect_eq(g:corporation("CTL").started, false)
  expect_eq(g:corporation("CTL").price, nil)
  -- Its turn ends there: no train step; the round is over (CTL was last).
  expect_eq(g:round().kind, "stock")
end)

test("1849-R-167: closing removes CTL's tokens (the P3 port token too), trains, certificates and privates; nobody is paid; its cash goes to the bank", function()
  local g = failing_ctl()
  g:act("do port_token hex=A5")
  while g:step() ~= "dividend" do advance(g) end
  local a, b, c = g:player("A").cash, g:player("B").cash, g:player("C").cash
  local treasury, bank = g:corporation("CTL").cash, g:bank()
  -- L. 96 after the fee, L. 25 from P2 and P3; L. 40 to withhold.
  expect_eq(treasury, 121)
  expect_eq(g:turn().revenue, 40)
  g:act("withhold")
  local ctl = g:corporation("CTL")
  -- The treasury, with the withheld revenue, went back to the bank.
  expect_eq(ctl.cash, 0)
  expect_eq(g:bank(), bank + treasury)
  -- No compensation: every player has the cash they had.
  expect_eq(g:player("A").cash, a)
  expect_eq(g:player("B").cash, b)
  expect_eq(g:player("C").cash, c)
  -- Certificates: none with a player or in the pool; all back on the charter.
  expect_eq(ctl.shares, {})
  expect_eq(ctl.president, nil)
  expect_eq(ctl.pool_percent, 0)
  expect_eq(ctl.treasury_percent, 100)
  expect_eq(g:player("A").shares.CTL, nil)
  expect_eq(g:player("B").shares.CTL, nil)
  expect_eq(ctl.price, nil)
  -- Station tokens off the board, back on the charter, three of them.
  expect_eq(g:hex("E1").tokens, {})
  expect_eq(g:hex("C1").tokens, {})
  expect_eq(#ctl.tokens, 3)
  for i, t in ipairs(ctl.tokens) do expect_eq(t.hex, nil, "token " .. i) end
  -- Its train and privates are out of the game, not in the pool.
  expect_eq(ctl.trains, {})
  for _, o in ipairs(g:trains_on_sale()) do expect_eq(o.pool, false, o.class) end
  expect_eq(ctl.companies, {})
  expect_eq(g:company("P2").owner_kind, "closed")
  expect_eq(g:company("P3").owner_kind, "closed")
end)

-- The moves that start a corporation.
local function starts(g)
  local out = {}
  for _, m in ipairs(g:moves()) do
    local id = m:match("^par (%u+)")
    if id and out[#out] ~= id then out[#out + 1] = id end
  end
  return out
end

test("1849-R-168: closed CTL waits behind AFG, ATA and IFT; its home in Marsala is reserved again meanwhile", function()
  local g = failing_ctl()
  g:act("do port_token hex=A5")
  while g:step() ~= "dividend" do advance(g) end
  g:act("withhold")                                    -- CTL closes
  expect_eq(g:round().kind, "stock")
  -- Marsala is empty but its slot is kept for CTL, as before its first start.
  expect_eq(g:hex("E1").tokens, {})
  expect_eq(g:hex("E1").free_slots, 0)
  expect_error(function() g:place_token("RCS", "E1") end, "reserved")
  -- CTL's president's certificate is now the last one available.
  expect_eq(g:actor(), "A")
  expect_eq(starts(g), { "AFG" })
  g:refuse("par CTL 68", "1849-R-079")
  g:acts{ "par AFG 68 H8", "pass" }
  expect_eq(starts(g), { "ATA" })                      -- B
  g:acts{ "par ATA 68", "pass" }
  expect_eq(starts(g), { "IFT" })                      -- C
  g:acts{ "par IFT 68", "pass" }
  expect_eq(starts(g), { "CTL" })                      -- A again: CTL comes last
  g:act("par CTL 68")
  local ctl = g:corporation("CTL")
  expect_eq(ctl.president, "A")
  expect_eq(ctl.price, 68)
  expect_eq(ctl.cash, 96)                              -- 2 x 68 - the L. 40 fee, as at a first start
  expect_eq(g:hex("E1").tokens, { "CTL" })
  expect_eq(ctl.operated, 0)
end)

test("1849-R-168: a corporation that closes in a stock round may start again only from the next one", function()
  local g = game()
  g:give_cash("A", 400)
  g:give_cash("B", 400)
  g:give_cash("C", 400)
  g:start("CTL", "A", 68)
  g:give_share("CTL", "B")
  g:give_train("CTL", "4H")
  g:start("AFG", "B", 68)
  g:act("choose H8")
  g:start("ATA", "B", 68)
  g:start("IFT", "C", 68)
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind == "operating" do advance(g) end
  expect_eq(g:corporation("CTL").operated, 1)
  -- Stock round 2: CTL on L. 27 at the foot of its column; B's sale sinks it into Closed.
  g:set_price("CTL", 27, 8)
  while g:actor() ~= "B" do g:act("pass") end
  g:act("sell CTL 1")
  expect_contains(g:log(), "CTL closes")
  expect_eq(g:corporation("CTL").started, false)
  expect_eq(g:corporation("CTL").closed, true)
  g:act("pass")
  while g:actor() ~= "A" do g:act("pass") end
  expect_eq(starts(g), {})
  g:refuse("par CTL 68", "1849-R-168")
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind == "operating" do advance(g) end
  -- Stock round 3: CTL may start again.
  expect_eq(g:actor(), g:priority())
  expect_eq(starts(g), { "CTL" })
  g:act("par CTL 68")
  expect_eq(g:corporation("CTL").president, g:priority())
  expect_eq(g:hex("E1").tokens, { "CTL" })
end)

-- Operating round 1: RCS (the RSA's corporation) has a line from Palermo to
-- Termini Imerese, so it must own a train, but it has none; at its train
-- step its treasury holds L. 30 and C, its president, L. 10 and no share
-- C may sell (RCS has not operated yet).
local function rcs_cannot_buy()
  local g = game()
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RCS")
  while g:step() ~= "buy_train" do advance(g) end
  g:give_cash("RCS", 30 - g:corporation("RCS").cash)
  g:give_cash("C", 10 - g:player("C").cash)
  return g
end

test("1849-R-166, R-170: RCS cannot buy its train even with C's money and closes; P5 stays open and keeps paying C", function()
  local g = rcs_cannot_buy()
  g:refuse("train 4H", "1849-R-157")
  local bank = g:bank()
  g:act("pass")
  expect_contains(g:log(), "RCS closes")
  expect_eq(g:corporation("RCS").started, false)
  expect_eq(g:corporation("RCS").trains, {})
  expect_eq(g:hex("C5").tokens, {})
  expect_eq(g:bank(), bank + 40)                       -- RCS's 30 and C's 10
  expect_eq(g:player("C").cash, 0)
  g:act("choose loan")
  -- P5 did not close with RCS: it still belongs to C.
  expect_eq(g:company("P5").owner, "C")
  expect_eq(g:company("P5").owner_kind, "player")
  expect_eq(g:player("C").companies, { "P5" })
  -- B starts RCS again later; it buys a train; P5 stays open all the same.
  while g:round().kind ~= "stock" do advance(g) end
  g:give_cash("B", 200)
  g:start("RCS", "B", 68)
  g:give_train("RCS", "4H")
  expect_eq(g:company("P5").owner_kind, "player")
  while g:round().kind == "stock" do g:act("pass") end
  expect_contains(g:log(), "P5 pays L. 25 to C")
  expect_eq(g:player("C").cash, 525)                   -- the loan and P5's revenue
  -- Only phase 12 closes it, with the other privates.
  g:set_phase("12")
  expect_eq(g:company("P5").owner_kind, "closed")
end)

test("1849-R-170, R-039: the RSA corporation's first train closes P5 when that corporation never closed", function()
  local g = game()
  expect_eq(g:company("P5").owner_kind, "player")
  g:give_train("RCS", "4H")
  expect_eq(g:company("P5").owner_kind, "closed")
end)
