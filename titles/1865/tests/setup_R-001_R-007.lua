-- Setup (§2.4; 1865-R-001 .. R-007).
local P = test_lib("play")

test("1865-R-001, R-002: bank L. 8,000 less the players' cash: 360 / 330 / 300", function()
  local cash = { [2] = 360, [3] = 330, [4] = 300 }
  for n = 2, 4 do
    local g = P.new(n)
    expect_eq(g:player("A").cash, cash[n])
    expect_eq(g:bank(), 8000 - n * cash[n])             -- A-08: purses come from the bank
  end
end)

test("1865-R-003: the full game takes 2 to 4 players, the short game 2 or 3", function()
  expect_error(function() P.new(1) end, "")
  local ok = pcall(function() new_game{ players = { "A", "B", "C", "D", "E" }, seed = 1 } end)
  expect_eq(ok, false)
  local short4 = pcall(function() P.new(4, { "short_game" }) end)
  expect_eq(short4, false)
  expect_eq(P.new(3, { "short_game" }):round().name, "draft")
end)

test("1865-R-004: the priority holder acts first, then clockwise", function()
  local g = P.new(4)
  expect_eq(g:priority(), "A")
  expect_eq(g:actor(), "A")
end)

test("1865-R-005: every company's home station is on the map before any launch", function()
  local g = P.new(4)
  local homes = { FMS = "W10", RCSF = "S6", SFSS = "N5", FCS = "T11", SFS = "S16", FA = "Q12", CFC = "C14", CFD = "I12" }
  for corp, hex in pairs(homes) do
    expect_eq(g:corporation(corp).started, false)
    expect_contains(g:hex(hex).tokens, corp)
  end
end)

test("1865-R-006, R-020: trains are sold in order, each type's discounted card last", function()
  local g = P.drafted(3)
  local on_sale = g:trains_on_sale()
  expect_eq(on_sale[1].class, "PH2")
  expect_eq(on_sale[1].price, 100)
  expect_eq(g:train_class("PH2d").variants[1].price, 70)
  expect_eq(g:train_class("PH3d").variants[1].price, 160)
  expect_eq(g:train_class("PH4d").variants[1].price, 300)
end)

test("1865-R-007, R-027: a company's IPO starts with its minor certificates, the 40 % president's first", function()
  local g = P.new(3)
  local certs = g:corporation("FMS").certificates
  expect_eq(#certs, 4)
  expect_eq(certs[1].percent, 40)
  expect_eq(certs[1].president, true)
  for i = 2, 4 do expect_eq(certs[i].percent, 20) end
  for _, c in ipairs(certs) do expect_eq(c.owner, "treasury") end
end)
