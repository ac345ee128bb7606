//! Creating, laying out and saving workbooks: the parts every output shares.
//!
//! - [`new_workbook`]: 宋体 default font set before any sheet, fixed document properties, so that
//!   two runs on the same folder give byte-identical files (SPEC §1);
//! - [`setup_sheet`]: title row, frozen header, A4 print setup with repeated header rows and page
//!   numbers (SPEC §5);
//! - [`write_text`]: strings are always written as text, never as formulas (SPEC §9);
//! - [`save_atomic`], [`write_atomic`]: temp file in the same folder, then rename (SPEC §9);
//!   [`batched`]: the renames and the syncs of a whole run done once at its end (`batch`);
//! - [`prepare_out_dir`]: keeps the previous run's outputs in `out/previous/` (SPEC §9).

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook, Worksheet, XlsxError};

use jiff::civil::Date;

use super::style::{ColumnWidths, Styles, base_format};
use crate::Error;
use crate::model::{Fen, Points};

/// Default row height in pixels for 宋体 11 (ECOSYSTEM §2).
const DEFAULT_ROW_PX: u32 = 18;
/// Default column width in pixels for 宋体 11; one of the widths rust_xlsxwriter accepts.
const DEFAULT_COL_PX: u32 = 72;

/// Excel's limit on the length of a cell's text (UTF-16 units).
const MAX_CELL_TEXT: usize = 32_767;

/// Creates a workbook with the Chinese default font and fixed document properties.
///
/// The creation date is fixed at 2000-01-01T00:00:00Z and the author is "bianpai", so the same
/// content always gives the same bytes; `title` becomes the document title.
///
/// # Errors
///
/// Only if rust_xlsxwriter rejects the default format (it cannot with the constants used).
pub fn new_workbook(title: &str) -> Result<Workbook, XlsxError> {
    let mut wb = Workbook::new();
    // Must come before the first add_worksheet (ECOSYSTEM §2).
    wb.set_default_format(&base_format(), DEFAULT_ROW_PX, DEFAULT_COL_PX)?;
    let created = ExcelDateTime::from_ymd(2000, 1, 1)?;
    let props = DocProperties::new()
        .set_title(title)
        .set_author("bianpai")
        .set_creation_datetime(&created);
    wb.set_properties(&props);
    // Deflate level 1 instead of 6: a third of the deflate time, files about a quarter larger.
    wb.set_zip_compression_level(1);
    Ok(wb)
}

/// How [`setup_sheet`] lays out a sheet: a title merged over the table, header rows under it.
#[derive(Debug, Clone)]
pub struct SheetLayout<'a> {
    /// Sheet name (Excel limit 31 characters, no `[]:*?/\`).
    pub name: &'a str,
    /// Title text written in row 0, merged across `columns`.
    pub title: &'a str,
    /// Number of table columns (≥ 1).
    pub columns: u16,
    /// Rows from the top that stay frozen and repeat on every printed page: the title row plus
    /// the header rows (e.g. 2 = title + one header row).
    pub frozen_rows: u32,
    /// Print in landscape (wide tables: crosstables, pairings with many columns).
    pub landscape: bool,
    /// The language of the page footer (`第 1 页，共 3 页`, `page 1 of 3`).
    pub lang: crate::Lang,
}

/// Names the sheet and sets up the title row, frozen panes and A4 printing.
///
/// Writes `layout.title` merged across row 0 (a plain cell when there is one column), freezes
/// `frozen_rows`, sets A4 paper (`set_paper_size(9)`), fit to one page wide, repeats the frozen
/// rows on every page, centres horizontally, puts the title in the page header and `第 &P 页，共
/// &N 页` in the footer.
///
/// # Errors
///
/// Returns the writer's error for an invalid sheet name or range.
pub fn setup_sheet(
    ws: &mut Worksheet,
    styles: &Styles,
    layout: &SheetLayout<'_>,
) -> Result<(), XlsxError> {
    ws.set_name(layout.name)?;
    let last = layout.columns.saturating_sub(1);
    let title = clip(layout.title);
    if last == 0 {
        ws.write_string_with_format(0, 0, title, &styles.title)?;
    } else {
        ws.merge_range(0, 0, 0, last, title, &styles.title)?;
    }
    ws.set_row_height(0, 30)?;
    if layout.frozen_rows > 0 {
        ws.set_freeze_panes(layout.frozen_rows, 0)?;
        ws.set_repeat_rows(0, layout.frozen_rows - 1)?;
    }
    ws.set_paper_size(9);
    if layout.landscape {
        ws.set_landscape();
    }
    ws.set_print_fit_to_pages(1, 0);
    ws.set_print_center_horizontally(true);
    // `&` starts a header code: a literal ampersand is written `&&`.
    ws.set_header(format!("&C{}", layout.title.replace('&', "&&")));
    ws.set_footer(layout.lang.pick("&C第 &P 页，共 &N 页", "&Cpage &P of &N"));
    Ok(())
}

/// Writes a row of column headers at `row` and notes their widths.
///
/// # Errors
///
/// Returns the writer's error for a cell outside Excel's limits.
pub fn write_header_row(
    ws: &mut Worksheet,
    row: u32,
    headers: &[&str],
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let mut runs = RunFormats::across();
    for (i, h) in headers.iter().enumerate() {
        let col = u16::try_from(i).map_err(|_| XlsxError::RowColumnLimitError)?;
        write_text_in(
            ws,
            row,
            col,
            h,
            &styles.header,
            Some(&mut runs),
            Some(widths),
        )?;
    }
    runs.apply(ws)
}

/// Writes `text` as a text cell, never as a formula, and notes its width when `widths` is given.
///
/// Text beginning with `=`, `+`, `-` or `@` gets Excel's quote prefix (`'`), so a viewer shows it
/// as typed and editing the cell does not turn it into a formula. Text longer than Excel's
/// 32,767-character limit is cut (a form never holds that much in one cell legitimately).
///
/// # Errors
///
/// Returns the writer's error for a cell outside Excel's limits.
pub fn write_text(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    text: &str,
    format: &Format,
    widths: Option<&mut ColumnWidths>,
) -> Result<(), XlsxError> {
    write_text_in(ws, row, col, text, format, None, widths)
}

/// Writes an amount of money as a number of yuan (shown with the `money` format's two decimals)
/// and notes its width.
///
/// Excel stores numbers as binary floating point, so this is the one place a [`Fen`] becomes a
/// float: for display only, exact for any amount below 2^53 fen. Sums and tax are computed in
/// [`Fen`] before writing; a workbook never recalculates them.
///
/// # Errors
///
/// Returns the writer's error for a cell outside Excel's limits.
pub fn write_money(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    amount: Fen,
    format: &Format,
    widths: Option<&mut ColumnWidths>,
) -> Result<(), XlsxError> {
    // i64 → f64 is exact below 2^53; ÷100 then rounds to the nearest double of the yuan value,
    // which Excel's 0.00 format prints back exactly.
    #[allow(clippy::cast_precision_loss)]
    let yuan = amount.0 as f64 / 100.0;
    ws.write_number_with_format(row, col, yuan, format)?;
    if let Some(w) = widths {
        // Thousands separators: one comma per three digits.
        let s = amount.to_string();
        w.note_width(col, s.len() + s.len() / 4);
    }
    Ok(())
}

/// Writes a score as a number (one decimal with the `points` format) and notes its width.
///
/// # Errors
///
/// Returns the writer's error for a cell outside Excel's limits.
pub fn write_points(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    points: Points,
    format: &Format,
    widths: Option<&mut ColumnWidths>,
) -> Result<(), XlsxError> {
    // Half-points are exact in binary floating point.
    ws.write_number_with_format(row, col, f64::from(points.halves()) / 2.0, format)?;
    if let Some(w) = widths {
        w.note(col, &points.to_string());
    }
    Ok(())
}

/// Writes a date as an Excel date (shown with the `date` format, `yyyy-mm-dd`) and notes its
/// width.
///
/// # Errors
///
/// Returns the writer's error for a date Excel cannot hold (before 1899-12-31) or a cell outside
/// Excel's limits.
pub fn write_date(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    date: Date,
    format: &Format,
    widths: Option<&mut ColumnWidths>,
) -> Result<(), XlsxError> {
    ws.write_datetime_with_format(row, col, excel_date(date)?, format)?;
    if let Some(w) = widths {
        w.note_width(col, 10);
    }
    Ok(())
}

/// The Excel date of a civil date.
///
/// # Errors
///
/// [`XlsxError::DateTimeRangeError`] for a date Excel cannot hold (before 1899-12-31, after 9999).
pub fn excel_date(d: Date) -> Result<ExcelDateTime, XlsxError> {
    let bad = || XlsxError::DateTimeRangeError(d.to_string());
    let y = u16::try_from(d.year()).map_err(|_| bad())?;
    let m = u8::try_from(d.month()).map_err(|_| bad())?;
    let day = u8::try_from(d.day()).map_err(|_| bad())?;
    ExcelDateTime::from_ymd(y, m, day)
}

/// Whether a spreadsheet would read `text` as the start of a formula.
pub fn looks_like_formula(text: &str) -> bool {
    text.starts_with(['=', '+', '-', '@'])
}

/// Cuts text to Excel's cell limit (counted in UTF-16 units, as Excel does) on a char boundary.
fn clip(text: &str) -> &str {
    // UTF-8 takes at least as many bytes as UTF-16 takes units, character by character.
    if text.len() <= MAX_CELL_TEXT {
        return text;
    }
    let mut units = 0usize;
    for (i, c) in text.char_indices() {
        units += c.len_utf16();
        if units > MAX_CELL_TEXT {
            return text.get(..i).unwrap_or_default();
        }
    }
    text
}

/// Serializes `wb` and writes it to `path` atomically (see [`write_atomic`]).
///
/// # Errors
///
/// [`Error::Io`] naming `path` when the workbook cannot be serialized or the file cannot be
/// written.
pub fn save_atomic(wb: &mut Workbook, path: &Path) -> Result<(), Error> {
    let bytes = wb.save_to_buffer().map_err(|e| Error::output(path, e))?;
    write_atomic(path, &bytes)
}

/// Writes `bytes` to `path` so that a reader never sees a half-written file: the bytes go to a
/// temporary file `.<name>.tmp` in the same folder (same file system, so the rename is atomic),
/// which is flushed to disk and then renamed over `path`. The parent folder is created if needed.
/// On failure the temporary file is removed and `path` is left as it was.
///
/// Inside [`batched`] the file is only queued: it appears (and is synced) when the batch ends.
///
/// # Errors
///
/// [`Error::Io`] naming the path that could not be created, written or renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), Error> {
    write_file(path, bytes, false)
}

/// Like [`save_atomic`] for a file that belongs to the arbiter once written (a round
/// workbook): a file already at `path` is kept, also one that appears there before a batch
/// ends.
///
/// # Errors
///
/// As [`save_atomic`].
pub fn save_new(wb: &mut Workbook, path: &Path) -> Result<(), Error> {
    let bytes = wb.save_to_buffer().map_err(|e| Error::output(path, e))?;
    write_file(path, &bytes, true)
}

fn write_file(path: &Path, bytes: &[u8], keep_existing: bool) -> Result<(), Error> {
    if !keep_existing {
        // A file of the organizer's under this name is moved aside first, never overwritten.
        super::out_guard::make_room(path)?;
    }
    // The manifest's stamp of what bianpai wrote (the file may reach its place only when the
    // batch ends).
    super::out_guard::stamp(path, bytes);
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let name = path
        .file_name()
        .ok_or_else(|| Error::io(path, std::io::Error::other("no file name")))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(".tmp");
    let tmp = dir.join(tmp_name);
    if batch::queue(&tmp, path, bytes, keep_existing)? {
        return Ok(());
    }
    if keep_existing && fs::symlink_metadata(path).is_ok() {
        return Ok(());
    }
    let written = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io(&tmp, e));
    }
    if let Err(e) = fs::rename(&tmp, path) {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io(path, e));
    }
    Ok(())
}

/// The marker file that identifies a folder as bianpai's output folder.
pub const OUT_MARKER: &str = ".bianpai-out";
/// The sub-folder of `out/` that keeps the previous run's outputs.
pub const PREVIOUS_DIR: &str = "previous";

/// What [`prepare_out_dir`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreparedOut {
    /// Entries moved from `out/` to `out/previous/`, as names relative to `out/`, sorted.
    pub moved: Vec<String>,
    /// Files the last run wrote that were changed since (an arbiter's edits): left in place as
    /// the organizer's, relative to `out/`, sorted.
    pub edited: Vec<String>,
}

/// The file in `out/` listing what the last run wrote there, one `/`-separated path a line.
pub const MANIFEST: &str = ".bianpai-manifest";

/// Makes `out` ready for a run's outputs, keeping the previous run's in `out/previous/`.
///
/// Exactly:
///
/// 1. `out` is created if missing, with the marker file `.bianpai-out` in it.
/// 2. If `out` exists, holds anything besides the marker and `previous/`, and has **no**
///    marker, nothing is touched and an error is returned: the folder was not made by bianpai
///    (e.g. `--out` pointed at a folder of the user's own files).
/// 3. Only what the last run wrote is bianpai's: the files listed in `out/.bianpai-manifest`
///    ([`write_manifest`]). When some of them are there, the old `out/previous/` is deleted and
///    each is moved into a new `out/previous/` at the same relative path (a folder such as
///    `teams/` left empty is removed). Every other file in `out/` (the organizer's notes, a
///    checked copy of the standings) stays where it is, untouched; so does everything when
///    there is no manifest (a copied marker does not make a folder's files bianpai's). A listed
///    file whose content no longer matches what bianpai wrote (its size and CRC-32 in the
///    manifest) was edited and is the organizer's now: it stays too.
/// 4. The files that stay are held for the run: an output written under the name of one of
///    them moves it aside first (`standings（保留）.xlsx`, see [`super::out_guard`]).
/// 5. If none of the listed files is there (the last run wrote nothing, or this is a re-run
///    after a failure), `previous/` is kept as it is.
///
/// Nothing outside `out` is ever touched.
///
/// # Errors
///
/// [`Error::Io`] naming the entry that could not be created, read, moved or removed, or `out`
/// itself when it is not bianpai's folder.
pub fn prepare_out_dir(out: &Path) -> Result<PreparedOut, Error> {
    let marker = out.join(OUT_MARKER);
    if !out.exists() {
        fs::create_dir_all(out).map_err(|e| Error::io(out, e))?;
        write_atomic(&marker, b"bianpai output folder\n")?;
        super::out_guard::hold(out, std::collections::BTreeSet::new());
        return Ok(PreparedOut::default());
    }
    let mut foreign = false;
    for e in fs::read_dir(out).map_err(|e| Error::io(out, e))? {
        let e = e.map_err(|e| Error::io(out, e))?;
        let name = e.file_name().to_string_lossy().into_owned();
        if name != OUT_MARKER && name != PREVIOUS_DIR && name != MANIFEST {
            foreign = true;
        }
    }
    if !marker.exists() {
        if foreign {
            return Err(Error::io(
                out,
                std::io::Error::other(
                    "输出文件夹中有不是 bianpai 生成的文件，未做改动 \
                     (the output folder holds files bianpai did not write; left untouched)",
                ),
            ));
        }
        write_atomic(&marker, b"bianpai output folder\n")?;
    }
    let manifest = fs::read_to_string(out.join(MANIFEST)).unwrap_or_default();
    let mut listed: Vec<String> = Vec::new();
    let mut edited: Vec<String> = Vec::new();
    for line in manifest.lines() {
        let mut parts = line.split('\t');
        let rel = parts.next().unwrap_or_default().trim();
        let stamp = parts.next().map(str::trim);
        if !is_plain_relative(rel)
            || !fs::symlink_metadata(out.join(rel)).is_ok_and(|m| m.is_file())
        {
            continue;
        }
        // A manifest of an older bianpai has no stamps: its files count as unchanged.
        match stamp {
            Some(st) if st != file_stamp(&out.join(rel)) => edited.push(rel.to_string()),
            _ => listed.push(rel.to_string()),
        }
    }
    listed.sort();
    listed.dedup();
    edited.sort();
    edited.dedup();
    if listed.is_empty() {
        super::out_guard::hold(out, foreign_files(out));
        return Ok(PreparedOut {
            moved: Vec::new(),
            edited,
        });
    }
    let previous = out.join(PREVIOUS_DIR);
    if previous.is_dir() {
        fs::remove_dir_all(&previous).map_err(|e| Error::io(&previous, e))?;
    } else if previous.exists() {
        fs::remove_file(&previous).map_err(|e| Error::io(&previous, e))?;
    }
    fs::create_dir(&previous).map_err(|e| Error::io(&previous, e))?;
    for rel in &listed {
        let from = out.join(rel);
        let to = previous.join(rel);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        fs::rename(&from, &to).map_err(|e| Error::io(&from, e))?;
        // A sub-folder the run made (teams/) goes once it is empty.
        let mut dir = from.parent();
        while let Some(d) = dir {
            if d == out || fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
    super::out_guard::hold(out, foreign_files(out));
    Ok(PreparedOut {
        moved: listed,
        edited,
    })
}

/// A file's stamp in the manifest: its length and CRC-32 (`<len>:<crc hex>`); empty when it
/// cannot be read.
fn file_stamp(path: &Path) -> String {
    fs::read(path)
        .map(|b| super::out_guard::stamp_text(&b))
        .unwrap_or_default()
}

/// Every file in `out` outside `previous/` that is not the marker, the manifest or a
/// temporary file of an interrupted write: what is left once bianpai's own have moved.
fn foreign_files(out: &Path) -> std::collections::BTreeSet<PathBuf> {
    let mut found = std::collections::BTreeSet::new();
    let mut stack = vec![out.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name();
            if dir == out && (name == OUT_MARKER || name == MANIFEST || name == PREVIOUS_DIR) {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(_) => {
                    found.insert(path);
                }
                Err(_) => {}
            }
        }
    }
    found
}

/// A manifest line bianpai may act on: relative, `/`-separated, no `..`, no empty part.
fn is_plain_relative(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.starts_with('/')
        && !rel.contains('\\')
        && rel
            .split('/')
            .all(|p| !p.is_empty() && p != "." && p != ".." && !p.contains(':'))
        && rel != OUT_MARKER
        && rel != MANIFEST
        && !rel.starts_with("previous/")
}

/// Records what this run wrote into `out` (`out/.bianpai-manifest`): the next run moves only
/// those files to `out/previous/`. Paths outside `out` (round workbooks) are left out.
///
/// # Errors
///
/// [`Error::Io`] naming the manifest when it cannot be written.
pub fn write_manifest(out: &Path, written: &[std::path::PathBuf]) -> Result<(), Error> {
    let mut lines: Vec<String> = written
        .iter()
        .filter_map(|p| p.strip_prefix(out).ok())
        .map(|rel| {
            rel.components()
                .map(|c| c.as_os_str().to_string_lossy().into_owned())
                .collect::<Vec<_>>()
                .join("/")
        })
        .filter(|rel| is_plain_relative(rel))
        .collect();
    lines.sort();
    lines.dedup();
    let lines: Vec<String> = lines
        .into_iter()
        .map(|rel| {
            let path = out.join(&rel);
            let stamp = super::out_guard::stamp_of(&path).unwrap_or_else(|| file_stamp(&path));
            format!("{rel}\t{stamp}")
        })
        .collect();
    let mut text = lines.join("\n");
    text.push('\n');
    write_atomic(&out.join(MANIFEST), text.as_bytes())
}

mod batch;
pub use batch::{batched, par_map, pending};
mod runs;
pub use runs::{RunFormats, write_text_in};

#[cfg(test)]
mod tests;
