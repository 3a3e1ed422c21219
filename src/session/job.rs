//! Background jobs: the one way the client works off the UI thread. An AI
//! seat's decision, the analysis behind the panel and the hint, a decision's
//! sowing (deciding whether it ever ends can take seconds), loading a record,
//! the game review and a save are each a job:
//!
//! - made for a version: of the position it is about, or of the request;
//! - cancelled when the UI drops its handle (a silent job then posts nothing);
//! - answered once, as one kind of event on the app's channel, unless the UI
//!   chose to wait a moment for a quick answer and got it there and then.
//!
//! The app takes a result only if the handle it keeps has the result's
//! version: one staleness check for every kind of work. This module knows
//! nothing of the app: `Post` is how a result becomes the app's event.

use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// How long the UI waits for a quick answer before it comes as an event.
pub const WAIT: Duration = Duration::from_millis(40);

/// A new version, unique across games: positions and requests take one
/// each, so a result for an earlier one never matches a later one.
pub fn next_version() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(1);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// What a job shares with its handle: a cancel flag and how far it has got.
#[derive(Debug, Default)]
pub struct Progress {
    cancel: Arc<AtomicBool>,
    laps: AtomicU64,
    done: AtomicU64,
}

impl Progress {
    pub fn cancelled(&self) -> bool {
        self.cancel.load(Ordering::Relaxed)
    }

    /// The cancel flag, for the searches that take one.
    pub fn cancel_flag(&self) -> Arc<AtomicBool> {
        self.cancel.clone()
    }

    /// Laps checked so far (the sowing being decided).
    pub fn laps(&self) -> u64 {
        self.laps.load(Ordering::Relaxed)
    }

    /// Steps done so far (files read, decisions replayed).
    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    /// The engine's progress callback: records the laps, says whether to go on.
    pub fn lap_report(&self, laps: u64) -> bool {
        self.laps.store(laps, Ordering::Relaxed);
        !self.cancelled()
    }

    pub fn step_done(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
        self.laps.store(0, Ordering::Relaxed);
    }

    /// Waits until `since + pause` (an answer shown too soon looks like a
    /// flash): false when the job was cancelled meanwhile.
    pub fn pause(&self, since: Instant, pause: Duration) -> bool {
        while since.elapsed() < pause && !self.cancelled() {
            let left = pause.saturating_sub(since.elapsed());
            std::thread::sleep(Duration::from_millis(10).min(left));
        }
        !self.cancelled()
    }

    fn cancel(&self) {
        self.cancel.store(true, Ordering::Relaxed);
    }
}

/// A job's result (or news before it), for the request of `version`.
#[derive(Clone, Debug, PartialEq)]
pub struct Done<O> {
    pub version: u64,
    pub output: O,
}

/// Where a job's results go: the app's loop, as its one kind of job event.
pub struct Post<T>(Arc<dyn Fn(Done<T>) + Send + Sync>);

impl<T> Post<T> {
    pub fn new(f: impl Fn(Done<T>) + Send + Sync + 'static) -> Post<T> {
        Post(Arc::new(f))
    }
}

impl<T> Clone for Post<T> {
    fn clone(&self) -> Self {
        Post(self.0.clone())
    }
}

impl<T> fmt::Debug for Post<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Post")
    }
}

/// What a job cancelled before it answered does with its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnCancel {
    /// Posts nothing (the usual case: nobody wants it any more).
    Silent,
    /// Posts it all the same (a sowing's answer says it was cancelled).
    Tell,
}

/// The UI's handle on a job: dropping it cancels the work.
#[derive(Debug)]
pub struct Job {
    version: u64,
    progress: Arc<Progress>,
    /// Let go of: the work runs to its end (saves).
    detached: bool,
}

impl Job {
    /// The version of the position or request the job is for.
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Is this result the answer of this job (not of an earlier one)?
    pub fn answers<O>(&self, done: &Done<O>) -> bool {
        done.version == self.version
    }

    pub fn laps(&self) -> u64 {
        self.progress.laps()
    }

    pub fn done(&self) -> u64 {
        self.progress.done()
    }

    /// Lets the work run to its end without a handle (nothing cancels it).
    pub fn detach(mut self) {
        self.detached = true;
    }
}

impl Drop for Job {
    fn drop(&mut self) {
        if !self.detached {
            self.progress.cancel();
        }
    }
}

struct Slot<T> {
    result: Option<T>,
    /// The UI stopped waiting (or never did): the answer is posted.
    abandoned: bool,
}

struct Shared<T> {
    slot: Mutex<Slot<T>>,
    ready: Condvar,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// The job's side: its progress, and how its answer gets back.
pub struct Reply<T> {
    version: u64,
    progress: Arc<Progress>,
    shared: Arc<Shared<T>>,
    post: Post<T>,
    on_cancel: OnCancel,
}

impl<T> Reply<T> {
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    fn silenced(&self) -> bool {
        self.on_cancel == OnCancel::Silent && self.progress.cancelled()
    }

    /// News before the answer (the review's progress): always posted,
    /// never waited for; nothing once a silent job is cancelled.
    pub fn news(&self, output: T) {
        if !self.silenced() {
            (self.post.0)(Done {
                version: self.version,
                output,
            });
        }
    }

    /// The answer: handed to the UI if it is still waiting for it, else
    /// posted (decided under the slot's lock: never both, never neither).
    /// A reply dropped unanswered posts nothing.
    pub fn answer(self, output: T) {
        let mut slot = lock(&self.shared.slot);
        if !slot.abandoned {
            slot.result = Some(output);
            self.shared.ready.notify_one();
            return;
        }
        drop(slot);
        if !self.silenced() {
            (self.post.0)(Done {
                version: self.version,
                output,
            });
        }
    }
}

/// A job started: its answer at once (it came within the wait), or its handle.
#[derive(Debug)]
pub enum Started<T> {
    Done(T),
    Running(Job),
}

/// A job to start: for `version`, its answer posted through `post`.
#[derive(Debug)]
pub struct Spawn<T> {
    version: u64,
    post: Post<T>,
    wait: Duration,
    on_cancel: OnCancel,
}

impl<T: Send + 'static> Spawn<T> {
    /// A job for `version`, posted (never waited for), silent once cancelled.
    pub fn new(version: u64, post: Post<T>) -> Spawn<T> {
        Spawn {
            version,
            post,
            wait: Duration::ZERO,
            on_cancel: OnCancel::Silent,
        }
    }

    /// Waits up to `wait` for the answer: a quick one is returned, not posted.
    pub fn wait(mut self, wait: Duration) -> Spawn<T> {
        self.wait = wait;
        self
    }

    pub fn on_cancel(mut self, on_cancel: OnCancel) -> Spawn<T> {
        self.on_cancel = on_cancel;
        self
    }

    /// Runs `work` on a thread; its result is the answer.
    pub fn run(self, work: impl FnOnce(&Progress) -> T + Send + 'static) -> Started<T> {
        self.run_with(move |reply| {
            let output = work(reply.progress());
            reply.answer(output);
        })
    }

    /// Runs `work` on a thread, never waited for: its handle.
    pub fn spawn(self, work: impl FnOnce(&Progress) -> T + Send + 'static) -> Job {
        self.spawn_with(move |reply| {
            let output = work(reply.progress());
            reply.answer(output);
        })
    }

    /// Runs `body` on a thread, never waited for: its handle.
    pub fn spawn_with(self, body: impl FnOnce(Reply<T>) + Send + 'static) -> Job {
        self.wait(Duration::ZERO).launch(body).0
    }

    /// Runs `body` on a thread; it answers (or not) through its `Reply`.
    pub fn run_with(self, body: impl FnOnce(Reply<T>) + Send + 'static) -> Started<T> {
        let wait = self.wait;
        let (job, shared) = self.launch(body);
        if wait.is_zero() {
            return Started::Running(job);
        }
        let slot = lock(&shared.slot);
        let (mut slot, _) = shared
            .ready
            .wait_timeout_while(slot, wait, |s| s.result.is_none())
            .unwrap_or_else(|e| e.into_inner());
        match slot.result.take() {
            Some(result) => Started::Done(result),
            None => {
                slot.abandoned = true;
                Started::Running(job)
            }
        }
    }

    fn launch(self, body: impl FnOnce(Reply<T>) + Send + 'static) -> (Job, Arc<Shared<T>>) {
        let progress = Arc::new(Progress::default());
        let shared = Arc::new(Shared {
            slot: Mutex::new(Slot {
                result: None,
                abandoned: self.wait.is_zero(),
            }),
            ready: Condvar::new(),
        });
        let reply = Reply {
            version: self.version,
            progress: progress.clone(),
            shared: shared.clone(),
            post: self.post,
            on_cancel: self.on_cancel,
        };
        std::thread::spawn(move || body(reply));
        let job = Job {
            version: self.version,
            progress,
            detached: false,
        };
        (job, shared)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::mpsc::{Receiver, channel};

    fn posted<T: Send + 'static>() -> (Post<T>, Receiver<Done<T>>) {
        let (tx, rx) = channel();
        (
            Post::new(move |d| {
                let _ = tx.send(d);
            }),
            rx,
        )
    }

    /// Work that runs until cancelled (at most 10 s), then says how it ended.
    fn until_cancelled(p: &Progress) -> &'static str {
        let t = Instant::now();
        while !p.cancelled() {
            assert!(t.elapsed() < Duration::from_secs(10), "never cancelled");
            std::thread::sleep(Duration::from_millis(1));
        }
        "cancelled"
    }

    #[test]
    fn a_dropped_handle_cancels_the_work_and_nothing_is_posted() {
        let (post, rx) = posted();
        let (stopped_tx, stopped) = channel();
        let started = Spawn::new(7, post).run(move |p| {
            let out = until_cancelled(p);
            stopped_tx.send(()).unwrap();
            out
        });
        let Started::Running(job) = started else {
            panic!("a job never waited for runs on")
        };
        assert_eq!(job.version(), 7);
        drop(job);
        stopped
            .recv_timeout(Duration::from_secs(10))
            .expect("the work saw the cancel and stopped");
        assert!(
            rx.recv_timeout(Duration::from_millis(200)).is_err(),
            "a cancelled job posts nothing"
        );
    }

    #[test]
    fn a_job_that_tells_its_cancel_posts_its_answer_with_its_version() {
        let (post, rx) = posted();
        let started = Spawn::new(9, post)
            .on_cancel(OnCancel::Tell)
            .run(until_cancelled);
        drop(started);
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok(Done {
                version: 9,
                output: "cancelled"
            })
        );
    }

    #[test]
    fn a_kept_handle_gets_its_answer_posted_with_its_version() {
        let (post, rx) = posted();
        let Started::Running(job) = Spawn::new(11, post).run(|_| 5) else {
            panic!("never waited for")
        };
        let done = rx.recv_timeout(Duration::from_secs(10)).expect("posted");
        assert_eq!(
            done,
            Done {
                version: 11,
                output: 5
            }
        );
        assert!(job.answers(&done));
        assert!(!job.answers(&Done {
            version: 10,
            output: 5
        }));
    }

    #[test]
    fn the_quick_answer_comes_back_directly_and_is_not_posted() {
        let (post, rx) = posted();
        let started = Spawn::new(1, post).wait(Duration::from_secs(10)).run(|_| 8);
        assert!(matches!(started, Started::Done(8)), "{started:?}");
        assert!(
            rx.recv_timeout(Duration::from_millis(200)).is_err(),
            "not posted too"
        );
    }

    #[test]
    fn work_past_the_wait_is_posted_and_the_handle_kept() {
        let (post, rx) = posted();
        let started = Spawn::new(2, post)
            .wait(Duration::from_millis(20))
            .run(|_| {
                std::thread::sleep(Duration::from_millis(300));
                7
            });
        let Started::Running(job) = started else {
            panic!("the UI did not wait for it")
        };
        assert_eq!(
            rx.recv_timeout(Duration::from_secs(10)),
            Ok(Done {
                version: 2,
                output: 7
            })
        );
        drop(job);
    }

    #[test]
    fn a_detached_job_runs_to_its_end() {
        let (post, rx) = posted();
        let Started::Running(job) = Spawn::new(3, post).run(|p| {
            std::thread::sleep(Duration::from_millis(50));
            p.cancelled()
        }) else {
            panic!("never waited for")
        };
        job.detach();
        let done = rx.recv_timeout(Duration::from_secs(10)).expect("posted");
        assert!(!done.output, "not cancelled");
    }

    #[test]
    fn news_is_posted_before_the_answer_and_an_unanswered_reply_posts_nothing() {
        let (post, rx) = posted();
        let started = Spawn::new(4, post).run_with(|reply| {
            reply.news(1);
            reply.news(2);
            drop(reply);
        });
        let outs: Vec<i32> = rx.iter().map(|d| d.output).collect();
        assert_eq!(outs, [1, 2]);
        drop(started);
    }

    #[test]
    fn the_pause_holds_the_answer_until_due_or_cancelled() {
        let p = Progress::default();
        let t = Instant::now();
        assert!(p.pause(t, Duration::from_millis(50)));
        assert!(t.elapsed() >= Duration::from_millis(50));
        p.cancel();
        let t = Instant::now();
        assert!(!p.pause(t, Duration::from_secs(10)));
        // Below the 10 s it would wait, with a loaded machine's slack.
        assert!(t.elapsed() < Duration::from_secs(9));
    }
}
