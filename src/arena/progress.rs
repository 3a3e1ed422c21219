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
        let mut line = String::with_capacity(160);
        self.push_to(&mut line);
        f.write_str(&line)
    }
}

impl ProgressLine<'_> {
    /// Appends the line to `line` piece by piece: through `write!`, each of
    /// its twenty pieces and eight numbers cost a random game's tenth (a
    /// line a game off a terminal), and a buffer kept by the caller saves
    /// an allocation a game.
    pub fn push_to(&self, line: &mut String) {
        const WIDTH: u64 = 20;
        let (s, summary, p) = (self.s, self.summary, self.p);
        let r = &p.result;
        let (done, all) = (summary.games, s.games);
        let full = (u64::from(done) * WIDTH)
            .checked_div(u64::from(all))
            .unwrap_or(WIDTH)
            .min(WIDTH) as usize;
        let bar = "####################....................";
        let what = match r.points {
            x if x > 0.75 => "win",
            x if x < 0.25 => "loss",
            _ => "draw",
        };
        let name = match &s.a {
            Contender::Builtin(player) => player.name().into(),
            program => std::borrow::Cow::Owned(program.name()),
        };
        line.push('[');
        line.push_str(&bar[20 - full..40 - full]);
        line.push_str("] ");
        push_number(line, done.into());
        line.push('/');
        push_number(line, all.into());
        line.push_str(" game ");
        push_number(line, p.index as u64 + 1);
        line.push_str(": ");
        line.push_str(&name);
        line.push_str(" as ");
        line.push_str(p.a_side.name());
        line.push(' ');
        line.push_str(what);
        line.push_str(" (");
        line.push(if r.margin < 0 { '-' } else { '+' });
        push_number(line, r.margin.unsigned_abs());
        line.push_str(" seeds, ");
        push_number(line, r.turns.into());
        line.push_str(" turns)");
        if let Some(forfeit) = &r.forfeit {
            line.push_str(": ");
            line.push_str(forfeit);
        }
        let (elo, err) = summary.elo();
        line.push_str("; so far +");
        push_number(line, summary.wins.into());
        line.push_str(" =");
        push_number(line, summary.draws.into());
        line.push_str(" -");
        push_number(line, summary.losses.into());
        line.push_str(", Elo ");
        line.push(if elo.is_sign_negative() { '-' } else { '+' });
        push_number(line, whole(elo.abs()));
        line.push_str(" ± ");
        push_number(line, whole(err));
    }
}

/// Appends `n` in decimal, as `{}` writes it (itoa: two digits a step, no
/// per-character push).
pub(super) fn push_number(line: &mut String, n: u64) {
    line.push_str(itoa::Buffer::new().format(n));
}

/// `{:.0}` of a finite `x >= 0` (ties to even, as `{:.0}` rounds), written
/// as an integer: a game's line costs less than a float's formatting.
pub(super) fn whole(x: f64) -> u64 {
    x.round_ties_even() as u64
}
