//! The position being set up in the board editor: each hole's seeds and
//! mark, the seeds captured (Bao: the reserves), who moves, the turn and
//! the rule flags, kept as the position's one line holds them
//! (docs/NOTATION.md). Checking it is reading that line: the editor and
//! `--position LINE` accept and refuse the same positions, in the same words.

use crate::engine::{AnyGame, GameKind, PerSide, Side};

/// The most seeds one hole or one count of the editor takes (the reader
/// refuses more than a game holds long before this).
pub const MOST: u32 = 999;

/// What a hole carries besides its seeds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Plain,
    /// A bull, and whose it is (in whichever row it stands).
    Bull(Side),
    /// Out of play (Enkeshui match play).
    Closed,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    pub seeds: u32,
    pub mark: Mark,
}

/// A position as the editor holds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    pub kind: GameKind,
    /// The rows in the line's order: South's then North's, each from its
    /// owner's hole 1 (Bao: South's inner, outer, North's inner, outer).
    pub rows: Vec<Vec<Cell>>,
    pub to_move: Side,
    /// The seeds captured; Bao: the cows in reserve.
    pub held: PerSide<u32>,
    pub turn: u32,
    /// The rule flags, as the line writes them (`match`, `special_move=once`).
    pub flags: Vec<String>,
}

/// Where a hole stands on the editor's board: the row drawn (North's on
/// top, as in play) and the column, and its place in the line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Spot {
    /// Index into `Draft::rows`.
    pub row: usize,
    /// Index into that row: the owner's hole number less one.
    pub hole: usize,
}

impl Spot {
    /// Bao: `i` for a hole of an inner row, `o` for an outer one (the
    /// line lists each side's inner row first).
    pub fn letter(self) -> char {
        if self.row.is_multiple_of(2) { 'i' } else { 'o' }
    }
}

impl Draft {
    /// The draft of a position (the game's own line read back).
    pub fn of(game: &AnyGame) -> Draft {
        Draft::read(&game.position_line()).expect("the engine writes lines the editor reads")
    }

    /// Reads a line the engine wrote: None if it is not one.
    fn read(line: &str) -> Option<Draft> {
        let mut words = line.split_whitespace();
        let kind = GameKind::parse(words.next()?)?;
        let rows = words
            .next()?
            .split('/')
            .map(read_row)
            .collect::<Option<Vec<_>>>()?;
        let to_move = match words.next()? {
            "s" => Side::South,
            "n" => Side::North,
            _ => return None,
        };
        let (s, n) = words.next()?.split_once('-')?;
        let held = PerSide::new(s.parse().ok()?, n.parse().ok()?);
        let turn = words.next()?.parse().ok()?;
        let flags = words.map(str::to_string).collect();
        Some(Draft {
            kind,
            rows,
            to_move,
            held,
            turn,
            flags,
        })
    }

    /// The line the draft stands for (not yet checked).
    pub fn line(&self) -> String {
        let game = match self.kind {
            GameKind::Enkeshui => "enkeshui",
            GameKind::EnGehe => "en-gehe",
            GameKind::BaoLaKimasai => "bao",
        };
        let rows: Vec<String> = self.rows.iter().map(|r| row_text(r)).collect();
        let side = if self.to_move == Side::South {
            "s"
        } else {
            "n"
        };
        let mut words = vec![
            game.to_string(),
            rows.join("/"),
            side.to_string(),
            format!("{}-{}", self.held.south, self.held.north),
            self.turn.to_string(),
        ];
        words.extend(self.flags.iter().cloned());
        words.join(" ")
    }

    /// The position, or why it cannot be played (the line reader's words,
    /// naming the field at fault).
    pub fn check(&self) -> Result<AnyGame, String> {
        AnyGame::from_line(&self.line()).map_err(|e| e.to_string())
    }

    /// Every seed the draft holds: on the board, captured or in reserve.
    pub fn seeds(&self) -> u64 {
        let board: u64 = self.rows.iter().flatten().map(|c| u64::from(c.seeds)).sum();
        board + u64::from(self.held.south) + u64::from(self.held.north)
    }

    /// The seeds a game of this size holds: exactly (Enkeshui, Bao) or at
    /// most (an En Gehé study may hold fewer).
    pub fn expected(&self) -> (u64, bool) {
        match self.kind {
            GameKind::Enkeshui => (48, true),
            GameKind::BaoLaKimasai => (64, true),
            GameKind::EnGehe => (8 * self.holes() as u64, false),
        }
    }

    /// Holes in a row.
    pub fn holes(&self) -> usize {
        self.rows.first().map_or(0, Vec::len)
    }

    /// The rows drawn, top to bottom: North's first, as the game is drawn.
    pub fn drawn_rows(&self) -> usize {
        self.rows.len()
    }

    /// The hole at column `col` of the drawn row `r`: North's rows run
    /// right to left (his hole 1 faces South's last).
    pub fn spot(&self, r: usize, col: usize) -> Spot {
        let n = self.holes();
        let col = col.min(n.saturating_sub(1));
        // Drawn top to bottom: two rows N, S; Bao N outer, N inner, S inner, S outer.
        let (row, north) = match (self.kind, r) {
            (GameKind::BaoLaKimasai, 0) => (3, true),
            (GameKind::BaoLaKimasai, 1) => (2, true),
            (GameKind::BaoLaKimasai, 2) => (0, false),
            (GameKind::BaoLaKimasai, _) => (1, false),
            (_, 0) => (1, true),
            (_, _) => (0, false),
        };
        let hole = if north { n - 1 - col } else { col };
        Spot { row, hole }
    }

    pub fn cell(&self, at: Spot) -> Cell {
        self.rows[at.row][at.hole]
    }

    pub fn cell_mut(&mut self, at: Spot) -> &mut Cell {
        &mut self.rows[at.row][at.hole]
    }

    /// Whose row a spot is in.
    pub fn owner(&self, at: Spot) -> Side {
        if at.row < self.rows.len() / 2 {
            Side::South
        } else {
            Side::North
        }
    }

    /// The hole named as players name it: "South's hole 3", "North's i5".
    pub fn name(&self, at: Spot) -> String {
        let who = self.owner(at).title();
        match self.kind {
            GameKind::BaoLaKimasai => format!("{who}'s {}{}", at.letter(), at.hole + 1),
            _ => format!("{who}'s hole {}", at.hole + 1),
        }
    }

    /// Empties every hole (marks go too): the start of a position built
    /// from nothing.
    pub fn empty_board(&mut self) {
        for c in self.rows.iter_mut().flatten() {
            *c = Cell {
                seeds: 0,
                mark: Mark::Plain,
            };
        }
    }
}

/// A row's holes from the line's text (`0,6*,4x3,0#`).
fn read_row(text: &str) -> Option<Vec<Cell>> {
    let mut cells = Vec::new();
    for part in text.split(',') {
        let (body, mark) = match part.chars().last()? {
            '*' => (&part[..part.len() - 1], Mark::Bull(Side::South)),
            '+' => (&part[..part.len() - 1], Mark::Bull(Side::North)),
            '#' => (&part[..part.len() - 1], Mark::Closed),
            _ => (part, Mark::Plain),
        };
        let (seeds, run) = match body.split_once('x') {
            Some((n, k)) => (n.parse().ok()?, k.parse::<usize>().ok()?),
            None => (body.parse().ok()?, 1),
        };
        cells.extend(std::iter::repeat_n(Cell { seeds, mark }, run.min(64)));
    }
    Some(cells)
}

/// A row as the line writes it: runs of three or more plain holes as `NxK`.
fn row_text(row: &[Cell]) -> String {
    let mut parts = Vec::new();
    let mut i = 0;
    while i < row.len() {
        let c = row[i];
        let mark = match c.mark {
            Mark::Plain => "",
            Mark::Bull(Side::South) => "*",
            Mark::Bull(Side::North) => "+",
            Mark::Closed => "#",
        };
        let mut j = i + 1;
        if c.mark == Mark::Plain {
            while j < row.len() && row[j] == c {
                j += 1;
            }
        }
        if j - i >= 3 {
            parts.push(format!("{}x{}", c.seeds, j - i));
            i = j;
        } else {
            parts.push(format!("{}{mark}", c.seeds));
            i += 1;
        }
    }
    parts.join(",")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn draft(line: &str) -> Draft {
        Draft::of(&AnyGame::from_line(line).unwrap())
    }

    /// The draft of a position writes that position's line back, marks,
    /// runs and flags included.
    #[test]
    fn a_draft_writes_its_positions_line_back() {
        for line in [
            "enkeshui 0,0,4x6/0,0,4x6 s 0-0 1",
            "enkeshui 0,6*,0,1,0x4/0#,2,7+,0x5 n 20-12 31 special_move=once match special_used=s",
            "en-gehe 4x40/4x40 s 0-0 1",
            "bao 1x8/0x8/1x8/0x8 s 24-24 1",
        ] {
            let d = draft(line);
            assert_eq!(d.line(), line);
            assert_eq!(d.check().unwrap().position_line(), line);
        }
    }

    /// North's row is drawn right to left: his hole 1 is above South's
    /// last hole; Bao's rows are drawn North outer, inner, South inner, outer.
    #[test]
    fn rows_are_drawn_as_the_game_draws_them() {
        let d = draft("enkeshui 0,0,4x6/0,0,4x6 s 0-0 1");
        assert_eq!(d.name(d.spot(0, 0)), "North's hole 8");
        assert_eq!(d.name(d.spot(0, 7)), "North's hole 1");
        assert_eq!(d.name(d.spot(1, 0)), "South's hole 1");
        let b = draft("bao 1x8/0x8/1x8/0x8 s 24-24 1");
        let names: Vec<String> = (0..4).map(|r| b.name(b.spot(r, 0))).collect();
        assert_eq!(
            names,
            ["North's o8", "North's i8", "South's i1", "South's o1"]
        );
    }

    /// A draft that is not a position says why, as `--position` would.
    #[test]
    fn a_wrong_total_is_refused_in_the_readers_words() {
        let mut d = draft("enkeshui 0,0,4x6/0,0,4x6 s 0-0 1");
        let at = d.spot(1, 1);
        d.cell_mut(at).seeds = 4;
        assert_eq!(d.seeds(), 52);
        assert_eq!(
            d.check().unwrap_err(),
            "south: the board and captures hold 52 seeds: Enkeshui has 48"
        );
        assert_eq!(d.line(), "enkeshui 0,4x7/0,0,4x6 s 0-0 1");
    }
}
