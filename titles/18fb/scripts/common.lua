-- Helpers shared by 18FB's scripts (a global table, S, as in 1865).

S = {}

function S.contains(list, x)
  for _, v in ipairs(list or {}) do if v == x then return true end end
  return false
end

-- The players in seating order starting with `first`.
function S.from_seat(game, first)
  local players = game:players()
  local at = 1
  for i, p in ipairs(players) do if p == first then at = i end end
  local out = {}
  for k = 0, #players - 1 do out[#out + 1] = players[((at - 1 + k) % #players) + 1] end
  return out
end

-- The player seated after `p`.
function S.next_seat(game, p)
  return S.from_seat(game, p)[2] or p
end

-- The first 10 % certificate of `corp` still in its treasury (IPO), or nil.
function S.ipo_share(game, corp)
  for _, c in ipairs(game:corporation_field(corp, "certificates")) do
    if c.owner == "treasury" and not c.president then return c.index end
  end
  return nil
end
