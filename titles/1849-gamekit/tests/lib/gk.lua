-- Shared moves for the game kit's scenario tests: `local GK = test_lib("gk")`.
local GK = {}

-- The starting order with `first` holding place card 1.
function GK.order(first)
  local out = { first }
  for _, id in ipairs({ "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }) do
    if id ~= first then out[#out + 1] = id end
  end
  return out
end

-- Four players; A buys P5 and starts `corp` at L. 68 (choosing `home`
-- for AFG). `extra` adds fields of new_game (options, title).
function GK.started(corp, home, extra)
  local spec = { players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = GK.order(corp) } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  local g = new_game(spec)
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. corp .. " 68" }
  if home then g:act("choose " .. home) end
  return g
end

-- Neutral actions (run auto, withhold, pass) until `corp` is to act in
-- `step`.
function GK.advance_to(g, corp, step)
  for _ = 1, 300 do
    if g:actor() == corp and g:step() == step then return g end
    local s = g:step()
    if s == "run_routes" then g:act("run auto") elseif s == "dividend" then g:act("withhold") else g:act("pass") end
  end
  error(corp .. " never reached " .. step, 2)
end

-- The station tokens `corp` has on the board, in charter order.
function GK.placed(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).tokens) do
    if t.hex then out[#out + 1] = t.hex end
  end
  return out
end

return GK
