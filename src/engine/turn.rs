//! The turn state every game shares: who moves, the turn number, whether the
//! game is over, and the positions seen for the repetition rule. The turn
//! lifecycle around it (ending a turn, the start-of-turn tests) is provided
//! once by the [`super::Game`] trait.

use super::core::Status;
use super::side::Side;

/// The turn limit when none is given (`--max-turns`), in every game.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// What a turn can change for good and the repetition rule takes as part of
/// the position besides the board (captures, bulls, reserves, ...). Each game
/// packs its own into these words; while they stay equal the board decides.
pub type Irreversible = [u32; 5];

/// Who moves, which turn, the status, and the repetition history.
#[derive(Clone, Debug)]
pub struct TurnState {
    pub to_move: Side,
    /// The number of the turn being played, from 1.
    pub turn: u32,
    pub status: Status,
    history: History,
}

impl TurnState {
    /// A game about to start `turn` with `to_move` to move, nothing seen yet.
    /// The game's start-of-turn test comes next.
    pub fn new(to_move: Side, turn: u32) -> TurnState {
        TurnState {
            to_move,
            turn,
            status: Status::Playing,
            history: History::default(),
        }
    }

    /// Adds the position (`key`, the side to move and `board`) to the
    /// history; returns how often it has now been seen. A change of `key`
    /// means no earlier position can recur: the history starts again.
    pub fn record_position(&mut self, key: Irreversible, board: &[u16]) -> usize {
        self.history.record(key, self.to_move, board)
    }
}

/// Positions seen since the irreversible part last changed.
#[derive(Debug, Default)]
struct History {
    key: Irreversible,
    /// One bit per hash bucket seen: most positions are new, and then the
    /// scan of `hashes` is skipped. 256 buckets: with 64, the long quiet
    /// stretches of En Gehé (many positions between captures) filled them
    /// and scanned nearly every time.
    buckets: [u64; 4],
    /// The hash of each position seen, scanned first.
    hashes: Vec<u32>,
    /// The same positions back to back: the side to move, then the board.
    /// Confirms a hash match, so the rule never depends on the hash.
    seen: Vec<u16>,
}

/// The longest board a game hands to the history (En Gehé's 2x50).
const MAX_BOARD: usize = 128;

/// Pseudo-random odd weights for the history hash (splitmix64, fixed seed).
const fn weights(seed: u64) -> [u16; MAX_BOARD] {
    let mut w = [0u16; MAX_BOARD];
    let mut x = seed;
    let mut i = 0;
    while i < MAX_BOARD {
        x = x.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = x;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        w[i] = (z >> 48) as u16 | 1;
        i += 1;
    }
    w
}

const WEIGHTS: [[u16; MAX_BOARD]; 2] = [weights(1), weights(2)];

/// A hash of a board and the side to move: two weighted sums in 16-bit
/// lanes, which the compiler turns into a few vector multiplies.
fn board_hash(board: &[u16], side: Side) -> u32 {
    let dot = |w: &[u16; MAX_BOARD]| {
        board
            .iter()
            .zip(w)
            .fold(0u16, |acc, (&c, &w)| acc.wrapping_add(c.wrapping_mul(w)))
    };
    ((dot(&WEIGHTS[0]) as u32) << 16 | dot(&WEIGHTS[1]) as u32) ^ side as u32
}

/// Room for this many more positions in a copy or when the history is
/// full: a copied `Vec` has no spare room, and doubling from one position
/// costs a game five or six reallocations.
const ROOM: usize = 64;

impl Clone for History {
    fn clone(&self) -> History {
        let stride = self.seen.len().checked_div(self.hashes.len()).unwrap_or(0);
        let mut hashes = Vec::with_capacity(self.hashes.len().saturating_add(ROOM));
        hashes.extend_from_slice(&self.hashes);
        let mut seen =
            Vec::with_capacity(self.seen.len().saturating_add(ROOM.saturating_mul(stride)));
        seen.extend_from_slice(&self.seen);
        History {
            key: self.key,
            buckets: self.buckets,
            hashes,
            seen,
        }
    }
}

impl History {
    fn record(&mut self, key: Irreversible, side: Side, board: &[u16]) -> usize {
        debug_assert!(board.len() <= MAX_BOARD);
        if key != self.key {
            self.key = key;
            self.buckets = [0; 4];
            self.hashes.clear();
            self.seen.clear();
        }
        let hash = board_hash(board, side);
        let stride = board.len() + 1;
        if self.hashes.len() == self.hashes.capacity()
            || self.seen.capacity() - self.seen.len() < stride
        {
            let more = self.hashes.len().max(ROOM);
            self.hashes.reserve(more);
            self.seen.reserve(more.saturating_mul(stride));
        }
        let side = side as u16;
        let mut seen = 1;
        let (word, bucket) = ((hash >> 30) as usize, 1u64 << (hash >> 24 & 63));
        // A seen bucket, then a count of equal hashes (a plain pass that the
        // compiler vectorises), before the entries are compared.
        if self.buckets[word] & bucket != 0
            && self
                .hashes
                .iter()
                .fold(0u32, |n, &x| n + (x == hash) as u32)
                > 0
        {
            for (i, &x) in self.hashes.iter().enumerate() {
                // The entry is sliced only on a hash match (its bounds
                // checks cost more than the scan).
                if x == hash {
                    let entry = &self.seen[i * stride..(i + 1) * stride];
                    if entry[0] == side && entry[1..] == *board {
                        seen += 1;
                    }
                }
            }
        }
        self.buckets[word] |= bucket;
        self.hashes.push(hash);
        self.seen.push(side);
        self.seen.extend_from_slice(board);
        seen
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_counts_its_repeats_until_the_irreversible_part_changes() {
        let mut t = TurnState::new(Side::South, 1);
        let a = [1u16, 2, 3, 0];
        let b = [1u16, 2, 0, 3];
        let key = [5, 0, 0, 0, 0];
        assert_eq!(t.record_position(key, &a), 1);
        assert_eq!(t.record_position(key, &b), 1);
        assert_eq!(t.record_position(key, &a), 2);
        // The same board with the other side to move is another position.
        t.to_move = Side::North;
        assert_eq!(t.record_position(key, &a), 1);
        t.to_move = Side::South;
        assert_eq!(t.record_position(key, &a), 3);
        // A capture: the history starts again.
        assert_eq!(t.record_position([6, 0, 0, 0, 0], &a), 1);
        assert_eq!(t.record_position([6, 0, 0, 0, 0], &a), 2);
    }
}
