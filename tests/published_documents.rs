//! Documents fit to publish (issue 45, points 1, 4 and 5), on every output of every sample run
//! into a temporary copy:
//!
//! - privacy: a full 18-digit resident ID number appears only on the organizers' documents
//!   (`roster.xlsx`, `eligibility.xlsx`, the sign-for sheet 领取签收表 of `prizes.xlsx`) and,
//!   in a team's packet `teams/<unit>.xlsx`, only for that team's own people; the prize list
//!   and the results book show it masked (`110105********1234`);
//! - numbers are numbers: no cell of a numeric column (a header naming an amount, a score, a
//!   place, a rate or a count) holds text that reads as a number;
//! - sign-off: every statement (费用结算单, in `costs.xlsx` and the packets) ends with 领队签字,
//!   经办人, 日期 and 单位盖章, and the sign-for sheet with its total.

mod util;

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use calamine::Data;
use util::cells::{Sheet, read_book};
use util::{run_json, sample_copy, walk};

/// Every sample folder.
const ALL_SAMPLES: [&str; 6] = [
    "cca-a-league-2023",
    "cca-b-league-2025",
    "cxa-amateur-king-2023",
    "youth-chess-2026",
    "open-chess-2026",
    "xiangqi-team-2026",
];

/// A sample run into a temporary copy: the folder and its outputs (`out/` without
/// `out/previous/`), relative to `out/`.
fn run(name: &str) -> (tempfile::TempDir, PathBuf, Vec<String>) {
    let (tmp, folder) = sample_copy(name);
    let (_, json, err) = run_json(&folder, &[]);
    assert!(json["outputs"].is_array(), "{name}: {err}");
    let out = folder.join("out");
    let mut files = Vec::new();
    walk(&out, &mut files);
    let mut rel: Vec<String> = files
        .iter()
        .filter_map(|p| p.strip_prefix(&out).ok())
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .filter(|p| !p.starts_with("previous/"))
        .collect();
    rel.sort();
    (tmp, out, rel)
}

/// Every full resident ID number in `text`: 17 digits and a check character (digit or `X`),
/// not part of a longer run of digits.
fn full_ids(text: &str) -> Vec<String> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let run = b[i..].iter().take_while(|c| c.is_ascii_digit()).count();
        if run == 0 {
            i += 1;
            continue;
        }
        let end = i + run;
        let checked = run == 17 && matches!(b.get(end), Some(b'X' | b'x'));
        let next_digit = b.get(end + 1).is_some_and(u8::is_ascii_digit);
        if run == 18 || (checked && !next_digit) {
            out.push(text[i..i + 18].to_string());
        }
        i = end;
    }
    out
}

/// The text of a cell as a person reads it (numbers too: an ID typed as a number).
fn cell_text(d: &Data) -> String {
    match d {
        Data::String(s) => s.clone(),
        Data::Float(v) => format!("{v}"),
        Data::Int(v) => v.to_string(),
        _ => String::new(),
    }
}

/// The IDs of each team's own people: in `roster.xlsx` and `eligibility.xlsx`, every ID of a
/// row that names the team in a cell of its own.
fn own_ids(out: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut own: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for book in ["roster.xlsx", "eligibility.xlsx"] {
        let path = out.join(book);
        if !path.exists() {
            continue;
        }
        for sheet in read_book(&path) {
            for row in &sheet.rows {
                let texts: Vec<String> = row.iter().map(cell_text).collect();
                let ids: Vec<String> = texts.iter().flat_map(|t| full_ids(t)).collect();
                for t in &texts {
                    own.entry(t.clone())
                        .or_default()
                        .extend(ids.iter().cloned());
                }
            }
        }
    }
    own
}

/// Where a full ID may print: the organizers' documents.
fn organizers(file: &str, sheet: &str) -> bool {
    matches!(file, "roster.xlsx" | "eligibility.xlsx")
        || (file == "prizes.xlsx" && sheet == "领取签收表")
}

#[test]
fn no_full_id_number_outside_the_organizers_documents() {
    for name in ALL_SAMPLES {
        let (_tmp, out, files) = run(name);
        let own = own_ids(&out);
        let mut leaks = Vec::new();
        for rel in &files {
            let path = out.join(rel);
            if rel.ends_with(".xlsx") {
                // A team's packet may show its own people's numbers, nobody else's.
                let team = rel
                    .strip_prefix("teams/")
                    .and_then(|f| f.strip_suffix(".xlsx"));
                let allowed = team.and_then(|t| own.get(t));
                for sheet in read_book(&path) {
                    if organizers(rel, &sheet.name) {
                        continue;
                    }
                    let ids = sheet_ids(&sheet);
                    leaks.extend(
                        ids.into_iter()
                            .filter(|id| allowed.is_none_or(|a| !a.contains(id)))
                            .map(|id| format!("{rel}!{}: {id}", sheet.name)),
                    );
                }
            } else if !rel.ends_with(".png") {
                // The page, the TRF reports, the JSON and CSV files, as text. The pictures are
                // drawn from the page's tables.
                let text =
                    String::from_utf8_lossy(&std::fs::read(&path).expect("read")).into_owned();
                leaks.extend(full_ids(&text).into_iter().map(|id| format!("{rel}: {id}")));
            }
        }
        assert!(leaks.is_empty(), "{name}: {leaks:#?}");
    }
}

fn sheet_ids(sheet: &Sheet) -> Vec<String> {
    let mut ids: Vec<String> = full_ids(&sheet.name);
    for row in &sheet.rows {
        for d in row {
            ids.extend(full_ids(&cell_text(d)));
        }
    }
    ids
}

#[test]
fn the_prize_list_masks_the_id_and_the_sign_for_sheet_shows_it() {
    // The xiangqi open's first payout: 330381200206150299 (the sample's oracle roster).
    let (_tmp, out, _) = run("cxa-amateur-king-2023");
    let prizes = read_book(&out.join("prizes.xlsx"));
    let sheet = |n: &str| prizes.iter().find(|s| s.name == n).expect("sheet");
    assert_eq!(
        sheet("奖金").cell(2, 4),
        &Data::String("330381********0299".into())
    );
    assert_eq!(
        sheet("领取签收表").cell(2, 4),
        &Data::String("330381200206150299".into())
    );
    let book = read_book(&out.join("成绩册.xlsx"));
    let payouts = book.iter().find(|s| s.name == "奖金").expect("奖金");
    assert_eq!(
        payouts.cell(2, 4),
        &Data::String("330381********0299".into())
    );
    // The place is a number.
    assert_eq!(sheet("奖金").cell(2, 1), &Data::Float(1.0));
}

/// Whether a column headed `header` holds numbers: an amount, a score, a place, a rate or a
/// count (`名次`, `场分`, `得分率`, `金额（元）`, `房间数`, ...).
fn numeric_header(header: &str) -> bool {
    const WORDS: [&str; 22] = [
        "名次",
        "得分率",
        "金额",
        "单价",
        "数量",
        "场分",
        "局分",
        "积分",
        "得分",
        "比分",
        "税前",
        "个税",
        "实发",
        "应缴",
        "应收",
        "结算",
        "承担",
        "暂缓发放",
        "房间数",
        "人数",
        "局数",
        "轮次",
    ];
    WORDS.iter().any(|w| header.contains(w))
}

/// Whether `text` reads as a number: a decimal (`20000.00`, `-3`, `2.5`) or a percentage
/// (`63%`).
fn reads_as_number(text: &str) -> bool {
    let t = text.trim();
    let t = t.strip_suffix('%').unwrap_or(t);
    let t = t.strip_prefix('-').unwrap_or(t);
    let (int, frac) = t.split_once('.').unwrap_or((t, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    digits(int) && digits(frac)
}

/// The text of a string cell.
fn string_cell(d: &Data) -> Option<&str> {
    match d {
        Data::String(s) => Some(s.as_str()),
        _ => None,
    }
}

/// The text cells of `sheet` that read as numbers under a numeric header: the header row is
/// the first of the first six rows with such a header among two or more text cells.
fn numeric_text(sheet: &Sheet) -> Vec<String> {
    let text = string_cell;
    let header_row = sheet.rows.iter().take(6).position(|row| {
        row.iter().filter_map(text).count() >= 2 && row.iter().filter_map(text).any(numeric_header)
    });
    let Some(h) = header_row else {
        return Vec::new();
    };
    let mut bad = Vec::new();
    for (c, head) in sheet.rows[h].iter().enumerate() {
        if !text(head).is_some_and(numeric_header) {
            continue;
        }
        for (r, row) in sheet.rows.iter().enumerate().skip(h + 1) {
            if let Some(t) = row.get(c).and_then(text).filter(|t| reads_as_number(t)) {
                bad.push(format!(
                    "{}!R{}C{} ({:?}): {t:?}",
                    sheet.name,
                    r + 1,
                    c + 1,
                    head
                ));
            }
        }
    }
    bad
}

#[test]
fn numbers_are_numbers_in_every_workbook() {
    assert!(reads_as_number("20000.00") && reads_as_number("63%") && reads_as_number("-3"));
    assert!(!reads_as_number("2.0:3.0") && !reads_as_number("1-0") && !reads_as_number(""));
    for name in ALL_SAMPLES {
        let (_tmp, out, files) = run(name);
        let mut bad = Vec::new();
        for rel in files.iter().filter(|f| f.ends_with(".xlsx")) {
            for sheet in read_book(&out.join(rel)) {
                bad.extend(
                    numeric_text(&sheet)
                        .into_iter()
                        .map(|b| format!("{rel}!{b}")),
                );
            }
        }
        assert!(bad.is_empty(), "{name}: {bad:#?}");
    }
}

/// The texts of a sheet's cells.
fn texts(sheet: &Sheet) -> Vec<String> {
    sheet.rows.iter().flatten().map(cell_text).collect()
}

/// Whether a sheet carries a statement's sign-off (on one line or one field a line).
fn signed_off(sheet: &Sheet) -> bool {
    let t = texts(sheet);
    ["领队签字：＿", "经办人：＿", "日期：＿", "单位盖章：＿"]
        .iter()
        .all(|f| t.iter().any(|c| c.contains(f)))
}

#[test]
fn statements_are_signed_off_and_the_sign_for_sheet_is_totalled() {
    for name in ALL_SAMPLES {
        let (_tmp, out, files) = run(name);
        let mut statements = 0;
        for rel in files.iter().filter(|f| f.ends_with(".xlsx")) {
            let book = read_book(&out.join(rel));
            for sheet in &book {
                let statement = (rel == "costs.xlsx" && !["汇总", "用房"].contains(&&*sheet.name))
                    || (rel.starts_with("teams/") && sheet.name == "费用结算");
                if statement {
                    statements += 1;
                    assert!(signed_off(sheet), "{name}: {rel}!{} unsigned", sheet.name);
                }
            }
        }
        // Every sample bills its teams: a statement in costs.xlsx and one in each packet.
        assert!(statements >= 2, "{name}: {statements} statements");
        let prizes = out.join("prizes.xlsx");
        if !prizes.exists() {
            continue;
        }
        let book = read_book(&prizes);
        let sign = book
            .iter()
            .find(|s| s.name == "领取签收表")
            .expect("sign-for");
        let payouts = book.iter().find(|s| s.name == "奖金").expect("payouts");
        let total_row = (2..sign.rows.len())
            .find(|&r| sign.cell(r, 4) == &Data::String("合计".into()))
            .unwrap_or_else(|| panic!("{name}: no total on the sign-for sheet"));
        let fen = |d: &Data| match d {
            Data::Float(v) => (v * 100.0).round() as i64,
            other => panic!("{name}: not an amount: {other:?}"),
        };
        let listed: i64 = (2..total_row).map(|r| fen(sign.cell(r, 5))).sum();
        assert_eq!(fen(sign.cell(total_row, 5)), listed, "{name}");
        // The same figure as the payouts' net payable now (本次可发放), else their total.
        let label = |l: &str| {
            (2..payouts.rows.len()).find(|&r| payouts.cell(r, 4) == &Data::String(l.into()))
        };
        let row = label("本次可发放")
            .or_else(|| label("合计"))
            .expect("payouts total");
        assert_eq!(fen(payouts.cell(row, 7)), listed, "{name}");
    }
}

/// The A-league with 曹航思's rating cell holding a phone number (typed into the wrong
/// column), and `extra` appended to event.toml; the texts of 成都锦江队's packet and of
/// `eligibility.xlsx`.
fn phone_in_the_rating_column(extra: &str) -> (String, String) {
    let (_tmp, folder) = sample_copy("cca-a-league-2023");
    let csv = folder.join("成都锦江队报名表.csv");
    // The file is GB 18030: the cell is replaced byte for byte (ASCII).
    let bytes = std::fs::read(&csv).expect("csv");
    let (from, to) = (b"8640989,2445,", b"8640989,13800000123,");
    let at = bytes
        .windows(from.len())
        .position(|w| w == from)
        .expect("曹航思's rating");
    let mut typed = bytes[..at].to_vec();
    typed.extend_from_slice(to);
    typed.extend_from_slice(&bytes[at + from.len()..]);
    std::fs::write(&csv, typed).expect("write csv");
    let toml = folder.join("event.toml");
    let mut event = std::fs::read_to_string(&toml).expect("event.toml");
    event.push_str(extra);
    std::fs::write(&toml, event).expect("write event.toml");
    let (_, json, err) = run_json(&folder, &[]);
    assert!(json["outputs"].is_array(), "{err}");
    let all = |rel: &str| -> String {
        read_book(&folder.join("out").join(rel))
            .iter()
            .flat_map(texts)
            .collect::<Vec<_>>()
            .join("\n")
    };
    (all("teams/成都锦江队.xlsx"), all("eligibility.xlsx"))
}

#[test]
fn mask_phones_masks_the_packets_and_leaves_the_organizers_copy() {
    // Default: the team's packet quotes its own cell as written.
    let (packet, organizers) = phone_in_the_rating_column("");
    assert!(packet.contains("13800000123"), "{packet}");
    assert!(organizers.contains("13800000123"));
    let (packet, organizers) = phone_in_the_rating_column("\n[privacy]\nmask_phones = true\n");
    assert!(!packet.contains("13800000123"), "{packet}");
    assert!(packet.contains("138****0123"), "{packet}");
    assert!(organizers.contains("13800000123"));
}

/// Issue 45 point 3: the check of the prize total under the xiangqi payouts (奖金 of
/// `prizes.xlsx` and of the results book) is worded as the arbiter prints it, each label boxed
/// across 组别…身份证号 (A:E) so that no border runs through it, its amount under 税前金额 and
/// the verdict beside the difference; the signature lines follow one blank row under it.
#[test]
fn the_prize_total_check_is_worded_for_print_in_boxed_labels() {
    let (_tmp, out, _) = run("cxa-amateur-king-2023");
    for file in ["prizes.xlsx", "成绩册.xlsx"] {
        let book = read_book(&out.join(file));
        let payouts = book.iter().find(|s| s.name == "奖金").expect("奖金");
        let at = (0..payouts.rows.len())
            .find(|&r| payouts.text(r, 0) == "奖金总额核对")
            .unwrap_or_else(|| panic!("{file}: no 奖金总额核对"));
        // 30 payouts under the title and header, the three totals, the tax note, a blank row.
        assert_eq!(at, 36, "{file}");
        let row = |r: usize| payouts.texts(r)[..7].to_vec();
        let line = |cells: [&str; 7]| cells.map(String::from).to_vec();
        assert_eq!(
            row(at + 1),
            line(["奖金设置合计", "", "", "", "", "100000.00", ""])
        );
        assert_eq!(
            row(at + 2),
            line(["竞赛规程规定奖金总额", "", "", "", "", "100000.00", ""])
        );
        assert_eq!(
            row(at + 3),
            line([
                "差额（本表税前合计－规程规定总额）",
                "",
                "",
                "",
                "",
                "0.00",
                "相符"
            ])
        );
        assert!(payouts.texts(at + 4).iter().all(String::is_empty), "{file}");
        assert!(
            payouts.text(at + 5, 0).starts_with("裁判长：＿＿＿＿＿＿"),
            "{file}"
        );
        let xml = util::pdf::member(
            &out.join(file),
            &format!(
                "xl/worksheets/sheet{}.xml",
                book.iter().position(|s| s.name == "奖金").unwrap_or(0) + 1
            ),
        )
        .expect("sheet xml");
        for r in 38..=40 {
            assert!(
                xml.contains(&format!("<mergeCell ref=\"A{r}:E{r}\"/>")),
                "{file} A{r}:E{r}"
            );
        }
    }
}
