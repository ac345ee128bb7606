//! Workbooks made of plain tables: one sheet per table, each with the event title, a header row
//! and rows of display text. `standings.xlsx` (排名, 交叉表, 台次成绩, 总排名), `schedule.xlsx` and
//! `finals.xlsx` are written this way.
//!
//! The writer only lays out what the season computed: every cell arrives typed ([`Cell`]), a
//! number stored as a number in the format its display text shows, so that a spreadsheet sorts
//! and sums it and the same text prints in the workbook and on the web page.

use std::borrow::Cow;
use std::collections::BTreeMap;

use rust_xlsxwriter::{Url, Workbook, XlsxError};

use super::cell::{Cell, NumberFormat};
use super::style::{ColumnWidths, Styles};
use super::workbook::{RunFormats, new_workbook, write_header_row, write_text, write_text_in};
use crate::Lang;
use crate::rounds::marker::Marker;

/// One table of the workbook: headers and rows of typed cells.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextTable {
    /// Column headers.
    pub headers: Vec<String>,
    /// Rows, each as long as `headers`.
    pub rows: Vec<Vec<Cell>>,
    /// Columns (0-based) to centre (places, scores).
    pub centred: Vec<usize>,
    /// Columns (0-based) of long text (messages, sources): at most `wrap_width` terminal
    /// columns wide (汉字 count two), the text wrapped and the row made tall enough to show it.
    pub wrapped: Vec<usize>,
    /// Width of the wrapped columns, in terminal columns; `None`: [`WRAP_WIDTH`].
    pub wrap_width: Option<usize>,
    /// When set, only the first `n` columns print (the title is merged across them); the
    /// columns after them (provenance: the file and cell a row came from) stay on screen.
    pub print_columns: Option<usize>,
    /// Notes printed under the table, in words for the public (`注：…`), each wrapped within
    /// the printed columns ([`super::notes`]).
    pub notes: Vec<String>,
    /// Rows (0-based, ascending) where a block starts that prints on one page (a team's
    /// boards, a player's rounds): page breaks go only between blocks. Empty: no blocks.
    pub groups: Vec<usize>,
}

/// Height of one line of a wrapped body cell, in points: a line of 宋体 11 as LibreOffice prints
/// it is 14.3 pt high, so that a row of three lines at 13.5 pt each pushed its first and last
/// lines onto the cell's borders (issue 45, the findings' 说明 and 来源).
const WRAPPED_LINE_POINTS: f64 = 14.5;

/// Widest a wrapped column is set, in terminal columns (汉字 count two).
pub const WRAP_WIDTH: usize = 44;

/// One sheet: a name, a title line and its table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SheetDoc {
    /// Sheet name (≤ 31 characters).
    pub name: String,
    /// Title line under the event name.
    pub title: String,
    /// The table.
    pub table: TextTable,
    /// Print in landscape.
    pub landscape: bool,
}

/// The workbook of the sheets: one sheet per table.
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn workbook(event_title: &str, sheets: &[SheetDoc], lang: Lang) -> Result<Workbook, XlsxError> {
    marked_workbook(event_title, sheets, lang, None)
}

/// Like [`workbook`], on sheets handed over: each is dropped once written, and the rows of a
/// large one as they are written (the roster of a form of 99,000 rows, issue 46).
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn owned_workbook(
    event_title: &str,
    sheets: Vec<SheetDoc>,
    lang: Lang,
) -> Result<Workbook, XlsxError> {
    build_owned_sheets(
        event_title,
        sheets.into_iter().map(|s| (s, None)).collect(),
        &Texts {
            empty: lang.pick("尚无成绩", "no results yet"),
            none: lang.pick("无", "none"),
            signed: None,
            lang,
        },
    )
}

/// Like [`workbook`], each sheet with the signature lines (裁判长, 编排记录, 日期) under its table
/// ([`super::signature`]): the standings and the final rankings that are pinned up and filed,
/// and the results book, which adds sheets of its own.
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn signed_workbook(
    event_title: &str,
    sheets: &[SheetDoc],
    lang: Lang,
) -> Result<Workbook, XlsxError> {
    let plain: Vec<(&SheetDoc, Option<&CellLinks>)> = sheets.iter().map(|s| (s, None)).collect();
    build_sheets(
        event_title,
        &plain,
        &Texts {
            empty: lang.pick("尚无成绩", "no results yet"),
            none: lang.pick("无", "none"),
            signed: Some(lang),
            lang,
        },
    )
}

/// Like [`workbook`], with a hidden marker sheet when `marker` is given, so that bianpai
/// recognises the file when it reads the folder again (the draw workbook, saved as a file that
/// is never overwritten: it belongs to the arbiter from then on).
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub fn marked_workbook(
    event_title: &str,
    sheets: &[SheetDoc],
    lang: Lang,
    marker: Option<&Marker>,
) -> Result<Workbook, XlsxError> {
    let plain: Vec<(&SheetDoc, Option<&CellLinks>)> = sheets.iter().map(|s| (s, None)).collect();
    let mut wb = build_sheets(
        event_title,
        &plain,
        &Texts {
            empty: lang.pick("尚无成绩", "no results yet"),
            none: lang.pick("无", "none"),
            signed: None,
            lang,
        },
    )?;
    if let Some(m) = marker {
        super::round_workbook::add_marker_sheet(&mut wb, m)?;
    }
    Ok(wb)
}

/// Links on a sheet's body cells: (row, column) of the table → URL.
pub type CellLinks = BTreeMap<(usize, usize), String>;

/// What [`build_sheets`] writes besides the tables.
pub(crate) struct Texts<'a> {
    /// The one cell of a workbook without sheets.
    pub empty: &'a str,
    /// The one row of a table without rows.
    pub none: &'a str,
    /// Signature lines under every table, in this language.
    pub signed: Option<Lang>,
    /// The language of the page footer.
    pub lang: Lang,
}

/// The workbook of `sheets` in the layout of [`workbook`] (title row, header row, frozen panes,
/// A4), each body cell with a link in its sheet's [`CellLinks`] written as a blue link; a
/// workbook without sheets gets one saying `empty`, a table without rows one row saying `none`
/// (`无`); with `signed`, the signature lines under each table.
pub(crate) fn build_sheets(
    event_title: &str,
    sheets: &[(&SheetDoc, Option<&CellLinks>)],
    texts: &Texts<'_>,
) -> Result<Workbook, XlsxError> {
    let borrowed = sheets
        .iter()
        .map(|&(s, links)| (Cow::Borrowed(s), links.map(Cow::Borrowed)));
    write_sheets(event_title, borrowed, texts)
}

/// Like [`build_sheets`], on sheets handed over: each one is dropped once written, and the
/// rows of a large one (see [`LOW_MEMORY_ROWS`]) as they are written, so that a workbook of
/// several sheets of 99,000 rows holds one of them at a time (issue 46). The same cells.
///
/// # Errors
///
/// The writer's error for a sheet or cell outside Excel's limits.
pub(crate) fn build_owned_sheets(
    event_title: &str,
    sheets: Vec<(SheetDoc, Option<CellLinks>)>,
    texts: &Texts<'_>,
) -> Result<Workbook, XlsxError> {
    let owned = sheets
        .into_iter()
        .map(|(s, links)| (Cow::Owned(s), links.map(Cow::Owned)));
    write_sheets(event_title, owned, texts)
}

/// The sheets of [`build_sheets`], borrowed or handed over.
fn write_sheets<'a>(
    event_title: &str,
    sheets: impl Iterator<Item = (Cow<'a, SheetDoc>, Option<Cow<'a, CellLinks>>)>,
    texts: &Texts<'_>,
) -> Result<Workbook, XlsxError> {
    let empty = texts.empty;
    let mut wb = new_workbook(event_title)?;
    let styles = Styles::new();
    let link_fmt = styles
        .body
        .clone()
        .set_font_color(rust_xlsxwriter::Color::Blue);
    let mut used = SheetNames::default();
    let mut written = 0usize;
    for (mut s, links) in sheets {
        written += 1;
        let name = used.claim(&s.name);
        let title = format!("{event_title} {}", s.title);
        let sheet = Sheet {
            links: links.as_deref(),
            name: &name,
            title: &title,
            styles: &styles,
            link_fmt: &link_fmt,
            texts,
        };
        if s.table.rows.len() >= LOW_MEMORY_ROWS {
            write_large_sheet(wb.add_worksheet_with_constant_memory()?, &mut s, &sheet)?;
        } else {
            write_sheet(wb.add_worksheet(), &s, &sheet)?;
        }
    }
    if written == 0 {
        let ws = wb.add_worksheet();
        ws.write_string(0, 0, empty)?;
    }
    Ok(wb)
}

/// The sheet rows of a table's blocks for [`super::print::finish_sheet`]: each block's first row
/// (the body starts at row 2), then the row after the table; empty without blocks.
fn sheet_groups(t: &TextTable) -> Vec<u32> {
    if t.groups.is_empty() || t.rows.is_empty() {
        return Vec::new();
    }
    let row = |i: usize| u32::try_from(i).unwrap_or(u32::MAX - 2).saturating_add(2);
    let mut out: Vec<u32> = t.groups.iter().map(|&g| row(g)).collect();
    out.push(row(t.rows.len()));
    out.dedup();
    out
}

/// The most links written into one sheet: the writer numbers a sheet's relationships in 16
/// bits, and a sheet has a few besides its links.
const MAX_LINKS: usize = 65_000;

/// Writes the header row (row 1). A header wraps (its row made tall enough) where the column is
/// narrower than it: in a `wrapped` column, at the wrap width; in a column without any content
/// below it, at four terminal columns (two 汉字), so that an empty column costs little width.
fn write_headers(
    ws: &mut rust_xlsxwriter::Worksheet,
    t: &TextTable,
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let hdr: Vec<&str> = t.headers.iter().map(String::as_str).collect();
    let mut scratch = ColumnWidths::new();
    write_header_row(ws, 1, &hdr, styles, &mut scratch)?;
    let mut lines = 1usize;
    for (c, h) in t.headers.iter().enumerate() {
        let col = u16::try_from(c).unwrap_or(u16::MAX);
        let w = super::style::display_width(h);
        let empty =
            !t.rows.is_empty() && t.rows.iter().all(|r| r.get(c).is_none_or(Cell::is_blank));
        let cap = if t.wrapped.contains(&c) {
            t.wrap_width.unwrap_or(WRAP_WIDTH).max(4)
        } else if empty && c > 0 {
            4
        } else {
            w
        };
        widths.note_width(col, w.min(cap));
        if w > cap {
            lines = lines.max(w.div_ceil(cap));
        }
    }
    if lines > 1 {
        let n = u32::try_from(lines).unwrap_or(1);
        widths.set_row_height(ws, 1, f64::from(n) * 13.5 + 2.0)?;
    }
    Ok(())
}

/// What [`write_body`] writes besides the cells' text.
struct Body<'a> {
    /// Links on body cells.
    links: Option<&'a CellLinks>,
    /// The format of a linked cell.
    link_fmt: &'a rust_xlsxwriter::Format,
    /// The one row of a table without rows.
    none: &'a str,
    /// The sheet is in low-memory mode: every cell gets its format as it is written (the
    /// formats given per run afterwards would reach rows already saved).
    low_memory: bool,
}

/// Notes the width of a body cell of column `c` (`number`: written as a number) and returns
/// the lines it takes (a `wrapped` column wraps).
fn note_cell(
    t: &TextTable,
    c: usize,
    text: &str,
    number: bool,
    widths: &mut ColumnWidths,
) -> usize {
    let col = u16::try_from(c).unwrap_or(u16::MAX);
    if number {
        widths.note(col, text);
    } else if t.wrapped.contains(&c) {
        let wrap = t.wrap_width.unwrap_or(WRAP_WIDTH).max(4);
        widths.note_width(col, super::style::display_width(text).min(wrap));
        return wrapped_lines(text, wrap);
    } else {
        widths.note(col, super::workbook::clip(text));
    }
    1
}

/// The height of a body row of `lines` wrapped lines, when taller than a body row.
fn row_points(lines: usize) -> Option<f64> {
    let n = u32::try_from(lines).unwrap_or(1);
    (lines > 1).then(|| f64::from(n) * WRAPPED_LINE_POINTS + 2.0)
}

/// Notes the widths and row heights of a table's body as [`write_body`] does, writing nothing.
fn note_body(t: &TextTable, widths: &mut ColumnWidths) {
    for (i, row) in t.rows.iter().enumerate() {
        let r = 2 + u32::try_from(i).unwrap_or(u32::MAX - 2);
        let mut lines = 1usize;
        for (c, cell) in row.iter().enumerate() {
            let number = cell.number().is_some();
            lines = lines.max(note_cell(t, c, &cell.text(), number, widths));
        }
        if let Some(points) = row_points(lines) {
            widths.note_row_height(r, points);
        }
    }
}

/// Writes the body `rows` of `s` (its table's rows, or the same rows taken out of it, each
/// dropped once written) from row 2 (or one row saying `none` when there are none): numbers
/// as numbers, `wrapped` columns wrapped with the row made tall enough, cells with a link as
/// blue links.
fn write_body<R: AsRef<[Cell]>>(
    ws: &mut rust_xlsxwriter::Worksheet,
    s: &SheetDoc,
    rows: impl IntoIterator<Item = R>,
    styles: &Styles,
    body: &Body<'_>,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let t = &s.table;
    let mut linked = 0usize;
    let mut rows = rows.into_iter().peekable();
    if rows.peek().is_none() {
        let last = u16::try_from(t.headers.len().max(1) - 1).unwrap_or(0);
        if last == 0 {
            write_text(ws, 2, 0, body.none, &styles.center, Some(widths))?;
        } else {
            ws.merge_range(2, 0, 2, last, body.none, &styles.center)?;
        }
        return Ok(());
    }
    let base = |c: usize| {
        if t.centred.contains(&c) {
            &styles.center
        } else {
            &styles.body
        }
    };
    let number_formats = number_formats(styles);
    let wrap_fmts: BTreeMap<bool, rust_xlsxwriter::Format> = [false, true]
        .iter()
        .map(|&c| {
            let f = if c { &styles.center } else { &styles.body };
            (c, f.clone().set_text_wrap())
        })
        .collect();
    // Formats given per run of cells (see `RunFormats`), except on cells with a link.
    let mut runs = RunFormats::down();
    for (i, row) in rows.enumerate() {
        let r = 2 + u32::try_from(i).unwrap_or(u32::MAX - 2);
        let mut lines = 1usize;
        for (c, cell) in row.as_ref().iter().enumerate() {
            let col = u16::try_from(c).unwrap_or(u16::MAX);
            let centred = t.centred.contains(&c);
            let text = &*cell.text();
            // A sheet holds at most MAX_LINKS links (the writer numbers them in 16 bits and
            // panics past that, a form of 99,000 rows did): later cells are plain text.
            let link = body
                .links
                .and_then(|l| l.get(&(i, c)))
                .filter(|_| linked < MAX_LINKS);
            linked += usize::from(link.is_some());
            // A linked cell is formatted now: the runs, given last, would undo the link's.
            let by_runs = link.is_none() && !body.low_memory;
            let number = cell.number();
            if let Some((v, d)) = number {
                let fmt = number_formats.get(&(centred, d)).unwrap_or(base(c));
                if by_runs {
                    ws.write_number(r, col, v)?;
                    runs.note(r, col, fmt);
                } else {
                    ws.write_number_with_format(r, col, v, fmt)?;
                }
            } else {
                let fmt = if t.wrapped.contains(&c) {
                    wrap_fmts.get(&centred).unwrap_or(base(c))
                } else {
                    base(c)
                };
                let runs = by_runs.then_some(&mut runs);
                write_text_in(ws, r, col, text, fmt, runs, None)?;
            }
            lines = lines.max(note_cell(t, c, text, number.is_some(), widths));
            if let Some(url) = link {
                write_link(ws, r, col, url, text, body.link_fmt, t.wrapped.contains(&c));
            }
        }
        if let Some(points) = row_points(lines) {
            widths.set_row_height(ws, r, points)?;
        }
    }
    runs.apply(ws)
}

/// Longest text a formula's string constant holds in Excel.
const FORMULA_STRING_MAX: usize = 255;

/// Writes `text` at (`r`, `col`) as a blue link to `url`; a link the writer rejects (too long)
/// leaves the plain text already written. In a `wrapped` column the cell holds the text as a
/// formula (`="…"`, its value the text) under the same link: LibreOffice shows the text of a
/// linked text cell as one unbreakable field that runs past the column, while a formula's text
/// wraps, and the link (kept in the sheet's hyperlinks, apart from the cell) still opens the
/// source in Excel, WPS and LibreOffice. A text longer than a formula's string constant stays
/// a linked text cell.
fn write_link(
    ws: &mut rust_xlsxwriter::Worksheet,
    r: u32,
    col: u16,
    url: &str,
    text: &str,
    link_fmt: &rust_xlsxwriter::Format,
    wrapped: bool,
) {
    let fmt = if wrapped {
        link_fmt.clone().set_text_wrap()
    } else {
        link_fmt.clone()
    };
    let link = Url::new(url).set_text(text);
    if ws.write_url_with_format(r, col, link, &fmt).is_err() {
        return;
    }
    if wrapped && text.chars().count() <= FORMULA_STRING_MAX && !text.chars().any(char::is_control)
    {
        let formula = rust_xlsxwriter::Formula::new(format!("=\"{}\"", text.replace('"', "\"\"")))
            .set_result(text);
        let _ = ws.write_formula_with_format(r, col, formula, &fmt);
    }
}

/// The formats of numbers with 0, 1 and 2 decimals and of percentages, by centred.
fn number_formats(styles: &Styles) -> BTreeMap<(bool, NumberFormat), rust_xlsxwriter::Format> {
    let mut formats = BTreeMap::new();
    for centred in [false, true] {
        let f = if centred {
            &styles.center
        } else {
            &styles.body
        };
        for (d, pattern) in [(0, "0"), (1, "0.0"), (2, "0.00")] {
            let fmt = f.clone().set_num_format(pattern);
            formats.insert((centred, NumberFormat::Decimals(d)), fmt);
        }
        let percent = f.clone().set_num_format("0%");
        formats.insert((centred, NumberFormat::Percent), percent);
    }
    formats
}

/// The lines `text` takes in a column wrapped at `wrap` terminal columns: the column set for
/// it (`excel_width`) holds a quarter more.
fn wrapped_lines(text: &str, wrap: usize) -> usize {
    let per_line = wrap + wrap / 4 + 1;
    text.lines()
        .map(|l| super::style::display_width(l).div_ceil(per_line).max(1))
        .sum()
}

/// A sheet name Excel accepts, unique among `used` (case-insensitively, as Excel compares):
/// the characters `[]:*?/\\` become `_`, leading/trailing apostrophes are dropped, the name is
/// cut to 31 characters, and a clash gets a `(2)`, `(3)`, ... suffix.
///
/// ```
/// use bianpai::report::tables::sheet_name;
/// assert_eq!(sheet_name("北京/天津队", &[]), "北京_天津队");
/// assert_eq!(sheet_name("甲", &["甲".to_string()]), "甲(2)");
/// assert_eq!(sheet_name("", &[]), "Sheet");
/// ```
pub fn sheet_name(wanted: &str, used: &[String]) -> String {
    let mut names = SheetNames::default();
    for u in used {
        names.taken.insert(u.to_lowercase());
    }
    names.claim(wanted)
}

/// The sheet names of one workbook so far, compared case-insensitively: [`SheetNames::claim`]
/// gives the name [`sheet_name`] would and records it, in O(1) per sheet (a roster of 2,000
/// teams has 2,002 sheets).
#[derive(Debug, Clone, Default)]
pub struct SheetNames {
    /// The names given, lower-cased.
    taken: std::collections::HashSet<String>,
}

impl SheetNames {
    /// A name for a sheet that wants `wanted`, unique among the names claimed before.
    pub fn claim(&mut self, wanted: &str) -> String {
        let clean: String = wanted
            .chars()
            .map(|c| {
                if matches!(c, '[' | ']' | ':' | '*' | '?' | '/' | '\\') || c.is_control() {
                    '_'
                } else {
                    c
                }
            })
            .collect();
        let clean = clean.trim().trim_matches('\'');
        let base: String = if clean.is_empty() {
            "Sheet".to_string()
        } else {
            clean.chars().take(31).collect()
        };
        let mut name = base.clone();
        let mut i = 2u32;
        while self.taken.contains(&name.to_lowercase()) {
            let suffix = format!("({i})");
            let keep = 31usize.saturating_sub(suffix.chars().count());
            name = base.chars().take(keep).chain(suffix.chars()).collect();
            i = i.saturating_add(1);
        }
        self.taken.insert(name.to_lowercase());
        name
    }
}

mod sheet;
use sheet::{LOW_MEMORY_ROWS, Sheet, write_large_sheet, write_sheet};

#[cfg(test)]
mod tests;
