-- The corporation_facts hook: lines the REPL's `corp X` and `corps` show.

test("BND-R-135: corporation_facts adds what the title shows; by default nothing", function()
  local g = new_game{ players = { "A", "B" }, seed = 1 }
  expect_eq(g:facts("NRR"), {})
  g:set_var("facts.NRR", "yes")
  expect_eq(g:facts("NRR"), { { "marked", "yes" } })
end)
