-- Positions for the Unification / regional tests (unification_*,
-- rcr_*, regional_operation_*): scripts/unification.lua, regionals.lua.
local R = {}
local P = test_lib("play")
R.after_pr, R.logged = P.after_pr, P.logged

-- Plays the Regional Companies Round now under way: each regional is
-- picked in its order of play; `wins` = { FG = { "B", 150 } } gives the
-- player who bids that amount for it (everyone else passes); the rest go
-- to the Pool.
function R.auction(g, wins)
  wins = wins or {}
  local n = 0
  while g:round().name == "regional" do
    n = n + 1
    expect_true(n < 100, "the regional round did not end")
    local corp = g:var("rcr.corp")
    if corp == nil then
      g:act(g:moves()[1])
    else
      local w = wins[corp]
      if w and g:actor() == w[1] and g:var("rcr.high") == nil then
        g:act("do bid corp=" .. corp .. " price=" .. w[2])
      else
        g:act("pass")
      end
    end
  end
end

-- A game where PH5 begins in stock round 1 and nobody has started a
-- corporation: everyone passes, the (empty) first operating round ends and
-- the Regional Companies Round begins, B (the priority holder) to pick.
function R.at_rcr()
  local g = R.after_pr()
  g:set_phase("PH5")
  while g:round().kind == "stock" do g:act("pass") end
  expect_eq(g:round().name, "regional")
  return g
end

-- R.at_rcr, with the auction played (`wins` as R.auction): the late
-- operating round follows, its first operator to act.
function R.after_rcr(wins)
  local g = R.at_rcr()
  R.auction(g, wins)
  return g
end

-- A game where PH5 begins as it does in play: NN (A, par 100) buys the
-- first PH5 train in its first operating turn (the PH3 and PH4 trains
-- PH2 .. PH4 trains given to it first, PH4 set); the RCR follows that OR and is played
-- (`wins` as R.auction); the late OR's first operator is to act.
function R.ph5_bought(wins)
  local g = R.after_pr()
  g:act("par NN 100")
  while g:round().kind == "stock" do g:act("pass") end
  g:set_phase("PH4")
  for _, c in ipairs({ "PH2", "PH2", "PH2", "PH2", "PH2", "PH3", "PH3", "PH3", "PH3", "PH4", "PH4", "PH4" }) do g:give_train("NN", c) end
  g:give_cash("NN", 700)
  local n = 0
  while g:step() ~= "buy_train" do
    g:act("pass")
    n = n + 1
    expect_true(n < 20, "NN's train step not reached")
  end
  g:act("train PH5")
  expect_eq(g:phase(), "PH5")
  while g:round().kind == "operating" do g:act("pass") end
  R.auction(g, wins)
  return g
end

-- The first legal move that starts with `prefix`, or nil.
function R.first(moves, prefix)
  for _, m in ipairs(moves) do if m:sub(1, #prefix) == prefix then return m end end
  return nil
end

return R
