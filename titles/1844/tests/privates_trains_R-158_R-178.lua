-- Phases, trains and privates: downgrades and scrapping (R-158, R-159,
-- T-21), exports (R-162), P4 (R-174), P6 (R-176), P7 and EVA (R-177,
-- R-178), privates closing (R-172).

local P = test_lib("play")

local sold_out = P.sold_out

local classes = P.variants

test("(T-21) 1844-R-158, R-159: at phase 4 the 2-type trains are scrapped and the 3s become 3H", function()
  local g = sold_out()
  g:give_train("FNM", "2")
  g:give_train("FNM", "2H")
  g:set_phase("3")
  expect_eq(classes(g, "FNM"), { "2H", "2H" })     -- R-158: 2 -> 2H at phase 3
  g:give_train("FNM", "3")
  g:give_train("FNM", "3")
  g:set_phase("4")
  expect_eq(classes(g, "FNM"), { "3H", "3H" })
end)

test("1844-R-172, R-177: phase 5 closes the privates and gives EVA to P7's owner", function()
  local g = sold_out()
  g:set_phase("5")
  expect_eq(g:company("P1").owner_kind, "closed")
  expect_eq(g:company("P7").owner_kind, "closed")
  expect_true(g:var("eva.given"))
  expect_eq(g:var("P7.owner"), "C")
end)

test("1844-R-174: phase 5 lays the Furka-Oberalp line and pays P4's owner 80", function()
  local g = sold_out()
  local cash = g:player("D").cash
  g:set_phase("5")
  expect_true(g:var("furka_oberalp"))
  expect_eq(g:player("D").cash, cash + 80)
  expect_eq(g:hex("H17").tile, "OP3")
end)

test("1844-R-174: P4's owner may lay the line in a stock turn from phase 3", function()
  local g = sold_out()
  g:set_phase("3")
  while g:actor() ~= "D" do g:act("pass") end
  local cash = g:player("D").cash
  g:act("do furka_oberalp_line")
  expect_eq(g:player("D").cash, cash + 80)
  expect_eq(g:company("P4").owner_kind, "closed")
end)

test("1844-R-174: not before phase 3", function()
  local g = sold_out()
  while g:actor() ~= "D" do g:act("pass") end
  expect_not_contains(g:moves(), "do furka_oberalp_line")
end)

test("1844-R-162: from phase 2 the bank exports a train at the end of each set", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)     -- phase 2
  local before = g:trains_left("2")
  g:acts{ "pass", "pass", "pass", "pass" }
  while g:round().kind == "operating" do
    local moves = g:moves()
    local cmd = "pass"
    for _, m in ipairs(moves) do
      if m == "run auto" then cmd = m elseif m == "payout" and cmd == "pass" then cmd = m end
    end
    g:act(cmd)
  end
  expect_eq(g:trains_left("2"), before - 1)
end)

-- The log lines that contain `text`.
local function lines_with(g, text)
  local out = {}
  for _, line in ipairs(g:log()) do
    if line:find(text, 1, true) then out[#out + 1] = line end
  end
  return out
end

test("1844-R-162, R-176: one log line for an export and one for P6 closing", function()
  local g = sold_out()
  g:give_train("FNM", "2H", true)     -- phase 2
  g:acts{ "pass", "pass", "pass", "pass" }
  g:lay("K20", "57", 2)               -- Locarno, joined to Como
  g:act("lay L21 6 0")                -- Como, FNM's home
  P.play_or(g, P.pass)                -- FNM runs its 2H
  expect_eq(g:company("P6").owner_kind, "closed")
  expect_eq(#lines_with(g, "P6 closes"), 1, table.concat(lines_with(g, "P6"), " / "))
  local export = {}
  for _, line in ipairs(g:log()) do
    if line:find("abroad", 1, true) or line:find("exports", 1, true) then export[#export + 1] = line end
  end
  expect_eq(export, { "2-1 is sold abroad" })
end)
