-- Mergers (BND-R-126 .. R-130): `do merge target=X into=Y`, by the
-- operating railway when it is one of the two, merges X into Y with
-- game:merge. With `keep=1` the target's tokens stay on the map and the
-- acquirer's replace them where it has none on the hex and a token left
-- (game:replace_token), as 1865's absorptions do; the others go back to
-- the target's charter (game:remove_tokens with a corporation).
-- The move is never listed, so the other tests' moves stay as they were.

ability("merge", {
  unbound = true,
  actions = function(game, ctx) return {} end,
  process = function(game, ctx, args)
    local target, into = args.target, args.into
    if ctx.actor ~= target and ctx.actor ~= into then
      fail(ctx.actor .. " may merge only itself or into itself", "BND-R-126")
    end
    local keep = args.keep == 1
    -- Checked after the merger, on purpose: a failing script undoes it (BND-R-130).
    local function check_keep()
      if args.keep ~= nil and args.keep ~= 0 and args.keep ~= 1 then fail("keep must be 0 or 1", "BND-R-130") end
    end
    local hexes = {}
    for _, t in ipairs(game:corporation(target).tokens) do
      if t.hex then hexes[#hexes + 1] = t.hex end
    end
    game:merge(target, into, { keep_tokens = keep })
    check_keep()
    if keep then
      for _, hex in ipairs(hexes) do
        local mine = false
        for _, c in ipairs(game:hex(hex).tokens) do if c == into then mine = true end end
        local spare = false
        for _, t in ipairs(game:corporation(into).tokens) do if not t.hex and not t.lost then spare = true end end
        if mine or not spare then
          game:remove_tokens(hex, false, target)   -- only the target's token leaves
        else
          game:replace_token(hex, target, into)    -- the acquirer's takes its slot
        end
      end
    end
    return true
  end,
})
