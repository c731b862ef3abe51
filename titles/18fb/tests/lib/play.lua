-- Positions and reads the 18FB tests share (test_lib("play")).
local P = {}

-- A 4-player game (A, B, C, D) after its political round: each card in
-- `buys` ({ VAL = true }) is bought at its cost by the first bidder, the
-- others go to the pool. Stock round 1 follows.
function P.after_pr(buys)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  buys = buys or {}
  while g:round().name == "political" do
    local card = g:var("pr.card")
    if card == nil then
      g:act(g:moves()[1])
    elseif buys[card] and g:var("pr.high") == nil then
      g:act("bid " .. card .. " " .. g:company(card).value)
    else
      g:act("pass")
    end
  end
  expect_eq(g:round().name, "stock")
  return g
end

-- Some line of the game's log holds `text`.
function P.logged(g, text)
  for _, line in ipairs(g:log()) do if line:find(text, 1, true) then return true end end
  return false
end

return P
