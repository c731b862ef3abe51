-- Tunnel companies T1-T5 and tunnel building (1844-R-091 to R-096,
-- R-182 to R-185). The mouths are those of map.toml (props.tunnel_mouths).

-- The tunnel hexes are those map.toml tags "tunnel"; each one's mouths
-- are its props.tunnel_mouths.
local function tunnel_hexes(game)
  return game:hexes_tagged("tunnel")
end

-- The mouths of a tunnel hex (one field of the hex: `hex_field` builds
-- no whole hex table, and the track step asks this for every tunnel hex).
local function mouths_on(game, h)
  return game:hex_field(h, "props").tunnel_mouths
end

local function mouths_at(game, h)
  if not C.contains(tunnel_hexes(game), h) then return nil end
  return mouths_on(game, h)
end

-- The edges a mouth pair "a-b" joins, as numbers. Every pair of edges
-- once, made at load: the listing asks this for each mouth of each free
-- tunnel hex, and a pattern match each time cost more than the rest.
local PAIR_EDGES = {}
for a = 0, 5 do
  for b = 0, 5 do PAIR_EDGES[a .. "-" .. b] = { a, b } end
end

local function pair_edges(pair)
  local edges = PAIR_EDGES[pair]
  if edges == nil then error("a tunnel's mouths are written a-b with edges 0 to 5, not " .. tostring(pair)) end
  return edges[1], edges[2]
end

-- The mouth pair "a-b" (a < b) that tunnel tile `tile` joins at `rotation`.
local function mouths_for(tile, rotation)
  local d = tile == "X79" and 3 or 2
  local a, b = rotation % 6, (rotation + d) % 6
  if a > b then a, b = b, a end
  return a .. "-" .. b
end

-- The tile and rotation joining edges a and b: X79 (0-3) or X78 (0-2).
local function tile_for(pair)
  local a, b = pair_edges(pair)
  local d = (b - a) % 6
  if d == 3 then return "X79", a % 3 end
  if d == 2 then return "X78", a end
  if d == 4 then return "X78", b end
  return nil
end

-- Tunnels are built with the track: before the tile, or after it while
-- no station has been placed yet (R-091).
local function track_step(game)
  local step = game:step()
  if step == "lay_tile" then return true end
  local tiles = game:turn_field("tiles")
  -- Our turn moves on by itself past steps with nothing to do; the tunnel
  -- may still follow the tile until a station is placed or trains run.
  return tiles ~= nil and tiles >= 1 and game:turn_field("tokens") == 0
    and not game:turn_var("ran") and step ~= "dividend"
end

-- One handler for the run's checks (the event's table is built once per
-- handler): the mountain railways it activates (mountains.lua, R-126);
-- the run ends the time a tunnel may follow the tile; and 1844-R-095, the
-- first counted route through a tunnel activates its certificate.
on("trains_run", function(game, ev)
  C.activate_mountain_railways(game, ev)
  if game:operating() == ev.corp then game:set_turn_var("ran", true) end
  for _, r in ipairs(ev.routes) do
    for _, h in ipairs((r.path_tags or {}).tunnel or {}) do
      local cert = game:var("tunnel." .. h)
      if cert and not game:var("tunnel.active." .. cert) then
        game:set_var("tunnel.active." .. cert, true)
        game:log(cert .. " (" .. h .. ") is activated")
      end
    end
  end
end)

-- The Furka-Oberalp line's tile on a hex (P4, R-174: map.toml's
-- props.furka_oberalp_tile), or nil.
local function furka_tile(game, h)
  local op = game:hex_field(h, "props").furka_oberalp_tile
  if op ~= nil and game:hex_field(h, "tile") == op then return op end
  return nil
end

-- A tunnel hex is free for a tunnel when it holds none, even if the
-- Furka-Oberalp line runs through it (they share the hex, checklist §1.8).
local function free_for_tunnel(game, h)
  if game:var("tunnel." .. h) then return false end
  return not game:hex_field(h, "laid") or furka_tile(game, h) ~= nil
end

-- The tile holding both the line's piece `op` and a tunnel joining `pair`
-- (tiles.toml: "OP2-T25" for OP2 and mouths 2-5), at rotation 0.
local function shared_tile(op, pair)
  return op .. "-T" .. (pair:gsub("-", ""))
end

-- The mouths a built tunnel joins, "a-b" with a < b.
local function mouths_of(game, h)
  local m = game:var("tunnel.mouths." .. h)
  if m then return m end
  return mouths_for(game:hex_field(h, "tile"), game:hex_field(h, "rotation") or 0)
end

-- Lays the Furka-Oberalp line's piece `op` on hex `h` where a tunnel
-- already is: the tunnel stays (called by P4, scripts/privates.lua).
function C.furka_over_tunnel(game, h, op)
  game:lay_tile(nil, h, shared_tile(op, mouths_of(game, h)), 0, { connection = false, phase_colours = false, hidden = true, replace = true })
end

local function built(game)
  local n = 0
  for _, h in ipairs(tunnel_hexes(game)) do if game:var("tunnel." .. h) then n = n + 1 end end
  return n
end

-- A Tunnel certificate is used by a company its owner directs
-- (companies.toml: used_by = "owner_or_presided"); the core offers the
-- lowest unused one first (ctx.company) and skips used ones
-- (game:use_company below). ctx.props.cost is the 100 SFR.
ability("build_tunnel", {
  -- Guard (docs/lua-api.md, "Guards"): built by a company in its operating turn.
  when = { round = "operating", ctx = { actor_kind = "corporation" } },
  -- Every tunnel certificate offers the same tunnels (the cost is each
  -- one's props.cost, 100 SFR on all): asked for the first only.
  once = true,
  actions = function(game, ctx)
    local corp = ctx.actor
    -- Asked at every listing for each tunnel certificate: the cheapest
    -- questions first. Tunnels are built in the track step, before or
    -- after the tile (R-091).
    if ctx.actor_kind ~= "corporation" or game:operating() ~= corp then return {} end
    if game:corporation_field(corp, "cash") < ctx.props.cost or not track_step(game) then return {} end
    -- One pass over the tunnel hexes: the tunnels built and the free hexes
    -- (free_for_tunnel's test, with the hex's three fields in one read).
    local n, free, built = 0, {}, game:vars("tunnel.")
    for _, h in ipairs(tunnel_hexes(game)) do
      if built[h] then
        n = n + 1
      else
        local laid, tile, props = game:hex_fields(h, "laid", "tile", "props")
        local op = props.furka_oberalp_tile
        if not laid or (op ~= nil and tile == op) then
          free[#free + 1] = { hex = h, mouths = props.tunnel_mouths, shared = laid }
        end
      end
    end
    if n >= 5 then return {} end
    -- Only tunnels the company's track reaches (the lay needs a
    -- connection, R-091): on a bare hex, a mouth its track arrives at; where
    -- the Furka-Oberalp line runs, any side (reaching the line's track
    -- counts too, R-087's "any track").
    local out = {}
    for _, f in ipairs(free) do
      local reached = {}
      for _, e in ipairs(game:reached_edges(corp, f.hex)) do reached[e] = true end
      for _, pair in ipairs(f.mouths) do
        local a, b = pair_edges(pair)
        local joins = (f.shared and next(reached) ~= nil) or reached[a] or reached[b]
        if joins and tile_for(pair) then out[#out + 1] = { name = "build_tunnel", args = { hex = f.hex, mouths = pair } } end
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp = ctx.actor
    if ctx.actor_kind ~= "corporation" or game:operating() ~= corp or not track_step(game) then
      fail("a company builds tunnels in the track step of its operating turn", "1844-R-091")
    end
    local cert = ctx.company
    if built(game) >= 5 then fail("only five tunnels can be built", "1844-R-096") end
    local h = tostring(args.hex)
    -- Also by tile and rotation, as the website records it.
    if args.mouths == nil and args.tile ~= nil then
      args.mouths = mouths_for(tostring(args.tile), tonumber(args.rotation) or 0)
    end
    local mouths = mouths_at(game, h)
    if mouths == nil then fail(h .. " is no tunnel hex", "1844-R-092") end
    if not free_for_tunnel(game, h) then fail(h .. " already has its tunnel", "1844-R-092") end
    if not C.contains(mouths, tostring(args.mouths)) then fail("a tunnel joins two of the hex's mouths", "1844-R-092") end
    if game:corporation_field(corp, "cash") < ctx.props.cost then fail(corp .. " cannot pay " .. game:money(ctx.props.cost) .. " for the tunnel", "1844-R-093") end
    -- GB's destination is the hex map.toml tags with its props.destination_hex_tag.
    if C.contains(game:hex_field(h, "tags"), game:corporation_field("GB", "props").destination_hex_tag) then game:set_var("gotthard_built", true) end
    local op = furka_tile(game, h)
    if op then
      -- On the Furka-Oberalp line: its tile gives way to one with both.
      game:lay_tile(corp, h, shared_tile(op, tostring(args.mouths)), 0, { connection = true, phase_colours = false, hidden = true })
    else
      local tile, rot = tile_for(args.mouths)
      game:lay_tile(corp, h, tile, rot, { connection = true, phase_colours = false })
    end
    game:set_var("tunnel.mouths." .. h, tostring(args.mouths))
    game:transfer(corp, "bank", ctx.props.cost)
    game:set_var("tunnel." .. h, cert)
    game:set_var("tunnel.cert." .. cert, h)
    game:use_company(cert)
    game:log(corp .. " builds a tunnel on " .. h .. " with " .. cert)
    C.check_destinations(game)
  end,
})

