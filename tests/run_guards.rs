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
    // A live run holds it (this test, under the operating system's lock, as a run does).
    fs::write(&lock, format!("{}\n", std::process::id())).expect("lock");
    let held = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .open(&lock)
        .expect("open lock");
    held.lock().expect("take the lock");
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(2), "{err}");
    assert!(err.contains(".bianpai.lock"), "{err}");
    assert!(
        err.contains(&format!("进程 {}", std::process::id())),
        "{err}"
    );
    assert!(!folder.join("out").exists());
    // A run that was killed: the operating system released its lock, the file stays (naming a
    // process that may even be running: only the lock counts).
    drop(held);
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
    assert!(
        manifest
            .lines()
            .any(|l| l.split('\t').next() == Some("roster.xlsx")),
        "{manifest}"
    );
    assert!(!manifest.contains("备注"), "{manifest}");
}

/// SPEC §9 and issue 17: an output the arbiter edited after the run (its size and CRC-32 no
/// longer those in the manifest), and a file of the organizer's under the name of an output
/// the last run did not list, are never overwritten nor rotated away: each is renamed
/// `<name>（保留）.xlsx` beside the new output, with an `output.kept` warning naming both, and
/// stays untouched by later runs.
#[test]
fn an_edited_output_and_a_same_named_file_of_the_organizer_are_kept() {
    let (_tmp, folder) = util::sample_copy("cca-b-league-2025");
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(1), "{err}");
    let out = folder.join("out");
    let costs = fs::read(out.join("costs.xlsx")).expect("costs");
    // The arbiter's edit of costs.xlsx.
    let mut edited = costs.clone();
    edited.extend_from_slice(b"edited");
    fs::write(out.join("costs.xlsx"), &edited).expect("edit");
    // roster.xlsx replaced by the organizer's own file, and no longer in the manifest.
    fs::write(out.join("roster.xlsx"), b"organizer's roster").expect("own");
    let manifest = fs::read_to_string(out.join(".bianpai-manifest")).expect("manifest");
    let kept: Vec<&str> = manifest
        .lines()
        .filter(|l| !l.starts_with("roster.xlsx\t"))
        .collect();
    fs::write(out.join(".bianpai-manifest"), kept.join("\n") + "\n").expect("manifest");
    let o = util::bianpai(&["run", folder.to_str().expect("utf-8"), "--json"]);
    assert_eq!(o.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let warnings: Vec<String> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["code"] == "output.kept")
        .map(|f| f["message"].as_str().unwrap_or_default().to_string())
        .collect();
    assert_eq!(
        warnings,
        [
            "out/costs.xlsx 不是 bianpai 上次写出的（或写出后被改过），已改名保留为 out/costs（保留）.xlsx，新结果写入 out/costs.xlsx",
            "out/roster.xlsx 不是 bianpai 上次写出的（或写出后被改过），已改名保留为 out/roster（保留）.xlsx，新结果写入 out/roster.xlsx",
        ]
    );
    assert_eq!(
        fs::read(out.join("costs（保留）.xlsx")).expect("kept"),
        edited
    );
    assert_eq!(
        fs::read(out.join("roster（保留）.xlsx")).expect("kept"),
        b"organizer's roster"
    );
    // The new outputs are bianpai's (the same bytes as the first run: deterministic).
    assert_eq!(fs::read(out.join("costs.xlsx")).expect("new"), costs);
    assert!(!out.join("previous/costs.xlsx").exists());
    assert!(!out.join("previous/roster.xlsx").exists());
    // A third run rotates its own outputs and leaves the kept files alone.
    let (code, err) = run(&folder, &[]);
    assert_eq!(code, Some(1), "{err}");
    assert_eq!(
        fs::read(out.join("costs（保留）.xlsx")).expect("kept"),
        edited
    );
    assert!(out.join("previous/costs.xlsx").is_file());
    assert!(!out.join("costs（保留2）.xlsx").exists());
}
