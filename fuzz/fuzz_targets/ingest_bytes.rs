//! Fuzzes the whole single-file reader: sniffing, zip, xlsx, xlsb, xls, ods, docx and CSV on
//! arbitrary bytes. The first byte picks the file name, so extension-dependent paths are covered
//! too (.doc and .et included). Nothing may panic, hang or allocate beyond the (small) limits.
//! LibreOffice is kept out: `PATH` is emptied before the first input, so a .doc or .et that
//! would be converted takes the "no LibreOffice" path instead of starting `soffice`.

#![no_main]

use bianpai::ingest::{Limits, read_entry};
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 12] = [
    "f.xlsx", "f.xls", "f.csv", "f.zip", "f.ods", "noext", "f.txt", "f.pdf", "f.docx", "f.xlsb",
    "f.doc", "f.et",
];

static NO_SOFFICE: std::sync::Once = std::sync::Once::new();

fuzz_target!(|data: &[u8]| {
    // SAFETY: set once, before any input is read; libFuzzer runs the target on one thread.
    NO_SOFFICE.call_once(|| unsafe { std::env::set_var("PATH", "") });
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
