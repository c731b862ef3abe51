-- Shared moves for 1844 scenario tests: `local P = test_lib("play")`.
local P = {}

local function has(list, x)
  for _, y in ipairs(list) do if y == x then return true end end
  return false
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

return P
