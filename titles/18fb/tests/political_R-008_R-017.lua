-- The Political Round (§3.2; 18FB-R-008 .. R-017), scripts/political.lua.

local P = test_lib("play")
local logged = P.logged

local function new4()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  expect_eq(g:round().name, "political")
  return g
end

local function has(moves, m) for _, x in ipairs(moves) do if x == m then return true end end return false end

-- Everyone passes on the card up for auction.
local function all_pass(g) for _ = 1, 4 do if g:round().name == "political" and g:var("pr.card") then g:act("pass") end end end

test("18FB-R-008: the priority holder picks the first card to auction, any of the eight", function()
  local g = new4()
  local first = g:priority()
  expect_eq(g:actor(), first)
  local moves = g:moves()
  expect_eq(#moves, 8)
  for _, card in ipairs({ "MEL", "RIS", "FLC", "DEL", "VAL", "ALA", "BAY", "ALB" }) do
    expect_true(has(moves, "do pick card=" .. card), card)
  end
  g:refuse("pass", "18FB-R-008", "pick a card to auction")
  g:refuse("do pick card=XYZ", "18FB-R-008", "not for auction")
end)

test("18FB-R-009, R-010: the picker bids first, at the printed cost or more, in steps of D5", function()
  local g = new4()
  local picker = g:actor()
  g:act("do pick card=MEL")
  expect_eq(g:actor(), picker)                               -- the picker first
  g:refuse("bid MEL 45", "18FB-R-010", "the lowest bid now is D50")
  g:refuse("bid MEL 52", "18FB-R-010", "plus a multiple of D5")
  g:act("bid MEL 50")                                        -- the cost itself
  local second = g:actor()
  expect_true(second ~= picker)
  g:refuse("bid MEL 50", "18FB-R-010", "a raise of at least D5")
  g:refuse("bid MEL 54", "18FB-R-010", "")
  g:act("bid MEL 55")
  expect_eq(g:var("pr.high"), 55)
end)

test("18FB-R-011: nobody bids more than their cash", function()
  local g = new4()
  local who = g:actor()
  g:act("do pick card=ALB")
  g:refuse("bid ALB 755", "18FB-R-011", "has only D750")
  g:act("bid ALB 750")
  expect_eq(g:var("pr.high"), 750)
end)

test("18FB-R-012: a player who passes is out of that card's auction", function()
  local g = new4()
  local order = g:players()
  local p1 = g:actor()
  g:act("do pick card=MEL")
  g:act("pass")                                              -- the picker is out
  local p2 = g:actor()
  g:act("bid MEL 50")
  local p3 = g:actor()
  g:act("pass")
  local p4 = g:actor()
  g:act("bid MEL 55")
  -- back to p2, never p1 or p3
  expect_eq(g:actor(), p2)
  g:act("pass")
  expect_eq(g:company("MEL").owner, p4)
  expect_true(p1 ~= p4 and p3 ~= p4)
end)

test("18FB-R-013, R-014: a railroad card's excess over its cost goes to its railroad, and its buyer gets a free share", function()
  local g = new4()
  local who = g:actor()
  local cash, bank = g:player(who).cash, g:bank()
  g:act("do pick card=VAL")
  g:act("bid VAL 150")                                       -- cost 125
  all_pass(g)
  expect_eq(g:company("VAL").owner, who)
  expect_eq(g:player(who).cash, cash - 150)
  expect_eq(g:bank(), bank + 125)
  expect_eq(g:corporation("LdA").cash, 25)                   -- the excess
  expect_eq(g:player(who).shares.LdA, 10)                    -- R-014
  expect_true(logged(g, "D25 to LdA (18FB-R-013)"))
end)

test("18FB-R-013: every other card's price goes to the bank", function()
  local g = new4()
  local bank = g:bank()
  g:act("do pick card=DEL")
  g:act("bid DEL 120")
  all_pass(g)
  expect_eq(g:bank(), bank + 120)
end)

test("18FB-R-015, A-12: a card nobody bids on goes to the pool with its free share", function()
  local g = new4()
  g:act("do pick card=BAY")
  all_pass(g)
  expect_eq(g:company("BAY").owner_kind, "bank")
  expect_eq(g:var("pool.BAY"), true)
  expect_eq(g:corporation("NN").pool_percent, 10)
  expect_contains(g:log(), "nobody bids on BAY: it goes to the pool (18FB-R-015)")
  expect_true(not has(g:moves(), "do pick card=BAY"))        -- not auctioned again
end)

test("18FB-R-016: the next card is picked by the player seated after the previous picker, whoever won", function()
  local g = new4()
  local seats = g:players()
  local p1 = g:actor()
  g:act("do pick card=MEL")
  g:act("pass")
  g:act("bid MEL 50")                                        -- the next player wins
  all_pass(g)
  local after = nil
  for i, p in ipairs(seats) do if p == p1 then after = seats[i % #seats + 1] end end
  expect_eq(g:actor(), after)
  expect_eq(g:var("pr.picker"), after)
end)

test("18FB-R-017: after the last card the players sit by cash, the richest first with the priority deal", function()
  local g = new4()
  local before = g:players()
  -- the first picker buys a card for D100, the next D60; the rest go to the pool
  local rich_order = {}
  local pays = { 100, 60 }
  local cards = { "DEL", "MEL" }
  for i = 1, 2 do
    local who = g:actor()
    g:act("do pick card=" .. cards[i])
    g:act("bid " .. cards[i] .. " " .. math.max(pays[i], g:company(cards[i]).value))
    all_pass(g)
  end
  while g:round().name == "political" do
    if g:var("pr.card") then g:act("pass") else g:act(g:moves()[1]) end
  end
  expect_eq(g:round().kind, "stock")
  local after = g:players()
  -- cash never rises along the new seating; ties keep the old order
  for i = 2, #after do
    local a, b = g:player(after[i - 1]).cash, g:player(after[i]).cash
    expect_true(a >= b)
  end
  expect_eq(g:priority(), after[1])
  expect_eq(g:actor(), after[1])                             -- the first stock turn
  expect_true(logged(g, "holds the priority deal (18FB-R-017)"))
  -- the two who paid sit last, in their old order
  local untouched = {}
  for _, p in ipairs(before) do if g:player(p).cash == 750 then untouched[#untouched + 1] = p end end
  expect_eq({ after[1], after[2] }, untouched)
end)

-- After a political round in which nobody bought anything: every card in the pool.
local function all_pooled() return P.after_pr() end

test("18FB-R-034, R-018: a card in the pool is bought at its printed cost, as the stock turn's purchase", function()
  local g = all_pooled()
  local who = g:actor()
  local cash, bank = g:player(who).cash, g:bank()
  expect_true(has(g:moves(), "do buy_card card=DEL"))
  g:act("do buy_card card=DEL")
  expect_eq(g:company("DEL").owner, who)
  expect_eq(g:player(who).cash, cash - 100)
  expect_eq(g:bank(), bank + 100)
  expect_eq(g:var("pool.DEL"), nil)
  expect_true(logged(g, who .. " buys DEL from the pool for D100 (18FB-R-034)"))
  expect_true(g:actor() ~= who)                              -- the turn's one purchase: the turn is over
  g:refuse("do buy_card card=DEL", "18FB-R-034", "DEL is not in the pool")
end)

test("18FB-R-034: nobody buys a card they cannot pay for", function()
  local g = all_pooled()
  local who = g:actor()
  g:give_cash(who, 100 - g:player(who).cash)
  expect_true(not has(g:moves(), "do buy_card card=ALB"))    -- D200
  g:refuse("do buy_card card=ALB", "18FB-R-034", "cannot pay ALB's cost of D200")
  expect_eq(g:company("ALB").owner_kind, "bank")
end)

test("18FB-R-147, R-151: every political card closes when PH5 starts, owned or in the pool", function()
  local g = new4()
  -- the first picker buys MEL at cost; the rest go to the pool
  while g:round().name == "political" do
    local card = g:var("pr.card")
    if card == nil then g:act(g:moves()[1])
    elseif card == "MEL" and g:var("pr.high") == nil then g:act("bid MEL 50")
    else g:act("pass") end
  end
  expect_eq(g:company("MEL").owner_kind, "player")
  g:set_phase("PH5")
  for _, card in ipairs({ "MEL", "RIS", "FLC", "DEL", "VAL", "ALA", "BAY", "ALB" }) do
    expect_eq(g:company(card).owner_kind, "closed", card)
  end
  expect_true(not has(g:moves(), "do buy_card card=DEL"))    -- nothing left to buy
end)

test("18FB-R-035, A-36: a player sells a political card to another player for any agreed price, as a free action; never to a corporation", function()
  local g = P.after_pr()
  local me = g:actor()
  local other = me == "B" and "C" or "B"
  g:give_company("MEL", me)
  local found = false
  for _, m in ipairs(g:moves()) do if m:find("do offer_card card=MEL price=1 to=" .. other, 1, true) then found = true end end
  expect_true(found)
  g:refuse("do offer_card card=MEL to=NN price=10", "18FB-R-035")
  g:refuse("do offer_card card=MEL price=10", "18FB-R-035")
  g:refuse("do offer_card card=MEL to=7 price=10", "18FB-R-035")
  local a, b = g:player(me).cash, g:player(other).cash
  g:act("do offer_card card=MEL to=" .. other .. " price=37")
  expect_eq(g:actor(), other)                                  -- the buyer answers
  g:act("choose accept")
  expect_eq(g:company("MEL").owner, other)
  expect_eq(g:player(me).cash, a + 37)
  expect_eq(g:player(other).cash, b - 37)
  expect_eq(g:actor(), me)                                     -- still the seller's stock turn: a free action
  local par = false
  for _, m in ipairs(g:moves()) do if m:sub(1, 4) == "par " then par = true end end
  expect_true(par)
end)

test("18FB-R-035: a declined offer changes nothing, and a card is offered once a round by one seller", function()
  local g = P.after_pr()
  local me = g:actor()
  local other = me == "B" and "C" or "B"
  g:give_company("MEL", me)
  local a = g:player(me).cash
  g:act("do offer_card card=MEL to=" .. other .. " price=20")
  g:act("choose decline")
  expect_eq(g:company("MEL").owner, me)
  expect_eq(g:player(me).cash, a)
  g:refuse("do offer_card card=MEL to=" .. other .. " price=25", "18FB-R-035")
end)
