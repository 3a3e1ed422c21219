//! What the line mode keeps on disk, as the client keeps it: saves that
//! fail, the data folder, finished and busy records.

use super::*;

/// The line mode run with files limited to `max_bytes` (the disk refuses
/// a longer write, as a full one does: "File too large").
fn run_on_a_full_disk(dir: &Path, args: &[&str], input: &str, max_bytes: u64) -> Run {
    use std::os::unix::process::CommandExt;
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_masai-mancala"));
    cmd.args(args)
        .env("XDG_DATA_HOME", dir.join("data"))
        .env("XDG_CONFIG_HOME", dir.join("config"))
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    // SAFETY: only async-signal-safe calls between fork and exec.
    unsafe {
        cmd.pre_exec(move || {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
            let limit = libc::rlimit {
                rlim_cur: max_bytes,
                rlim_max: max_bytes,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let mut child = cmd.spawn().expect("the program runs");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input.as_bytes()).unwrap();
    drop(stdin);
    let out = child.wait_with_output().expect("it ends");
    Run {
        out: String::from_utf8(out.stdout).expect("UTF-8 out"),
        err: String::from_utf8(out.stderr).expect("UTF-8 err"),
        code: out.status.code().unwrap_or(-1),
        dir: dir.to_path_buf(),
        _temp: None,
    }
    .unwrapped()
}

/// A save the disk refuses is said where and why, and fails the command
/// with status 1 and the client's words (`tests/saving.rs`): a full disk,
/// a folder that takes no file, a device refused before the game.
#[test]
fn a_save_that_fails_is_said_and_ends_with_status_1_as_in_the_client() {
    let dir = temp_dir();
    let save = dir.join("mine.json");
    let game = ["enkeshui", "--plain", "--race", "off", "--save"];
    let r = run_on_a_full_disk(
        &dir,
        &args(&game, &[save.to_str().unwrap(), "--north", "human"]),
        "8\nquit\n",
        64,
    );
    let why = format!("{}: cannot save: File too large", save.display());
    assert_eq!(r.code, 1, "{}\n{}", r.out, r.err);
    // Said once when it fails, and again as the last line (wrapped at 80).
    let flat = r.out.replace('\n', " ");
    assert!(
        flat.contains(&format!(" Not saved: {why} South to move")),
        "{}",
        r.out
    );
    assert!(
        flat.trim_end().ends_with(&format!(". Not saved: {why}")),
        "{}",
        r.out
    );
    assert_eq!(
        r.err,
        format!("error: the game could not be saved: {why}\n")
    );
    assert!(!save.exists());
    // Where no file can be made.
    let r = run_in(
        &dir,
        &args(&game, &["/proc/self/game.json", "--north", "human"]),
        "quit\n",
    );
    assert_eq!(r.code, 1, "{}", r.out);
    assert!(
        r.err
            .starts_with("error: the game could not be saved: /proc/self/game.json: cannot save:"),
        "{}",
        r.err
    );
    // A device is never saved over: refused before the game, in both.
    let r = run_in(&dir, &args(&game, &["/dev/full"]), "");
    assert_eq!(r.code, 1);
    assert_eq!(
        r.err,
        "error: /dev/full: is a character device, not a record: not replacing it (not even with --force)\n"
    );
    assert!(r.out.is_empty(), "{}", r.out);
}

/// No data folder: the line names the variable at fault and the folder,
/// and the command fails as the client's exit does.
#[test]
fn no_data_folder_names_the_variable_at_fault_and_fails_the_exit() {
    let dir = temp_dir();
    let not_a_folder = dir.join("file");
    std::fs::write(&not_a_folder, "").unwrap();
    let run_env = |env: &[(&str, &Path)], unset: &[&str]| {
        let mut cmd = Command::new(env!("CARGO_BIN_EXE_masai-mancala"));
        cmd.args(["enkeshui", "--plain", "--race", "off", "--north", "human"])
            .env("XDG_CONFIG_HOME", dir.join("config"))
            .current_dir(&dir)
            .stdin(Stdio::null());
        for (k, v) in env {
            cmd.env(k, v);
        }
        for k in unset {
            cmd.env_remove(k);
        }
        let out = cmd.output().unwrap();
        (
            out.status.code(),
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    };
    let why = format!(
        "cannot create the data folder {}/masai-mancala (set by XDG_DATA_HOME): Not a directory",
        not_a_folder.display()
    );
    let (code, out, err) = run_env(&[("XDG_DATA_HOME", &not_a_folder), ("HOME", &dir)], &[]);
    assert_eq!(code, Some(1), "{out}");
    let flat = unwrap_dir(&out, &dir).replace('\n', " ");
    assert!(
        flat.contains(&format!(" use. Not saved: {why} South moves first.")),
        "{out}"
    );
    assert!(
        flat.trim_end().ends_with(&format!(" Not saved: {why}")),
        "{out}"
    );
    assert!(!out.contains("set HOME"), "{out}");
    assert_eq!(err, format!("error: the game could not be saved: {why}\n"));
    // A relative XDG_DATA_HOME is ignored: with no HOME, it is named.
    let (code, out, err) = run_env(&[("XDG_DATA_HOME", Path::new("rel"))], &["HOME"]);
    let why = "no data folder: XDG_DATA_HOME is not an absolute path (rel), and HOME is not set";
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.replace('\n', " ")
            .contains(&format!(" Not saved: {why} ")),
        "{out}"
    );
    assert_eq!(err, format!("error: the game could not be saved: {why}\n"));
}

/// A finished game against the AI resumed in lines is refused in the
/// client's words: never counted again, never written again.
#[test]
fn a_finished_record_is_refused_as_the_client_refuses_it_and_left_alone() {
    let dir = temp_dir();
    let save = dir.join("done.json");
    let mut input = String::new();
    for _ in 0..300 {
        for h in ["1", "2", "3", "4", "5", "6", "7", "8", "cw"] {
            input.push_str(h);
            input.push('\n');
        }
    }
    let r = run_in(
        &dir,
        &[
            "enkeshui",
            "--plain",
            "--race",
            "off",
            "--north",
            "ai:easy",
            "--save",
            save.to_str().unwrap(),
        ],
        &input,
    );
    assert_eq!(r.code, 0, "{}", r.err);
    assert!(r.out.contains("\nGame over: "), "{}", r.out);
    let stats = dir.join("data/masai-mancala/stats.json");
    let counted = std::fs::read(&stats).expect("the game was counted");
    let record = std::fs::read(&save).unwrap();
    for input in ["", "undo\n1\nquit\n"] {
        let r = run_any(&dir, &["resume", "--plain", save.to_str().unwrap()], input);
        assert_eq!(r.code, 1, "{}", r.out);
        assert_eq!(
            r.err,
            format!(
                "error: {}: the game is over (`replay` shows it)\n",
                save.display()
            )
        );
        assert!(r.out.is_empty(), "{}", r.out);
        assert_eq!(std::fs::read(&stats).unwrap(), counted, "counted again");
        assert_eq!(std::fs::read(&save).unwrap(), record, "written again");
    }
}
