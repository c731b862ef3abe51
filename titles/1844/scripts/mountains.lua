-- Mountain Railways B1-B5 (1844-R-180, R-181, R-126, R-183).

-- The hexes are those map.toml tags "mountain_railway"; the shared pool
-- of income panels is each railway's props in companies.toml (the same on
-- all five).
local function free_hexes(game)
  local out = {}
  for _, h in ipairs(game:hexes_tagged("mountain_railway")) do
    if not game:var("mr.hex." .. h) then out[#out + 1] = h end
  end
  return out
end

local function free_panels(game, props)
  local out = {}
  for _, p in ipairs(props.income_panels) do
    if (game:var("mr.panel." .. p.id) or 0) < p.count then out[#out + 1] = p end
  end
  return out
end

-- 1844-R-181: the buyer places the railway and attaches a panel at once.
on("company_bought", function(game, ev)
  if game:company_field(ev.company, "kind") ~= "mountain_railway" or game:company_field(ev.company, "owner_kind") ~= "player" or game:var("mr." .. ev.company) then return end
  local co = {}
  co.props, co.owner = game:company_fields(ev.company, "props", "owner")
  local choices = {}
  for _, h in ipairs(free_hexes(game)) do
    for _, p in ipairs(free_panels(game, co.props)) do choices[#choices + 1] = h .. ":" .. p.id end
  end
  if #choices == 0 then return end
  game:ask(co.owner, "place " .. ev.company .. " on a mountain hex with an income panel (HEX:PANEL)", choices, "place_mountain_railway", { company = ev.company })
end)

-- The answer to the question above (a question handler: no company
-- declares it, the question names it).
ability("place_mountain_railway", {
  choose = function(game, who, choice, data)
    local props = game:company_field(data.company, "props")
    local h, panel = choice:match("^(%w+):(%w+)$")
    local values
    for _, p in ipairs(free_panels(game, props)) do if p.id == panel then values = p.revenue end end
    if h == nil or values == nil or game:var("mr.hex." .. h) or not C.contains(game:hexes_tagged("mountain_railway"), h) then
      fail("choose a free mountain hex and an unused panel", "1844-R-181")
    end
    game:set_var("mr." .. data.company, h)
    game:set_var("mr.hex." .. h, data.company)
    game:set_var("mr.panel." .. panel, (game:var("mr.panel." .. panel) or 0) + 1)
    game:set_stop_revenue(h, values)
    game:remove_marker(h, "closed")
    game:log(data.company .. " opens on " .. h .. " with panel " .. panel)
  end,
})

-- 1844-R-126: the first run that counts it activates it for good (an 8E
-- that skips it, R-115, does not). Called by tunnels.lua's handler of
-- "trains_run", first: one handler for the title's run checks, as each
-- handler is given a table of the run's routes of its own.
function C.activate_mountain_railways(game, ev)
  -- Two reads for the whole run: the railways by hex, and those active
  -- (kept up to date here, as a railway may be counted twice).
  local by_hex, active = game:vars("mr.hex."), game:vars("mr.active.")
  for _, r in ipairs(ev.routes) do
    for _, stop in ipairs(r.counted) do
      local h = stop:match("^(%w+)")
      local b = by_hex[h]
      if b and not active[b] then
        active[b] = true
        game:set_var("mr.active." .. b, true)
        game:log(b .. " (" .. h .. ") is activated")
      end
    end
  end
end

-- 1844-R-069: 40 per OR to the owner of each activated railway, 10 for
-- each activated tunnel, at the start of the OR (A-16).
on("round_started", { when = { args = { kind = "operating" } } }, function(game, ev)
  if ev.kind ~= "operating" then return end
  for i = 1, 5 do
    -- (Paying changes no company's owner.) The income is each company's
    -- props.active_revenue.
    for _, x in ipairs({ { "B" .. i, "mr.active." }, { "T" .. i, "tunnel.active." } }) do
      local co = x[1]
      if game:var(x[2] .. co) and game:company_field(co, "owner_kind") == "player" then
        local owner = game:company_field(co, "owner")
        local income = game:company_field(co, "props").active_revenue
        game:transfer("bank", owner, income)
        game:log(co .. " pays " .. game:money(income) .. " to " .. owner)
      end
    end
  end
end)
