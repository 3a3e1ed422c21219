//! The turn state every game shares: who moves, the turn number, whether the
//! game is over, and the positions seen for the repetition rule. The turn
//! lifecycle around it (ending a turn, the start-of-turn tests) is provided
//! once by the [`super::Game`] trait.

use super::core::Status;
use super::side::Side;
use super::simd::{MAX_BOARD, push_hashed};

/// The turn limit when none is given (`--max-turns`), in every game.
pub const DEFAULT_MAX_TURNS: u32 = 1000;

/// What a turn can change for good and the repetition rule takes as part of
/// the position besides the board (captures, bulls, reserves, ...). Each game
/// packs its own into these words; while they stay equal the board decides.
pub type Irreversible = [u32; 4];

/// Who moves, which turn, the status, and the repetition history.
#[derive(Debug)]
pub struct TurnState {
    /// The side to move.
    pub to_move: Side,
    /// The number of the turn being played, from 1.
    pub turn: u32,
    /// Playing, or over with its outcome.
    pub status: Status,
    /// Random play has asked that the start-of-turn test for a legal move
    /// wait for the turn's random pick ([`super::RandomPlay`]).
    pub(super) defer: bool,
    /// This turn's test for a legal move was left to its random pick.
    pub(super) unproved: bool,
    history: History,
}

/// `clone_from` keeps the history's memory: the arena starts every game
/// from a copy of the same start.
impl Clone for TurnState {
    fn clone(&self) -> TurnState {
        TurnState {
            to_move: self.to_move,
            turn: self.turn,
            status: self.status,
            defer: self.defer,
            unproved: self.unproved,
            history: self.history.clone(),
        }
    }

    fn clone_from(&mut self, source: &TurnState) {
        self.to_move = source.to_move;
        self.turn = source.turn;
        self.status = source.status;
        self.defer = source.defer;
        self.unproved = source.unproved;
        self.history.clone_from(&source.history);
    }
}

impl TurnState {
    /// A game about to start `turn` with `to_move` to move, nothing seen yet.
    /// The game's start-of-turn test comes next.
    pub fn new(to_move: Side, turn: u32) -> TurnState {
        TurnState {
            to_move,
            turn,
            status: Status::Playing,
            defer: false,
            unproved: false,
            history: History::default(),
        }
    }

    /// Adds the position (`key`, the side to move and `board`) to the
    /// history; returns how often it has now been seen. A change of `key`
    /// means no earlier position can recur: the history starts again.
    #[inline]
    pub fn record_position(&mut self, key: Irreversible, board: &[u16]) -> usize {
        self.history.record(key, self.to_move, board)
    }
}

/// Positions seen since the irreversible part last changed.
#[derive(Debug)]
struct History {
    key: Irreversible,
    /// One bit per bucket of heads seen: most positions are new, and then
    /// the scan of `heads` is skipped. A head's bucket is its low bits
    /// (`head & filter`): 256 buckets while the history is short (with 64,
    /// the long quiet stretches of En Gehé filled them and scanned nearly
    /// every time), 1,024 in a long one ([`LONG`]: Bao's second phase never
    /// changes the irreversible part, and 256 were a third full by its end).
    buckets: [u64; 16],
    /// The bucket mask: 255, or 1,023 for a long history.
    filter: u16,
    /// One list, so that a copy of the game (the search makes one a node)
    /// allocates once: first room for `heads` heads, the `i`-th position's
    /// at `i` (its hash's 15 bits and the side to move in the low bit),
    /// together for a quick scan; then the positions' boards, `count` of
    /// `stride` holes, back to back. A board confirms its head's match, so
    /// the rule never depends on the hash.
    buf: Vec<u16>,
    /// The heads' room.
    heads: usize,
    /// Positions held.
    count: usize,
    /// The length of the boards held (0 before the first).
    stride: usize,
}

impl Default for History {
    fn default() -> History {
        History {
            key: Irreversible::default(),
            buckets: [0; 16],
            filter: SHORT_FILTER,
            buf: Vec::new(),
            heads: 0,
            count: 0,
            stride: 0,
        }
    }
}

/// A history that holds this many positions takes 1,024 buckets of heads
/// at the next marked bucket it meets; a shorter one has 256. The filter is
/// cleared whenever the irreversible part changes, a short one in two
/// stores (En Gehé's epochs hold some three positions).
const LONG: usize = 16;

/// The bucket masks.
const SHORT_FILTER: u16 = 255;
const LONG_FILTER: u16 = 1023;

/// Room for this many more positions when the history is full: doubling
/// from one position costs a game five or six reallocations.
const ROOM: usize = 64;

/// A copy has room for this many more positions. The search copies a game
/// at every node and its child records one position or a few: room for 64
/// more (4 KiB for Bao, past the allocator's small-block cache) cost Bao's
/// search a third of its time in the allocator.
const COPY_ROOM: usize = 8;

impl Clone for History {
    fn clone(&self) -> History {
        // An empty history stays unallocated: its next record makes room.
        if self.count == 0 {
            return History {
                key: self.key,
                ..History::default()
            };
        }
        let mut buf = Vec::with_capacity(self.buf.len() + COPY_ROOM * self.stride);
        buf.extend_from_slice(&self.buf);
        History {
            key: self.key,
            buckets: self.buckets,
            filter: self.filter,
            buf,
            heads: self.heads,
            count: self.count,
            stride: self.stride,
        }
    }

    /// The same positions, in this history's own memory (with its room
    /// for heads when larger: the arena starts each game from a copy of
    /// the same start, and the room grown in the last game stays).
    fn clone_from(&mut self, source: &History) {
        self.key = source.key;
        self.buckets = source.buckets;
        self.filter = source.filter;
        self.count = source.count;
        self.stride = source.stride;
        self.heads = self.heads.max(source.heads);
        // The heads' room past the count is never read: what this memory
        // held there stays (zeroed only where it is new), where zeroing it
        // cost the arena a game's start.
        self.buf.truncate(self.heads);
        self.buf.resize(self.heads, 0);
        self.buf[..source.count].copy_from_slice(&source.buf[..source.count]);
        self.buf.extend_from_slice(&source.buf[source.heads..]);
    }
}

impl History {
    #[inline(always)]
    fn record(&mut self, key: Irreversible, side: Side, board: &[u16]) -> usize {
        assert!(
            board.len() <= MAX_BOARD,
            "a board of at most {MAX_BOARD} holes"
        );
        let stride = board.len();
        // A new key, or a board of another length (never met in a game):
        // no earlier position can recur.
        if key != self.key || stride != self.stride {
            self.key = key;
            self.stride = stride;
            if self.filter == LONG_FILTER {
                self.buckets = [0; 16];
                self.filter = SHORT_FILTER;
            } else {
                self.buckets[..4].fill(0);
            }
            self.count = 0;
            self.buf.truncate(self.heads);
        }
        if self.count == self.heads || self.buf.capacity() - self.buf.len() < stride {
            self.make_room(stride);
        }
        // Hashed and copied at the end in one pass; counted in once the
        // earlier boards are compared.
        let hash = push_hashed(&mut self.buf, board);
        let head = (hash >> 32) as u16 & !1 | side as u16;
        let mut seen = 1;
        let b = (head & self.filter) as usize;
        let (word, bucket) = (b >> 6 & 15, 1u64 << (b & 63));
        // A seen bucket, then a scan of the heads (eight a compare), before
        // the boards are compared.
        if self.buckets[word] & bucket != 0 {
            seen += self.repeats(head, board);
        } else {
            self.buckets[word] |= bucket;
        }
        self.buf[self.count] = head;
        self.count += 1;
        seen
    }

    /// Room for at least one more position of `stride` holes: a first
    /// position gets a copy's room (a search child may record no more),
    /// later ones [`ROOM`] more. Out of line: most records have room.
    #[inline(never)]
    fn make_room(&mut self, stride: usize) {
        let more = if self.buf.capacity() == 0 {
            COPY_ROOM
        } else {
            self.count.max(ROOM)
        };
        if self.count == self.heads {
            // More room for heads: the boards move up.
            let heads = self.count + more;
            let mut buf = Vec::with_capacity(heads + (self.count + more) * stride);
            buf.extend_from_slice(&self.buf[..self.count]);
            buf.resize(heads, 0);
            buf.extend_from_slice(&self.buf[self.heads..]);
            (self.buf, self.heads) = (buf, heads);
        } else {
            self.buf.reserve(more * stride);
        }
    }

    /// How many earlier positions have the head `head` and the board
    /// `board`; then the head's bucket is marked, in the larger filter once
    /// the history is long (switched here, where a bucket is found marked:
    /// the record's usual way has no test more).
    #[inline(never)]
    fn repeats(&mut self, head: u16, board: &[u16]) -> usize {
        if self.count >= LONG && self.filter == SHORT_FILTER {
            self.filter = LONG_FILTER;
            self.buckets = [0; 16];
            for &h in &self.buf[..self.count] {
                let b = (h & LONG_FILTER) as usize;
                self.buckets[b >> 6] |= 1 << (b & 63);
            }
        }
        let b = (head & self.filter) as usize;
        self.buckets[b >> 6 & 15] |= 1 << (b & 63);
        let stride = board.len();
        let (heads, boards) = self.buf.split_at(self.heads);
        let heads = &heads[..self.count];
        let mut seen = 0;
        if holds(heads, head) {
            for (i, &h) in heads.iter().enumerate() {
                // The board is sliced only on a head match (its bounds
                // checks cost more than the scan).
                if h == head && boards[i * stride..(i + 1) * stride] == *board {
                    seen += 1;
                }
            }
        }
        seen
    }
}

/// Does `heads` hold `head`? Eight heads a compare (one SSE2 instruction,
/// as the compiler writes it), stopping at the first group that does.
#[inline]
fn holds(heads: &[u16], head: u16) -> bool {
    let mut groups = heads.chunks_exact(8);
    for group in &mut groups {
        if group.iter().fold(false, |any, &h| any | (h == head)) {
            return true;
        }
    }
    groups.remainder().contains(&head)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_position_counts_its_repeats_until_the_irreversible_part_changes() {
        let mut t = TurnState::new(Side::South, 1);
        let a = [1u16, 2, 3, 0];
        let b = [1u16, 2, 0, 3];
        let key = [5, 0, 0, 0];
        assert_eq!(t.record_position(key, &a), 1);
        assert_eq!(t.record_position(key, &b), 1);
        assert_eq!(t.record_position(key, &a), 2);
        // The same board with the other side to move is another position.
        t.to_move = Side::North;
        assert_eq!(t.record_position(key, &a), 1);
        t.to_move = Side::South;
        assert_eq!(t.record_position(key, &a), 3);
        // A capture: the history starts again.
        assert_eq!(t.record_position([6, 0, 0, 0], &a), 1);
        assert_eq!(t.record_position([6, 0, 0, 0], &a), 2);
    }

    /// Counts against a plain list of every position since the last key
    /// change, over boards of every length up to the longest (tails of one
    /// to seven holes past the last group of eight or sixteen included,
    /// and boards shorter than a group), long stretches
    /// without a capture (past the spare room of a copy), and copies (made
    /// anew, or in a used history's memory).
    #[test]
    fn the_counts_are_those_of_a_plain_list_of_positions() {
        let mut x = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move |m: u64| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x % m
        };
        for len in [
            1, 3, 5, 7, 8, 9, 15, 16, 20, 24, 30, 32, 80, 90, 100, MAX_BOARD,
        ] {
            let mut t = TurnState::new(Side::South, 1);
            let mut plain: Vec<(Side, Vec<u16>)> = Vec::new();
            let mut key = [0u32; 4];
            for step in 0..3000 {
                if next(200) == 0 {
                    key[(step % 4) as usize] += 1;
                    plain.clear();
                }
                t.to_move = if next(2) == 0 {
                    Side::South
                } else {
                    Side::North
                };
                // Few distinct boards, differing in one hole (the last
                // ones too), so that repeats are frequent.
                let mut board = vec![3u16; len];
                board[next(len as u64) as usize] = next(3) as u16;
                board[len - 1] = next(2) as u16;
                let expected = 1 + plain
                    .iter()
                    .filter(|(s, b)| *s == t.to_move && *b == board)
                    .count();
                assert_eq!(t.record_position(key, &board), expected, "{len} {step}");
                plain.push((t.to_move, board));
                if next(50) == 0 {
                    t = t.clone();
                }
                if next(50) == 0 {
                    // A used history (another key, other boards, its own
                    // memory) made a copy of this one in place.
                    let mut other = TurnState::new(Side::North, 9);
                    for k in 0..next(80) {
                        other.record_position([9; 4], &vec![k as u16; len]);
                    }
                    other.clone_from(&t);
                    t = other;
                }
            }
        }
    }
}
