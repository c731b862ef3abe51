-- Presidency, takeovers and the Frozen state (§3.3.3, §3.3.5, §3.4, §3.6;
-- 18FB-R-042 .. R-050, R-055 .. R-057, R-151, R-152; checklist §2.4, §2.5,
-- §3.5; A-15, A-16, A-28).
--
-- PH1-PH4 (R-042): the presidency changes only when another player holds
-- at least 20 % more than the president (the core's `president` hook: it
-- keeps the president otherwise). A takeover withdraws the concession to
-- the Pool, the deposit held on it is lost, and the major becomes Frozen,
-- remembering its progress (R-043, R-056): `withdrawn.<corp>` holds the
-- state it had (building, provisional or definitive) while the concession
-- lies in the Pool. The new president may buy it back at once (R-045), and
-- later the president may, as a stock-turn action (R-046, A-15): the
-- regular deposit of the phase, or nothing for a Definitive major. From
-- PH5 (R-048) the core's rule stands: more shares than the president (at
-- least 10 % more), ties keep him. Only players' holdings count (R-050:
-- the core's holdings are players' only).
--
-- Frozen (R-055, A-16; companies.toml's state "frozen"): no tokens
-- (build_station skipped), no new yellow tiles (upgrades allowed), Half
-- dividends only, no train purchases (R-134). PH5 discards every
-- concession with the deposits still held (R-151) and makes every
-- Building, Provisional or Frozen major Definitive (R-152, A-28(a)).

local TAKEOVER = 20          -- R-042: 2 shares
local FIRST_UNIFIED = "PH5"  -- §3.6: Italian Unification

local function has_concession(game, corp)
  return (game:props().concessions or {})[corp] ~= nil
end

local function before_unification(game)
  return game:phase_before(FIRST_UNIFIED)
end

-- The regular deposit for re-acquiring `corp`'s withdrawn concession now
-- (R-045, R-046; checklist §3.5): nothing for a Definitive major, else the
-- phase's tier of the printed deposit (full, the printed half, nothing,
-- R-037); FST's is nothing once LTF's concession was acquired (R-038). No
-- political card discount: the text's "regular" deposit (A-13 speaks of
-- first acquisitions).
function S.reacquire_deposit(game, corp)
  local progress = game:var("withdrawn." .. corp)
  if progress == "definitive" then return 0, "a Definitive major's concession costs nothing (18FB-R-046)" end
  local c = game:props().concessions[corp]
  if c.free_if_acquired and (game:var("concession." .. c.free_if_acquired) or game:var("withdrawn." .. c.free_if_acquired)) then
    return 0, c.free_if_acquired .. "'s concession was acquired: no deposit (18FB-R-038)"
  end
  local tier = game:phase_props().deposit or "zero"
  local amount = 0
  if tier == "full" then amount = c.deposit[1] elseif tier == "half" then amount = c.deposit[2] end
  return amount, "the " .. tier .. " deposit of phase " .. game:phase() .. " (18FB-R-045, R-046)"
end

-- R-042, R-044, R-048, R-050. The core's candidate holds more than the
-- president (the most, ties to the first in seat order after him: R-044).
-- In PH1-PH4 he takes it only with 20 % more. The president's own sale of
-- his certificate is asked before the sale (the state still shows his
-- holding before it): can_sell below has checked it against what he keeps.
hook("president", function(game, corp, president, candidate)
  if not has_concession(game, corp) or not before_unification(game) then return nil end
  local shares = game:corporation_field(corp, "shares")
  local mine, theirs = shares[president] or 0, shares[candidate] or 0
  if game:current() == president and theirs <= mine then return nil end   -- his own sale (can_sell)
  if theirs >= mine + TAKEOVER then return nil end
  return false
end)

-- R-042, R-026: a president selling part of his president's certificate
-- must leave another player holding at least 20 % more than he keeps.
hook("can_sell", function(game, player, corp, percent)
  if not has_concession(game, corp) or not before_unification(game) then return true end
  if game:corporation_field(corp, "president") ~= player then return true end
  local shares = game:corporation_field(corp, "shares")
  local held = shares[player] or 0
  if percent <= held - TAKEOVER then return true end       -- keeps the president's certificate
  local keeps, best = held - percent, 0
  for p, pct in pairs(shares) do
    if p ~= player and pct > best then best = pct end
  end
  if best >= keeps + TAKEOVER then return true end
  return false, player .. " cannot sell " .. percent .. " % of " .. corp .. ": keeping " .. keeps
    .. " %, the presidency passes only to a player holding 20 % more, and the most anyone else holds is "
    .. best .. " %", "18FB-R-042"
end)

-- Offers the withdrawn concession to `player` straight after a takeover
-- (R-045), when he can pay its deposit.
local function offer_concession(game, corp, player)
  local due, why = S.reacquire_deposit(game, corp)
  if game:player_field(player, "cash") < due then
    game:log(player .. " cannot pay " .. game:money(due) .. " for " .. corp .. "'s withdrawn concession: it stays in the Pool (18FB-R-045)")
    return
  end
  game:ask(player, "buy " .. corp .. "'s withdrawn concession from the Pool for " .. game:money(due) .. " (" .. why .. ")?",
    { "buy", "decline" }, "reacquire_concession", { corp = corp })
end

-- Re-acquiring (R-045, R-046, R-056, A-14, A-15): `player` pays the
-- deposit, holds the concession, the deposit held on it is what he paid,
-- and the major returns to the progress it had.
local function reacquire(game, corp, player)
  local due, why = S.reacquire_deposit(game, corp)
  local progress = game:var("withdrawn." .. corp)
  if due > 0 then game:transfer(player, "bank", due) end
  game:set_var("withdrawn." .. corp, nil)
  game:set_var("concession." .. corp, player)
  game:set_var("deposit." .. corp, due)
  game:log(player .. " re-acquires " .. corp .. "'s concession from the Pool, deposit " .. game:money(due) .. " (" .. why .. ")")
  game:set_corporation_state(corp, progress)                 -- R-056
end

ability("reacquire_concession", {
  choose = function(game, player, choice, data)
    if choice ~= "buy" then
      game:log(player .. " leaves " .. data.corp .. "'s concession in the Pool (18FB-R-045)")
      return
    end
    reacquire(game, data.corp, player)
  end,
})

-- R-043: the takeover. R-042 holds while Frozen too, with no concession
-- to withdraw; the new president of a Frozen major may still buy it back
-- straight away (R-045).
on("president_changed", function(game, ev)
  local corp = ev.corp
  if not has_concession(game, corp) or not before_unification(game) then return end
  if game:var("concession." .. corp) ~= nil then
    local progress = game:corporation_field(corp, "state")
    local lost = game:var("deposit." .. corp) or 0
    game:set_var("withdrawn." .. corp, progress)
    game:set_var("concession." .. corp, nil)
    game:set_var("deposit." .. corp, nil)
    game:log(ev.to .. " takes over " .. corp .. ": its concession is withdrawn to the Pool, the deposit of "
      .. game:money(lost) .. " is lost (18FB-R-043)")
    game:set_corporation_state(corp, "frozen")                 -- R-055, R-056
  end
  if game:var("withdrawn." .. corp) ~= nil then offer_concession(game, corp, ev.to) end
end)

-- R-046, A-15: in a later stock turn a player may acquire a withdrawn
-- concession. This script lets the president do it (the president's
-- certificate holder; A-15's other case, a non-president taking the
-- presidency with it, needs a presidency swap scripts cannot make).
local function may_reacquire(game, corp, player)
  if game:var("withdrawn." .. corp) == nil then return false end
  if game:corporation_field(corp, "president") ~= player then return false end
  return game:player_field(player, "cash") >= S.reacquire_deposit(game, corp)
end

ability("acquire_concession", {
  unbound = true,
  actions = function(game, ctx)
    local out = {}
    if ctx.actor_kind ~= "player" or game:round().kind ~= "stock" or not before_unification(game) then return out end
    for _, corp in ipairs(game:corporations()) do
      if may_reacquire(game, corp, ctx.actor) then
        out[#out + 1] = { name = "acquire_concession", args = { corp = corp } }
      end
    end
    return out
  end,
  process = function(game, ctx, args)
    local corp = args.corp
    if type(corp) ~= "string" or not has_concession(game, corp) or game:var("withdrawn." .. corp) == nil then
      fail(tostring(corp) .. " has no concession in the Pool", "18FB-R-046")
    end
    if game:round().kind ~= "stock" or not before_unification(game) then
      fail("a withdrawn concession is acquired in a stock round before PH5", "18FB-R-046")
    end
    if game:corporation_field(corp, "president") ~= ctx.actor then
      fail(ctx.actor .. " is not " .. corp .. "'s president", "18FB-R-046")
    end
    local due = S.reacquire_deposit(game, corp)
    if game:player_field(ctx.actor, "cash") < due then
      fail(ctx.actor .. " cannot pay " .. corp .. "'s deposit of " .. game:money(due), "18FB-R-046")
    end
    reacquire(game, corp, ctx.actor)
    game:count_as_purchase()                                   -- the stock turn's action (R-046)
  end,
})

-- R-055, A-16(a): a Frozen major lays no new track; it may upgrade.
hook("can_lay_tile", function(game, corp, hex, tile, rotation)
  if corp == nil or game:corporation_field(corp, "state") ~= "frozen" then return true end
  if game:hex_field(hex, "color") == "white" then
    return false, corp .. " is Frozen: it may upgrade track but not lay new tiles", "18FB-R-055"
  end
  return true
end)

-- R-055, R-134: a Frozen major buys no trains.
hook("can_buy_train", function(game, corp, variant, seller)
  if game:corporation_field(corp, "state") == "frozen" then
    return false, corp .. " is Frozen: it cannot buy trains", "18FB-R-134"
  end
  return true
end)

-- R-151, A-28(g): every concession, held or in the Pool, is discarded at
-- PH5 with the deposits still held.
on("discard_concessions", function(game)
  for _, corp in ipairs(game:all_corporations()) do
    if has_concession(game, corp) then
      local held, pooled = game:var("concession." .. corp), game:var("withdrawn." .. corp)
      if held ~= nil or pooled ~= nil then
        local lost = game:var("deposit." .. corp) or 0
        game:set_var("concession." .. corp, nil)
        game:set_var("deposit." .. corp, nil)
        game:set_var("withdrawn." .. corp, nil)
        game:set_var("discarded." .. corp, true)
        game:log(corp .. "'s concession is discarded" .. (lost > 0 and (", the deposit of " .. game:money(lost) .. " is lost") or "")
          .. " (18FB-R-151)")
      end
    end
  end
end)

-- R-057, R-152, A-28(a): Building, Provisional and Frozen majors become
-- Definitive when PH5 starts.
on("all_definitive", function(game)
  for _, corp in ipairs(game:corporations()) do
    local state = game:corporation_field(corp, "state")
    if state == "building" or state == "provisional" or state == "frozen" then
      game:set_corporation_state(corp, "definitive")
    end
  end
end)

-- A closed or merged major starts afresh: no concession in the Pool.
local function forget(game, ev)
  local corp = ev.corp or ev.target
  if corp ~= nil then
    game:set_var("withdrawn." .. corp, nil)
    game:set_var("discarded." .. corp, nil)
  end
end
on("corporation_closed", forget)
on("corporation_merged", forget)

-- What players see: a concession in the Pool, with the progress it keeps
-- and its price now, or discarded at PH5.
hook("corporation_facts", function(game, corp, facts)
  local progress = game:var("withdrawn." .. corp)
  if progress ~= nil then
    local due = S.reacquire_deposit(game, corp)
    facts[#facts + 1] = "concession: in the Pool, deposit lost (18FB-R-043); re-acquired for " .. game:money(due) .. " (R-046)"
    facts[#facts + 1] = "frozen progress: " .. progress .. " (18FB-R-056)"
  elseif game:var("discarded." .. corp) then
    facts[#facts + 1] = "concession: discarded at PH5 (18FB-R-151)"
  end
  return facts
end)
