//! Fuzzes the round-workbook reader (`rounds::sheet::read`) on arbitrary tables: a marker sheet
//! (valid or damaged) and a round sheet whose cells come from a vocabulary of the headers,
//! results, colours and bye words the reader looks for, or from raw bytes. Nothing may panic,
//! a well-formed marker is always recognised, and a valid result prints and parses back.

#![no_main]

#[path = "../shared/tables.rs"]
mod tables;

use bianpai::findings::Findings;
use bianpai::ingest::{Cell, Format, LoadedFile, Table};
use bianpai::model::Sport;
use bianpai::rounds::marker;
use bianpai::rounds::sheet::{self, ResultCell, Rows};
use libfuzzer_sys::fuzz_target;
use tables::{Bytes, rows};

const WORDS: &[&str] = &[
    "场次",
    "台次",
    "主队",
    "主队棋手",
    "执色",
    "结果",
    "客队棋手",
    "客队",
    "台号",
    "白方",
    "红方",
    "黑方",
    "Match",
    "Board",
    "Home team",
    "Away team",
    "White",
    "Black",
    "Result",
    "1-0",
    "0-1",
    "½-½",
    "1/2-1/2",
    "=",
    "+:-",
    "-:+",
    "--",
    "2-0",
    "0-2",
    "1-1",
    "胜",
    "负",
    "和",
    "红胜",
    "黑胜",
    "白",
    "黑",
    "红",
    "W",
    "B",
    "轮空",
    "BYE",
    "bye",
    "北京队",
    "张三",
    " 1 ",
    "1",
    "2",
    "3",
    "4294967296",
    "-1",
    "",
    "　",
    "event",
    "stage",
    "round",
    marker::MAGIC,
];

fn cell(b: &mut Bytes<'_>) -> Option<Cell> {
    let tag = b.byte()?;
    Some(match tag % 8 {
        0 => Cell::Empty,
        1..=4 => Cell::Text(WORDS[usize::from(b.byte()?) % WORDS.len()].to_string()),
        5 => {
            let n = usize::from(b.byte()? % 16);
            Cell::Text(String::from_utf8_lossy(b.take(n)).into_owned())
        }
        6 => Cell::Int(i64::from(i8::from_le_bytes([b.byte()?]))),
        _ => {
            let raw = b.take(8);
            let mut a = [0u8; 8];
            a[..raw.len()].copy_from_slice(raw);
            Cell::Float(f64::from_le_bytes(a))
        }
    })
}

fn table(sheet: &str, rows: Vec<Vec<Cell>>) -> Table {
    Table {
        file: "results/r01.xlsx".into(),
        sheet: sheet.into(),
        rows,
        merges: Vec::new(),
        hidden: false,
        paragraphs: Vec::new(),
        date1904: false,
    }
}

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    // The first byte chooses a well-formed marker (the common case) or a fuzzed one.
    let well_formed = b.byte().is_some_and(|x| x & 1 == 0);
    let marker_rows = if well_formed {
        [
            [marker::MAGIC, ""],
            ["event", "联赛"],
            ["stage", "regular"],
            ["round", "1"],
        ]
        .iter()
        .map(|r| r.iter().map(|s| Cell::Text((*s).to_string())).collect())
        .collect()
    } else {
        rows(&mut b, 8, 10, 8, cell)
    };
    let round = rows(&mut b, 8, 10, 64, cell);
    let file = LoadedFile {
        path: "results/r01.xlsx".into(),
        format: Format::Xlsx,
        modified: Some(1),
        tables: vec![table("第1轮", round), table(marker::SHEET, marker_rows)],
    };
    for sport in [Sport::Chess, Sport::Xiangqi] {
        let mut findings = Findings::new();
        let Some(s) = sheet::read(&file, sport, &mut findings) else {
            assert!(!well_formed, "a well-formed marker was not recognised");
            continue;
        };
        assert_eq!(s.sheet, "第1轮");
        let results: Vec<&ResultCell> = match &s.rows {
            Rows::Team(r) => r.iter().map(|x| &x.result).collect(),
            Rows::Individual(r) => r.iter().map(|x| &x.result).collect(),
        };
        for r in results {
            if let ResultCell::Valid(g) = r {
                let text = bianpai::rounds::notation::format(*g, sport);
                assert_eq!(bianpai::rounds::notation::parse(text, sport), Ok(*g));
            }
        }
    }
});
