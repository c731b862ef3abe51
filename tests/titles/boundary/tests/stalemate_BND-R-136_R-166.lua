-- A game whose operating side stands still ends as a stalemate: the
-- core's end for random play (src/game/engine/stalemate.rs).
-- Shares changing hands do not count as a change; revenue, track,
-- tokens, trains, treasuries, private companies and the phase do.

local function stock_rounds(g)
  local n = 0
  for _, line in ipairs(g:log()) do if line:match("^%-%- stock round") then n = n + 1 end end
  return n
end

-- Plays `g` (by default a new game of two players) to its end, each move
-- the one `choose` picks.
local function play(choose, g)
  g = g or new_game{ players = { "A", "B" }, seed = 1 }
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

-- One player's two railways earn nothing (setup.fixed_revenue = 0) and
-- keep their price (no dividend move). In every operating round the one
-- without the train buys it from the other: NRR pays $1, SRR $2, so a
-- lira moves from SRR to NRR each set. The first count never runs; but
-- once the subsidies are paid (the bank's last payments, BND-R-013)
-- nothing brings the game nearer an end.
local function trade_train(g)
  local m = g:moves()
  for _, x in ipairs(m) do
    local train = x:match("^train (%S+%-%d+) %d+%.%.%d+$")
    if train then return "train " .. train .. " " .. (g:actor() == "NRR" and 1 or 2) end
  end
  for _, x in ipairs(m) do if x == "pass" then return x end end
  return m[1]
end

test("BND-R-166: twenty sets in a row that bring the game no nearer an end are a stalemate, though trains and money move", function()
  local g = new_game{ players = { "A", "B" }, seed = 1,
    setup = { fixed_revenue = 0, dividend_moves = { withhold = "none" } } }
  g:start("NRR", "A", 60)
  g:start("SRR", "A", 60)
  g:give_train("NRR", "2")
  -- the bank and NRR's treasury as each stock round begins
  local bank, nrr = {}, {}
  play(function(g)
    local sets = stock_rounds(g)
    if sets > #bank then
      bank[sets] = g:bank()
      nrr[sets] = g:corporation("NRR").cash
    end
    return trade_train(g)
  end, g)
  expect_eq(g:result().reason, "stalemate")
  local last = stock_rounds(g)
  -- The bank paid its last subsidy in the set before the twenty still
  -- ones (the first of them began with stock round last - 19), and the
  -- game ended as stock round last + 1 would begin; a lira moved in
  -- every one of them.
  expect_eq(bank[last - 19], bank[last])
  expect_true(bank[last - 20] > bank[last - 19])
  for i = last - 19, last - 1 do expect_eq(nrr[i + 1], nrr[i] + 1) end
end)
