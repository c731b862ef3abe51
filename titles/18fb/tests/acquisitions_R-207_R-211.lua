-- Acquiring regionals (§3.7.3; 18FB-R-207 .. R-211; D-31, A-32):
-- scripts/acquisitions.lua. The regionals are started directly here (their
-- auction is another script's): FA, home Capua F31, owned by B.

local P = test_lib("play")
local logged, after_pr = P.logged, P.after_pr

-- FB (C, D150, a PH6 train) with a token on Caserta G30, whose pre-printed
-- track leads to Capua F31 (a yellow tile laid towards Caserta). FA (B)
-- has two R5 trains (X = 4, Y = 8), 5 town markers and D40: its maximum
-- revenue is Capua's D20 + 5 x D10 = D70 (D-31). In `phase` (PH6 unless
-- given), up to FB's lay_tile step.
local function position(o)
  o = o or {}
  local g = after_pr()
  g:start("FB", "C", 100)
  g:start("FA", "B", 100)
  g:set_phase(o.phase or "PH6")
  g:set_price("FB", 150)
  g:place_token("FB", "G30")
  if not o.no_track then g:lay("F31", "Y2a", 0) end
  g:give_train("FB", o.phase == "PH5" and "PH5" or "PH6")
  -- FA, a regional, operates first (R-060): it is given its trains,
  -- markers and cash once that turn is over.
  local n = 0
  while g:operating() ~= "FB" do
    local moves = g:moves()
    local pick = moves[1]
    for _, m in ipairs(moves) do if m == "pass" or m == "withhold" then pick = m end end
    g:act(pick); n = n + 1; expect_true(n < 20, "FB's turn not reached")
  end
  g:give_train("FA", "R5")
  g:give_train("FA", "R5")
  g:set_var("markers.FA", 5)
  g:give_cash("FA", 40 - g:corporation("FA").cash)
  expect_eq(g:step(), "lay_tile")
  return g
end

local function hexes(g, corp)
  local out = {}
  for _, tk in ipairs(g:corporation(corp).tokens) do if tk.hex then out[#out + 1] = tk.hex end end
  table.sort(out)
  return out
end

test("18FB-R-207, R-208, R-210 (D-31): FB acquires FA: B gets D170 (D70 + nominal D100) and FA's D40; trains and markers go to FB", function()
  local g = position()
  expect_contains(g:moves(), "do acquire_regional regional=FA")
  local b, fb, bank = g:player("B").cash, g:corporation("FB").cash, g:bank()
  local markers = g:var("markers.FB") or 0
  g:act("do acquire_regional regional=FA")
  expect_eq(g:player("B").cash, b + 170 + 40)
  expect_eq(g:corporation("FB").cash, fb - 170)
  expect_eq(g:bank(), bank)
  local classes = {}
  for _, t in ipairs(g:corporation("FB").trains) do classes[#classes + 1] = t.class end
  table.sort(classes)
  expect_eq(classes, { "PH6", "R5", "R5" })
  expect_eq(g:var("markers.FB"), markers + 5)
  expect_eq(g:var("markers.FA"), nil)
  expect_eq(g:corporation("FA").in_play, false)           -- R-210: the certificate and charter leave play
  expect_eq(g:player("B").shares.FA, nil)
  expect_true(logged(g, "FB acquires FA from B for D170 (maximum revenue D70 + nominal value D100, 18FB-R-208); B also takes its treasury, D40"))
end)

test("18FB-R-210: the acquired trains run in the acquirer's turn", function()
  local g = position()
  g:act("do acquire_regional regional=FA")
  local f = {}
  for _, x in ipairs(g:facts("FB")) do f[x[1]] = x[2] end
  expect_eq(f.capacity, "9+16")                              -- PH6 5+8 and two R5 2+4
  expect_contains(f.earnings, "markers D50")                 -- FA's 5 markers count now
  while g:step() ~= "dividend" do g:act("pass") end
  expect_eq(g:turn().revenue, tonumber(f.earnings:match("^D(%d+)")))
end)

test("18FB-R-211: FB's token replaces FA's home token on Capua for free", function()
  local g = position()
  local left = 0
  for _, tk in ipairs(g:corporation("FB").tokens) do if tk.hex == nil and not tk.lost then left = left + 1 end end
  g:act("do acquire_regional regional=FA")
  expect_eq(hexes(g, "FB"), { "F31", "G30", "I30" })
  expect_eq(g:hex("F31").stops[1].tokens, { "FB" })
  local now = 0
  for _, tk in ipairs(g:corporation("FB").tokens) do if tk.hex == nil and not tk.lost then now = now + 1 end end
  expect_eq(now, left - 1)
end)

test("18FB-R-211, A-32(c): an acquirer with a token in that city already, or none left, frees the slot", function()
  local g = position()
  g:place_token("FB", "F31")
  g:act("do acquire_regional regional=FA")
  expect_eq(g:hex("F31").stops[1].tokens, { "FB" })
  expect_eq(hexes(g, "FB"), { "F31", "G30", "I30" })
  g = position()
  g:set_tokens("FB", #hexes(g, "FB"))
  g:act("do acquire_regional regional=FA")
  expect_eq(g:hex("F31").stops[1].tokens, {})
  expect_true(logged(g, "FA's home token on F31 leaves; the slot is free (18FB-R-211, A-32(c))"))
end)

test("18FB-R-209: no token route to the regional's home, or not the whole price in the treasury: refused", function()
  local g = position({ no_track = true })
  expect_not_contains(g:moves(), "do acquire_regional regional=FA")
  g:refuse("do acquire_regional regional=FA", "18FB-R-209", "no token route")
  g = position()
  g:give_cash("FB", 169 - g:corporation("FB").cash)
  expect_not_contains(g:moves(), "do acquire_regional regional=FA")
  g:refuse("do acquire_regional regional=FA", "18FB-R-209", "cannot pay D170")
  g:give_cash("FB", 1)
  g:act("do acquire_regional regional=FA")
  expect_eq(g:corporation("FB").cash, 0)
end)

test("18FB-R-207: before PH6 no regional may be acquired", function()
  local g = position({ phase = "PH5" })
  expect_not_contains(g:moves(), "do acquire_regional regional=FA")
  g:refuse("do acquire_regional regional=FA", "18FB-R-207", "from PH6")
end)

test("18FB-R-207, A-32(b): at any moment of its own turn (here its last step), and only in its own turn", function()
  local g = position()
  local n = 0
  while g:step() ~= "buy_train" do g:act(g:step() == "dividend" and "withhold" or "pass"); n = n + 1; expect_true(n < 10) end
  expect_contains(g:moves(), "do acquire_regional regional=FA")
  g:act("do acquire_regional regional=FA")
  expect_eq(g:corporation("FA").in_play, false)
end)
