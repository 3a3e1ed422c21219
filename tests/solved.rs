//! Exact play in solved endgames. An exhaustive solver (plain minimax over
//! the final result, with a memo, on the engine's public game API only: it
//! shares nothing with the AI) works out small endgames of Enkeshui and En
//! Gehé met in seeded random games; `hard` and `expert` must play a decision
//! that reaches the best result in each: the win with the biggest margin,
//! or the smallest loss.

use masai_mancala::ai::{Level, Player, Request, choose};
use masai_mancala::engine::PositionError;
use masai_mancala::engine::SeededRng;
use masai_mancala::engine::en_gehe::EnGehe;
use masai_mancala::engine::enkeshui::{Enkeshui, Layout, Rules};
use masai_mancala::engine::{Game, PositionJson, Quiet, Side, Status};
use rand::SeedableRng;
use std::collections::{HashMap, HashSet};

/// A result for one side: won (1), drawn (0) or lost (-1), then the final
/// margin in seeds; compared in that order.
type Val = (i32, i32);

fn flip(v: Val) -> Val {
    (-v.0, -v.1)
}

/// The result of a finished game for `me`.
fn result<G: Game>(g: &G, me: Side) -> Option<Val> {
    match g.status() {
        Status::Playing => None,
        Status::Over(o) => {
            let class = match o.winner {
                None => 0,
                Some(w) if w == me => 1,
                Some(_) => -1,
            };
            Some((class, o.score[me] as i32 - o.score[me.other()] as i32))
        }
    }
}

/// Minimax over the final result. Gives up (None) past `limit` positions or
/// when a line comes back to a position already on it (the repetition rule
/// would then depend on the history, which the memo does not see).
struct Solver {
    memo: HashMap<(u64, u32), Val>,
    path: HashSet<(u64, u32)>,
    nodes: u64,
    limit: u64,
}

impl Solver {
    fn new(limit: u64) -> Solver {
        Solver {
            memo: HashMap::new(),
            path: HashSet::new(),
            nodes: 0,
            limit,
        }
    }

    /// The value of `g` for its side to move.
    fn value<G: Game + PositionJson>(&mut self, g: &G) -> Option<Val> {
        if let Some(v) = result(g, g.to_move()) {
            return Some(v);
        }
        // The engine's hash of the state (the board, the stores, the side to
        // move, a decision pending inside a turn) and the turn number (the
        // safety rule counts turns).
        let key = (g.hash_key(), g.turn());
        if let Some(v) = self.memo.get(&key) {
            return Some(*v);
        }
        self.nodes += 1;
        if self.nodes > self.limit || !self.path.insert(key) {
            return None;
        }
        let mut best: Option<Val> = None;
        for d in g.legal() {
            let v = self.after(g, &d)?;
            best = best.max(Some(v));
        }
        self.path.remove(&key);
        let best = best?;
        self.memo.insert(key, best);
        Some(best)
    }

    /// The value of decision `d` for the side to move in `g`.
    fn after<G: Game + PositionJson>(&mut self, g: &G, d: &G::Decision) -> Option<Val> {
        let me = g.to_move();
        let mut c = g.clone();
        c.play(d, &mut Quiet).expect("a legal decision plays");
        if let Some(v) = result(&c, me) {
            return Some(v);
        }
        let v = self.value(&c)?;
        Some(if c.to_move() == me { v } else { flip(v) })
    }

    /// Every legal decision's value, in notation order.
    fn decisions<G: Game + PositionJson>(&mut self, g: &G) -> Option<Vec<(String, Val)>> {
        g.legal()
            .iter()
            .map(|d| Some((d.to_string(), self.after(g, d)?)))
            .collect()
    }
}

/// A solved endgame: the position and each decision's exact result.
struct Solved<G> {
    game: G,
    values: Vec<(String, Val)>,
}

impl<G: Game + PositionJson> Solved<G> {
    fn best(&self) -> Val {
        self.values.iter().map(|v| v.1).max().unwrap()
    }

    fn of(&self, token: &str) -> Val {
        self.values
            .iter()
            .find(|v| v.0 == token)
            .unwrap_or_else(|| panic!("{token} is not legal"))
            .1
    }
}

/// Positions at turn boundaries near the end of seeded random games, read
/// back from their JSON (as a player would load them), that the solver
/// finishes within `limit` positions and where the decisions' results differ
/// (a real choice). `want` of them.
fn endgames<G>(start: &G, seed: u64, want: usize, limit: u64) -> Vec<Solved<G>>
where
    G: Game + PositionJson + TryFrom<G::Setup, Error = PositionError>,
{
    let mut rng = SeededRng::seed_from_u64(seed);
    let mut out = Vec::new();
    for _ in 0..2000 {
        let mut g = start.clone();
        let mut seen = Vec::new();
        while !g.status().is_over() {
            if !g.in_turn() {
                seen.push(g.position_json());
            }
            g.play_random(&mut rng, &mut Quiet);
        }
        // From the end back, until one is too big to solve.
        for json in seen.iter().rev() {
            let game = G::from_position(json).expect("a position read back");
            if game.legal().len() < 2 {
                continue;
            }
            let Some(values) = Solver::new(limit).decisions(&game) else {
                break;
            };
            if values.iter().all(|v| v.1 == values[0].1) {
                continue;
            }
            out.push(Solved { game, values });
            if out.len() == want {
                return out;
            }
        }
    }
    panic!("only {} solved endgames found", out.len());
}

/// The decisions `level` plays in the endgames that miss the best result.
fn misses<G>(level: Level, set: &[Solved<G>]) -> Vec<String>
where
    G: masai_mancala::ai::Evaluate + PositionJson,
{
    let mut out = Vec::new();
    for s in set {
        let c = choose(&s.game, &Request::new(Player::Level(level), 1)).expect("a decision");
        let token = c.decision.to_string();
        if s.of(&token) != s.best() {
            out.push(format!(
                "{}: {} plays {token} for {:?}, best {:?} ({:?})",
                s.game.position_json(),
                level.name(),
                s.of(&token),
                s.best(),
                s.values
            ));
        }
    }
    out
}

/// Positions the solver finishes within this many positions.
const SOLVER_LIMIT: u64 = 3_000;
/// Endgames per game and board.
const ENDGAMES: usize = 150;

fn enkeshui(holes: usize) -> Enkeshui {
    Enkeshui::new(&Layout::default_for(holes).unwrap(), Rules::default())
}

fn en_gehe(holes: usize) -> EnGehe {
    EnGehe::new(holes, Default::default()).unwrap()
}

fn check_all<G>(set: &[Solved<G>])
where
    G: masai_mancala::ai::Evaluate + PositionJson,
{
    for level in [Level::Hard, Level::Expert] {
        let bad = misses(level, set);
        assert!(
            bad.is_empty(),
            "{} of {} endgames missed:\n{}",
            bad.len(),
            set.len(),
            bad.join("\n")
        );
    }
}

#[test]
fn hard_and_expert_play_exactly_in_solved_enkeshui_endgames() {
    for (holes, seed) in [(8, 1), (10, 2)] {
        let set = endgames(&enkeshui(holes), seed, ENDGAMES, SOLVER_LIMIT);
        check_all(&set);
    }
}

#[test]
fn hard_and_expert_play_exactly_in_solved_en_gehe_endgames() {
    for (holes, seed) in [(5, 3), (8, 4)] {
        let set = endgames(&en_gehe(holes), seed, ENDGAMES, SOLVER_LIMIT);
        check_all(&set);
    }
}

fn solved_enkeshui(json: &str) -> Solved<Enkeshui> {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let game = Enkeshui::from_position(&v).unwrap();
    let values = Solver::new(u64::MAX).decisions(&game).expect("solved");
    Solved { game, values }
}

/// Issue 24: `expert` played 4 (a win by 32) where 1 wins by 42.
#[test]
fn the_top_levels_take_the_biggest_win() {
    let s = solved_enkeshui(
        r#"{"game":"enkeshui","holes":8,"south":[0,0,5,0,0,0,1,0],"north":[4,0,0,1,8,7,0,9],"bulls":[{"side":"south","hole":3,"owner":"north"},{"side":"north","hole":5,"owner":"north"},{"side":"north","hole":6,"owner":"north"},{"side":"north","hole":8,"owner":"north"}],"captured":{"south":3,"north":10},"to_move":"north","turn":1}"#,
    );
    assert_eq!(
        (s.of("1"), s.of("4"), s.best()),
        ((1, 42), (1, 32), (1, 42))
    );
    for level in [Level::Hard, Level::Expert] {
        let c = choose(&s.game, &Request::new(Player::Level(level), 1)).unwrap();
        assert_eq!(s.of(&c.decision.to_string()), (1, 42), "{}", level.name());
    }
}

/// Issue 24's second position: 1, 7 and 8 all win by 42, and the top levels
/// play one of them.
#[test]
fn a_long_win_is_played_exactly() {
    let s = solved_enkeshui(
        r#"{"game":"enkeshui","holes":8,"south":[2,0,0,0,0,10,1,2],"north":[0,0,0,17,11,0,2,0],"bulls":[{"side":"south","hole":6,"owner":"south"},{"side":"north","hole":4,"owner":"south"},{"side":"north","hole":5,"owner":"south"}],"captured":{"south":0,"north":3},"to_move":"south","turn":1}"#,
    );
    let best: Vec<&str> = s
        .values
        .iter()
        .filter(|v| v.1 == (1, 42))
        .map(|v| v.0.as_str())
        .collect();
    assert_eq!(best, ["1", "7", "8"]);
    assert_eq!(s.best(), (1, 42));
    for level in [Level::Hard, Level::Expert] {
        let c = choose(&s.game, &Request::new(Player::Level(level), 1)).unwrap();
        assert_eq!(s.of(&c.decision.to_string()), (1, 42), "{}", level.name());
    }
}

/// Each level's exactness on the solved set (docs/JUDGE.md): how many of
/// the 600 solved endgames each level answers with an exactly optimal
/// decision, printed as a table. Ignored by default (it searches every
/// endgame at every level):
/// `cargo test --release --test solved -- --ignored --nocapture each_level`
#[test]
#[ignore]
fn each_level_exactness_on_the_solved_set() {
    fn row<G>(name: &str, set: &[Solved<G>], total: &mut [usize; 4]) -> String
    where
        G: masai_mancala::ai::Evaluate + PositionJson,
    {
        let mut cells = Vec::new();
        for (k, level) in Level::ALL.into_iter().enumerate() {
            let exact = set.len() - misses(level, set).len();
            total[k] += exact;
            cells.push(format!(
                "{exact} ({:.1}%)",
                100.0 * exact as f64 / set.len() as f64
            ));
            // The top levels' promise, as the tests above hold it.
            if matches!(level, Level::Hard | Level::Expert) {
                assert_eq!(exact, set.len(), "{name}: {}", level.name());
            }
        }
        format!("| {name} | {} | {} |", set.len(), cells.join(" | "))
    }
    let mut total = [0; 4];
    let mut rows = Vec::new();
    for (holes, seed) in [(8, 1), (10, 2)] {
        let set = endgames(&enkeshui(holes), seed, ENDGAMES, SOLVER_LIMIT);
        rows.push(row(&format!("Enkeshui 2x{holes}"), &set, &mut total));
    }
    for (holes, seed) in [(5, 3), (8, 4)] {
        let set = endgames(&en_gehe(holes), seed, ENDGAMES, SOLVER_LIMIT);
        rows.push(row(&format!("En Gehé 2x{holes}"), &set, &mut total));
    }
    let all = 4 * ENDGAMES;
    println!("| set | endgames | easy | medium | hard | expert |");
    println!("|---|---|---|---|---|---|");
    for r in rows {
        println!("{r}");
    }
    let cells: Vec<String> = total
        .iter()
        .map(|&e| format!("{e} ({:.1}%)", 100.0 * e as f64 / all as f64))
        .collect();
    println!("| all | {all} | {} |", cells.join(" | "));
}

/// A solved position of either game, from its JSON.
fn solved<G>(json: &str) -> Solved<G>
where
    G: Game + PositionJson + TryFrom<G::Setup, Error = PositionError>,
{
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    let game = G::from_position(&v).unwrap();
    let values = Solver::new(u64::MAX).decisions(&game).expect("solved");
    Solved { game, values }
}

/// The decision `level` plays, with its exact result.
fn played<G>(level: Level, s: &Solved<G>) -> (String, Val)
where
    G: masai_mancala::ai::Evaluate + PositionJson,
{
    let c = choose(&s.game, &Request::new(Player::Level(level), 1)).unwrap();
    let token = c.decision.to_string();
    let v = s.of(&token);
    (token, v)
}

/// Issue 42: four positions where `hard` plays below the exact best (its
/// budget ends before the proof does; docs/ai.md says which level is exact
/// where). `expert` plays the best in each; `hard`'s choices are the ones
/// the issue and the docs name.
#[test]
fn the_top_levels_play_exactly_in_issue_42s_positions() {
    let eg4 = solved::<EnGehe>(
        r#"{"game":"en-gehe","holes":4,"south":[0,1,0,1],"north":[0,1,2,3],"captured":{"south":10,"north":14},"to_move":"north"}"#,
    );
    assert_eq!(
        (eg4.of("2"), eg4.of("3"), eg4.best()),
        ((1, 6), (1, 4), (1, 6))
    );
    let eg5 = solved::<EnGehe>(
        r#"{"game":"en-gehe","holes":5,"south":[0,2,0,1,1],"north":[2,1,0,0,0],"captured":{"south":12,"north":21},"to_move":"north"}"#,
    );
    assert_eq!(
        (eg5.of("1"), eg5.of("2"), eg5.best()),
        ((1, 6), (1, 2), (1, 6))
    );
    let eg6 = solved::<EnGehe>(
        r#"{"game":"en-gehe","holes":6,"south":[0,2,0,1,0,0],"north":[1,1,1,0,0,0],"captured":{"south":38,"north":4},"to_move":"north"}"#,
    );
    assert_eq!(
        (eg6.of("1"), eg6.of("2"), eg6.best()),
        ((-1, -34), (-1, -28), (-1, -28))
    );
    let ek12 = solved::<Enkeshui>(
        r#"{"game":"enkeshui","holes":12,"south":[1,6,1,1,0,6,1,4,4,0,0,1],"north":[0,0,7,0,0,6,0,6,4,0,0,0],"bulls":[{"side":"south","hole":2,"owner":"north"},{"side":"south","hole":6,"owner":"south"},{"side":"south","hole":9,"owner":"south"},{"side":"north","hole":3,"owner":"south"},{"side":"north","hole":8,"owner":"north"},{"side":"north","hole":9,"owner":"south"}],"captured":{"south":0,"north":0},"to_move":"south"}"#,
    );
    assert_eq!((ek12.of("3"), ek12.best()), ((1, 6), (1, 14)));
    let out = [
        played(Level::Expert, &eg4),
        played(Level::Expert, &eg5),
        played(Level::Expert, &eg6),
        played(Level::Expert, &ek12),
    ];
    let values: Vec<Val> = out.iter().map(|p| p.1).collect();
    assert_eq!(values, [(1, 6), (1, 6), (-1, -28), (1, 14)], "{out:?}");
    // `hard` is not exact here, as docs/ai.md says: its budget proves a
    // smaller win (a bigger loss) first and it takes that.
    let hard = [
        played(Level::Hard, &eg4),
        played(Level::Hard, &eg5),
        played(Level::Hard, &eg6),
        played(Level::Hard, &ek12),
    ];
    assert_eq!(
        hard,
        [
            ("3".to_string(), (1, 4)),
            ("2".to_string(), (1, 2)),
            ("1".to_string(), (-1, -34)),
            ("3".to_string(), (1, 6)),
        ]
    );
}

/// The judge's best (the hint's, the review's) and `expert`'s decision,
/// with the judge's exact result, where they differ or miss the best.
fn judge_misses<G>(set: &[Solved<G>]) -> Vec<String>
where
    G: masai_mancala::ai::Evaluate + PositionJson,
{
    let mut out = Vec::new();
    for s in set {
        let judge = masai_mancala::ai::judge(&s.game, None)
            .unwrap()
            .decision
            .to_string();
        let (expert, _) = played(Level::Expert, s);
        if judge != expert || s.of(&judge) != s.best() {
            out.push(format!(
                "{}: the judge picks {judge} for {:?}, expert {expert}, best {:?}",
                s.game.position_json(),
                s.of(&judge),
                s.best()
            ));
        }
    }
    out
}

/// Issue 42: the judge (the hint, the analysis and the review) sees as far
/// as `expert`: its best is `expert`'s decision, and the exact best, in
/// issue 42's four positions (where `hard` misses) and in solved endgames
/// of each two-row game.
#[test]
fn the_judge_picks_expert_s_exact_decision() {
    let mut bad = judge_misses(&[
        solved::<EnGehe>(
            r#"{"game":"en-gehe","holes":4,"south":[0,1,0,1],"north":[0,1,2,3],"captured":{"south":10,"north":14},"to_move":"north"}"#,
        ),
        solved::<EnGehe>(
            r#"{"game":"en-gehe","holes":5,"south":[0,2,0,1,1],"north":[2,1,0,0,0],"captured":{"south":12,"north":21},"to_move":"north"}"#,
        ),
        solved::<EnGehe>(
            r#"{"game":"en-gehe","holes":6,"south":[0,2,0,1,0,0],"north":[1,1,1,0,0,0],"captured":{"south":38,"north":4},"to_move":"north"}"#,
        ),
    ]);
    bad.extend(judge_misses(&[solved::<Enkeshui>(
        r#"{"game":"enkeshui","holes":12,"south":[1,6,1,1,0,6,1,4,4,0,0,1],"north":[0,0,7,0,0,6,0,6,4,0,0,0],"bulls":[{"side":"south","hole":2,"owner":"north"},{"side":"south","hole":6,"owner":"south"},{"side":"south","hole":9,"owner":"south"},{"side":"north","hole":3,"owner":"south"},{"side":"north","hole":8,"owner":"north"},{"side":"north","hole":9,"owner":"south"}],"captured":{"south":0,"north":0},"to_move":"south"}"#,
    )]));
    bad.extend(judge_misses(&endgames(&enkeshui(8), 1, 30, SOLVER_LIMIT)));
    bad.extend(judge_misses(&endgames(&en_gehe(8), 4, 30, SOLVER_LIMIT)));
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}
