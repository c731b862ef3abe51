-- A second rule on hooks that scripts/hooks.lua already answers, and two
-- conditions on one yes/no hook (BND-R-040 .. R-043): the core combines
-- the definitions of a hook as the hook says (docs/lua-api.md, "Hooks":
-- all must allow, amounts add up, or each gets the answer so far). Each
-- answers only when the game's setup asks for it.

-- BND-R-040: two conditions on passing; both hold.
hook("can_pass", function(game, who, step)
  if game:var("setup.no_pass_step") == step then
    return false, "no passing in " .. step, "BND-R-040"
  end
end)

hook("can_pass", function(game, who, step)
  if game:var("setup.no_pass_by") == who then
    return false, who .. " may not pass", "BND-R-040"
  end
end)

-- BND-R-041: a second bonus on a run with routes, added to hooks.lua's.
hook("run_bonus", function(game, corp, routes)
  if #routes > 0 then return game:var("setup.second_run_bonus") end
end)

-- BND-R-042: a cap on the starting prices: it gets the prices offered so
-- far (hooks.lua's answer, or the core's) and keeps those under the cap.
hook("par_prices", function(game, corp, prices)
  local cap = game:var("setup.par_cap")
  if cap == nil then return nil end
  local out = {}
  for _, p in ipairs(prices) do
    if p <= cap then out[#out + 1] = p end
  end
  return out
end)

-- BND-R-043: a hook that answers a question sees the game read-only: this
-- one tries to write, which is a script error naming this line.
hook("can_pass", function(game, who, step)
  if game:var("setup.write_in_question") then
    game:set_var("asked", true)
  end
end)
