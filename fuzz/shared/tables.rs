//! The table generator shared by the `forms_table` and `event_run` targets: the fuzzer's bytes
//! read as a program that builds cells. A tag byte picks the cell kind, and text comes either
//! from a vocabulary of header names, labels and typical values (so the fuzzer reaches the
//! header, label and row logic quickly) or from raw bytes. `round_sheet` takes the byte reader
//! and [`rows`] alone, with cells of its own.

#![allow(dead_code)]

use bianpai::ingest::{Cell, Merge, Paragraph, Table};

const WORDS: &[&str] = &[
    "姓名",
    "姓 名",
    "性别",
    "出生日期",
    "出生年月",
    "身份证号码",
    "国际棋联ID",
    "等级分",
    "台次",
    "注册单位",
    "参赛单位",
    "单位",
    "组别",
    "身份",
    "备注",
    "序号",
    "酒店",
    "房型",
    "入住日期",
    "离店日期",
    "同住人",
    "参赛单位（盖章）：北京队　领队：张三",
    "领队",
    "教练：",
    "填表日期：2025.7.1",
    "签字",
    "注：",
    "例",
    "张三（示例）",
    "王　浩",
    "欧阳•娜娜",
    "男",
    "女",
    "F",
    "2001.5.3",
    "2001年5月",
    "01.05.03",
    "20010503",
    "11010519491231002X",
    "110105491231002",
    "4.10102E+17",
    "替补1",
    "第一台",
    "2,315",
    "2315分",
    "领队",
    "运动员",
    "2025年度注册棋手名单",
    "",
    "　",
    // Issue 20: Traditional headers and values, other identity documents, numbering columns,
    // headings the form logic does not know, Word label paragraphs.
    "性別",
    "身份證號碼",
    "組別",
    "國際棋聯ID",
    "等級分",
    "註冊單位",
    "證件類型",
    "證件號碼",
    "男子組",
    "女",
    "810000199001010019",
    "820000200105030024",
    "830000198507150011",
    "H12345678",
    "M1234567890",
    "12345678",
    "E12345678",
    "护照",
    "港澳居民来往内地通行证",
    "台胞证",
    "编号",
    "号码",
    "参赛项目",
    "代表队（盖章）：青川队",
    "领队：李四　教练：王五",
    "香港代表隊",
];
const ERRORS: &[&str] = &[
    "#N/A", "#REF!", "#DIV/0!", "#VALUE!", "#NAME?", "#NUM!", "#NULL!",
];

pub struct Bytes<'a>(pub &'a [u8]);

impl Bytes<'_> {
    pub fn byte(&mut self) -> Option<u8> {
        let (b, rest) = self.0.split_first()?;
        self.0 = rest;
        Some(*b)
    }

    pub fn take(&mut self, n: usize) -> &[u8] {
        let n = n.min(self.0.len());
        let (a, rest) = self.0.split_at(n);
        self.0 = rest;
        a
    }
}

pub fn cell(b: &mut Bytes<'_>) -> Option<Cell> {
    let tag = b.byte()?;
    Some(match tag % 9 {
        0 => Cell::Empty,
        1..=3 => Cell::Text(WORDS[usize::from(b.byte()?) % WORDS.len()].to_string()),
        4 => {
            let n = usize::from(b.byte()? % 24);
            Cell::Text(String::from_utf8_lossy(b.take(n)).into_owned())
        }
        5 => {
            let raw = b.take(8);
            let mut a = [0u8; 8];
            a[..raw.len()].copy_from_slice(raw);
            Cell::Int(i64::from_le_bytes(a))
        }
        6 => {
            let raw = b.take(8);
            let mut a = [0u8; 8];
            a[..raw.len()].copy_from_slice(raw);
            Cell::Float(f64::from_le_bytes(a))
        }
        7 => Cell::Error(ERRORS[usize::from(b.byte()?) % ERRORS.len()].into()),
        _ => Cell::Bool(tag & 0x10 != 0),
    })
}

/// Rows of cells made by `cell`, `width` cells each (read from a byte: 1 to `widths`, the last
/// row possibly shorter; `default` when the bytes have run out), until `max` rows, the bytes
/// run out, or a 0xFF byte ends the table (leaving the rest for what follows it).
pub fn rows(
    b: &mut Bytes<'_>,
    default: u8,
    widths: u8,
    max: usize,
    mut cell: impl FnMut(&mut Bytes<'_>) -> Option<Cell>,
) -> Vec<Vec<Cell>> {
    let width = usize::from(b.byte().unwrap_or(default) % widths) + 1;
    let mut rows = Vec::new();
    let mut row = Vec::new();
    while rows.len() < max {
        if b.0.first() == Some(&0xFF) {
            b.byte();
            break;
        }
        let Some(c) = cell(b) else { break };
        row.push(c);
        if row.len() == width {
            rows.push(std::mem::take(&mut row));
        }
    }
    if !row.is_empty() {
        rows.push(row);
    }
    rows
}

/// A table of the generator's cells (up to 200 rows of 1-12 cells), then up to 16 merged
/// regions, up to 4 Word label paragraphs and the date system, all from the bytes.
pub fn table(b: &mut Bytes<'_>, name: &str) -> Table {
    let rows = rows(b, 4, 12, 200, cell);
    let mut merges = Vec::new();
    while merges.len() < 16 {
        let (Some(a), Some(c), Some(h), Some(w)) = (b.byte(), b.byte(), b.byte(), b.byte()) else {
            break;
        };
        let (a, c) = (u32::from(a), u32::from(c));
        merges.push(Merge {
            first_row: a,
            first_col: c,
            last_row: a + u32::from(h),
            last_col: c + u32::from(w),
        });
    }
    // Word label paragraphs before and after the table, and the workbook's date system.
    let mut paragraphs = Vec::new();
    while paragraphs.len() < 4 {
        let (Some(at), Some(word)) = (b.byte(), b.byte()) else {
            break;
        };
        paragraphs.push(Paragraph {
            number: u32::from(at),
            text: WORDS[usize::from(word) % WORDS.len()].to_string(),
            after: at & 1 == 1,
        });
    }
    Table {
        file: "fuzz.xlsx".into(),
        sheet: name.into(),
        rows,
        merges,
        hidden: false,
        paragraphs,
        date1904: b.byte().is_some_and(|x| x & 1 == 1),
    }
}
