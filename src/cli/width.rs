//! How many columns the REPL's views may use: `--width`, then `COLUMNS`
//! (set by shells that export it, and by scripts), then the terminal's
//! own size when stdout is one; 80 when piped, the width text tools assume.

use std::io::IsTerminal;

const DEFAULT: usize = 80;
/// Below this no view is readable; a smaller answer is a mistake.
const MIN: usize = 40;

pub fn columns(option: Option<u16>) -> usize {
    if let Some(n) = option {
        return n as usize;
    }
    if let Some(n) = std::env::var("COLUMNS").ok().and_then(|v| v.trim().parse::<usize>().ok()).filter(|n| *n >= MIN) {
        return n;
    }
    if std::io::stdout().is_terminal()
        && let Some(n) = terminal_columns().filter(|n| *n >= MIN)
    {
        return n;
    }
    DEFAULT
}

#[cfg(unix)]
fn terminal_columns() -> Option<usize> {
    let mut size: libc::winsize = unsafe { std::mem::zeroed() };
    // SAFETY: TIOCGWINSZ only writes a winsize into the struct it is
    // given, which lives for the whole call.
    let rc = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    (rc == 0 && size.ws_col > 0).then_some(size.ws_col as usize)
}

#[cfg(not(unix))]
fn terminal_columns() -> Option<usize> {
    None
}
