-- The "last certificate" of 1849 (1849-R-076, R-077): a 20 % certificate
-- costing two shares, taken from the treasury or the pool only when no
-- other certificate of that corporation is in the same place.

hook("can_buy_certificate", function(game, player, corp, index, source, tag)
  if tag ~= "last" then return true end
  local c = game:corporation(corp)
  for _, cert in ipairs(c.certificates) do
    if cert.owner == source and cert.tag == nil and not cert.president then
      return false, "the last certificate of " .. corp .. " may be bought from the " .. source ..
        " only when no other certificate of " .. corp .. " is there", "1849-R-076"
    end
  end
  return true
end)
