//! An independent, deliberately naive Enkeshui implementation (vectors, hash
//! sets, no bit tricks) to cross-check the engine decision by decision.
#![allow(dead_code)]

use std::collections::HashSet;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub lifted: usize,
    pub in_hand: u32,
    pub lap: u32,
    pub visited: Vec<(Vec<u32>, usize, u32)>,
}

#[derive(Clone, Debug)]
pub struct RefGame {
    pub n: usize,
    pub board: Vec<u32>,
    /// Owner of the bull on each hole: 0 South, 1 North.
    pub bull: Vec<Option<usize>>,
    pub captured: [u32; 2],
    pub mover: usize,
    pub capture_after_relay: bool,
    pub choice: Option<Choice>,
    pub over: bool,
}

enum LapEnd {
    Over,
    Relay(usize, bool),
}

impl RefGame {
    pub fn new(south: &[u32], north: &[u32], mover: usize, capture_after_relay: bool) -> RefGame {
        let n = south.len();
        let mut g = RefGame {
            n,
            board: south.iter().chain(north).copied().collect(),
            bull: vec![None; 2 * n],
            captured: [0, 0],
            mover,
            capture_after_relay,
            choice: None,
            over: false,
        };
        g.check_end();
        g
    }

    fn own(&self, side: usize, i: usize) -> bool {
        (i < self.n) == (side == 0)
    }

    fn step(&self, i: usize, cw: bool) -> usize {
        let m = 2 * self.n;
        if cw { (i + m - 1) % m } else { (i + 1) % m }
    }

    /// One lap from `from` with `seeds` in hand (the hole already emptied).
    fn lap(&mut self, from: usize, seeds: u32, cw: bool, capture_ok: bool) -> LapEnd {
        let mut pos = from;
        let mut dropped = vec![];
        for _ in 0..seeds {
            pos = self.step(pos, cw);
            self.board[pos] += 1;
            dropped.push(pos);
        }
        let opp_row: HashSet<usize> = (0..2 * self.n)
            .filter(|&i| !self.own(self.mover, i))
            .collect();
        let crossed = opp_row.iter().all(|i| dropped.contains(i));
        let last = pos;
        if self.bull[last].is_some() {
            return LapEnd::Over;
        }
        if seeds >= 2 {
            let prev = dropped[dropped.len() - 2];
            let pair = [self.board[prev], self.board[last]];
            if prev != last && self.bull[prev].is_none() && (pair == [3, 4] || pair == [4, 3]) {
                self.bull[prev] = Some(self.mover);
                self.bull[last] = Some(self.mover);
                return LapEnd::Over;
            }
        }
        if self.board[last] == 4 {
            self.bull[last] = Some(self.mover);
            return LapEnd::Over;
        }
        if self.board[last] == 1 {
            if capture_ok && self.own(self.mover, last) {
                let opp = 2 * self.n - 1 - last;
                if self.board[opp] > 0 && self.bull[opp].is_none() {
                    self.captured[self.mover] += self.board[opp] + 1;
                    self.board[opp] = 0;
                    self.board[last] = 0;
                    let mut h = last;
                    loop {
                        let next = self.step(h, cw);
                        let in_row =
                            self.own(self.mover, next) && (if cw { next < h } else { next > h });
                        if !in_row || self.board[next] != 0 {
                            break;
                        }
                        let o = 2 * self.n - 1 - next;
                        if self.board[o] == 0 || self.bull[o].is_some() {
                            break;
                        }
                        self.captured[self.mover] += self.board[o];
                        self.board[o] = 0;
                        h = next;
                    }
                }
            }
            return LapEnd::Over;
        }
        LapEnd::Relay(last, crossed)
    }

    /// Sows a hole; Err(()) when the sowing repeats for ever.
    fn sow(&mut self, i: usize) -> Result<Option<(usize, u32)>, ()> {
        let seeds = std::mem::take(&mut self.board[i]);
        let mut end = self.lap(i, seeds, false, true);
        let mut lap = 2;
        let mut seen = HashSet::new();
        loop {
            match end {
                LapEnd::Over => return Ok(None),
                LapEnd::Relay(h, true) => return Ok(Some((h, lap))),
                LapEnd::Relay(h, false) => {
                    if !seen.insert((self.board.clone(), h)) {
                        return Err(());
                    }
                    let seeds = std::mem::take(&mut self.board[h]);
                    end = self.lap(h, seeds, false, self.capture_after_relay);
                    lap += 1;
                }
            }
        }
    }

    fn key_after(&self, c: &Choice, cw: bool) -> Option<(Vec<u32>, usize, u32)> {
        let mut g = self.clone();
        match g.lap(c.lifted, c.in_hand, cw, self.capture_after_relay) {
            LapEnd::Over => None,
            LapEnd::Relay(h, _) => {
                let s = std::mem::take(&mut g.board[h]);
                Some((g.board, h, s))
            }
        }
    }

    fn options(&self, c: &Choice) -> Vec<&'static str> {
        [("cw", true), ("ccw", false)]
            .into_iter()
            .filter(|&(_, cw)| {
                self.key_after(c, cw)
                    .is_none_or(|k| !c.visited.contains(&k))
            })
            .map(|(t, _)| t)
            .collect()
    }

    fn enter(&mut self, h: usize, lap: u32, mut visited: Vec<(Vec<u32>, usize, u32)>) {
        let s = std::mem::take(&mut self.board[h]);
        visited.push((self.board.clone(), h, s));
        let c = Choice {
            lifted: h,
            in_hand: s,
            lap,
            visited,
        };
        if self.options(&c).is_empty() {
            self.board[h] += s;
            self.end_turn();
        } else {
            self.choice = Some(c);
        }
    }

    fn end_turn(&mut self) {
        self.choice = None;
        self.mover = 1 - self.mover;
        self.check_end();
    }

    fn check_end(&mut self) {
        let free: u32 = (0..2 * self.n)
            .filter(|&i| self.own(self.mover, i) && self.bull[i].is_none())
            .map(|i| self.board[i])
            .sum();
        if free == 0 || self.legal().is_empty() {
            self.over = true;
        }
    }

    pub fn legal(&self) -> Vec<String> {
        if self.over {
            return vec![];
        }
        if let Some(c) = &self.choice {
            return self.options(c).into_iter().map(String::from).collect();
        }
        (0..2 * self.n)
            .filter(|&i| self.own(self.mover, i) && self.bull[i].is_none() && self.board[i] > 0)
            .filter(|&i| self.clone().sow(i).is_ok())
            .map(|i| (i % self.n + 1).to_string())
            .collect()
    }

    pub fn play(&mut self, token: &str) {
        assert!(
            self.legal().iter().any(|t| t == token),
            "reference: {token} not legal"
        );
        if let Some(c) = self.choice.take() {
            let cw = token == "cw";
            match self.lap(c.lifted, c.in_hand, cw, self.capture_after_relay) {
                LapEnd::Over => self.end_turn(),
                LapEnd::Relay(h, _) => self.enter(h, c.lap + 1, c.visited),
            }
            return;
        }
        let hole: usize = token.parse().unwrap();
        let i = if self.mover == 0 {
            hole - 1
        } else {
            self.n + hole - 1
        };
        match self.sow(i).expect("legal sowings end") {
            None => self.end_turn(),
            Some((h, lap)) => self.enter(h, lap, vec![]),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let legal = self.legal();
        if depth == 1 {
            return legal.len() as u64;
        }
        legal
            .iter()
            .map(|t| {
                let mut g = self.clone();
                g.play(t);
                g.perft(depth - 1)
            })
            .sum()
    }

    /// Rows as the position JSON shows them.
    pub fn rows(&self) -> (Vec<u32>, Vec<u32>) {
        (self.board[..self.n].to_vec(), self.board[self.n..].to_vec())
    }
}
