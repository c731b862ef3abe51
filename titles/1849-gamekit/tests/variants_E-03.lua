-- The variants (game kit 1.3, 1.3.1 and 7; difference E-03 of
-- shared/rules/1849.md §6): station-token acquisition and the bond steps
-- are part of the kit's Advanced Game (here the options
-- acquiring_station_tokens and bonds); Electric Dreams is a variant of its
-- own. V6 (1849-R-182) allows Electric Dreams only with both others.

test("1849GK-E-03: Electric Dreams may be played alone: E trains and E tokens without bonds or token acquisition", function()
  local g = new_game{ players = { "A", "B", "C" }, options = { electric_dreams = true } }
  expect_true(g:option("electric_dreams"))
  expect_eq(g:option("bonds"), false)
  expect_eq(g:option("acquiring_station_tokens"), false)
  expect_eq(g:trains_left("E"), 6)
end)

test("1849GK-E-03: V6 (1849-R-182) refuses Electric Dreams alone", function()
  expect_error(function()
    new_game{ title = "1849", players = { "A", "B", "C" }, options = { electric_dreams = true } }
  end, "requires option")
end)

test("1849GK-E-03: the older website engine's combination needs no option of its own", function()
  expect_error(function()
    new_game{ players = { "A", "B", "C" }, options = { electric_dreams_without_token_rights = true } }
  end)
end)
