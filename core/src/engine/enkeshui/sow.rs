//! Sowing a turn: laps and relays from the hole lifted until the turn ends
//! or the first direction choice, with or without a budget of relay laps.

use super::*;

impl Enkeshui {
    /// Sows from board index `hole` until the turn ends or the first direction
    /// choice; `Err` when the sowing would never end, the board and captures
    /// then as they were.
    #[inline(always)]
    pub(super) fn sow_from<O: Observer>(
        rules: &Rules,
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        hole: usize,
        obs: &mut O,
    ) -> Result<Sown, Endless> {
        match Self::sow_from_within(rules, board, captured, mover, hole, u64::MAX, obs) {
            Ok(sown) => Ok(sown),
            Err(Unended::Endless(e)) => Err(e),
            Err(Unended::OverBudget) => unreachable!("no lap budget"),
        }
    }

    /// [`Enkeshui::sow_from`] that gives up after `max_laps` relay laps
    /// (the board and captures then as they were). Inlined where it is asked
    /// for: a quiet sowing's first lap, which mostly ends it, then costs no
    /// call.
    #[inline(always)]
    pub(super) fn sow_from_within<O: Observer>(
        rules: &Rules,
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        hole: usize,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<Sown, Unended> {
        if O::SILENT && board.closed == 0 {
            return Self::sow_quiet_within(rules, board, captured, mover, hole, max_laps);
        }
        // The told laps are not undone one by one: a copy is put back.
        let before = (*board, *captured);
        let result = Self::sow_told_within(rules, board, captured, mover, hole, max_laps, obs);
        if result.is_err() {
            (*board, *captured) = before;
        }
        result
    }

    /// [`Enkeshui::sow_from_within`] for an observer told every lap, or a
    /// board with holes out of play (the board left where the laps stopped).
    fn sow_told_within<O: Observer>(
        rules: &Rules,
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        hole: usize,
        max_laps: u64,
        obs: &mut O,
    ) -> Result<Sown, Unended> {
        match Self::sowing_lap(board, captured, mover, hole, 1, true, obs) {
            Lap::TurnOver => Ok(Sown::TurnOver),
            Lap::Relay {
                hole,
                crossed: true,
            } => Ok(Sown::Choose { hole, lap: 2 }),
            Lap::Relay { hole, .. } => {
                let mut state = RelayState {
                    board: *board,
                    captured: *captured,
                    pos: hole,
                    lap: 2,
                };
                let capture_ok = rules.capture_after_relay;
                let result = run_laps_within_after(
                    &mut state,
                    |s| {
                        let lap = Self::sowing_lap(
                            &mut s.board,
                            &mut s.captured,
                            mover,
                            s.pos,
                            s.lap,
                            capture_ok,
                            obs,
                        );
                        match lap {
                            Lap::TurnOver => Some(Sown::TurnOver),
                            Lap::Relay { hole, crossed } => {
                                s.pos = hole;
                                s.lap = s.lap.saturating_add(1);
                                crossed.then_some(Sown::Choose { hole, lap: s.lap })
                            }
                        }
                    },
                    max_laps,
                    0,
                );
                *board = state.board;
                *captured = state.captured;
                result
            }
        }
    }

    /// [`Enkeshui::sow_from_within`] for a quiet observer on a board with
    /// every hole in play: the first lap and the plain relay laps of the
    /// cycle search on the board itself, the search on a copy.
    #[inline(always)]
    pub(super) fn sow_quiet_within(
        rules: &Rules,
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        hole: usize,
        max_laps: u64,
    ) -> Result<Sown, Unended> {
        let seeds = board.counts[hole];
        match board.lap_ccw_quiet(captured, mover, hole, true) {
            Lap::TurnOver => Ok(Sown::TurnOver),
            Lap::Relay {
                hole,
                crossed: true,
            } => Ok(Sown::Choose { hole, lap: 2 }),
            Lap::Relay { hole: next, .. } => {
                let result =
                    Self::relay_quiet_within(rules, board, captured, mover, next, max_laps);
                if result.is_err() {
                    board.unsow_relay_ccw(hole, seeds);
                }
                result
            }
        }
    }

    /// [`Enkeshui::sow_quiet_within`] from the relay after a first lap that
    /// did not cross the opponent's row, out of line: the relay laps, then
    /// the cycle search. On `Err` the relay laps are undone (the board as
    /// it was after the first lap): a relay lap only moves seeds, and the
    /// start and seeds of each are kept, where a copy of the board would
    /// cost every random pick.
    #[inline(never)]
    fn relay_quiet_within(
        rules: &Rules,
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        hole: usize,
        max_laps: u64,
    ) -> Result<Sown, Unended> {
        let mut pos = hole;
        let capture_ok = rules.capture_after_relay;
        // Each plain lap's start (high half) and seeds, a word each.
        let mut laps = [0u32; PLAIN_LAPS as usize];
        for (lap, undo) in (2..=1 + PLAIN_LAPS as u32).zip(&mut laps) {
            *undo = (pos as u32) << 16 | board.counts[pos] as u32;
            match board.lap_ccw_quiet(captured, mover, pos, capture_ok) {
                Lap::TurnOver => return Ok(Sown::TurnOver),
                Lap::Relay { hole, crossed } => {
                    if crossed {
                        return Ok(Sown::Choose { hole, lap: lap + 1 });
                    }
                    pos = hole;
                }
            }
        }
        let mut state = RelayState {
            board: *board,
            captured: *captured,
            pos,
            lap: 2 + PLAIN_LAPS as u32,
        };
        let result = run_laps_within_after(
            &mut state,
            |s| match s
                .board
                .lap_ccw_quiet(&mut s.captured, mover, s.pos, capture_ok)
            {
                Lap::TurnOver => Some(Sown::TurnOver),
                Lap::Relay { hole, crossed } => {
                    s.pos = hole;
                    s.lap = s.lap.saturating_add(1);
                    crossed.then_some(Sown::Choose { hole, lap: s.lap })
                }
            },
            max_laps,
            PLAIN_LAPS,
        );
        if result.is_ok() {
            *board = state.board;
            *captured = state.captured;
        } else {
            for &undo in laps.iter().rev() {
                board.unsow_relay_ccw((undo >> 16) as usize, undo as u16);
            }
        }
        result
    }

    /// Lifts `from` and sows it counterclockwise: one lap of a sowing (the
    /// quick lap for a quiet observer on a board with every hole in play).
    #[inline(always)]
    pub(super) fn sowing_lap<O: Observer>(
        board: &mut Board,
        captured: &mut PerSide<u32>,
        mover: Side,
        from: usize,
        lap: u32,
        capture_ok: bool,
        obs: &mut O,
    ) -> Lap {
        if O::SILENT && board.closed == 0 {
            return board.lap_ccw_quiet(captured, mover, from, capture_ok);
        }
        let seeds = board.lift(from, lap, obs);
        board.lap(
            captured,
            mover,
            from,
            seeds,
            Direction::Ccw,
            lap,
            capture_ok,
            obs,
        )
    }
}
