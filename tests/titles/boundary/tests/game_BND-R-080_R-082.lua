-- A complete game of the boundary title (BND-R-080 .. R-082), played by
-- a fixed policy over `g:moves()` with the options auction and track:
-- A buys P1 at the auction and starts NRR, B starts SRR and takes NRR's
-- presidency; NRR always pays out and climbs to the end of the market,
-- SRR always withholds and falls into the closing cell (twice); a train is
-- exported at the end of each set, phase 3 makes NRR discard, phase 4
-- rusts the 2s, closes P1 and brings the storm. A's gift of 700 at setup
-- leaves the bank so little that NRR's issue on its last turn breaks it,
-- and the script then ends the game.

-- Every event of the core (railhead::script::EVENTS; tests/title_checks.rs
-- checks that this list names them all) and the boundary's phase event.
local EVENTS = {
  "round_started", "round_ended", "stock_round_ended", "turn_started",
  "turn_ended", "step_started", "step_ended", "phase_changed",
  "company_sold", "company_bought", "company_closed",
  "corporation_started", "corporation_floated", "corporation_closed",
  "corporation_converted",
  "president_changed", "share_bought", "shares_sold", "price_moved",
  "tile_laid", "token_placed", "trains_run", "dividend", "train_bought",
  "train_rusted", "train_discarded", "bank_broken", "set_ended",
  "train_exported", "end_cell_reached", "closing_cell_reached",
  "end_game_requested", "game_end",
  "boundary_storm",
}

local function has(moves, m) for _, x in ipairs(moves) do if x == m then return true end end return false end
local function first(moves, prefix)
  for _, x in ipairs(moves) do if x:sub(1, #prefix) == prefix then return x end end
end
local function choose(g)
  local moves, who, round = g:moves(), g:actor(), g:round().kind
  local d = first(moves, "discard") if d then return d end
  if round == "auction" then return first(moves, "buy P1") or "pass" end
  if round == "stock" then
    if who == "A" then
      return first(moves, "par NRR") or "pass"
    else
      if not g:corporation("SRR").started then return first(moves, "par SRR") or "pass" end
      -- B takes NRR's presidency: three 10 % shares to A's 20 %.
      if (g:player("B").shares.NRR or 0) < 30 then return first(moves, "buy NRR") or "pass" end
      -- then sells a share of SRR once it has operated
      if (g:player("B").shares.SRR or 0) > 20 then return first(moves, "sell SRR 1") or "pass" end
      return first(moves, "buy SRR") or "pass"
    end
  end
  -- operating
  local d = first(moves, "discard") if d then return d end
  local step = g:step()
  if step == "lay_tile" then return first(moves, "lay") or "pass" end
  if step == "place_token" then return first(moves, "token") or "pass" end
  if who == "NRR" and first(moves, "buy P1") and g:corporation("NRR").cash >= 40 then return "buy P1 40" end
  if step == "collect_subsidy" then return moves[#moves] end
  if step == "run_routes" then return "run auto" end
  if step == "dividend" then return who == "NRR" and "payout" or "withhold" end
  if step == "issue_shares" then
    if who == "NRR" and g:share_price("NRR") >= 130 then
      local last for _, m in ipairs(moves) do if m:match("^issue") then last = m end end
      return last or "pass"
    end
    return "pass"
  end
  if step == "buy_train" then
    local ntrains = #g:corporation(who).trains
    local t = first(moves, "train ")
    if t and not t:match("%-") and (who == "NRR" or ntrains == 0) then return t end
    if t and ntrains == 0 then return (t:gsub("(%d+)%.%.%d+$", "%1")) end
    return "pass"
  end
  if has(moves, "pass") then return "pass" end
  return moves[1]
end

local function play()
  local g = new_game{ players = { "A", "B" }, seed = 1, options = { "auction", "track" },
    setup = { gift = { A = 700 }, export = true, end_on_break = true, convert_at_end = true } }
  local n = 0
  while not g:over() do
    g:act(choose(g))
    n = n + 1
    if n > 500 then error("the game does not end") end
  end
  return g, n
end

test("BND-R-080: a complete game fires every event", function()
  local g, n = play()
  expect_eq(n, 118)
  expect_eq(g:result(), { reason = "the bank broke", values = { A = 1392, B = 538 }, winners = { "A" } })
  for _, e in ipairs(EVENTS) do
    expect_true((g:var("seen." .. e) or 0) > 0, e .. " never fired")
  end
  expect_eq(g:var("seen.game_end"), 1)
  -- One auction, 7 stock and 12 operating rounds start; round_ended comes
  -- at the end of an operating round only (a stock round has its own
  -- event), and the last one is cut short by the end of the game.
  expect_eq(g:var("seen.round_started"), 20)
  expect_eq(g:var("seen.round_ended"), 11)
  expect_eq(g:var("seen.stock_round_ended"), 7)
  expect_eq(g:var("seen.bank_broken"), 1)
  expect_eq(g:var("seen.corporation_closed"), 2)
  -- no setter was used: the game is the replay of its log
  expect_eq(load_game(g:save()):digest(), g:digest())
end)

test("BND-R-081: with setup.export a train leaves at the end of each set", function()
  local g, n = play()
  expect_contains(g:log(), "3-0 is sold abroad")
  expect_eq(g:var("seen.set_ended"), 6)
  expect_eq(g:var("seen.train_exported"), 4)              -- then the depot is empty
  local h = new_game{ players = { "A", "B" }, seed = 1 }
  h:acts{ "par NRR 60", "pass", "pass", "do subsidy amount=40", "train 2", "pass" }
  expect_eq(h:trains_left("2"), 3)                        -- without it, none leaves
  expect_eq(h:var("seen.train_exported"), nil)
end)

test("BND-R-081: the storm of phase 4 costs every railway $10", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "pass", "pass" }
  expect_eq(g:corporation("NRR").cash, 120)
  g:set_phase("3")
  expect_eq(g:corporation("NRR").cash, 120)
  g:set_phase("4")
  expect_eq(g:corporation("NRR").cash, 110)
  expect_eq(g:bank(), 1210)
  expect_eq(g:var("seen.boundary_storm"), 1)
end)

test("BND-R-082: with setup.end_on_break the game ends when the bank breaks", function()
  local g, n = play()
  expect_contains(g:log(), "NRR issues 50 % for $650")
  expect_eq(g:bank(), -170)
  expect_eq(g:var("seen.end_game_requested"), 1)
end)

-- The fixed policy above makes no merger, so the one event of the core
-- the complete game cannot fire is checked here on a short game
-- (tests/merge_BND-R-126_R-130.lua proves the merger itself).
test("BND-R-080: a merger fires corporation_merged", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "par SRR 60", "pass", "pass", "do merge target=SRR into=NRR" }
  local event = "corporation_merged"
  expect_eq(g:var("seen." .. event), 1)
end)
