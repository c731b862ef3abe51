-- game:tile(name) and game:set_president(corp, player), called as a
-- script calls them.

test("BND-R-142: game:tile reads a tile of tiles.toml with the copies left in the supply; an unknown name is an error", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  local t = g:tile("7")
  expect_eq(t.name, "7")
  expect_eq(t.color, "yellow")
  expect_eq(t.left, 2)
  expect_eq(#t.stops, 0)
  expect_eq(g:tile("3").stops[1].kind, "town")
  expect_error(function() g:tile("no-such-tile") end, "no tile")
end)

local function logged(g, text)
  for _, line in ipairs(g:log()) do if line:find(text, 1, true) then return true end end
  return false
end

test("BND-R-143: game:set_president hands the presidency over by the usual swap, or changes nothing", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  g:acts{ "par NRR 60", "pass", "pass" }
  g:give_share("NRR", "B"); g:give_share("NRR", "B")          -- B holds 20 %, A the president's 20 %
  g:act("do president corp=NRR to=A")
  expect_true(logged(g, "set_president NRR A: false"))         -- A presides already
  g:act("do president corp=NRR to=B")
  expect_true(logged(g, "set_president NRR B: true"))
  local c = g:corporation("NRR")
  expect_eq(c.president, "B")
  expect_eq(c.shares, { A = 20, B = 20 })
  expect_true(logged(g, "B becomes president of"))
end)
