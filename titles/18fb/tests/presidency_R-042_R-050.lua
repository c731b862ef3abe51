-- Presidency and takeovers (§3.3.3, §3.3.5; 18FB-R-042 .. R-050,
-- checklist §2.4, D-12, D-13; A-15): scripts/presidency.lua.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

-- A 4-player game (seats A, B, C, D) after a political round in which
-- nobody bought a card: stock round 1, A to act.
local function facts(g, corp)
  local out = {}
  for _, f in ipairs(g:facts(corp)) do out[f[1]] = f[2] end
  return out
end

local function give(g, corp, who, n)
  for _ = 1, n do g:give_share(corp, who) end
end

-- D-12: A acquires NN's concession at par 100 (deposit D100) and holds 30 %.
local function nn_of_a()
  local g = after_pr()
  g:start("NN", "A", 100)
  give(g, "NN", "A", 1)
  expect_eq(g:var("concession.NN"), "A")
  expect_eq(g:var("deposit.NN"), 100)
  return g
end

test("18FB-R-042 (D-12): in PH1-PH4 a player holding only 10 % more than the president does not take it", function()
  local g = nn_of_a()
  give(g, "NN", "B", 4)                                       -- B 40 %, A 30 %
  expect_eq(g:corporation("NN").president, "A")
  expect_eq(g:corporation("NN").state, "building")
  expect_eq(g:var("concession.NN"), "A")
end)

test("18FB-R-042, R-043, R-049 (D-12): at 20 % more B takes over: the concession goes to the Pool, the deposit is lost, NN is Frozen", function()
  local g = nn_of_a()
  give(g, "NN", "B", 4)
  local bank = g:bank()
  give(g, "NN", "B", 1)                                       -- B 50 %, A 30 %
  local nn = g:corporation("NN")
  expect_eq(nn.president, "B")
  expect_eq(nn.state, "frozen")
  expect_eq(nn.shares, { A = 30, B = 50 })
  -- R-049: A gave the president's certificate for two of B's 10 % certificates
  local a_certs, b_pres = 0, false
  for _, c in ipairs(nn.certificates) do
    if c.owner == "A" then a_certs = a_certs + 1; expect_eq(c.percent, 10) end
    if c.owner == "B" and c.president then b_pres = true end
  end
  expect_eq(a_certs, 3)
  expect_true(b_pres)
  expect_eq(g:var("concession.NN"), nil)
  expect_eq(g:var("deposit.NN"), nil)
  expect_eq(g:var("withdrawn.NN"), "building")               -- R-056: its progress kept
  expect_eq(g:bank(), bank)                                   -- the deposit stays with the bank, nobody gets it back
  expect_true(logged(g, "B takes over NN: its concession is withdrawn to the Pool, the deposit of D100 is lost (18FB-R-043)"))
  local f = facts(g, "NN")
  expect_eq(f.concession, "in the Pool, deposit lost (18FB-R-043); re-acquired for D100 (R-046)")
  expect_eq(f["frozen progress"], "building (18FB-R-056)")
end)

test("18FB-R-045: straight after the takeover the new president may buy the concession back at the regular deposit", function()
  local g = nn_of_a()
  give(g, "NN", "B", 5)
  expect_eq(g:actor(), "B")
  expect_eq(g:moves(), { "choose buy", "choose decline" })
  local cash, bank = g:player("B").cash, g:bank()
  g:act("choose buy")
  expect_eq(g:player("B").cash, cash - 100)                   -- PH1: the full deposit, D100
  expect_eq(g:bank(), bank + 100)
  expect_eq(g:var("concession.NN"), "B")
  expect_eq(g:var("deposit.NN"), 100)                         -- A-14: held = what he paid
  expect_eq(g:var("withdrawn.NN"), nil)
  expect_eq(g:corporation("NN").state, "building")            -- R-056: the progress returns
  expect_eq(facts(g, "NN").concession, "B")
end)

test("18FB-R-045: declined, the concession stays in the Pool", function()
  local g = nn_of_a()
  give(g, "NN", "B", 5)
  local cash = g:player("B").cash
  g:act("choose decline")
  expect_eq(g:player("B").cash, cash)
  expect_eq(g:corporation("NN").state, "frozen")
  expect_eq(g:var("withdrawn.NN"), "building")
  expect_true(logged(g, "B leaves NN's concession in the Pool (18FB-R-045)"))
end)

test("18FB-R-045, R-037: the regular deposit is the phase's: the printed half in PH3", function()
  local g = after_pr()
  g:set_phase("PH3")
  g:start("FSC", "A", 100)                                    -- deposit D100 (half of 200)
  expect_eq(g:var("deposit.FSC"), 100)
  give(g, "FSC", "C", 4)                                      -- C 40 %, A 20 %: +20 %
  expect_eq(g:corporation("FSC").president, "C")
  expect_true(logged(g, "the deposit of D100 is lost"))
  local cash = g:player("C").cash
  g:act("choose buy")
  expect_eq(g:player("C").cash, cash - 100)
end)

test("18FB-R-046, A-15: in a later stock turn the president acquires the withdrawn concession as a stock action", function()
  local g = nn_of_a()
  give(g, "NN", "B", 5)
  g:act("choose decline")
  -- A is still to act in this stock round; round to B's turn
  while g:actor() ~= "B" do g:act("pass") end
  expect_contains(g:moves(), "do acquire_concession corp=NN")
  local cash = g:player("B").cash
  g:act("do acquire_concession corp=NN")
  expect_eq(g:player("B").cash, cash - 100)
  expect_eq(g:var("concession.NN"), "B")
  expect_eq(g:corporation("NN").state, "building")
  expect_true(logged(g, "B re-acquires NN's concession from the Pool, deposit D100"))
end)

test("18FB-R-046, A-15: a player who is not the president may not acquire it (refused)", function()
  local g = nn_of_a()
  give(g, "NN", "B", 5)
  g:act("choose decline")
  expect_eq(g:actor(), "A")
  expect_not_contains(g:moves(), "do acquire_concession corp=NN")
  g:refuse("do acquire_concession corp=NN", "18FB-R-046", "not NN's president")
end)

test("18FB-R-045: a president who cannot pay the deposit is not asked; the concession stays in the Pool", function()
  local g = nn_of_a()
  g:give_cash("B", 50 - g:player("B").cash)
  give(g, "NN", "B", 5)
  expect_eq(g:corporation("NN").president, "B")
  expect_true(g:moves()[1] ~= "choose buy")
  expect_true(logged(g, "B cannot pay D100 for NN's withdrawn concession: it stays in the Pool (18FB-R-045)"))
end)

test("18FB-R-042: the +20 % threshold holds for a Frozen major too; there is nothing to withdraw, the new president may buy it", function()
  local g = after_pr()
  g:start("NN", "A", 100)                                     -- A 20 %
  give(g, "NN", "B", 4)                                       -- B 40 %: takes over
  g:act("choose decline")
  expect_eq(g:corporation("NN").president, "B")
  expect_eq(g:corporation("NN").shares, { A = 20, B = 40 })   -- the exchange gave A two of B's shares
  give(g, "NN", "A", 3)                                       -- A 50 % vs B 40 %
  expect_eq(g:corporation("NN").president, "B")               -- +10 %: no change
  give(g, "NN", "A", 1)                                       -- A 60 %: +20 %
  expect_eq(g:corporation("NN").president, "A")
  expect_eq(g:corporation("NN").state, "frozen")
  expect_eq(g:var("withdrawn.NN"), "building")
  expect_eq(g:moves(), { "choose buy", "choose decline" })    -- R-045 for the new president
end)

-- NN started by `pres` at 60 with a train and a token on its intermediate
-- destination: Provisional in its first turn, played to stock round 2,
-- `pres` to act. `holdings` = { B = 2, ... } ordinary shares given first.
local function nn_operated(pres, holdings)
  local g = after_pr()
  g:start("NN", pres, 60)
  for who, n in pairs(holdings) do give(g, "NN", who, n) end
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")
  while g:round().kind == "stock" do g:act("pass") end
  for _ = 1, 300 do
    if g:round().kind == "stock" then break end
    local m = g:moves()
    local pick = m[#m]
    for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
    g:act(pick)
  end
  expect_eq(g:corporation("NN").state, "provisional")
  while g:actor() ~= pres do g:act("pass") end
  return g
end

test("18FB-R-042, R-026: a president may not sell his certificate unless another player then holds 20 % more than he keeps", function()
  local g = nn_operated("C", { C = 1, B = 2 })                 -- C 30 %, B 20 %
  g:refuse("sell NN 2", "18FB-R-042", "the presidency passes only to a player holding 20 % more")
  expect_eq(g:corporation("NN").president, "C")
end)

test("18FB-R-044, R-043 (§3.3.3): ties go to the first player in seat order after the president", function()
  local g = nn_operated("C", { A = 2, D = 2 })                 -- C 20 %, A 20 %, D 20 %
  g:act("sell NN 2")                                          -- C keeps nothing: A and D both 20 % more
  local nn = g:corporation("NN")
  expect_eq(nn.president, "D")                                 -- D sits after C, before A
  expect_eq(nn.state, "frozen")                                -- R-043: a change of presidency withdraws the concession
  expect_eq(g:var("withdrawn.NN"), "provisional")
  expect_eq(g:actor(), "D")
  expect_eq(g:moves(), { "choose buy", "choose decline" })
end)

test("18FB-R-048 (D-13): from PH5 the presidency goes to the player with more shares: 40 % against 30 %", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  give(g, "NN", "A", 1)                                       -- A 30 %
  g:set_phase("PH5")
  give(g, "NN", "B", 3)                                       -- 30 % / 30 %: A keeps it
  expect_eq(g:corporation("NN").president, "A")
  give(g, "NN", "B", 1)                                       -- 40 %
  expect_eq(g:corporation("NN").president, "B")
  expect_eq(g:corporation("NN").state, "definitive")          -- no concession, nothing withdrawn
  expect_eq(g:var("withdrawn.NN"), nil)
  expect_true(not logged(g, "takes over NN"))
end)

-- 18FB-R-050 (corporations' holdings never count for the presidency) is
-- tested in financial_R-176_R-183.lua, where a corporation buys a share
-- in its financial step.

-- 18FB-R-047 (a bankrupt holder's concession is withdrawn before PH5) is
-- tested in bankruptcy_R-184_R-190.lua (scripts/bankruptcy.lua).
