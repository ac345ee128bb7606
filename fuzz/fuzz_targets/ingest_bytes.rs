//! Fuzzes the whole single-file reader: sniffing, zip, xlsx, xls, ods and CSV on arbitrary
//! bytes. The first byte picks the file name, so extension-dependent paths are covered too.
//! Nothing may panic, hang or allocate beyond the (small) limits.

#![no_main]

use bianpai::ingest::{Limits, read_entry};
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 8] = [
    "f.xlsx", "f.xls", "f.csv", "f.zip", "f.ods", "noext", "f.txt", "f.pdf",
];

fuzz_target!(|data: &[u8]| {
    let Some((&pick, bytes)) = data.split_first() else {
        return;
    };
    let name = NAMES[usize::from(pick) % NAMES.len()];
    let limits = Limits {
        max_file_bytes: 1 << 20,
        max_member_bytes: 1 << 20,
        max_total_bytes: 4 << 20,
        max_zip_entries: 256,
        max_depth: 3,
        max_cells: 20_000,
        max_rows: 2_000,
        max_cols: 100,
        max_shared_strings_bytes: 1 << 20,
        max_files: 100,
        ..Limits::default()
    };
    let out = read_entry(name, bytes, &limits, 0);
    for f in &out.files {
        assert!(f.path.starts_with(name));
        for t in &f.tables {
            assert!(t.height() <= limits.max_rows as usize);
            assert!(t.width() <= limits.max_cols as usize);
        }
    }
});
