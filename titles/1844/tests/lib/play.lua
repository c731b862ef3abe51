-- Shared moves for 1844 scenario tests: `local P = test_lib("play")`.
local P = {}

-- Does the list hold x?
function P.has(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
end
local has = P.has

-- Four players (A-D) after the auction of the privates, every private
-- sold (P1 20, P2 50, P3 80, P4 110, P5 140, P6 180 with FNM parred at 90,
-- P7 100): the first stock round is next.
function P.sold_out()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  local function lot(cmd) g:act(cmd); g:acts{ "pass", "pass", "pass" } end
  lot("bid P1 20"); lot("bid P2 50"); lot("bid P3 80"); lot("bid P4 110"); lot("bid P5 140")
  g:act("bid P6 180"); g:acts{ "pass", "pass", "pass" }
  g:act("par FNM 90")
  lot("bid P7 100")
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
