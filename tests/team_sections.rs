//! Men's and women's team sections in one event folder (issue 42 point 8): the fixture
//! `tests/fixtures/team_sections` has 男子团体 and 女子团体, each a single round robin of four
//! teams over its own public draw; 北京队, 上海队 and 广东队 enter both from one form each.
//! Every section is paired, scored, ranked, printed and paid on its own. The results below are
//! typed as xiangqi words by colour; every value is worked out by hand.

mod util;

use std::path::{Path, PathBuf};

use util::cells::{read_book, sheet};
use util::{fixture, paid_prizes, run_json};

/// Home side's result per round, match and board (`W` win, `D` draw, `L` loss), men's section.
/// Numbers: 1 北京队, 2 上海队, 3 广东队, 4 四川队; Berger: 1-4 2-3 / 4-3 1-2 / 2-4 3-1.
const MEN: [[&str; 2]; 3] = [["WWW", "WDL"], ["LDD", "WDD"], ["WWD", "DDD"]];
/// Women's section. Numbers: 1 浙江队, 2 广东队, 3 上海队, 4 北京队.
const WOMEN: [[&str; 2]; 3] = [["DDD", "WWL"], ["WWW", "WDD"], ["WLD", "LDD"]];

fn copy() -> (tempfile::TempDir, PathBuf) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let dir = tmp.path().join("team_sections");
    util::copy_tree(&fixture("team_sections"), &dir, false);
    (tmp, dir)
}

/// The word an arbiter types for the home side's `r` on a board where the home player has
/// `colour` (红/黑).
fn word(r: char, colour: &str) -> &'static str {
    match (r, colour) {
        ('D', _) => "和",
        ('W', "红") | ('L', "黑") => "红胜",
        _ => "黑胜",
    }
}

/// Types the round's results into a section's round workbook, by colour.
fn type_round(path: &Path, results: &[&str; 2]) {
    util::edit::rewrite(path, path, true, |grid| {
        for row in grid.iter_mut().skip(2) {
            let (Ok(m), Ok(b)) = (row[0].parse::<usize>(), row[1].parse::<usize>()) else {
                continue;
            };
            let r = results[m - 1].chars().nth(b - 1).expect("board");
            row[5] = word(r, &row[4]).to_string();
        }
    });
}

/// The matches (home, away) of a round workbook, from its board-1 rows.
fn matches(path: &Path) -> Vec<(String, String)> {
    let book = read_book(path);
    let sh = &book[0];
    (2..sh.rows.len())
        .map(|r| sh.texts(r))
        .filter(|r| r.len() >= 8 && r[1] == "1")
        .map(|r| (r[2].clone(), r[7].clone()))
        .collect()
}

fn pairs(v: &[(&str, &str)]) -> Vec<(String, String)> {
    v.iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect()
}

/// The first `cols` cells of each ranked row of a section's 排名 sheet.
fn ranking(dir: &Path, section: &str, cols: usize) -> Vec<Vec<String>> {
    let book = read_book(&dir.join(format!("out/{section}/standings.xlsx")));
    sheet(&book, "排名")
        .body()
        .into_iter()
        .filter(|r| r.len() >= cols && r[0].parse::<u32>().is_ok())
        .map(|r| r[..cols].to_vec())
        .collect()
}

/// Plays both sections to the end; returns the last summary.
fn played(dir: &Path, men: &[[&str; 2]; 3]) -> serde_json::Value {
    for r in 1..=3 {
        let (code, j, err) = run_json(dir, &[]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(j["findings"], serde_json::json!([]), "{err}");
        for (sec, res) in [("team-men", men), ("team-women", &WOMEN)] {
            let path = dir.join(format!("results/{sec}-r{r:02}.xlsx"));
            type_round(&path, &res[r - 1]);
        }
    }
    let (code, j, err) = run_json(dir, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["findings"], serde_json::json!([]), "{err}");
    j
}

#[test]
fn each_team_section_is_paired_from_its_own_draw_and_roster() {
    let (_tmp, dir) = copy();
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["findings"], serde_json::json!([]), "{err}");
    // Five forms, each team once in the roster.
    assert_eq!(j["teams"], 5);
    // Round 1 of each section by its public draw and Berger's table (1-4, 2-3); a team
    // entering both sections plays in each with its own players.
    let men = dir.join("results/team-men-r01.xlsx");
    assert_eq!(
        matches(&men),
        pairs(&[("北京队", "四川队"), ("上海队", "广东队")])
    );
    let women = dir.join("results/team-women-r01.xlsx");
    assert_eq!(
        matches(&women),
        pairs(&[("浙江队", "北京队"), ("广东队", "上海队")])
    );
    // 北京队's board 1: 陈睿宇 (men), 万露彤 (women); 韩子墨's empty 组别 is placed by his sex.
    let book = read_book(&women);
    assert_eq!(book[0].texts(2)[6], "万露彤");
    let book = read_book(&men);
    assert_eq!(book[0].texts(4)[3], "韩子墨");
    // The marker names the stage and the section.
    let marker = sheet(&book, "bianpai");
    assert_eq!(marker.texts(3)[1], "regular:team-men");
    // Each section prints in its own folder.
    assert!(
        dir.join("out/team-men/pairings-team-men-r01.xlsx")
            .is_file()
    );
    assert!(
        dir.join("out/team-women/pairings-team-women-r01.xlsx")
            .is_file()
    );
    assert!(!dir.join("results/r01.xlsx").exists());
}

#[test]
fn each_team_section_is_ranked_and_paid_on_its_own() {
    let (_tmp, dir) = copy();
    let j = played(&dir, &MEN);
    // Round 3 of the men: 上海队-四川队, 广东队-北京队 (2-4, 3-1).
    assert_eq!(
        matches(&dir.join("results/team-men-r03.xlsx")),
        pairs(&[("上海队", "四川队"), ("广东队", "北京队")])
    );
    // Men: 北京队 W W D = 5 场分, 13 局分; 广东队 D W D = 4, 10; 上海队 D L W = 3, 10;
    // 四川队 0, 3.
    let want = [
        ["1", "1", "北京队", "5.0", "13.0"],
        ["2", "3", "广东队", "4.0", "10.0"],
        ["3", "2", "上海队", "3.0", "10.0"],
        ["4", "4", "四川队", "0.0", "3.0"],
    ]
    .map(|r| r.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    assert_eq!(ranking(&dir, "team-men", 5), want);
    // Women: 浙江队 D W W = 5, 11; 北京队 D W D = 4, 12; 广东队 W L D = 3, 9; 上海队 0, 4.
    let want = [
        ["1", "1", "浙江队", "5.0", "11.0"],
        ["2", "4", "北京队", "4.0", "12.0"],
        ["3", "2", "广东队", "3.0", "9.0"],
        ["4", "3", "上海队", "0.0", "4.0"],
    ]
    .map(|r| r.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    assert_eq!(ranking(&dir, "team-women", 5), want);
    // The results page shows each section's final ranking, last round and crosstable, the
    // men's first.
    let page = std::fs::read_to_string(dir.join("out/web/index.html")).expect("page");
    let heads: Vec<&str> = page
        .lines()
        .filter(|l| l.starts_with("<section id=") || l.starts_with("<h3>"))
        .collect();
    let section = |id: &'static str| {
        [
            id,
            "<h3>总排名</h3>",
            "<h3>循环赛 第3轮 对阵及成绩</h3>",
            "<h3>交叉表</h3>",
        ]
    };
    assert_eq!(
        heads,
        [
            section("<section id=\"s-team-men\">"),
            section("<section id=\"s-team-women\">")
        ]
        .concat()
    );
    // The summary: both sections over, their standings named by section.
    assert_eq!(j["finished"], true);
    assert_eq!(j["rounds"]["sections"][1]["section"], "女子团体");
    assert_eq!(j["rounds"]["sections"][1]["complete"], 3);
    let firsts: Vec<(String, String)> = (j["standings"].as_array().expect("standings"))
        .iter()
        .filter(|e| e["rank"] == 1)
        .map(|e| (util::s(e, "section"), util::s(e, "name")))
        .collect();
    assert_eq!(
        firsts,
        pairs(&[("男子团体", "北京队"), ("女子团体", "浙江队")])
    );
    // Each section's prize list pays its own final ranking, in fen.
    let mut got = paid_prizes(&j, "");
    got.sort_by(|a, b| (b.2, &a.1).cmp(&(a.2, &b.1)));
    let want: Vec<(u64, String, i64, bool)> = [
        (1, "北京队", 3_000_000),
        (2, "广东队", 2_000_000),
        (1, "浙江队", 2_000_000),
        (2, "北京队", 1_200_000),
        (3, "上海队", 1_000_000),
        (3, "广东队", 600_000),
    ]
    .iter()
    .map(|&(p, n, f)| (p, n.to_string(), f, false))
    .collect();
    assert_eq!(got, want);
}

/// The 直胜 column (EDE, C.07 13.3) is the place inside a group of teams level on 场分 and 局分:
/// here 北京队 and 上海队 both have 3 and 9, and 北京队 beat 上海队 4-2 in round 2, so 北京队
/// is 1 and 上海队 2; teams in no tie have no place in one (0).
#[test]
fn the_direct_encounter_separates_teams_level_on_match_and_game_points() {
    // 四川队 W W D = 5, 13; 北京队 L W D = 3, 9; 上海队 W L D = 3, 9; 广东队 L L D = 1, 5.
    const TIED: [[&str; 2]; 3] = [["LDD", "WDD"], ["WWW", "WDD"], ["DDD", "DDD"]];
    let (_tmp, dir) = copy();
    played(&dir, &TIED);
    let men = read_book(&dir.join("out/team-men/standings.xlsx"));
    assert_eq!(sheet(&men, "排名").texts(1)[5], "直胜名次");
    let want = [
        ["1", "4", "四川队", "5.0", "13.0", "0"],
        ["2", "1", "北京队", "3.0", "9.0", "1"],
        ["3", "2", "上海队", "3.0", "9.0", "2"],
        ["4", "3", "广东队", "1.0", "5.0", "0"],
    ]
    .map(|r| r.iter().map(|c| c.to_string()).collect::<Vec<_>>());
    assert_eq!(ranking(&dir, "team-men", 6), want);
}

/// A section without a public draw is drawn by bianpai with the seed and recorded in
/// `results/<section>-draw.xlsx`, which the next run reads: the same numbers, no finding.
#[test]
fn a_section_without_a_public_draw_is_drawn_and_recorded_on_its_own() {
    let (_tmp, dir) = copy();
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).expect("event.toml");
    let women = "team-women = [\"浙江队\", \"广东队\", \"上海队\", \"北京队\"]\n";
    assert!(text.contains(women));
    std::fs::write(&toml, text.replacen(women, "", 1)).expect("event.toml");
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(j["findings"], serde_json::json!([]), "{err}");
    let draw = dir.join("results/team-women-draw.xlsx");
    assert!(draw.is_file(), "{err}");
    assert!(!dir.join("results/draw.xlsx").exists());
    let book = read_book(&draw);
    assert_eq!(sheet(&book, "bianpai").texts(3)[1], "draw:team-women");
    // The four women's teams, numbered 1-4.
    let mut drawn: Vec<String> = (2..book[0].rows.len())
        .map(|r| book[0].texts(r)[1].clone())
        .collect();
    let numbered = drawn.clone();
    drawn.sort();
    assert_eq!(drawn, ["上海队", "北京队", "广东队", "浙江队"]);
    // Round 1 is Berger's 1-4, 2-3 over the drawn numbers, and stays so on the next run.
    let r1 = dir.join("results/team-women-r01.xlsx");
    let want = pairs(&[
        (numbered[0].as_str(), numbered[3].as_str()),
        (numbered[1].as_str(), numbered[2].as_str()),
    ]);
    assert_eq!(matches(&r1), want);
    let (code, j, err) = run_json(&dir, &[]);
    assert_eq!(code, 0, "{err}");
    // Only the reminders that round 1's results are not typed yet.
    let codes: Vec<String> = (j["findings"].as_array().expect("findings"))
        .iter()
        .map(|f| util::s(f, "code"))
        .collect();
    assert_eq!(codes, ["result.missing", "result.missing"], "{err}");
    let files = j["files"].as_array().expect("files");
    assert!(
        files
            .iter()
            .any(|f| f["path"] == "results/team-women-draw.xlsx" && f["kind"] == "draw"),
        "{files:?}"
    );
    assert_eq!(matches(&r1), want);
}

/// A man whose 组别 cell names 女子团体 plays there, but the section is for women only: a
/// `team.too-many-men` error at his 组别 cell.
#[test]
fn a_player_of_the_other_sex_in_a_section_of_one_sex_is_named_at_his_cell() {
    let (_tmp, dir) = copy();
    let form = dir.join("北京队报名表.csv");
    let text = std::fs::read_to_string(&form).expect("form");
    let row = "4,男子团体,替补,梁文博";
    assert!(text.contains(row));
    std::fs::write(&form, text.replacen(row, "4,女子团体,替补,梁文博", 1)).expect("form");
    let (_, j, err) = run_json(&dir, &[]);
    let found: Vec<(String, String)> = (j["findings"].as_array().expect("findings"))
        .iter()
        .map(|f| (util::s(f, "code"), util::s(f, "source")))
        .collect();
    assert!(
        found.contains(&(
            "team.too-many-men".to_string(),
            "北京队报名表.csv!北京队报名表!B7".to_string()
        )),
        "{found:?} {err}"
    );
}

/// A ruling on a team that plays two sections applies to it in both (docs/contract.md, "Men's
/// and women's team sections in one folder"): 北京队 disqualified after the last round leaves
/// the men's and the women's rankings, the places below move up and the prizes follow.
#[test]
fn a_ruling_on_a_team_of_two_sections_applies_in_both() {
    let (_tmp, dir) = copy();
    played(&dir, &MEN);
    let toml = dir.join("event.toml");
    let text = std::fs::read_to_string(&toml).expect("event.toml");
    let ruling =
        "\n[[rulings]]\nteam = \"北京队\"\ndecision = \"disqualified\"\nclause = \"规程 七\"\n";
    std::fs::write(&toml, format!("{text}{ruling}")).expect("event.toml");
    let (_, j, err) = run_json(&dir, &[]);
    let placed = |sec: &str| -> Vec<(String, String)> {
        ranking(&dir, sec, 3)
            .into_iter()
            .map(|r| (r[0].clone(), r[2].clone()))
            .collect()
    };
    // Men: 北京队 was 1st; women: 2nd.
    assert_eq!(
        placed("team-men"),
        pairs(&[("1", "广东队"), ("2", "上海队"), ("3", "四川队")]),
        "{err}"
    );
    assert_eq!(
        placed("team-women"),
        pairs(&[("1", "浙江队"), ("2", "广东队"), ("3", "上海队")]),
        "{err}"
    );
    let mut got = paid_prizes(&j, &err);
    got.sort_by(|a, b| (b.2, &a.1).cmp(&(a.2, &b.1)));
    let want = util::paid_in_full(&[
        (1, "广东队", 3_000_000),
        (2, "上海队", 2_000_000),
        (1, "浙江队", 2_000_000),
        (2, "广东队", 1_200_000),
        (3, "四川队", 1_000_000),
        (3, "上海队", 600_000),
    ]);
    assert_eq!(got, want);
}
