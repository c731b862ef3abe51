-- Phase 1: the maritime draft (§2.5; 1865-R-008 .. R-011), a script round.
-- The priority holder picks first, then each player clockwise; the last
-- player picks twice in a row and the order runs back, so the priority
-- holder makes the first and the last pick. Cards are free; those nobody
-- picks leave the game. State: var draft.order (the picks still to come,
-- player names).

local function offered(game)
  local out = {}
  for _, id in ipairs(game:companies()) do
    if game:company_field(id, "kind") == "maritime" and game:company_field(id, "owner_kind") == "bank" then
      out[#out + 1] = id
    end
  end
  return out
end

local function finish(game)
  for _, id in ipairs(offered(game)) do
    game:close_company(id)
    game:log(id .. " was not drafted and leaves the game (1865-R-010)")
  end
  game:set_var("draft.order", nil)
  game:log("the draft is over (1865-R-011)")
  game:advance_phase()                                       -- phase 2
  game:end_round()
end

on("round_started", { when = { args = { round = "draft" } } }, function(game, ev)
  if ev.round ~= "draft" then return end
  local forward = S.order_from_priority(game)
  local picks = {}
  for _, p in ipairs(forward) do picks[#picks + 1] = p end
  for i = #forward, 1, -1 do picks[#picks + 1] = forward[i] end
  game:set_var("draft.order", picks)
  game:set_actor(picks[1])
end)

step("draft", {
  status = function(game)
    local picks = game:var("draft.order")
    if picks == nil then return {} end
    return {
      "maritime companies on offer: " .. table.concat(offered(game), ", "),
      "picks to come: " .. table.concat(picks, ", ") .. " (snake order, 1865-R-009)",
    }
  end,
  actions = function(game)
    local out = {}
    for _, id in ipairs(offered(game)) do out[#out + 1] = { name = "pick", args = { company = id } } end
    return out
  end,
  may_pass = function(game) return false end,
  process = function(game, actor, act, args)
    local picks = game:var("draft.order")
    if picks == nil or #picks == 0 then fail("the draft is over", "1865-R-009") end
    if act ~= "pick" then fail("in the draft each player picks a maritime company", "1865-R-010") end
    local id = args.company
    if id == nil then fail("name the maritime company: do pick company=M3 (on offer: " .. table.concat(offered(game), ", ") .. ")", "1865-R-010") end
    if not S.contains(offered(game), id) then
      fail((id or "that") .. " is not on offer; on offer: " .. table.concat(offered(game), ", "), "1865-R-010")
    end
    local who = picks[1]
    game:give_company(id, who)
    game:log(who .. " picks " .. id .. " (" .. game:company_field(id, "name") .. ")")
    table.remove(picks, 1)
    if #picks == 0 then
      finish(game)
      return true
    end
    game:set_var("draft.order", picks)
    game:set_actor(picks[1])
    return false
  end,
})
