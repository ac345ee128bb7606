//! The xiangqi Swiss's readings the regulation leaves open (issue 44 point 8), end to end on a
//! copy of the xiangqi sample: `[stages.pairing] three_in_a_row` (禁3先/后 in the last round)
//! and `forfeit_rematch` (re-pairing two players whose game was forfeited), each with the
//! exact boards the round is paired with under both values.

mod util;

use std::path::Path;

use util::cells::{read_book, recorded_settings};
use util::{bianpai, run_json, sample_copy};

/// A copy of the xiangqi sample without the round workbooks `remove`, with `line` added under
/// `max_same_colour_run = 2` (none when empty).
fn prepared(remove: &[&str], line: &str) -> (tempfile::TempDir, std::path::PathBuf) {
    let (tmp, dir) = sample_copy("cxa-amateur-king-2023");
    for f in remove {
        std::fs::remove_file(dir.join("results").join(f)).expect("remove a round workbook");
    }
    if !line.is_empty() {
        let path = dir.join("event.toml");
        let toml = std::fs::read_to_string(&path).expect("event.toml");
        let from = "max_same_colour_run = 2\n";
        assert!(toml.contains(from));
        let toml = toml.replacen(from, &format!("{from}{line}\n"), 1);
        std::fs::write(&path, toml).expect("write event.toml");
    }
    (tmp, dir)
}

/// Boards `from..=to` of the round workbook `file` as (台号, 红方, 黑方).
fn boards(dir: &Path, file: &str, from: usize, to: usize) -> Vec<(String, String, String)> {
    let book = read_book(&dir.join("results").join(file));
    let sheet = book.first().expect("a sheet");
    (0..sheet.rows.len())
        .map(|r| (sheet.text(r, 0), sheet.text(r, 1), sheet.text(r, 3)))
        .filter(|(b, _, _)| b.parse::<usize>().is_ok_and(|n| (from..=to).contains(&n)))
        .collect()
}

fn rows(v: &[(&str, &str, &str)]) -> Vec<(String, String, String)> {
    v.iter()
        .map(|&(a, b, c)| (a.to_string(), b.to_string(), c.to_string()))
        .collect()
}

/// Every board of round workbook `file` once the copy without `remove` and with `line` is run.
fn paired(remove: &[&str], line: &str, file: &str) -> Vec<(String, String, String)> {
    let (_tmp, dir) = prepared(remove, line);
    let (code, _, err) = run_json(&dir, &[]);
    assert!(code <= 1, "{err}");
    boards(&dir, file, 1, usize::MAX)
}

const LAST_ROUNDS: [&str; 5] = [
    "family-r07.xlsx",
    "junior-men-r07.xlsx",
    "junior-women-r07.xlsx",
    "open-men-r07.xlsx",
    "open-women-r07.xlsx",
];

/// 公开组女子 round 7, re-paired: 董婧蕾 (6 points, floated down) and 谢雪露 (5) both played
/// Black in rounds 5 and 6, so both are due Red. Under `never` (the default) they are kept
/// apart: 董婧蕾-曹慧萱, 谢雪露-金琪倩, each due player on Red. Under `last-round` the limit is
/// lifted in round 7 and the plain order stands: 董婧蕾-谢雪露 (谢雪露's third Black in a row),
/// 曹慧萱-金琪倩. The other boards are paired alike.
#[test]
fn three_in_a_row_last_round_lifts_the_limit_in_the_last_round_only() {
    let file = "open-women-r07.xlsx";
    let never = paired(&LAST_ROUNDS, "", file);
    let lifted = paired(&LAST_ROUNDS, "three_in_a_row = \"last-round\"", file);
    assert_eq!(
        never[5..7],
        rows(&[
            ("6", "董婧蕾（广东省）", "曹慧萱（江苏省）"),
            ("7", "谢雪露（河南省）", "金琪倩（山东省）"),
        ])
    );
    assert_eq!(
        lifted[5..7],
        rows(&[
            ("6", "董婧蕾（广东省）", "谢雪露（河南省）"),
            ("7", "曹慧萱（江苏省）", "金琪倩（山东省）"),
        ])
    );
    assert_eq!(never.len(), 9);
    assert_eq!((&never[..5], &never[7..]), (&lifted[..5], &lifted[7..]));
    // The explicit default pairs as the key left out.
    assert_eq!(
        paired(&LAST_ROUNDS, "three_in_a_row = \"never\"", file),
        never
    );
}

/// 少年组男子: 马天远 forfeited to 雷天志 in round 4 (`+`/`-`, no game). Re-pairing round 5,
/// `allowed` (the default; a forfeit is not a meeting, GHR 3.5) pairs them again on board 10,
/// as the sample's round 5 did; `never` counts the forfeit as a meeting: 雷天志-姜轩睿 and
/// 马天远-李然翔. Boards 1-8 are paired alike.
#[test]
fn forfeit_rematch_never_keeps_a_forfeited_pair_apart() {
    let remove = [
        "junior-men-r05.xlsx",
        "junior-men-r06.xlsx",
        "junior-men-r07.xlsx",
    ];
    let file = "junior-men-r05.xlsx";
    let allowed = paired(&remove, "", file);
    let never = paired(&remove, "forfeit_rematch = \"never\"", file);
    assert_eq!(
        allowed[8..],
        rows(&[
            ("9", "李然翔（河南省）", "姜轩睿（辽宁省）"),
            ("10", "马天远（浙江省）", "雷天志（北京市）"),
        ])
    );
    assert_eq!(
        never[8..],
        rows(&[
            ("9", "雷天志（北京市）", "姜轩睿（辽宁省）"),
            ("10", "马天远（浙江省）", "李然翔（河南省）"),
        ])
    );
    assert_eq!(allowed[..8], never[..8]);
}

/// A round paired under the default `forfeit_rematch` records nothing for it (the default);
/// changing it afterwards stops the run at the key until a `setting-changed` ruling puts it in
/// force from a later round; a round paired under `never` records the value.
#[test]
fn forfeit_rematch_changed_after_pairing_needs_a_ruling() {
    let remove = [
        "junior-men-r05.xlsx",
        "junior-men-r06.xlsx",
        "junior-men-r07.xlsx",
    ];
    let (_a, dir) = prepared(&remove, "");
    let (code, _, err) = run_json(&dir, &[]);
    assert!(code <= 1, "{err}");
    let r05 = dir.join("results/junior-men-r05.xlsx");
    let names: Vec<String> = recorded_settings(&r05)
        .into_iter()
        .map(|(n, _)| n)
        .collect();
    assert!(
        names.contains(&"pairing.avoid_same_unit".to_string()),
        "{names:?}"
    );
    assert!(!names.iter().any(|n| n.contains("forfeit")), "{names:?}");

    let path = dir.join("event.toml");
    let toml = std::fs::read_to_string(&path).expect("event.toml");
    let from = "max_same_colour_run = 2\n";
    let toml = toml.replacen(from, &format!("{from}forfeit_rematch = \"never\"\n"), 1);
    std::fs::write(&path, &toml).expect("write event.toml");
    let dir_s = dir.to_str().expect("utf-8");
    let out = bianpai(&["run", dir_s, "--json"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("键 (key) `stages[0].pairing.forfeit_rematch`"),
        "{err}"
    );
    assert!(
        err.contains(
            "第5轮（results/junior-men-r05.xlsx）编排时 pairing.forfeit_rematch 为 “allowed”，现为 “never”"
        ),
        "{err}"
    );

    let ruling = "\n[[rulings]]\nsetting = \"pairing.forfeit_rematch\"\ndecision = \"setting-changed\"\nround = 6\n";
    std::fs::write(&path, format!("{toml}{ruling}")).expect("write event.toml");
    let (code, _, err) = run_json(&dir, &[]);
    assert!(code <= 1, "{err}");
    // A round paired under `never` records it.
    let (_b, never) = prepared(&remove, "forfeit_rematch = \"never\"");
    let (code, _, err) = run_json(&never, &[]);
    assert!(code <= 1, "{err}");
    assert!(
        recorded_settings(&never.join("results/junior-men-r05.xlsx"))
            .contains(&("pairing.forfeit_rematch".to_string(), "never".to_string())),
        "{err}"
    );
}
