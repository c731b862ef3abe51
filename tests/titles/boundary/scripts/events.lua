-- Every event of the core, and the boundary's phase event (BND-R-080,
-- R-081): each handler counts its event in the var `seen.<name>`, which
-- tests/game_BND-R-080_R-082.lua reads after playing a whole game.

local EVENTS = {
  "round_started", "round_ended", "stock_round_ended", "turn_started",
  "turn_ended", "step_started", "step_ended", "phase_changed",
  "company_sold", "company_bought", "company_closed",
  "corporation_started", "corporation_floated", "corporation_closed",
  "corporation_converted",
  "corporation_merged",
  "president_changed", "share_bought", "shares_sold", "price_moved",
  "tile_laid", "token_placed", "trains_run", "dividend", "train_bought",
  "train_rusted", "train_discarded", "bank_broken", "set_ended",
  "train_exported", "end_cell_reached", "closing_cell_reached",
  "end_game_requested", "game_end",
  "boundary_storm",
}

for _, name in ipairs(EVENTS) do
  on(name, function(game, ev)
    game:set_var("seen." .. name, (game:var("seen." .. name) or 0) + 1)
  end)
end

-- The last run (BND-R-061): who ran, its revenue and how many routes.
on("trains_run", function(game, ev)
  game:set_var("last_run", { corp = ev.corp, revenue = ev.revenue, routes = #ev.routes })
end)

-- BND-R-081: with `setup.export`, the bank exports the next new train at
-- the end of each set of operating rounds.
on("set_ended", function(game, ev)
  if game:var("setup.export") then game:export_train() end
end)

-- BND-R-082: with `setup.end_on_break`, the game ends as soon as the bank
-- breaks (a script's request, not the core's end of the set).
on("bank_broken", function(game, ev)
  if game:var("setup.end_on_break") then game:end_game("the bank broke") end
end)

-- The phase event of phase 4 (BND-R-081): the storm costs every railway
-- $10, paid to the bank when it has it.
on("boundary_storm", function(game, ev)
  for _, corp in ipairs(game:corporations({ floated = true })) do
    if game:corporation_field(corp, "cash") >= 10 then game:transfer(corp, "bank", 10) end
  end
end)
