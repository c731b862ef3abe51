-- Bonds, a variant (V6 §14.2; 1849-R-185 .. R-190, ambiguities A-33, A-34).
--
-- Each corporation has one bond of L. 500; game:var("bond.<CORP>") is true
-- while it is out. Its three steps follow the financial step (1849-R-183):
-- 8 pay interest, 9 repay, 10 issue. The steps exist only when the option
-- "bonds" inserts them (title.toml); the end-of-game value is in
-- scoring.lua.

local BOND = 500
local INTEREST = 50

local function bond_out(game, corp)
  return game:var("bond." .. corp) == true
end

-- A president left without shares after a failed emergency takes a L. 500
-- loan or leaves (1849-R-161, A-33); emergency.lua asks the question and
-- notes it, so that it is asked once.
local function offer_loan(game, player)
  local shares = 0
  for _, pct in pairs(game:player_field(player, "shares")) do shares = shares + pct end
  if shares > 0 or game:var("loan_offered." .. player) then return end
  game:set_var("loan_offered." .. player, true)
  game:ask(player, player .. " has no shares left: take a L. 500 loan or leave the game?", { "loan", "leave" }, "emergency_loan")
end

-- 1849-R-186: L. 50 to the bank in every turn while the bond is out; the
-- step comes before repaying (R-187) and issuing (R-185), so no interest is
-- due in the turn of issue and interest is paid in the turn of repayment.
-- Nothing is chosen: it is paid as the step is reached. A treasury short of
-- L. 50 pays what it has and the president raises the rest (EMR, A-33).
-- The 18xx.games website paid no bond interest from 23 December 2024 to
-- 8 May 2025 (its interest step was passed over); an import reads the
-- actions recorded then so ([props.import_18xx] readings in title.toml).
step("pay_bond_interest", {
  skip = function(game, corp)
    if not bond_out(game, corp) then return true end
    if game:var("website.no_bond_interest") then return true end
    -- Two fields, not the whole corporation (`game:corporation` builds
    -- every field, its certificates and trains too).
    local c = {}
    c.cash, c.president = game:corporation_fields(corp, "cash", "president")
    if c.cash >= INTEREST then
      game:transfer(corp, "bank", INTEREST)
      game:log(corp .. " pays " .. game:money(INTEREST) .. " interest on its bond")
      return true
    end
    local short = INTEREST - c.cash
    game:transfer(corp, "bank", c.cash)
    game:log(corp .. " pays " .. game:money(c.cash) .. " of its bond interest; its president " .. c.president ..
      " owes the other " .. game:money(short) .. " (1849-R-186)")
    if game:raise_money(c.president, "bank", short, "bond_interest", { corp = corp }) then
      game:log(c.president .. " pays " .. game:money(short) .. " of " .. corp .. "'s bond interest")
    end
    return true
  end,
  actions = function(game, corp) return {} end,
})

ability("bond_interest", {
  -- A-33: EMR could not raise the interest: the corporation closes. Its
  -- president has sold what they could and paid all their cash, so its
  -- bond cannot be repaid either (R-188): it is written off.
  failed = function(game, player, short, data)
    game:log(player .. " cannot raise " .. data.corp .. "'s bond interest: " .. data.corp ..
      " closes and its bond is written off (1849-R-186, A-33)")
    game:set_var("bond." .. data.corp, nil)
    game:close_corporation(data.corp)
    offer_loan(game, player)
  end,
})

-- 1849-R-187: with L. 500 in its treasury a corporation may repay its bond:
-- the bond goes back to its charter and the token moves one column right.
local function may_repay(game, corp)
  return bond_out(game, corp) and game:corporation_field(corp, "cash") >= BOND
end

step("repay_bond", {
  skip = function(game, corp) return not may_repay(game, corp) end,
  actions = function(game, corp)
    if may_repay(game, corp) then return { { name = "repay_bond", args = {} } } end
    return {}
  end,
  process = function(game, corp, name, args)
    if name ~= "repay_bond" then fail("at the repay-bond step: `do repay_bond`, or `pass`", "1849-R-187") end
    if not bond_out(game, corp) then fail(corp .. " has no bond out to repay", "1849-R-187") end
    local cash = game:corporation_field(corp, "cash")
    if cash < BOND then
      fail(corp .. " has " .. game:money(cash) .. ": repaying the bond takes " .. game:money(BOND) .. " from the treasury", "1849-R-187")
    end
    game:transfer(corp, "bank", BOND)
    game:set_var("bond." .. corp, nil)
    game:log(corp .. " repays its bond for " .. game:money(BOND))
    game:move_price(corp, "right", 1)
    return true
  end,
  may_pass = function(game, corp) return true end,
})

-- 1849-R-185: from phase 8 a corporation may issue its bond at the end of
-- its turn: L. 500 from the bank, the token one column left. After
-- repaying in the same turn it may issue it again (A-34).
--
-- The phase is a parameter, [props.bonds] in title.toml, V6's value by
-- default: `issue_from_phase` (the first phase in which a bond may be
-- issued) and `issue_rule` (the rule id cited). The 1849 game kit
-- (titles/1849-gamekit) gives no phase (its E-05).
local function issue_params(game)
  local p = game:props().bonds or {}
  return p.issue_from_phase or "8", p.issue_rule or "1849-R-185"
end

local function may_issue(game, corp)
  return not game:phase_before((issue_params(game))) and not bond_out(game, corp)
end

step("issue_bond", {
  skip = function(game, corp) return not may_issue(game, corp) end,
  actions = function(game, corp)
    if may_issue(game, corp) then return { { name = "issue_bond", args = {} } } end
    return {}
  end,
  process = function(game, corp, name, args)
    local from_phase, rule = issue_params(game)
    if name ~= "issue_bond" then fail("at the issue-bond step: `do issue_bond`, or `pass`", rule) end
    if game:phase_before(from_phase) then fail("bonds may be issued from phase " .. from_phase .. " on", rule) end
    if bond_out(game, corp) then fail(corp .. " has already issued its one bond", rule) end
    game:transfer("bank", corp, BOND)
    game:set_var("bond." .. corp, true)
    game:log(corp .. " issues its bond and receives " .. game:money(BOND))
    game:move_price(corp, "left", 1)
    return true
  end,
  may_pass = function(game, corp) return true end,
})

-- 1849-R-188: a corporation closing with its bond out repays it at once,
-- first from its treasury (which the closure has just returned to the
-- bank: its first L. 500 repay the bond), then by EMR from its president.
-- What EMR cannot raise is written off (A-33). 1849-R-190: it restarts
-- with its bond on the charter.
on("corporation_closed", function(game, ev)
  if not bond_out(game, ev.corp) then return end
  game:set_var("bond." .. ev.corp, nil)
  local short = BOND - math.min(ev.cash, BOND)
  if short == 0 then
    game:log(ev.corp .. "'s treasury repays its bond (1849-R-188)")
    return
  end
  if ev.president == nil then
    game:log(ev.corp .. "'s treasury repays " .. game:money(BOND - short) .. " of its bond; the rest is written off")
    return
  end
  game:log(ev.corp .. "'s treasury repays " .. game:money(BOND - short) .. " of its bond; " .. ev.president ..
    " owes the other " .. game:money(short) .. " (1849-R-188)")
  if game:raise_money(ev.president, "bank", short, "bond_repayment", { corp = ev.corp }) then
    game:log(ev.president .. " pays " .. game:money(short) .. " toward " .. ev.corp .. "'s bond")
  end
end)

ability("bond_repayment", {
  failed = function(game, player, short, data)
    game:log(game:money(short) .. " of " .. data.corp .. "'s bond is written off (A-33)")
    offer_loan(game, player)
  end,
})
