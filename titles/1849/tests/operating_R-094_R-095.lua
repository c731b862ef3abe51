-- The structure of an operating round and of an operating turn (1849 V6
-- §10; rules 1849-R-094, R-095; ambiguity A-07).

local P = test_lib("play")

local function game()
  local g = P.sfa_started()
  for _, p in ipairs({ "B", "C", "D" }) do g:give_cash(p, 1000) end
  return g
end

-- One step of play: run, withhold, or pass.
local advance = P.advance

-- The log lines of the first operating round that pay privates or open a turn.
local function or_log(g)
  local out, inside = {}, false
  for _, line in ipairs(g:log()) do
    if line:find("^%-%- operating round") then inside = true
    elseif line:find("^%-%-") then inside = false end
    if inside and (line:find(" pays L%. ") or line:find(" operates ")) then
      out[#out + 1] = line:match("^(%S+ %S+)")
    end
  end
  return out
end

test("1849-R-094: an operating round opens with the private payouts, then each started corporation operates once, in market value order", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "D", 68)
  g:set_price("IFT", 144)
  g:set_price("RCS", 95, 7)                            -- L. 95 far right: before ATA's L. 95
  g:set_price("ATA", 95, 0)
  expect_eq(g:value_order(), { "IFT", "RCS", "ATA", "SFA" })
  while g:round().kind == "stock" do g:act("pass") end
  local seen = {}
  while g:round().kind == "operating" do
    local a = g:actor()
    if seen[#seen] ~= a then seen[#seen + 1] = a end
    advance(g)
  end
  expect_eq(seen, { "IFT", "RCS", "ATA", "SFA" })
  expect_eq(or_log(g), {
    "P1 pays", "P2 pays", "P3 pays", "P4 pays", "P5 pays",
    "IFT operates", "RCS operates", "ATA operates", "SFA operates",
  })
end)

test("1849-R-094, A-07: before each turn the next corporation is the first not yet operated in the current value order", function()
  local g = game()
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "D", 68)
  g:set_price("RCS", 120)
  g:set_price("IFT", 90)
  g:set_price("ATA", 80)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RCS")
  -- During RCS's turn ATA's value rises above IFT's; RCS's own rises too.
  g:set_price("ATA", 144)
  g:set_price("RCS", 202)
  while g:actor() == "RCS" do advance(g) end
  expect_eq(g:actor(), "ATA")
  while g:actor() == "ATA" do advance(g) end
  expect_eq(g:actor(), "IFT")
  while g:actor() == "IFT" do advance(g) end
  expect_eq(g:actor(), "SFA")                          -- RCS does not operate twice
  while g:round().kind == "operating" do advance(g) end
  expect_eq(or_log(g), {
    "P1 pays", "P2 pays", "P3 pays", "P4 pays", "P5 pays",
    "RCS operates", "ATA operates", "IFT operates", "SFA operates",
  })
end)

-- CTL (Marsala, next to Trapani) with a 4H and money, phase 6, at its
-- tile step.
local function ctl_turn()
  local g = game()
  g:start("CTL", "B", 100)
  g:set_phase("6")
  g:give_train("CTL", "4H")
  g:give_cash("CTL", 500)
  while g:round().kind == "stock" do g:act("pass") end
  while g:actor() ~= "CTL" do advance(g) end
  expect_eq(g:step(), "lay_tile")
  return g
end

test("1849-R-095: an operating turn runs tile, token, run, dividend, trains, financial step, in that order", function()
  local g = ctl_turn()
  -- Its second turn (the first has no financial step, 1849-R-164).
  while g:actor() == "CTL" do advance(g) end
  while g:actor() ~= "CTL" do advance(g) end
  expect_eq(g:round().set_index, 2)
  local steps = {}
  while g:actor() == "CTL" do
    if steps[#steps] ~= g:step() then steps[#steps + 1] = g:step() end
    advance(g)
  end
  expect_eq(steps, { "lay_tile", "place_token", "run_routes", "dividend", "buy_train", "issue_shares" })
end)

test("1849-R-095: no step is taken out of order or gone back to", function()
  local g = ctl_turn()
  -- The token step comes after the tile step; the tile step must be done or skipped first.
  g:refuse("token C1", "1849-R-095")
  g:refuse("run auto", "1849-R-095")
  g:refuse("train 4H", "1849-R-095")
  g:act("lay F2 7 1")
  expect_eq(g:step(), "place_token")
  g:refuse("lay D2 8 0", "1849-R-111")                 -- one tile a turn: its step is over
  g:act("token C1")
  expect_eq(g:step(), "run_routes")
  g:refuse("issue 1", "1849-R-095")
  g:act("run auto")
  g:refuse("train 4H", "1849-R-095")                   -- the dividend first
  g:act("payout")
  expect_eq(g:step(), "buy_train")
  g:refuse("token M9", "1849-R-128")                   -- its one token is placed
  g:refuse("issue 1", "1849-R-095")
  g:act("train 4H")
  g:act("pass")                                        -- no more trains
  -- No financial step in its first round: only private purchases are left.
  expect_eq(g:step(), nil)
  g:refuse("train 4H", "1849-R-095")
  g:refuse("issue 1")
end)

test("1849-R-095: skipped steps stay skipped", function()
  local g = ctl_turn()
  g:act("pass")                                        -- no tile
  expect_eq(g:step(), "place_token")
  g:act("pass")                                        -- no token
  expect_eq(g:step(), "run_routes")
  g:refuse("lay F2 7 1", "1849-R-095")
  g:refuse("token C1", "1849-R-095")
  expect_eq(g:hex("C1").tokens, {})
end)
