//! `masai-mancala bench-render`: how long the client takes to draw.

use super::error::ClientError;
use super::event::AppEvent;
use super::state::{App, AppView};
use super::view::board::{HoleView, RowView, TwoRowBoard, TwoRowModel};
use super::view::theme::{Mark, Theme};
use crate::cli::{Cli, Command};
use crate::engine::Side;
use crate::session::setup::Setup;
use clap::Parser;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use std::sync::mpsc::channel;
use std::time::Instant;

/// A 2x50 view model with 3-digit counts, bulls and marks.
pub fn model_2x50() -> TwoRowModel {
    let row = |side: Side, salt: u32| RowView {
        side,
        holes: (0..50u32)
            .map(|k| HoleView {
                count: (k * 37 + salt) % 130,
                bull: None,
                closed: false,
                mark: if k % 7 == 0 { Mark::Path } else { Mark::None },
            })
            .collect(),
    };
    TwoRowModel {
        top: row(Side::North, 3),
        bottom: row(Side::South, 11),
        cursor: Some((super::view::board::Row::Bottom, 17)),
    }
}

/// Prints the measurements. `process_start` is when main began.
pub fn run(frames: u32, process_start: Instant) -> Result<(), ClientError> {
    // Time to first frame: parse the command line, set up a 2x12 game with
    // its race decided at once, and draw the first frame into an 80x24 buffer.
    let t0 = Instant::now();
    let cli = Cli::try_parse_from([
        "masai-mancala",
        "enkeshui",
        "--holes",
        "12",
        "--race",
        "quick",
    ])?;
    let Some(Command::Enkeshui(args)) = cli.command else {
        return Err(ClientError::BenchCommand);
    };
    let (tx, _rx) = channel();
    let setup = Setup::try_from(&args)?;
    let mut app = App::with_game(tx, setup, args.client, Theme::default(), Instant::now());
    // A test backend never fails.
    let Ok(mut term) = Terminal::new(TestBackend::new(80, 24));
    app.handle(AppEvent::Resize(80, 24), Instant::now());
    let Ok(()) = super::draw(&mut term, &app);
    let first = t0.elapsed();
    let since_start = process_start.elapsed();
    // A 2x50 board alone, and the whole play screen, at 80x24.
    let model = model_2x50();
    let mut buf = ratatui::buffer::Buffer::empty(ratatui::layout::Rect::new(0, 0, 80, 24));
    let t = Instant::now();
    for _ in 0..frames {
        buf.reset();
        ratatui::widgets::Widget::render(
            TwoRowBoard {
                model: &model,
                theme: Theme::default(),
            },
            buf.area,
            &mut buf,
        );
    }
    let per_board = t.elapsed() / frames.max(1);
    let t = Instant::now();
    for _ in 0..frames {
        let Ok(_) = term.draw(|f| f.render_widget(AppView(&app), f.area()));
    }
    let per_screen = t.elapsed() / frames.max(1);
    println!("time to first frame (setup + first draw, 2x12, 80x24): {first:?}");
    println!("time to first frame from process start: {since_start:?}");
    println!("2x50 board widget, one frame at 80x24: {per_board:?} (mean of {frames})");
    println!(
        "whole play screen 2x12 incl. terminal diff, one frame: {per_screen:?} (mean of {frames})"
    );
    Ok(())
}
