-- The subsidy step (BND-R-010 .. R-013): a step of the operating turn
-- written in Lua, with its own action `do subsidy amount=N`.
--
-- BND-R-010  A subsidy is 10, 20, 30 or 40, paid by the bank.
-- BND-R-011  It is at most 40 less 10 for each train the railway owns.
-- BND-R-012  A railway without a train must collect; with one it may pass.
-- BND-R-013  A railway collects at most 100 in the whole game; after
--            that the step is skipped.

local TOTAL = 100

local function collected(game, corp)
  return game:var("subsidy." .. corp) or 0
end

local function limit(game, corp)
  local by_trains = 40 - 10 * #game:corporation(corp).trains
  return math.min(by_trains, TOTAL - collected(game, corp))
end

step("collect_subsidy", {
  actions = function(game, corp)
    local out = {}
    for n = 10, limit(game, corp), 10 do
      out[#out + 1] = { name = "subsidy", args = { amount = n } }
    end
    return out
  end,

  skip = function(game, corp)
    return limit(game, corp) < 10
  end,

  may_pass = function(game, corp)
    return #game:corporation(corp).trains > 0
  end,

  process = function(game, corp, action, args)
    if action ~= "subsidy" then
      fail("the subsidy step takes `do subsidy amount=N`, not `do " .. action .. "`", "BND-R-010")
    end
    local n = args.amount
    if math.type(n) ~= "integer" or n < 10 or n > 40 or n % 10 ~= 0 then
      fail("a subsidy is 10, 20, 30 or 40, not " .. tostring(n), "BND-R-010")
    end
    local max = limit(game, corp)
    if n > max then
      if collected(game, corp) + n > TOTAL then
        fail(corp .. " has collected " .. game:money(collected(game, corp)) .. " of its " .. game:money(TOTAL), "BND-R-013")
      end
      fail(corp .. " may collect at most " .. game:money(max) .. " with its trains", "BND-R-011")
    end
    game:transfer("bank", corp, n)
    game:set_var("subsidy." .. corp, collected(game, corp) + n)
    game:log(corp .. " collects a subsidy of " .. game:money(n))
    return true
  end,
})
