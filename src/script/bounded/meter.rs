//! Work counted in batches before it is charged to the running script call.

use super::Charge;

/// Units gathered before the charge closure is called: a step of the
/// pattern matcher costs a few nanoseconds, a call of the closure more.
const BATCH: u64 = 1_000;

/// Bytes of plain copying or scanning (comparing a back-reference,
/// scanning a set or a `%b` run, searching plainly) that cost one unit: a
/// byte is much cheaper than a VM instruction, but not free.
pub const BYTES_PER_UNIT: u64 = 16;

/// Counts work and charges it to the call every [`BATCH`] units; the
/// owner calls [`Meter::settle`] at the end so that small calls pay too.
pub struct Meter {
    charge: Charge,
    pending: u64,
}

impl Meter {
    pub fn new(charge: Charge) -> Meter {
        Meter { charge, pending: 0 }
    }

    /// Adds `units`; fails as soon as a batch is refused.
    pub fn add(&mut self, units: u64) -> mlua::Result<()> {
        self.pending = self.pending.saturating_add(units);
        if self.pending >= BATCH { self.settle() } else { Ok(()) }
    }

    /// Adds the cost of `bytes` bytes of plain copying or scanning.
    pub fn add_bytes(&mut self, bytes: usize) -> mlua::Result<()> {
        let bytes = u64::try_from(bytes).unwrap_or(u64::MAX);
        self.add(bytes / BYTES_PER_UNIT)
    }

    /// Charges what is gathered.
    pub fn settle(&mut self) -> mlua::Result<()> {
        let units = std::mem::take(&mut self.pending);
        if units > 0 { (self.charge)(units) } else { Ok(()) }
    }
}
