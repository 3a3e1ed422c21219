//! The analysis of the live game's position and the hint: one search
//! serves the panel and the hint.

use super::{Play, Transition}; // Transition: the game's `Did`
use crate::app::adapter::{adapter, value_text};
use crate::app::event::{self, Output};
use crate::session::job::{Done, Job, Spawn};
use crate::session::seat;

/// The analysis of one position of the live game: one search serves the
/// panel and the hint.
#[derive(Debug)]
pub struct AnalysisPanel {
    /// The version of the position asked about.
    version: u64,
    /// Its analysis, once worked out.
    pub shown: Option<seat::Analysis>,
    /// The search (dropping it stops it; none for a finished game).
    job: Option<Job>,
}

impl Play {
    // ---- the analysis and the hint -----------------------------------------------

    /// The analysis searches the position shown once it changed, while the
    /// panel is on or a hint waits for it; a search nobody wants stops. Only
    /// the live game is searched (`live`: not the replay viewer's).
    pub fn sync_analysis(&mut self, panel: bool, depth: Option<u32>, live: bool) -> bool {
        if !live {
            self.search = None;
            return false;
        }
        let version = self.version();
        if self.hint_for.is_some_and(|v| v != version) {
            self.hint_for = None;
        }
        let current = self.search.as_ref().is_some_and(|a| a.version == version);
        if !panel && self.hint_for.is_none() {
            // Kept while it is the position's: the panel may open on it.
            if !current {
                self.search = None;
            }
            return false;
        }
        if current {
            return false;
        }
        // The search of the position before stops as it is dropped.
        let job = (!self.game().status().is_over()).then(|| {
            let game = self.game().clone();
            let post = event::post(&self.opts.tx, Output::Analysis);
            Spawn::new(version, post).spawn(move |progress| {
                seat::analyse(&game, depth, progress).unwrap_or(seat::Analysis {
                    depth: 0,
                    values: Vec::new(),
                    exact: false,
                })
            })
        });
        self.search = Some(AnalysisPanel {
            version,
            shown: None,
            job,
        });
        true
    }

    /// The analysis arrived: shown if it is the search's, and the hint
    /// waiting for it told.
    pub fn analysed(&mut self, done: Done<seat::Analysis>) -> Transition {
        let Some(a) = self
            .search
            .as_mut()
            .filter(|a| a.job.as_ref().is_some_and(|j| j.answers(&done)))
        else {
            return Transition::Stay;
        };
        a.shown = Some(done.output);
        if self.hint_for.take() == Some(done.version)
            && let Some(line) = self.hint_ready(done.version)
        {
            return Transition::Status(line);
        }
        Transition::Redraw
    }

    /// The analysis of the position shown, once worked out.
    pub fn analysis(&self) -> Option<&seat::Analysis> {
        self.search
            .as_ref()
            .filter(|a| a.version == self.version())?
            .shown
            .as_ref()
    }

    /// The search behind the analysis panel.
    pub fn analysis_panel(&self) -> Option<&AnalysisPanel> {
        self.search.as_ref()
    }

    /// The hint: the analysis's best line (the panel's when it is on: one
    /// search, one value), told at once when the analysis is there, else
    /// when it comes.
    pub fn hint(&mut self) -> Transition {
        if self.analysis().is_some() {
            return match self.hint_ready(self.version()) {
                Some(line) => Transition::Status(line),
                None => Transition::Redraw,
            };
        }
        self.hint_for = Some(self.version());
        Transition::Status(format!(
            "Working out a hint for {}...",
            self.game().to_move().title()
        ))
    }

    /// Selects the analysis's best decision and says its value.
    fn hint_ready(&mut self, version: u64) -> Option<String> {
        let analysis = self.analysis()?;
        let exact = analysis.exact;
        let (token, value) = analysis.values.first()?.clone();
        if self.version() != version || self.anim.is_some() || self.game().status().is_over() {
            return None;
        }
        let (mover, kind) = (self.game().to_move(), adapter(self.game()).units());
        self.select(&token);
        Some(format!(
            "Hint for {}: {token} (the AI rates it {}); Enter plays it",
            mover.title(),
            value_text(value, kind, exact)
        ))
    }
}
