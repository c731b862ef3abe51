-- Corporation states (BND-R-161 .. R-165, option states): `do state
-- to=running` by the operating railway moves it to another state with
-- game:set_corporation_state. Never listed, so other tests' moves stay.

ability("state", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    -- A transition the states do not allow is the player's mistake here:
    -- refused, naming the rule, rather than a script error.
    local ok, err = pcall(function() game:set_corporation_state(ctx.actor, args.to) end)
    if not ok then fail(tostring(err):gsub("^.-set_corporation_state: ", ""), "BND-R-164") end
    return false   -- the step goes on
  end,
})

-- BND-R-143: `do president corp=X to=P` hands a presidency over with
-- game:set_president and logs whether it changed hands. Never listed.
ability("president", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    local changed = game:set_president(args.corp, args.to)
    game:log("set_president " .. args.corp .. " " .. args.to .. ": " .. tostring(changed))
    return false
  end,
})
