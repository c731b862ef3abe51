//! Reading a Lua 5.4 function's compiled form (`string.dump`) to find the
//! variables it assigns that outlive a call.
//!
//! A function kept after loading (a handler, a hook, a helper they call)
//! holds the variables of the scripts' main chunks it refers to as
//! upvalues; those live as long as the title is loaded. A function that
//! assigns one (`n = n + 1` on a chunk-level `local n`) keeps state
//! outside the game, which its replay would not have. The compiler turns
//! such an assignment into `SETUPVAL`, in the function itself or in a
//! function nested in it that reaches the variable through it, so the
//! check is exact: assigning a local of the running call (`local total
//! = 0` in a handler, updated by a loop body's function) is allowed.

/// `SETUPVAL A B`: upvalue B := register A (lopcodes.h of Lua 5.4).
const OP_SETUPVAL: u32 = 10;

#[derive(Debug, Default)]
pub struct Proto {
    /// The chunk name ("@titles/1849/scripts/x.lua"); nested functions
    /// without one share their parent's.
    pub source: Option<String>,
    pub line_defined: u32,
    code: Vec<u32>,
    /// For each upvalue: true when it is a local of the enclosing
    /// function, false when it is one of the enclosing function's upvalues
    /// (then `index` numbers those).
    upvalues: Vec<(bool, u8)>,
    upvalue_names: Vec<Option<String>>,
    protos: Vec<Proto>,
    lineinfo: Vec<i8>,
    abslineinfo: Vec<(u32, u32)>,
}

/// An assignment to an upvalue of the dumped function.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UpvalueWrite {
    /// The variable's name ("?" without debug information).
    pub name: String,
    /// Chunk name and line of the assignment.
    pub source: String,
    pub line: u32,
}

/// The upvalues of the function `dump` holds that it, or a function
/// nested in it, assigns: one entry per variable, at its first assignment.
pub fn upvalue_writes(dump: &[u8]) -> Result<Vec<UpvalueWrite>, String> {
    let proto = parse(dump)?;
    let source = proto.source.clone().unwrap_or_default();
    let mut out: Vec<UpvalueWrite> = writes_of(&proto, &source)
        .into_iter()
        .map(|(index, (src, line))| UpvalueWrite {
            name: proto.upvalue_names.get(index as usize).cloned().flatten().unwrap_or_else(|| "?".into()),
            source: src,
            line,
        })
        .collect();
    out.sort_by(|a, b| (a.line, &a.name).cmp(&(b.line, &b.name)));
    Ok(out)
}

/// Upvalue index of `p` -> where it is first assigned (`p` itself or a
/// nested function reaching it through `p`).
fn writes_of(p: &Proto, parent_source: &str) -> std::collections::BTreeMap<u8, (String, u32)> {
    let source = p.source.clone().unwrap_or_else(|| parent_source.to_string());
    let mut out = std::collections::BTreeMap::new();
    for (pc, ins) in p.code.iter().enumerate() {
        if ins & 0x7f == OP_SETUPVAL {
            let b = ((ins >> 16) & 0xff) as u8;
            out.entry(b).or_insert_with(|| (source.clone(), line_of(p, pc)));
        }
    }
    for q in &p.protos {
        for (j, at) in writes_of(q, &source) {
            if let Some(&(false, index)) = q.upvalues.get(j as usize) {
                out.entry(index).or_insert(at);
            }
        }
    }
    out
}

/// The source line of instruction `pc`: the nearest absolute line at or
/// before it, plus the per-instruction deltas after that.
fn line_of(p: &Proto, pc: usize) -> u32 {
    let (mut base_pc, mut line) = match p.abslineinfo.iter().rev().find(|(apc, _)| (*apc as usize) <= pc) {
        Some(&(apc, l)) => (apc as i64, l as i64),
        None => (-1, p.line_defined as i64),
    };
    while base_pc < pc as i64 {
        base_pc += 1;
        line += p.lineinfo.get(base_pc as usize).copied().unwrap_or(0) as i64;
    }
    line.max(0) as u32
}

/// The binary chunk format of ldump.c (Lua 5.4).
pub fn parse(dump: &[u8]) -> Result<Proto, String> {
    let mut r = Reader { bytes: dump, at: 0 };
    r.header()?;
    let _main_upvalues = r.byte()?;
    r.function(0)
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Reader<'_> {
    fn fail<T>(&self, what: &str) -> Result<T, String> {
        Err(format!("unreadable compiled script ({what} at byte {})", self.at))
    }

    fn take(&mut self, n: usize) -> Result<&[u8], String> {
        let end = self.at.checked_add(n).filter(|e| *e <= self.bytes.len());
        match end {
            Some(end) => {
                let out = &self.bytes[self.at..end];
                self.at = end;
                Ok(out)
            }
            None => self.fail("truncated"),
        }
    }

    fn byte(&mut self) -> Result<u8, String> {
        Ok(self.take(1)?[0])
    }

    /// A size: 7 bits a byte, most significant first, the last byte
    /// marked with its high bit.
    fn size(&mut self) -> Result<usize, String> {
        let mut x: usize = 0;
        loop {
            let b = self.byte()?;
            if x > (usize::MAX >> 7) {
                return self.fail("size overflow");
            }
            x = (x << 7) | (b & 0x7f) as usize;
            if b & 0x80 != 0 {
                return Ok(x);
            }
        }
    }

    fn int(&mut self) -> Result<u32, String> {
        let x = self.size()?;
        u32::try_from(x).or_else(|_| self.fail("integer overflow"))
    }

    fn string(&mut self) -> Result<Option<String>, String> {
        let n = self.size()?;
        if n == 0 {
            return Ok(None);
        }
        Ok(Some(String::from_utf8_lossy(self.take(n - 1)?).into_owned()))
    }

    fn header(&mut self) -> Result<(), String> {
        if self.take(4)? != b"\x1bLua" {
            return self.fail("signature");
        }
        if self.byte()? != 0x54 || self.byte()? != 0 {
            return self.fail("not Lua 5.4");
        }
        if self.take(6)? != b"\x19\x93\r\n\x1a\n" {
            return self.fail("format data");
        }
        if self.take(3)? != [4, 8, 8] {
            return self.fail("instruction or number sizes");
        }
        self.take(16)?; // LUAC_INT and LUAC_NUM, which the sizes above already vouch for
        Ok(())
    }

    fn function(&mut self, depth: u32) -> Result<Proto, String> {
        if depth > 200 {
            return self.fail("nesting");
        }
        let mut p = Proto { source: self.string()?, line_defined: self.int()?, ..Default::default() };
        let _last_line = self.int()?;
        self.take(3)?; // parameters, vararg flag, stack size
        let n = self.int()? as usize;
        let code = self.take(n.checked_mul(4).ok_or_else(|| "code size".to_string())?)?;
        p.code = code.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect();
        for _ in 0..self.int()? {
            match self.byte()? {
                0 | 1 | 17 => {}                      // nil, false, true
                3 | 19 => drop(self.take(8)?),        // integer, float
                4 | 20 => drop(self.string()?),       // short and long strings
                _ => return self.fail("constant type"),
            }
        }
        for _ in 0..self.int()? {
            let instack = self.byte()? != 0;
            let index = self.byte()?;
            let _kind = self.byte()?;
            p.upvalues.push((instack, index));
        }
        for _ in 0..self.int()? {
            p.protos.push(self.function(depth + 1)?);
        }
        let n = self.int()? as usize;
        p.lineinfo = self.take(n)?.iter().map(|b| *b as i8).collect();
        for _ in 0..self.int()? {
            let pc = self.int()?;
            let line = self.int()?;
            p.abslineinfo.push((pc, line));
        }
        for _ in 0..self.int()? {
            self.string()?;
            self.int()?;
            self.int()?;
        }
        for _ in 0..self.int()? {
            p.upvalue_names.push(self.string()?);
        }
        Ok(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use mlua::{Function, Lua};

    fn writes(code: &str) -> Vec<(String, u32)> {
        let lua = Lua::new();
        let f: Function = lua.load(code).set_name("@t.lua").eval().unwrap();
        upvalue_writes(&f.dump(false)).unwrap().into_iter().map(|w| (w.name, w.line)).collect()
    }

    #[test]
    fn a_counter_kept_between_calls_is_found() {
        assert_eq!(writes("local n = 0\nreturn function()\n  n = n + 1\nend"), vec![("n".to_string(), 3)]);
    }

    #[test]
    fn locals_of_the_call_are_allowed() {
        let code = "local k = 5\nreturn function(list)\n  local total = 0\n  for _, x in ipairs(list) do (function() total = total + x + k end)() end\n  return total\nend";
        assert_eq!(writes(code), vec![]);
    }

    #[test]
    fn a_nested_function_reaching_a_kept_variable_is_found() {
        let code = "local seen\nreturn function()\n  local f = function()\n    seen = true\n  end\n  f()\nend";
        assert_eq!(writes(code), vec![("seen".to_string(), 4)]);
    }

    #[test]
    fn reading_is_not_writing() {
        assert_eq!(writes("local t = {}\nlocal n = 3\nreturn function() return t[n], #t end"), vec![]);
    }

    #[test]
    fn lines_past_long_gaps_are_exact() {
        // More than 127 lines between instructions: absolute line entries.
        let gap = "\n".repeat(300);
        let code = format!("local n = 0\nreturn function(){gap}n = 1 end");
        assert_eq!(writes(&code), vec![("n".to_string(), 302)]);
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        assert!(parse(b"").is_err());
        assert!(parse(b"\x1bLua\x54\x00").is_err());
        let lua = Lua::new();
        let f: Function = lua.load("return function() end").eval().unwrap();
        let d = f.dump(false);
        for cut in 0..d.len() {
            let _ = parse(&d[..cut]);
        }
    }
}
