//! `result.changed` in team rounds (issue 47, point 4), end to end through `bianpai run` on a
//! copy of the B-league sample (team Swiss, 9 rounds) without its round 9 workbook: the run
//! pairs round 9 and its workbook's marker sheet records every board result of rounds 1-8 as
//! they stood (`result` | round | board | home team | result | match). A board of round 8
//! changed afterwards is `result.changed` at its cell, an error until the arbiter's
//! `result-changed` ruling makes it a warning and puts it into the TRF as a `###` line. The
//! sample's own workbooks (written before the record existed, no result rows) read as before.

mod util;

use std::fs;
use std::path::Path;

use util::cells::read_book;
use util::edit::rewrite;
use util::{run_json, s, sample_copy};

/// The result rows of a round workbook's marker sheet.
fn recorded_results(path: &Path) -> Vec<Vec<String>> {
    let book = read_book(path);
    let marker = book.iter().find(|s| s.name == "bianpai").expect("marker");
    (0..marker.rows.len())
        .filter(|&r| marker.text(r, 0) == "result")
        .map(|r| marker.texts(r).into_iter().skip(1).collect())
        .collect()
}

/// `result.changed` findings: (source, severity, message).
fn changed(json: &serde_json::Value) -> Vec<(String, String, String)> {
    json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| s(f, "code") == "result.changed")
        .map(|f| (s(f, "source"), s(f, "severity"), s(f, "message")))
        .collect()
}

#[test]
fn a_team_board_changed_after_the_next_round_was_paired_needs_a_ruling() {
    let (_t, dir) = sample_copy("cca-b-league-2025");
    fs::remove_file(dir.join("results/r09.xlsx")).expect("r09");
    let (_, json, _) = run_json(&dir, &[]);
    // The sample as it stands has no changed result.
    assert_eq!(changed(&json), vec![]);
    let r09 = dir.join("results/r09.xlsx");
    let rows = recorded_results(&r09);
    assert!(
        rows.contains(
            &["8", "1", "福建海峡队", "Win", "1"]
                .map(String::from)
                .to_vec()
        ),
        "{rows:?}"
    );
    // One row per board with a result in rounds 1-8: 305, the result cells of r01-r08.
    let cells: usize = (1..=8)
        .map(|r| {
            let book = read_book(&dir.join(format!("results/r{r:02}.xlsx")));
            (2..book[0].rows.len())
                .filter(|&i| !book[0].text(i, 5).is_empty())
                .count()
        })
        .sum();
    assert_eq!((rows.len(), cells), (305, 305));
    assert_eq!(rows[0], ["1", "1", "大庆油田队", "Win", "1"]);

    // Round 8, match 1, board 1 (福建海峡队's 段峰伟 1-0 薛博国) becomes 0-1.
    let r08 = dir.join("results/r08.xlsx");
    let book = read_book(&r08);
    assert_eq!(
        book[0].texts(2)[..6],
        ["1", "1", "福建海峡队", "段峰伟", "白", "1-0"]
    );
    let copy = dir.join("r08.tmp.xlsx");
    rewrite(&r08, &copy, true, |g| g[2][5] = "0-1".to_string());
    fs::rename(&copy, &r08).expect("replace r08");
    let (_, json, _) = run_json(&dir, &[]);
    let found = changed(&json);
    assert_eq!(
        found,
        vec![(
            "results/r08.xlsx!第8轮!F3".to_string(),
            "error".to_string(),
            "第8轮第1场第1台成绩在编排第9轮（results/r09.xlsx）后由 Win 改为 Loss：如属裁判长决定，\
             请在 event.toml 中加入 [[rulings]] decision = \"result-changed\", round = 8, note = \"…\""
                .to_string()
        )]
    );

    let p = dir.join("event.toml");
    let mut text = fs::read_to_string(&p).expect("event.toml");
    text.push_str(
        "\n[[rulings]]\nround = 8\nstage = \"swiss\"\ndecision = \"result-changed\"\nnote = \"记分员笔误，经双方队长签字更正\"\n",
    );
    fs::write(&p, &text).expect("write event.toml");
    let line = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[rulings]]"))
        .last()
        .map(|(i, _)| i + 1)
        .expect("ruling");
    let (_, json, _) = run_json(&dir, &[]);
    let found = changed(&json);
    assert_eq!(
        found,
        vec![(
            "results/r08.xlsx!第8轮!F3".to_string(),
            "warning".to_string(),
            format!(
                "第8轮第1场第1台成绩在编排第9轮（results/r09.xlsx）后由 Win 改为 Loss；已由裁判长裁定（event.toml 第{line}行）"
            )
        )]
    );
    let trf: Vec<String> = fs::read_dir(dir.join("out"))
        .expect("out")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "trf").then(|| fs::read_to_string(p).ok())?
        })
        .collect();
    let expected = format!(
        "### round 8: result-changed (event.toml line {line}): 记分员笔误，经双方队长签字更正"
    );
    assert!(
        trf.iter().any(|t| t.lines().any(|l| l == expected)),
        "{expected}"
    );
}
