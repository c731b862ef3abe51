-- Stock rounds (1849 V6 §9; rules 1849-R-070 .. R-093), with worked
-- examples WE-04 (starting Lilibeo) and WE-05 (presidency exchanges) of
-- shared/rules/1849.md §5.

-- Four players. A buys P1 and P5, so A starts the corporation with place
-- card 1 (order[1]) at L. 68 through the RSA; B, C and D buy P2, P3, P4.
-- The first stock round then opens with B (left of A, the last buyer).
local function first_stock_round(order)
  local g = new_game{ players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = order } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. order[1] .. " 68" }
  expect_eq(g:round().kind, "stock")
  expect_eq(g:actor(), "B")
  return g
end

local SFA_FIRST = { "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" }

-- A player's certificates of a corporation: "P" president's, "L" the
-- last certificate, "10" ordinary; sorted.
local function certs(g, corp, player)
  local out = {}
  for _, c in ipairs(g:corporation(corp).certificates) do
    if c.owner == player then
      out[#out + 1] = c.president and "P" or (c.tag == "last" and "L" or tostring(c.percent))
    end
  end
  table.sort(out)
  return out
end

-- Passes until the next stock round, with `who` to act in it.
local function next_stock_round(g, who)
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do g:act("pass") end
  while g:actor() ~= who do g:act("pass") end
end

test("1849-R-027, R-080 .. R-082 (WE-04): A starts CTL at L. 100 with 40 %; CTL pays its fee and places its home token", function()
  local g = first_stock_round(SFA_FIRST)
  g:give_cash("A", 552 - g:player("A").cash)
  g:acts{ "pass", "pass", "pass" }                     -- B, C, D
  expect_eq(g:actor(), "A")
  expect_contains(g:moves(), "par CTL 68")
  expect_contains(g:moves(), "par CTL 100 +2")
  g:refuse("par CTL 144", "1849-R-027")                -- not in phase 4
  g:refuse("par CTL 100 +3", "1849-R-081")             -- at most 40 % when starting
  g:refuse("par RCS 100", "1849-R-079")
  g:act("par CTL 100 +2")
  expect_eq(g:player("A").cash, 152)
  local ctl = g:corporation("CTL")
  expect_eq(ctl.shares, { A = 40 })
  expect_eq(ctl.cash, 360)                             -- 400 less its fee of 40
  expect_eq(ctl.price, 100)
  expect_eq(ctl.tokens[1].hex, "E1")                   -- Marsala
  expect_eq(ctl.tokens[2].hex, nil)
  expect_eq(g:hex("E1").tokens, { "CTL" })
  expect_eq(certs(g, "CTL", "A"), { "10", "10", "P" })
end)

test("1849-R-070, R-075 (WE-04): A buys up to 60 % of CTL, may not sell it before it operates, nor hold more", function()
  local g = first_stock_round(SFA_FIRST)
  g:give_cash("A", 552 - g:player("A").cash)
  g:acts{ "pass", "pass", "pass", "par CTL 100 +2" }
  g:acts{ "pass", "pass", "pass" }
  g:act("buy CTL treasury")
  expect_eq(g:corporation("CTL").cash, 460)
  expect_eq(g:player("A").cash, 52)
  expect_eq(g:player("A").shares.CTL, 50)
  -- With L. 52 A could do nothing and would pass without being asked.
  g:give_cash("A", 200)
  g:acts{ "pass", "pass", "pass" }
  expect_eq(g:actor(), "A")
  g:refuse("sell CTL 1", "1849-R-070")
  g:act("buy CTL treasury")                            -- 60 %: the most allowed
  g:acts{ "pass", "pass", "pass" }
  g:refuse("buy CTL treasury", "1849-R-075")
  expect_eq(g:player("A").shares.CTL, 60)
end)

-- RCS started by A at L. 100 (the setter charges A 200), then the
-- certificates `a` and `b` (lists of "10" and "L") given to A and B.
local function rcs_held(a, b)
  local g = first_stock_round(SFA_FIRST)
  g:give_cash("A", 300)
  g:start("RCS", "A", 100)
  for _, c in ipairs(a) do g:give_share("RCS", "A", c == "L" and "last" or nil) end
  for _, c in ipairs(b) do g:give_share("RCS", "B", c == "L" and "last" or nil) end
  return g
end

test("1849-R-085, R-086 (WE-05 1): B buys to 40 % against A's 30 %: A hands over the presidency for two 10 %", function()
  local g = rcs_held({ "10" }, { "10", "10", "10" })
  expect_eq(g:corporation("RCS").president, "A")       -- 30 % each: no change
  expect_eq(g:actor(), "B")
  g:act("buy RCS treasury")
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(certs(g, "RCS", "A"), { "10", "10", "10" })
  expect_eq(certs(g, "RCS", "B"), { "10", "10", "P" })
end)

test("1849-R-087 (WE-05 2): A sells to 20 % below B's 30 %; B holds one 10 %, so the last certificate is exchanged", function()
  local g = rcs_held({ "10" }, { "L", "10" })
  next_stock_round(g, "A")                              -- RCS has operated
  expect_eq(g:corporation("RCS").price, 90)            -- no train, no revenue: one column left
  g:act("sell RCS 1")
  expect_eq(g:corporation("RCS").president, "B")
  expect_eq(certs(g, "RCS", "A"), { "L" })
  expect_eq(certs(g, "RCS", "B"), { "10", "P" })
  expect_eq(g:corporation("RCS").pool_percent, 10)
  expect_eq(g:corporation("RCS").price, 86)            -- one row down (1849-R-068)
end)

test("1849-R-087 (WE-05 3): A sells to 30 % below B's 40 %; A chooses B's last certificate or two 10 %", function()
  local outcomes = {}
  for _, choice in ipairs({ "choose 1", "choose 2" }) do
    local g = rcs_held({ "10", "10" }, { "L", "10", "10" })
    next_stock_round(g, "A")
    g:act("sell RCS 1")
    expect_eq(g:actor(), "A")                          -- the outgoing president chooses
    expect_eq(g:moves(), { "choose 1", "choose 2" })
    g:act(choice)
    expect_eq(g:corporation("RCS").president, "B")
    outcomes[#outcomes + 1] = { A = certs(g, "RCS", "A"), B = certs(g, "RCS", "B") }
  end
  table.sort(outcomes, function(x, y) return #x.A < #y.A end)
  expect_eq(outcomes, {
    { A = { "10", "L" }, B = { "10", "10", "P" } },         -- (i) B's last certificate
    { A = { "10", "10", "10" }, B = { "L", "P" } },         -- (ii) two of B's 10 %
  })
end)

test("1849-R-077, A-19: a sale the seller could not deliver after the presidency exchange is refused", function()
  -- A holds only the president's certificate, B only the last one (20 %
  -- each). Selling 10 % would make B director, and B's only exchange is the
  -- indivisible last certificate, of which A could not sell 10 %.
  local g = rcs_held({}, { "L" })
  next_stock_round(g, "A")
  g:refuse("sell RCS 1", "1849-R-077", "no certificates worth exactly that")
  expect_eq(g:corporation("RCS").president, "A")
  expect_eq(certs(g, "RCS", "A"), { "P" })
  expect_eq(certs(g, "RCS", "B"), { "L" })
end)

test("1849-R-088 (WE-05 extra): after the president's sale, a tie above the seller goes to the first player clockwise", function()
  local g = rcs_held({ "10", "10" }, { "10", "10", "10" })
  g:give_share("RCS", "C")
  g:give_share("RCS", "C", "last")
  next_stock_round(g, "A")
  g:act("sell RCS 2")
  expect_eq(g:corporation("RCS").president, "B")       -- B and C hold 30 %; B sits first after A
  expect_eq(g:player("A").shares.RCS, 20)
  expect_eq(g:player("C").shares.RCS, 30)
end)

-- RCS, IFT and ATA (no routes, so no train needed) stacked on one cell in
-- that order, top first; C holds 10 % of each. After an operating round
-- they may be sold; they stand on L. 90 then.
local function three_on_one_cell()
  local g = first_stock_round(SFA_FIRST)
  g:give_cash("B", 1000)
  for _, c in ipairs({ "RCS", "IFT", "ATA" }) do
    g:start(c, "B", 100)
    g:give_share(c, "C")
  end
  for _, c in ipairs({ "RCS", "IFT", "ATA" }) do g:set_price(c, 100) end
  expect_eq(g:value_order(), { "RCS", "IFT", "ATA", "SFA" })
  next_stock_round(g, "C")
  expect_eq(g:value_order(), { "RCS", "IFT", "ATA", "SFA" })
  expect_eq(g:share_price("ATA"), 90)
  return g
end

test("1849-R-068, R-069 (WE-09): selling three corporations in one turn keeps their stack order", function()
  for _, sales in ipairs({ { "RCS", "IFT", "ATA" }, { "ATA", "IFT", "RCS" }, { "IFT", "ATA", "RCS" } }) do
    local g = three_on_one_cell()
    local cash = g:player("C").cash
    for _, c in ipairs(sales) do g:act("sell " .. c .. " 1") end
    expect_eq(g:player("C").cash - cash, 270, "each sold at its price before the drop")
    for _, c in ipairs(sales) do expect_eq(g:share_price(c), 86, c) end
    expect_eq(g:value_order(), { "RCS", "IFT", "ATA", "SFA" }, "sold " .. table.concat(sales, ", "))
  end
end)
