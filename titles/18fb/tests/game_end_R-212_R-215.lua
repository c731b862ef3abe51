-- The end of the game and scoring (§1.1, §4; 18FB-R-212 .. R-215;
-- checklist §2.24, D-38 .. D-40; A-34): the core's bank break
-- (title.toml bank_break) and scripts/game_end.lua.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

local function play_on(g)
  local m = g:moves()
  local pick = m[#m]
  for _, x in ipairs(m) do if x == "pass" or x == "payout" then pick = x end end
  g:act(pick)
end

test("18FB-R-212, R-214 (D-38): the bank breaks in OR 1; OR 2 is played, then the game ends", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_train("NN", "PH1")
  g:place_token("NN", "d24")                                   -- NN's first turn refunds D50 (R-100)
  g:give_cash("D", g:bank() - 10)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:round().set_index, 1)
  local a = g:player("A").cash
  while g:round().set_index == 1 and not g:over() do play_on(g) end
  expect_true(g:bank() < 0)                                    -- R-214: the refund was paid all the same
  expect_eq(g:player("A").cash, a + 50 + 2)                    -- and a D10 run (a port's placeholder): D2 on A's 20 %
  expect_eq(g:over(), false)                                   -- OR 1.2 is played
  expect_eq(g:round().set_index, 2)
  for _ = 1, 100 do
    if g:over() then break end
    expect_eq(g:round().kind, "operating")
    play_on(g)
  end
  expect_true(g:over())
  expect_eq(g:result().reason, "bank")
end)

test("18FB-R-213, A-34 (D-39): a dividend that moves a price to the top value ends the game at once", function()
  local g = after_pr()
  g:start("RM", "A", 100)
  for _ = 1, 5 do g:give_train("RM", "PH6") end               -- Y = 40 markers
  g:set_var("markers.RM", 40)                                  -- E = D400
  while g:round().kind == "stock" do g:act("pass") end
  for _ = 1, 20 do
    if g:step() == "dividend" then break end
    g:act("pass")
  end
  expect_eq(g:step(), "dividend")
  g:set_price("RM", 375)
  g:act("payout")
  expect_eq(g:share_price("RM"), 400)
  expect_true(g:over())                                        -- no train step, no other turn
  expect_eq(g:result().reason, "top_value")
  expect_true(logged(g, "RM's share price reached the top of the market: the game ends at once (18FB-R-213, A-34)"))
end)

test("18FB-R-215 (D-40): net worth is shares at the final price, regional certificates at their nominal value, and cash", function()
  local g = after_pr()
  g:start("NN", "A", 100)
  g:give_share("NN", "A")                                      -- A: 3 NN shares
  g:start("FG", "A", 100)                                      -- FG's certificate (nominal D130), here with a market price of D100
  g:start("LdA", "B", 60)
  g:set_price("NN", 120)
  g:give_cash("A", 250 - g:player("A").cash)
  g:give_cash("NN", 500)                                       -- a corporation's assets do not count
  g:set_price("LdA", 400)                                      -- the game ends (R-213)
  expect_true(g:over())
  expect_eq(g:result().values.A, 360 + 130 + 250)
end)

test("18FB-R-213, A-34: with the option top_value_ends_set the game ends when the set of operating rounds is over", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, options = { "top_value_ends_set" } }
  while g:round().name == "political" do
    if g:var("pr.card") == nil then g:act(g:moves()[1]) else g:act("pass") end
  end
  g:start("RM", "A", 100)
  for _ = 1, 5 do g:give_train("RM", "PH6") end
  g:set_var("markers.RM", 40)
  while g:round().kind == "stock" do g:act("pass") end
  for _ = 1, 20 do
    if g:step() == "dividend" then break end
    g:act("pass")
  end
  g:set_price("RM", 375)
  g:act("payout")
  expect_eq(g:share_price("RM"), 400)
  expect_eq(g:over(), false)
  expect_true(logged(g, "the game ends after this set of operating rounds"))
  for _ = 1, 100 do
    if g:over() then break end
    expect_eq(g:round().kind, "operating")
    play_on(g)
  end
  expect_true(g:over())
  expect_eq(g:result().reason, "top_value")
  expect_eq(g:round().set_index, 2)
end)
