-- Slots beyond corporations' tokens (BND-R-146 .. R-154): abilities the
-- operating railway uses through `do ...`, never listed (so the other
-- tests' moves stay as they were).
--   do bourbon hex=E15 token=N7 cost=40   replaces the neutral token N7 by
--                                          the railway's token, for `cost`
--   do unreserve hex=C15 corp=SRR         removes SRR's reservation there
--   do unhome hex=G15                      the railway's token there leaves
--                                          and its slot is reserved for it

ability("bourbon", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    local cost = args.cost or 0
    if cost > 0 then game:transfer(ctx.actor, "bank", cost) end
    game:replace_neutral_token(args.hex, args.token, ctx.actor)
    return true
  end,
})

ability("unreserve", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    if not game:remove_reservation(args.hex, args.corp) then
      fail(args.corp .. " has no reservation in " .. args.hex, "BND-R-153")
    end
    return true
  end,
})

ability("unhome", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    game:remove_tokens(args.hex, false, ctx.actor)
    game:reserve(args.hex, ctx.actor)
    return true
  end,
})
