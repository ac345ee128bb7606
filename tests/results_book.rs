//! The results book (成绩册, issue 18) of the three samples, which are all over: its sheets in a
//! federation's order, the cover, the first places, the prize list, the signature lines under
//! every table; none before the event is over; its English name with `--lang en`.

mod util;

use std::fs;

use util::cells::{Sheet, read_book};
use util::{run_json, sample_copy};

fn names(book: &[Sheet]) -> Vec<&str> {
    book.iter().map(|s| s.name.as_str()).collect()
}

/// The row (0-based) of the first cell starting with `prefix` in column A, if any.
fn row_starting(sheet: &Sheet, prefix: &str) -> Option<usize> {
    (0..sheet.rows.len()).find(|&r| sheet.text(r, 0).starts_with(prefix))
}

/// Every sheet has the signature lines one blank row under its table.
fn signed_under_the_table(book: &[Sheet], label: &str) {
    for s in book {
        let body = s.body().len();
        let sig = row_starting(s, "裁判长：＿＿＿＿＿＿")
            .unwrap_or_else(|| panic!("{label}!{}: no signature lines", s.name));
        // 奖金 has its totals and notes between the table and the lines.
        if s.name != "奖金" {
            assert_eq!(sig, 2 + body + 1, "{label}!{}", s.name);
        }
        let all: String = (sig..s.rows.len())
            .flat_map(|r| s.texts(r))
            .collect::<Vec<_>>()
            .join(" ");
        assert!(
            all.contains("编排记录：＿＿＿＿＿＿"),
            "{label}!{}: {all}",
            s.name
        );
        assert!(
            all.contains("日期：＿＿＿＿＿＿"),
            "{label}!{}: {all}",
            s.name
        );
    }
}

#[test]
fn the_b_league_book_has_the_cover_the_final_ranking_board_results_and_crosstable() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    let (_, json, _) = run_json(&folder, &[]);
    let outputs = json["outputs"].as_array().expect("outputs");
    assert!(outputs.iter().any(|o| o == "out/成绩册.xlsx"));
    let book = read_book(&folder.join("out/成绩册.xlsx"));
    assert_eq!(names(&book), ["封面", "团体总成绩", "台次成绩", "交叉表"]);
    let cover = &book[0];
    assert_eq!(cover.text(0, 0), "2025年中国国际象棋乙级联赛 成绩册");
    let body = cover.body();
    assert_eq!(body[0], ["比赛名称", "2025年中国国际象棋乙级联赛"]);
    assert_eq!(body[1], ["比赛日期", "2025-08-05 至 2025-08-11"]);
    assert_eq!(body[2], ["比赛地点", "黑龙江省大庆市 大庆昊方诺富特酒店"]);
    assert_eq!(body[3], ["主办单位", "国家体育总局棋牌运动管理中心"]);
    let arbiter = body.iter().position(|r| r[0] == "裁判长").expect("裁判长");
    assert_eq!(body[arbiter][1], "＿＿＿＿＿＿");
    assert_eq!(body[arbiter + 1], ["目录", "1. 团体总成绩"]);
    assert_eq!(body[arbiter + 3], ["", "3. 交叉表"]);
    // 总排名 of standings.xlsx: place, number, team, 场分, 局分, note (promoted).
    let ranking = book[1].body();
    assert_eq!(ranking.len(), 16);
    assert_eq!(
        ranking[0][..5],
        ["1", "3", "河北燕赵队", "14.0", "28.5"].map(String::from)
    );
    let standings = read_book(&folder.join("out/standings.xlsx"));
    let total = standings
        .iter()
        .find(|s| s.name == "总排名")
        .expect("总排名");
    assert_eq!(total.body(), ranking);
    signed_under_the_table(&book, "B 成绩册");

    // In English: results-book.xlsx with English sheet names and signature lines.
    let (_tmp2, en) = sample_copy("cca-b-league-2025");
    run_json(&en, &["--lang", "en"]);
    assert!(!en.join("out/成绩册.xlsx").exists());
    let book = read_book(&en.join("out/results-book.xlsx"));
    assert_eq!(
        names(&book),
        ["Cover", "Team ranking", "By board", "Crosstable"]
    );
    assert!(row_starting(&book[1], "Chief arbiter: ____________").is_some());
}

#[test]
fn no_book_before_the_last_round_is_complete() {
    let (_tmp, folder) = sample_copy("cca-b-league-2025");
    fs::remove_file(folder.join("results/r09.xlsx")).expect("r09");
    run_json(&folder, &[]);
    assert!(!folder.join("out/成绩册.xlsx").exists());
    // The printable pairings of the new round 9 are signed.
    let pairings = read_book(&folder.join("out/pairings-r09.xlsx"));
    assert!(row_starting(&pairings[0], "裁判长：").is_some());
}

#[test]
fn the_a_league_and_amateur_kings_books_end_with_the_prizes() {
    let (_tmp, folder) = sample_copy("cca-a-league-2023");
    run_json(&folder, &[]);
    let book = read_book(&folder.join("out/成绩册.xlsx"));
    assert_eq!(
        names(&book),
        [
            "封面",
            "团体总成绩",
            "常规赛排名",
            "台次成绩",
            "交叉表",
            "奖金"
        ]
    );
    // The finals' 总排名 decides the places; the winner's eligibility is still open (资格待查),
    // so its prize is withheld (奖金) and the book says so beside its place.
    assert_eq!(book[1].body()[0], ["1", "山东泉城队（1）", "资格待查"]);
    let finals = read_book(&folder.join("out/finals.xlsx"));
    assert_eq!(finals[1].body(), book[1].body());
    let prizes = read_book(&folder.join("out/prizes.xlsx"));
    assert_eq!(book[5].body(), prizes[0].body());
    signed_under_the_table(&book, "A 成绩册");

    let (_tmp2, folder) = sample_copy("cxa-amateur-king-2023");
    run_json(&folder, &[]);
    let book = read_book(&folder.join("out/成绩册.xlsx"));
    let mut want = vec!["封面".to_string(), "团体".to_string()];
    for g in [
        "公开组男子",
        "公开组女子",
        "少年组男子",
        "少年组女子",
        "家庭双人组",
    ] {
        want.push(format!("{g}名次"));
        want.push(format!("{g}交叉表"));
    }
    want.push("奖金".into());
    assert_eq!(names(&book), want);
    let standings = read_book(&folder.join("out/standings.xlsx"));
    let men = standings
        .iter()
        .find(|s| s.name == "公开组男子")
        .expect("公开组男子");
    assert_eq!(book[2].body(), men.body());
    assert_eq!(
        book[2].body()[0][..3],
        ["1", "李杰哲", "浙江省"].map(String::from)
    );
    signed_under_the_table(&book, "C 成绩册");
}
