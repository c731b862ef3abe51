-- Private companies (1849 V6 §6, §7.1, §9.1, §10, §10.2; rules
-- 1849-R-032 .. R-043; ambiguities A-38, A-40, A-41).
--
-- Four players: A buys P1 and P5 (and starts SFA through the RSA), B buys
-- P2, C P3 and D P4; the first stock round opens with B.

local P = test_lib("play")

local function game()
  local g = P.sfa_started()
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

local function to_step(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do advance(g) end
end

local function cash_of(g)
  local out = {}
  for _, p in ipairs(g:players()) do out[p] = g:player(p).cash end
  return out
end

-- RCS (B's) in phase `phase` with L. 500, at its tile step.
local function rcs_turn(phase)
  local g = game()
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100)
  g:set_phase(phase)
  g:give_cash("RCS", 500 - g:corporation("RCS").cash)
  to_step(g, "RCS", "lay_tile")
  return g
end

test("1849-R-032: face values and revenues: P1 20/5, P2 45/10, P3 75/15, P4 110/20, P5 150/25", function()
  local g = new_game{ players = { "A", "B", "C", "D" } }
  local got = {}
  for _, id in ipairs(g:companies()) do
    local c = g:company(id)
    got[id] = { c.name, c.value, c.revenue }
  end
  expect_eq(got, {
    P1 = { "Società Corriere Etnee", 20, 5 },
    P2 = { "Studio di Ingegneria Giuseppe Incorpora", 45, 10 },
    P3 = { "Compagnia Navale Mediterranea", 75, 15 },
    P4 = { "Società Marittima Siciliana", 110, 20 },
    P5 = { "Reale Società d'Affari", 150, 25 },
  })
  -- The face value is the price in the sale.
  g:act("buy P1")
  expect_eq(g:player("A").cash, 355)
end)

test("1849-R-033: each operating round opens with every open private paying its owner, a player or a treasury", function()
  local g = game()
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100)
  g:set_phase("6")                                     -- two operating rounds a set
  g:give_company("P3", "RCS")
  local before = cash_of(g)
  local rcs, bank = g:corporation("RCS").cash, g:bank()
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:round().set_index, 1)
  local after = cash_of(g)
  expect_eq({ after.A - before.A, after.B - before.B, after.C - before.C, after.D - before.D }, { 5 + 25, 10, 0, 20 })
  expect_eq(g:corporation("RCS").cash - rcs, 15)
  expect_eq(bank - g:bank(), 75)
  expect_contains(g:log(), "P3 pays L. 15 to RCS")
  -- And again at the start of the second round of the set.
  while g:round().set_index == 1 do advance(g) end
  expect_eq(g:round().kind, "operating")
  expect_eq(g:player("D").cash - after.D, 20)
  -- Nothing is paid during a stock round.
  while g:round().kind ~= "stock" do advance(g) end
  local sr = cash_of(g)
  g:act("pass")
  expect_eq(cash_of(g), sr)
end)

test("1849-R-034: while a player owns P1 no corporation may build in Acireale (G13)", function()
  -- IFT in Catania, whose green tile reaches Acireale.
  local function ift_turn(phase, p1)
    local g = game()
    g:give_cash("C", 1000)
    g:start("IFT", "C", 100)
    g:set_phase(phase)
    g:lay("H12", "653", 1)
    if p1 then g:give_company("P1", p1) end
    g:give_cash("IFT", 500)
    to_step(g, "IFT", "lay_tile")
    return g
  end
  local g = ift_turn("6")                              -- A owns P1
  g:refuse("lay G13 58 1", "1849-R-034")
  expect_true(not g:moves()[1]:find("G13"))
  g = ift_turn("6", "IFT")                             -- a corporation owns it: open
  g:act("lay G13 58 1")
  expect_eq(g:hex("G13").tile, "58")
  g = ift_turn("6", "ATA")
  g:act("lay G13 58 1")
  g = ift_turn("12")                                   -- closed: open
  expect_eq(g:company("P1").owner_kind, "closed")
  g:act("lay G13 58 1")
  expect_eq(g:hex("G13").tile, "58")
end)

test("1849-R-036, A-41: P3's owner closes it in its turn for +L. 20 on one port, for itself only, to the end of the game", function()
  local g = game()
  g:give_cash("B", 1000)
  g:start("RCS", "B", 100)
  g:start("CTL", "B", 100)
  g:set_phase("6")
  -- RCS and CTL both in Palermo; both run Palermo's port, Palermo and Termini Imerese.
  g:lay("C5", "651", 5)
  g:lay("D6", "9", 2)
  g:lay("E7", "4", 2)
  g:place_token("CTL", "C5")
  g:give_train("RCS", "6H")
  g:give_train("CTL", "6H")
  g:give_company("P3", "RCS")
  expect_eq(g:best_run("RCS").revenue, 110)
  expect_eq(g:best_run("CTL").revenue, 110)
  to_step(g, "RCS", "lay_tile")
  -- Any port, reachable or not, may be chosen.
  expect_contains(g:moves(), "do port_token hex=L14")
  g:refuse("do port_token hex=C5", "1849-R-036")       -- Palermo is a city, not a port
  g:act("do port_token hex=A5")
  expect_eq(g:company("P3").owner_kind, "closed")
  expect_eq(g:best_run("RCS").revenue, 130)
  expect_eq(g:best_run("CTL").revenue, 110)
  to_step(g, "RCS", "run_routes")
  g:act("run auto")
  expect_eq(g:turn().revenue, 130)
  -- Still there in a later phase (the 6H rusted; a 10H runs the same route).
  g:act("withhold")
  g:set_phase("10")
  g:give_train("RCS", "10H")
  g:give_train("CTL", "10H")
  expect_eq(g:best_run("RCS").revenue, 130)
  expect_eq(g:best_run("CTL").revenue, 110)
end)

test("1849-R-036: P3 is used only by its owner, in its own operating turn", function()
  local g = rcs_turn("6")
  g:give_company("P3", "IFT")
  expect_not_contains(g:moves(), "do port_token hex=A5")
  g:refuse("do port_token hex=A5", "1849-R-036")
  expect_eq(g:company("P3").owner, "IFT")
end)

-- RCS owns P4, phase 6, at its tile step.
local function sms_turn()
  local g = rcs_turn("6")
  g:give_company("P4", "RCS")
  return g
end

test("1849-R-037, R-135: P4 closes instead of the tile and token steps: a tile and a token in one coastal city, no route needed", function()
  local g = sms_turn()
  expect_eq(g:best_run("RCS").revenue, 0)              -- nothing reaches Messina
  g:act("do coastal_build hex=B14")
  expect_eq(g:company("P4").owner_kind, "closed")
  -- Only Messina now, under the usual rules: the green M tile in phase 6.
  expect_eq(g:moves()[#g:moves()], "pass")
  for _, m in ipairs(g:moves()) do
    expect_true(m == "pass" or m:find("^lay B14 655") or m:find("^buy P"), m)
  end
  g:refuse("lay D6 9 2", "1849-R-037")
  g:act("lay B14 655 0")
  expect_eq(g:step(), "place_token")
  g:refuse("token C1")                                 -- no route, and not the P4 city
  g:act("token B14")
  expect_eq(g:hex("B14").tokens, { "RCS" })
  expect_eq(g:hex("B14").tile, "655")
  expect_eq(g:step(), "buy_train")                     -- no train to run
end)

test("1849-R-037: P4 is not for Caltanissetta or Ragusa, nor after a tile has been laid", function()
  local g = sms_turn()
  expect_not_contains(g:moves(), "do coastal_build hex=H8")
  g:refuse("do coastal_build hex=H8", "1849-R-037")
  g:refuse("do coastal_build hex=M11", "1849-R-037")
  g:refuse("do coastal_build hex=G13", "1849-R-037")
  g:act("lay D6 9 2")
  g:refuse("do coastal_build hex=B14", "1849-R-037")
  expect_eq(g:company("P4").owner, "RCS")
end)

test("1849-R-037, R-135: with P4 a token alone is fine, still on a free slot", function()
  local g = sms_turn()
  g:act("do coastal_build hex=C1")                     -- Trapani, grey: no tile to lay
  expect_eq(g:step(), "place_token")
  g:act("token C1")
  expect_eq(g:hex("C1").tokens, { "RCS" })
  -- A city with no free slot cannot take it.
  g = sms_turn()
  g:give_cash("C", 500)
  g:start("CTL", "C", 100)                             -- CTL's home token fills Marsala
  g:act("do coastal_build hex=E1")
  g:refuse("token E1")
  expect_eq(g:hex("E1").tokens, { "CTL" })
end)

test("1849-R-037: after P4 no other token is placed that turn, even where a route would allow one", function()
  -- CTL (Marsala) reaches Trapani (C1) by track; it uses P4 on Messina.
  local g = game()
  g:give_cash("B", 1000)
  g:start("CTL", "B", 100)
  g:set_phase("6")
  g:give_company("P4", "CTL")
  g:give_train("CTL", "4H")
  to_step(g, "CTL", "lay_tile")
  g:act("do coastal_build hex=B14")
  g:act("pass")                                        -- no tile in Messina
  expect_eq(g:step(), "place_token")
  expect_eq(g:moves(), { "buy P1 1..40", "buy P2 1..90", "buy P3 1..150", "token B14", "pass" })
  g:refuse("token C1", "1849-R-037")
  g:act("token B14")
  expect_eq(g:hex("C1").tokens, {})
  expect_eq(g:hex("B14").tokens, { "CTL" })
end)

test("1849-R-039: the RSA stays open when its corporation closes without ever owning a train", function()
  local g = game()                                     -- A started SFA with the RSA
  g:set_price("SFA", 27)                               -- one step left of Closed
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do advance(g) end
  expect_contains(g:log(), "SFA closes")
  expect_eq(g:company("P5").owner, "A")
  expect_eq(g:company("P5").owner_kind, "player")
  -- It keeps paying, even after SFA restarts and buys a train.
  g:give_cash("B", 500)
  g:start("SFA", "B", 100)
  g:give_train("SFA", "4H")
  expect_eq(g:company("P5").owner_kind, "player")
  local a = g:player("A").cash
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:player("A").cash - a, 5 + 25)
  -- Until phase 12 closes it with the others.
  g:set_phase("12")
  expect_eq(g:company("P5").owner_kind, "closed")
end)

test("1849-R-040, R-041, A-40: in phases 6-10 a corporation buys P1-P4 from players for L. 1 to twice face value, several a turn", function()
  local g = rcs_turn("6")
  expect_contains(g:moves(), "buy P1 1..40")
  expect_contains(g:moves(), "buy P2 1..90")
  expect_contains(g:moves(), "buy P3 1..150")
  expect_contains(g:moves(), "buy P4 1..220")
  g:refuse("buy P2 0", "1849-R-040")
  g:refuse("buy P2 91", "1849-R-040")
  g:refuse("buy P5 100", "1849-R-038")                 -- never to a corporation
  local cash = cash_of(g)
  g:act("buy P2 90")                                   -- from B, RCS's own president (A-40)
  g:act("buy P4 1")                                    -- from D, who agrees
  g:act("choose accept")
  expect_eq(g:player("B").cash - cash.B, 90)
  expect_eq(g:player("D").cash - cash.D, 1)
  expect_eq(g:corporation("RCS").cash, 500 - 91)
  expect_eq(g:corporation("RCS").companies, { "P2", "P4" })
  -- At any point of the turn: after the tile step too.
  g:act("lay D6 9 2")
  g:act("buy P1 40")
  g:act("choose accept")                               -- A owns P1
  expect_eq(g:company("P1").owner, "RCS")
end)

test("1849-R-041: a private owned by a corporation can never be sold, bought or traded again", function()
  local g = game()
  g:give_cash("B", 1000)
  g:give_cash("C", 1000)
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:set_phase("6")
  g:give_company("P2", "IFT")
  g:give_cash("RCS", 500)
  to_step(g, "RCS", "lay_tile")
  expect_not_contains(g:moves(), "buy P2 1..90")
  g:refuse("buy P2 50", "1849-R-041")
  expect_eq(g:company("P2").owner, "IFT")
  -- Nor can a player buy it back in a stock round.
  while g:round().kind ~= "stock" do advance(g) end
  g:refuse("buy P2")
  expect_eq(g:company("P2").owner, "IFT")
end)

test("1849-R-043: privates held by players count toward the certificate limit", function()
  local g = game()
  -- A holds P1, P5 and SFA's president's certificate: 3 certificates.
  expect_eq(g:player("A").certificates, 3)
  expect_eq(g:player("B").certificates, 1)
  -- B: P2 and ten share certificates, 11 in all, the limit. None of these
  -- corporations has a route, so none needs a train.
  g:give_cash("B", 2000)
  g:start("RCS", "B", 100, 2)
  g:start("IFT", "B", 100, 2)
  g:start("AFG", "B", 100, 2)
  g:act("choose H8")                                   -- AFG's home: Caltanissetta
  g:start("ATA", "B", 68)
  expect_eq(g:player("B").certificates, 11)
  expect_eq(g:cert_limit(), 11)
  -- In the next stock round B may sell, but not buy.
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do advance(g) end
  expect_eq(g:actor(), "B")
  g:refuse("buy ATA treasury", "1849-R-066")
  g:refuse("buy P1")
  -- Selling one certificate makes room for one.
  g:act("sell RCS 1")
  expect_eq(g:player("B").certificates, 10)
  g:act("buy ATA treasury")
  expect_eq(g:player("B").certificates, 11)
end)

test("1849-R-038: whoever acquires P5, by a bid too, at once starts the corporation with place card 1", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = { "ATA", "SFA", "CTL", "RCS", "AFG", "IFT" } } }
  g:act("bid P5 160")                                  -- A
  g:acts{ "buy P1", "buy P2", "buy P3" }               -- B, C, D
  g:act("buy P4")                                      -- A; P5's single bid settles it
  expect_eq(g:company("P5").owner, "A")
  expect_eq(g:player("A").cash, 375 - 110 - 160)
  -- Before anything else A starts ATA (card 1).
  expect_eq(g:actor(), "A")
  expect_eq(g:moves(), { "par ATA 68", "par ATA 100" })
  g:refuse("pass")
  g:act("par ATA 100")
  expect_eq(g:corporation("ATA").president, "A")
  expect_eq(g:corporation("ATA").cash, 200 - 30)
  expect_eq(g:player("A").cash, 375 - 110 - 160)
  expect_eq(g:round().kind, "stock")
end)

test("1849-R-040: the owner is asked; accepting makes the sale", function()
  local g = rcs_turn("6")                              -- RCS is B's; D owns P4
  local d = g:player("D").cash
  g:act("buy P4 60")
  -- Nothing has changed hands yet: D, who owns P4, is asked.
  expect_eq(g:actor(), "D")
  expect_eq(g:moves(), { "choose accept", "choose refuse" })
  expect_eq(g:company("P4").owner, "D")
  expect_eq(g:corporation("RCS").cash, 500)
  g:refuse("pass", "1849-R-040")                       -- only an answer will do
  g:refuse("choose maybe", "1849-R-040")
  expect_contains(g:log(), "RCS offers L. 60 for P4 to D")
  g:act("choose accept")
  expect_eq(g:company("P4").owner, "RCS")
  expect_eq(g:player("D").cash, d + 60)
  expect_eq(g:corporation("RCS").cash, 500 - 60)
  expect_contains(g:log(), "RCS buys P4 from D for L. 60")
  -- RCS goes on with its turn where it was.
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "lay_tile")
end)

test("1849-R-040: the owner may refuse: nothing changes, and RCS may offer again or go on", function()
  local g = rcs_turn("6")
  local cash = cash_of(g)
  local moves = g:moves()
  g:act("buy P4 1")
  expect_eq(g:actor(), "D")
  g:act("choose refuse")
  expect_eq(g:company("P4").owner, "D")
  expect_eq(cash_of(g), cash)
  expect_eq(g:corporation("RCS").cash, 500)
  expect_eq(g:corporation("RCS").companies, {})
  expect_contains(g:log(), "D refuses to sell P4 to RCS for L. 1 (1849-R-040)")
  -- As before the offer: RCS at its tile step, with the same moves.
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "lay_tile")
  expect_eq(g:moves(), moves)
  -- A better offer, accepted.
  g:act("buy P4 220")
  g:act("choose accept")
  expect_eq(g:company("P4").owner, "RCS")
  expect_eq(g:player("D").cash, cash.D + 220)
  -- Or, refused, RCS simply goes on.
  g:act("buy P3 10")
  expect_eq(g:actor(), "C")
  g:act("choose refuse")
  expect_eq(g:company("P3").owner, "C")
  g:act("lay D6 9 2")
  expect_eq(g:turn().tiles, 1)
end)

test("1849-R-040: no question when the owner is the buying corporation's president", function()
  local g = rcs_turn("6")                              -- B presides RCS and owns P2
  local b = g:player("B").cash
  g:act("buy P2 90")
  expect_eq(g:company("P2").owner, "RCS")
  expect_eq(g:player("B").cash, b + 90)
  expect_eq(g:actor(), "RCS")
  expect_not_contains(g:log(), "RCS offers L. 90 for P2 to B")
end)
