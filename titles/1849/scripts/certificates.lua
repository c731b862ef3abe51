-- The "last certificate" of 1849 (1849-R-076, R-077, R-092): a 20 % certificate
-- costing two shares, taken from the treasury or the pool only when no
-- other certificate of that corporation is in the same place.

-- Guarded (docs/lua-api.md, "Guards"): only the last certificate has a
-- rule here, so the core answers for the others without calling Lua.
hook("can_buy_certificate", { when = { args = { tag = "last" } } }, function(game, player, corp, index, source, tag)
  if tag ~= "last" then return true end
  for _, cert in ipairs(game:corporation_field(corp, "certificates")) do
    if cert.owner == source and cert.tag == nil and not cert.president then
      return false, "the last certificate of " .. corp .. " may be bought from the " .. source ..
        " only when no other certificate of " .. corp .. " is there", "1849-R-076"
    end
  end
  return true
end)

-- 1849-R-092: a corporation issues its last certificate only together with
-- (or after) every ordinary certificate of its treasury.
hook("can_issue", function(game, corp, count, indices)
  local chosen = {}
  for _, i in ipairs(indices or {}) do chosen[i] = true end
  local last_chosen, ordinary_left = false, false
  for _, cert in ipairs(game:corporation_field(corp, "certificates")) do
    if cert.owner == "treasury" and not cert.president then
      if cert.tag == "last" and chosen[cert.index] then last_chosen = true end
      if cert.tag == nil and not chosen[cert.index] then ordinary_left = true end
    end
  end
  if last_chosen and ordinary_left then
    return false, "the last certificate of " .. corp .. " may be issued only with the ordinary certificates of its treasury", "1849-R-092"
  end
  return true
end)
