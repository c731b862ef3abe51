-- A game whose operating side stands still ends as a stalemate: the
-- core's end for random play (src/game/engine/rounds.rs, still_sets).
-- Shares changing hands do not count as a change; revenue, track,
-- tokens, trains, treasuries, private companies and the phase do.

local function stock_rounds(g)
  local n = 0
  for _, line in ipairs(g:log()) do if line:match("^%-%- stock round") then n = n + 1 end end
  return n
end

local function play(choose)
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local n = 0
  while not g:over() do
    g:act(choose(g))
    n = n + 1
    if n > 400 then error("the game does not end") end
  end
  return g, n
end

test("BND-R-136: five sets in a row that change nothing end the game as a stalemate", function()
  -- Both players could start a railway (so the game is not dead at
  -- once, BND-R-080's dead position), but nobody ever does anything.
  local g, n = play(function(g) return "pass" end)
  expect_eq(g:result().reason, "stalemate")
  -- five stock rounds, each with its set; the game ends as the sixth
  -- would begin
  expect_eq(stock_rounds(g), 5)
  expect_eq(n, 5 * 2)
end)

test("BND-R-136: a set in which anything changes starts the count again", function()
  -- A starts NRR in the third stock round: the count restarts there, and
  -- the game then ends by the market (NRR runs nothing and falls), not
  -- as a stalemate after six stock rounds.
  local g = play(function(g)
    local m = g:moves()
    if g:round().kind == "stock" and g:actor() == "A" and stock_rounds(g) == 3 then
      for _, x in ipairs(m) do if x == "par NRR 60" then return x end end
    end
    for _, x in ipairs(m) do if x == "pass" then return x end end
    return m[1]
  end)
  expect_true(stock_rounds(g) > 5)
  expect_true(g:result().reason ~= "stalemate")
end)
