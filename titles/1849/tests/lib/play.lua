-- Shared moves for 1849 scenario tests: `local P = test_lib("play")`.
local P = {}

-- One neutral action: in an operating round run auto, withhold the
-- dividend or pass; elsewhere pass.
function P.advance(g)
  local step = g:round().kind == "operating" and g:step()
  if step == "run_routes" then g:act("run auto")
  elseif step == "dividend" then g:act("withhold")
  else g:act("pass") end
end

-- Neutral actions until `corp` is to act in `step`.
function P.advance_to(g, corp, step)
  for _ = 1, 300 do
    if g:actor() == corp and g:step() == step then return end
    local s = g:step()
    if s == "run_routes" then g:act("run auto") elseif s == "dividend" then g:act("withhold") else g:act("pass") end
  end
  error(corp .. " never reached " .. step, 2)
end

return P
