//! The arena's progress line, one a game.

use super::*;

/// A game's progress line: `[#####.....] 12/40 game 12: hard as north win
/// (+6 seeds, 30 turns); so far +8 =1 -3, Elo +109 ± 182`.
pub struct ProgressLine<'a> {
    pub(super) s: &'a Settings,
    pub(super) summary: &'a Summary,
    pub(super) p: &'a Played,
}

impl fmt::Display for ProgressLine<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = Vec::with_capacity(160);
        self.push_to(&mut line);
        f.write_str(&String::from_utf8_lossy(&line))
    }
}

impl ProgressLine<'_> {
    /// Appends the line to `line` piece by piece: through `write!`, each of
    /// its twenty pieces and eight numbers cost a random game's tenth (a
    /// line a game off a terminal), and a buffer kept by the caller saves
    /// an allocation a game. The pieces are written in place (`Cursor`),
    /// as UTF-8 bytes: they go to standard error as they are, unchecked.
    pub fn push_to(&self, line: &mut Vec<u8>) {
        const WIDTH: u64 = 20;
        let (s, summary, p) = (self.s, self.summary, self.p);
        let r = &p.result;
        let (done, all) = (summary.games, s.games);
        let full = (u64::from(done) * WIDTH)
            .checked_div(u64::from(all))
            .unwrap_or(WIDTH)
            .min(WIDTH) as usize;
        let bar: &[u8; 40] = b"####################....................";
        let name = match &s.a {
            Contender::Builtin(player) => std::borrow::Cow::Borrowed(player.name()),
            program => std::borrow::Cow::Owned(program.name()),
        };
        let forfeit = r.forfeit.as_deref();
        let (elo, err) = summary.elo();
        let room = FIXED + name.len() + forfeit.map_or(0, str::len);
        let write = |c: &mut Cursor<'_>| {
            c.put(b"[");
            c.put::<20>(bar[20 - full..][..20].try_into().expect("twenty"));
            c.put(b"] ");
            c.number(done.into());
            c.put(b"/");
            c.number(all.into());
            c.put(b" game ");
            c.number(p.index as u64 + 1);
            c.put(b": ");
            c.text(&name);
            match p.a_side {
                Side::South => c.put(b" as south "),
                Side::North => c.put(b" as north "),
            }
            match r.points {
                x if x > 0.75 => c.put(b"win ("),
                x if x < 0.25 => c.put(b"loss ("),
                _ => c.put(b"draw ("),
            }
            c.put(if r.margin < 0 { b"-" } else { b"+" });
            c.number(r.margin.unsigned_abs());
            c.put(b" seeds, ");
            c.number(r.turns.into());
            c.put(b" turns)");
            if let Some(forfeit) = forfeit {
                c.put(b": ");
                c.text(forfeit);
            }
            c.put(b"; so far +");
            c.number(summary.wins.into());
            c.put(b" =");
            c.number(summary.draws.into());
            c.put(b" -");
            c.number(summary.losses.into());
            c.put(if elo.is_sign_negative() {
                b", Elo -"
            } else {
                b", Elo +"
            });
            c.number(whole(elo.abs()));
            c.put::<4>(" ± ".as_bytes().try_into().expect("four bytes"));
            c.number(whole(err));
        };
        write_in_place(line, room, write)
    }
}

/// Room for a line but its name and forfeit: its fixed pieces (some 80
/// bytes) and eight numbers of twenty bytes each (see [`Cursor::number`]).
const FIXED: usize = 256;

/// Appends to `line` what `write` puts into a cursor on `room` bytes past
/// its end: the pieces are written with no test of the buffer's capacity
/// each, and those of a known length with no call to `memcpy`. Every piece
/// is a whole `&str`, an ASCII piece or a number, so the bytes are UTF-8.
fn write_in_place(line: &mut Vec<u8>, room: usize, write: impl FnOnce(&mut Cursor<'_>)) {
    let len = line.len();
    line.resize(len + room, 0);
    let mut cursor = Cursor {
        spare: &mut line[len..],
        at: 0,
    };
    write(&mut cursor);
    let written = cursor.at;
    line.truncate(len + written);
}

/// A line's bytes, written into a string's room.
struct Cursor<'a> {
    spare: &'a mut [u8],
    /// Bytes written.
    at: usize,
}

impl Cursor<'_> {
    /// A piece of a known length: a few moves.
    #[inline(always)]
    fn put<const N: usize>(&mut self, piece: &[u8; N]) {
        self.spare[self.at..self.at + N].copy_from_slice(piece);
        self.at += N;
    }

    /// A piece of any length (a name, a forfeit's reason).
    #[inline(always)]
    fn text(&mut self, piece: &str) {
        let b = piece.as_bytes();
        self.spare[self.at..self.at + b.len()].copy_from_slice(b);
        self.at += b.len();
    }

    /// `n` in decimal, as `{}` writes it: two digits a step from the right
    /// into a scratch array (ending at byte 40), then twenty bytes from the
    /// first digit on, of which only the digits count (the next piece
    /// writes over the rest).
    #[inline(always)]
    fn number(&mut self, mut n: u64) {
        const PAIRS: &[u8; 200] = b"\
            0001020304050607080910111213141516171819\
            2021222324252627282930313233343536373839\
            4041424344454647484950515253545556575859\
            6061626364656667686970717273747576777879\
            8081828384858687888990919293949596979899";
        let mut digits = [0u8; 60];
        let mut at = 40;
        while n >= 100 {
            let pair = (n % 100) as usize * 2;
            n /= 100;
            at -= 2;
            digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        }
        if n >= 10 {
            let pair = n as usize * 2;
            at -= 2;
            digits[at..at + 2].copy_from_slice(&PAIRS[pair..pair + 2]);
        } else {
            at -= 1;
            digits[at] = b'0' + n as u8;
        }
        // A u64 has at most 20 digits: `at` is 20 or more.
        self.put::<20>(digits[at..][..20].try_into().expect("twenty bytes"));
        self.at -= 20 - (40 - at);
    }
}

/// Appends `n` in decimal, as `{}` writes it (for the tests).
#[cfg(test)]
pub(super) fn push_number(line: &mut String, n: u64) {
    let mut bytes = Vec::new();
    write_in_place(&mut bytes, 20, |c| c.number(n));
    line.push_str(std::str::from_utf8(&bytes).expect("digits"));
}

/// `{:.0}` of a finite `x >= 0` (ties to even, as `{:.0}` rounds), written
/// as an integer: a game's line costs less than a float's formatting.
pub(super) fn whole(x: f64) -> u64 {
    x.round_ties_even() as u64
}
