-- Setup of 1844: the turn order (R-004), three FNM shares in the pool
-- (R-003), Mountain Railway hexes that are no stops yet (R-111).

hook("setup", function(game)
  -- 1844-R-004: the seating is dealt from the seed; it is the first order.
  game:set_var("order", game:players())
  -- 1844-R-003: three 10 % FNM shares start in the bank pool (any
  -- corporation's props.shares_in_pool).
  for _, corp in ipairs(game:all_corporations()) do
    local certificates, props = game:corporation_fields(corp, "certificates", "props")
    local n = 0
    for _, cert in ipairs(certificates) do
      if not cert.president and n < (props.shares_in_pool or 0) then
        game:move_certificate(corp, cert.index, "pool")
        n = n + 1
      end
    end
  end
  -- 1844-R-111: a mountain hex is no stop until a Mountain Railway opens there.
  -- (The hexes map.toml tags "mountain_railway".)
  for _, h in ipairs(game:hexes_tagged("mountain_railway")) do game:add_marker(h, "closed") end
  -- The SBB never starts as the others do; it is formed (sbb.lua).
  game:log("turn order: " .. table.concat(game:players(), ", "))
end)
