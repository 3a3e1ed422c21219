//! Sowings worked out off the screen: slow and endless ones arrive as events,
//! the screen stays live, and u or Esc takes one back.

use super::*;

#[test]
fn a_slow_sowing_is_worked_out_off_the_screen_and_arrives_as_an_event() {
    let (mut app, rx) = start("bao --north human --instant");
    // Never wait: every decision comes back through the event channel.
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "3");
    let before = screen(&mut app);
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "Working out the sowing of i3...");
    assert_eq!(
        trimmed(&s, 2, 11),
        trimmed(&before, 2, 11),
        "the board waits"
    );
    // Input stays live: another Enter is refused, the help opens and closes.
    key(&mut app, KeyCode::Enter);
    assert_eq!(
        app.status(),
        "Still working out the sowing of i3: wait, or u or Esc takes it back"
    );
    keys(&mut app, "?");
    assert!(app.help_scroll().is_some());
    key(&mut app, KeyCode::Esc);
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    let s = screen(&mut app);
    assert_eq!(trimmed(&s, 2, 11), BAO_AFTER_I3);
    // The legal decisions came with it: the cursor is on North's first.
    let p = app.play().unwrap();
    assert_eq!(p.legal().unwrap(), &p.game().legal_tokens());
    // North sows, then undoes before the answer: the late answer is dropped.
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().working().is_some());
    keys(&mut app, "u");
    assert!(app.play().unwrap().working().is_none());
    let ev = rx
        .recv_timeout(Duration::from_secs(10))
        .expect("the late answer");
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    assert!(
        !app.handle(ev, Instant::now()),
        "a stale answer changes nothing"
    );
    // Only North's sowing (his i1) was taken back; u again undoes South's i3.
    assert_eq!(app.play().unwrap().moves().len(), 1);
    assert_eq!(
        app.status(),
        "Took back the sowing of i1: pick a hole and press Enter"
    );
    keys(&mut app, "u");
    assert_eq!(app.play().unwrap().moves().len(), 0);
    // A refused decision comes back the same way, with the engine's reason.
    keys(&mut app, "8");
    key(&mut app, KeyCode::Down);
    key(&mut app, KeyCode::Enter);
    next_event(&mut app, &rx);
    assert_eq!(app.status(), "o8: hole o8 is empty");
    assert!(app.status_error());
    // Quitting works while a sowing is worked out.
    keys(&mut app, "3");
    key(&mut app, KeyCode::Up);
    key(&mut app, KeyCode::Enter);
    keys(&mut app, "q");
    assert!(app.confirming_quit());
    keys(&mut app, "y");
    assert!(app.quitting());
}

#[test]
fn work_past_the_wait_is_posted_and_quick_work_is_returned() {
    use masai_mancala::session::job::Post;
    use masai_mancala::session::job::Spawn;
    use masai_mancala::session::job::Started;
    let (tx, rx) = channel();
    let post = Post::new(move |d: Done<i32>| tx.send(d.output).unwrap());
    let slow = Spawn::new(1, post)
        .wait(Duration::from_millis(20))
        .run(|_| {
            std::thread::sleep(Duration::from_millis(300));
            7
        });
    assert!(
        matches!(slow, Started::Running(_)),
        "the UI did not wait for it"
    );
    assert_eq!(rx.recv_timeout(Duration::from_secs(10)), Ok(7));
    let (tx, rx) = channel::<i32>();
    let post = Post::new(move |d: Done<i32>| tx.send(d.output).unwrap());
    let quick = Spawn::new(2, post).wait(Duration::from_secs(10)).run(|_| 8);
    assert!(matches!(quick, Started::Done(8)), "{quick:?}");
    assert!(
        rx.recv_timeout(Duration::from_millis(200)).is_err(),
        "not posted too"
    );
}

#[test]
fn an_endless_en_gehe_sowing_is_worked_out_while_the_screen_goes_on() {
    // RULES.md: 2x8 after 7 1 2 5, South's hole 6 repeats every 5,589,754
    // laps. Deciding it takes tens of milliseconds, close to the UI's wait, so
    // the screen is told not to wait at all: the answer must come as an event.
    let (mut app, rx) = start("en-gehe --holes 8 --north human --instant");
    for k in ["7", "1", "2", "5"] {
        keys(&mut app, k);
        key(&mut app, KeyCode::Enter);
    }
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "6");
    key(&mut app, KeyCode::Enter);
    let s = screen(&mut app);
    assert_eq!(s[22], "Working out the sowing of 6...");
    let ev = next_event(&mut app, &rx);
    assert!(matches!(output(&ev), Some(Output::Played { .. })), "{ev:?}");
    assert_eq!(
        app.status(),
        "6: sowing hole 6 would never end (it repeats every 5589754 laps)"
    );
    assert!(app.status_error());
    assert_eq!(app.play().unwrap().moves().len(), 4);
}

#[test]
fn a_long_sowing_is_taken_back_with_u_or_esc_and_another_hole_sown() {
    // South's 7 relays for 366,567,028 laps before its state repeats (docs/RULES.md).
    let study = fixture("long-sowing-study.json");
    let study = study.to_str().unwrap();
    let (mut app, rx) = start(&format!(
        "en-gehe --position '{study}' --north human --instant"
    ));
    app.set_work_wait(Duration::ZERO);
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert_eq!(app.status(), "Working out the sowing of 7...");
    // The status line counts the laps checked so far.
    let t = Instant::now();
    while !app
        .status()
        .ends_with(" laps checked (u or Esc takes it back)")
    {
        assert!(t.elapsed() < Duration::from_secs(60), "{}", app.status());
        std::thread::sleep(Duration::from_millis(50));
        app.tick(Instant::now() + Duration::from_secs(1));
    }
    let laps = app
        .status()
        .strip_prefix("Working out the sowing of 7: ")
        .and_then(|l| l.strip_suffix(" laps checked (u or Esc takes it back)"))
        .expect("the progress line");
    assert!(laps.replace(',', "").parse::<u64>().unwrap() > 0, "{laps}");
    let s = screen(&mut app);
    assert_eq!(s[22], app.status());
    key(&mut app, KeyCode::Enter);
    assert!(
        app.status()
            .starts_with("Still working out the sowing of 7 (")
            && app
                .status()
                .ends_with(" laps checked): wait, or u or Esc takes it back"),
        "{}",
        app.status()
    );
    // Before the fix: "Nothing to undo", and the sowing went on being worked out.
    keys(&mut app, "u");
    assert_eq!(
        app.status(),
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    assert!(app.play().unwrap().working().is_none());
    let s = screen(&mut app);
    assert_eq!(
        s[22],
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    keys(&mut app, "7");
    key(&mut app, KeyCode::Enter);
    assert!(app.play().unwrap().working().is_some());
    key(&mut app, KeyCode::Esc);
    assert_eq!(
        app.status(),
        "Took back the sowing of 7: pick a hole and press Enter"
    );
    // Another hole is sown. The two sowings of 7 were cancelled: their
    // answers say so, whenever they come, and change nothing.
    keys(&mut app, "2");
    key(&mut app, KeyCode::Enter);
    let mut cancelled = 0;
    while cancelled < 2 || app.play().unwrap().moves().is_empty() {
        let ev = rx
            .recv_timeout(Duration::from_secs(120))
            .expect("the background work answers");
        if let AppEvent::Job(Done {
            output: Output::Played { ref decided },
            ..
        }) = ev
            && decided.decision.as_ref().map(ToString::to_string) == Ok("7".to_string())
        {
            assert_eq!(
                decided.result.as_ref().err(),
                Some(&masai_mancala::session::work::PlayError::Cancelled)
            );
            assert!(!app.handle(ev, Instant::now()));
            cancelled += 1;
        } else {
            app.handle(ev, Instant::now());
        }
    }
    let p = app.play().unwrap();
    let moves: Vec<&str> = p.moves().iter().map(|m| m.token.as_str()).collect();
    assert_eq!(moves, ["2"]);
    assert_eq!(
        p.log().last().unwrap(),
        "South sowed 2, relayed 7 laps and ended in the empty North 4"
    );
    assert_eq!(app.status(), "North to move: pick a hole and press Enter");
    assert_eq!(app.play().unwrap().moves().len(), 1);
}
