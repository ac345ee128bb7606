//! Creating, laying out and saving workbooks: the parts every output shares.
//!
//! - [`new_workbook`]: 宋体 default font set before any sheet, fixed document properties, so that
//!   two runs on the same folder give byte-identical files (SPEC §1);
//! - [`setup_sheet`]: title row, frozen header, A4 print setup with repeated header rows and page
//!   numbers (SPEC §5);
//! - [`write_text`]: strings are always written as text, never as formulas (SPEC §9);
//! - [`par_map`]: outputs rendered in parallel.
//!
//! Workbooks are saved by the pipeline, through [`super::out_dir::OutDir`].

use rust_xlsxwriter::{DocProperties, ExcelDateTime, Format, Workbook, Worksheet, XlsxError};

use jiff::civil::Date;

use super::style::{ColumnWidths, Styles, base_format};
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
pub(crate) fn clip(text: &str) -> &str {
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

/// Threads rendering outputs, per core. rust_xlsxwriter assembles each worksheet on a thread of
/// its own and waits for them all before zipping; while one output waits so, a second thread
/// on the core renders another (issue 20: 1.08× on the 200-form run on two cores; three or
/// four per core are no faster).
const THREADS_PER_CORE: usize = 2;

/// `f` applied to every item on the machine's cores ([`crate::par::map_per_core`], two threads
/// a core: the results in the items' order, each item handled whole by one thread, so the
/// outputs are the same bytes as one thread renders).
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    crate::par::map_per_core(items, THREADS_PER_CORE, f)
}

mod runs;
pub use runs::{RunFormats, write_text_in};

#[cfg(test)]
mod tests;
