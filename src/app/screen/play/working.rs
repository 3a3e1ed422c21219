//! A decision being worked out on a thread (a sowing whose end must be
//! proven), and what the status line says meanwhile.

use crate::out::thousands;
use crate::session::job::Job;

/// A decision being worked out in a job: its token and the job (dropping
/// it cancels the work).
#[derive(Debug)]
pub struct Working {
    pub token: String,
    pub(super) job: Job,
}

impl Working {
    /// Laps checked so far of the sowing being decided.
    pub fn laps(&self) -> u64 {
        self.job.laps()
    }
}

/// The status while a decision is worked out, with the laps checked so far.
pub fn working_line(w: &Working) -> String {
    match w.laps() {
        0 => format!("Working out the sowing of {}...", w.token),
        n => format!(
            "Working out the sowing of {}: {} laps checked (u or Esc takes it back)",
            w.token,
            thousands(n)
        ),
    }
}

/// The refusal while a decision is worked out, with the laps checked so far.
pub(super) fn still_working(w: &Working) -> String {
    let laps = match w.laps() {
        0 => String::new(),
        n => format!(" ({} laps checked)", thousands(n)),
    };
    format!(
        "Still working out the sowing of {}{laps}: wait, or u or Esc takes it back",
        w.token
    )
}
