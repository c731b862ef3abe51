-- Starting corporations in a stock round (1849 V6 §9.4, §9.4.1; rules
-- 1849-R-079 .. R-083). WE-04 is in stock_round_R-068_R-093.lua.

local function game(order)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = order } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. order[1] .. " 68" }
  for _, p in ipairs({ "B", "C", "D" }) do g:give_cash(p, 1000) end
  expect_eq(g:actor(), "B")
  return g
end

local function startable(g)
  local out = {}
  for _, m in ipairs(g:moves()) do
    local id = m:match("^par (%u+) ")
    if id and out[#out] ~= id then out[#out + 1] = id end
  end
  return out
end

test("1849-R-079: only the unstarted corporation with the lowest place card may be started", function()
  local g = game({ "RCS", "IFT", "ATA", "CTL", "SFA", "AFG" })
  expect_eq(startable(g), { "IFT" })
  for _, id in ipairs({ "ATA", "CTL", "SFA" }) do g:refuse("par " .. id .. " 100", "1849-R-079", "next available: IFT") end
  g:refuse("par AFG 100 C1", "1849-R-079")
  g:act("par IFT 100 +2")
  expect_eq(startable(g), { "ATA" })                   -- C
  g:refuse("par CTL 68", "1849-R-079")
  g:act("par ATA 68 +2")
  expect_eq(startable(g), { "CTL" })                   -- D
  g:refuse("par IFT 100", "1849-R-079")                -- started already
end)

test("1849-R-080: starting is the turn's purchase, at a starting value of the phase, where the market token goes", function()
  local g = game({ "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" })
  g:refuse("par CTL 90", "1849-R-027")                 -- not a starting value
  g:refuse("par CTL 144", "1849-R-027")                -- not yet (phase 4)
  g:act("par CTL 68 +2")
  local ctl = g:corporation("CTL")
  expect_eq({ ctl.price, ctl.market_row, ctl.market_col }, { 68, 4, 2 })
  expect_eq(g:actor(), "C")                            -- with its extras the turn is over
  g = game({ "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" })
  g:act("par CTL 100")
  expect_eq({ g:corporation("CTL").market_row, g:corporation("CTL").market_col }, { 3, 5 })
  -- Only CTL's extra certificates may still be bought in this turn.
  g:refuse("buy SFA treasury", "1849-R-062")
  g:refuse("par RCS 100", "1849-R-062")
end)

test("1849-R-081: the starter pays twice the value for the president's certificate, with up to two more 10 %, into the treasury", function()
  for extra = 0, 2 do
    local g = game({ "SFA", "RCS", "CTL", "AFG", "ATA", "IFT" })
    local b, bank = g:player("B").cash, g:bank()
    g:act("par RCS 100" .. (extra > 0 and (" +" .. extra) or ""))
    expect_eq(b - g:player("B").cash, 200 + 100 * extra)
    expect_eq(g:player("B").shares.RCS, 20 + 10 * extra)
    expect_eq(g:corporation("RCS").cash, 200 + 100 * extra - 130)
    expect_eq(g:bank() - bank, 130)                    -- only the token fee reaches the bank
  end
  local g = game({ "SFA", "RCS", "CTL", "AFG", "ATA", "IFT" })
  g:refuse("par RCS 100 +3", "1849-R-081")             -- at most 40 %
  -- Extras count against the certificate limit (11): B holds P2 and eight more.
  g:start("CTL", "B", 68, 2)
  g:start("AFG", "B", 68, 2)
  g:act("choose H8")
  g:start("ATA", "B", 68)
  g:give_share("ATA", "B")
  expect_eq(g:player("B").certificates, 9)
  g:refuse("par RCS 100 +2", "1849-R-066")
  g:act("par RCS 100 +1")
  expect_eq(g:player("B").certificates, 11)
end)

test("1849-R-082: the new corporation pays its token fee to the bank and places its home token during the stock round", function()
  local g = game({ "SFA", "IFT", "RCS", "AFG", "ATA", "CTL" })
  local bank = g:bank()
  expect_eq(g:hex("H12").tokens, {})
  g:act("par IFT 68 +2")
  expect_eq(g:round().kind, "stock")
  expect_eq(g:hex("H12").tokens, { "IFT" })            -- Catania
  local ift = g:corporation("IFT")
  expect_eq(ift.cash, 4 * 68 - 90)
  expect_eq(g:bank() - bank, 90)
  expect_eq({ ift.tokens[1].hex, ift.tokens[2].hex, ift.tokens[3].hex }, { "H12", nil, nil })
  expect_contains(g:log(), "IFT pays a token fee of L. 90")
end)

test("1849-R-083: AFG's starter chooses its home among Trapani, Caltanissetta, Terranova, Ragusa and Messina, on a free slot", function()
  local g = game({ "SFA", "AFG", "RCS", "CTL", "ATA", "IFT" })
  for _, h in ipairs({ "C1", "H8", "M9", "M11", "B14" }) do expect_contains(g:moves(), "par AFG 68 " .. h) end
  g:refuse("par AFG 68 C5", "1849-R-083")              -- Palermo is not one of them
  g:refuse("par AFG 68 J6", "1849-R-083")
  -- Trapani taken: not offered, refused.
  g:give_cash("C", 0)
  g:start("RCS", "C", 100)
  g:place_token("RCS", "C1")
  expect_not_contains(g:moves(), "par AFG 68 C1")
  g:refuse("par AFG 68 C1", "1849-R-083")
  -- Without a home in the command, the starter is asked.
  g:act("par AFG 100 +2")
  expect_eq(g:actor(), "B")
  expect_eq(g:moves(), { "choose H8", "choose M9", "choose M11", "choose B14" })
  g:refuse("choose C1", "1849-R-083")
  g:act("choose M11")
  expect_eq(g:corporation("AFG").home, "M11")
  expect_eq(g:hex("M11").tokens, { "AFG" })
  expect_eq(g:corporation("AFG").cash, 400 - 40)
end)
