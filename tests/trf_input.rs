//! `bianpai trf pair | standings` on TRF input that does not add up: refused with the line and
//! column (exit 2), warned about on stderr, read within bounds.

mod util;

use std::path::Path;

use util::bianpai;

/// A 4-player, 2-round event (`XXR 2`): round 1 played, round 2 as `rounds2`.
fn file(dir: &Path, name: &str, round2: [&str; 4], points: [&str; 4]) -> String {
    let rows = [
        (1, "Alpha, A", "   2 w 1"),
        (2, "Beta, B", "   1 b 0"),
        (3, "Gamma, C", "   4 w ="),
        (4, "Delta, D", "   3 b ="),
    ];
    let mut text = String::from("012 Input check\nXXR 2\n");
    for ((no, name, r1), (r2, pts)) in rows.iter().zip(round2.iter().zip(points)) {
        text.push_str(&format!(
            "001 {no:>4} m    {name:<33} 2000 CHN             1990/01/01 {pts:>4}       {r1}  {r2}\n"
        ));
    }
    let path = dir.join(name);
    std::fs::write(&path, text).expect("write");
    path.to_str().expect("utf-8").to_string()
}

fn run(args: &[&str]) -> (i32, String, String) {
    let out = bianpai(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_round_half_entered_is_refused_not_paired_around() {
    let dir = tempfile::tempdir().expect("tmp");
    // Round 2: 1-3 played, 2 and 4 paired (White, Black) without results.
    let f = file(
        dir.path(),
        "half.trf",
        ["   3 b 1", "   4 w  ", "   1 w 0", "   2 b  "],
        ["2.0", "0.0", "0.5", "0.5"],
    );
    let (code, out, err) = run(&["trf", "pair", &f]);
    assert_eq!(code, 2, "{out}");
    assert!(
        err.contains(
            "line 4, column 109: 第2轮：棋手2与4已配对但没有结果（该轮未录完） / round 2: players 2 and 4 are paired without a result (the round is half entered)"
        ),
        "{err}"
    );
}

#[test]
fn a_finished_event_is_not_paired_again() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = file(
        dir.path(),
        "done.trf",
        ["   3 b 1", "   4 w =", "   1 w 0", "   2 b ="],
        ["2.0", "0.5", "0.5", "1.0"],
    );
    let (code, _, err) = run(&["trf", "pair", &f]);
    assert_eq!(code, 2);
    assert!(
        err.contains("赛事已结束：共2轮，已赛2轮 / the event is over: 2 rounds, 2 played"),
        "{err}"
    );
    // Standings still read it; a points field that disagrees (player 4: 1.0 from the rounds)
    // is a warning with its line and column.
    let f = file(
        dir.path(),
        "warn.trf",
        ["   3 b 1", "   4 w =", "   1 w 0", "   2 b ="],
        ["2.0", "0.5", "0.5", "2.0"],
    );
    let (code, out, err) = run(&["trf", "standings", &f, "--tiebreaks", "PTS"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("Rank"), "{out}");
    assert!(
        err.contains(
            "warning: line 6, column 81: 棋手4的积分2.0与各轮结果之和1.0不符 / player 4: points 2.0 but the rounds give 1.0"
        ),
        "{err}"
    );
}

#[test]
fn a_huge_file_is_refused_before_it_is_read() {
    let dir = tempfile::tempdir().expect("tmp");
    let path = dir.path().join("junk.trf");
    let line = format!("001 {}\n", "9".repeat(60));
    let n = (17 * 1024 * 1024) / line.len() + 1;
    std::fs::write(&path, line.repeat(n)).expect("write");
    let path = path.to_str().expect("utf-8");
    let (code, _, err) = run(&["trf", "standings", path, "--tiebreaks", "PTS"]);
    assert_eq!(code, 2);
    assert!(
        err.contains("文件超过16 MB，不是TRF文件 / larger than 16 MB, not a TRF file"),
        "{err}"
    );
}
