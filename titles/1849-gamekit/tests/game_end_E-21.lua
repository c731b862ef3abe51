-- The end at L. 377 (game kit 5, Standings Round; difference E-21 of
-- shared/rules/1849.md §6): "If a Corporation's market value reaches
-- L. 377 at the end of a Stock Round, the game still ends after the
-- Operating Round of the first Corporation with a value of L. 377." V6
-- (1849-R-176, A-27): after the turn of the first corporation "that has
-- reached L. 377 during the game". Played by the setting end_cell_turn =
-- "standing" (title.toml): the game ends after the turn of the first
-- corporation that stands on L. 377 when its turn begins.
--
-- In play both readings end the game after the same turn: a market token
-- reaches L. 377 only at the end of a stock round (or in its own operating
-- turn, which ends the game after that turn in both editions,
-- 1849-R-175), and the corporation on L. 377 is the first to operate. They
-- differ only on a position that setters build: a corporation that
-- reached L. 377 and left it before its turn.
--
-- The game kit's other words on the end follow V6: the bank's end
-- (1849-R-177, R-178; the game kit's suggestion that the players may
-- refill the bank equally changes no standing and is not played), the
-- loans (1849-R-180).

-- Four players: A starts SFA through the RSA; B holds all of RCS and C
-- starts IFT; phase 16. RCS stands on L. 328, just below L. 377. B takes
-- `b_shares` (default 4) more RCS certificates; `title` plays 1849 itself.
-- 1849's tests/lib/play.lua.
local near_377 = test_lib("play").near_377

test("1849GK-E-21: the end of a stock round lifts RCS to L. 377; the game ends after RCS's turn, whatever it earns", function()
  local g = near_377()
  while g:round().kind == "stock" do g:act("pass") end
  expect_contains(g:log(), "RCS share price moves from L. 328 to L. 377")
  expect_eq(g:actor(), "RCS")
  while g:actor() == "RCS" do g:act("pass") end
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "stock_market")
  expect_eq(g:share_price("RCS"), 340)                 -- it earned nothing and fell back
  expect_eq(g:corporation("IFT").operated, 0)
end)

-- RCS reaches L. 377 in the stock round and is put back to L. 328 before
-- the operating round (setters only). One certificate stays in its
-- treasury, so the end of the round does not lift it (1849-R-093).
local function reached_and_left(title)
  local g = near_377(title, 3)
  g:set_price("RCS", 377)
  g:set_price("RCS", 328)
  expect_eq(g:corporation("RCS").reached_end, true)
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:actor(), "RCS")
  while g:actor() == "RCS" do g:act("pass") end
  return g
end

test("1849GK-E-21: a corporation that reached L. 377 but no longer has that value does not end the game", function()
  local g = reached_and_left()
  expect_eq(g:over(), false)
  expect_eq(g:actor(), "IFT")
end)

test("1849GK-E-21: V6 (1849-R-176, A-27) ends it after that corporation's turn", function()
  local g = reached_and_left("1849")
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "stock_market")
end)

test("1849GK-E-21: the bank's end still holds when the corporation that reached L. 377 no longer stands on it", function()
  local g = near_377(nil, 3)
  g:give_cash("D", g:bank() + 10)                     -- the bank breaks in the stock round
  g:set_price("RCS", 377)                              -- and RCS reaches L. 377 and leaves it
  g:set_price("RCS", 328)
  while g:round().kind == "stock" do g:act("pass") end
  local guard = 0
  while not g:over() and guard < 200 do
    g:act("pass")
    guard = guard + 1
  end
  expect_eq(g:over(), true)
  expect_eq(g:result().reason, "bank")                 -- after the set of operating rounds (1849-R-177)
end)
