//! Manual changes on record (issue 47, point 4), end to end through `bianpai run` on copies of
//! the open chess sample (公开组 played out over 9 rounds, 女子组 after 6):
//!
//! - each round workbook bianpai writes records in its hidden marker sheet the tie-break order
//!   and the pairing settings in force; a setting changed in `event.toml` since stops the run
//!   with an `event.toml` error naming the key and its line, until a `setting-changed` ruling
//!   puts it in force from a round after those paired under the old value;
//! - a `pairing-confirmed` and a `setting-changed` ruling are written into the section's TRF
//!   as `###` lines;
//! - a result of the last round missing: no final standings, prizes or results book.

mod util;

use std::fs;
use std::path::Path;

use util::cells::{read_book, recorded_settings, sheet};
use util::edit::rewrite;
use util::{bianpai, run_json, s, sample_copy};

const OPEN: &str = "open-chess-2026";

/// A copy of the open sample before the women's round 7 was paired: the run pairs it and
/// writes `results/women-r07.xlsx`.
fn before_women_round_7() -> (tempfile::TempDir, std::path::PathBuf) {
    let (t, dir) = sample_copy(OPEN);
    for r in 7..=9 {
        fs::remove_file(dir.join(format!("results/women-r{r:02}.xlsx"))).expect("women round");
    }
    (t, dir)
}

/// The line (1-based) of the first line of `text` starting with `start`.
fn line_of(text: &str, start: &str) -> usize {
    text.lines()
        .position(|l| l.starts_with(start))
        .map(|i| i + 1)
        .unwrap_or_else(|| panic!("no line starting with {start:?}"))
}

fn edit_event(dir: &Path, from: &str, to: &str) {
    let p = dir.join("event.toml");
    let text = fs::read_to_string(&p).expect("event.toml");
    assert!(text.contains(from), "{from}");
    fs::write(&p, text.replacen(from, to, 1)).expect("write event.toml");
}

fn add_ruling(dir: &Path, body: &str) {
    let p = dir.join("event.toml");
    let mut text = fs::read_to_string(&p).expect("event.toml");
    text.push_str(&format!("\n[[rulings]]\n{body}\n"));
    fs::write(&p, text).expect("write event.toml");
}

/// `bianpai run <dir> --json`: (exit code, stdout, stderr).
fn run_raw(dir: &Path) -> (i32, String, String) {
    let out = bianpai(&["run", dir.to_str().expect("utf-8"), "--json"]);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// The women's round 7 workbook the first run writes records what was in force; a changed
/// tie-break order stops the next run at `tiebreaks[0].order`, a ruling from round 7 (paired
/// under the old order) at its `round`, a ruling from round 8 lets the run go on with the new
/// order, written in the TRF's `212` and as a `###` line.
#[test]
fn a_tiebreak_order_changed_after_pairing_needs_a_ruling() {
    let (_t, dir) = before_women_round_7();
    let (code, _, _) = run_json(&dir, &[]);
    let r07 = dir.join("results/women-r07.xlsx");
    assert_eq!(
        recorded_settings(&r07),
        [
            ("tiebreaks.order", "PTS BH/C1 BH SB WIN"),
            ("pairing.numbers", "rating"),
            ("pairing.avoid_same_unit", "false"),
            ("pairing.max_same_colour_run", ""),
            ("pairing.unrated", "pinyin"),
            ("bye.points", "1.0"),
        ]
        .map(|(a, b)| (a.to_string(), b.to_string()))
    );

    let old = r#"order = ["PTS", "BH/C1", "BH", "SB", "WIN"]"#;
    edit_event(&dir, old, r#"order = ["PTS", "BH", "BH/C1", "SB", "WIN"]"#);
    let text = fs::read_to_string(dir.join("event.toml")).expect("event.toml");
    let line = line_of(&text, "order = [\"PTS\", \"BH\",");
    let (c, _, err) = run_raw(&dir);
    assert_eq!(c, 2, "{err}");
    assert!(
        err.contains(&format!(
            "event.toml:{line}:1: 键 (key) `tiebreaks[0].order`"
        )),
        "{err}"
    );
    assert!(
        err.contains("第7轮（results/women-r07.xlsx）编排时 tiebreaks.order 为 “PTS BH/C1 BH SB WIN”，现为 “PTS BH BH/C1 SB WIN”"),
        "{err}"
    );
    // Nothing followed the new order: no output was written by the refused run.
    let before = fs::read(dir.join("out/nj-open-2026-women.trf")).expect("women trf");
    assert!(String::from_utf8_lossy(&before).contains("212 PTS BH/C1 BH SB WIN"));

    add_ruling(
        &dir,
        "setting = \"tiebreaks.order\"\ndecision = \"setting-changed\"\nround = 7\nnote = \"仲裁委员会决定调整\"",
    );
    let ruling_line = last_ruling_line(&dir);
    let (c, _, err) = run_raw(&dir);
    assert_eq!(c, 2, "{err}");
    assert!(
        err.contains(&format!(
            "event.toml:{}:1: 键 (key) `rulings[2].round`",
            ruling_line + 3
        )),
        "{err}"
    );

    edit_event(&dir, "round = 7\nnote = \"仲裁", "round = 8\nnote = \"仲裁");
    let (c, json, err) = run_json(&dir, &[]);
    assert_eq!(c, code, "{err}");
    assert_eq!(s(&json, "event"), "2026年南京市国际象棋等级分公开赛");
    let trf = fs::read_to_string(dir.join("out/nj-open-2026-women.trf")).expect("women trf");
    assert!(trf.contains("212 PTS BH BH/C1 SB WIN"), "{trf}");
    let last = trf.lines().last().expect("a line");
    assert_eq!(
        last,
        format!(
            "### round 8: setting-changed tiebreaks.order (event.toml line {ruling_line}): 仲裁委员会决定调整"
        )
    );
    // The open section's rules did not change: its TRF has the ruling too (no stage named).
    let open = fs::read_to_string(dir.join("out/nj-open-2026-open.trf")).expect("open trf");
    assert!(open.contains("### round 8: setting-changed tiebreaks.order"));
}

/// A pairing setting (the bye's points) changed since round 7 was paired is refused at its
/// key; a ruling naming the full key from round 8 lets the run go on.
#[test]
fn a_pairing_setting_changed_after_pairing_needs_a_ruling() {
    let (_t, dir) = before_women_round_7();
    let (code, _, _) = run_json(&dir, &[]);
    edit_event(
        &dir,
        "points = 1\ndefault = true",
        "points = 0.5\ndefault = true",
    );
    let text = fs::read_to_string(dir.join("event.toml")).expect("event.toml");
    let line = line_of(&text, "points = 0.5");
    let (c, _, err) = run_raw(&dir);
    assert_eq!(c, 2, "{err}");
    assert!(
        err.contains(&format!(
            "event.toml:{line}:1: 键 (key) `stages[0].bye.points`"
        )),
        "{err}"
    );
    assert!(err.contains("bye.points 为 “1.0”，现为 “0.5”"), "{err}");
    add_ruling(
        &dir,
        "setting = \"stages[0].bye.points\"\ndecision = \"setting-changed\"\nstage = \"women\"\nround = 8",
    );
    let (c, _, err) = run_json(&dir, &[]);
    assert_eq!(c, code, "{err}");
}

/// A `setting-changed` ruling names a setting bianpai records.
#[test]
fn a_setting_ruling_names_a_known_setting() {
    let (_t, dir) = sample_copy(OPEN);
    add_ruling(
        &dir,
        "setting = \"prizes.total_yuan\"\ndecision = \"setting-changed\"\nround = 3",
    );
    let (c, _, err) = run_raw(&dir);
    assert_eq!(c, 2, "{err}");
    assert!(err.contains("键 (key) `rulings[2].setting`"), "{err}");
}

/// A confirmed pairing of the open section's round 3 is a `###` line of the open section's
/// TRF, not of the women's.
#[test]
fn a_confirmed_pairing_is_written_into_the_trf() {
    let (_t, dir) = sample_copy(OPEN);
    add_ruling(
        &dir,
        "round = 3\nstage = \"open\"\ndecision = \"pairing-confirmed\"\nclause = \"规程 六(二)\"\nnote = \"第5台按现场对阵\"",
    );
    let line = last_ruling_line(&dir);
    run_json(&dir, &[]);
    let open = fs::read_to_string(dir.join("out/nj-open-2026-open.trf")).expect("open trf");
    assert_eq!(
        open.lines().last(),
        Some(
            format!(
                "### round 3: pairing-confirmed (event.toml line {line}) [规程 六(二)]: 第5台按现场对阵"
            )
            .as_str()
        )
    );
    let women = fs::read_to_string(dir.join("out/nj-open-2026-women.trf")).expect("women trf");
    assert!(!women.contains("###"));
    // The results book lists it, and its cover names the sheet.
    let book = read_book(&dir.join("out/成绩册.xlsx"));
    let record = sheet(&book, "裁定记录");
    assert_eq!(
        record.texts(1),
        ["轮次", "赛段/组别", "事项", "条款", "说明", "event.toml 行"]
    );
    assert_eq!(
        record.body(),
        [[
            "3".to_string(),
            "open".into(),
            "确认手工改动的对阵".into(),
            "规程 六(二)".into(),
            "第5台按现场对阵".into(),
            line.to_string(),
        ]]
    );
}

/// The open section's last round with one result blanked (board 1 of `open-r09.xlsx`): the
/// section is not over, so no final standings, no prizes paid for it, no results book.
#[test]
fn a_missing_result_of_the_last_round_keeps_the_event_open() {
    let (_t, dir) = sample_copy(OPEN);
    let r09 = dir.join("results/open-r09.xlsx");
    let copy = dir.join("r09.tmp.xlsx");
    rewrite(&r09, &copy, true, |g| g[2][2].clear());
    fs::rename(&copy, &r09).expect("replace r09");
    let (_, json, _) = run_json(&dir, &[]);
    assert_eq!(json["finished"], false);
    assert!(
        json["to_fill"]
            .as_array()
            .expect("to_fill")
            .iter()
            .any(|f| f == "results/open-r09.xlsx"),
        "{json}"
    );
    assert!(!dir.join("out/成绩册.xlsx").exists());
    let paid: Vec<_> = json["prizes"]
        .as_array()
        .map(|v| v.iter().filter(|p| s(p, "section") == "公开组").collect())
        .unwrap_or_default();
    assert!(paid.is_empty(), "{paid:?}");
}

/// The women's round 6 board 1 result changed after round 7 was paired from it: the round 7
/// workbook recorded it, so the run reports `result.changed` at the cell, an error until the
/// arbiter's `result-changed` ruling makes it a warning and puts it into the TRF.
#[test]
fn a_result_changed_after_the_next_round_was_paired_needs_a_ruling() {
    let (_t, dir) = before_women_round_7();
    run_json(&dir, &[]);
    let r06 = dir.join("results/women-r06.xlsx");
    let book = read_book(&r06);
    let sheet_name = book[0].name.clone();
    let was = book[0].text(2, 2);
    let (to, then, now) = if was == "1-0" {
        ("0-1", "Win", "Loss")
    } else {
        ("1-0", "", "Win")
    };
    let copy = dir.join("r06.tmp.xlsx");
    rewrite(&r06, &copy, true, |g| g[2][2] = to.to_string());
    fs::rename(&copy, &r06).expect("replace r06");
    let changed = |json: &serde_json::Value| util::findings_with_severity(json, "result.changed");
    let (code, json, _) = run_json(&dir, &[]);
    assert_eq!(code, 1);
    let found = changed(&json);
    assert_eq!(found.len(), 1, "{found:?}");
    let source = format!("results/women-r06.xlsx!{sheet_name}!C3");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        (source.as_str(), "error")
    );
    if !then.is_empty() {
        assert!(
            found[0].2.contains(&format!(
                "第6轮第1台成绩在编排第7轮（results/women-r07.xlsx）后由 {then} 改为 {now}"
            )),
            "{found:?}"
        );
    }

    add_ruling(
        &dir,
        "round = 6\nstage = \"women\"\ndecision = \"result-changed\"\nnote = \"记录员笔误，经双方签字更正\"",
    );
    let line = last_ruling_line(&dir);
    let (_, json, _) = run_json(&dir, &[]);
    let found = changed(&json);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].0.as_str(), found[0].1.as_str()),
        (source.as_str(), "warning")
    );
    let women = fs::read_to_string(dir.join("out/nj-open-2026-women.trf")).expect("women trf");
    assert_eq!(
        women.lines().last(),
        Some(
            format!(
                "### round 6: result-changed (event.toml line {line}): 记录员笔误，经双方签字更正"
            )
            .as_str()
        )
    );
}

/// The line of the last `[[rulings]]` header in the folder's event.toml (1-based).
fn last_ruling_line(dir: &std::path::Path) -> usize {
    let text = fs::read_to_string(dir.join("event.toml")).expect("event.toml");
    text.lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[rulings]]"))
        .last()
        .map(|(i, _)| i + 1)
        .expect("ruling")
}
