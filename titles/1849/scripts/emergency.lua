-- When the president cannot raise the money for a required train
-- (1849-R-160, R-161): all their cash goes to the treasury, the
-- corporation closes, and a president left without shares either leaves
-- the game or takes a L. 500 loan (L. 750 off the final total).

hook("emergency_failed", function(game, corp, player)
  local cash = game:player_field(player, "cash")
  if cash > 0 then game:transfer(player, corp, cash) end
  game:close_corporation(corp)
  local shares = 0
  for _, pct in pairs(game:player_field(player, "shares")) do shares = shares + pct end
  if shares == 0 then
    -- Noted, so that a bond repaid on this closure does not ask again (bonds.lua).
    game:set_var("loan_offered." .. player, true)
    game:ask(player, player .. " has no shares left: take a L. 500 loan or leave the game?",
      { "loan", "leave" }, "emergency_loan")
  end
end)

ability("emergency_loan", {
  choose = function(game, player, choice, data)
    game:set_var("loan_offered." .. player, nil)
    if choice == "loan" then
      game:take_loan(player, 500)
      game:log(player .. " takes a L. 500 loan (L. 750 off the final total)")
    else
      game:leave_game(player)
      game:log(player .. " leaves the game")
    end
  end,
})
