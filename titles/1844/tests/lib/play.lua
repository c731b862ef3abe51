-- Shared moves for 1844 scenario tests: `local P = test_lib("play")`.
local P = {}

-- Does the list hold x?
function P.has(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
end
local has = P.has

-- Four players (A-D, or `names`; `options` for new_game) after the
-- auction of the privates, every private sold (P1 20, P2 50, P3 80, P4
-- 110, P5 140, P6 180 with FNM parred at 90, P7 100): the first stock
-- round is next.
function P.sold_out(options, names)
  local g = new_game{ players = names or { "A", "B", "C", "D" }, seed = 1, options = options }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
  return g
end

-- P.sold_out, and FNM has a 2H (setter).
function P.fnm_2h(options, names)
  local g = P.sold_out(options, names)
  g:give_train("FNM", "2H")
  return g
end

-- Passes; a company in its first turn whose home hex is bare may not pass
-- its track step (1844-R-080), so it lays its first legal home tile; one
-- that must buy a train (1844-R-135) buys the first one offered from the
-- bank.
function P.pass(g)
  local moves = g:moves()
  if has(moves, "pass") then return g:act("pass") end
  local who = g:actor()
  local home = who and g:corporation(who).home
  for _, m in ipairs(moves) do
    if home and m:sub(1, 5 + #home) == "lay " .. home .. " " then return g:act(m) end
  end
  for _, m in ipairs(moves) do
    if m:match("^train %S+$") or m:match("^train %S+ as %S+$") then return g:act(m) end
  end
  g:act("pass") -- refused: the test shows why
end

-- One neutral action: run auto when offered, withhold a dividend, else pass.
function P.advance(g)
  if has(g:moves(), "run auto") then g:act("run auto")
  elseif g:round().kind == "operating" and g:step() == "dividend" then g:act("withhold")
  else g:act("pass") end
end

-- The rest of the operating round: each company runs its trains when it
-- can and pays out; any other step is passed with `pass` (default: the
-- plain `pass` command; `P.pass` also handles 1844-R-080 and R-135).
function P.play_or(g, pass)
  pass = pass or function(game) game:act("pass") end
  while g:round().kind == "operating" and g:actor() ~= nil do
    local moves = g:moves()
    if has(moves, "run auto") then g:act("run auto")
    elseif has(moves, "payout") then g:act("payout")
    else pass(g) end
  end
end

-- P.fnm_2h with players `names` (default A-D); `before(g)`, when given,
-- builds the position in stock round 1; everybody passes, and the
-- operating round is played out by P.play_or with `pass`. The second
-- stock round is next.
function P.second_sr(before, names, pass)
  local g = P.fnm_2h(nil, names)
  if before then before(g) end
  for _ = 1, 4 do g:act("pass") end
  P.play_or(g, pass)
  return g
end

-- Lays each { hex, tile, rotation } with the setter.
function P.lay_all(g, lays)
  for _, l in ipairs(lays) do g:lay(l[1], l[2], l[3]) end
end

-- The variants of a company's trains ("2", "3H", ...), sorted.
function P.variants(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).trains) do out[#out + 1] = t.variant end
  table.sort(out)
  return out
end

-- Phase 4 with the 2s gone (13 handed to NOB, the surplus into the pool,
-- all scrapped at phase 4). In the OR NOB (A) passes; FNM (B) lays its
-- home tile and reaches its buy step with no train, a route and 100 in its
-- treasury; B has `cash` (default 50). B's privates P2 and P6 went to D,
-- so no income pays a debt of B's at once and FNM has no extra lay (T-18).
function P.forced_purchase(cash)
  local g = P.sold_out()
  g:start("NOB", "A", 100)
  for _ = 1, 13 do g:give_train("NOB", "2") end
  while g:actor() == "NOB" do g:act(g:moves()[1]) end
  g:set_phase("4")
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() == "NOB" do P.pass(g) end
  g:give_company("P2", "D")
  g:give_company("P6", "D")
  g:act("lay L21 57 0")
  g:give_cash("FNM", 100 - g:corporation("FNM").cash)
  g:give_cash("B", (cash or 50) - g:player("B").cash)
  expect_eq(g:step(), "buy_train")
  return g
end

-- The move a neutral player picks from g:moves(): run auto or withhold,
-- else pass, else (unless `no_train`) a forced purchase's `train X as Y`;
-- nil when none of these is offered.
function P.pick(g, no_train)
  local best, pick = 0, nil
  for _, m in ipairs(g:moves()) do
    local rank = (m == "run auto" or m == "withhold") and 3 or m == "pass" and 2 or (not no_train and m:match("^train %S+ as")) and 1 or 0
    if rank > best then best, pick = rank, m end
  end
  return pick
end

-- One step: the move P.pick picks, else `pass`.
function P.step_on(g, no_train)
  g:act(P.pick(g, no_train) or "pass")
end

-- Neutral actions until `corp` is to act in `step`.
function P.at(g, corp, step)
  local n = 0
  while not (g:actor() == corp and g:step() == step) do
    P.advance(g); n = n + 1
    assert(n < 300, corp .. " never reached " .. step)
  end
  return g
end

return P
