//! How often the hint and the review agree (docs/JUDGE.md): AI-against-AI
//! games at mixed levels (seeded, so there are mistakes to find), where at
//! every decision with a choice the hint is asked as the client asks it
//! (the judge, `ai::judge`: `expert`'s search for the best, then every
//! decision valued), and the whole game is then
//! reviewed by `review::review`. Each game opens with a few random
//! decisions (`--opening`, seeded), so that the levels without noise do
//! not play the same game again and again. Where the hint's decision is not the one
//! played, the review judges the hint's decision too, from the same
//! position with its history. Counts: the hint's decisions the review
//! marks (a mistake, a blunder or "gives up"; must be 0), and how often
//! the hint's decision is the review's best, by name and by value.
//!
//! nice -n 19 cargo run --release --example judge-agreement -- --game enkeshui --games 100
//! (--game enkeshui | en-gehe | bao, --holes N for the two-row games,
//! --seed S, --max-decisions N, --opening N)

use masai_mancala::ai::{self, Level, Player, Request, choose_token};
use masai_mancala::engine::{AnyGame, PerSide, Quiet, Side, Status};
use masai_mancala::record::{Checked, GameOptions, GameRecord, Record, Replayed, Variant};
use masai_mancala::review::{self, Judged, Mark};
use std::time::Instant;

/// The hint as the client works it out: the judge's best.
fn hint(g: &AnyGame) -> Option<(String, i32)> {
    let t = ai::judge_tokens(g, None)?;
    Some((t.decision, t.value))
}

/// A record of `decisions` from `begin` (the game as it stands, its
/// history kept) and its replay, for `review::review`.
fn record_of(begin: &AnyGame, decisions: Vec<String>, seats: [Level; 2]) -> (Record, Checked) {
    let mut end = begin.clone();
    for d in &decisions {
        end.play_token(d, &mut Quiet)
            .expect("a decision played before");
    }
    let start = begin.position_json();
    let record = Record {
        options: GameOptions::new(Variant::of(begin)),
        seats: PerSide::new(
            format!("ai:{}", seats[0].name()),
            format!("ai:{}", seats[1].name()),
        ),
        games: vec![GameRecord {
            start,
            race: None,
            decisions,
            result: match end.status() {
                Status::Over(o) => Some(o),
                Status::Playing => None,
            },
        }],
    };
    let checked = Checked {
        games: vec![Replayed {
            start: begin.clone(),
            begin: begin.clone(),
            race_first: None,
            end,
        }],
        match_over: None,
    };
    (record, checked)
}

/// A mark that faults the decision ("only good move" praises it).
fn faulted(j: &Judged) -> bool {
    matches!(j.mark, Some(Mark::Mistake | Mark::Blunder | Mark::GivesUp))
}

#[derive(Default)]
struct Count {
    games: usize,
    judged: usize,
    played_faulted: usize,
    hint_played: usize,
    hint_faulted: usize,
    same_name: usize,
    same_value: usize,
}

fn main() {
    let mut game = "enkeshui".to_string();
    let mut holes: Option<String> = None;
    let mut games = 100usize;
    let mut seed = 1u64;
    let mut max_decisions = 400usize;
    let mut opening = 4usize;
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let value = args.get(i + 1).cloned().unwrap_or_default();
        let number = |v: &str| {
            v.parse::<u64>().unwrap_or_else(|_| {
                eprintln!("{}: not a number: {v:?}", args[i]);
                std::process::exit(2)
            })
        };
        match args[i].as_str() {
            "--game" => game = value,
            "--holes" => holes = Some(value),
            "--games" => games = number(&value) as usize,
            "--seed" => seed = number(&value),
            "--max-decisions" => max_decisions = number(&value) as usize,
            "--opening" => opening = number(&value) as usize,
            other => {
                eprintln!(
                    "unknown option {other:?}: --game G, --holes N, --games N, --seed S, --max-decisions N, --opening N"
                );
                std::process::exit(2)
            }
        }
        i += 2;
    }
    let mut words = vec![game.clone()];
    if let Some(h) = &holes {
        words.extend(["--holes".to_string(), h.clone()]);
    }
    let start = masai_mancala::cli::new_game(&words).unwrap_or_else(|e| {
        eprintln!("--game: {e}");
        std::process::exit(2)
    });
    let started = Instant::now();
    let levels = [Level::Easy, Level::Medium, Level::Hard];
    let mut c = Count::default();
    let mut distinct = std::collections::HashSet::new();
    for n in 0..games {
        // Mixed levels, every pairing in turn.
        let seats = [levels[n % 3], levels[(n / 3 + n) % 3]];
        let mut g = start.clone();
        let mut positions = Vec::new();
        let mut decisions = Vec::new();
        while !g.status().is_over() && decisions.len() < max_decisions {
            let level = seats[if g.to_move() == Side::South { 0 } else { 1 }];
            let player = if decisions.len() < opening {
                Player::Random
            } else {
                Player::Level(level)
            };
            let req = Request::new(
                player,
                seed * 1_000_003 + n as u64 * 1_000 + decisions.len() as u64,
            );
            let token = choose_token(&g, &req).expect("a decision").decision;
            positions.push(g.clone());
            g.play_token(&token, &mut Quiet)
                .expect("the AI plays legally");
            decisions.push(token);
        }
        distinct.insert(decisions.clone());
        let (record, checked) = record_of(&start, decisions.clone(), seats);
        let r = review::review(&record, &checked, None, &mut |_, _| {}).expect("reviewed");
        let mut row = Count {
            games: 1,
            ..Count::default()
        };
        for (k, j) in r.decisions.iter().enumerate() {
            if j.forced {
                continue;
            }
            row.judged += 1;
            row.played_faulted += usize::from(faulted(j));
            let Some((h, hv)) = hint(&positions[k]) else {
                continue;
            };
            // The review's judgement of the hint's decision.
            let of_hint = if h == j.played {
                row.hint_played += 1;
                j.clone()
            } else {
                let (rec, chk) = record_of(&positions[k], vec![h.clone()], seats);
                review::review(&rec, &chk, None, &mut |_, _| {})
                    .expect("reviewed")
                    .decisions[0]
                    .clone()
            };
            if faulted(&of_hint) {
                row.hint_faulted += 1;
                eprintln!(
                    "game {n}, decision {}: the hint {h} is marked {:?}: {of_hint:?}",
                    k + 1,
                    of_hint.mark
                );
            }
            row.same_name += usize::from(j.best == h);
            row.same_value += usize::from(j.best_value == hv);
        }
        eprintln!(
            "game {} ({} vs {}): {} decisions, {} judged, {} marked, hint marked {}, hint = best {} ({:.0} s)",
            n + 1,
            seats[0].name(),
            seats[1].name(),
            decisions.len(),
            row.judged,
            row.played_faulted,
            row.hint_faulted,
            row.same_name,
            started.elapsed().as_secs_f64()
        );
        c.games += 1;
        c.judged += row.judged;
        c.played_faulted += row.played_faulted;
        c.hint_played += row.hint_played;
        c.hint_faulted += row.hint_faulted;
        c.same_name += row.same_name;
        c.same_value += row.same_value;
        // The table so far, should the run be stopped early.
        table(&words.join(" "), &c, distinct.len(), &mut std::io::stderr());
    }
    table(&words.join(" "), &c, distinct.len(), &mut std::io::stdout());
    eprintln!("{:.0} s", started.elapsed().as_secs_f64());
}

/// The table of the counts so far.
fn table(game: &str, c: &Count, distinct: usize, out: &mut dyn std::io::Write) {
    let pct = |a: usize| 100.0 * a as f64 / c.judged.max(1) as f64;
    let _ = writeln!(
        out,
        "| game | games (distinct) | decisions with a choice | played decisions marked | hint's decision played | hint's decision marked | hint = review's best (decision) | hint = review's best (value) |"
    );
    let _ = writeln!(out, "|---|---|---|---|---|---|---|---|");
    let _ = writeln!(
        out,
        "| {} | {} ({}) | {} | {} ({:.1}%) | {} ({:.1}%) | {} | {} ({:.1}%) | {} ({:.1}%) |",
        game,
        c.games,
        distinct,
        c.judged,
        c.played_faulted,
        pct(c.played_faulted),
        c.hint_played,
        pct(c.hint_played),
        c.hint_faulted,
        c.same_name,
        pct(c.same_name),
        c.same_value,
        pct(c.same_value),
    );
}
