//! Output to a reader that went away (`railhead import F --trace | head`).
//!
//! Rust starts programs with SIGPIPE ignored, so a write to a closed pipe
//! fails, and `println!` panics on the failure. Rather than route every
//! print of every command through a checked writer, the binary ends
//! quietly when a print fails that way: no message, exit code 141, what a
//! shell reports for a process stopped by SIGPIPE (as `cat` would be).
//!
//! Restoring SIGPIPE's default disposition would end such a process too,
//! but also `bench` whenever it writes to a worker child that has died,
//! which `bench` must survive (it replaces the worker).

use std::any::Any;
use std::io::Write;

/// The exit code when standard output (or error) was closed by its reader.
pub const CLOSED_OUTPUT_EXIT: i32 = 141;

/// Installs the panic hook, once, at startup.
pub fn end_quietly_when_output_closes() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| match failed_print(info.payload()) {
        Some(Failure::Closed) => std::process::exit(CLOSED_OUTPUT_EXIT),
        Some(Failure::Other(message)) => {
            // Standard error may be gone too: then there is no one to tell.
            let _ = writeln!(std::io::stderr(), "railhead: {message}");
            std::process::exit(1)
        }
        None => default(info),
    }));
}

enum Failure {
    /// The reader closed the pipe.
    Closed,
    /// Any other failure to write (a full disk...), said in one line.
    Other(String),
}

/// Whether a panic is std's "failed printing to stdout/stderr", and why.
fn failed_print(payload: &(dyn Any + Send)) -> Option<Failure> {
    let message = payload.downcast_ref::<String>().map(String::as_str).or_else(|| payload.downcast_ref::<&str>().copied())?;
    if !(message.starts_with("failed printing to stdout") || message.starts_with("failed printing to stderr")) {
        return None;
    }
    let lower = message.to_lowercase();
    // EPIPE on Unix ("Broken pipe"), ERROR_NO_DATA on Windows.
    if lower.contains("broken pipe") || lower.contains("pipe is being closed") {
        Some(Failure::Closed)
    } else {
        Some(Failure::Other(message.replace("failed printing to", "cannot write to")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_failed_prints_are_taken() {
        let closed: Box<dyn Any + Send> = Box::new("failed printing to stdout: Broken pipe (os error 32)".to_string());
        assert!(matches!(failed_print(closed.as_ref()), Some(Failure::Closed)));
        let full: Box<dyn Any + Send> = Box::new("failed printing to stdout: No space left on device (os error 28)".to_string());
        assert!(matches!(failed_print(full.as_ref()), Some(Failure::Other(m)) if m.starts_with("cannot write to stdout")));
        let other: Box<dyn Any + Send> = Box::new("index out of bounds");
        assert!(failed_print(other.as_ref()).is_none());
    }
}
