//! Hard limits on what one file may make the run read, decompress and allocate.
//!
//! The defaults are generous for entry forms (a national event has a few hundred players; a
//! form is a few hundred rows and a few dozen columns) and small enough that the worst file
//! within them stays far under 500 MB of memory.

/// Hard limits for ingest. Exceeding one makes the file (or zip member) `file.unreadable`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Limits {
    /// Largest file read from disk (or zip member handed to a reader), in bytes.
    pub max_file_bytes: u64,
    /// Largest decompressed size of one zip member or workbook part, enforced while reading.
    pub max_member_bytes: u64,
    /// Largest total decompressed bytes one file on disk may produce, over all nesting levels.
    pub max_total_bytes: u64,
    /// Most entries in one zip (archive or workbook package).
    pub max_zip_entries: usize,
    /// Deepest nesting of zips in zips (a zip on disk is depth 1).
    pub max_depth: u32,
    /// Most cells one sheet may hold (the area of its used range for `.xls`).
    pub max_cells: u64,
    /// Most cells one file may hold over all its sheets (and zip members).
    pub max_file_cells: u64,
    /// Most bytes of cell text one file may hold: shared strings are copied into every cell
    /// that uses them, so a small file can otherwise ask for terabytes.
    pub max_text_bytes: u64,
    /// Most rows in one sheet: a cell below this row makes the file unreadable.
    pub max_rows: u32,
    /// Most columns in one sheet: a cell right of this column makes the file unreadable.
    pub max_cols: u32,
    /// Largest decompressed shared-strings part of an xlsx, in bytes.
    pub max_shared_strings_bytes: u64,
    /// Most files read from one event folder (files beyond are listed as ignored).
    pub max_files: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_file_bytes: 64 << 20,
            max_member_bytes: 64 << 20,
            max_total_bytes: 512 << 20,
            max_zip_entries: 10_000,
            max_depth: 4,
            max_cells: 1_000_000,
            max_file_cells: 4_000_000,
            max_text_bytes: 64 << 20,
            max_rows: 100_000,
            max_cols: 1_000,
            max_shared_strings_bytes: 32 << 20,
            max_files: 10_000,
        }
    }
}

/// A byte count for messages: `64 MB`, `300 KB`.
pub(crate) fn human(bytes: u64) -> String {
    if bytes >= 1 << 20 {
        format!("{} MB", bytes >> 20)
    } else if bytes >= 1 << 10 {
        format!("{} KB", bytes >> 10)
    } else {
        format!("{bytes} B")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn human_sizes() {
        assert_eq!(human(64 << 20), "64 MB");
        assert_eq!(human(3000), "2 KB");
        assert_eq!(human(12), "12 B");
    }
}
