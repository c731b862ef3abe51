-- A railway converts to the kind "grand" (companies.toml: a 10 %
-- president's certificate and eighteen of 5 %, a price per 5 % unit), as
-- 1865's minors become majors: game:convert_corporation re-faces every
-- certificate where it is, adds the new kind's others to the treasury,
-- and keeps the price, so every certificate keeps its value.

local function game(setup, options)
  return new_game{ players = { "A", "B" }, seed = 1, setup = setup, options = options }
end

-- A presides NRR (20 %), B holds 10 %, the fund 20 % (two certificates).
local function held_by_all(setup)
  setup = setup or {}
  setup.fund_buys, setup.may_convert = "NRR", true
  local g = game(setup, { "fund" })
  g:acts{ "par NRR 60", "buy NRR" }
  expect_eq(g:actor(), "A")
  expect_eq(g:investor("fund").shares.NRR, 20)
  return g
end

test("BND-R-094: a conversion re-faces every certificate where it is", function()
  local g = held_by_all()
  local cash = { A = g:player("A").cash, B = g:player("B").cash, NRR = g:corporation("NRR").cash, bank = g:bank() }
  expect_contains(g:moves(), "do convert corp=NRR kind=grand")
  g:act("do convert corp=NRR kind=grand")
  local c = g:corporation("NRR")
  expect_eq(c.kind, "grand")
  expect_eq(c.unit_percent, 5)
  expect_eq(c.train_limit, 1)                                -- the kind's limit in phase 2
  expect_eq(c.president, "A")
  -- Every holder keeps its certificates; its percentage halves.
  expect_eq(c.shares, { A = 10, B = 5 })
  expect_eq(g:investor("fund"), { id = "fund", name = "The Fund", certificates = 2, shares = { NRR = 10 }, certs = { NRR = 2 } })
  expect_eq(#c.certificates, 19)                             -- ten new ones ...
  expect_eq(c.treasury_percent, 75)                          -- ... in the treasury
  expect_eq(c.certificates[1], { index = 0, percent = 10, president = true, owner = "A" })
  expect_eq(c.certificates[19], { index = 18, percent = 5, president = false, owner = "treasury" })
  -- The price per unit stays: each certificate is worth what it was.
  expect_eq(g:share_price("NRR"), 60)
  expect_eq(g:player_field("A", "certificates"), 1)
  -- No money moves.
  expect_eq({ A = g:player("A").cash, B = g:player("B").cash, NRR = g:corporation("NRR").cash, bank = g:bank() }, cash)
  expect_eq(g:var("converted"), { corp = "NRR", from = "railway", to = "grand" })
  expect_contains(g:log(), "NRR converts from railway to grand (10 new certificates in its treasury)")
end)

test("BND-R-094: after a conversion a share is bought and paid by the new unit", function()
  local g = held_by_all()
  g:acts{ "do convert corp=NRR kind=grand", "pass", "buy NRR" }  -- A passes, B buys
  expect_eq(g:player("B").shares.NRR, 10)
  expect_eq(g:player("B").cash, 400 - 60 - 60)
end)

test("BND-R-095: a corporation starts as another kind than its data's", function()
  local g = game{ start_as = "grand" }
  g:act("par NRR 60")
  local c = g:corporation("NRR")
  expect_eq(c.kind, "grand")
  expect_eq(c.shares, { A = 10 })
  expect_eq(c.treasury_percent, 90)
  expect_eq(g:player("A").cash, 280)                         -- the president's certificate: two units at $60
  expect_eq(c.cash, 120)
  g:act("buy NRR")
  expect_eq(g:player("B").shares.NRR, 5)
  expect_eq(g:player("B").cash, 340)
  expect_eq(g:corporation("NRR").cash, 180)
end)

test("BND-R-096: a conversion that cannot be made changes nothing", function()
  local g = held_by_all()
  g:act("do convert corp=NRR kind=grand")
  g:refuse("do convert corp=NRR kind=grand", "BND-R-096", "NRR is already of the kind grand")
  g:refuse("do convert corp=NRR kind=railway", "BND-R-096", "NRR has 19 certificates; the kind railway has only 9")
  g:refuse("do convert corp=NRR kind=giant", "BND-R-096", "no corporation kind 'giant'")
end)
