//! The Lua state a test file runs in: the title-script sandbox's
//! libraries and limits (`limits::TEST_INSTRUCTIONS_PER_CASE`, `MEMORY_LIMIT`),
//! `print` captured into the test's output, and globals frozen once the
//! file has loaded so tests cannot leak state into each other.

use super::assert::Failure;
use crate::limits::TEST_INSTRUCTIONS_PER_CASE as INSTRUCTION_BUDGET;
use crate::script::MEMORY_LIMIT;
use mlua::{HookTriggers, Lua, LuaOptions, MultiValue, StdLib, Table, Value, VmState};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

/// Lines printed by the running test (shown with its result).
#[derive(Default)]
pub struct Output(pub RefCell<Vec<String>>);

pub struct Sandbox {
    pub lua: Lua,
    budget: Rc<Cell<u64>>,
}

impl Sandbox {
    /// A state with Lua's base (no loading functions), table, string,
    /// math (no random) and utf8 libraries, as title scripts get.
    pub fn new() -> Result<Sandbox, String> {
        let lua = Lua::new_with(StdLib::TABLE | StdLib::STRING | StdLib::MATH | StdLib::UTF8, LuaOptions::default())
            .map_err(|e| format!("cannot create the Lua state: {e}"))?;
        let budget = Rc::new(Cell::new(INSTRUCTION_BUDGET));
        let b = budget.clone();
        lua.set_global_hook(HookTriggers::new().every_nth_instruction(10_000), move |lua, debug| {
            let left = b.get().saturating_sub(10_000);
            b.set(left);
            if left == 0 {
                let src = debug.source().source.map(|s| s.into_owned()).unwrap_or_default();
                let location = match (src.strip_prefix('@'), debug.current_line()) {
                    (Some(file), Some(line)) => Some(format!("{file}:{line}")),
                    _ => super::assert::caller_location(lua),
                };
                Err(mlua::Error::external(Failure {
                    location,
                    message: format!("the test ran more than {INSTRUCTION_BUDGET} Lua instructions (an endless loop?) and was stopped"),
                }))
            } else {
                Ok(VmState::Continue)
            }
        })
        .map_err(|e| e.to_string())?;
        lua.set_memory_limit(MEMORY_LIMIT).map_err(|e| e.to_string())?;
        lua.set_app_data(Output::default());
        // As title scripts get them (and before `print` takes `tostring`).
        // Their work in C is charged to the test's instruction budget.
        let b = budget.clone();
        let charge: crate::script::bounded::Charge = Rc::new(move |units| {
            let left = b.get().saturating_sub(units);
            b.set(left);
            if left == 0 {
                Err(mlua::Error::RuntimeError(format!("the test ran more than {INSTRUCTION_BUDGET} Lua instructions (library work included) and was stopped")))
            } else {
                Ok(())
            }
        });
        crate::script::bounded::install(&lua, charge).map_err(|e| e.to_string())?;
        let sb = Sandbox { lua, budget };
        sb.strip().map_err(|e| e.to_string())?;
        Ok(sb)
    }

    /// The same removals as the title-script sandbox, and `print` into
    /// the test's output.
    fn strip(&self) -> mlua::Result<()> {
        let g = self.lua.globals();
        for name in ["dofile", "loadfile", "load", "require", "collectgarbage", "io", "os", "package", "debug"] {
            g.set(name, Value::Nil)?;
        }
        let math: Table = g.get("math")?;
        math.set("random", Value::Nil)?;
        math.set("randomseed", Value::Nil)?;
        let string: Table = g.get("string")?;
        string.set("dump", Value::Nil)?;
        let tostring: mlua::Function = g.get("tostring")?;
        g.set(
            "print",
            self.lua.create_function(move |lua, args: MultiValue| {
                let mut parts = Vec::new();
                for v in args {
                    parts.push(tostring.call::<String>(v)?);
                }
                if let Some(out) = lua.app_data_ref::<Output>() {
                    out.0.borrow_mut().push(parts.join("\t"));
                }
                Ok(())
            })?,
        )?;
        Ok(())
    }

    /// A fresh instruction budget (before loading and before each test).
    pub fn reset_budget(&self) {
        self.budget.set(INSTRUCTION_BUDGET);
    }

    pub fn take_output(&self) -> Vec<String> {
        self.lua.app_data_ref::<Output>().map(|o| std::mem::take(&mut *o.0.borrow_mut())).unwrap_or_default()
    }

    /// After the file has loaded: creating a global is an error (tests
    /// keep their values in locals), and so is reading an unknown one;
    /// both point at the test line (as for title scripts).
    pub fn freeze(&self) -> mlua::Result<()> {
        self.lua
            .load(
                r#"
local sandboxed = { io = true, os = true, require = true, package = true, debug = true,
                    load = true, dofile = true, loadfile = true, collectgarbage = true }
setmetatable(_G, {
  __newindex = function(_, k)
    error("a test may not set the global '" .. tostring(k) .. "': use a local, so that tests stay independent", 2)
  end,
  __index = function(_, k)
    if k == "require" then
      error("'require' is not available to tests: shared setup goes in tests/lib/NAME.lua, loaded with test_lib(\"NAME\")", 2)
    end
    if sandboxed[k] then
      error("'" .. tostring(k) .. "' is not available to tests (sandbox: no io, os, package, debug or loading)", 2)
    end
    error("unknown global '" .. tostring(k) .. "'", 2)
  end,
})
"#,
            )
            .set_name("=sandbox")
            .exec()
    }
}
