//! The guided special move of Enkeshui: two holes lifted, then the seeds
//! dropped one by one, then played as one decision.

use super::{Play, Transition, holes_of};
use crate::app::anim::BoardState;
use crate::keys::Action;
use ratatui::crossterm::event::KeyEvent;
use std::time::Instant;

/// The guided special move: two holes lifted, then seeds dropped one by one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SpecialMove {
    /// Holes lifted (1..N), in order.
    pub lifted: Vec<usize>,
    /// Seeds dropped into each own hole (index hole-1).
    pub added: Vec<u16>,
    pub in_hand: u32,
}

impl SpecialMove {
    /// Where the special move is, `sep` between its parts: lifting first,
    /// then dropping; Enter does one or the other on hole `cursor`.
    pub fn prompt(&self, cursor: usize, sep: &str) -> String {
        match self.lifted.as_slice() {
            [] => format!("Special move: lift two holes{sep}Enter lifts hole {cursor}"),
            [a] => format!(
                "Special move: lifted {a}{sep}{} in hand{sep}Enter lifts hole {cursor}",
                self.in_hand
            ),
            [a, b, ..] => format!(
                "Special move: lifted {a} and {b}{sep}{} in hand{sep}Enter drops on hole {cursor}",
                self.in_hand
            ),
        }
    }

    /// The move was refused: the seeds dropped come back to hand.
    pub(super) fn take_back(&mut self) {
        let back: u32 = self.added.iter().map(|&c| c as u32).sum();
        self.added = vec![0; self.added.len()];
        self.in_hand += back;
    }
}

impl Play {
    pub(super) fn start_special(&mut self) -> Transition {
        if let Some(why) = crate::session::special_refusal(self.game()) {
            return Transition::Refuse(why);
        }
        self.special = Some(SpecialMove {
            lifted: Vec::new(),
            added: vec![0; holes_of(self.game())],
            in_hand: 0,
        });
        Transition::Status("Special move: lift two holes (Enter on each), Esc cancels".into())
    }

    /// The mover's own row during the special move: counts after the lifts and drops.
    pub fn special_row(&self) -> Option<Vec<u32>> {
        let s = self.special.as_ref()?;
        let side = self.game().to_move();
        let b = BoardState::of_game(self.game());
        Some(
            (1..=holes_of(self.game()))
                .map(|h| {
                    let base = if s.lifted.contains(&h) {
                        0
                    } else {
                        b.counts[b.index(side, h)]
                    };
                    base + s.added[h - 1] as u32
                })
                .collect(),
        )
    }

    pub(super) fn special_key(
        &mut self,
        action: Action,
        k: &KeyEvent,
        left_step: i32,
        now: Instant,
    ) -> Transition {
        let n = holes_of(self.game());
        let side = self.game().to_move();
        let b = BoardState::of_game(self.game());
        let h = self.cursor;
        let i = b.index(side, h);
        let Some(s) = self.special.as_mut() else {
            return Transition::Stay;
        };
        match action {
            Action::Left => {
                self.cursor = (self.cursor as i32 + left_step).clamp(1, n as i32) as usize;
                Transition::Redraw
            }
            Action::Right => {
                self.cursor = (self.cursor as i32 - left_step).clamp(1, n as i32) as usize;
                Transition::Redraw
            }
            Action::Digit => self.digit(k),
            Action::Cancel => {
                self.special = None;
                Transition::Status("Special move given up".into())
            }
            Action::Back => {
                if s.added[h - 1] > 0 {
                    s.added[h - 1] -= 1;
                    s.in_hand += 1;
                    Transition::Status(seeds_in_hand(s.in_hand))
                } else {
                    Transition::Refuse(format!("No seed was dropped into hole {h}"))
                }
            }
            Action::Play if s.lifted.len() < 2 => {
                if s.lifted.contains(&h) {
                    Transition::Refuse(format!("Hole {h} is already lifted"))
                } else if b.bulls[i].is_some() || b.closed[i] || b.counts[i] == 0 {
                    Transition::Refuse(format!(
                        "Hole {h} cannot be lifted (empty, a bull or out of play)"
                    ))
                } else {
                    s.lifted.push(h);
                    s.in_hand += b.counts[i];
                    Transition::Status(if s.lifted.len() == 2 {
                        format!(
                            "{} seeds in hand: drop them one by one with Enter (Backspace takes one back)",
                            s.in_hand
                        )
                    } else {
                        format!("Lifted hole {h}: lift one more")
                    })
                }
            }
            Action::Play if b.bulls[i].is_some() || b.closed[i] => Transition::Refuse(format!(
                "Hole {h} is a bull or out of play and gets no seeds"
            )),
            Action::Play => {
                s.added[h - 1] += 1;
                s.in_hand -= 1;
                if s.in_hand > 0 {
                    return Transition::Status(seeds_in_hand(s.in_hand));
                }
                let counts: Vec<String> = s.added.iter().map(|c| c.to_string()).collect();
                let token = format!("x{},{}={}", s.lifted[0], s.lifted[1], counts.join(","));
                self.decide(token, now)
            }
            _ => Transition::Stay,
        }
    }
}

/// "1 seed in hand", "5 seeds in hand".
fn seeds_in_hand(n: u32) -> String {
    format!("{n} seed{} in hand", if n == 1 { "" } else { "s" })
}
