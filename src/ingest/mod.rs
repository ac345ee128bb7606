//! Ingest: walk the event folder, recognise each file by its first bytes, open zips in memory,
//! and turn every readable file into [`Table`]s. Unreadable files become `file.unreadable`
//! findings; ignored files are listed with the reason.
//!
//! This stage knows nothing about entry forms: [`crate::inputs`] decides what each file is.
//!
//! Every reader works on bytes already in memory and is bounded by [`Limits`] *before* the
//! expensive step: zip members are decompressed through `Read::take`, workbook packages are
//! measured before calamine sees them, and sheet cells are checked against the row, column and
//! cell caps before any grid is allocated (ECOSYSTEM §1: calamine has no caps of its own and a
//! 6 KB xlsx can make it abort the process).

mod archive;
pub mod bounded;
mod cfb_repair;
mod convert;
mod convert_cache;
mod docx;
mod guard;
mod limits;
mod names;
mod ods;
mod sha256;
mod sniff;
mod soffice;
mod table;
mod text;
mod walk;
mod xls;
mod xlsb;
mod xlsx;
mod xlsx_merges;

pub use limits::Limits;
pub use names::{RawName, decode_member_names, sanitize_member_path};
pub use table::{Cell, Format, LoadedFile, Merge, Merges, Paragraph, Table};
pub use text::{Delimiter, decode_text, detect_delimiter, read_csv};
pub use walk::{SUPERSEDED_DIR, linked_results, load, resolved};

/// A file as the tables it holds: what the readers of [`crate::inputs`] take.
impl AsRef<[Table]> for LoadedFile {
    fn as_ref(&self) -> &[Table] {
        &self.tables
    }
}

/// What the walk of an event folder produced.
#[derive(Debug, Clone, Default)]
pub struct Loaded {
    /// Every file read into tables, in path order (zip members after their archive's path).
    pub files: Vec<LoadedFile>,
    /// Files that were not read, with the reason (not spreadsheets, symlinks, ...).
    pub ignored: Vec<Ignored>,
}

/// A file left aside on purpose (it is not a table), with the reason in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ignored {
    /// Path relative to the event folder, `/`-separated.
    pub path: String,
    /// Why, in Chinese.
    pub reason_zh: String,
    /// Why, in English.
    pub reason_en: String,
}

/// A file that should have been a table but could not be read (corrupt, encrypted, too large,
/// unsupported), with the reason in both languages.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable {
    /// Path relative to the event folder (zip members as `x.zip/inner/path`).
    pub path: String,
    /// Why, in Chinese.
    pub reason_zh: String,
    /// Why, in English.
    pub reason_en: String,
}

impl Unreadable {
    /// A new unreadable-file record.
    pub fn new(path: &str, reason_zh: impl Into<String>, reason_en: impl Into<String>) -> Self {
        Unreadable {
            path: path.to_string(),
            reason_zh: reason_zh.into(),
            reason_en: reason_en.into(),
        }
    }
}

/// Everything one file (or one archive, with all its members) turned into.
#[derive(Debug, Clone, Default)]
pub struct ReadOutcome {
    /// Files read into tables.
    pub files: Vec<LoadedFile>,
    /// Files (zip members) left aside, with the reason.
    pub ignored: Vec<Ignored>,
    /// Files (the file itself or zip members) that could not be read.
    pub unreadable: Vec<Unreadable>,
    /// Files read only after converting a copy (a .doc through LibreOffice), with what was done.
    pub converted: Vec<Ignored>,
}

/// Reads one file given as bytes: a workbook or CSV gives itself, a zip gives its members.
///
/// `path` is the file's path relative to the event folder (it names the tables and zip
/// members); `depth` is how many zips this file is already nested in (0 for a file on disk).
///
/// # Errors
///
/// [`Unreadable`] when the file itself cannot be read, or is not a table at all. Problems of
/// single zip members are not errors here (the other members are still returned); use
/// [`read_entry`] to see them.
pub fn read_bytes(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    depth: u32,
) -> Result<Vec<LoadedFile>, Unreadable> {
    let outcome = read_entry(path, bytes, limits, depth);
    if let Some(u) = outcome.unreadable.iter().find(|u| u.path == path) {
        return Err(u.clone());
    }
    if let Some(i) = outcome.ignored.iter().find(|i| i.path == path) {
        return Err(Unreadable::new(path, &i.reason_zh, &i.reason_en));
    }
    Ok(outcome.files)
}

/// Reads one file given as bytes and reports everything: tables, ignored members and
/// unreadable members (for a zip) or the file itself.
pub fn read_entry(path: &str, bytes: &[u8], limits: &Limits, depth: u32) -> ReadOutcome {
    let mut out = ReadOutcome::default();
    let mut budget = Budget::new(limits);
    read_into(path, bytes, limits, depth, None, &mut budget, &mut out);
    out
}

/// The decompressed bytes one file on disk may still produce, shared across nested archives so
/// that a zip of many large members cannot make the run decompress without end.
#[derive(Debug)]
pub(crate) struct Budget {
    left: u64,
    /// Cells the file may still hold.
    pub(crate) cells: u64,
    /// Bytes of cell text the file may still hold.
    pub(crate) text: u64,
}

impl Budget {
    pub(crate) fn new(limits: &Limits) -> Budget {
        Budget {
            left: limits.max_total_bytes,
            cells: limits.max_file_cells,
            text: limits.max_text_bytes,
        }
    }

    /// Takes `n` bytes from the budget; false when it is exhausted.
    pub(crate) fn take(&mut self, n: u64) -> bool {
        match self.left.checked_sub(n) {
            Some(left) => {
                self.left = left;
                true
            }
            None => {
                self.left = 0;
                false
            }
        }
    }

    pub(crate) fn left(&self) -> u64 {
        self.left
    }
}

/// Dispatches on the sniffed kind. `modified` is the stored time (zip members) or the file's
/// mtime.
pub(crate) fn read_into(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    depth: u32,
    modified: Option<i64>,
    budget: &mut Budget,
    out: &mut ReadOutcome,
) {
    use sniff::Kind;
    if bytes.len() as u64 > limits.max_file_bytes {
        out.unreadable.push(Unreadable::new(
            path,
            format!("文件太大（超过 {}）", limits::human(limits.max_file_bytes)),
            format!(
                "file too large (over {})",
                limits::human(limits.max_file_bytes)
            ),
        ));
        return;
    }
    let ext = extension(path);
    let kind = sniff::sniff(bytes);
    let single = |r: Result<Vec<Table>, Unreadable>, format: Format, out: &mut ReadOutcome| match r
    {
        Ok(tables) => out.files.push(LoadedFile {
            path: path.to_string(),
            format,
            modified,
            tables,
        }),
        Err(u) => out.unreadable.push(u),
    };
    match kind {
        Kind::Zip => match archive::classify(bytes, limits) {
            archive::ZipKind::Xlsx => {
                let r = guarded(path, || xlsx::read(path, bytes, limits, budget));
                single(r, Format::Xlsx, out);
            }
            archive::ZipKind::Ods => {
                let r = guarded(path, || ods::read(path, bytes, limits, budget));
                single(r, Format::Ods, out);
            }
            archive::ZipKind::Xlsb => {
                let r = guarded(path, || xlsb::read(path, bytes, limits, budget));
                single(r, Format::Xlsb, out);
            }
            archive::ZipKind::Docx => {
                match guarded(path, || docx::read(path, bytes, limits, budget)) {
                    // A letter or a pledge: a document, not a form.
                    Ok(tables) if tables.is_empty() => ignore_or_unreadable(
                        path,
                        &ext,
                        sniff::What::new("Word 文档（没有表格）", "a Word document without tables"),
                        out,
                    ),
                    r => single(r, Format::Docx, out),
                }
            }
            archive::ZipKind::Other(what) => ignore_or_unreadable(path, &ext, what, out),
            archive::ZipKind::Plain => {
                archive::read_members(path, bytes, limits, depth, budget, out);
            }
            archive::ZipKind::Broken(reason) => out.unreadable.push(reason.at(path)),
        },
        Kind::Cfb => {
            // A FAT padded past the end of the file (SheetJS) is repaired on a copy first.
            let repaired = cfb_repair::repair_fat(bytes);
            let bytes = repaired.as_deref().unwrap_or(bytes);
            let r = guarded(path, || xls::read(path, bytes, limits, budget));
            let word = soffice::document_kind(bytes) == Some(soffice::Target::Docx)
                || matches!(ext.as_str(), "doc" | "wps");
            match r {
                Err(u) if u.reason_en == xls::NOT_A_WORKBOOK_EN && word => {
                    let what = (
                        "Word/WPS 97-2003 文档（.doc/.wps）",
                        "a Word/WPS 97-2003 document (.doc/.wps)",
                    );
                    converted(
                        path,
                        bytes,
                        &ext,
                        soffice::Target::Docx,
                        what,
                        limits,
                        budget,
                        out,
                    );
                }
                Err(_) if ext == "et" => {
                    let what = ("WPS 表格文件（.et）", "a WPS spreadsheet (.et)");
                    converted(
                        path,
                        bytes,
                        &ext,
                        soffice::Target::Xlsx,
                        what,
                        limits,
                        budget,
                        out,
                    );
                }
                Err(u) if u.reason_en == xls::NOT_A_WORKBOOK_EN => ignore_or_unreadable(
                    path,
                    &ext,
                    sniff::What::new(
                        "Office 文档，不是表格",
                        "an Office document, not a workbook",
                    ),
                    out,
                ),
                r => single(r, Format::Xls, out),
            }
        }
        Kind::Text => match read_text(path, &without_nul(path, bytes, out), &ext, limits, out) {
            text::TextOutcome::Table(t) => {
                let cells: u64 = t.rows.iter().map(|r| r.len() as u64).sum();
                if budget.cells < cells {
                    budget.cells = 0;
                    out.unreadable.push(Unreadable::new(
                        path,
                        "压缩包内的表格总共太大",
                        "the tables in this archive are too large in total",
                    ));
                } else {
                    budget.cells -= cells;
                    single(Ok(vec![t]), Format::Csv, out);
                }
            }
            text::TextOutcome::NotTable(what) => ignore_or_unreadable(path, &ext, what, out),
            text::TextOutcome::Unreadable(u) => out.unreadable.push(u),
        },
        Kind::Unsupported(what) => out.unreadable.push(Unreadable::new(path, what.zh, what.en)),
        Kind::Other(what) => ignore_or_unreadable(path, &ext, what, out),
    }
}

/// Reads a text file ([`text::read_text`]), noting a file that mixes UTF-8 lines with lines in
/// a legacy encoding (read line by line, [`text::Mixed`]) with the UTF-8 lines.
fn read_text(
    path: &str,
    bytes: &[u8],
    ext: &str,
    limits: &Limits,
    out: &mut ReadOutcome,
) -> text::TextOutcome {
    let (read, mixed) = text::read_text(path, bytes, ext, limits);
    if let Some((legacy, lines)) = mixed {
        let shown: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
        let more = if lines.len() > 10 { "…" } else { "" };
        let legacy = legacy.name();
        out.converted.push(Ignored {
            path: path.to_string(),
            reason_zh: format!(
                "文件混用两种编码：第 {}{more} 行是 UTF-8，其余是 {legacy}；已逐行解码读取，请核对这些行",
                shown.join("、")
            ),
            reason_en: format!(
                "the file mixes two encodings: line {}{more} in UTF-8, the rest in {legacy}; read line by line: check those lines",
                shown.join(", ")
            ),
        });
    }
    read
}

/// The bytes of an 8-bit or UTF-8 text file without its NUL bytes (a stray NUL comes from a
/// broken export or a copy cut short), noted with the lines that held them; UTF-16 text, where
/// NULs are half of every ASCII character, is left as it is.
fn without_nul<'a>(
    path: &str,
    bytes: &'a [u8],
    out: &mut ReadOutcome,
) -> std::borrow::Cow<'a, [u8]> {
    let utf16 = bytes.starts_with(&[0xFF, 0xFE])
        || bytes.starts_with(&[0xFE, 0xFF])
        || sniff::utf16_without_bom(bytes).is_some();
    if utf16 || !bytes.contains(&0) {
        return std::borrow::Cow::Borrowed(bytes);
    }
    let mut lines: Vec<usize> = Vec::new();
    let mut line = 1usize;
    for &b in bytes {
        match b {
            b'\n' => line += 1,
            0 if lines.last() != Some(&line) => lines.push(line),
            _ => {}
        }
    }
    let shown: Vec<String> = lines.iter().take(10).map(usize::to_string).collect();
    let more = if lines.len() > 10 { "…" } else { "" };
    out.converted.push(Ignored {
        path: path.to_string(),
        reason_zh: format!(
            "第 {}{more} 行含有空字符（NUL），已去掉后读取，请核对这些行",
            shown.join("、")
        ),
        reason_en: format!(
            "NUL characters on line {}{more} were removed before reading; check those lines",
            shown.join(", ")
        ),
    });
    std::borrow::Cow::Owned(bytes.iter().copied().filter(|&b| b != 0).collect())
}

/// Reads a file through a converted copy (LibreOffice), noting the conversion.
#[allow(clippy::too_many_arguments)]
fn converted(
    path: &str,
    bytes: &[u8],
    ext: &str,
    target: soffice::Target,
    what: (&str, &str),
    limits: &Limits,
    budget: &mut Budget,
    out: &mut ReadOutcome,
) {
    let data = match soffice::convert(path, bytes, ext, target, what, limits.max_file_bytes) {
        Ok(d) => d,
        Err(u) => return out.unreadable.push(u),
    };
    let r = match target {
        soffice::Target::Docx => guarded(path, || docx::read(path, &data, limits, budget)),
        soffice::Target::Xlsx => guarded(path, || xlsx::read(path, &data, limits, budget)),
    };
    match r {
        Ok(tables) => {
            out.converted.push(Ignored {
                path: path.to_string(),
                reason_zh: format!(
                    "{}：已用 LibreOffice 转换副本后读取（原文件未改动），请核对读取结果",
                    what.0
                ),
                reason_en: format!(
                    "{}: read from a copy converted with LibreOffice (the file is untouched); check what was read",
                    what.1
                ),
            });
            out.files.push(LoadedFile {
                path: path.to_string(),
                format: match target {
                    soffice::Target::Docx => Format::Docx,
                    soffice::Target::Xlsx => Format::Xlsx,
                },
                modified: None,
                tables,
            });
        }
        Err(u) => out.unreadable.push(u),
    }
}

/// A file whose content is not a table: ignored, unless its name says it should have been one
/// (then the team expects it to be read, and silence would lose their entry).
fn ignore_or_unreadable(path: &str, ext: &str, what: sniff::What, out: &mut ReadOutcome) {
    if sniff::is_table_extension(ext) {
        out.unreadable.push(Unreadable::new(
            path,
            format!("扩展名是 .{ext}，但内容是{}", what.zh),
            format!("named .{ext} but the content is {}", what.en),
        ));
    } else {
        out.ignored.push(Ignored {
            path: path.to_string(),
            reason_zh: format!("不是表格：{}", what.zh),
            reason_en: format!("not a table: {}", what.en),
        });
    }
}

/// Runs a format reader and turns a panic inside a third-party parser into an unreadable file,
/// so one hostile file cannot end the run (the limits are checked first; this is the last line).
fn guarded<T>(path: &str, f: impl FnOnce() -> Result<T, Unreadable>) -> Result<T, Unreadable> {
    match guard::run(f) {
        Ok(r) => r,
        Err(_) => Err(Unreadable::new(
            path,
            "文件结构损坏，解析失败",
            "the file structure is corrupt (the parser failed)",
        )),
    }
}

/// The lowercase extension of the last path component, without the dot ("" when none).
pub(crate) fn extension(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    // The second file or zip member shown under one name is `报名表.csv#2`.
    let name = match name.rsplit_once('#') {
        Some((name, n)) if !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()) => name,
        _ => name,
    };
    match name.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() => ext.to_ascii_lowercase(),
        _ => String::new(),
    }
}

/// The file name without directories and without its extension (the sheet name of a CSV).
pub(crate) fn stem(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    match name.rsplit_once('.') {
        Some((stem, _)) if !stem.is_empty() => stem.to_string(),
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_and_stems() {
        assert_eq!(extension("a/b/报名表.XLSX"), "xlsx");
        assert_eq!(extension("a.zip/noext"), "");
        assert_eq!(extension(".hidden"), "");
        assert_eq!(extension("报名表.CSV#2"), "csv");
        assert_eq!(extension("a.zip/b.xlsx#12"), "xlsx");
        assert_eq!(extension("队#1队.csv"), "csv");
        assert_eq!(stem("队/北京队.csv"), "北京队");
        assert_eq!(stem("noext"), "noext");
    }

    #[test]
    fn budget_runs_out() {
        let mut b = Budget::new(&Limits {
            max_total_bytes: 10,
            ..Limits::default()
        });
        assert!(b.take(6));
        assert!(!b.take(6));
        assert_eq!(b.left(), 0);
    }

    #[test]
    fn empty_and_garbage_are_unreadable_under_table_names() {
        let limits = Limits::default();
        for name in ["a.xlsx", "a.xls", "a.csv", "a.zip", "noext"] {
            let e = read_bytes(name, b"", &limits, 0).unwrap_err();
            assert_eq!(e.path, name);
        }
        let garbage: Vec<u8> = (0..4096u32)
            .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
            .collect();
        for name in ["a.xlsx", "a.xls", "a.csv", "a.zip"] {
            assert!(read_bytes(name, &garbage, &limits, 0).is_err(), "{name}");
        }
    }
}
