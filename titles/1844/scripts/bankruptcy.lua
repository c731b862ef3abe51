-- Bankruptcy, only with the option `website` (setting debt_bankruptcy).
-- The rulebook has none: the bank lends what a director lacks for a train
-- and the debt grows without limit (1844-R-153). The 18xx.games website
-- also lets the director of a company that must buy a train go bankrupt
-- instead, when the company's cash, the director's cash and every share
-- sale they could make together fall short of the cheapest train: the core
-- has then made those sales (no presidency changes); the director's cash
-- goes to the bank and the game ends at once. The final values are counted
-- as usual (scoring.lua): the bankrupt director keeps what they could not
-- sell, their certificates and their debt.

hook("emergency_failed", function(game, corp, player)
  local cash = game:player(player).cash
  if cash > 0 then game:transfer(player, "bank", cash) end
  game:set_var("bankrupt", player)
  game:log(player .. " goes bankrupt (" .. corp .. " cannot buy a train); their " .. game:money(cash) .. " go to the bank")
  game:end_game("bankrupt")
end)
