//! `result.changed` in team rounds (issue 47, point 4), end to end through `bianpai run` on
//! copies of the B-league sample (team Swiss, 9 rounds) without its round 9 workbook and of the
//! A-league sample (round robin, 11 rounds) without its round 11 workbook: the run writes the
//! last round's workbook, whose marker sheet records every board result of the earlier rounds
//! as they stood (`result` | round | board | home team | result | match). A board of the
//! round before changed afterwards is `result.changed` at its cell, an error until the
//! arbiter's `result-changed` ruling makes it a warning (and, where the event writes a TRF,
//! a `###` line in it). The samples' own workbooks (written before the record existed, no
//! result rows) read as before: no finding.

mod util;

use std::fs;
use std::path::Path;

use util::cells::read_book;
use util::edit::rewrite;
use util::{run_json, sample_copy};

/// The result rows of a round workbook's marker sheet.
fn recorded_results(path: &Path) -> Vec<Vec<String>> {
    let book = read_book(path);
    let marker = book.iter().find(|s| s.name == "bianpai").expect("marker");
    (0..marker.rows.len())
        .filter(|&r| marker.text(r, 0) == "result")
        .map(|r| {
            // The marker sheet is as wide as its widest row (a game row with its line-up).
            let mut row: Vec<String> = marker.texts(r).into_iter().skip(1).collect();
            while row.last().is_some_and(String::is_empty) {
                row.pop();
            }
            row
        })
        .collect()
}

/// `result.changed` findings: (source, severity, message).
fn changed(json: &serde_json::Value) -> Vec<(String, String, String)> {
    util::findings_with_severity(json, "result.changed")
}

/// One sample's case: the last round (its workbook removed), the stage, the first board of
/// the round before as it reads (match, board, home team, player, colour, result), the
/// result it becomes and the two results' names, the number of results recorded.
struct Case {
    sample: &'static str,
    last: u32,
    stage: &'static str,
    board: [&'static str; 6],
    to: &'static str,
    then_now: (&'static str, &'static str),
    recorded: usize,
}

/// Runs `case`; returns the folder's TRF texts after the ruling and the ruling's line.
fn changed_board(case: &Case) -> (Vec<String>, usize) {
    let (_t, dir) = sample_copy(case.sample);
    let (last, before) = (case.last, case.last - 1);
    fs::remove_file(dir.join(format!("results/r{last:02}.xlsx"))).expect("last round");
    let (_, json, _) = run_json(&dir, &[]);
    // The sample as it stands has no changed result.
    assert_eq!(changed(&json), vec![]);
    let rows = recorded_results(&dir.join(format!("results/r{last:02}.xlsx")));
    // One row per board with a result in the earlier rounds: their result cells.
    let cells: usize = (1..last)
        .map(|r| {
            let book = read_book(&dir.join(format!("results/r{r:02}.xlsx")));
            (2..book[0].rows.len())
                .filter(|&i| !book[0].text(i, 5).is_empty())
                .count()
        })
        .sum();
    assert_eq!((rows.len(), cells), (case.recorded, case.recorded));
    let (then, now) = case.then_now;
    let mine = [&before.to_string(), "1", case.board[2], then, "1"].map(String::from);
    assert!(rows.contains(&mine.to_vec()), "{:?}", &rows[..3]);

    let file = dir.join(format!("results/r{before:02}.xlsx"));
    assert_eq!(read_book(&file)[0].texts(2)[..6], case.board);
    let copy = dir.join("tmp.xlsx");
    rewrite(&file, &copy, true, |g| g[2][5] = case.to.to_string());
    fs::rename(&copy, &file).expect("replace the round workbook");
    let source = format!("results/r{before:02}.xlsx!第{before}轮!F3");
    let what = format!(
        "第{before}轮第1场第1台成绩在编排第{last}轮（results/r{last:02}.xlsx）后由 {then} 改为 {now}"
    );
    let one =
        |severity: &str, message: String| vec![(source.clone(), severity.to_string(), message)];
    let (_, json, _) = run_json(&dir, &[]);
    assert_eq!(
        changed(&json),
        one(
            "error",
            format!(
                "{what}：如属裁判长决定，请在 event.toml 中加入 [[rulings]] decision = \"result-changed\", round = {before}, note = \"…\""
            )
        )
    );

    let p = dir.join("event.toml");
    let mut text = fs::read_to_string(&p).expect("event.toml");
    text.push_str(&format!(
        "\n[[rulings]]\nround = {before}\nstage = \"{}\"\ndecision = \"result-changed\"\nnote = \"记分员笔误，经双方队长签字更正\"\n",
        case.stage
    ));
    fs::write(&p, &text).expect("write event.toml");
    let line = text
        .lines()
        .enumerate()
        .filter(|(_, l)| l.starts_with("[[rulings]]"))
        .last()
        .map(|(i, _)| i + 1)
        .expect("ruling");
    let (_, json, _) = run_json(&dir, &[]);
    assert_eq!(
        changed(&json),
        one(
            "warning",
            format!("{what}；已由裁判长裁定（event.toml 第{line}行）")
        )
    );
    let trf = fs::read_dir(dir.join("out"))
        .expect("out")
        .filter_map(|e| {
            let p = e.ok()?.path();
            (p.extension()? == "trf").then(|| fs::read_to_string(p).ok())?
        })
        .collect();
    (trf, line)
}

/// B-league round 8, match 1, board 1 (福建海峡队's 段峰伟 1-0 薛博国) becomes 0-1 after
/// round 9 was paired; the ruling goes into the B-league's TRF.
#[test]
fn a_team_swiss_board_changed_after_the_next_round_was_paired_needs_a_ruling() {
    let (trf, line) = changed_board(&Case {
        sample: "cca-b-league-2025",
        last: 9,
        stage: "swiss",
        board: ["1", "1", "福建海峡队", "段峰伟", "白", "1-0"],
        to: "0-1",
        then_now: ("Win", "Loss"),
        recorded: 305,
    });
    let expected = format!(
        "### round 8: result-changed (event.toml line {line}): 记分员笔误，经双方队长签字更正"
    );
    assert!(
        trf.iter().any(|t| t.lines().any(|l| l == expected)),
        "{expected}"
    );
}

/// A-league round 10, match 1, board 1 (成都锦江队's 韦远 0-1 孔军煜) becomes a draw after
/// round 11 was written; 10 rounds of 6 matches on 5 boards recorded. The unrated A-league
/// writes no TRF.
#[test]
fn a_round_robin_board_changed_after_the_next_round_was_written_needs_a_ruling() {
    let (trf, _) = changed_board(&Case {
        sample: "cca-a-league-2023",
        last: 11,
        stage: "regular",
        board: ["1", "1", "成都锦江队", "韦远", "白", "0-1"],
        to: "½-½",
        then_now: ("Loss", "Draw"),
        recorded: 300,
    });
    assert!(trf.is_empty());
}
