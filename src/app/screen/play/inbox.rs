//! A play screen's own channel, for a screen the app's loop does not route
//! decisions' answers to (a lesson's).

use super::PlayOptions;
use crate::app::event::AppEvent;
use std::sync::mpsc::Sender;
use std::time::Duration;

/// A play screen's own channel, for a screen whose decisions' answers the
/// app's loop does not route (a lesson's): its options post there, and
/// [`Play::take_played`] takes the answers in on a tick.
#[derive(Debug)]
pub struct Inbox {
    tx: Sender<AppEvent>,
    pub(super) rx: std::sync::mpsc::Receiver<AppEvent>,
}

impl Inbox {
    pub fn new() -> Inbox {
        let (tx, rx) = std::sync::mpsc::channel();
        Inbox { tx, rx }
    }

    /// The options of a play screen that posts here.
    pub fn options(&self, work_wait: Duration, speed_ms: u64) -> PlayOptions {
        PlayOptions {
            tx: self.tx.clone(),
            work_wait,
            speed_ms,
            instant: false,
        }
    }

    /// Drops every answer waiting (for a game no longer shown).
    pub fn clear(&self) {
        while self.rx.try_recv().is_ok() {}
    }
}

impl Default for Inbox {
    fn default() -> Inbox {
        Inbox::new()
    }
}
