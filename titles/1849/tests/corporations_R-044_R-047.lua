-- Corporations and certificates (1849 V6 §7.2, §9.3, §9.4, §10.4; rules
-- 1849-R-044 .. R-047; shared/rules/1849.md §1.3).

local P = test_lib("play")

local SFA_FIRST = P.SFA_FIRST

local function game()
  local g = P.sfa_started()
  for _, p in ipairs({ "A", "B", "C", "D" }) do g:give_cash(p, 1000) end
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

test("1849-R-044: names, homes and token fees: AFG 40 (home chosen), ATA 30, CTL 40, IFT 90, RCS 130, SFA 40", function()
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = SFA_FIRST } }
  local names = {}
  for _, id in ipairs(g:corporations()) do names[id] = g:corporation(id).name end
  expect_eq(names, {
    AFG = "Azienda Ferroviaria Garibaldi",
    ATA = "Azienda Trasporti Archimede",
    CTL = "Compagnia Trasporti Lilibeo",
    IFT = "Impresa Ferroviaria Trinacria",
    RCS = "Rete Centrale Sicula",
    SFA = "Società Ferroviaria Akragas",
  })
  g = game()
  expect_eq(g:corporation("SFA").cash, 2 * 68 - 40)   -- started with the RSA
  expect_eq(g:corporation("SFA").home, "J6")           -- Girgenti
  -- Each started at L. 100 with 20 %: the treasury is 200 less the fee.
  local homes, fees = {}, {}
  for _, id in ipairs({ "ATA", "CTL", "IFT", "RCS" }) do
    g:start(id, "B", 100)
    homes[id] = g:corporation(id).home
    fees[id] = 200 - g:corporation(id).cash
  end
  expect_eq(homes, { ATA = "M13", CTL = "E1", IFT = "H12", RCS = "C5" })
  expect_eq(fees, { ATA = 30, CTL = 40, IFT = 90, RCS = 130 })
  g:start("AFG", "C", 100)
  expect_eq(g:actor(), "C")
  expect_eq(g:moves(), { "choose C1", "choose H8", "choose M9", "choose M11", "choose B14" })
  g:act("choose M9")
  expect_eq(g:corporation("AFG").home, "M9")
  expect_eq(g:corporation("AFG").cash, 200 - 40)
  expect_eq(g:hex("M9").tokens, { "AFG" })
end)

test("1849-R-045: ten shares on eight certificates, the president's certificate on top, the last at the bottom", function()
  local g = game()
  local list = {}
  local total = 0
  for _, c in ipairs(g:corporation("RCS").certificates) do
    list[#list + 1] = (c.president and "P" or (c.tag == "last" and "L" or "")) .. c.percent
    expect_eq(c.owner, "treasury")
    total = total + c.percent
  end
  expect_eq(list, { "P20", "10", "10", "10", "10", "10", "10", "L20" })
  expect_eq(total, 100)
  expect_eq(g:corporation("RCS").treasury_percent, 100)
  expect_eq(g:corporation("RCS").president, nil)
  -- Whoever holds the president's certificate is the president.
  g:start("RCS", "B", 100)
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(g:corporation("RCS").certificates[1].owner, "B")
  g:give_share("RCS", "C")
  g:give_share("RCS", "C")
  g:give_share("RCS", "C")
  expect_eq(g:corporation("RCS").president, "C")
  expect_eq(g:corporation("RCS").certificates[1].owner, "C")
end)

test("1849-R-046, R-075: no player holds more than 60 % of a corporation", function()
  local g = game()
  g:act("pass")                                        -- B
  g:act("par CTL 100 +2")                              -- C: 40 %
  g:give_share("CTL", "C")
  g:give_share("CTL", "C")                             -- C: 60 %
  g:give_share("CTL", "pool")
  g:acts{ "pass", "pass", "pass" }                     -- D, A, B
  expect_eq(g:actor(), "C")
  expect_eq(g:player("C").shares.CTL, 60)
  g:refuse("buy CTL treasury", "1849-R-075")
  g:refuse("buy CTL pool", "1849-R-075")
  expect_not_contains(g:moves(), "buy CTL treasury")
  -- At 50 % the last certificate (20 %) would make 70 %.
  local h = game()
  h:act("pass")
  h:act("par CTL 100 +2")
  h:give_share("CTL", "C")
  for _ = 1, 3 do h:give_share("CTL", "D") end        -- the treasury keeps only the last
  h:acts{ "pass", "pass", "pass" }                     -- D, A, B
  expect_eq(h:player("C").shares.CTL, 50)
  h:refuse("buy CTL treasury last", "1849-R-075")
  h:act("buy SFA treasury")
  h:act("buy CTL treasury last")                       -- D: 30 % -> 50 %
  expect_eq(h:player("D").shares.CTL, 50)
end)

test("1849-R-047: three station tokens, all paid by the token fee at the start; placing them costs nothing", function()
  local g = game()
  g:act("pass")
  g:act("par CTL 100")                                 -- C
  g:act("pass")
  local ctl = g:corporation("CTL")
  expect_eq(#ctl.tokens, 3)
  expect_eq(ctl.tokens[1].hex, "E1")
  expect_eq(ctl.cash, 160)                             -- 200 less the fee of 40, once
  g:give_train("CTL", "4H")
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do advance(g) end
  g:act("pass")                                        -- no tile
  expect_eq(g:step(), "place_token")
  g:act("token C1")                                    -- Trapani, next to Marsala
  expect_eq(g:corporation("CTL").cash, 160)
  expect_eq(g:corporation("CTL").tokens[2].hex, "C1")
  -- With the third token placed too, no token is left for a token step.
  g:place_token("CTL", "M9")
  expect_eq(g:corporation("CTL").tokens[3].hex, "M9")
  while g:round().kind ~= "stock" do advance(g) end
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do advance(g) end
  local steps = {}
  while g:actor() == "CTL" do
    steps[#steps + 1] = g:step()
    advance(g)
  end
  expect_not_contains(steps, "place_token")
end)
