-- Station tokens (1849 V6 §10.4; rules 1849-R-128 .. R-135). The
-- corporation places its token in its operating turn; other corporations'
-- tokens and the track are set with test setters.

local P = test_lib("play")

local function order(first, rest)
  local out = { first }
  for _, id in ipairs(rest or { "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }) do
    if id ~= first then out[#out + 1] = id end
  end
  return out
end

-- Four players; A buys P5 and starts `corp` at L. 68 (AFG at `home`).
local function started(corp, home, opts)
  opts = opts or {}
  local g = new_game{ players = opts.players or { "A", "B", "C", "D" }, seed = 1,
                      setup = { corporation_order = opts.order or order(corp) } }
  if #(opts.players or { 1, 2, 3, 4 }) == 3 then
    g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par " .. corp .. " 68" }
  else
    g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. corp .. " 68" }
  end
  if home then g:act("choose " .. home) end
  return g
end

local function lay_all(g, lays)
  for _, l in ipairs(lays) do g:lay(l[1], l[2], l[3]) end
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

local function at(g, corp, step)
  while not (g:actor() == corp and g:step() == step) do advance(g) end
  return g
end

-- Another corporation started by B at L. 100 (AFG with its home `home`),
-- with a 4H so that it need not buy one when it operates.
local function other(g, corp, home)
  g:give_cash("B", 300)
  g:start(corp, "B", 100)
  if home then g:act("choose " .. home) end
  g:give_train(corp, "4H")
end

-- CTL at Marsala with the narrow line Marsala - D2 - E3 - Partinico -
-- Palermo (green P tile: two slots, one kept for RCS). Phase 6.
local CTL_TO_PALERMO = { { "C5", "651", 5 }, { "D4", "74", 1 }, { "E3", "78", 2 }, { "D2", "78", 5 } }

local function ctl_token_step()
  local g = started("CTL")
  g:set_phase("6")
  lay_all(g, CTL_TO_PALERMO)
  return at(g, "CTL", "place_token")
end

test("1849-R-128: the home token is placed when the corporation starts, in the stock round", function()
  local g = started("CTL")
  expect_eq(g:round().kind, "stock")
  expect_eq(g:hex("E1").tokens, { "CTL" })
  local placed = 0
  for _, t in ipairs(g:corporation("CTL").tokens) do if t.hex then placed = placed + 1 end end
  expect_eq(placed, 1)
  expect_eq(#g:corporation("CTL").tokens, 3)
end)

test("1849-R-128: one station token per operating turn", function()
  local g = ctl_token_step()
  expect_contains(g:moves(), "token C1")
  expect_contains(g:moves(), "token C5")
  g:act("token C1")
  g:refuse("token C5", "1849-R-128", "one station token")
  expect_eq(g:hex("C5").tokens, {})
end)

test("1849-R-129: a token goes, free, on a free slot of a city the corporation's track reaches", function()
  local g = ctl_token_step()
  local cash = g:corporation("CTL").cash
  g:refuse("token M11", "1849-R-129", "cannot reach") -- Ragusa: no track to it
  g:act("token C5")                                    -- Palermo, over 8 narrow hexes' worth of track
  expect_eq(g:corporation("CTL").cash, cash)
  expect_eq(g:hex("C5").tokens, { "CTL" })
  expect_contains(g:log(), "CTL places a station token on C5 Palermo")
end)

-- AFG at home in Caltanissetta (H8); narrow track south through Piazza
-- Armerina (I9) and the printed K9 to Terranova (M9, grey, two slots);
-- standard track on from Terranova through Vittoria (N10) to Ragusa (M11).
local H8_TO_RAGUSA = { { "H8", "644", 5 }, { "I9", "73", 0 }, { "N10", "58", 2 } }

local function afg_token_step(in_terranova)
  local g = started("AFG", "H8")
  lay_all(g, H8_TO_RAGUSA)
  for _, corp in ipairs(in_terranova) do
    other(g, corp)
    g:place_token(corp, "M9")
  end
  return at(g, "AFG", "place_token")
end

-- The steps of `corp`'s next operating turn (passing all of them).
local function turn_steps(g, corp) return P.turn_steps(g, corp, "^token", "no token may be placed: ") end

test("1849-R-130: no token where the way passes a city full of other corporations' tokens", function()
  local g = started("AFG", "H8")
  lay_all(g, H8_TO_RAGUSA)
  for _, corp in ipairs({ "ATA", "CTL" }) do
    other(g, corp)
    g:place_token(corp, "M9")
  end
  expect_eq(g:hex("M9").tokens, { "ATA", "CTL" })
  g:give_train("AFG", "4H")
  -- Ragusa lies beyond the full Terranova, and Terranova itself has no
  -- slot: AFG has no token to place, so its turn has no token step.
  local steps = turn_steps(g, "AFG")
  expect_contains(steps, "run_routes")
  expect_not_contains(steps, "place_token")
  expect_eq(g:hex("M11").tokens, {})
end)

test("1849-R-132: a two-slot city stays open until both slots are filled", function()
  local g = afg_token_step({ "ATA" })
  expect_contains(g:moves(), "token M9")
  expect_contains(g:moves(), "token M11")
  g:act("token M11")                                   -- through Terranova, which has a free slot
  expect_eq(g:hex("M11").tokens, { "AFG" })
end)

test("1849-R-131: never two tokens of one corporation in one hex", function()
  local g = started("AFG", "M9")
  lay_all(g, { { "N10", "58", 2 } })
  at(g, "AFG", "place_token")
  expect_eq(g:hex("M9").free_slots, 1)
  g:refuse("token M9", "1849-R-131")
  expect_eq(g:moves(), { "token M11", "pass" })
end)

test("1849-R-133: an unstarted corporation's home slot is kept for it", function()
  -- AFG at Trapani, next to Marsala, CTL's home; CTL has not started.
  -- Beyond Marsala the narrow line leads to Palermo (RCS's home, two slots).
  local g = started("AFG", "C1")
  g:set_phase("6")
  lay_all(g, CTL_TO_PALERMO)
  at(g, "AFG", "place_token")
  expect_contains(g:moves(), "token C5")
  expect_not_contains(g:moves(), "token E1")
  g:refuse("token E1", "1849-R-133", "reserved for CTL")
  expect_eq(g:hex("E1").tokens, {})
  g:act("token C5")                                    -- through Marsala's kept slot, onto Palermo's free one
  expect_eq(g:hex("C5").tokens, { "AFG" })
  expect_eq(g:hex("C5").free_slots, 0)                 -- the other is RCS's
end)

test("1849-R-133: nothing is kept for AFG: CTL may token Trapani while AFG has not started", function()
  local g = started("CTL")
  at(g, "CTL", "place_token")
  g:act("token C1")
  expect_eq(g:hex("C1").tokens, { "CTL" })
  expect_eq(g:corporation("AFG").started, false)
end)

test("1849-R-134: in a five-corporation game the removed corporation's home is open", function()
  -- Three players: the corporation with place card 6 (CTL here) is out.
  local g = started("AFG", "C1", { players = { "A", "B", "C" }, order = { "AFG", "RCS", "ATA", "IFT", "SFA", "CTL" } })
  expect_eq(g:corporation("CTL").in_play, false)
  at(g, "AFG", "place_token")
  g:act("token E1")
  expect_eq(g:hex("E1").tokens, { "AFG" })
end)

test("1849-R-135, R-037: P4 lets its owner token a coastal city with no route to it", function()
  local g = started("RCS")
  g:give_company("P4", "RCS")
  at(g, "RCS", "lay_tile")
  g:refuse("do coastal_build hex=H8", "1849-R-037", "not a coastal city")   -- Caltanissetta
  g:act("do coastal_build hex=C1")                     -- Trapani
  expect_eq(g:company("P4").owner_kind, "closed")
  while g:step() ~= "place_token" do g:act("pass") end
  g:act("token C1")
  expect_eq(g:hex("C1").tokens, { "RCS" })
end)
