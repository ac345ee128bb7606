//! Results typed into a round workbook through LibreOffice Calc are read as typed (issue 17,
//! point 4): the fixtures of `tests/fixtures/rounds/libreoffice/` were typed by
//! `type_results.py` there (`make.sh` rebuilds them); with `BIANPAI_LIBREOFFICE=1` the test
//! also types them live into the round workbook this build writes.

mod util;

use std::fs;
use std::path::{Path, PathBuf};

use util::cells::{read_book, sheet};
use util::{run_json, s};

/// What `typed.txt` holds (one notation per board row), and what bianpai must read: the
/// printable copy writes each result back in its canonical notation, from the home side. Row
/// 12 is `白胜` on board 2, where the home player has Black (`WBWBW`): White won, the home
/// player lost (`0-1`); row 13 is `黑胜` on board 3, home White: `0-1` too.
const TYPED_READ: [&str; 15] = [
    "1-0", "0-1", "½-½", "½-½", "½-½", "1-0", "½-½", "½-½", "+-", "-+", "--", "0-1", "0-1", "1-0",
    "½-½",
];
/// `general.txt`: 1/2 became a date, 1:0 and 0:1 times.
const GENERAL_READ: [&str; 5] = ["½-½", "1-0", "0-1", "1-0", "0-1"];

fn fixtures() -> PathBuf {
    util::fixture("rounds/libreoffice")
}

/// The B-league sample without its results: bianpai pairs round 1.
fn event_without_results() -> (tempfile::TempDir, PathBuf) {
    let (tmp, folder) = util::sample_copy("cca-b-league-2025");
    fs::remove_dir_all(folder.join("results")).expect("remove results");
    let _ = fs::remove_dir_all(folder.join("out"));
    fs::create_dir_all(folder.join("results")).expect("results/");
    (tmp, folder)
}

fn lines(name: &str) -> Vec<String> {
    fs::read_to_string(fixtures().join(name))
        .expect("typed list")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Runs the folder with `results/<name>` as round 1; checks what was read.
fn check(folder: &Path, name: &str, want: &[&str], converted: &[&str]) {
    let (code, json, err) = run_json(folder, &[]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(json["rounds"]["complete"], 1, "{name}: {}", json["rounds"]);
    let findings = json["findings"].as_array().expect("findings");
    let of = |code: &str| -> Vec<String> {
        findings
            .iter()
            .filter(|f| s(f, "code") == code)
            .map(|f| s(f, "source"))
            .collect()
    };
    // The sample's planted empty board 5 of 吉林长白山队 is typed `-+` (the forfeit it is); no
    // typed result is refused.
    let errors: Vec<String> = findings
        .iter()
        .filter(|f| s(f, "code") == "result.invalid" && s(f, "severity") == "error")
        .map(|f| s(f, "source"))
        .collect();
    assert_eq!(errors, Vec::<String>::new(), "{name}");
    assert_eq!(of("result.pairing-changed"), Vec::<String>::new(), "{name}");
    assert_eq!(
        of("round.unmarked-workbook"),
        Vec::<String>::new(),
        "{name}"
    );
    let file = format!("results/{name}");
    let want_converted: Vec<String> = converted
        .iter()
        .map(|c| format!("{file}!第1轮!{c}"))
        .collect();
    assert_eq!(of("result.converted"), want_converted, "{name}");
    let book = read_book(&folder.join("out/pairings-r01.xlsx"));
    let sh = sheet(&book, "第1轮");
    let got: Vec<String> = (0..want.len()).map(|i| sh.text(2 + i, 5)).collect();
    assert_eq!(got, want, "{name}");
    // Round 2 is paired from it.
    assert!(folder.join("results/r02.xlsx").is_file(), "{name}");
}

#[test]
fn results_typed_in_libreoffice_are_read_as_typed() {
    for (fixture, want, converted) in [
        ("typed.xlsx", &TYPED_READ[..], &[][..]),
        ("typed.xls", &TYPED_READ[..], &[][..]),
        ("general.xlsx", &GENERAL_READ[..], &["F3", "F4", "F5"][..]),
        ("general.xls", &GENERAL_READ[..], &["F3", "F4", "F5"][..]),
    ] {
        let (_tmp, folder) = event_without_results();
        // A save as .xlsx replaces the canonical file; a save as .xls is the one copy left.
        let name = if fixture.ends_with(".xls") {
            "r01.xls"
        } else {
            "r01.xlsx"
        };
        fs::copy(fixtures().join(fixture), folder.join("results").join(name)).expect("copy");
        check(&folder, name, want, converted);
    }
}

/// The typed lists and the fixtures agree (a change to one without the other shows here).
#[test]
fn the_typed_lists_are_those_of_the_fixtures() {
    let typed = lines("typed.txt");
    assert_eq!(typed.len(), 40);
    assert_eq!(typed[..4], ["1-0", "0-1", "½-½", "="]);
    let general = lines("general.txt");
    assert_eq!(general[..3], ["1/2", "1:0", "0:1"]);
}

/// Types into the round workbook this build writes, through LibreOffice (CI installs
/// libreoffice-calc and python3-uno and sets BIANPAI_LIBREOFFICE=1).
#[test]
fn libreoffice_types_into_a_fresh_round_workbook() {
    if std::env::var("BIANPAI_LIBREOFFICE").as_deref() != Ok("1") {
        eprintln!("skipped: BIANPAI_LIBREOFFICE=1 not set");
        return;
    }
    let script = fixtures().join("type_results.py");
    for (list, general, want, converted) in [
        ("typed.txt", false, &TYPED_READ[..], &[][..]),
        (
            "general.txt",
            true,
            &GENERAL_READ[..],
            &["F3", "F4", "F5"][..],
        ),
    ] {
        let (_tmp, folder) = event_without_results();
        let (code, _, err) = run_json(&folder, &[]);
        assert_eq!(code, 1, "{err}");
        let base = folder.join("results/r01.xlsx");
        let scratch = tempfile::tempdir().expect("tempdir");
        let stem = scratch.path().join("typed");
        let mut cmd = std::process::Command::new("/usr/bin/python3");
        cmd.arg(&script);
        if general {
            cmd.arg("--general");
        }
        let out = cmd
            .arg(&base)
            .arg(&stem)
            .args(lines(list))
            .output()
            .expect("python3 runs (apt-get install python3-uno)");
        assert!(
            out.status.success(),
            "type_results.py failed\n{}\n{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        for ext in ["xlsx", "xls"] {
            let _ = fs::remove_dir_all(folder.join("out"));
            let _ = fs::remove_file(folder.join("results/r02.xlsx"));
            let _ = fs::remove_file(folder.join("results/r01.xlsx"));
            let _ = fs::remove_file(folder.join("results/r01.xls"));
            let name = format!("r01.{ext}");
            fs::copy(stem.with_extension(ext), folder.join("results").join(&name))
                .expect("copy typed");
            check(&folder, &name, want, converted);
        }
    }
}
