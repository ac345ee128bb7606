//! `bianpai trf check` and `bianpai trf generate` (issue 47): every round of a file paired again
//! from the rounds before it and compared board by board; the ranks held to the `212` order; a
//! seeded generator whose files the checker passes.

mod util;

use std::path::{Path, PathBuf};

use util::{bianpai, reference};

fn run(args: &[&str]) -> (i32, String) {
    let out = bianpai(args);
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

fn trfs(dir: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(reference().join(dir))
        .expect("corpus folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

/// The file's text with round `round`'s block of player `no` replaced by `block` (8 columns).
fn set_block(text: &str, edits: &[(u16, usize, &str)]) -> String {
    text.lines()
        .map(|l| {
            let mut l = l.to_string();
            for &(no, round, block) in edits {
                if l.starts_with("001")
                    && l.get(4..8).and_then(|s| s.trim().parse().ok()) == Some(no)
                {
                    let s = 91 + 10 * (round - 1);
                    l.replace_range(s..s + 8, block);
                }
            }
            l
        })
        .collect::<Vec<_>>()
        .join("\n")
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.to_str().expect("utf-8").to_string()
}

/// The library's verdict on a file: rounds that differ, and whether the ranks differ.
fn verdict(path: &Path, system: bianpai::trf::verify::System) -> (Vec<usize>, bool) {
    let text = std::fs::read_to_string(path).expect("read");
    let trf = bianpai::trf::parse(&text).expect("parses");
    let h = bianpai::trf::history(&trf).expect("a tournament");
    let rounds = bianpai::trf::verify::replay(&h, system)
        .into_iter()
        .filter(|r| !r.agrees())
        .map(|r| r.round)
        .collect();
    let ranks = bianpai::trf::verify::ranks(&trf, &h, None)
        .expect("tie-breaks read")
        .is_some_and(|r| !r.diffs.is_empty());
    (rounds, ranks)
}

#[test]
fn every_reference_file_passes() {
    use bianpai::trf::verify::System;
    let mut checked = 0;
    for (dir, system) in [
        ("dutch", System::Dutch),
        ("dutch-edge", System::Dutch),
        ("bbp_youth", System::Dutch),
        ("team_swiss", System::Team),
    ] {
        for f in trfs(dir) {
            assert_eq!(verdict(&f, system), (vec![], false), "{}", f.display());
            checked += 1;
        }
    }
    assert_eq!(checked, 120 + 3 + 10 + 40);
}

#[test]
fn the_youth_files_ranks_agree_with_their_212_order() {
    let f = reference().join("bbp_youth/ah-youth-chess-2026-u10-boys.trf");
    let (code, out) = run(&["trf", "check", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("第7轮：一致（16台）\n"), "{out}");
    assert!(
        out.contains("名次（PTS BH/C1 BH DE WIN）：一致，33个名次\n"),
        "{out}"
    );
    assert!(out.ends_with("结论：全部一致\n"), "{out}");
}

#[test]
fn two_boards_swapped_in_round_3_are_named() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(reference().join("dutch/d-013p-06r-s24990.trf")).unwrap();
    // Round 3 was 6-8 and 12-10 (white first); the copy has 6-10 and 12-8, results kept.
    let swapped = set_block(
        &text,
        &[
            (6, 3, "  10 w 0"),
            (10, 3, "   6 b 1"),
            (12, 3, "   8 w 0"),
            (8, 3, "  12 b 1"),
        ],
    );
    let p = write(dir.path(), "swap.trf", &swapped);
    let (code, out) = run(&["trf", "check", &p]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("第2轮：一致（5台）\n"), "{out}");
    assert!(
        out.contains(
            "第3轮：与重新编排不符\n  第5台：应为6对8（6执白），文件中6对10，8对12\n  第6台：应为12对10（12执白），文件中12对8，10对6\n第4轮：一致（6台）\n"
        ),
        "{out}"
    );
    // Round 6 follows from the changed history: 6 and 10 met in round 3 now.
    assert!(out.ends_with("结论：第3、6轮编排不符\n"), "{out}");
    let (_, en) = run(&["trf", "check", &p, "--lang", "en"]);
    assert!(
        en.contains("Round 3: differs from the re-pairing\n  board 5: should be 6 v 8 (6 White); in the file 6 meets 10, 8 meets 12\n"),
        "{en}"
    );
    assert!(
        en.ends_with("Result: the pairing of round 3, 6 differs\n"),
        "{en}"
    );
}

#[test]
fn a_changed_colour_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let text = std::fs::read_to_string(reference().join("dutch/d-013p-06r-s24990.trf")).unwrap();
    // Round 2: 4 had White against 1; the copy gives White to 1.
    let p = write(
        dir.path(),
        "colour.trf",
        &set_block(&text, &[(1, 2, "   4 w ="), (4, 2, "   1 b =")]),
    );
    let (code, out) = run(&["trf", "check", &p]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains(
            "第2轮：与重新编排不符\n  第1台 4对1：颜色不符，应为4执白，文件中1执白\n第3轮"
        ),
        "{out}"
    );
}

#[test]
fn a_wrong_rank_is_named() {
    let dir = tempfile::tempdir().unwrap();
    let text =
        std::fs::read_to_string(reference().join("bbp_youth/ah-youth-chess-2026-u10-boys.trf"))
            .unwrap();
    // Players 1 and 2 rank 30th and 15th; the copy swaps the two ranks.
    let edited: String = text
        .split_inclusive('\n')
        .map(|l| {
            if l.starts_with("001    1 ") {
                l.replacen(" 2.0   30 ", " 2.0   15 ", 1)
            } else if l.starts_with("001    2 ") {
                l.replacen(" 3.5   15 ", " 3.5   30 ", 1)
            } else {
                l.to_string()
            }
        })
        .collect();
    assert_ne!(edited, text);
    let p = write(dir.path(), "rank.trf", &edited);
    let (code, out) = run(&["trf", "check", &p]);
    assert_eq!(code, 1, "{out}");
    assert!(
        out.contains("名次（PTS BH/C1 BH DE WIN）：不符\n  选手2（Zhou, Kai）：文件名次30，应为第15名\n  选手1（Wei, Ruitian）：文件名次15，应为第30名\n结论：名次不符\n"),
        "{out}"
    );
}

#[test]
fn unreadable_input_is_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let (code, _) = run(&["trf", "check", "/nonexistent/x.trf"]);
    assert_eq!(code, 2);
    let p = write(
        dir.path(),
        "bad.trf",
        "001    1 m    A                                 2000                             1.0          2 x 1\n",
    );
    let (code, _) = run(&["trf", "check", &p]);
    assert_eq!(code, 2);
    let good = reference().join("dutch/d-013p-06r-s24990.trf");
    let (code, _) = run(&[
        "trf",
        "check",
        good.to_str().unwrap(),
        "--tiebreaks",
        "PTS NOPE",
    ]);
    assert_eq!(code, 2);
}

const GENERATE: [&str; 16] = [
    "--players",
    "25",
    "--rounds",
    "7",
    "--seed",
    "42",
    "--forfeit-rate",
    "15",
    "--retired-rate",
    "8",
    "--half-point-bye-rate",
    "8",
    "--withdrawal-rate",
    "10",
    "--late-entry-rate",
    "10",
];

fn generate(dir: &Path, name: &str, extra: &[&str]) -> String {
    let out = dir.join(name);
    let o = out.to_str().unwrap().to_string();
    let mut args = vec!["trf", "generate", "-o", &o];
    args.extend_from_slice(extra);
    let (code, text) = run(&args);
    assert_eq!(code, 0, "{text}");
    o
}

#[test]
fn the_same_seed_gives_the_same_file_and_the_checker_passes_it() {
    let dir = tempfile::tempdir().unwrap();
    let a = generate(dir.path(), "a.trf", &GENERATE);
    let b = generate(dir.path(), "b.trf", &GENERATE);
    let text = std::fs::read(&a).unwrap();
    assert_eq!(text, std::fs::read(&b).unwrap());
    let text = String::from_utf8(text).unwrap();
    assert!(
        text.starts_with("012 Generated tournament, seed 42\r\n"),
        "{text}"
    );
    assert!(text.contains("\r\n212 PTS BH/C1 BH SB\r\n"), "{text}");
    // Player 5 enters in round 2, is absent (Z) in rounds 3 and 4, takes a half-point bye in
    // round 6; player 3 withdraws after round 3.
    assert!(
        text.contains("  0000 -      20 b 1  0000 - Z  0000 - Z    24 w 1  0000 - H    14 b 1\r\n"),
        "{text}"
    );
    assert!(
        text.contains("     7 w =  0000 -    0000 -    0000 -    0000 -  \r\n"),
        "{text}"
    );
    let (code, out) = run(&["trf", "check", &a]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("名次（PTS BH/C1 BH SB）：一致，25个名次\n"),
        "{out}"
    );
    let mut other = GENERATE;
    other[5] = "43";
    let c = generate(dir.path(), "c.trf", &other);
    assert_ne!(std::fs::read(&c).unwrap(), std::fs::read(&a).unwrap());
}

#[test]
fn a_generated_file_with_one_board_swapped_fails() {
    let dir = tempfile::tempdir().unwrap();
    let a = generate(dir.path(), "a.trf", &GENERATE);
    let text = std::fs::read_to_string(&a).unwrap().replace("\r\n", "\n");
    // Round 4: 1 (Black) beat 11, 2 (White) drew 6; the copy pairs 1-6 and 2-11.
    let swapped = set_block(
        &text,
        &[
            (1, 4, "   6 b 1"),
            (6, 4, "   1 w 0"),
            (2, 4, "  11 w ="),
            (11, 4, "   2 b ="),
        ],
    );
    let p = write(dir.path(), "swap.trf", &swapped);
    let (code, out) = run(&["trf", "check", &p]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("第4轮：与重新编排不符\n"), "{out}");
    assert!(out.contains("第3轮：一致（11台）\n"), "{out}");
}

#[test]
fn a_generated_team_event_passes_the_team_checker() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "--teams",
        "9",
        "--boards",
        "4",
        "--rounds",
        "6",
        "--seed",
        "7",
        "--forfeit-rate",
        "20",
    ];
    let a = generate(dir.path(), "t.trf", &args);
    let b = generate(dir.path(), "u.trf", &args);
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
    let text = std::fs::read_to_string(&a).unwrap();
    assert!(text.contains("\r\n192 FIDE_TEAM_TYPEA_MP_GP\r\n"), "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("310")).count(), 9);
    let (code, out) = run(&["trf", "check", &a]);
    assert_eq!(code, 0, "{out}");
    assert!(
        out.contains("按FIDE 团体瑞士制逐轮重新编排，共6轮\n"),
        "{out}"
    );
    assert!(out.contains("名次（MPTS GPTS）：一致，9个名次\n"), "{out}");
}

/// Six players, two rounds; player 5's half-point bye of round 2 is only in a `240` record
/// (his round-2 block is missing). Round 2 is paired again without him (2-1, 4-3, 6 the PAB),
/// and his points column (0.5) counts the bye: no warning, the standings agree. Without the
/// record the same column is named (a warning and a standings difference), the rounds giving
/// 0.0.
const WITH_240: &str = "012 Records 26\nXXR 3\n212 PTS\n240 H 002    5\n\
001    1 m    Alpha, A                          2400 CHN             1990/01/01  2.0    1     4 w 1     2 b 1\n\
001    2 m    Beta, B                           2300 CHN             1990/01/01  1.0    3     5 b 1     1 w 0\n\
001    3 m    Gamma, C                          2200 CHN             1990/01/01  2.0    2     6 w 1     4 b 1\n\
001    4 m    Delta, D                          2100 CHN             1990/01/01  0.0    6     1 b 0     3 w 0\n\
001    5 m    Eta, E                            2000 CHN             1990/01/01  0.5    5     2 w 0\n\
001    6 m    Zeta, F                           1900 CHN             1990/01/01  1.0    4     3 b 0  0000 - U\n";

#[test]
fn a_240_bye_is_read_by_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(dir.path(), "p240.trf", WITH_240);
    let out = bianpai(&["trf", "check", &p, "--lang", "en"]);
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{stdout}");
    assert_eq!(
        stdout,
        format!(
            "{p}: every round paired again with the FIDE Dutch engine, 2 rounds\n\
             Round 1: identical (3 boards)\nRound 2: identical (2 boards)\n\
             Standings (PTS): identical, 6 ranks\nResult: everything agrees\n"
        )
    );
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
    let q = write(
        dir.path(),
        "no240.trf",
        &WITH_240.replace("240 H 002    5\n", ""),
    );
    let out = bianpai(&["trf", "check", &q, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stdout).ends_with(
        "Standings (PTS): differ\n  player 5 (Eta, E): 0.5 points in the file, the rounds give \
         0.0\nResult: the standings differ\n"
    ));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "{q}: warning: line 8, column 81: 棋手5的积分0.5与各轮结果之和0.0不符 / player 5: \
             points 0.5 but the rounds give 0.0\n"
        )
    );
}

/// A `240` bye over a round the player played is refused (exit 2), naming the record.
#[test]
fn a_240_bye_over_a_game_is_refused_by_the_checker() {
    let dir = tempfile::tempdir().unwrap();
    let p = write(
        dir.path(),
        "bad240.trf",
        &WITH_240.replace("240 H 002    5", "240 H 001    5"),
    );
    let out = bianpai(&["trf", "check", &p, "--lang", "en"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "record 240 round 1: 选手5该轮已有其他结果 / player 5 has another result in that round"
        ),
        "{err}"
    );
}
