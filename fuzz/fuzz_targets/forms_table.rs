//! Arbitrary tables through `inputs::read_forms` and `normalize::build_roster`: never a panic.
//! Tables may carry Word label paragraphs and the 1904 date system, cells every error value.
//!
//! The tables come from the generator in `fuzz/shared/tables.rs` (shared with `event_run`).
#![no_main]

#[path = "../shared/tables.rs"]
mod tables;

use bianpai::findings::Findings;
use bianpai::ingest::{Format, LoadedFile, Table};
use libfuzzer_sys::fuzz_target;
use tables::{Bytes, table};

fuzz_target!(|data: &[u8]| {
    let mut b = Bytes(data);
    let first = table(&mut b, "Sheet1");
    let second = table(&mut b, "食宿");
    let files = vec![
        LoadedFile {
            path: "fuzz.xlsx".into(),
            format: Format::Xlsx,
            modified: Some(1),
            tables: vec![first.clone(), second],
        },
        LoadedFile {
            path: "again.xlsx".into(),
            format: Format::Xlsx,
            modified: Some(2),
            tables: vec![Table {
                file: "again.xlsx".into(),
                ..first
            }],
        },
    ];
    let mut findings = Findings::new();
    let subs = bianpai::inputs::read_forms(&files, &mut findings);
    let _ = bianpai::normalize::build_roster(&subs, &mut findings);
});
