-- The 12H and the Messina earthquake (1849 V6 §6, §11, §12; rules
-- 1849-R-127, R-155, R-169, R-171 .. R-173; ambiguities A-30, A-31).
--
-- Four players: A buys P1 and P5 (and starts SFA through the RSA), B P2,
-- C P3, D P4. B starts RCS, C IFT and ATA, D starts AFG in Messina. Phase
-- 10; Messina has its green tile (two slots) with AFG's home token and an
-- IFT token; every train before the 12H is sold, so the 12H is on sale.
-- RCS, on L. 144, operates first.

local P = test_lib("play")

local advance = P.advance

local function to_step(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do advance(g) end
end

-- `afg_elsewhere`: AFG also has a token in Trapani.
local function before_quake(afg_elsewhere)
  local g = P.sfa_started()
  for _, p in ipairs({ "B", "C", "D" }) do g:give_cash(p, 1000) end
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "C", 68)
  g:start("AFG", "D", 100)
  g:act("choose B14")
  g:set_phase("10")
  g:lay("B14", "655", 0)
  g:place_token("IFT", "B14")
  if afg_elsewhere then g:place_token("AFG", "C1") end
  for _, c in ipairs({ "8H", "8H" }) do g:give_train("ATA", c) end
  for _, c in ipairs({ "8H", "10H" }) do g:give_train("IFT", c) end
  g:give_train("SFA", "10H")
  expect_eq(g:trains_on_sale()[1].class, "12H")
  g:set_price("RCS", 144)
  -- Enough for the 12H and a 16H after it, so RCS's train step goes on.
  g:give_cash("RCS", 1900 - g:corporation("RCS").cash)
  to_step(g, "RCS", "buy_train")
  expect_eq(g:hex("B14").tile, "655")
  expect_eq(g:hex("B14").tokens, { "AFG", "IFT" })
  return g
end

local function lost(g, corp)
  local n = 0
  for _, t in ipairs(g:corporation(corp).tokens) do if t.lost then n = n + 1 end end
  return n
end

test("1849-R-155, A-38: the 12H closes every private and shakes Messina at once, in the middle of RCS's turn", function()
  local g = before_quake()
  expect_contains(g:moves(), "buy P2 1..90")           -- phase 10: RCS could still buy a private
  g:act("train 12H")
  expect_eq(g:phase(), "12")
  -- Still RCS's turn, at its train step, and all of it has happened already.
  expect_eq(g:actor(), "RCS")
  expect_eq(g:step(), "buy_train")
  for _, id in ipairs({ "P1", "P2", "P3", "P4", "P5" }) do
    expect_eq(g:company(id).owner_kind, "closed", id)
  end
  for _, m in ipairs(g:moves()) do expect_true(not m:find("^buy P"), m) end
  g:refuse("buy P2 45")
  expect_eq(g:hex("B14").laid, false)
  expect_eq(g:hex("B14").tokens, {})
  expect_eq(g:corporation("RCS").cash, 1100)
  expect_contains(g:moves(), "train 16H")
end)

test("1849-R-171, A-30: the earthquake takes the tile off Messina and IFT's token there out of the game", function()
  local g = before_quake(true)
  g:act("train 12H")
  expect_contains(g:log(), "the Messina earthquake destroys the tile and 2 station token(s) in Messina")
  local h = g:hex("B14")
  expect_eq(h.laid, false)                             -- the printed yellow Messina again
  expect_eq(h.color, "yellow")
  expect_eq(h.tokens, {})
  -- IFT keeps Catania; its Messina token is gone for good, not back on its charter.
  local ift = g:corporation("IFT")
  expect_eq(g:hex("H12").tokens, { "IFT" })
  expect_eq(lost(g, "IFT"), 1)
  local placed, spare = 0, 0
  for _, t in ipairs(ift.tokens) do
    if t.hex then placed = placed + 1 elseif not t.lost then spare = spare + 1 end
  end
  expect_eq({ placed, spare }, { 1, 1 })
  -- AFG still has Trapani, so it survives with one token lost (R-172 only closes an AFG with no other station).
  expect_eq(g:corporation("AFG").started, true)
  expect_eq(g:hex("C1").tokens, { "AFG" })
  expect_eq(lost(g, "AFG"), 1)
end)

test("1849-R-172: AFG at home in Messina with no other station closes in the earthquake", function()
  local g = before_quake()
  local d, bank, treasury = g:player("D").cash, g:bank(), g:corporation("AFG").cash
  g:act("train 12H")
  expect_contains(g:log(), "AFG has lost its home and its only station: it closes (1849-R-172)")
  local afg = g:corporation("AFG")
  expect_eq(afg.started, false)
  expect_eq(afg.price, nil)
  expect_eq(afg.shares, {})
  expect_eq(g:player("D").shares.AFG, nil)
  expect_eq(g:player("D").cash, d)                     -- no compensation
  expect_eq(g:bank(), bank + 800 + treasury)           -- the 12H's price and AFG's treasury
  -- R-169: restarted, AFG has its three station tokens again and chooses a home anew.
  while g:round().kind ~= "stock" do advance(g) end
  expect_eq(#afg.tokens, 3)
  expect_eq(lost(g, "AFG"), 0)
  g:give_cash("D", 500)
  g:start("AFG", "D", 100)
  expect_eq(g:actor(), "D")
  -- Messina may not be upgraded yet, but its yellow city has a free slot again.
  expect_eq(g:moves(), { "choose C1", "choose H8", "choose M9", "choose M11", "choose B14" })
  g:act("choose C1")
  expect_eq(g:corporation("AFG").home, "C1")
  expect_eq(g:corporation("AFG").cash, 160)            -- 2 x 100 - the L. 40 fee: the full fee, for three tokens
end)

test("1849-R-169: IFT lost its Messina token; when it closes and starts again it has all three tokens", function()
  local g = before_quake()
  g:act("train 12H")
  expect_eq(lost(g, "IFT"), 1)
  g:set_price("IFT", 24)                               -- its next withhold sinks it into Closed
  while g:corporation("IFT").started do advance(g) end
  expect_contains(g:log(), "IFT closes")
  expect_eq(g:hex("H12").tokens, {})
  while g:round().kind ~= "stock" do advance(g) end
  g:start("IFT", "C", 100)
  local ift = g:corporation("IFT")
  expect_eq(#ift.tokens, 3)
  expect_eq(lost(g, "IFT"), 0)
  expect_eq(g:hex("H12").tokens, { "IFT" })
  expect_eq(ift.tokens[2].hex, nil)
  expect_eq(ift.tokens[3].hex, nil)
  expect_eq(ift.cash, 110)                             -- 2 x 100 - the L. 90 fee
end)

test("1849-R-127, R-173, A-31: Messina takes no tile until the next stock round is over, then the green M tile again", function()
  local g = before_quake()
  g:act("train 12H")
  g:place_token("ATA", "B14")                          -- ATA may build in Messina
  expect_eq(g:hex("B14").locked, true)
  to_step(g, "ATA", "lay_tile")
  g:refuse("lay B14 655 0", "1849-R-173")
  expect_not_contains(g:moves(), "lay B14 655 0")
  -- Through the next stock round, Messina stays shut.
  while g:round().kind ~= "stock" do advance(g) end
  expect_eq(g:hex("B14").locked, true)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:hex("B14").locked, false)
  to_step(g, "ATA", "lay_tile")
  expect_contains(g:moves(), "lay B14 655 0")          -- the tile the earthquake took is back in the supply
  g:act("lay B14 655 0")
  expect_eq(g:hex("B14").tile, "655")
  expect_eq(g:hex("B14").tokens, { "ATA" })
end)
