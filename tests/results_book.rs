//! The results book (成绩册, issue 18) of the three samples, which are all over: its sheets in a
//! federation's order, the cover, the first places, the knockout finals, the prize list, the
//! signature lines under every table; the draft mark (草稿) on the cover and in every page's
//! header while errors are open (issue 45); none before the event is over; its English name
//! with `--lang en`.

mod util;

use std::fs;
use std::io::Read;
use std::path::Path;

use util::cells::{Sheet, read_book};
use util::{run_json, sample_copy};

fn names(book: &[Sheet]) -> Vec<&str> {
    book.iter().map(|s| s.name.as_str()).collect()
}

/// The row (0-based) of the first cell starting with `prefix` in column A, if any.
fn row_starting(sheet: &Sheet, prefix: &str) -> Option<usize> {
    (0..sheet.rows.len()).find(|&r| sheet.text(r, 0).starts_with(prefix))
}

/// The cover's lines: every row with text, its cells with text.
fn cover_lines(cover: &Sheet) -> Vec<Vec<String>> {
    (0..cover.rows.len())
        .map(|r| {
            cover
                .texts(r)
                .into_iter()
                .filter(|c| !c.is_empty())
                .collect::<Vec<_>>()
        })
        .filter(|r| !r.is_empty())
        .collect()
}

/// The page header of every sheet of the workbook at `path`, in sheet order (the XML text, `&`
/// escaped as `&amp;`).
fn page_headers(path: &Path) -> Vec<String> {
    let f = fs::File::open(path).expect("book");
    let mut z = zip::ZipArchive::new(f).expect("zip");
    let mut out = Vec::new();
    for i in 1.. {
        let Ok(mut m) = z.by_name(&format!("xl/worksheets/sheet{i}.xml")) else {
            break;
        };
        let mut xml = String::new();
        m.read_to_string(&mut xml).expect("sheet xml");
        let header = xml
            .split("<oddHeader>")
            .nth(1)
            .and_then(|h| h.split("</oddHeader>").next())
            .unwrap_or_default();
        out.push(header.to_string());
    }
    out
}

/// Every page header of the draft book ends with the mark `草稿` in bold 16 at its right.
fn marked_draft(path: &Path, sheets: usize, mark: &str) {
    let headers = page_headers(path);
    assert_eq!(headers.len(), sheets, "{}", path.display());
    for h in headers {
        assert!(
            h.ends_with(&format!("&amp;R&amp;\"-,Bold\"&amp;16{mark}")),
            "{h}"
        );
    }
}

/// Every sheet but the cover has the signature lines one blank row under its table.
fn signed_under_the_table(book: &[Sheet], label: &str) {
    for s in book.iter().filter(|s| s.name != "封面") {
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
    // The cover: the event and 成绩册 in large type, the draft mark (13 errors are open), the
    // facts as `label：value` lines, the contents.
    let cover = cover_lines(&book[0]);
    let want: Vec<Vec<&str>> = vec![
        vec!["2025年中国国际象棋乙级联赛"],
        vec!["成绩册"],
        vec!["（草稿）"],
        vec!["尚有待核实事项，成绩以正式版为准"],
        vec!["比赛日期：", "2025-08-05 至 2025-08-11"],
        vec!["比赛地点：", "黑龙江省大庆市 大庆昊方诺富特酒店"],
        vec!["主办单位：", "国家体育总局棋牌运动管理中心"],
    ];
    assert_eq!(cover[..want.len()], want);
    let arbiter = cover
        .iter()
        .position(|r| r[0] == "裁判长：")
        .expect("裁判长");
    assert_eq!(cover[arbiter][1], "＿＿＿＿＿＿");
    assert_eq!(
        cover[arbiter + 1..],
        [
            vec!["目录"],
            vec!["1.", "团体总成绩"],
            vec!["2.", "台次成绩"],
            vec!["3.", "交叉表"]
        ]
    );
    marked_draft(&folder.join("out/成绩册.xlsx"), 4, "草稿");
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
    let cover = cover_lines(&book[0]);
    assert_eq!(cover[1..3], [vec!["Results book"], vec!["(DRAFT)"]]);
    assert!(cover.contains(&vec![
        "Organizer:".into(),
        "国家体育总局棋牌运动管理中心".into()
    ]));
    assert_eq!(cover[cover.len() - 4], ["Contents"]);
    marked_draft(&en.join("out/results-book.xlsx"), 4, "DRAFT");
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
            "总决赛对阵",
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
    // Every knockout match, as finals.xlsx!对阵: the first quarter-final and the final.
    assert_eq!(book[2].body(), finals[0].body());
    assert_eq!(
        book[2].text(0, 0),
        "2023年中国国际象棋甲级联赛 总决赛 对阵及结果"
    );
    let bracket = book[2].body();
    assert_eq!(bracket.len(), 13);
    assert_eq!(
        bracket[0],
        [
            "QF1",
            "八强赛 1-8",
            "山东泉城队（1）",
            "湖北江城队（8）",
            "2.0:2.0",
            "5.5:4.5",
            "山东泉城队（1）",
            "局分"
        ]
    );
    assert_eq!(
        bracket[11],
        [
            "F",
            "冠亚军决赛",
            "山东泉城队（1）",
            "重庆涪陵队（3）",
            "6.0:2.0",
            "12.0:8.0",
            "山东泉城队（1）",
            "场分"
        ]
    );
    let prizes = read_book(&folder.join("out/prizes.xlsx"));
    assert_eq!(book[6].body(), prizes[0].body());
    let cover = cover_lines(&book[0]);
    assert_eq!(cover[2], ["（草稿）"]);
    let contents: Vec<&str> = cover[cover.len() - 6..]
        .iter()
        .map(|r| r[1].as_str())
        .collect();
    assert_eq!(contents, &names(&book)[1..]);
    marked_draft(&folder.join("out/成绩册.xlsx"), 7, "草稿");
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

/// Issue 45 point 6: the draft mark goes once no blocking finding is open. The open-chess
/// sample has three open errors (a late form, a duplicate row, an invalid ID number), so its
/// book is a draft; with the three ruled `cleared` in event.toml the same book has no 草稿 on
/// its cover nor in any page header, and its cover has no line saying the results may change.
#[test]
fn a_book_whose_errors_are_all_ruled_on_is_not_a_draft() {
    let (_tmp, open) = sample_copy("open-chess-2026");
    run_json(&open, &[]);
    let draft = open.join("out/成绩册.xlsx");
    marked_draft(&draft, 8, "草稿");
    assert_eq!(cover_lines(&read_book(&draft)[0])[2], ["（草稿）"]);

    let (_tmp2, ruled) = util::ruled_open_chess();
    let (_, json, _) = run_json(&ruled, &[]);
    let open_errors: Vec<String> = json["findings"]
        .as_array()
        .expect("findings")
        .iter()
        .filter(|f| f["severity"] == "error")
        .map(|f| util::s(f, "code"))
        .collect();
    assert!(open_errors.is_empty(), "{open_errors:?}");
    let path = ruled.join("out/成绩册.xlsx");
    let book = read_book(&path);
    assert_eq!(
        names(&book),
        [
            "封面",
            "公开组名次",
            "公开组交叉表",
            "女子组名次",
            "女子组交叉表",
            "大师组名次",
            "大师组交叉表",
            "奖金"
        ]
    );
    let cover = cover_lines(&book[0]);
    assert_eq!(
        cover[..3],
        [
            vec!["2026年南京市国际象棋等级分公开赛".to_string()],
            vec!["成绩册".to_string()],
            vec![
                "比赛日期：".to_string(),
                "2026-10-02 至 2026-10-06".to_string()
            ],
        ]
    );
    for line in &cover {
        let line = line.join("");
        assert!(!line.contains("草稿") && !line.contains("待核实"), "{line}");
    }
    let headers = page_headers(&path);
    assert_eq!(headers.len(), 8);
    for h in headers {
        assert!(!h.contains("草稿") && !h.contains("&amp;R"), "{h}");
    }
    signed_under_the_table(&book, "open 成绩册");
}
