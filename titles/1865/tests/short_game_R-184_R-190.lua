-- The short game (§6.1; 1865-R-184 .. R-190).
local P = test_lib("play")

test("1865-R-186: CFC and CFD are out of the short game", function()
  local g = P.drafted(3, { "short_game" })
  expect_eq(g:corporation("CFC").in_play, false)
  expect_eq(g:corporation("CFD").in_play, false)
  g:refuse("par CFC 60", "1865-R-186", "not in this game")
end)

test("1865-R-187: one PH2, PH3, PH4 and PH6 fewer, never a discounted card", function()
  local g = P.drafted(3, { "short_game" })
  expect_eq(g:train_class("PH2").count + g:train_class("PH2d").count, 5)
  expect_eq(g:train_class("PH3").count + g:train_class("PH3d").count, 4)
  expect_eq(g:train_class("PH4").count + g:train_class("PH4d").count, 3)
  expect_eq(g:train_class("PH5").count, 2)
  expect_eq(g:train_class("PH6").count, 2)
  expect_eq(g:train_class("PH2d").count, 1)
end)

test("1865-R-188: certificate limits 27 and 18; the Dragons' limits are unchanged", function()
  expect_eq(P.drafted(2, { "short_game" }):cert_limit(), 27)
  local g = P.drafted(3, { "short_game" })
  expect_eq(g:cert_limit(), 18)
  expect_eq(g:props().dragons_limit["2"], 6)
end)

test("1865-R-189: the bank holds L. 6,000", function()
  local g = P.new(2, { "short_game" })
  expect_eq(g:bank() + 2 * 360, 6000)
end)

test("1865-R-190: no tiles are removed", function()
  local full, short = P.new(3), P.new(3, { "short_game" })
  expect_eq(short:hex("W10").tile, full:hex("W10").tile)
  short:lay("C14", "B-green", 0)                             -- the B tiles are still in the supply
  expect_eq(short:hex("C14").tile, "B-green")
end)

test("1865-R-184: no station on Corsica in the short game", function()
  local g = P.drafted(3, { "short_game" })
  expect_eq(g:hex("I12").tokens, {})                         -- CFD's home is not placed
end)
