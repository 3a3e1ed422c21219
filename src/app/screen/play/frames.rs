//! The play screen's animation: a decision's frames shown one by one,
//! each held its seeds' time (the replay viewer's steps too).

use super::Play;
use crate::app::anim::Frame;
use std::time::{Duration, Instant};

/// A running animation.
#[derive(Clone, Debug)]
pub struct Anim {
    pub frames: Vec<Frame>,
    pub index: usize,
    pub next_at: Instant,
}

/// What time did to an animation (`Play::advance_anim`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AnimStep {
    /// None runs, or its next frame is not due.
    Idle,
    /// It showed its next frame.
    Frame,
    /// It showed its last frame and ended.
    Ended,
}

impl Play {
    /// Animates these frames from `now` (the replay viewer's step), the
    /// log's last `hidden` lines kept back until the animation ends.
    pub(crate) fn start_anim(&mut self, frames: Vec<Frame>, hidden: usize, now: Instant) {
        if frames.is_empty() {
            return;
        }
        self.log_hidden = hidden;
        self.anim = Some(Anim {
            frames,
            index: 0,
            next_at: now + Duration::from_millis(self.opts.speed_ms),
        });
    }

    /// Time passed: the animation's frame due at `now` (missed ones caught
    /// up, drawn once), each held `speed_ms` a seed.
    pub(crate) fn advance_anim(&mut self, now: Instant, speed_ms: u64) -> AnimStep {
        let Some(a) = self.anim.as_mut() else {
            return AnimStep::Idle;
        };
        if now < a.next_at {
            return AnimStep::Idle;
        }
        while a.next_at <= now {
            if a.index + 1 >= a.frames.len() {
                self.anim = None;
                return AnimStep::Ended;
            }
            a.index += 1;
            let hold = a.frames[a.index].hold as u64;
            a.next_at += Duration::from_millis(speed_ms * hold);
        }
        AnimStep::Frame
    }
}
