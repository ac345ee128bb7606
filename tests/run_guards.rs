//! The run's guards of issue 17: one run at a time (a lock in the event folder), `--out`
//! inside the event folder refused, event.toml values beyond any event refused with key and
//! line. Each exits 2 naming what is wrong and changes nothing.

mod util;

use std::fs;
use std::path::Path;

fn run(folder: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let mut args = vec!["run", folder.to_str().expect("utf-8"), "--json"];
    args.extend_from_slice(extra);
    let out = util::bianpai(&args);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_second_run_exits_2_naming_the_lock_and_a_stale_lock_is_taken_over() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    let lock = folder.join(".bianpai.lock");
    // A live process holds it: this test's own.
    fs::write(&lock, format!("{}\n", std::process::id())).expect("lock");
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(".bianpai.lock"), "{err}");
    assert!(
        err.contains(&format!("进程 {}", std::process::id())),
        "{err}"
    );
    assert!(!folder.join("out").exists());
    // A run that was killed: its process is gone.
    fs::write(&lock, "999999999\n").expect("stale lock");
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert!(!lock.exists(), "the lock is released");
}

#[test]
fn out_inside_the_event_folder_is_refused() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    let inside = folder.join("结果输出");
    let (code, err) = run(&folder, &["--out", inside.to_str().expect("utf-8")]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains("输出文件夹在活动文件夹内"), "{err}");
    assert!(!inside.exists());
    // <dir>/out given explicitly is the default, and fine.
    let out = folder.join("out");
    let (code, err) = run(&folder, &["--out", out.to_str().expect("utf-8")]);
    assert_eq!(code, Some(1), "{err}");
}

#[test]
fn event_toml_values_beyond_any_event_name_key_and_line() {
    for (from, to, key) in [
        ("\"BH:MP/C1\"", "\"XYZ\"", "tiebreaks[0].order[4]"),
        ("rounds = 9", "rounds = 1000000000", "stages[0].rounds"),
        ("promoted = 2", "promoted = 100", "ranking.promoted"),
    ] {
        let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
        let path = folder.join("event.toml");
        let text = fs::read_to_string(&path).expect("event.toml");
        assert!(text.contains(from), "{from}");
        let edited = text.replacen(from, to, 1);
        fs::write(&path, &edited).expect("write");
        let line = edited
            .lines()
            .position(|l| l.contains(to.split(", ").last().unwrap_or(to)))
            .map(|i| i + 1)
            .expect("edited line");
        let (code, err) = run(&folder, &[]);
        assert_eq!(code, Some(2), "{key}: {err}");
        assert!(err.contains(key), "{key}: {err}");
        assert!(err.contains(&line.to_string()), "{key} line {line}: {err}");
    }
}

#[test]
fn files_the_organizer_keeps_in_out_survive_reruns() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(1), "{err}");
    let out = folder.join("out");
    fs::write(out.join("备注.txt"), b"organizer's notes").expect("notes");
    fs::write(out.join("standings-checked.xlsx"), b"checked copy").expect("copy");
    for _ in 0..2 {
        let (code, err) = run(&folder, &[]);
        assert_eq!(code, Some(1), "{err}");
    }
    assert_eq!(
        fs::read(out.join("备注.txt")).expect("notes"),
        b"organizer's notes"
    );
    assert_eq!(
        fs::read(out.join("standings-checked.xlsx")).expect("copy"),
        b"checked copy"
    );
    assert!(!out.join("previous/备注.txt").exists());
    assert!(out.join("previous/roster.xlsx").is_file());
    let manifest = fs::read_to_string(out.join(".bianpai-manifest")).expect("manifest");
    assert!(manifest.lines().any(|l| l == "roster.xlsx"), "{manifest}");
    assert!(!manifest.contains("备注"), "{manifest}");
}
