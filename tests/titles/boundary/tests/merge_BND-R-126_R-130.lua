-- Mergers (game:merge, through scripts/merge.lua's `do merge target=X
-- into=Y [keep=1]`): the target's cash, trains and companies go to the
-- acquirer, and the target is reset so that it may be started again.

-- NRR (A) and SRR (B) started at 60, each with $120; NRR operates first.
local function opening()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "par SRR 60", "pass", "pass" }
  expect_eq(g:actor(), "NRR")
  return g
end

local function placed(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).tokens) do if t.hex then out[#out + 1] = t.hex end end
  return out
end

-- Plays on (passing where it may, else the first move) until a stock round.
local function to_stock_round(g)
  local n = 0
  while g:round().kind ~= "stock" do
    local moves = g:moves()
    local pass = false
    for _, m in ipairs(moves) do if m == "pass" then pass = true end end
    g:act(pass and "pass" or moves[1])
    n = n + 1
    if n > 50 then error("no stock round") end
  end
end

test("BND-R-126: a merger moves the target's cash, trains and companies to the acquirer", function()
  local g = opening()
  g:give_share("SRR", "A")
  g:give_company("P1", "SRR")
  for _ = 1, 2 do g:give_train("SRR", "3") end
  for _ = 1, 3 do g:give_train("NRR", "2") end
  local bank = g:bank()
  g:act("do merge target=SRR into=NRR")
  local nrr, srr = g:corporation("NRR"), g:corporation("SRR")
  expect_eq(nrr.cash, 240)
  expect_eq(srr.cash, 0)
  expect_eq(g:bank(), bank)                                -- money only changed hands
  expect_eq(#nrr.trains, 5)                                -- over the limit of 4: not enforced
  expect_eq(nrr.train_limit, 4)
  expect_eq(g:actor(), "NRR")                              -- no discard is asked for
  expect_eq(nrr.companies, { "P1" })
  expect_eq(g:company("P1").owner, "NRR")
  expect_eq(#srr.trains, 0)
  expect_eq(srr.companies, {})
  expect_contains(g:log(), "SRR merges into NRR")
  expect_eq(g:var("seen.corporation_merged"), 1)
  expect_eq(g:var("seen.company_bought"), 2)               -- given to SRR, then to NRR
  expect_eq(g:var("seen.corporation_closed"), nil)
end)

test("BND-R-127: the merged target is reset: certificates in its treasury, off the market, tokens freed", function()
  local g = opening()
  g:give_share("SRR", "A")
  g:act("do merge target=SRR into=NRR")
  local srr = g:corporation("SRR")
  expect_eq({ srr.started, srr.floated, srr.operated, srr.closed, srr.in_play }, { false, false, 0, false, true })
  expect_eq({ srr.price, srr.par, srr.president, srr.home }, {})
  expect_eq(srr.treasury_percent, 100)
  expect_eq(g:player("A").shares.SRR, nil)
  expect_eq(g:player("B").shares.SRR, nil)
  expect_eq(g:player("A").shares.NRR, 20)                  -- the acquirer's shares are untouched
  expect_eq(placed(g, "SRR"), {})
  expect_eq(#srr.tokens, 2)                                -- both back on the charter
  expect_eq(g:hex("G1").tokens, {})
  expect_eq(g:hex("G1").free_slots, 0)                     -- reserved for SRR's home again
  expect_eq(placed(g, "NRR"), { "A1" })
end)

test("BND-R-128: with keep_tokens the acquirer's tokens take the target's slots, or the target's alone leave", function()
  local g = opening()
  g:act("do merge target=SRR into=NRR keep=1")
  expect_eq(g:hex("G1").tokens, { "NRR" })                 -- replace_token: the same slot
  expect_eq(placed(g, "NRR"), { "A1", "G1" })
  expect_eq(placed(g, "SRR"), {})
  -- Where the acquirer has a token already, the target's leaves alone.
  g = opening()
  g:place_token("NRR", "E1")
  g:place_token("SRR", "E1")
  g:act("do merge target=SRR into=NRR keep=1")
  expect_eq(g:hex("E1").tokens, { "NRR" })
  expect_eq(g:hex("G1").tokens, {})                        -- NRR had no token left for Dunport
  expect_eq(placed(g, "NRR"), { "A1", "E1" })
  expect_eq(placed(g, "SRR"), {})
end)

test("BND-R-129: the merged target may be started again, and one merged in its own turn ends it", function()
  local g = opening()
  g:act("do merge target=NRR into=SRR")                    -- NRR merges itself away in its turn
  expect_eq(g:actor(), "SRR")
  expect_eq(g:corporation("SRR").cash, 240)
  expect_eq(g:corporation("NRR").operated, 0)
  to_stock_round(g)
  expect_contains(g:moves(), "par NRR 60")
  g:act("par NRR 60")
  local nrr = g:corporation("NRR")
  expect_eq({ nrr.started, nrr.floated, nrr.cash, nrr.president }, { true, true, 120, "A" })
  expect_eq(placed(g, "NRR"), { "A1" })                    -- its home again
  expect_eq(g:var("seen.corporation_started"), 3)
end)

test("BND-R-130: a refused merger changes nothing", function()
  local function refused(g, cmd, pattern)
    local digest, lines = g:digest(), #g:log()
    expect_error(function() g:act(cmd) end, pattern)
    expect_eq(g:digest(), digest)
    expect_eq(#g:log(), lines)
  end
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "pass", "pass" }
  refused(g, "do merge target=SRR into=NRR", "merge: SRR is not a started corporation")
  refused(g, "do merge target=NRR into=NRR", "merge: NRR cannot merge into itself")
  -- A script that fails after merging: the whole action is undone.
  g = opening()
  g:give_train("SRR", "2")
  refused(g, "do merge target=SRR into=NRR keep=2", "keep must be 0 or 1")
  expect_eq(g:corporation("SRR").cash, 120)
  expect_eq(#g:corporation("SRR").trains, 1)
  expect_eq(g:hex("G1").tokens, { "SRR" })
end)
