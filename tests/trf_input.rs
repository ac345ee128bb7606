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

/// Three teams of two boards (`352 WB`, `362 TW 3.0 TD 1.0 TL 0.0` with the symbol at column 6
/// as FIDE's reader takes it), no `320`: team 3 has the PAB in round 1 and team 2 in round 2,
/// written only on the boards (`0000 - U`). Round 3 (team 2 - team 3) is paired, no result yet.
/// 310 gives team 2 2.0 match points.
fn team_file(dir: &Path) -> String {
    let p = |no: u16, pts: &str, blocks: &[&str]| {
        format!(
            "001 {no:>4} m    {:<33} 2000 CHN             1990/01/01 {pts:>4}       {}",
            format!("Player, No{no}"),
            blocks.join("  ")
        )
    };
    let t = |no: u16, mp: &str, gp: &str, m: [u16; 2]| {
        format!(
            "310 {no:>3} {:<32} {:<5} {:>6} {mp:>6} {gp:>6} {:>3}  {:>4} {:>4}",
            format!("Team {no}"),
            "",
            "",
            "",
            m[0],
            m[1]
        )
    };
    let lines = [
        "012 Team byes".to_string(),
        "XXR 3".to_string(),
        "162  W 1.0    D 0.5    L 0.0".to_string(),
        "352 WB".to_string(),
        "362 TW 3.0   TD 1.0   TL 0.0".to_string(),
        p(1, "1.5", &["   3 w 1", "   5 b ="]),
        p(2, "0.5", &["   4 b =", "   6 w 0"]),
        p(3, "1.0", &["   1 b 0", "0000 - U", "   5 w  "]),
        p(4, "1.5", &["   2 w =", "0000 - U", "   6 b  "]),
        p(5, "1.5", &["0000 - U", "   1 w =", "   3 b  "]),
        p(6, "2.0", &["0000 - U", "   2 b 1", "   4 w  "]),
        t(1, "3.0", "2.0", [1, 2]),
        t(2, "2.0", "2.5", [3, 4]),
        t(3, "4.0", "3.5", [5, 6]),
    ];
    let path = dir.join("teams.trf");
    std::fs::write(&path, lines.join("\n") + "\n").expect("write");
    path.to_str().expect("utf-8").to_string()
}

#[test]
fn a_team_bye_on_the_boards_only_is_a_drawn_match_and_310_is_checked() {
    let dir = tempfile::tempdir().expect("tmp");
    let f = team_file(dir.path());
    let (code, out, err) = run(&["trf", "standings", &f, "--tiebreaks", "MPTS GPTS"]);
    assert_eq!(code, 0, "{err}");
    // Team 1: won round 1 1.5-0.5 (TW 3), lost round 2 0.5-1.5: 3 MP, 2.0 GP. Team 2: lost
    // round 1, PAB in round 2 (a drawn match's MP, C.04.6 1.4: TD 1; each board's `U` at the
    // 162 P value, 2 x 1.0 GP, as Gacrux and the players' own points count it): 1 MP, 2.5 GP.
    // Team 3: PAB, then won 1.5-0.5: 4 MP, 3.5 GP. Round 3 is not scored (no drawn matches).
    assert_eq!(
        out,
        "Rank\tStartNo\tMPTS\tGPTS\n1\t3\t4.0\t3.5\n2\t1\t3.0\t2.0\n3\t2\t1.0\t2.5\n"
    );
    assert!(
        err.contains(
            "warning: line 13, column 55: 第2队310记录的场分2.0与各轮结果之和1.0不符 / team 2: 310 gives 2.0 match points, the rounds give 1.0"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "warning: line 8, column 119: 第3轮已配对但没有任何结果，不计分 / round 3 is paired without any result and is not scored"
        ),
        "{err}"
    );
    assert_eq!(err.matches("warning").count(), 2, "{err}");
    // Pairing it is refused: round 3 is paired already.
    let (code, _, err) = run(&["trf", "pair", &f, "--system", "team"]);
    assert_eq!(code, 2);
    assert!(
        err.contains(
            "line 8, column 119: 第3轮：棋手3与5已配对但没有结果（该轮未录完） / round 3: players 3 and 5 are paired without a result (the round is half entered)"
        ),
        "{err}"
    );
}

/// The largest file within the bounds that is a tournament: 9,998 players, 150 rounds (each
/// round pairs player i with i XOR r, all draws), 15.9 MB. `trf standings` reads, checks and
/// ranks it under 200 MB of memory (peak resident set of the process, from `wait4`; 121 MB
/// measured in a debug build).
#[test]
fn the_largest_file_within_the_bounds_stays_under_200_mb() {
    let dir = tempfile::tempdir().expect("tmp");
    let (n, rounds) = (9998usize, 150usize);
    let mut text = String::from("012 big\nXXR 151\n");
    for i in 0..n {
        let mut blocks = Vec::with_capacity(rounds);
        let mut pts = 0;
        for r in 0..rounds {
            let j = i ^ (r + 1);
            if j >= n {
                blocks.push("0000 - Z".to_string());
                continue;
            }
            pts += 1;
            let c = if (i < j) == r.is_multiple_of(2) {
                'w'
            } else {
                'b'
            };
            blocks.push(format!("{:>4} {c} =", j + 1));
        }
        text.push_str(&format!(
            "001 {:>4} m    {:<33} 2000 CHN             1990/01/01 {:>4}       {}\n",
            i + 1,
            format!("P{}", i + 1),
            format!("{}.{}", pts / 2, if pts % 2 == 1 { 5 } else { 0 }),
            blocks.join("  ")
        ));
    }
    assert!(text.len() > 15_000_000 && text.len() < 16 * 1024 * 1024);
    let path = dir.path().join("big.trf");
    std::fs::write(&path, text).expect("write");
    let (code, out, err, usage) = util::measure(&[
        "trf",
        "standings",
        path.to_str().expect("utf-8"),
        "--tiebreaks",
        "PTS",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(String::from_utf8_lossy(&out).lines().count(), n + 1);
    eprintln!("largest file: {usage:?}");
    assert!(usage.max_rss_kib > 1_000, "{usage:?}");
    assert!(usage.max_rss_kib * 1024 < 200_000_000, "{usage:?}");
}
