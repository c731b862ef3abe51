-- Setup of 1849: the corporations' starting order from the place cards
-- (1849-R-008), the beginner rule for IFT (1849-R-010), and the
-- five-corporation game (1849-R-004, R-005, R-009, R-065).

-- The order dealt from the seed, as the 18xx.games website deals it, so a
-- game and its recording agree: r = (1103515245 r + 12345) mod 2^31, one
-- draw per corporation (in companies.toml's order), then sorted by draw.
local function dealt_order(game)
  local r = game:seed() % 2147483648
  local keyed = {}
  for i, id in ipairs(game:all_corporations()) do
    r = (1103515245 * r + 12345) % 2147483648
    keyed[i] = { id = id, key = r, pos = i }
  end
  table.sort(keyed, function(a, b)
    if a.key ~= b.key then return a.key < b.key end
    return a.pos < b.pos
  end)
  local order = {}
  for i, k in ipairs(keyed) do order[i] = k.id end
  return order
end

-- 1849-R-010: IFT in position 1-3 moves to 4; those between move up.
-- (Games recorded on 18xx.games swap IFT with position 4 instead.)
local function delay_ift(order, swap)
  for i = 1, 3 do
    if order[i] == "IFT" then
      if swap then
        order[i], order[4] = order[4], order[i]
      else
        table.remove(order, i)
        table.insert(order, 4, "IFT")
      end
      return order
    end
  end
  return order
end

-- The number of corporations is the player count's props (title.toml);
-- the option five_corporations (four players only) makes it five, with
-- the cert limit props.cert_limit_five_corporations.
local function five_corporations(game)
  return game:props().corporations == 5 or game:option("five_corporations")
end

hook("setup", function(game)
  local order = game:var("setup.corporation_order")
  if order == nil then
    order = dealt_order(game)
    if game:option("delay_ift") then order = delay_ift(order, game:var("setup.ift_delay") == "swap") end
  end
  game:set_start_order(order)
  game:set_var("place_card_1", order[1])
  if five_corporations(game) then
    -- 1849-R-009: the corporation with place card 6 is out of the game.
    game:remove_corporation(order[6])
    -- 1849-R-005: one 6H, one 8H and one 16H fewer.
    game:remove_trains("6H", 1)
    game:remove_trains("8H", 1)
    game:remove_trains("16H", 1)
    local limit = game:props().cert_limit_five_corporations
    if limit then game:set_cert_limit(limit) end
    game:log(order[6] .. " is not in this five-corporation game")
  end
  game:log("corporations start in the order " .. table.concat(order, ", ", 1, five_corporations(game) and 5 or 6))
end)

-- Only the unstarted corporation with the lowest place card may start
-- (1849-R-079: `start_in_order` in title.toml). AFG without a free home
-- slot is set aside (1849-R-084): then the next one in order may start.
hook("startable", { when = { var = "afg_blocked" } }, function(game, player)
  if not game:var("afg_blocked") then return nil end
  for _, id in ipairs(game:corporations({ started = false, closed = false }, "start_order")) do
    if id ~= "AFG" then return { id } end
  end
  return {}
end)

-- A corporation started in a stock turn goes to the bottom of its cell,
-- below the corporations that turn's sales moved there (1849-R-013: a
-- token entering a space goes to the bottom). The 18xx.games website put it above
-- them until April 2026; an import reads the actions recorded then so
-- ([props.import_18xx] readings in title.toml).
hook("started_above_sales", function(game, player, corp)
  return game:var("website.started_above_sales") == true
end)

local function last_order(game)
  local max = 0
  for _, id in ipairs(game:corporations()) do
    local o = game:corporation_field(id, "start_order")
    if o > max then max = o end
  end
  return max
end

local function move_to_end(game, id)
  local order = {}
  for _, other in ipairs(game:corporations()) do
    if other ~= id then order[#order + 1] = { id = other, o = game:corporation_field(other, "start_order") } end
  end
  table.sort(order, function(a, b) return a.o < b.o end)
  local ids = {}
  for i, x in ipairs(order) do ids[i] = x.id end
  ids[#ids + 1] = id
  game:set_start_order(ids)
end

-- AFG's home choices are re-examined at the start of each stock round
-- (ambiguity A-20): with none free it waits at the end of the order.
on("round_started", { when = { args = { kind = "stock" } } }, function(game, ev)
  if ev.kind ~= "stock" then return end
  if not game:corporation_field("AFG", "in_play") or game:corporation_field("AFG", "started") then
    game:set_var("afg_blocked", nil)
    return
  end
  local open = false
  for _, h in ipairs(game:corporation_field("AFG", "homes")) do
    if game:hex_field(h, "free_slots") > 0 then open = true end
  end
  if open then
    game:set_var("afg_blocked", nil)
  elseif not game:var("afg_blocked") then
    game:set_var("afg_blocked", true)
    move_to_end(game, "AFG")
    game:log("AFG has no free home city and waits at the end of the starting order (1849-R-084)")
  end
end)

-- 1849-R-168: a closed corporation goes to the end of the starting order.
on("corporation_closed", function(game, ev)
  move_to_end(game, ev.corp)
end)
