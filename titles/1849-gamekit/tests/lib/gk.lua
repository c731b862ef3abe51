-- Shared moves for the game kit's scenario tests: `local GK = test_lib("gk")`.
-- The positions and moves it shares with 1849 (P.order, P.started,
-- P.advance_to, ...) are 1849's: `local P = test_lib("play")` loads
-- titles/1849/tests/lib/play.lua, since the game kit extends 1849.
local GK = {}

-- The station tokens `corp` has on the board, in charter order.
function GK.placed(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).tokens) do
    if t.hex then out[#out + 1] = t.hex end
  end
  return out
end

return GK
