-- Shared moves and positions for 1849 scenario tests: `local P =
-- test_lib("play")`. The game kit (titles/1849-gamekit, which extends
-- 1849) loads this file too: its tests see the libs of the titles it
-- extends.
local P = {}

-- One neutral action: in an operating round run auto, withhold the
-- dividend or pass; elsewhere pass.
function P.advance(g)
  local step = g:round().kind == "operating" and g:step()
  if step == "run_routes" then g:act("run auto")
  elseif step == "dividend" then g:act("withhold")
  else g:act("pass") end
end

-- Neutral actions until `corp` is to act in `step`; returns g.
function P.advance_to(g, corp, step)
  for _ = 1, 300 do
    if g:actor() == corp and g:step() == step then return g end
    local s = g:step()
    if s == "run_routes" then g:act("run auto") elseif s == "dividend" then g:act("withhold") else g:act("pass") end
  end
  error(corp .. " never reached " .. step, 2)
end

-- The place cards in the usual test order (RCS, AFG, ATA, CTL, IFT, SFA)
-- with `first` moved to the front, holding card 1.
function P.order(first)
  local out = { first }
  for _, id in ipairs({ "RCS", "AFG", "ATA", "CTL", "IFT", "SFA" }) do
    if id ~= first then out[#out + 1] = id end
  end
  return out
end

-- Four players (A-D) buy P1 .. P5 in turn, so A buys P1 and P5 (the
-- RSA) and starts `corp` at L. 68, `corp` holding place card 1 (AFG
-- chooses `home`). `extra` adds fields of new_game (options, title).
function P.started(corp, home, extra)
  local spec = { players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = P.order(corp) } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  local g = new_game(spec)
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par " .. corp .. " 68" }
  if home then g:act("choose " .. home) end
  return g
end

-- Lays each { hex, tile, rotation } with the setter.
function P.lay_all(g, lays)
  for _, l in ipairs(lays) do g:lay(l[1], l[2], l[3]) end
end

-- The place cards with SFA first: SFA, CTL, RCS, AFG, ATA, IFT.
P.SFA_FIRST = { "SFA", "CTL", "RCS", "AFG", "ATA", "IFT" }

-- Four players (A-D) of `title` (default: the file's own), place cards
-- P.SFA_FIRST: A buys P1 and P5, B P2, C P3, D P4, and A starts SFA
-- through the RSA at L. 68. The first stock round is under way, B to act.
function P.sfa_started(title)
  local g = new_game{ title = title, players = { "A", "B", "C", "D" }, seed = 1, setup = { corporation_order = P.SFA_FIRST } }
  g:acts{ "buy P1", "buy P2", "buy P3", "buy P4", "buy P5", "par SFA 68" }
  return g
end

-- P.sfa_started, then (setters) B and C get L. 1000 more; B starts RCS
-- and C starts IFT at L. 100, and ATA at `ata_price`. The first stock
-- round is under way.
function P.four_started(ata_price)
  local g = P.sfa_started()
  g:give_cash("B", 1000)
  g:give_cash("C", 1000)
  g:start("RCS", "B", 100)
  g:start("IFT", "C", 100)
  g:start("ATA", "C", ata_price)
  return g
end

-- P.sfa_started (of `title`), then (setters) B and C get L. 500 more; B
-- starts RCS at L. 100 and takes `b_shares` (default 4) more of its
-- certificates, C the other three (the last one last); C starts IFT at
-- L. 100; phase 16; RCS stands on L. 328, just below L. 377.
function P.near_377(title, b_shares)
  local g = P.sfa_started(title)
  g:give_cash("B", 500)
  g:give_cash("C", 500)
  g:start("RCS", "B", 100)
  for _ = 1, b_shares or 4 do g:give_share("RCS", "B") end
  g:give_share("RCS", "C")
  g:give_share("RCS", "C")
  g:give_share("RCS", "C", "last")
  g:start("IFT", "C", 100)
  g:set_phase("16")
  g:set_price("RCS", 328)
  return g
end

-- Three players (A-C): A buys P1, B P2, C passes, A P3, B P4, and C buys
-- P5 (the RSA) and starts RCS at L. 68; the place cards are `order`.
-- `extra` adds fields of new_game (options, title).
function P.rcs_by_c(order, extra)
  local spec = { players = { "A", "B", "C" }, seed = 1, setup = { corporation_order = order } }
  for k, v in pairs(extra or {}) do spec[k] = v end
  local g = new_game(spec)
  g:acts{ "buy P1", "buy P2", "pass", "buy P3", "buy P4", "buy P5", "par RCS 68" }
  return g
end

-- Setters: track from Palermo (C5, green, two slots) by B4 and the towns
-- of D4 and C3 to Trapani (C1), and on by D2 to Marsala (E1), where IFT
-- (started already) places its next token.
function P.track_to_marsala(g)
  g:lay("C5", "651", 5)
  g:lay("B4", "7", 5)
  g:lay("D4", "3", 2)
  g:lay("C3", "58", 5)
  g:lay("D2", "8", 2)
  g:place_token("IFT", "E1")
end

-- The station tokens `corp` has on the board, in charter order.
function P.placed(g, corp)
  local out = {}
  for _, t in ipairs(g:corporation(corp).tokens) do
    if t.hex then out[#out + 1] = t.hex end
  end
  return out
end

-- The trains on sale as "variant price", " pool" after those in the
-- bank pool.
function P.on_sale(g)
  local out = {}
  for _, o in ipairs(g:trains_on_sale()) do
    out[#out + 1] = o.variant .. " " .. o.price .. (o.pool and " pool" or "")
  end
  return out
end

-- A player's certificates of a corporation, in charter order: "P" the
-- president's, "L" the last certificate, else the percentage ("10").
function P.certs(g, corp, owner)
  local out = {}
  for _, c in ipairs(g:corporation(corp).certificates) do
    if c.owner == owner then
      out[#out + 1] = c.president and "P" or (c.tag == "last" and "L" or tostring(c.percent))
    end
  end
  return out
end

-- The starting order as the place cards dealt it (corporations in play).
function P.start_order(g)
  local order = {}
  for _, id in ipairs(g:corporations()) do
    order[g:corporation(id).start_order + 1] = id
  end
  return order
end

-- Passes the rest of this stock round, plays the operating rounds with
-- P.advance, then passes until `who` (when given) acts in the next stock
-- round.
function P.next_stock_round(g, who)
  while g:round().kind == "stock" do g:act("pass") end
  while g:round().kind ~= "stock" do P.advance(g) end
  while who and g:actor() ~= who do g:act("pass") end
end

-- The steps of `corp`'s next operating turn, played with P.advance;
-- at each step no move may match `pattern` (else the expectation fails
-- with `why` and the move).
function P.turn_steps(g, corp, pattern, why)
  while g:actor() ~= corp do P.advance(g) end
  local steps = {}
  while g:actor() == corp do
    steps[#steps + 1] = g:step()
    for _, m in ipairs(g:moves()) do expect_true(not m:find(pattern), why .. m) end
    P.advance(g)
  end
  return steps
end

return P
