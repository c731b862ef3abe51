-- Setup of 1844: the turn order (R-004), three FNM shares in the pool
-- (R-003), Mountain Railway hexes that are no stops yet (R-111).

local MOUNTAIN_HEXES = { "H7", "L13", "I14", "G14", "F19", "J29", "L23" }

hook("setup", function(game)
  -- 1844-R-004: the seating is dealt from the seed; it is the first order.
  game:set_var("order", game:players())
  -- 1844-R-003: three 10 % FNM shares start in the bank pool.
  local n = 0
  for _, cert in ipairs(game:corporation("FNM").certificates) do
    if not cert.president and n < 3 then
      game:move_certificate("FNM", cert.index, "pool")
      n = n + 1
    end
  end
  -- 1844-R-111: a mountain hex is no stop until a Mountain Railway opens there.
  for _, h in ipairs(MOUNTAIN_HEXES) do game:add_marker(h, "closed") end
  -- The SBB never starts as the others do; it is formed (sbb.lua).
  game:log("turn order: " .. table.concat(game:players(), ", "))
end)

C.MOUNTAIN_HEXES = MOUNTAIN_HEXES
