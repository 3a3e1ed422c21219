//! The events of the app's one loop: input, signals and background jobs all
//! arrive on one channel. Every job's result is one kind of event,
//! `AppEvent::Job`, carrying the version it was made for.

use super::review_view::ReviewUpdate;
use crate::session::Decided;
use crate::session::job::{Done, Post};
use crate::session::load::{LoadFault, LoadResult};
use crate::session::persist::{Counted, ProgressSaved, Saved};
use crate::session::seat::Analysis;
use ratatui::crossterm::event::{KeyEvent, MouseEvent};
use std::sync::Arc;
use std::sync::mpsc::Sender;

#[derive(Clone, Debug)]
pub enum AppEvent {
    Key(KeyEvent),
    Mouse(MouseEvent),
    Resize(u16, u16),
    /// A background job's result, for the position or request of its version.
    Job(Done<Output>),
    /// SIGTERM, SIGHUP or SIGINT: restore the terminal and leave.
    Signal(i32),
}

/// What each kind of job brings back.
#[derive(Clone, Debug)]
pub enum Output {
    /// An AI seat's decision, played (typed from the search to the session).
    Ai(Box<Decided>),
    /// The analysis of a position (the panel's and the hint's).
    Analysis(Analysis),
    /// A decision worked out off the UI thread: played, or why not.
    Played { decided: Box<Decided> },
    /// A record or the saved-games list loaded off the UI thread.
    Loaded(Result<LoadResult, Arc<LoadFault>>),
    /// News of the game review started in the replay viewer.
    Review(ReviewUpdate),
    /// A save done off the UI thread.
    Saved(Box<Saved>),
    /// A finished game counted in the statistics off the UI thread.
    Counted(Box<Counted>),
    /// A lesson or puzzle solved, its progress saved off the UI thread.
    Progress(Box<ProgressSaved>),
}

/// Where a job of one kind posts: the app's channel, as `AppEvent::Job`.
pub fn post<T: 'static>(tx: &Sender<AppEvent>, kind: fn(T) -> Output) -> Post<T> {
    let tx = tx.clone();
    Post::new(move |done: Done<T>| {
        let _ = tx.send(AppEvent::Job(Done {
            version: done.version,
            output: kind(done.output),
        }));
    })
}
