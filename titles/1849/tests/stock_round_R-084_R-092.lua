-- Stock rounds: AFG without a home, giving up the presidency, the
-- president's certificate, issuing the last certificate (1849 V6 §9.4.1,
-- §9.5, §9.6, §10.8; rules 1849-R-084, R-089, R-090, R-092; A-20).

local P = test_lib("play")

-- One step of play: run, withhold, or pass.
local advance = P.advance

local next_stock_round = P.next_stock_round

local certs = P.certs

local start_order = P.start_order

local function game(order)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = order } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. order[1] .. " 68" }
  for _, p in ipairs({ "B", "C", "D" }) do g:give_cash(p, 1000) end
  return g
end

-- B starts RCS, C IFT and D ATA, each with a 4H, and their tokens fill
-- AFG's five home cities: Trapani, Caltanissetta, Terranova (two slots),
-- Ragusa and Messina.
local function fill_afg_homes(g)
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "D", 100)
  g:place_token("RCS", "C1")
  g:place_token("RCS", "M9")
  g:place_token("IFT", "H8")
  g:place_token("IFT", "M9")
  g:place_token("ATA", "M11")
  g:place_token("ATA", "B14")
  for _, c in ipairs({ "RCS", "IFT", "ATA" }) do g:give_train(c, "4H") end
end

test("1849-R-084, A-20: with all five of its cities full AFG is skipped and waits last; a freed slot makes it startable from the next stock round", function()
  local g = game({ "SFA", "AFG", "CTL", "RCS", "ATA", "IFT" })
  expect_contains(g:moves(), "par AFG 68 C1")          -- stock round 1: AFG is next
  fill_afg_homes(g)
  next_stock_round(g)
  expect_contains(g:log(), "AFG has no free home city and waits at the end of the starting order (1849-R-084)")
  expect_eq(start_order(g), { "SFA", "CTL", "RCS", "ATA", "IFT", "AFG" })
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^par AFG"), m) end
  expect_contains(g:moves(), "par CTL 68")
  g:refuse("par AFG 68 C1")
  g:act("par CTL 68 +2")
  g:give_train("CTL", "4H")                            -- Marsala - Trapani is a route
  -- IFT closes in the next operating round (its token leaves its last
  -- space), which frees Caltanissetta and a slot in Terranova.
  g:set_price("IFT", 27)
  next_stock_round(g)
  expect_contains(g:log(), "IFT closes")
  expect_eq(g:hex("H8").free_slots, 1)
  -- AFG is next again, before IFT (which went to the end when it closed).
  expect_eq(start_order(g)[5], "AFG")
  expect_eq(start_order(g)[6], "IFT")
  while g:actor() ~= "B" do g:act("pass") end
  expect_contains(g:moves(), "par AFG 68 H8")
  expect_not_contains(g:moves(), "par AFG 68 C1")      -- still full
  g:act("par AFG 68 M9")
  expect_eq(g:corporation("AFG").home, "M9")
end)

test("1849-R-084, A-20: a slot freed during a stock round counts only from the next one", function()
  local g = game({ "SFA", "CTL", "AFG", "RCS", "ATA", "IFT" })
  fill_afg_homes(g)
  next_stock_round(g)
  expect_eq(start_order(g)[6], "AFG")
  -- IFT closes during this stock round (its token sold into the Closed space).
  g:set_price("IFT", 27)
  g:give_share("IFT", "D")
  while g:actor() ~= "D" do g:act("pass") end
  g:act("sell IFT 1")
  expect_contains(g:log(), "IFT closes")
  expect_eq(g:hex("H8").free_slots, 1)
  g:act("pass")
  g:act("par CTL 68")                                  -- A
  g:give_train("CTL", "4H")
  g:act("pass")
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^par AFG"), m) end
  next_stock_round(g, "B")
  expect_contains(g:moves(), "par AFG 68 H8")
end)

-- RCS, started by A at L. 100; `a` and `b` are the certificates given to
-- A and B ("10" or "L"). Played to the second stock round, A to act.
local function rcs_held(a, b)
  local g = game({ "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" })
  g:give_cash("A", 500)
  g:start("RCS", "A", 100)
  for _, c in ipairs(a) do g:give_share("RCS", "A", c == "L" and "last" or nil) end
  for _, c in ipairs(b) do g:give_share("RCS", "B", c == "L" and "last" or nil) end
  next_stock_round(g, "A")
  expect_eq(g:share_price("RCS"), 90)
  return g
end

test("1849-R-089: with nobody else holding two shares, the president keeps the certificate and sells only the others", function()
  local g = rcs_held({ "10", "10", "10" }, { "10" })
  -- A: 50 %, B: 10 %. Selling 40 % would need B to take the presidency.
  g:refuse("sell RCS 4", "1849-R-073")
  g:refuse("sell RCS 5", "1849-R-073")
  local a = g:player("A").cash
  g:act("sell RCS 3")                                  -- A keeps 20 %, still president
  expect_eq(g:player("A").cash - a, 270)
  expect_eq(g:corporation("RCS").president, "A")
  expect_eq(certs(g, "RCS", "A"), { "P" })
  expect_eq(certs(g, "RCS", "pool"), { "10", "10", "10" })
end)

test("1849-R-089, R-086: selling the presidency: the exchange comes first, then the ordinary certificates go to the pool", function()
  local g = rcs_held({ "10", "10" }, { "10", "10" })
  -- A: 40 %, B: 20 %. A sells 30 %: B (20 %) now holds more than A (10 %).
  local a = g:player("A").cash
  g:act("sell RCS 3")
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(certs(g, "RCS", "B"), { "P" })             -- B gave two 10 % for the president's
  expect_eq(certs(g, "RCS", "A"), { "10" })
  expect_eq(certs(g, "RCS", "pool"), { "10", "10", "10" })
  expect_eq(g:player("A").cash - a, 270)
  expect_eq(g:share_price("RCS"), 68)                  -- three rows down from L. 90
end)

test("1849-R-089: the pool limit still applies when the presidency changes hands", function()
  local g = rcs_held({ "10", "10", "10", "10" }, { "10", "10" })
  -- A: 60 %, B: 20 %, treasury 20 %. Selling all 60 % would put 60 % in the pool.
  g:refuse("sell RCS 6", "1849-R-071")
  g:act("sell RCS 5")
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(g:corporation("RCS").pool_percent, 50)
  expect_eq(certs(g, "RCS", "A"), { "10" })
end)

test("1849-R-090: the president's certificate stays with a player, whatever is sold", function()
  local g = rcs_held({ "10" }, { "L" })
  -- A: 30 %, B: the last certificate. A sells everything.
  g:act("sell RCS 3")
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(certs(g, "RCS", "B"), { "P" })
  expect_eq(certs(g, "RCS", "A"), {})
  expect_eq(certs(g, "RCS", "pool"), { "10", "L" })    -- A sold 10 % and the last certificate
  for _, c in ipairs(g:corporation("RCS").certificates) do
    if c.president then expect_eq(c.owner, "B") end
  end
  -- B cannot sell it: nobody else holds any RCS.
  g:act("pass")
  expect_eq(g:actor(), "B")
  g:refuse("sell RCS 2", "1849-R-073")
end)

-- SFA (started with the RSA, no route) at its financial step in the
-- second operating round, its treasury as `setup` leaves it.
local function sfa_issue(setup)
  local g = P.sfa_started()
  if setup then setup(g) end
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do advance(g) end
  while g:round().kind == "stock" do g:act("pass") end
  while g:step() ~= "issue_shares" do g:act("pass") end
  expect_eq(g:actor(), "SFA")
  return g
end

test("1849-R-092: ordinary certificates are issued before the last one; all that remain may go in one action", function()
  local g = sfa_issue(function(g)
    for _ = 1, 4 do g:give_share("SFA", "B") end       -- the treasury: two 10 % and the last
  end)
  expect_eq(certs(g, "SFA", "treasury"), { "10", "10", "L" })
  -- One or two certificates are ordinary ones; three are all of them, 40 %.
  local price = g:share_price("SFA")
  local cash = g:corporation("SFA").cash
  g:act("issue 3")
  expect_eq(certs(g, "SFA", "treasury"), {})
  expect_eq(certs(g, "SFA", "pool"), { "10", "10", "L" })
  expect_eq(g:corporation("SFA").cash - cash, 4 * price)
  local h = sfa_issue(function(g)
    for _ = 1, 4 do g:give_share("SFA", "B") end
  end)
  h:act("issue 1")
  expect_eq(certs(h, "SFA", "treasury"), { "10", "L" })
  expect_eq(certs(h, "SFA", "pool"), { "10" })
end)

test("1849-R-092: the last certificate is not issued while ordinary ones remain in the treasury", function()
  -- Actions only (a saved game replays them): B, C, D and A buy
  -- certificates 1-4 in the first stock round.
  local g = sfa_issue(function(g)
    g:acts{ "buy SFA treasury", "buy SFA treasury", "buy SFA treasury", "buy SFA treasury" }
  end)
  expect_eq(certs(g, "SFA", "treasury"), { "10", "10", "L" })
  -- `issue N` never picks it before the others; an issue naming it (a
  -- saved or imported action, which may name certificates) is refused
  -- unless every ordinary certificate of the treasury goes with it.
  local save = g:save()
  local cut = save:find("%]%s*}%s*$")
  local function with_issue(list, n)
    return save:sub(1, cut - 1) .. ', { "type": "issue", "count": ' .. n .. ', "certs": [' .. list .. '] } ] }'
  end
  local msg = expect_error(function() load_game(with_issue("7", 1)) end, "1849%-R%-092")
  expect_contains(msg, "the last certificate of SFA may be issued only with the ordinary certificates of its treasury")
  expect_error(function() load_game(with_issue("5, 7", 2)) end, "1849%-R%-092")
  local h = load_game(with_issue("5, 6, 7", 3))
  expect_eq(certs(h, "SFA", "pool"), { "10", "10", "L" })
  expect_eq(certs(h, "SFA", "treasury"), {})
end)
