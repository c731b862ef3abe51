-- Before every stock round (§3.12; 1865-R-076): 1. mines holding a
-- station downgrade, 2. the Dragons chart rows move down, 3. minors that
-- may convert are offered conversion (scripts/conversion.lua).

-- The mine tile one colour on, if the phase has it (1865-R-077): yellow
-- to green from phase 3, green to brown from phase 5; brown stays; a
-- yellow mine in phase 5 becomes green, not brown.
local function downgrade(game, hex)
  local h = game:hex(hex)
  local next_tile = game:props().mine_downgrades[h.tile]
  if next_tile == nil then return end
  local needs = game:props().mine_downgrade_phase[next_tile]
  if S.phase(game) < needs then return end
  game:lay_tile(nil, hex, next_tile, h.rotation, { replace = true, hidden = true })
  game:log("the mine at " .. hex .. " (" .. (h.name or hex) .. ") downgrades to " .. game:hex_field(hex, "color") .. " (1865-R-077)")
end

local function downgrade_mines(game)
  for _, hex in ipairs(game:hexes_tagged("mine")) do
    local h = game:hex(hex)
    -- 1865-R-078: only mines holding a station.
    if h.laid and #h.tokens > 0 then downgrade(game, hex) end
  end
end

-- 1865-R-079: a marker on a row labelled below the current phase moves
-- down exactly one row.
local function adjust_rows(game)
  for _, corp in ipairs(game:corporations()) do
    local row = game:var("row." .. corp)
    if row ~= nil and game:corporation_field(corp, "floated") and row < S.phase(game) then
      game:set_var("row." .. corp, row + 1)
      game:log(corp .. "'s rank marker moves down to the PH" .. (row + 1) .. " row (1865-R-079)")
    end
  end
end

function S.pre_stock(game)
  downgrade_mines(game)
  adjust_rows(game)
  if S.offer_conversions ~= nil then S.offer_conversions(game) end
end

on("round_started", function(game, ev)
  if ev.kind == "stock" then S.pre_stock(game) end
end)
