use std::io::{Cursor, Read};

use calamine::{Data, Reader, Xlsx};

use super::*;
use crate::model::{Fen, Points};
use crate::report::style::{ColumnWidths, Styles, excel_width};

/// A small workbook written through the helpers: title, header, a formula-like text, an ID.
fn sample() -> Workbook {
    let styles = Styles::new();
    let mut wb = new_workbook("测试").unwrap();
    let ws = wb.add_worksheet();
    setup_sheet(
        ws,
        &styles,
        &SheetLayout {
            name: "名单",
            title: "2025年中国国际象棋乙级联赛 报名汇总",
            columns: 3,
            frozen_rows: 2,
            landscape: true,
            lang: crate::Lang::Zh,
        },
    )
    .unwrap();
    let mut widths = ColumnWidths::new();
    write_header_row(ws, 1, &["姓名", "身份证号码", "备注"], &styles, &mut widths).unwrap();
    write_text(ws, 2, 0, "欧阳娜娜", &styles.body, Some(&mut widths)).unwrap();
    write_text(
        ws,
        2,
        1,
        "110101200501010011",
        &styles.text,
        Some(&mut widths),
    )
    .unwrap();
    write_text(
        ws,
        2,
        2,
        "=HYPERLINK(\"x\")",
        &styles.body,
        Some(&mut widths),
    )
    .unwrap();
    write_text(ws, 3, 2, "-1", &styles.body, Some(&mut widths)).unwrap();
    widths.apply(ws).unwrap();
    wb
}

fn unzip(bytes: &[u8], member: &str) -> String {
    let mut z = zip::ZipArchive::new(Cursor::new(bytes)).unwrap();
    let mut f = z.by_name(member).unwrap();
    let mut s = String::new();
    f.read_to_string(&mut s).unwrap();
    s
}

#[test]
fn saved_workbook_reads_back() {
    let bytes = sample().save_to_buffer().unwrap();
    let mut xl: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
    assert_eq!(xl.sheet_names(), vec!["名单".to_string()]);
    let r = xl.worksheet_range("名单").unwrap();
    assert_eq!(
        r.get_value((0, 0)),
        Some(&Data::String("2025年中国国际象棋乙级联赛 报名汇总".into()))
    );
    assert_eq!(
        r.get_value((1, 1)),
        Some(&Data::String("身份证号码".into()))
    );
    assert_eq!(
        r.get_value((2, 1)),
        Some(&Data::String("110101200501010011".into()))
    );
    assert_eq!(
        r.get_value((2, 2)),
        Some(&Data::String("=HYPERLINK(\"x\")".into()))
    );
    assert_eq!(r.get_value((3, 2)), Some(&Data::String("-1".into())));
}

#[test]
fn bytes_identical_across_saves() {
    let a = sample().save_to_buffer().unwrap();
    let b = sample().save_to_buffer().unwrap();
    assert_eq!(a, b);
    let core = unzip(&a, "docProps/core.xml");
    assert!(core.contains("<dc:creator>bianpai</dc:creator>"), "{core}");
    assert!(core.contains("2000-01-01T00:00:00Z"), "{core}");
}

#[test]
fn every_font_is_songti_and_formula_text_is_quoted() {
    let bytes = sample().save_to_buffer().unwrap();
    let styles = unzip(&bytes, "xl/styles.xml");
    assert!(!styles.contains("Calibri"), "{styles}");
    assert!(styles.contains("<name val=\"宋体\"/>"), "{styles}");
    assert!(styles.contains("<charset val=\"134\"/>"), "{styles}");
    assert!(styles.contains("quotePrefix=\"1\""), "{styles}");
    let sheet = unzip(&bytes, "xl/worksheets/sheet1.xml");
    // Never a formula cell.
    assert!(!sheet.contains("<f>"), "{sheet}");
    assert!(sheet.contains("<mergeCell ref=\"A1:C1\"/>"), "{sheet}");
    assert!(sheet.contains("state=\"frozen\""), "{sheet}");
    assert!(sheet.contains("paperSize=\"9\""), "{sheet}");
    assert!(sheet.contains("orientation=\"landscape\""), "{sheet}");
    assert!(sheet.contains("fitToHeight=\"0\""), "{sheet}");
    assert!(sheet.contains("第 &amp;P 页，共 &amp;N 页"), "{sheet}");
    // The ID column: 18 digits → (11·18 + 20) / 10 = 21.8 character units.
    assert_eq!(excel_width(18), 21.8);
    let workbook = unzip(&bytes, "xl/workbook.xml");
    assert!(workbook.contains("_xlnm.Print_Titles"), "{workbook}");
}

#[test]
fn formula_detection() {
    assert!(looks_like_formula("=1+1"));
    assert!(looks_like_formula("+86 138"));
    assert!(looks_like_formula("-"));
    assert!(looks_like_formula("@x"));
    assert!(!looks_like_formula("王浩 =1"));
    assert!(!looks_like_formula(""));
}

#[test]
fn overlong_text_is_clipped() {
    let long = "棋".repeat(40_000);
    assert_eq!(clip(&long).chars().count(), MAX_CELL_TEXT);
    assert_eq!(clip("短"), "短");
}

#[test]
fn money_points_and_dates_read_back_as_numbers() {
    let styles = Styles::new();
    let mut wb = new_workbook("t").unwrap();
    let ws = wb.add_worksheet();
    let mut widths = ColumnWidths::new();
    write_money(ws, 0, 0, Fen(123_456_789), &styles.money, Some(&mut widths)).unwrap();
    write_money(ws, 1, 0, Fen(5), &styles.money, None).unwrap();
    write_points(ws, 0, 1, Points::from_halves(7), &styles.points, None).unwrap();
    let d = jiff::civil::date(2023, 6, 4);
    write_date(ws, 0, 2, d, &styles.date, Some(&mut widths)).unwrap();
    assert!(excel_date(jiff::civil::date(1800, 1, 1)).is_err());
    // "1234567.89" is 10 characters, plus 2 separators.
    assert_eq!(widths.width(0), Some(excel_width(12)));
    let bytes = wb.save_to_buffer().unwrap();
    let mut xl: Xlsx<_> = Xlsx::new(Cursor::new(bytes)).unwrap();
    let r = xl.worksheet_range("Sheet1").unwrap();
    assert_eq!(r.get_value((0, 0)), Some(&Data::Float(1_234_567.89)));
    assert_eq!(r.get_value((1, 0)), Some(&Data::Float(0.05)));
    assert_eq!(r.get_value((0, 1)), Some(&Data::Float(3.5)));
    match r.get_value((0, 2)) {
        // 2023-06-04 is Excel serial 45081 (2023-01-01 = 44927, + 154 days).
        Some(Data::DateTime(dt)) => assert_eq!(dt.as_f64(), 45081.0),
        other => panic!("{other:?}"),
    }
}

/// Formats given by runs, several columns in one call where their runs match, give every cell
/// the format (and the workbook the style table) that formatting each cell on its own gives.
#[test]
fn run_formats_equal_formats_given_per_cell() {
    let styles = Styles::new();
    let bold = styles.body.clone().set_bold();
    // (row, col, format): a block of three columns alike, a fourth split in two runs, a fifth
    // alike again but for a gap, and a header row along.
    let mut cells: Vec<(u32, u16, &Format)> = Vec::new();
    for r in 2..6 {
        for c in 0..3 {
            cells.push((r, c, &styles.body));
        }
        cells.push((r, 3, if r < 4 { &styles.body } else { &bold }));
        if r != 4 {
            cells.push((r, 4, &styles.body));
        }
    }
    let header: Vec<(u32, u16, &Format)> = (0..5).map(|c| (1, c, &styles.header)).collect();
    let text = |r: u32, c: u16| format!("{r}-{c}");
    let per_cell = {
        let mut wb = Workbook::new();
        let ws = wb.add_worksheet();
        for &(r, c, f) in header.iter().chain(&cells) {
            ws.write_string_with_format(r, c, text(r, c), f).unwrap();
        }
        wb.save_to_buffer().unwrap()
    };
    let by_runs = {
        let mut wb = Workbook::new();
        let ws = wb.add_worksheet();
        let mut across = RunFormats::across();
        for &(r, c, f) in &header {
            write_text_in(ws, r, c, &text(r, c), f, Some(&mut across), None).unwrap();
        }
        across.apply(ws).unwrap();
        let mut down = RunFormats::down();
        for &(r, c, f) in &cells {
            write_text_in(ws, r, c, &text(r, c), f, Some(&mut down), None).unwrap();
        }
        down.apply(ws).unwrap();
        wb.save_to_buffer().unwrap()
    };
    for part in ["xl/worksheets/sheet1.xml", "xl/styles.xml"] {
        assert_eq!(unzip(&by_runs, part), unzip(&per_cell, part), "{part}");
    }
    // The bold cells are told apart: two body formats and the header's.
    let sheet = unzip(&by_runs, "xl/worksheets/sheet1.xml");
    assert!(sheet.contains(r#"<c r="D5" s="3" t="s">"#), "{sheet}");
    assert!(sheet.contains(r#"<c r="D3" s="2" t="s">"#), "{sheet}");
    assert!(!sheet.contains(r#"<c r="E5""#), "{sheet}");
}
