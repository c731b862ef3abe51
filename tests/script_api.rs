//! The script API's cheap single reads (`corporation_field`, `player_field`,
//! `company_field`, `hex_field`, `turn_field`, `turn_var`, `is_player`) agree with the whole tables they stand for,
//! and the reads of several at once (`*_fields`, `vars(prefix)`) with the single reads. Uses ../shared/fixtures/18xx.games/ (skips where absent).

use railhead::game::ops::Effects;
use railhead::import::{parse, replay};
use railhead::script::api::{COMPANY_FIELDS, CORP_FIELDS, HEX_FIELDS, PLAYER_FIELDS, TURN_FIELDS};
use std::path::PathBuf;

/// A Lua chunk comparing `game:corporation_field(id, f)` with
/// `game:corporation(id)[f]` (deeply) for every corporation and field, the
/// same for players, and `game:corporations(filter)` with the loop it
/// replaces; returns the mismatches, one per line, or "".
fn field_check_chunk(hexes: &[String]) -> String {
    let fields: Vec<String> = CORP_FIELDS.iter().map(|f| format!("{f:?}")).collect();
    let player_fields: Vec<String> = PLAYER_FIELDS.iter().map(|f| format!("{f:?}")).collect();
    let company_fields: Vec<String> = COMPANY_FIELDS.iter().map(|f| format!("{f:?}")).collect();
    let hex_fields: Vec<String> = HEX_FIELDS.iter().map(|f| format!("{f:?}")).collect();
    let hex_labels: Vec<String> = hexes.iter().map(|h| format!("{h:?}")).collect();
    let turn_fields: Vec<String> = TURN_FIELDS.iter().map(|f| format!("{f:?}")).collect();
    format!(
        r#"
local function same(a, b)
  if type(a) ~= type(b) then return false end
  if type(a) ~= "table" then return a == b end
  for k, v in pairs(a) do if not same(v, b[k]) then return false end end
  for k in pairs(b) do if a[k] == nil then return false end end
  return true
end
local bad = {{}}
-- `*_fields(id, ...)` against one `*_field` per field, in groups of at
-- most 32 (limits::MAX_FIELDS_PER_READ), in order and reversed.
local function many_agree(one, many, id, fields)
  local orders = {{ fields, {{}} }}
  for i = #fields, 1, -1 do orders[2][#orders[2] + 1] = fields[i] end
  for _, list in ipairs(orders) do
    for start = 1, #list, 32 do
      local group = {{}}
      for i = start, math.min(#list, start + 31) do group[#group + 1] = list[i] end
      local got = table.pack(many(id, table.unpack(group)))
      if got.n ~= #group then return false end
      for i, f in ipairs(group) do if not same(got[i], one(id, f)) then return false end end
    end
  end
  return true
end
local function check_many(kind, ids, fields, one, many)
  for _, id in ipairs(ids) do
    if not many_agree(one, many, id, fields) then bad[#bad + 1] = kind .. "_fields of " .. id end
  end
end
check_many("corporation", game:all_corporations(), {{ {} }},
  function(id, f) return game:corporation_field(id, f) end, function(id, ...) return game:corporation_fields(id, ...) end)
check_many("player", game:players(), {{ {} }},
  function(id, f) return game:player_field(id, f) end, function(id, ...) return game:player_fields(id, ...) end)
check_many("company", game:companies(), {{ {} }},
  function(id, f) return game:company_field(id, f) end, function(id, ...) return game:company_fields(id, ...) end)
check_many("hex", {{ {} }}, {{ {} }},
  function(id, f) return game:hex_field(id, f) end, function(id, ...) return game:hex_fields(id, ...) end)
-- `vars(prefix)` against `var`: every var once under "", and each prefix's
-- share of them.
local all, count = game:vars(""), 0
for k, v in pairs(all) do
  count = count + 1
  if not same(v, game:var(k)) then bad[#bad + 1] = "vars('') at " .. k end
end
if count == 0 then bad[#bad + 1] = "no vars at all" end
for _, prefix in ipairs({{ "dest.", "tunnel.", "sbb.", "P", "zz", "dest.SBB" }}) do
  local n = 0
  for k in pairs(all) do if k:sub(1, #prefix) == prefix then n = n + 1 end end
  for rest, v in pairs(game:vars(prefix)) do
    n = n - 1
    if not same(v, game:var(prefix .. rest)) then bad[#bad + 1] = "vars(" .. prefix .. ") at " .. rest end
  end
  if n ~= 0 then bad[#bad + 1] = "vars(" .. prefix .. ") misses or adds a var" end
end
for _, id in ipairs(game:all_corporations()) do
  local whole = game:corporation(id)
  for _, f in ipairs({{ {} }}) do
    if not same(whole[f], game:corporation_field(id, f)) then bad[#bad + 1] = id .. "." .. f end
  end
  for k in pairs(whole) do
    local ok = false
    for _, f in ipairs({{ {} }}) do if f == k then ok = true end end
    if not ok then bad[#bad + 1] = id .. "." .. k .. " is not in CORP_FIELDS" end
  end
end
for _, name in ipairs(game:players()) do
  local whole = game:player(name)
  local n = 0
  for _, f in ipairs({{ {} }}) do
    if whole[f] ~= nil then n = n + 1 end
    if not same(whole[f], game:player_field(name, f)) then bad[#bad + 1] = name .. "." .. f end
  end
  for _ in pairs(whole) do n = n - 1 end
  if n ~= 0 then bad[#bad + 1] = name .. ": a field is not in PLAYER_FIELDS" end
end
-- `is_player(name)` against a search of `players()`: every player, every
-- corporation and company id, and names that are nothing.
local seated = {{}}
for _, name in ipairs(game:players()) do seated[name] = true end
local names = {{ "", "nobody", "PLAYER 1" }}
for _, list in ipairs({{ game:players(), game:all_corporations(), game:companies() }}) do
  for _, x in ipairs(list) do names[#names + 1] = x end
end
for _, x in ipairs(names) do
  if game:is_player(x) ~= (seated[x] == true) then bad[#bad + 1] = "is_player(" .. x .. ")" end
end
for _, id in ipairs(game:companies()) do
  local whole = game:company(id)
  local n = 0
  for _, f in ipairs({{ {} }}) do
    if whole[f] ~= nil then n = n + 1 end
    if not same(whole[f], game:company_field(id, f)) then bad[#bad + 1] = id .. "." .. f end
  end
  for _ in pairs(whole) do n = n - 1 end
  if n ~= 0 then bad[#bad + 1] = id .. ": a field is not in COMPANY_FIELDS" end
end
for _, label in ipairs({{ {} }}) do
  local whole = game:hex(label)
  for _, f in ipairs({{ {} }}) do
    if not same(whole[f], game:hex_field(label, f)) then bad[#bad + 1] = label .. "." .. f end
  end
  for k in pairs(whole) do
    local ok = false
    for _, f in ipairs({{ {} }}) do if f == k then ok = true end end
    if not ok then bad[#bad + 1] = label .. "." .. k .. " is not in HEX_FIELDS" end
  end
end
local turn = game:turn()
if turn then
  local n = 0
  for _, f in ipairs({{ {} }}) do
    if turn[f] ~= nil then n = n + 1 end
    if not same(turn[f], game:turn_field(f)) then bad[#bad + 1] = "turn." .. f end
  end
  for _ in pairs(turn) do n = n - 1 end
  if n ~= 0 then bad[#bad + 1] = "turn: a field is not in TURN_FIELDS" end
  for k, v in pairs(turn.vars) do
    if not same(v, game:turn_var(k)) then bad[#bad + 1] = "turn var " .. k end
  end
  if game:turn_var("no such var") ~= nil then bad[#bad + 1] = "turn var: an unset var is not nil" end
elseif game:turn_field("tiles") ~= nil or game:turn_var("x") ~= nil then
  bad[#bad + 1] = "no turn, yet turn_field or turn_var answers"
end
local function filtered(filter)
  local out = {{}}
  for _, id in ipairs(game:corporations()) do
    local c, all = game:corporation(id), true
    for k, v in pairs(filter) do if c[k] ~= v then all = false end end
    if all then out[#out + 1] = id end
  end
  return out
end
local filters = {{ {{}}, {{ started = false, closed = false }}, {{ floated = true, closed = false }}, {{ started = true }},
  {{ kind = "historical" }}, {{ cash = 0 }}, {{ operated = 0, in_play = true }} }}
for _, name in ipairs(game:players()) do filters[#filters + 1] = {{ president = name, closed = false }} end
for i, filter in ipairs(filters) do
  if not same(filtered(filter), game:corporations(filter)) then bad[#bad + 1] = "filter " .. i end
end
-- Sorted by a field: a stable insertion sort here, nil last.
local function ordered(filter, field)
  local out = filtered(filter)
  for i = 2, #out do
    local j, id = i, out[i]
    local v = game:corporation_field(id, field)
    while j > 1 do
      local w = game:corporation_field(out[j - 1], field)
      if v == nil or (w ~= nil and w <= v) then break end
      out[j] = out[j - 1]
      j = j - 1
    end
    out[j] = id
  end
  return out
end
for i, filter in ipairs(filters) do
  for _, field in ipairs({{ "price", "par", "id", "kind", "cash", "president" }}) do
    if not same(ordered(filter, field), game:corporations(filter, field)) then bad[#bad + 1] = "filter " .. i .. " ordered by " .. field end
  end
end
if not same(ordered({{}}, "price"), game:corporations(nil, "price")) then bad[#bad + 1] = "no filter, ordered by price" end
return table.concat(bad, "\n")
"#,
        fields.join(", "),
        player_fields.join(", "),
        company_fields.join(", "),
        hex_labels.join(", "),
        hex_fields.join(", "),
        fields.join(", "),
        fields.join(", "),
        player_fields.join(", "),
        company_fields.join(", "),
        hex_labels.join(", "),
        hex_fields.join(", "),
        hex_fields.join(", "),
        turn_fields.join(", ")
    )
}

#[test]
fn single_field_reads_equal_the_whole_tables() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games/1844/1844_game_end_bankrupt.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} is not available (../shared is absent)", path.display());
        return;
    };
    let rec = parse(&text).unwrap();
    let hexes: Vec<String> = railhead::title::load::load(&railhead::title::TitleSource::embedded("1844").unwrap(), &Default::default(), None).unwrap().map.hexes.iter().map(|h| h.label.clone()).collect();
    let chunk = field_check_chunk(&hexes);
    // Positions through the game: before the SBB, after it, at the end,
    // and some within operating turns (the turn's reads).
    let mut in_turns = 0;
    for until in [Some(50), Some(200), Some(210), Some(300), Some(400), Some(410), Some(600), None] {
        let game = match replay(&rec, until) {
            Ok((g, _)) => g,
            Err((g, e)) => g.unwrap_or_else(|| panic!("replay to {until:?}: {e}")),
        };
        in_turns += usize::from(matches!(game.state.flow.round.data, railhead::game::flow::RoundData::Operating(_)));
        let mut st = game.state.clone();
        let mut fx = Effects::default();
        let out = game.host.eval(&chunk, &mut st, &mut fx).unwrap();
        assert!(out == "\"\"", "at {until:?}: {out}");
    }
    assert!(in_turns >= 2, "only {in_turns} of the positions are in an operating turn");
    // An unknown field is an error naming the field.
    let Ok((game, _)) = replay(&rec, Some(50)) else { panic!("replay to 50") };
    let (mut st, mut fx) = (game.state.clone(), Effects::default());
    let err = game.host.eval("game:corporation_field('GB', 'presdent')", &mut st, &mut fx).unwrap_err().to_string();
    assert!(err.contains("presdent") && err.contains("president"), "{err}");
    for bad in ["game:turn_field('tile')", "game:corporations({ startd = false })", "game:corporations({ trains = {} })", "game:corporations({}, 'prise')", "game:corporations({}, 'trains')", "game:player_field(game:players()[1], 'dept')", "game:company_field('P2', 'ownr')", "game:corporation_fields('GB')", "game:corporation_fields('GB', 'cash', 'presdent')", "game:hex_fields('ZZ99', 'laid')", "game:company_fields('P2', 'owner', 'ownr')", "game:player_fields(game:players()[1])", "game:hex_fields('H17', 'laid', 'tlie')", "game:player_fields(game:players()[1], 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash', 'cash')"] {
        let (mut st, mut fx) = (game.state.clone(), Effects::default());
        assert!(game.host.eval(bad, &mut st, &mut fx).is_err(), "{bad} is refused");
    }
}

/// `game:connected` answers on one graph built for the whole board
/// (`connects_on`), reused while the board is unchanged; it must answer as
/// `connects` with the corporation's own graph, for every corporation,
/// destination hex and start, through the 1844 game.
#[test]
fn connected_on_the_shared_graph_equals_connects() {
    use railhead::game::graph::{BoardGraph, connects, connects_on};
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/fixtures/18xx.games/1844/1844_game_end_bankrupt.json");
    let Ok(text) = std::fs::read_to_string(&path) else {
        eprintln!("skipping: {} is not available (../shared is absent)", path.display());
        return;
    };
    let rec = parse(&text).unwrap();
    let mut checked = 0;
    for until in [Some(200), Some(400), Some(600), None] {
        let game = match replay(&rec, until) {
            Ok((g, _)) => g,
            Err((g, e)) => g.unwrap_or_else(|| panic!("replay to {until:?}: {e}")),
        };
        let (t, st) = (&game.title, &game.state);
        let template = BoardGraph::build_track(t, st, None);
        let adj = template.adjacency();
        let goals: Vec<u32> = (0..t.map.hexes.len() as u32).filter(|h| !t.map.hexes[*h as usize].tile.stops.is_empty() || st.board.hexes[*h as usize].tile.is_some()).collect();
        for c in st.corp_ids() {
            let mut starts = vec![None];
            if let Some((h, city)) = st.corps[c].home {
                starts.push(Some((h, Some(city))));
                starts.push(Some((h, None)));
            }
            for from in starts {
                for &goal in &goals {
                    assert_eq!(connects(t, st, c, goal, from), connects_on(t, st, &template, &adj, c, goal, from), "at {until:?}: corp {c}, goal {goal}, from {from:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} questions");
}
