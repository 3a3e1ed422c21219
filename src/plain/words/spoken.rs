//! Text a speech synthesiser reads well: "2x8" said as "2 rows of 8", a
//! range "1..8" as "1 to 8", a results tally as wins, draws and losses.

/// A game's title as said aloud: "Enkeshui 2x8" becomes "Enkeshui, 2 rows
/// of 8" (a speech synthesiser reads "2x8" as "two ex eight").
pub fn spoken_title(title: &str) -> String {
    let words: Vec<String> = title
        .split(' ')
        .map(|w| match w.strip_prefix("2x") {
            Some(n) if !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()) => {
                format!("2 rows of {n}")
            }
            _ => w.to_string(),
        })
        .collect();
    words.join(" ").replacen(" 2 rows", ", 2 rows", 1)
}

/// The engine's messages said aloud: a range "1..8" becomes "1 to 8" (a
/// speech synthesiser reads "one point eight"), a trailing "x.." loses its dots.
pub fn speakable(text: &str) -> String {
    let chars: Vec<char> = text.chars().collect();
    let mut out = String::new();
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '.' && chars.get(i + 1) == Some(&'.') && chars.get(i + 2) != Some(&'.') {
            if i > 0
                && chars[i - 1].is_alphanumeric()
                && chars.get(i + 2).is_some_and(|c| c.is_alphanumeric())
            {
                out.push_str(" to ");
            }
            i += 2;
            continue;
        }
        // "380-460" is a range too (read "dash" otherwise); a tally or a
        // date ("1-0-2") is not: one dash between two numbers only.
        if chars[i] == '-' && is_range_dash(&chars, i) {
            out.push_str(" to ");
            i += 1;
            continue;
        }
        out.push(chars[i]);
        i += 1;
    }
    out
}

/// The dash at `i` stands between two numbers, with no other dash joined
/// to either.
fn is_range_dash(chars: &[char], i: usize) -> bool {
    let digit = |k: usize| chars.get(k).is_some_and(|c| c.is_ascii_digit());
    if i == 0 || !digit(i - 1) || !digit(i + 1) {
        return false;
    }
    let mut a = i - 1;
    while a > 0 && digit(a - 1) {
        a -= 1;
    }
    let mut b = i + 1;
    while digit(b + 1) {
        b += 1;
    }
    let joined = |k: Option<usize>| {
        k.and_then(|k| chars.get(k))
            .is_some_and(|c| c.is_alphanumeric() || *c == '-')
    };
    !joined(a.checked_sub(1)) && !joined(Some(b + 1))
}

/// A results line of the statistics read well aloud: "you vs easy,
/// Enkeshui 2x8: 1-0-2" is "Your results against easy in Enkeshui, 2 rows
/// of 8: 1 win, no draws, 2 losses". Other lines are kept.
pub fn results_said(line: &str) -> String {
    let parsed = (|| {
        let rest = line.strip_prefix("you vs ")?;
        let (level, rest) = rest.split_once(", ")?;
        let (game, tally) = rest.rsplit_once(": ")?;
        let n: Vec<u32> = tally
            .split('-')
            .map(str::parse)
            .collect::<Result<_, _>>()
            .ok()?;
        let [w, d, l] = n[..] else { return None };
        let said = |n: u32, one: &str, many: &str| match n {
            0 => format!("no {many}"),
            1 => format!("1 {one}"),
            n => format!("{n} {many}"),
        };
        Some(format!(
            "Your results against {level} in {}: {}, {}, {}",
            spoken_title(game),
            said(w, "win", "wins"),
            said(d, "draw", "draws"),
            said(l, "loss", "losses")
        ))
    })();
    parsed.unwrap_or_else(|| line.to_string())
}

/// A data folder's record named by its date, `game-YYYYMMDD-HHMMSS.json`
/// (`-K` after it when that second had one already), said as the date:
/// "the game of 7 December 2026, 15:42:52 UTC" (a voice reads the name's
/// digits as "twenty million two hundred and sixty one thousand..."; the
/// name is that date, so a person finds the file by it). None: another
/// name, said as it is.
pub fn dated_name_said(name: &str) -> Option<String> {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let stamp = name.strip_prefix("game-")?.strip_suffix(".json")?;
    let mut parts = stamp.split('-');
    let (date, time, k) = (parts.next()?, parts.next()?, parts.next());
    let digits = |s: &str, n: usize| s.len() == n && s.bytes().all(|b| b.is_ascii_digit());
    if !digits(date, 8) || !digits(time, 6) || parts.next().is_some() {
        return None;
    }
    let number = |s: &str| s.parse::<u32>().ok();
    let month = MONTHS.get(number(&date[4..6])?.checked_sub(1)? as usize)?;
    let day = number(&date[6..8]).filter(|d| (1..=31).contains(d))?;
    let said = format!(
        "the game of {day} {month} {}, {}:{}:{} UTC",
        &date[..4],
        &time[..2],
        &time[2..4],
        &time[4..6]
    );
    match k {
        None => Some(said),
        Some(k) if k.bytes().all(|b| b.is_ascii_digit()) && !k.is_empty() => {
            Some(format!("{said}, number {k}"))
        }
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_are_said_in_words() {
        assert_eq!(
            results_said("you vs easy, Enkeshui 2x8: 1-0-0"),
            "Your results against easy in Enkeshui, 2 rows of 8: 1 win, no draws, no losses"
        );
        assert_eq!(
            results_said("you vs hard, Bao la Kimasai: 3-1-12"),
            "Your results against hard in Bao la Kimasai: 3 wins, 1 draw, 12 losses"
        );
        assert_eq!(results_said("Try medium next."), "Try medium next.");
    }

    #[test]
    fn ranges_are_said_as_words() {
        assert_eq!(
            speakable("'foo' is not a decision (a hole 1..8, cw, ccw or a special move x..)."),
            "'foo' is not a decision (a hole 1 to 8, cw, ccw or a special move x)."
        );
        assert_eq!(speakable("holes are i1..i8"), "holes are i1 to i8");
    }

    #[test]
    fn titles_are_said_in_words() {
        assert_eq!(
            spoken_title("Enkeshui 2x8 (8-left-empty)"),
            "Enkeshui, 2 rows of 8 (8-left-empty)"
        );
        assert_eq!(spoken_title("Bao la Kimasai"), "Bao la Kimasai");
    }
}
