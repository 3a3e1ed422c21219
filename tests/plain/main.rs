//! The line mode (`--plain`), driven as a person or a script drives it:
//! lines piped in, lines read back.

#[path = "../common/run.rs"]
mod run;
#[path = "../common/temp.rs"]
mod temp;
use temp::TempDir;

mod disk;
mod ends;
mod input;
mod learn;
mod matches;
mod race;
mod reads;
mod study;
mod voice;

use std::cell::Cell;
use std::collections::VecDeque;
use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::rc::Rc;
use std::time::{Duration, Instant};

/// A fresh data folder (and home) for one run, removed when dropped.
fn temp_dir() -> TempDir {
    TempDir::new("mm-plain")
}

struct Run {
    out: String,
    err: String,
    code: i32,
    dir: PathBuf,
    /// The folder made for this run alone ([`run`]), kept as long as the run.
    _temp: Option<TempDir>,
}

impl Run {
    fn lines(&self) -> Vec<&str> {
        self.out.lines().collect()
    }

    /// The line that starts with `head` and the lines it wraps onto, as one.
    fn event(&self, head: &str) -> String {
        let lines = self.lines();
        let i = lines
            .iter()
            .position(|l| l.starts_with(head))
            .unwrap_or_else(|| panic!("no line starting {head:?} in:\n{}", self.out));
        lines[i..].join("\n")
    }
}

fn run_in(dir: &Path, args: &[&str], input: &str) -> Run {
    let run = run_raw(dir, args, input);
    plain_lines(&run.out);
    run.unwrapped()
}

fn run_any(dir: &Path, args: &[&str], input: &str) -> Run {
    run_raw(dir, args, input).unwrapped()
}

/// `text` with the run's folder whole again where the line mode wrapped it
/// at 80 columns (a long TMPDIR puts it over a line): the words break at
/// the space before it, the folder itself anywhere.
fn unwrap_dir(text: &str, dir: &Path) -> String {
    let Some(d) = dir.to_str().filter(|d| !d.is_empty()) else {
        return text.to_string();
    };
    let (t, d) = (text.as_bytes(), d.as_bytes());
    let mut out: Vec<u8> = Vec::with_capacity(t.len());
    let mut i = 0;
    while i < t.len() {
        let (mut j, mut k, mut broken) = (i, 0, false);
        while j < t.len() && k < d.len() {
            if t[j] == d[k] {
                k += 1;
            } else if t[j] == b'\n' && k > 0 {
                broken = true;
            } else {
                break;
            }
            j += 1;
        }
        if k < d.len() {
            out.push(t[i]);
            i += 1;
            continue;
        }
        // The folder on a line of its own after words: the wrap's break.
        let line_start = out.iter().rposition(|&b| b == b'\n');
        if let Some(n) = line_start
            && n + 1 == out.len()
            && n > 0
            && out[n - 1] != b'\n'
            && (broken
                || out[..n].iter().rev().take_while(|&&b| b != b'\n').count() + 1 + d.len() > 80)
        {
            out[n] = b' ';
        }
        out.extend_from_slice(d);
        i = j;
        // The rest of the path (a file name), broken where a line is full.
        // (A line that ends full just as the path ends is not a break when
        // what follows cannot be part of a path: "(set by ...".)
        let path_byte = |b: u8| b.is_ascii_alphanumeric() || b"-_./".contains(&b);
        while i < t.len() && !t[i].is_ascii_whitespace()
            || i + 1 < t.len() && t[i] == b'\n' && full_line(t, i) && path_byte(t[i + 1])
        {
            if t[i] != b'\n' {
                out.push(t[i]);
            }
            i += 1;
        }
    }
    String::from_utf8(out).expect("UTF-8")
}

/// Does the line that the newline at `at` ends hold 80 columns (a word too
/// long for a line broken there)?
fn full_line(t: &[u8], at: usize) -> bool {
    let start = t[..at]
        .iter()
        .rposition(|&b| b == b'\n')
        .map_or(0, |n| n + 1);
    String::from_utf8_lossy(&t[start..at]).chars().count() == 80
}

impl Run {
    /// The output with the run's folder unwrapped (see [`unwrap_dir`]).
    fn unwrapped(mut self) -> Run {
        self.out = unwrap_dir(&self.out, &self.dir);
        self
    }
}

fn run_raw(dir: &Path, args: &[&str], input: impl AsRef<[u8]>) -> Run {
    let ran = run::run_in(dir, args, input);
    Run {
        out: ran.out,
        err: ran.err,
        code: ran.code,
        dir: dir.to_path_buf(),
        _temp: None,
    }
}

/// The record named by the last line, "Saved in the data folder as the
/// game of 7 December 2026, 15:42:52 UTC." (the run's data folder, the
/// file named by that date), "Saved in NAME, in the data folder." or
/// "Saved in PATH".
fn saved_file(r: &Run, line: &str) -> PathBuf {
    let rest = line.strip_prefix("Saved in ").expect("a saved line");
    let data = r.dir.join("data").join("masai-mancala");
    if let Some(date) = rest.strip_prefix("the data folder as ") {
        return data.join(dated_name(date).unwrap_or_else(|| panic!("{line}")));
    }
    match rest.strip_suffix(", in the data folder.") {
        Some(name) => {
            assert!(!name.contains('/'), "{line}");
            data.join(name)
        }
        None => PathBuf::from(rest),
    }
}

/// "the game of 7 December 2026, 15:42:52 UTC" (", number 2" after it
/// when that second had a game already) back to its file's name,
/// "game-20261207-154252.json".
fn dated_name(said: &str) -> Option<String> {
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
    let said = said.strip_prefix("the game of ")?;
    let said = said.strip_suffix('.').unwrap_or(said);
    let (said, k) = match said.split_once(", number ") {
        Some((s, k)) => (s, format!("-{k}")),
        None => (said, String::new()),
    };
    let (date, time) = said.strip_suffix(" UTC")?.split_once(", ")?;
    let mut d = date.split(' ');
    let (day, month, year) = (d.next()?, d.next()?, d.next()?);
    let month = MONTHS.iter().position(|m| *m == month)? + 1;
    let day: u32 = day.parse().ok()?;
    Some(format!(
        "game-{year}{month:02}{day:02}-{}{k}.json",
        time.replace(':', "")
    ))
}

fn run(args: &[&str], input: &str) -> Run {
    let dir = temp_dir();
    let r = run_in(&dir, args, input);
    Run {
        _temp: Some(dir),
        ..r
    }
}

/// Lines that come at given times (ms from the start): the clock says the
/// time of the line being read.
struct Timed {
    lines: VecDeque<(u64, Vec<u8>)>,
    pos: usize,
    now: Rc<Cell<Instant>>,
    t0: Instant,
}

impl std::io::Read for Timed {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = {
            let line = self.fill_buf()?;
            let n = line.len().min(buf.len());
            buf[..n].copy_from_slice(&line[..n]);
            n
        };
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Timed {
    fn fill_buf(&mut self) -> std::io::Result<&[u8]> {
        match self.lines.front() {
            None => Ok(&[]),
            Some((ms, line)) => {
                self.now.set(self.t0 + Duration::from_millis(*ms));
                Ok(&line[self.pos..])
            }
        }
    }

    fn consume(&mut self, n: usize) {
        self.pos += n;
        if self.lines.front().is_some_and(|(_, l)| self.pos >= l.len()) {
            self.lines.pop_front();
            self.pos = 0;
        }
    }
}

impl Timed {
    /// `lines` each read at its time (ms from now), and the clock that
    /// tells the time of the line being read.
    fn new(lines: &[(u64, &str)]) -> (Timed, Box<dyn FnMut() -> Instant>) {
        let t0 = Instant::now();
        let now = Rc::new(Cell::new(t0));
        let clock = {
            let now = now.clone();
            Box::new(move || now.get())
        };
        let input = Timed {
            lines: lines
                .iter()
                .map(|(t, l)| (*t, format!("{l}\n").into_bytes()))
                .collect(),
            pos: 0,
            now,
            t0,
        };
        (input, clock)
    }
}

/// Enter to start at 0, then an Enter every `every` ms, `n` of them.
fn enters(every: u64, n: u64) -> Vec<(u64, &'static str)> {
    (0..=n).map(|k| (k * every, "")).collect()
}

/// No escape byte or other control character, no line over 80 columns.
fn plain_lines(out: &str) {
    for l in out.lines() {
        assert!(
            !l.chars().any(|c| c.is_control()),
            "a control character in {l:?}"
        );
        assert!(l.chars().count() <= 80, "over 80 columns: {l:?}");
    }
}

/// A record of a hot-seat game starting at `start` (a position JSON), in `dir`.
fn record(dir: &Path, game: &str, start: &str, rules: &str) -> PathBuf {
    let path = dir.join("game.json");
    let variant = if game == "bao-la-kimasai" {
        "{}"
    } else {
        r#"{"holes": 8}"#
    };
    std::fs::write(
        &path,
        format!(
            r#"{{"format":"masai-mancala-record","version":1,"game":"{game}","variant":{variant},
"rules":{rules},"seats":{{"south":"human","north":"human"}},"options":{{"race":"off","seed":0}},
"start":{start},"race":null,"decisions":[],"result":null}}"#
        ),
    )
    .expect("record written");
    path
}

const HOT_SEAT: [&str; 4] = ["--south", "human", "--north", "human"];

fn args<'a>(head: &[&'a str], tail: &[&'a str]) -> Vec<&'a str> {
    head.iter().chain(tail).copied().collect()
}

/// Enkeshui 2x8 hot-seat in lines, every detail said, no race.
fn enkeshui_hot_seat_full() -> Vec<&'static str> {
    args(
        &[
            "enkeshui",
            "--plain",
            "--verbosity",
            "full",
            "--race",
            "off",
        ],
        &HOT_SEAT,
    )
}

/// Enkeshui 2x8 hot-seat in lines, no race, saved in `save`.
fn hot_seat_saved_in(dir: &Path, save: &Path, input: &str) -> Run {
    let save = save.to_str().expect("a UTF-8 temporary path");
    let head = ["enkeshui", "--plain", "--race", "off", "--save", save];
    run_in(dir, &args(&head, &HOT_SEAT), input)
}

/// The record at `path` resumed in lines, every detail said.
fn resume_full(dir: &Path, path: &Path, input: &str) -> Run {
    resume_at(dir, path, "full", input)
}

/// The record at `path` resumed in lines at `verbosity`.
fn resume_at(dir: &Path, path: &Path, verbosity: &str, input: &str) -> Run {
    let path = path.to_str().expect("a UTF-8 temporary path");
    let head = ["resume", "--plain", "--verbosity", verbosity, path];
    run_in(dir, &head, input)
}

// ---- hand-worked turns ---------------------------------------------------------

#[test]
fn the_start_is_read_aloud_and_a_relay_is_told_in_words() {
    let r = run(&enkeshui_hot_seat_full(), "8\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.lines()[..8],
        [
            "Enkeshui, 2 rows of 8 (8-left-empty). South is a person, North is a person.",
            "Type help for the words you can use.",
            "South moves first.",
            "South's row, holes 1 to 8: 0, 0, 4, 4, 4, 4, 4, 4.",
            "North's row, holes 8 to 1: 4, 4, 4, 4, 4, 4, 0, 0.",
            "Captured: South 0, North 0.",
            "South to move, turn 1, holes 3 to 8.",
            "South sows hole 8: ends in South's empty hole 1; 2 laps, relays 5 seeds from",
        ]
    );
    assert_eq!(r.lines()[8], "North's hole 4. South has 21, North 27.");
    assert_eq!(r.lines()[9], "North to move, turn 2, any hole but 4.");
}

#[test]
fn a_crossing_asks_the_direction_in_words_and_wrong_answers_get_a_line() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "enkeshui",
        r#"{"game":"enkeshui","holes":8,"south":[0,3,0,4,5,0,1,10],"north":[0,4,4,3,2,1,8,3],
"bulls":[{"side":"south","hole":4,"owner":"south"},{"side":"south","hole":5,"owner":"south"},
{"side":"north","hole":2,"owner":"north"}],"captured":{"south":0,"north":0},"to_move":"north","turn":8}"#,
        "{}",
    );
    let r = resume_full(&dir, &path, "4\nleft\n1\ncounterclockwise\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("North sows hole 4"),
        [
            "North sows hole 4: crosses with 11 seeds in hand from South's hole 8, the",
            "direction to choose; 3 laps, relays 9 seeds from North's hole 7, relays 11 seeds",
            "from South's hole 8. South has 20, North 17.",
            "North to move: choose the direction, cw (clockwise, toward South's hole 7) or",
            "ccw (counterclockwise, toward North's hole 1).",
            "cw or ccw? The seeds in hand go on one way or the other.",
            "cw or ccw? The seeds in hand go on one way or the other.",
            "North goes counterclockwise: the lap ends with 2 seeds in hand from South's hole",
            "3, the direction to choose; 2 laps, relays 2 seeds from South's hole 3. South",
            "has 21, North 25.",
            "North to move: choose the direction, cw (clockwise, toward South's hole 2) or",
            "ccw (counterclockwise, toward South's hole 4).",
        ]
        .join("\n")
            + "\nSaved in "
            + &path.display().to_string()
    );
}

#[test]
fn the_special_move_is_made_in_words() {
    let r = run(
        &args(
            &[
                "enkeshui",
                "--plain",
                "--verbosity",
                "full",
                "--race",
                "off",
                "--special-move",
                "once",
            ],
            &HOT_SEAT,
        ),
        "special\n3\n3 4\n1 1 1 1 1 1 1\n1 1 1 1 1 1 1 2\n1 1 1 1 1 1 1 1\nspecial\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South to move, turn 1"),
        [
            "South to move, turn 1, holes 3 to 8, or special.",
            "Special move: type the two holes to lift, for example 3 5. Type cancel to give",
            "it up.",
            "Type two holes, for example 3 5.",
            "Special move: you hold 8 seeds. Type how many each of your holes 1 to 8 gets, in",
            "order, for example 1 1 1 1 1 1 1 1.",
            "Type 8 numbers, one for each of your holes.",
            "Those add up to 9; you hold 8 seeds.",
            "South makes the special move: South's row is now 1, 1, 1, 1, 5, 5, 5, 5. South",
            "has 24, North 24.",
            "North to move, turn 2, holes 3 to 8, or special.",
            "Special move: type the two holes to lift, for example 3 5. Type cancel to give",
            "it up.",
        ]
        .join("\n")
            + "\n"
            + r.lines().last().unwrap()
    );
    assert!(r.lines().last().unwrap().starts_with("Saved in "));
}

#[test]
fn a_bao_steal_is_told_with_its_hole() {
    let dir = temp_dir();
    let path = record(
        &dir,
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[0,6,1,0,1,2,1,6],"outer":[2,0,1,5,0,1,5,1]},
"north":{"inner":[4,0,0,2,3,1,1,0],"outer":[0,2,1,3,2,1,1,11]},"reserve":{"south":0,"north":0},
"to_move":"north","turn":54}"#,
        "{}",
    );
    let r = resume_full(&dir, &path, "o8\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.event("South's inner row"),
        [
            "South's inner row, holes 1 to 8: 0, 6, 1, 0, 1, 2, 1, 6.",
            "South's outer row, holes 1 to 8: 2, 0, 1, 5, 0, 1, 5, 1.",
            // Read from the hole facing South's hole 1, as in the two-row games.
            "North's inner row, holes 8 to 1: 0, 1, 1, 3, 2, 0, 0, 4.",
            "North's outer row, holes 8 to 1: 11, 1, 1, 2, 3, 1, 2, 0.",
            "Reserves: South 0, North 0.",
            "North to move, turn 54, inner holes 1 and 4 to 7; outer holes 2 to 8.",
            "North sows outer hole 8: steals 1 cow from South's inner hole 5, ends in North's",
            "empty inner hole 8; 3 laps, relays 4 cows from North's inner hole 4. South has",
            "31, North 33.",
            "South to move, turn 55, inner holes 2, 3 and 6 to 8; any outer hole but 2 and 5.",
        ]
        .join("\n")
            + "\nSaved in "
            + &path.display().to_string()
    );
}

#[test]
fn bao_reserve_cows_and_the_phase_change_are_told() {
    // Both reserves down to their last cow: the turn that sows North's last
    // one begins phase 2.
    let dir = temp_dir();
    let path = record(
        &dir,
        "bao-la-kimasai",
        r#"{"game":"bao-la-kimasai","south":{"inner":[3,3,3,3,3,3,3,3],"outer":[1,1,1,1,1,1,1,1]},
"north":{"inner":[3,3,3,3,3,3,3,3],"outer":[1,1,1,1,1,1,1,0]},"reserve":{"south":0,"north":1},
"to_move":"north","turn":49}"#,
        "{}",
    );
    let r = resume_full(&dir, &path, "i1\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let told = r.event("North sows inner hole 1");
    assert!(told.starts_with("North sows inner hole 1:"), "{told}");
    assert!(
        told.contains("puts a reserve cow in North's inner hole 1"),
        "{told}"
    );
    assert!(
        told.contains("both reserves are empty: phase 2 begins"),
        "{told}"
    );
    // The phase change first, then the turn's end, then the details.
    assert!(
        told.starts_with(
            "North sows inner hole 1: both reserves are empty: phase 2 begins; ends in\n\
             North's empty outer hole 8; 2 laps, puts a reserve cow in North's inner hole 1,\n"
        ),
        "{told}"
    );
}

// ---- whole games -----------------------------------------------------------------

/// Easy against easy at a verbosity, with no input: the game plays itself out.
fn easy_against_easy(game: &[&str], verbosity: &str) -> Run {
    let tail = [
        "--plain",
        "--verbosity",
        verbosity,
        "--south",
        "ai:easy",
        "--north",
        "ai:easy",
    ];
    let r = run(&args(game, &tail), "");
    assert_eq!(r.code, 0, "{}", r.err);
    r
}

/// The turn lines of a run, with what each says after its decision: "South
/// sows hole 3: ..." at full, "North 8: ..." or "North inner 5: ..." at brief.
fn turn_lines(r: &Run) -> Vec<(&str, &str)> {
    r.out
        .lines()
        .filter_map(|l| {
            let (head, rest) = l.split_once(": ")?;
            let (side, decision) = head.split_once(' ')?;
            let hole = ["", "inner ", "outer "].iter().any(|row| {
                decision
                    .strip_prefix(row)
                    .is_some_and(|n| n.parse::<u32>().is_ok())
            });
            let verb = ["sows ", "goes ", "makes "]
                .iter()
                .any(|v| decision.starts_with(v));
            (["South", "North"].contains(&side) && (hole || verb)).then_some((l, rest))
        })
        .collect()
}

fn ai_game(game: &[&str]) {
    let r = easy_against_easy(game, "full");
    let over = r
        .lines()
        .iter()
        .position(|l| l.starts_with("Game over: "))
        .unwrap_or_else(|| panic!("no game over:\n{}", r.out));
    assert!(
        r.lines()[over + 1..]
            .iter()
            .any(|l| l.starts_with("Type review for the AI's review")),
        "{}",
        r.out
    );
    // Every turn says how it ended, first.
    const ENDS: [&str; 10] = [
        "ends in ",
        "captures ",
        "makes ",
        "crosses with ",
        "the lap ends with ",
        "steals ",
        "both reserves are empty",
        "finds no open direction",
        "South's row is now",
        "North's row is now",
    ];
    let turns = turn_lines(&r);
    for (l, rest) in &turns {
        assert!(ENDS.iter().any(|e| rest.starts_with(e)), "no outcome: {l}");
    }
    assert!(!turns.is_empty(), "{}", r.out);
    let path = saved_file(&r, r.lines().last().unwrap());
    let text = std::fs::read_to_string(path).expect("the record is there");
    assert!(text.contains("\"result\": {"), "{text}");
    assert!(r.err.is_empty(), "{}", r.err);
}

#[test]
fn ai_against_ai_runs_each_game_to_its_end_with_no_input() {
    ai_game(&["enkeshui", "--race", "on"]);
    ai_game(&["en-gehe", "--holes", "12"]);
    ai_game(&["bao"]);
}

/// A person who tries every hole in turn, with wrong input between: every
/// line is played or refused in one line, and the game goes on to its end.
fn every_hole(game: &[&str], holes: &[&str]) {
    let mut input = String::new();
    for _ in 0..300 {
        input.push_str("nonsense\n\n99\nundo\nredo\n");
        for h in holes {
            input.push_str(h);
            input.push('\n');
        }
    }
    let r = run(
        &args(game, &["--plain", "--south", "human", "--north", "ai:easy"]),
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGame over: "), "{}", r.out);
    assert!(
        r.out
            .contains("\nType a move, or help for the words you can use.\n")
    );
    assert!(r.lines().last().unwrap().starts_with("Saved in "));
    assert!(r.err.is_empty(), "{}", r.err);
}

#[test]
fn a_person_trying_every_hole_with_wrong_input_plays_each_game_to_its_end() {
    every_hole(
        &["enkeshui", "--race", "off"],
        &["1", "2", "3", "4", "5", "6", "7", "8", "cw"],
    );
    every_hole(
        &["en-gehe", "--holes", "10"],
        &["1", "2", "3", "4", "5", "6", "7", "8", "9", "10"],
    );
    let mut bao: Vec<String> = (1..=8).map(|k| format!("i{k}")).collect();
    bao.extend((1..=8).map(|k| format!("o{k}")));
    let bao: Vec<&str> = bao.iter().map(String::as_str).collect();
    every_hole(&["bao"], &bao);
}

// ---- words, saving, the end ------------------------------------------------------

#[test]
fn bad_input_gets_one_line_why_and_the_game_goes_on() {
    let r = run(&enkeshui_hot_seat_full(), "1\n9\nfoo\ncw\n\n8\n");
    let i = r
        .lines()
        .iter()
        .position(|l| l.starts_with("South to move, turn 1"))
        .unwrap();
    assert_eq!(
        r.lines()[i + 1..i + 7],
        [
            "Hole 1 is empty.",
            "There is no hole 9 (holes are 1 to 8).",
            "'foo' is not an Enkeshui decision (a hole 1 to 8, cw, ccw or a special move x).",
            "Type help for the words you can use.",
            "No direction is asked now: type a hole.",
            "Type a move, or help for the words you can use.",
        ]
    );
    assert!(r.lines()[i + 7].starts_with("South sows hole 8: "));
}

#[test]
fn undo_and_redo_go_back_to_the_persons_turn() {
    let r = run(
        &[
            "enkeshui",
            "--plain",
            "--verbosity",
            "full",
            "--race",
            "off",
            "--north",
            "ai:easy",
        ],
        "8\nundo\nundo\nredo\nscore\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(
        r.out
            .contains("\nUndone: back to turn 1.\nYour move, turn 1, ")
    );
    assert!(r.out.contains("\nNothing to undo.\n"));
    assert!(r.out.contains("\nRedone: turn 3.\nYour move, turn 3, "));
    assert!(
        r.out.contains("\nTurn 3. You have 22, North 26.\n"),
        "{}",
        r.out
    );
}

#[test]
fn quit_saves_where_asked_and_ends_with_status_0() {
    let dir = temp_dir();
    let save = dir.join("mine.json");
    let r = hot_seat_saved_in(&dir, &save, "8\n3\nquit\n8\n");
    assert_eq!(r.code, 0, "{}", r.err);
    assert_eq!(
        r.lines().last().copied(),
        Some(format!("Saved in {}", save.display()).as_str())
    );
    let text = std::fs::read_to_string(&save).expect("saved");
    assert!(text.contains(r#""decisions": ["8", "3"]"#), "{text}");
    // Resumed in plain lines where it stopped.
    let r = run_in(&dir, &["resume", "--plain", save.to_str().unwrap()], "");
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nResumed at turn 3.\n"), "{}", r.out);
    assert!(
        r.out
            .contains("South's row, holes 1 to 8: 2, 1, 5, 5, 5, 0, 5, 1.")
    );
}

#[test]
fn the_end_of_input_saves_in_the_data_folder() {
    let r = run(&["bao", "--plain", "--north", "ai:easy"], "i1\n");
    assert_eq!(r.code, 0, "{}", r.err);
    let last = r.lines().last().unwrap().to_string();
    // The data folder's file named by its date, said as that date (a
    // voice read the name's digits as millions): the one file there.
    let saves: Vec<String> = std::fs::read_dir(r.dir.join("data").join("masai-mancala"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.starts_with("game-") && n.ends_with(".json"))
        .collect();
    assert_eq!(saves.len(), 1, "{saves:?}");
    let stamp = &saves[0]["game-".len()..];
    let months = [
        "January", "February", "March", "April", "May", "June", "July",
    ];
    let months = [
        &months[..],
        &["August", "September", "October", "November", "December"],
    ]
    .concat();
    assert_eq!(
        last,
        format!(
            "Saved in the data folder as the game of {} {} {}, {}:{}:{} UTC.",
            stamp[6..8].parse::<u32>().unwrap(),
            months[stamp[4..6].parse::<usize>().unwrap() - 1],
            &stamp[..4],
            &stamp[9..11],
            &stamp[11..13],
            &stamp[13..15]
        )
    );
    assert_eq!(stamp.len(), "20261207-154252.json".len(), "{stamp}");
    let path = saved_file(&r, &last);
    assert!(std::fs::read_to_string(path).unwrap().contains(r#""i1""#));
}

#[test]
fn an_error_that_ends_the_program_is_one_line_and_status_1() {
    let r = run(&["resume", "--plain", "no-such-game.json"], "");
    assert_eq!(r.code, 1);
    assert_eq!(r.err.lines().count(), 1, "{}", r.err);
    assert!(r.err.starts_with("error: "), "{}", r.err);
    assert!(r.out.is_empty());
}

#[test]
fn help_and_rules_are_plain_lines() {
    let r = run(
        &args(&["en-gehe", "--plain"], &HOT_SEAT),
        "help\nrules\nboard\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nWords: board reads the board."));
    assert!(r.out.contains("\nEn Gehé"), "{}", r.out);
    assert!(!r.out.contains("**") && !r.out.contains('`') && !r.out.contains("# "));
    // The 40 holes of a row are read in groups of ten.
    assert!(
        r.out.contains(
            "\nSouth's row, holes 1 to 10: 4, 4, 4, 4, 4, 4, 4, 4, 4, 4.\nholes 11 to 20: "
        )
    );
}

#[test]
fn help_shows_plain_on_every_subcommand_that_has_it() {
    for sub in ["enkeshui", "en-gehe", "bao", "resume", "replay", "learn"] {
        let r = run_any(&temp_dir(), &[sub, "--help"], "");
        assert!(r.out.contains("--plain"), "{sub}: {}", r.out);
    }
}

#[test]
fn replay_steps_through_a_record_by_lines() {
    let dir = temp_dir();
    let save = dir.join("m.json");
    let r = run_in(
        &dir,
        &args(
            &[
                "enkeshui",
                "--plain",
                "--race",
                "off",
                "--match",
                "--max-turns",
                "3",
                "--save",
                save.to_str().unwrap(),
            ],
            &HOT_SEAT,
        ),
        "8\n3\n7\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let r = run_in(
        &dir,
        &["replay", "--plain", save.to_str().unwrap()],
        "\nnext\nback\nturn 2\nfoo\nnext\nnext\nnext\nreview\n",
    );
    assert_eq!(r.code, 0, "{}", r.err);
    let lines = r.lines();
    // The file's name decides where the first line wraps.
    assert_eq!(
        lines[..2].join(" "),
        format!(
            "Replay of {}: Enkeshui, 2 rows of 8 (8-left-empty). South: human, North: human. \
             3 decisions in 2 games.",
            save.display()
        )
    );
    let i = lines
        .iter()
        .position(|l| l.starts_with("Turn 1: "))
        .unwrap();
    assert_eq!(
        lines[i..i + 11],
        [
            "Turn 1: South sows hole 8: ends in South's empty hole 1; 2 laps, relays 5 seeds",
            "from North's hole 4. South has 21, North 27.",
            "Turn 2: North sows hole 3: ends in North's empty hole 3; 3 laps, relays 6 seeds",
            "from North's hole 8, relays 5 seeds from South's hole 6. South has 24, North 24.",
            "Back to turn 2, North to move.",
            "Turn 2, North to move.",
            "South's row, holes 1 to 8: 1, 0, 4, 4, 4, 4, 4, 0.",
            "North's row, holes 8 to 1: 5, 5, 5, 5, 0, 5, 1, 1.",
            "Captured: South 0, North 0.",
            "'foo' is not a replay word. Type next (or just Enter), back, turn and a number,",
            "start, end, board, position (the position in one line), review, or quit.",
        ]
    );
    assert!(r.out.contains("\nTurn 3: South sows hole 7: "), "{}", r.out);
    assert!(r.out.contains(
        "\nGame over: South wins, South 29 to North 19 (the turn limit was reached).\nGame 2 of 2.\n"
    ));
    assert!(
        r.out
            .contains("\nReviewing the record: this takes a moment.\n")
    );
    assert!(r.out.contains("\n1, South, 8, "), "{}", r.out);
}
