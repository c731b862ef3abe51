-- State aid loans (§5.5): L. 500 each, only to complete an absorption
-- (scripts/absorb.lua), at most 3 outstanding, no interest; repaid at any
-- moment of the company's own turn, L. 500 each in full (1865-R-174 ..
-- R-177). At the end each one takes L. 50 off the company's price per
-- share unit (R-178, scripts/scoring.lua).

function S.take_company_loan(game, corp)
  local n = S.loans(game, corp)
  if n >= game:props().max_company_loans then
    fail(corp .. " already owes " .. n .. " loans, the most a company may", "1865-R-175")
  end
  game:transfer("bank", corp, game:props().loan)
  game:set_var("loans." .. corp, n + 1)
  game:log(corp .. " takes a state aid loan of " .. game:money(game:props().loan) .. " (" .. (n + 1) .. " outstanding, 1865-R-174)")
end

-- Any moment of the company's own turn (1865-R-177): an ability every
-- corporation has.
ability("repay_loan", {
  unbound = true,
  actions = function(game, ctx)
    local corp = ctx.actor
    if ctx.actor_kind ~= "corporation" or game:operating() ~= corp then return {} end
    if S.loans(game, corp) == 0 or game:corporation_field(corp, "cash") < game:props().loan then return {} end
    return { { name = "repay_loan", args = {} } }
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if ctx.actor_kind ~= "corporation" then fail("a company repays its loans in its own turn", "1865-R-177") end
    local n = S.loans(game, corp)
    if n == 0 then fail(corp .. " owes no loan", "1865-R-177") end
    local loan = game:props().loan
    if game:corporation_field(corp, "cash") < loan then
      fail("a loan is repaid in full: " .. game:money(loan) .. ", and " .. corp .. " has " .. game:money(game:corporation_field(corp, "cash")), "1865-R-177")
    end
    game:transfer(corp, "bank", loan)
    game:set_var("loans." .. corp, n - 1)
    game:log(corp .. " repays a loan of " .. game:money(loan) .. " (" .. (n - 1) .. " outstanding, 1865-R-177)")
  end,
})
