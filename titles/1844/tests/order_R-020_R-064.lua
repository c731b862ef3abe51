-- Turn order by cash with ties (T-09): after the auction, least cash first
-- (1844-R-020); at the end of a stock round, most cash first (R-064).
-- Tied players keep their previous relative order.

-- Three players buy the privates at face value: the opener bids, the
-- others pass; `before_p7` runs just before P7 is sold.
local function auction3(names, before_p7)
  local g = new_game{ players = names, seed = 1 }
  local face = { P1 = 20, P2 = 50, P3 = 80, P4 = 110, P5 = 140, P6 = 180, P7 = 100 }
  for _, lot in ipairs({ "P1", "P2", "P3", "P4", "P5", "P6", "P7" }) do
    if lot == "P7" and before_p7 then before_p7(g) end
    g:act("bid " .. lot .. " " .. face[lot])
    g:acts{ "pass", "pass" }
    if lot == "P6" then g:act("par FNM 90") end
  end
  return g
end

local function set_cash(g, want)
  for name, cash in pairs(want) do g:give_cash(name, cash - g:player(name).cash) end
end

test("(T-09) 1844-R-064: order C, A, B and cash A 300, B 500, C 500 give C, B, A", function()
  local g = auction3({ "A", "B", "C" })
  -- A paid 230, B 190, C 260: C 540, A 570, B 610, least first.
  expect_eq(g:var("order"), { "C", "A", "B" })
  set_cash(g, { A = 300, B = 500, C = 500 })
  g:acts{ "pass", "pass", "pass" }
  expect_eq(g:var("order"), { "C", "B", "A" })
end)

test("(T-09) 1844-R-020: after the auction, order C, A, B and cash A 300, B 500, C 500 give A, C, B", function()
  -- Seating C, A, B; C (position 1) puts up P7 and pays 100 for it.
  local g = auction3({ "C", "A", "B" }, function(g)
    set_cash(g, { A = 300, B = 500, C = 600 })
  end)
  expect_eq(g:player("C").cash, 500)
  expect_eq(g:var("order"), { "A", "C", "B" })
  expect_eq(g:actor(), "A")
end)
