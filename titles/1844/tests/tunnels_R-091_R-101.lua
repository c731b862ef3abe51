-- Tunnels (1844-R-091 to R-096) and destinations (R-097 to R-101).
-- Pointy hexes; edges 0 SW, 1 W, 2 NW, 3 NE, 4 E, 5 SE. Tunnel hexes and
-- their mouths: map.toml props.tunnel_mouths (J9: Sion SE mouth 5, Gstaad
-- NE mouth 3; K14 Simplon: Brig 2, Milano 5; H19 Gotthard: Stans 2; I12
-- Lötschberg: Thun 3, Brig 5).

local P = test_lib("play")

local has = P.has

local sold_out = P.fnm_2h

local advance = P.advance

local at = P.at

-- Sion (exits W, NW, NE), Martigny, Visp towards Brig.
local VALAIS = {
  { "K10", "6", 1 }, { "K10", "15", 0 }, { "K8", "4", 1 }, { "J11", "58", 4 },
}

-- VZ (A, par 70) at its tile step; A holds the given Tunnel certificates.
local function vz(certs)
  local g = sold_out()
  g:start("VZ", "A", 70)
  g:give_share("VZ", "B")
  for _, l in ipairs(VALAIS) do g:lay(l[1], l[2], l[3]) end
  g:give_train("VZ", "2H")
  for _, t in ipairs(certs or {}) do g:give_company(t, "A") end
  g:acts{ "pass", "pass", "pass", "pass" }
  return at(g, "VZ", "lay_tile")
end

test("1844-R-091: without an unused Tunnel certificate its director holds, a company builds no tunnel", function()
  local g = vz()
  -- C holds T1 (with P3), but C does not direct VZ.
  g:refuse("do build_tunnel hex=J9 mouths=3-5", "1844-R-091")
end)

test("1844-R-093: a tunnel costs 100 from the treasury to the bank and uses up the certificate", function()
  local g = vz({ "T2" })
  local cash, bank = g:corporation("VZ").cash, g:bank()
  g:act("do build_tunnel hex=J9 mouths=3-5")
  expect_eq(g:corporation("VZ").cash, cash - 100)
  expect_eq(g:bank(), bank + 100)
  expect_eq(g:var("tunnel.cert.T2"), "J9")
  -- Used up: no second tunnel with it.
  g:refuse("do build_tunnel hex=K14 mouths=2-5", "1844-R-091")
end)

test("1844-R-091: a tunnel may also follow the turn's tile lay", function()
  local g = vz({ "T2" })
  g:act("lay L9 9 0")    -- from Sion's SW side
  expect_eq(g:turn().tiles, 1)
  g:act("do build_tunnel hex=J9 mouths=3-5")
  expect_eq(g:var("tunnel.J9"), "T2")
end)

test("1844-R-092: only on a tunnel hex, between two of its mouths, one tunnel per hex", function()
  local g = vz({ "T2", "T3" })
  g:refuse("do build_tunnel hex=K12 mouths=1-4", "1844-R-092")
  g:refuse("do build_tunnel hex=J9 mouths=0-1", "1844-R-092")
  g:act("do build_tunnel hex=J9 mouths=3-5")
  g:refuse("do build_tunnel hex=J9 mouths=2-5", "1844-R-092")
end)

test("1844-R-094: with two unused certificates its director holds, a company builds two tunnels in a turn", function()
  local g = vz({ "T2", "T3" })
  local cash = g:corporation("VZ").cash
  g:act("do build_tunnel hex=J9 mouths=3-5")
  g:act("do build_tunnel hex=K14 mouths=2-5")   -- Brig - Milano
  expect_eq(g:corporation("VZ").cash, cash - 200)
  expect_eq(g:var("tunnel.K14"), "T3")
end)

test("1844-R-100: GB receives 2 x par as soon as the Gotthard tunnel is built; no train has to run", function()
  local g = sold_out()
  g:start("GB", "A", 80)
  g:lay("G18", "57", 2)            -- Stans: NW and SE (to the Gotthard hex)
  g:give_company("T2", "A")
  g:acts{ "pass", "pass", "pass", "pass" }
  at(g, "GB", "lay_tile")
  local cash = g:corporation("GB").cash
  expect_eq(g:var("dest.GB"), nil)
  g:act("do build_tunnel hex=H19 mouths=2-5")
  expect_eq(g:var("dest.GB"), "paid")
  expect_eq(g:corporation("GB").cash, cash - 100 + 160)
end)

-- BLS (A, par 100, five markers) with Bern - G12 - Thun; its destination
-- Brig lies beyond the Lötschberg (I12).
local function bls(phase_after)
  local g = sold_out()
  g:set_phase("3")
  g:start("BLS", "A", 100)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("BLS", p) end
  if phase_after then g:set_phase(phase_after); g:give_train("FNM", "6") end
  for _, l in ipairs({ { "F11", "5", 5 }, { "G12", "9", 2 }, { "H13", "6", 0 } }) do g:lay(l[1], l[2], l[3]) end
  g:give_company("T2", "A")
  g:acts{ "pass", "pass", "pass", "pass" }
  return at(g, "BLS", "lay_tile")
end

test("1844-R-097, R-098: BLS reaches Brig when its own tunnel links them and receives 5 x par at once", function()
  local g = bls()
  expect_eq(g:var("dest.BLS"), nil)
  local cash = g:corporation("BLS").cash
  g:act("do build_tunnel hex=I12 mouths=3-5")
  expect_eq(g:var("dest.BLS"), "paid")
  expect_eq(g:corporation("BLS").cash, cash - 100 + 500)
end)

test("1844-R-101: launched before phase 6, a historical company still collects its destination in phase 6", function()
  local g = bls("6")
  local cash = g:corporation("BLS").cash
  g:act("do build_tunnel hex=I12 mouths=3-5")
  expect_eq(g:corporation("BLS").cash, cash - 100 + 500)
end)

test("1844-R-099: AB's destination hex has two cities; reaching Winterthur is enough", function()
  local g = sold_out()
  g:start("AB", "A", 80)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("AB", p) end
  local cash = g:corporation("AB").cash
  -- Appenzell (W, NW) - St. Gallen (SE, W) - C22 - the E city of C20.
  for _, l in ipairs({ { "D25", "5", 1 }, { "C24", "6", 5 }, { "C22", "9", 1 } }) do g:lay(l[1], l[2], l[3]) end
  expect_eq(g:var("dest.AB"), nil)
  g:lay("C20", "59", 4)
  expect_eq(g:var("dest.AB"), "paid")
  expect_eq(g:corporation("AB").cash, cash + 400)
end)

-- Zürich (NOB's home) - Baden - Aarau (NOB's destination).
local TO_AARAU = { { "D19", "57", 1 }, { "D17", "4", 1 } }

test("1844-R-097: NOB reaches Aarau and receives 2 x par", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  local cash = g:corporation("NOB").cash
  for _, l in ipairs(TO_AARAU) do g:lay(l[1], l[2], l[3]) end
  expect_eq(g:var("dest.NOB"), "paid")
  expect_eq(g:corporation("NOB").cash, cash + 200)
end)

test("1844-R-097, R-098: NOB launched with its home already joined to Aarau is paid at its launch", function()
  local g = sold_out()
  for _, l in ipairs(TO_AARAU) do g:lay(l[1], l[2], l[3]) end
  expect_eq(g:var("dest.NOB"), nil)
  g:start("NOB", "A", 100)
  expect_eq(g:var("dest.NOB"), "paid")
  -- The launch's capital (2 x par, R-058) and the destination's (2 x par).
  expect_eq(g:corporation("NOB").cash, 400)
end)

test("1844-R-098: another company's launch or station pays no company that is not connected", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:lay("D19", "57", 1)
  g:start("SCB", "B", 100)
  expect_eq(g:var("dest.NOB"), nil)
  expect_eq(g:var("dest.SCB"), nil)
end)

test("1844-R-102: once the SBB has formed, a pre-SBB destination pays nothing", function()
  local g = sold_out()
  g:start("NOB", "A", 100)
  g:set_phase("5")
  expect_true(g:var("sbb.formed"))
  local cash, bank = g:corporation("SBB").cash, g:bank()
  for _, l in ipairs(TO_AARAU) do g:lay(l[1], l[2], l[3]) end
  expect_eq(g:var("dest.NOB"), nil)
  expect_eq(g:corporation("SBB").cash, cash)
  expect_eq(g:bank(), bank)
end)

-- AB (A, par 80) with Appenzell - St. Gallen (VSB's home, one slot).
local function ab(phase)
  local g = sold_out()
  g:start("AB", "A", 80)
  for _, p in ipairs({ "B", "C", "D" }) do g:give_share("AB", p) end
  for _, l in ipairs({ { "D25", "5", 1 }, { "C24", "6", 5 } }) do g:lay(l[1], l[2], l[3]) end
  if phase then
    g:set_phase(phase)
    g:give_train("FNM", "5H")
    g:give_train("AB", "5H")
  else
    g:give_train("AB", "2")
  end
  g:acts{ "pass", "pass", "pass", "pass" }
  while g:actor() ~= "AB" do advance(g) end
  return g
end

test("1844-R-107: St. Gallen's only slot is kept for VSB's home while VSB may still launch", function()
  local g = ab()
  local offered = false
  while g:actor() == "AB" do
    if has(g:moves(), "token C24") then offered = true end
    advance(g)
  end
  expect_eq(offered, false)
end)

test("1844-R-108: once the SBB has formed, VSB's unused home slot is open to all", function()
  local g = ab("5")
  at(g, "AB", "place_token")
  local cash = g:corporation("AB").cash
  g:act("token C24")
  expect_eq(g:corporation("AB").cash, cash - 40)
end)

test("1844-R-096: five Tunnel certificates, so five tunnels at most; then no more are offered", function()
  local certs = {}
  local g0 = new_game{ players = { "A", "B", "C", "D" }, seed = 1 }
  for _, id in ipairs(g0:companies()) do
    if g0:company(id).kind == "tunnel" then certs[#certs + 1] = id end
  end
  expect_eq(certs, { "T1", "T2", "T3", "T4", "T5" })
  local g = vz({ "T2", "T3", "T4", "T5" })
  g:give_company("T1", "A")
  g:give_cash("VZ", 500)
  -- Brig - J15 - (I16) - H15 - (H17): track beyond two more tunnel hexes.
  g:lay("J15", "8", 1); g:lay("H15", "7", 4)
  for _, cmd in ipairs({
    "do build_tunnel hex=J9 mouths=3-5", "do build_tunnel hex=K14 mouths=2-5",
    "do build_tunnel hex=I12 mouths=2-5", "do build_tunnel hex=I16 mouths=0-2",
    "do build_tunnel hex=H17 mouths=1-3",
  }) do g:act(cmd) end
  local n = 0
  for _, h in ipairs({ "H17", "H19", "H21", "H23", "I16", "H27", "I12", "J9", "K14" }) do
    if g:var("tunnel." .. h) then n = n + 1 end
  end
  expect_eq(n, 5)
  for _, m in ipairs(g:moves()) do expect_true(not m:match("build_tunnel"), m) end
  g:refuse("do build_tunnel hex=H19 mouths=2-5", nil)
end)

-- GB (A, par 80; A holds T2) with Stans facing the Gotthard hex H19, in
-- phase 3; D owns P4. With `line_first`, D lays the Furka-Oberalp line in
-- stock round 1 before GB's turn.
local function gotthard(line_first)
  local g = sold_out()
  g:set_phase("3")
  g:start("GB", "A", 80)
  g:lay("G18", "57", 2)
  g:give_company("T2", "A")
  while g:actor() ~= "D" do g:act("pass") end
  if line_first then g:act("do furka_oberalp_line") end
  g:acts{ "pass", "pass", "pass", "pass" }
  return at(g, "GB", "lay_tile")
end

test("1844-R-092: a tunnel may be built where the Furka-Oberalp line runs; the hex then holds both", function()
  local g = gotthard(true)
  expect_eq(g:hex("H19").tile, "OP2")
  g:act("do build_tunnel hex=H19 mouths=2-5")
  expect_eq(g:hex("H19").tile, "OP2-T25")
  expect_eq(g:var("tunnel.H19"), "T2")
  expect_eq(g:var("dest.GB"), "paid")                       -- R-100
end)

test("1844-R-092: the Furka-Oberalp line laid after a tunnel keeps the tunnel", function()
  local g = gotthard(false)
  g:act("do build_tunnel hex=H19 mouths=2-5")
  expect_eq(g:hex("H19").tile, "X79")
  -- D lays the line in the next stock round.
  while not (g:round().kind == "stock" and g:actor() == "D") do advance(g) end
  g:act("do furka_oberalp_line")
  expect_eq(g:hex("H19").tile, "OP2-T25")
  expect_eq(g:hex("H21").tile, "OP2")
  expect_eq(g:hex("H17").tile, "OP3")
end)
