-- Maritime companies (§2.6). Held by a player: L. 20 from the bank at the
-- start of every operating round (1865-R-099). Handed to a public company
-- (for free, for ever, 1865-R-149, R-150): +8 coverage with a train
-- (scripts/common.lua) and, once in the game, a traffic bonus equal to the
-- phase when the company has a station on its bonus location (R-133,
-- R-151, R-154, A-13). Phase 5 discards those players still hold (R-026).

-- The bonus of maritime company `m` for `corp`, if due now.
function S.maritime_bonus(game, corp, m)
  if game:var("bonus." .. m) then return end
  local places = game:company_field(m, "props").bonus
  for _, st in ipairs(S.stations(game, corp)) do
    if S.contains(places, st.hex) then
      game:set_var("bonus." .. m, true)
      S.add_traffic(game, corp, S.phase(game), m .. "'s bonus at " .. st.hex .. ", 1865-R-151")
      return
    end
  end
end

on("round_started", { when = { args = { kind = "operating" } } }, function(game, ev)
  if ev.kind ~= "operating" then return end
  local income = game:props().maritime_income
  for _, p in ipairs(game:players()) do
    for _, m in ipairs(game:player_field(p, "companies")) do
      if game:company_field(m, "kind") == "maritime" then
        game:transfer("bank", p, income)
        game:log(p .. " receives " .. game:money(income) .. " from " .. m .. " (1865-R-099)")
      end
    end
  end
end)

on("maritime_discard", function(game)
  for _, p in ipairs(game:players()) do
    for _, m in ipairs(game:player_field(p, "companies")) do
      if game:company_field(m, "kind") == "maritime" then
        game:close_company(m)
        game:log(m .. " held by " .. p .. " is discarded at phase 5 (1865-R-026)")
      end
    end
  end
end)

-- Who may hand maritime companies to the operating company: its president
-- (A-12), or with the option any player holding one.
local function givers(game, corp)
  if game:option("maritime_from_any_player") then return game:players() end
  local pres = game:corporation_field(corp, "president")
  if pres == nil then return {} end
  return { pres }
end

-- Any moment of the company's turn (1865-R-102): an ability every
-- corporation has.
ability("hand_maritime", {
  unbound = true,
  actions = function(game, ctx)
    if ctx.actor_kind ~= "corporation" or game:operating() ~= ctx.actor then return {} end
    local out = {}
    for _, p in ipairs(givers(game, ctx.actor)) do
      for _, m in ipairs(game:player_field(p, "companies")) do
        if game:company_field(m, "kind") == "maritime" then
          out[#out + 1] = { name = "hand_maritime", args = { maritime = m } }
        end
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp, m = ctx.actor, args.maritime
    if ctx.actor_kind ~= "corporation" then fail("a maritime company is handed to the operating company, in its turn", "1865-R-149") end
    if m == nil or game:company_field(m, "kind") ~= "maritime" then fail("name the maritime company to hand over: do hand_maritime maritime=M3", "1865-R-149") end
    local owner = game:company_field(m, "owner")
    if game:company_field(m, "owner_kind") ~= "player" or not S.contains(givers(game, corp), owner) then
      fail("only " .. corp .. "'s president may hand over one of their own maritime companies (A-12)", "1865-R-149")
    end
    game:give_company(m, corp)
    game:log(owner .. " hands " .. m .. " to " .. corp .. " (1865-R-149)")
    S.maritime_bonus(game, corp, m)
  end,
})
