-- Electric Dreams, a variant (V6 §14.3; 1849-R-191 .. R-196, ambiguities
-- A-24, A-35, A-36, A-43).
--
-- E tokens are bought in step 5 of the operating turn (1849-R-183), before
-- the trains; game:var("e_token.<CORP>") is true for a corporation that
-- owns one, game:var("e_tokens_sold") counts the sales. The E trains are
-- data (trains.toml: unlimited, standard and dual track only, the four
-- major cities double); the option sets their number to six.

local E_TOKENS = 6

local function electric(game)
  return game:option("electric_dreams") or game:option("electric_dreams_without_token_rights")
end

local function has_e_token(game, corp)
  return game:var("e_token." .. corp) == true
end

local function sold(game)
  return game:var("e_tokens_sold") or 0
end

-- 1849-R-191: the first E token costs L. 1,100 in phase 12 and L. 800 in
-- phase 16; each of the other five L. 800 in phase 12 and L. 550 in 16.
local function price(game)
  local late = not game:phase_before("16")
  if sold(game) == 0 then
    return late and 800 or 1100
  end
  return late and 550 or 800
end

local function may_buy(game, corp)
  return electric(game) and not game:phase_before("12") and sold(game) < E_TOKENS
    and not has_e_token(game, corp) and game:corporation_field(corp, "cash") >= price(game)
end

step("buy_e_token", {
  skip = function(game, corp) return not may_buy(game, corp) end,
  actions = function(game, corp)
    if may_buy(game, corp) then return { { name = "buy_e_token", args = {} } } end
    return {}
  end,
  process = function(game, corp, name, args)
    if name ~= "buy_e_token" then fail("at the E-token step: `do buy_e_token`, or `pass`", "1849-R-191") end
    if not electric(game) then fail("Electric Dreams is not in play", "1849-R-182") end
    if game:phase_before("12") then fail("E tokens are on sale once the 12H has been sold", "1849-R-191") end
    if has_e_token(game, corp) then fail(corp .. " already owns an E token: a corporation may own only one", "1849-R-192") end
    if sold(game) >= E_TOKENS then fail("all six E tokens have been sold", "1849-R-191") end
    local cost = price(game)
    local cash = game:corporation_field(corp, "cash")
    -- A-35: from the treasury only, no emergency money raising.
    if cash < cost then
      fail(corp .. " has " .. game:money(cash) .. " and the E token costs " .. game:money(cost) .. " from its treasury", "1849-R-191")
    end
    game:transfer(corp, "bank", cost)
    game:set_var("e_token." .. corp, true)
    game:set_var("e_tokens_sold", sold(game) + 1)
    game:log(corp .. " buys an E token for " .. game:money(cost) .. " and may now own E trains")
    return true
  end,
  may_pass = function(game, corp) return true end,
})

-- 1849-R-194, A-43: only a corporation owning an E token may buy an E
-- train, from the bank or from another corporation. The core counts only
-- trains a corporation may own as its "cheapest train" in EMR (A-24).
hook("can_buy_train", { when = { args = { variant = "E" } } }, function(game, corp, variant)
  if variant == "E" and not has_e_token(game, corp) then
    return false, corp .. " has no E token: only a corporation with an E token may own E trains", "1849-R-194"
  end
  return true
end)

-- 1849-R-192: E tokens never change hands. A corporation that closes loses
-- its E token with its trains (R-167 removes what it owns; the token is
-- not sold again) and restarts without one.
on("corporation_closed", function(game, ev)
  if has_e_token(game, ev.corp) then
    game:set_var("e_token." .. ev.corp, nil)
    game:log(ev.corp .. "'s E token is out of the game")
  end
end)
