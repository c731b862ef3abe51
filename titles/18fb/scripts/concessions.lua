-- Concessions (§3.3.2; 18FB-R-036 .. R-041): a major of PH1-PH4 starts
-- when a player acquires its concession: he pays the deposit due to the
-- bank, pars it and buys the president's certificate (the core's `par`),
-- and the major is floated at once in Building state. The deposit is held
-- on the concession (`deposit.<corp>`) for the refunds at its
-- destinations; `concession.<corp>` names its holder.
--
-- The deposit due (A-13): the phase's tier (full, the printed half, or
-- nothing; phases.toml props.deposit), one tier lower with the
-- corporation's political card (R-039) or else, once per game, Riseis
-- (R-040: asked, since its holder chooses the concession); FST's is 0
-- once LTF's concession is taken (R-038).

local TIERS = { "full", "half", "zero" }

local function concession(game, corp) return (game:props().concessions or {})[corp] end

local function tier_index(name) for i, t in ipairs(TIERS) do if t == name then return i end end return #TIERS end

local function amount_at(c, tier)
  if tier == 1 then return c.deposit[1] elseif tier == 2 then return c.deposit[2] end
  return 0
end

-- The deposit `player` owes for `corp`'s concession now, and why;
-- `riseis` asks for the amount with Riseis used as well.
function S.deposit_due(game, corp, player, riseis)
  local c = concession(game, corp)
  if c.free_if_acquired and (game:var("concession." .. c.free_if_acquired) or game:var("withdrawn." .. c.free_if_acquired)) then   -- acquired, even if withdrawn since (R-043)
    return 0, c.free_if_acquired .. "'s concession is taken: no deposit (18FB-R-038)"
  end
  local phase_tier = game:phase_props().deposit or "zero"
  local tier = tier_index(phase_tier)
  local why = "the " .. phase_tier .. " deposit of phase " .. game:phase() .. " (18FB-R-037)"
  if c.card and game:company_field(c.card, "owner") == player then
    tier = tier + 1
    why = why .. ", one tier less with " .. c.card .. " (18FB-R-039)"
  elseif riseis then
    tier = tier + 1
    why = why .. ", one tier less with Riseis (18FB-R-040)"
  end
  return amount_at(c, math.min(tier, #TIERS)), why
end

-- May `player` use Riseis on this concession: holds it unused, and it saves something.
local function riseis_helps(game, corp, player)
  if game:company_field("RIS", "owner") ~= player or game:company_field("RIS", "used") then return false end
  local c = concession(game, corp)
  if c.card and game:company_field(c.card, "owner") == player then return false end   -- A-13: no two discounts
  return S.deposit_due(game, corp, player, true) < S.deposit_due(game, corp, player, false)
end

on("corporation_started", function(game, ev)
  local corp, player = ev.corp, ev.player
  if concession(game, corp) == nil or game:phase_props().deposit == nil then return end   -- PH5+: no concessions (R-151)
  local due, why = S.deposit_due(game, corp, player, false)
  local cash = game:player_field(player, "cash")
  if cash < due then
    fail(player .. " cannot pay " .. corp .. "'s deposit of " .. game:money(due) .. " (" .. why .. ") after its certificate: "
      .. game:money(cash) .. " left", "18FB-R-036")
  end
  if due > 0 then game:transfer(player, "bank", due) end
  game:set_var("deposit." .. corp, due)
  game:set_var("concession." .. corp, player)
  game:log(player .. " acquires " .. corp .. "'s concession, deposit " .. game:money(due) .. " (" .. why .. ")")
  game:set_corporation_state(corp, "building")                 -- R-036
  if riseis_helps(game, corp, player) then
    local with = S.deposit_due(game, corp, player, true)
    game:ask(player, "use Riseis on " .. corp .. "'s concession: deposit " .. game:money(with) .. " instead of " .. game:money(due) .. "? (18FB-R-040)",
      { "use", "keep" }, "riseis", { corp = corp, saving = due - with })
  end
end)

ability("riseis", {
  choose = function(game, player, choice, data)
    if choice ~= "use" then return end
    game:use_company("RIS")
    game:transfer("bank", player, data.saving)
    game:set_var("deposit." .. data.corp, game:var("deposit." .. data.corp) - data.saving)
    game:log(player .. " uses Riseis: " .. data.corp .. "'s deposit is " .. game:money(game:var("deposit." .. data.corp)) .. " (18FB-R-040)")
  end,
})

-- What players see of a major (the REPL's `corps` and `corp X`): the
-- concession's holder and the deposit held on it.
hook("corporation_facts", function(game, corp, facts)
  local holder = game:var("concession." .. corp)
  if holder ~= nil then
    facts[#facts + 1] = "concession: " .. holder
    facts[#facts + 1] = "deposit: " .. game:money(game:var("deposit." .. corp) or 0)
  end
  return facts
end)
