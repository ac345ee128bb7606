//! Fuzzes text decoding (BOM, UTF-16 heuristics, chardetng), delimiter detection and CSV
//! parsing with limits.

#![no_main]

use bianpai::ingest::{Limits, decode_text, detect_delimiter, read_csv};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let (text, _encoding) = decode_text(data);
    let _ = detect_delimiter(&text);
    let limits = Limits {
        max_rows: 500,
        max_cols: 50,
        max_cells: 5_000,
        ..Limits::default()
    };
    if let Ok(table) = read_csv("f.csv", data, &limits) {
        assert!(table.height() <= 500);
        assert!(table.width() <= 50);
        assert_eq!(&*table.sheet, "f");
    }
});
