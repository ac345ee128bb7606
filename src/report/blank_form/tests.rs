use std::io::{Cursor, Read};

use calamine::{Data, Reader, Xlsx};

use super::rooms::{ROOM_HEADERS, ROOMS_HEADER_ROW};
use super::*;
use crate::event::templates;

fn event(name: &str) -> Event {
    templates::find(name).and_then(|t| t.event()).unwrap()
}

fn bytes(name: &str) -> Vec<u8> {
    build(&event(name)).unwrap().save_to_buffer().unwrap()
}

fn row(bytes: &[u8], sheet: &str, r: u32) -> Vec<String> {
    let mut xl = Xlsx::new(Cursor::new(bytes)).unwrap();
    let range = xl.worksheet_range(sheet).unwrap();
    let width = range.end().map_or(0, |(_, c)| c + 1);
    (0..width)
        .map(|c| match range.get_value((r, c)) {
            Some(Data::String(s)) => s.clone(),
            Some(Data::Float(f)) => f.to_string(),
            Some(Data::Empty) | None => String::new(),
            Some(other) => format!("{other:?}"),
        })
        .collect()
}

fn xml(bytes: &[u8], member: &str) -> String {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut s = String::new();
    z.by_name(member).unwrap().read_to_string(&mut s).unwrap();
    s
}

#[test]
fn chess_team_form() {
    let b = bytes("cca-b-league-2025");
    let xl = Xlsx::new(Cursor::new(b.as_slice())).unwrap();
    assert_eq!(xl.sheet_names(), vec!["报名表", "食宿", "_bianpai"]);
    assert_eq!(
        row(&b, ENTRY_SHEET, 0)[0],
        "2025年中国国际象棋乙级联赛 报名表"
    );
    assert_eq!(row(&b, ENTRY_SHEET, 1)[0], "参赛单位（盖章）：");
    assert_eq!(
        row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW),
        vec![
            "序号",
            "台次",
            "姓名",
            "性别",
            "出生日期",
            "身份证号码",
            "国际棋联ID",
            "等级分",
            "注册单位",
            "联系电话",
            "备注"
        ]
    );
    let ex = row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 1);
    assert_eq!(ex[0], "示例");
    assert_eq!(ex[5], "110101200105030016");
    assert_eq!(ex[10], "示例行，请从下一行起填写");
    // Seven numbered input rows (4 men + 3 women), then the instructions.
    assert_eq!(row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 8)[0], "7");
    assert_eq!(row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 9)[0], "");
    assert_eq!(row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 10)[0], "填表说明");
    assert!(
        row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 11)[0]
            .starts_with("1. 报名截止：2025-07-07（含当日）")
    );

    let sheet = xml(&b, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains("<sheetProtection"), "protected");
    assert!(sheet.contains("<formula1>\"1,2,3,4,5,替补\"</formula1>"));
    assert!(sheet.contains("<formula1>\"男,女\"</formula1>"));
    assert!(
        sheet.contains("sqref=\"B9:B15\""),
        "board dropdown on the input rows"
    );
    let styles = xml(&b, "xl/styles.xml");
    assert!(
        styles.contains("<protection locked=\"0\"/>"),
        "unlocked input cells"
    );
    assert!(styles.contains("formatCode=\"@\""), "text format @ for IDs");

    assert_eq!(
        row(&b, ROOMS_SHEET, ROOMS_HEADER_ROW),
        ROOM_HEADERS
            .iter()
            .map(|s| s.to_string())
            .collect::<Vec<_>>()
    );
    let ex = row(&b, ROOMS_SHEET, ROOMS_HEADER_ROW + 1);
    assert_eq!(&ex[3..7], ["诺富特", "双人间", "2025-08-05", "2025-08-11"]);
    let rooms = xml(&b, "xl/worksheets/sheet2.xml");
    assert!(rooms.contains("<formula1>\"诺富特,宜必思\"</formula1>"));
    assert!(rooms.contains("<formula1>\"双人间,单人间\"</formula1>"));
    assert!(rooms.contains("<sheetProtection"));

    assert_eq!(row(&b, META_SHEET, 0), vec!["bianpai", "entry-form"]);
    // The event's own id (none in the template), never the template's name.
    assert_eq!(row(&b, META_SHEET, 1), vec!["id", ""]);
}

#[test]
fn xiangqi_form_has_groups_and_titles() {
    let b = bytes("cxa-amateur-king-2023");
    assert_eq!(
        row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW),
        vec![
            "序号",
            "姓名",
            "性别",
            "出生日期",
            "身份证号码",
            "等级分",
            "组别",
            "家庭编号",
            "注册单位",
            "称号/技术等级",
            "联系电话",
            "备注"
        ]
    );
    let ex = row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW + 1);
    assert_eq!((ex[0].as_str(), ex[6].as_str()), ("示例", "公开组"));
    let sheet = xml(&b, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains("<formula1>\"公开组,少年组,家庭双人组\"</formula1>"));
    assert!(!sheet.contains("替补"), "no board column");
    let rooms = xml(&b, "xl/worksheets/sheet2.xml");
    assert!(rooms.contains("<formula1>\"单间,双人标间\"</formula1>"));
}

#[test]
fn a_league_form_without_hotels() {
    let b = bytes("cca-a-league-2023");
    let h = row(&b, ENTRY_SHEET, ENTRY_HEADER_ROW);
    assert!(h.contains(&"国际棋联ID".to_string()) && !h.contains(&"组别".to_string()));
    let ex = row(&b, ROOMS_SHEET, ROOMS_HEADER_ROW + 1);
    assert_eq!(ex[3], "（酒店名称）");
}

#[test]
fn identical_bytes_across_builds() {
    for t in templates::TEMPLATES {
        assert_eq!(bytes(t.name), bytes(t.name), "{}", t.name);
    }
}

#[test]
fn birth_windows_are_written_out_open_or_bounded_with_the_age_label() {
    // The fixture of tests/sections.rs: U10/U12 by age label in a 2026 event, a boys' section
    // open at its young end; the xiangqi template's bounded windows as before.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/sections");
    let youth = crate::event::load(&dir).unwrap();
    let lines = instructions::entry(&youth);
    for want in [
        "U10男子组：2016-01-01及以后出生。（规程 五(一)）",
        "U12女子组：2014-01-01及以后出生。（规程 五(一)）",
        "少年男子甲组：2012-01-01及以后出生。（规程 五(二)）",
    ] {
        assert!(
            lines.iter().any(|l| l.ends_with(want)),
            "{want}\n{lines:#?}"
        );
    }
    let x = instructions::entry(&event("cxa-amateur-king-2023"));
    assert!(
        x.iter()
            .any(|l| l.ends_with("少年组：2007-01-01至2011-12-31出生。（规程 八(一)2）")),
        "{x:#?}"
    );
}
