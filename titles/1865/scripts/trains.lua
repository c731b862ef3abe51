-- Trains (§4.6 - §4.9). A company with traffic must own a train; one
-- without traffic need not (1865-R-142). Maritime companies are not
-- trains (R-143: the core counts trains only). Phase 5 discards the
-- maritime companies players still hold (R-026, scripts/maritime.lua).

hook("must_buy_train", function(game, corp, default)
  return S.traffic(game, corp) > 0 and #game:corporation_field(corp, "trains") == 0
end)

-- Bankruptcy (§4.9, 1865-R-147, R-148, A-25): a president who cannot pay
-- for the train even after selling all he may (the core has made those
-- sales) takes as few L. 500 state loans as cover what is missing, keeps
-- any excess and stays in the game; the company spends all its cash, he
-- adds the rest, and the company has its train: the cheapest on sale, so
-- that the loans are fewest. Each loan is L. 500 off the final score
-- (scripts/scoring.lua).
hook("emergency_failed", function(game, corp, player)
  local cheapest
  for _, offer in ipairs(game:trains_on_sale()) do
    if cheapest == nil or offer.price < cheapest.price then cheapest = offer end
  end
  if cheapest == nil then return end
  local treasury = game:corporation_field(corp, "cash")
  local short = cheapest.price - treasury
  local loan = game:props().loan
  local n = 0
  while game:player_field(player, "cash") + n * loan < short do n = n + 1 end
  for _ = 1, n do game:take_loan(player, loan) end
  game:log(player .. " is bankrupt: " .. n .. " state loan(s) of " .. game:money(loan) .. " (1865-R-147)")
  game:transfer(player, corp, short)
  -- bought as any purchase is: the first of a class starts its phase
  game:sell_train(cheapest.id or cheapest.variant, corp, cheapest.price)
end)
