-- Mines (§4.3): one slot each; in its "operate mines" step a company gains
-- traffic for every mine holding its station, by the mine's colour:
-- yellow 2, green 1, brown 0 (1865-R-121, R-122; props.mine_traffic). A
-- company holds at most one of the three Carbonia mines (R-123). Players
-- lay only the yellow mine tile; the pre-stock-round step downgrades
-- mines (scripts/pre_stock.lua).

function S.mine_stations(game, corp)
  local out = {}
  for _, st in ipairs(S.stations(game, corp)) do
    if S.is_mine(game, st.hex) then out[#out + 1] = st end
  end
  return out
end

local function production(game, corp)
  local total, where = 0, {}
  for _, st in ipairs(S.mine_stations(game, corp)) do
    local colour = game:hex_field(st.hex, "color")
    local n = game:props().mine_traffic[colour] or 0
    total = total + n
    where[#where + 1] = st.hex .. " (" .. colour .. ") " .. n
  end
  return total, where
end

step("operate_mines", {
  -- No choice to make: the mines produce when the step is reached.
  skip = function(game, corp)
    local total, where = production(game, corp)
    if #where > 0 then
      S.add_traffic(game, corp, total, "mines " .. table.concat(where, ", ") .. ", 1865-R-122")
      if total == 0 then game:log(corp .. "'s mines produce nothing: " .. table.concat(where, ", ")) end
    end
    return true
  end,
  actions = function(game, corp) return {} end,
  process = function(game, corp, name, args) return true end,
})
