//! The xiangqi team sample (`samples/xiangqi-team-2026`, template `xiangqi-team`, issue 42
//! point 8), played to the end by `samples/play_xqteam.py`. Two team sections in one folder:
//! 男子团体, 8 teams of 3 boards + 1 reserve in two groups of four (snake over the public draw),
//! then a crossover knockout (`results/team-men-*.xlsx`, `out/team-men/`); 女子团体, 6 teams of 3
//! boards + 1 reserve from six of the same units, one round robin of five rounds
//! (`results/team-women-*.xlsx`, `out/team-women/`). Every result was typed as a xiangqi word
//! (红胜, 黑胜, 和) by colour; the first-named team has black on board 2
//! (`first_named = "红黑红"`). The values below are worked out by hand from the typed workbooks.

mod util;

use std::path::{Path, PathBuf};

use util::cells::{read_book, sheet};
use util::{run_json, sample_copy};

/// The public draw 1-8 (event.toml); snake gives A = 1, 4, 5, 8 and B = 2, 3, 6, 7.
const GROUP_A: [&str; 4] = ["广东队", "浙江队", "江苏队", "湖北队"];
const GROUP_B: [&str; 4] = ["北京队", "上海队", "四川队", "河北队"];

/// FIDE's Berger table for four (C.05 Annex 1): rounds of (first-named, second) by number.
const BERGER_4: [[(usize, usize); 2]; 3] = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]];

/// The women's public draw 1-6 (event.toml `[draw.sections] team-women`).
const WOMEN: [&str; 6] = ["北京队", "浙江队", "广东队", "上海队", "河北队", "江苏队"];

/// FIDE's Berger table for six (C.05 Annex 1).
const BERGER_6: [[(usize, usize); 3]; 5] = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
];

/// The men's round workbook `name` (`r01.xlsx`, `finals-r02.xlsx`) under `results/`.
fn men(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("results/team-men-{name}"))
}

/// `(rank, name)` of a section's entries in the summary's final standings.
fn ranked(j: &serde_json::Value, section: &str) -> Vec<(u64, String)> {
    (j["standings"].as_array().expect("standings"))
        .iter()
        .filter(|s| s["section"] == section)
        .map(|s| (s["rank"].as_u64().unwrap_or(0), util::s(s, "name")))
        .collect()
}

/// The prizes of a section, as [`util::paid_prizes`] lists them.
fn paid(j: &serde_json::Value, section: &str, err: &str) -> Vec<(u64, String, i64, bool)> {
    let mut j = j.clone();
    if let Some(prizes) = j["prizes"].as_array_mut() {
        prizes.retain(|p| p["section"] == section);
    }
    util::paid_prizes(&j, err)
}

fn numbered(names: &[&str]) -> Vec<(u64, String)> {
    (names.iter().enumerate())
        .map(|(i, n)| (i as u64 + 1, n.to_string()))
        .collect()
}

/// The rows of a round workbook's first sheet from the header on: 场次, 台次, 主队, 主队棋手,
/// 执色, 结果, 客队棋手, 客队 (, 分组).
fn rows(path: &Path) -> Vec<Vec<String>> {
    let book = read_book(path);
    let sh = &book[0];
    (2..sh.rows.len())
        .map(|r| sh.texts(r))
        .filter(|r| r.len() >= 8 && !r[1].is_empty())
        .collect()
}

/// The matches (home, away, group label) of a round workbook, from its board-1 rows.
fn matches(path: &Path) -> Vec<(String, String, String)> {
    rows(path)
        .into_iter()
        .filter(|r| r[1] == "1")
        .map(|r| {
            (
                r[2].clone(),
                r[7].clone(),
                r.get(8).cloned().unwrap_or_default(),
            )
        })
        .collect()
}

fn played() -> (tempfile::TempDir, PathBuf, serde_json::Value, String) {
    let (tmp, dir) = sample_copy("xiangqi-team-2026");
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    // Clean forms; 广东队's form (广东省象棋协会报名表.xlsx) names its unit by the alias of
    // `[[teams]]`, so it is the team 广东队 of the public draw, with no finding.
    assert_eq!(j["findings"], serde_json::json!([]), "{err}");
    // Eight units, six of them entering both sections.
    assert_eq!(j["teams"], 8);
    (tmp, dir, j, err)
}

/// The board (home, result as typed, home's colour) of match `m`, board `b` of a workbook.
fn board(path: &Path, m: &str, b: &str) -> [String; 3] {
    let r = rows(path)
        .into_iter()
        .find(|r| r[0] == m && r[1] == b)
        .expect("board");
    [r[2].clone(), r[5].clone(), r[4].clone()]
}

#[test]
fn word_results_are_scored_by_colour_where_the_home_team_has_black() {
    let (_tmp, dir, _j, _err) = played();
    let r1 = men(&dir, "r01.xlsx");
    // Round 1, match 2, board 2: 浙江队 (home) has black and its player won: typed 黑胜.
    assert_eq!(
        board(&r1, "2", "2"),
        ["浙江队", "黑胜", "黑"].map(String::from)
    );
    // Round 1, match 4, board 2: 上海队 (home) has black and lost: typed 红胜.
    assert_eq!(
        board(&r1, "4", "2"),
        ["上海队", "红胜", "黑"].map(String::from)
    );
    // The printable pairing shows each game from the home side: 2-0 and 0-2.
    let printed = dir.join("out/team-men/pairings-team-men-r01.xlsx");
    assert_eq!(board(&printed, "2", "2")[1], "2-0");
    assert_eq!(board(&printed, "4", "2")[1], "0-2");
    // 浙江队 won board 1 (红胜) and board 2 (黑胜), drew board 3: 5-1 (a home reading of 黑胜
    // would give 3-3).
    let standings = read_book(&dir.join("out/team-men/standings.xlsx"));
    let a = sheet(&standings, "A组交叉表");
    let zj = a
        .body()
        .into_iter()
        .find(|r| r[1] == "浙江队")
        .expect("浙江队");
    // Columns: 序号, 队名, then the group's numbers 1, 4, 5, 8: 江苏队 is number 5.
    assert_eq!(zj[4], "5-1");

    // The final: 广东队 (home) drew board 1, won board 2 with black (黑胜) and board 3 (红胜):
    // 5-1 and the title. The third-place match: 浙江队 (home) lost board 1 (黑胜) and board 2
    // with black (红胜), drew board 3: 上海队 5-1.
    let f2 = men(&dir, "finals-r02.xlsx");
    assert_eq!(
        board(&f2, "1", "2"),
        ["广东队", "黑胜", "黑"].map(String::from)
    );
    assert_eq!(
        board(&f2, "2", "2"),
        ["浙江队", "红胜", "黑"].map(String::from)
    );
    let finals = read_book(&dir.join("out/team-men/finals.xlsx"));
    let sh = sheet(&finals, "对阵");
    let got: Vec<[String; 4]> = sh
        .body()
        .into_iter()
        .filter(|r| r.len() >= 7 && !r[0].is_empty())
        .map(|r| [r[0].clone(), r[4].clone(), r[5].clone(), r[6].clone()])
        .collect();
    let want = [
        ["SF1", "2-0", "5-1", "广东队（1）"],
        ["SF2", "2-0", "4-2", "北京队（2）"],
        ["F", "2-0", "5-1", "广东队（1）"],
        // 主队 is 浙江队 (seed 3), first-named in leg 1 though it came from the away slot; its
        // points first (issue 44).
        ["B", "0-2", "1-5", "上海队（4）"],
    ]
    .map(|r| r.map(String::from));
    assert_eq!(got, want);
}

#[test]
fn groups_follow_berger_and_the_knockout_is_seeded_from_the_group_places() {
    let (_tmp, dir, j, err) = played();
    for r in 1..=3 {
        let mut want = Vec::new();
        for (label, members) in [("A组", GROUP_A), ("B组", GROUP_B)] {
            for (w, b) in BERGER_4[r - 1] {
                want.push((
                    members[w - 1].to_string(),
                    members[b - 1].to_string(),
                    label.to_string(),
                ));
            }
        }
        let path = men(&dir, &format!("r{r:02}.xlsx"));
        assert_eq!(matches(&path), want, "round {r}");
    }
    // Group places: A 广东 浙江 江苏 湖北 (6/4/2/0 match points), B 北京 上海 四川 河北.
    let standings = read_book(&dir.join("out/team-men/standings.xlsx"));
    for (name, want, mp, gp) in [
        (
            "A组排名",
            GROUP_A,
            ["6.0", "4.0", "2.0", "0.0"],
            ["15.0", "11.0", "6.0", "4.0"],
        ),
        (
            "B组排名",
            GROUP_B,
            ["6.0", "4.0", "2.0", "0.0"],
            ["15.0", "10.0", "8.0", "3.0"],
        ),
    ] {
        let body = sheet(&standings, name).body();
        let got: Vec<[&str; 4]> = body
            .iter()
            .filter(|r| r.len() >= 5 && r[2].ends_with('队'))
            .map(|r| [r[0].as_str(), r[2].as_str(), r[3].as_str(), r[4].as_str()])
            .collect();
        let want: Vec<[&str; 4]> = (0..4)
            .map(|i| [["1", "2", "3", "4"][i], want[i], mp[i], gp[i]])
            .collect();
        assert_eq!(got, want, "{name}");
    }
    // Semi-finals 1A-2B and 1B-2A; then the final and the third-place match, the better seed
    // (1A, 1B, 2A, 2B = seeds 1-4) first-named.
    let pairs = |f: &str| -> Vec<(String, String)> {
        matches(&men(&dir, f))
            .into_iter()
            .map(|m| (m.0, m.1))
            .collect()
    };
    let p = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(
        pairs("finals-r01.xlsx"),
        [p("广东队", "上海队"), p("北京队", "浙江队")]
    );
    assert_eq!(
        pairs("finals-r02.xlsx"),
        [p("广东队", "北京队"), p("浙江队", "上海队")]
    );

    // The final ranking and the six team prizes in fen, paid to the units.
    let want = numbered(&[
        "广东队",
        "北京队",
        "上海队",
        "浙江队",
        "江苏队",
        "四川队",
        "湖北队",
        "河北队",
    ]);
    assert_eq!(ranked(&j, "男子团体"), want);
    let paid = paid(&j, "男子团体", &err);
    let want = util::paid_in_full(&[
        (1, "广东队", 3_000_000),
        (2, "北京队", 2_000_000),
        (3, "上海队", 1_500_000),
        (4, "浙江队", 1_000_000),
        (5, "江苏队", 800_000),
        (6, "四川队", 600_000),
    ]);
    assert_eq!(paid, want);

    // Lodging 300 yuan a person a day (400 alone in a single), 11-01 to 11-06, 5 days, from
    // the 食宿 sheets: 广东队 (leader, coach, 4 men, 4 women) 10 in twin rooms = 15,000 and
    // receives its prizes against it, 30,000 (men 1st) + 8,000 (women 3rd); 湖北队 (men only)
    // 4 in twin rooms, 金强 and the coach 谢琳薇 alone = 6,000 + 2 × 2,000.
    let costs = read_book(&dir.join("out/costs.xlsx"));
    let sum = sheet(&costs, "汇总");
    let line = |team: &str| -> Vec<String> {
        let row = sum.body().into_iter().find(|r| r[0] == team).expect("team");
        row.into_iter().take(4).collect()
    };
    assert_eq!(
        line("广东队"),
        ["广东队", "15000.00", "38000.00", "-23000.00"]
    );
    assert_eq!(line("湖北队"), ["湖北队", "10000.00", "0.00", "10000.00"]);
}

/// The women's section: six teams in one round robin over their own public draw, each round
/// equal to the Berger table for six; their own final ranking, honour and prizes in fen.
#[test]
fn the_womens_section_plays_its_own_round_robin_and_is_paid_its_own_prizes() {
    let (_tmp, dir, j, err) = played();
    for r in 1..=5 {
        let want: Vec<(String, String, String)> = BERGER_6[r - 1]
            .iter()
            .map(|&(w, b)| {
                (
                    WOMEN[w - 1].to_string(),
                    WOMEN[b - 1].to_string(),
                    String::new(),
                )
            })
            .collect();
        let path = dir.join(format!("results/team-women-r{r:02}.xlsx"));
        assert_eq!(matches(&path), want, "round {r}");
    }
    assert!(!dir.join("results/team-women-r06.xlsx").exists());
    // The women's players only: 北京队's board 1 in round 1 is its strongest woman.
    let r1 = rows(&dir.join("results/team-women-r01.xlsx"));
    assert_eq!(r1[0][2..4], ["北京队".to_string(), "宋婷芳".to_string()]);
    // Match scores (home first, 2/1/0 a game), typed by colour:
    // r1 北京-江苏 5-1, 浙江-河北 5-1, 广东-上海 4-2; r2 江苏-上海 2-4, 河北-广东 2-4,
    // 北京-浙江 5-1; r3 浙江-江苏 5-1, 广东-北京 2-4, 上海-河北 5-1; r4 江苏-河北 1-5,
    // 北京-上海 4-2, 浙江-广东 4-2; r5 广东-江苏 4-2, 上海-浙江 1-5, 河北-北京 1-5.
    // 场分 / 局分: 北京队 10 / 23, 浙江队 8 / 20, 广东队 6 / 16, 上海队 4 / 14, 河北队 2 / 10,
    // 江苏队 0 / 7; the champion's 备注 is its honour 冠军.
    let book = read_book(&dir.join("out/team-women/standings.xlsx"));
    let got: Vec<Vec<String>> = (sheet(&book, "排名").body().into_iter())
        .filter(|r| r.len() >= 8 && r[0].parse::<u32>().is_ok())
        .map(|r| [&r[..5], &r[7..8]].concat())
        .collect();
    let want: Vec<Vec<String>> = [
        ["1", "1", "北京队", "10.0", "23.0", "冠军"],
        ["2", "2", "浙江队", "8.0", "20.0", ""],
        ["3", "3", "广东队", "6.0", "16.0", ""],
        ["4", "4", "上海队", "4.0", "14.0", ""],
        ["5", "5", "河北队", "2.0", "10.0", ""],
        ["6", "6", "江苏队", "0.0", "7.0", ""],
    ]
    .iter()
    .map(|r| r.iter().map(|c| c.to_string()).collect())
    .collect();
    assert_eq!(got, want);
    assert_eq!(ranked(&j, "女子团体"), numbered(&WOMEN));
    // The women's prize list of the template, paid to the units in fen.
    let want = util::paid_in_full(&[
        (1, "北京队", 2_000_000),
        (2, "浙江队", 1_200_000),
        (3, "广东队", 800_000),
        (4, "上海队", 500_000),
        (5, "河北队", 400_000),
        (6, "江苏队", 300_000),
    ]);
    assert_eq!(paid(&j, "女子团体", &err), want);
    // Each section's outputs in its own folder; no men's team in the women's.
    assert!(
        dir.join("out/team-women/pairings-team-women-r05.xlsx")
            .is_file()
    );
    assert!(!dir.join("out/team-women/finals.xlsx").exists());
    let text = util::text_of(&dir.join("out/team-women/standings.xlsx"));
    for man in ["四川队", "湖北队"] {
        assert!(!text.contains(man), "{man}");
    }
}

#[test]
fn no_chess_word_in_any_output() {
    let (_tmp, dir, _j, _err) = played();
    let mut files = Vec::new();
    util::walk(&dir.join("out"), &mut files);
    assert!(files.len() > 20, "{}", files.len());
    // 白 (white), ½, and the chess scores 1-0, 0-1, 1:0, 0:1 as a whole token.
    let chess = regex::Regex::new(r"白|½|(?:^|[^0-9.:\-])(?:1-0|0-1|1:0|0:1)(?:$|[^0-9.:\-])")
        .expect("regex");
    let found: Vec<String> = files
        .iter()
        .filter_map(|f| {
            let text = util::text_of(f);
            chess
                .find(&text)
                .map(|m| format!("{}: {}", f.display(), m.as_str()))
        })
        .collect();
    assert_eq!(found, Vec::<String>::new());
    // No FIDE report for a xiangqi event.
    assert!(
        !files
            .iter()
            .any(|f| f.extension().is_some_and(|e| e == "trf"))
    );
}
