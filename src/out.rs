//! Standard output and error for the command line, where a closed pipe is a
//! quiet exit and never a panic.
//!
//! `println!` and `eprintln!` panic when the reader has gone (`replay --print
//! | head`). SIGPIPE stays ignored, as Rust sets it: the arena writes to the
//! pipes of outside programs and must see those errors. Only the command
//! line's own output goes through here.

use std::io::{self, Write};

pub use masai_core::text::thousands;

/// Exit status when standard output was closed by its reader: the reader
/// chose to stop, so this is not a failure (as `rg ... | head` does).
pub const CLOSED_EXIT: i32 = 0;

/// Exit status of a failure at run time: a file that cannot be read or
/// written, a record refused, a full disk (the manual's EXIT STATUS).
pub const FAILURE_EXIT: u8 = 1;

/// Exit status of a command line refused: an unknown option, a value out of
/// range, options that do not go together.
pub const USAGE_EXIT: u8 = 2;

/// Writes `text` to standard output as it is, and flushes it. A closed pipe
/// ends the program quietly with [`CLOSED_EXIT`]; another write error (a full
/// disk) ends it with one line on standard error and [`FAILURE_EXIT`].
pub fn text(text: &str) {
    let mut out = io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        drop(out);
        stdout_failed(&e);
    }
}

/// Writes one line to standard output (see [`text`]).
pub fn line(line: &str) {
    let mut s = String::with_capacity(line.len() + 1);
    s.push_str(line);
    s.push('\n');
    text(&s);
}

/// Writes one line to standard error. Errors are ignored: there is nowhere
/// left to report them, and the caller's exit status still tells.
pub fn err(line: &str) {
    let mut s = String::with_capacity(line.len() + 1);
    s.push_str(line);
    s.push('\n');
    err_text(&s);
}

/// Writes `text` to standard error as it is (a progress line redrawn with
/// `\r`); errors are ignored, as in [`err`]. Returns whether it was written.
pub fn err_text(text: &str) -> bool {
    let mut e = io::stderr().lock();
    e.write_all(text.as_bytes())
        .and_then(|()| e.flush())
        .is_ok()
}

/// Did a write fail because its reader has gone (a closed pipe), which
/// is a quiet end, not an error?
pub fn reader_gone(e: &io::Error) -> bool {
    e.kind() == io::ErrorKind::BrokenPipe
}

fn stdout_failed(e: &io::Error) -> ! {
    if reader_gone(e) {
        std::process::exit(CLOSED_EXIT);
    }
    err(&format!("error: standard output: {e}"));
    std::process::exit(FAILURE_EXIT.into());
}
