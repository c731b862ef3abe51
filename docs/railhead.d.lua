---@meta
-- Declarations of the railhead title-script API for lua-language-server.
-- Add this folder to your workspace library to get completion and checks.
-- The reference with explanations is docs/lua-api.md.

---@alias Value boolean|integer|string|table
---@alias Check boolean|nil

---Subscribe to an event; handlers run in registration order.
---@param event string
---@param handler fun(game: Game, ev: table)
function on(event, handler) end

---Override a hook point (see docs/lua-api.md for names and arguments).
---@param name "setup"|"startable"|"par_prices"|"can_start"|"can_buy_certificate"|"can_sell"|"can_issue"|"dividend_move"|"terrain_cost"|"can_lay_tile"|"extra_tile_lays"|"relaxed_hexes"|"can_place_token"|"route_bonus"|"run_bonus"|"revenue"|"must_buy_train"|"can_buy_train"|"operating_order"|"company_price_range"|"can_buy_company"|"emergency_failed"|"player_value"|"player_order"|"sell_after_drop"|"game_end_check"|"skip_round"|"can_pass"|"can_discard_train"|"started_above_sales"|"certificate_count"|"president"|"investor_turn"|"investor_sale_price"|"corporation_facts"
---@param options_or_fn HookOptions|function the options (a `when` guard), or the function
---@param fn? function the function, after options
function hook(name, options_or_fn, fn) end

---When a hook definition may answer anything but the default (docs/lua-api.md, "Guards"):
---one table of conditions that must all hold, or a list of such tables of which one must.
---@class HookGuard
---@field turn_var? string|string[] the operating turn's variable(s) set
---@field var? string|string[] the game variable(s) set
---@field option? string|string[] the title's option(s) on
---@field company_prop? string|string[] some company of the title has the prop(s)
---@field args? table<string, Value|Value[]|{has_prop: string}|{has_cost: true}> (hooks) arguments, by name, equal to a value or one of a list, naming a company or corporation with the prop, or a hex with a terrain cost
---@field round? string|string[] the current round's kind(s)
---@field ctx? table<string, Value|Value[]> (an ability's `actions`) context fields equal to a value or one of a list

---@class HookOptions
---@field when? HookGuard|HookGuard[]

---@class StepSpec
---@field skip? fun(game: Game, corp: string): boolean
---@field actions? fun(game: Game, corp: string): {name: string, args: table, range?: integer[]}[]
---@field process? fun(game: Game, corp: string, name: string, args: table): boolean
---@field may_pass? fun(game: Game, corp: string): boolean
---@field when? HookGuard|HookGuard[] where it fails, `actions` offers nothing without a call

---Define a step usable in flow.toml with kind = "script".
---@param name string
---@param spec StepSpec
function step(name, spec) end

---What an ability's functions are called with: the company that gives the
---ability (absent for an `unbound` one), its owner, who acts, and the
---company's props overlaid with the `props` of its `abilities` entry.
---@class AbilityCtx
---@field company? string the company, e.g. "P3"
---@field owner? string its owner (a player or corporation)
---@field owner_kind? "player"|"corporation"|"bank" ("bank": a company being bought, `can_buy`)
---@field actor string who acts now: the operating corporation, or the player in a stock turn
---@field actor_kind "player"|"corporation"
---@field props table the company's props, overlaid with the ability entry's

---@class AbilitySpec
---@field unbound? boolean true: no company gives it, every player and corporation has it
---@field once? boolean true: its moves are the same whichever of the actor's companies gives it; only the first is asked (verified where guards are)
---@field when? HookGuard|HookGuard[] where it fails, `actions` offers nothing without a call
---@field actions? fun(game: Game, ctx: AbilityCtx): {name: string, args: table}[]
---@field process? fun(game: Game, ctx: AbilityCtx, args: table)
---@field can_buy? fun(game: Game, ctx: AbilityCtx): boolean, string?, string?
---@field choose? fun(game: Game, who: string, choice: string, data: Value)
---@field paid? fun(game: Game, player: string, amount: integer, data: Value)
---@field failed? fun(game: Game, player: string, short: integer, data: Value)

---Define a company ability (declared in companies.toml, or `unbound`) or a
---question handler (only `choose`, `paid`, `failed`).
---@param name string
---@param spec AbilitySpec
function ability(name, spec) end

---Refuse the action being applied.
---@param message string
---@param rule_id? string
function fail(message, rule_id) end

---@class Game
local Game = {}

---@return string
function Game:title() end
---@param id string
---@return boolean
function Game:option(id) end
---@return integer
function Game:seed() end
---The title's [props], overlaid with the props of the game's [[player_count]].
---Read-only, as every props table is: built once and shared by every call.
---@return table
function Game:props() end
---@return integer
function Game:player_count() end
---@return string[]
function Game:players() end
---Whether `name` is one of `players()`, in one call.
---@param name string
---@return boolean
function Game:is_player(name) end
---@param name string
---@return {name: string, cash: integer, loans: integer, debt: integer, left: boolean, certificates: integer, shares: table<string, integer>, companies: string[]}
function Game:player(name) end
---One field of `player(name)` without building the whole table.
---@param name string
---@param field string "cash", "debt", "shares"...
---@return any
function Game:player_field(name, field) end
---Several fields of `player(name)` in one call, as that many values: `local cash, debt = game:player_fields(p, "cash", "debt")` (1 to 32 fields; an unknown one is an error).
---@param name string
---@param field string
---@param ... string more fields
---@return any ...
function Game:player_fields(name, field, ...) end
---@param filter? table<string, boolean|number|string> fields of `corporation(id)` and the values they must equal
---@param order? string a number or string field to sort by, smallest first (nil values last, ties in play order)
---@return string[]
function Game:corporations(filter, order) end
---@return string[]
function Game:all_corporations() end
---The investors' ids (title.toml's [[investor]]).
---@return string[]
function Game:investors() end
---An investor's holdings: certificates counts all it holds.
---@param id string
---@return {id: string, name: string, certificates: integer, shares: table<string, integer>, certs: table<string, integer>}
function Game:investor(id) end
---A corporation kind of companies.toml.
---@param id string
---@return {id: string, name: string, unit_percent: integer, capital_multiple: integer, float_shares: integer, token_costs: integer[], train_limit: table<string, integer>, props: table}
function Game:corporation_kind(id) end
---@param id string
---@return table
function Game:corporation(id) end
---One field of `corporation(id)` without building the whole table.
---@param id string
---@param field string a key of `corporation(id)`: "kind", "president", "cash", "certificates"...
---@return any
function Game:corporation_field(id, field) end
---Several fields of `corporation(id)` in one call, as that many values (1 to 32 fields; an unknown one is an error). One call costs about as much as one `corporation_field`.
---@param id string
---@param field string
---@param ... string more fields
---@return any ...
function Game:corporation_fields(id, field, ...) end
---@return string[]
function Game:companies() end
---@param id string
---@return {id: string, name: string, abbr: string?, kind: string, value: integer, revenue: integer, used: boolean, owner: string?, owner_kind: string, props: table}
function Game:company(id) end
---One field of `company(id)` without building the whole table.
---@param id string
---@param field string "owner", "owner_kind", "used", "value"...
---@return any
function Game:company_field(id, field) end
---Several fields of `company(id)` in one call, as that many values (1 to 32 fields; an unknown one is an error).
---@param id string
---@param field string
---@param ... string more fields
---@return any ...
function Game:company_fields(id, field, ...) end
---@return string
function Game:phase() end
---@return integer
function Game:phase_index() end
---@param name string
---@return boolean
function Game:phase_before(name) end
---@return {name: string, kind: string, stock_rounds: integer, set_index: integer, set_size: integer}
function Game:round() end
---@return string?
function Game:current() end
---@return string?
function Game:operating() end
---@return string?
function Game:step() end
---@return {tiles: integer, tokens: integer, revenue: integer?, trains_bought: integer, issued: integer, emergency: boolean, vars: table, done: string[]}?
function Game:turn() end
---@param field "tiles"|"tokens"|"revenue"|"trains_bought"|"issued"|"emergency"|"vars"|"done"
---@return any
function Game:turn_field(field) end
---@param name string
---@return any
function Game:turn_var(name) end
---@param kind string
---@return string[]
function Game:stops_of_kind(kind) end
---@return integer
function Game:bank() end
---@return string
function Game:priority() end
---@return integer
function Game:cert_limit() end
---@param key string
---@return Value?
function Game:var(key) end
---Every var whose key starts with `prefix`, keyed by the rest of its key: `game:vars("dest.")` is `{ SBB = "paid", ... }` for the vars "dest.SBB", ...
---@param prefix string
---@return table<string, Value>
function Game:vars(prefix) end
---@param corp string
---@return integer
function Game:share_price(corp) end
---The value of market.toml's price grid `table` at the corporation's cell (an error without such a grid or a market token).
---@param corp string
---@param table string
---@return integer
function Game:market_price(corp, table) end
---@return string[]
function Game:value_order() end
---One field of `hex(label)` (any of its fields: "laid", "tile", "props", "stops", ...), built alone: cheaper than `hex` in hot hooks and handlers.
---@param label string
---@param field string
---@return any
function Game:hex_field(label, field) end
---Several fields of `hex(label)` in one call, as that many values: `local laid, tile, props = game:hex_fields(h, "laid", "tile", "props")` (1 to 32 fields; an unknown one is an error).
---@param label string
---@param field string
---@param ... string more fields
---@return any ...
function Game:hex_fields(label, field, ...) end
---@param label string
---@return {label: string, name: string?, tile: string, color: string, laid: boolean, rotation: integer, terrain: string?, cost: integer, borders: table<integer, string>, neighbours: table<integer, string>, links: table<integer, {hex: string, edge: integer, label: string?}>, stops: {kind: string, value: integer, slots: integer, name: string?, tags: string[], tokens: string[], reserved: string[], neutral: string[], opens_in_phase: string?, open: boolean}[], tags: string[], tokens: string[], locked: boolean, free_slots: integer}
function Game:hex(label) end
---@param tag string
---@return string[]
function Game:hexes_tagged(tag) end
---The sides of `hex` (0 to 5, ascending) where the corporation's network arrives from the neighbouring hexes: where a new tile's track would join it.
---@param corp string
---@param hex string
---@return integer[]
function Game:reached_edges(corp, hex) end
---@return {class: string, variant: string, price: integer, pool: boolean, id: string?}[]
function Game:trains_on_sale() end
---@param class string
---@return integer
function Game:trains_left(class) end
---@param name string
---@return {name: string, color: string, label: string?, left: integer, stops: {kind: string, slots: integer}[], tags: string[]}
function Game:tile(name) end
---@param name string
---@return {name: string, count: integer, tags: string[], props: table, variants: {name: string, price: integer}[]}
function Game:train_class(name) end
---@param n integer
---@return integer
function Game:random(n) end
---@param amount integer
---@return string
function Game:money(amount) end

---Keeps a value in the game (nil deletes it). A key is at most 256 bytes
---(MAX_NAME_BYTES), a value at most 256 KiB (MAX_VAR_BYTES), all vars
---together at most 4 MiB (MAX_VARS_BYTES): docs/lua-api.md, "Limits".
---@param key string
---@param value Value?
function Game:set_var(key, value) end
---@param key string
---@param value Value?
function Game:set_turn_var(key, value) end
---@param name string
function Game:finish_step(name) end
---A line of at most 4,096 bytes (MAX_TEXT_BYTES); scripts log at most
---4 MiB (MAX_LOG_BYTES) and 100,000 lines (MAX_LOG_LINES) in one action.
---@param line string
function Game:log(line) end
---The amount is 0 to 10^12 (MAX_AMOUNT), and no purse may end beyond it.
---@param from string "bank", a player or a corporation
---@param to string
---@param amount integer
function Game:transfer(from, to, amount) end
---@param id string
function Game:close_corporation(id) end
---Merges `target` into `into`: its cash, trains (the train limit is not
---enforced: call require_discards), companies and the shares it holds go
---to `into`; its certificates return to its treasury, its price leaves the
---market, it is no longer started, floated or operated, and its tokens
---return to its charter unless `opts.keep_tokens`. It may be started again.
---@param target string
---@param into string
---@param opts? {keep_tokens: boolean?}
function Game:merge(target, into, opts) end
---@param id string
function Game:remove_corporation(id) end
---@param ids string[]
function Game:set_start_order(ids) end
---@param n integer
function Game:set_cert_limit(n) end
---@param class string
---@param n integer
function Game:remove_trains(class, n) end
---@param id string
function Game:close_company(id) end
---@param id string
function Game:use_company(id) end
---@param id string
---@param owner string
function Game:give_company(id, owner) end
---@param corp string
---@param dir "up"|"down"|"left"|"right"
---@param n? integer
function Game:move_price(corp, dir, n) end
---@param corp string
---@param price integer
---@param player string
---@param free? boolean
---@param opts? {home: boolean?}
function Game:start_corporation(corp, price, player, free, opts) end
---At least one price, each a starting value on the market (at most 1,000: MAX_CHOICES).
---@param corp string
---@param player string
---@param prices integer[]
---@param capital? integer
---@param cause? string why this start is waiting (quoted in refusals of other actions)
function Game:ask_par(corp, player, prices, capital, cause) end
---@param corp string
function Game:place_home(corp) end
---@param corp string
---@param hex string
---@param city? integer
function Game:set_home(corp, hex, city) end
---@param corp string
---@param hex string
---@param city? integer
---@param check_route? boolean
function Game:place_token(corp, hex, city, check_route) end
---@param hex string
---@param lose? boolean
---@param corp? string only this corporation's token
---@return string[] corporations whose tokens were removed
function Game:remove_tokens(hex, lose, corp) end
---@param hex string
function Game:revert_tile(hex) end
---@param hex string
---@param reason string
function Game:lock_hex(hex, reason) end
---@param hex string
function Game:unlock_hex(hex) end
---@param hex string
---@param tag string
function Game:add_marker(hex, tag) end
---@param hex string
---@param tag string
function Game:remove_marker(hex, tag) end
---@param hex string
---@param corp string
---@param amount integer
---@param stop? integer
function Game:add_stop_bonus(hex, corp, amount, stop) end
---A question that can be answered: 1 to 1,000 answers (MAX_CHOICES), each
---typeable after `choose` (not empty, no leading, trailing or doubled
---spaces), and `ability(handler)` with a `choose` function registered.
---At most 32 questions wait at once (MAX_PENDING).
---@param who string
---@param prompt string
---@param choices string[]
---@param handler string
---@param data? Value
function Game:ask(who, prompt, choices, handler, data) end
---The player must pay `amount` to `to` ("bank", a player or a corporation):
---at once from cash when they can (returns true), else they raise it by
---emergency share sales (a pending decision; returns false) and
---`ability(handler).paid` / `.failed` is called when it is settled (the
---ability must be registered when the payment has to wait).
---@param player string
---@param to string
---@param amount integer
---@param handler string
---@param data? Value
---@return boolean paid_now
function Game:raise_money(player, to, amount, handler, data) end
---@param player string
---@param amount integer
function Game:take_loan(player, amount) end
---@param player string
function Game:leave_game(player) end
---@param kind "end_of_set"|"after_next_set"|"after_turn_of"|"after_first_flagged_turn"
---@param reason string
---@param corp? string
function Game:set_end_trigger(kind, reason, corp) end
---@param reason string
function Game:end_game(reason) end

---@param corp string
---@param costs integer[]
function Game:set_tokens(corp, costs) end
---With `replace`, the new tile keeps the hex's stops: its stop i takes stop
---i, of the same kind, with room for its tokens.
---@param corp string|nil
---@param hex string
---@param tile string
---@param rotation integer 0 to 5
---@param opts? {connection: boolean?, phase_colours: boolean?, hidden: boolean?, replace: boolean?}
---@return string[] gauges of the new track
function Game:lay_tile(corp, hex, tile, rotation, opts) end
---@param corp string
---@param hex string
---@param from? string
---@param city? integer
---@return boolean
function Game:connected(corp, hex, from, city) end
---@class DirectRouteOpts
---@field costs table<string, integer> cost of crossing a hexside by terrain: `plain` and every terrain of the map's borders
---@field through? string[] stop kinds a route may pass ({ "town" } when left out)
---@field to? string[] stop kinds a route ends at ({ "city" } when left out)
---@field corp? string a city full of other corporations' tokens cannot be passed

---@class DirectRoute
---@field to string the target's hex
---@field stop integer the target's stop index on its tile
---@field cost integer the borders' costs added up
---@field towns {hex: string, stop: integer}[] the stops passed, in order
---@field hexes string[] the hexes whose track the route uses, in order
---@field borders {from: string, to: string, terrain: string}[] the hexsides crossed ("plain" without a terrain)

---Every direct route from stop `stop` of `hex`: unbroken track through
---stops of the `through` kinds only, ending at the first stop of a `to`
---kind; by target, then cost. The second result is true when the list was
---cut short at limits::MAX_DIRECT_ROUTES routes or MAX_DIRECT_ROUTE_STEPS.
---@param hex string
---@param stop integer stop index on the hex's tile (0 when nil)
---@param opts DirectRouteOpts
---@return DirectRoute[] routes
---@return boolean cut
function Game:direct_routes(hex, stop, opts) end
---The cost of the cheapest direct route from any stop of `from` to a stop of `to`.
---@param from string
---@param to string
---@param opts DirectRouteOpts
---@return integer?
function Game:cheapest_connection(from, to, opts) end
--- The company's income from now on (instead of companies.toml's revenue).
---@param id string
---@param amount integer
function Game:set_company_revenue(id, amount) end
--- The props of phases.toml's phase (the current one when not named).
---@param name? string
---@return table
function Game:phase_props(name) end
---@return string? train id
function Game:export_train() end
--- Corporations over their train limit hand trains in, their presidents choosing.
function Game:require_discards() end
---@param what string class, variant or train id
---@param owner string corporation, player or "pool"
---@return string train id
function Game:give_train(what, owner) end
--- A train bought from the bank: a new one of a class or variant from the
--- depot (its purchase starts the phases it triggers) or a pool train by
--- id; the corporation pays `price` to the bank.
---@param what string class, variant or pool train id
---@param corp string
---@param price integer
---@return string train id
function Game:sell_train(what, corp, price) end
--- In a stock turn: the ability being applied is the turn's purchase.
function Game:count_as_purchase() end
--- A new seating order, every player once: players(), the stock round's order and the priority deal follow it.
---@param names string[]
function Game:set_seating(names) end
--- The player holding the priority deal.
---@param name string
function Game:set_priority(name) end
--- The next phase begins, with its effects (a phase a title starts by an
--- event of its own rather than a train).
---@return string phase name
function Game:advance_phase() end
---@param id string
function Game:remove_train(id) end
---@param corp string
---@param player string
---@return boolean
function Game:set_president(corp, player) end
---@param corp string
---@param index integer
---@param owner string "treasury", "pool", "removed", a player, a corporation or an investor's id
function Game:move_certificate(corp, index, owner) end
---The corporation takes another kind of companies.toml; its certificates are re-faced where they are.
---@param corp string
---@param kind string
function Game:convert_corporation(corp, kind) end
---The corporation enters another of the title's states (companies.toml's `[[corporation_state]]`); the state's `next` list, when given, limits where to.
---@param corp string
---@param state string
function Game:set_corporation_state(corp, state) end
---1 to 64 values (MAX_REVENUE_BANDS), one per revenue band.
---@param hex string
---@param values integer[]
---@param stop? integer
function Game:set_stop_revenue(hex, values, stop) end
---A negative amount takes some debt off; the debt stays 0 to 10^12 (MAX_AMOUNT).
---@param player string
---@param amount integer
function Game:add_debt(player, amount) end
---@param corp string
---@param row integer
---@param col integer
function Game:set_price(corp, row, col) end
---@param corp string
---@param par? integer
function Game:set_floated(corp, par) end
---@param amount integer
function Game:set_revenue(amount) end
---@param corp string
---@param kind "payout"|"half"|"withhold"
---@param revenue integer
---@param moves? string directions, comma-separated, or "none"; the core's default if nil
function Game:pay_dividend(corp, kind, revenue, moves) end
---@param hex string
---@param from string
---@param to string
function Game:replace_token(hex, from, to) end
---@param hex string
---@param corp string
---@param city? integer
function Game:reserve(hex, corp, city) end
---@param hex string
---@param corp string
---@return boolean
function Game:remove_reservation(hex, corp) end
---@param hex string
---@param id string the neutral token's id (map.toml `neutral`)
---@param corp string
function Game:replace_neutral_token(hex, id, corp) end
---@param who string?
function Game:set_actor(who) end
function Game:end_round() end
