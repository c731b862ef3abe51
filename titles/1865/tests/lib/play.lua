-- Shared positions for the 1865 scenario tests: `local P = test_lib("play")`.
local P = {}

-- A new game of `n` players (A, B, C, D) with `options`.
function P.new(n, options)
  local names = { "A", "B", "C", "D" }
  local players = {}
  for i = 1, (n or 3) do players[i] = names[i] end
  return new_game{ players = players, seed = 1, options = options }
end

-- The draft done in companies.toml's order (A picks first): with three
-- players A takes M1 and M6, B M2 and M5, C M3 and M4. The first stock
-- round is under way.
function P.drafted(n, options)
  local g = P.new(n, options)
  local k = 0
  while g:round().name == "draft" do
    k = k + 1
    local moves = g:moves()
    g:act(moves[1])
  end
  return g
end

-- One neutral action: in an operating round withhold or pass, or buy the
-- first train offered when one must be bought; else pass.
function P.advance(g)
  local step = g:round().kind == "operating" and g:step()
  if step == "dividend" then g:act("withhold"); return end
  local moves = g:moves()
  for _, m in ipairs(moves) do
    if m == "pass" or m == "choose decline" then g:act(m); return end
  end
  for _, m in ipairs(moves) do
    if m:find("^train ") then g:act(m); return end
  end
  g:act(moves[1])
end

-- Neutral moves until the next stock round has begun and its questions
-- (conversions) are answered: declined.
function P.next_stock_round(g)
  local sr = g:round().stock_rounds
  for _ = 1, 400 do
    if g:round().kind == "stock" and g:round().stock_rounds > sr then
      while g:moves()[1] == "choose convert" do g:act("choose decline") end
      return g
    end
    P.advance(g)
  end
  error("no next stock round", 2)
end

-- Neutral actions until `corp` is to act in `step`; returns g.
function P.advance_to(g, corp, step)
  for _ = 1, 300 do
    if g:actor() == corp and g:step() == step then return g end
    P.advance(g)
  end
  error(corp .. " never reached " .. step, 2)
end

-- `corp` launched by `player` at `par` and floated with `extra` more
-- certificates for that player (setters: nobody pays but the launch).
function P.floated(g, corp, player, par, extra)
  g:start(corp, player, par)
  for _ = 1, (extra or 1) do g:give_share(corp, player) end
  return g
end

-- Lines of the log that contain `text`.
function P.lines(g, text)
  local out = {}
  for _, line in ipairs(g:log()) do
    if line:find(text, 1, true) then out[#out + 1] = line end
  end
  return out
end

return P
