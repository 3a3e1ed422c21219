//! Where a save writes: through a symbolic link, never over a read-only
//! record.

use super::*;

/// Issue 40: a save follows a symbolic link (the link stays, its file gets
/// the record) and refuses a read-only record in words, leaving it as it is.
#[test]
fn saves_follow_links_and_leave_read_only_records_alone() {
    use std::os::unix::fs::PermissionsExt;
    let dir = temp_dir("links-read-only");
    std::fs::create_dir(dir.join("kept")).unwrap();
    let target = dir.join("kept").join("game.json");
    let link = dir.join("game.json");
    let first = single(8, false, 1, 10);
    file::save(&target, &first, false).unwrap();
    std::os::unix::fs::symlink("kept/game.json", &link).unwrap();
    let second = single(8, false, 2, 10);
    file::save(&link, &second, false).unwrap();
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink(),
        "the link was replaced by a file"
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), second.to_text());
    // The statistics and the lessons' progress are written the same way.
    file::write_atomic(&link, b"{}", || Ok(())).unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "{}");
    // Read-only: refused, whether named or reached through the link.
    file::save(&target, &first, true).unwrap();
    std::fs::set_permissions(&target, std::fs::Permissions::from_mode(0o444)).unwrap();
    for path in [&target, &link] {
        for force in [false, true] {
            assert_eq!(
                file::save(path, &second, force).unwrap_err().to_string(),
                format!(
                    "{}: the file is read-only: not saving over it (chmod u+w lets it be saved)",
                    path.display()
                )
            );
        }
        assert_eq!(
            file::write_atomic(path, b"{}", || Ok(()))
                .unwrap_err()
                .to_string(),
            "the file is read-only: not saving over it (chmod u+w lets it be saved)"
        );
    }
    assert_eq!(std::fs::read_to_string(&target).unwrap(), first.to_text());
    // The binary refuses it before the game starts: status 1.
    let out = Command::new(BIN)
        .args(["enkeshui", "--plain", "--save"])
        .arg(&target)
        .stdin(std::process::Stdio::null())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: the file is read-only: not saving over it (chmod u+w lets it be saved)\n",
            target.display()
        )
    );
    assert_eq!(std::fs::read_to_string(&target).unwrap(), first.to_text());
}

/// Issue 40: a record over 4 MiB (a real game's is a few kilobytes) is
/// refused before it is read, with its size; one just under loads.
#[test]
fn a_record_over_4_mib_is_refused_with_its_size() {
    let dir = temp_dir("too-large");
    let record = single(8, false, 3, 10).to_text();
    let path = dir.join("padded.json");
    let max = 4 << 20;
    // Trailing blanks are valid JSON: the size alone decides.
    let padded = |len: usize| format!("{record}{}", " ".repeat(len - record.len()));
    std::fs::write(&path, padded(max)).unwrap();
    file::load(&path).unwrap();
    std::fs::write(&path, padded(max + 1)).unwrap();
    assert_eq!(
        file::load(&path).unwrap_err().to_string(),
        format!(
            "{}: 4194305 bytes: too large for a record (at most 4194304)",
            path.display()
        )
    );
    let out = Command::new(BIN)
        .args(["replay", "--check"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "error: {}: 4194305 bytes: too large for a record (at most 4194304)\n",
            path.display()
        )
    );
}
