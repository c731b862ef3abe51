-- Price moves besides the dividend's (§3.11): a company that buys one or
-- more brand-new trains from the bank in its turn moves one space right,
-- once a turn, after the dividend's move (1865-R-069, R-074). Used trains
-- move nothing. Tokens entering a space go to the bottom of its stack
-- (R-073: the core's rule).

on("train_bought", function(game, ev)
  if not ev.new or game:round().kind ~= "operating" or game:operating() ~= ev.corp then return end
  if game:turn_var("new_train_move") then return end
  game:set_turn_var("new_train_move", true)
  game:move_price(ev.corp, "right", 1)
  game:log(ev.corp .. " bought a new train: one space right (1865-R-069)")
end)
