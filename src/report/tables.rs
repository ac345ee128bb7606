//! Workbooks made of plain tables: one sheet per table, each with the event title, a header row
//! and rows of display text. `standings.xlsx` (排名, 交叉表, 台次成绩, 总排名), `schedule.xlsx` and
//! `finals.xlsx` are written this way.
//!
//! The writer only lays out what the season computed: every cell arrives as display text, so the
//! same numbers print in the workbook, the JSON summary and the terminal.

use std::collections::BTreeMap;
use std::path::Path;

use rust_xlsxwriter::{Url, Workbook, XlsxError};

use super::style::{ColumnWidths, Styles};
use super::workbook::{
    SheetLayout, new_workbook, save_atomic, setup_sheet, write_header_row, write_text,
};
use crate::rounds::marker::Marker;
use crate::{Error, Lang};

/// One table of the workbook: headers and rows of display text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct TextTable {
    /// Column headers.
    pub headers: Vec<String>,
    /// Rows, each as long as `headers`.
    pub rows: Vec<Vec<String>>,
    /// Columns (0-based) to centre (places, scores).
    pub centred: Vec<usize>,
}

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

/// Writes the sheets into one workbook at `path`, atomically.
///
/// # Errors
///
/// [`Error::Io`] naming `path` when it cannot be written.
pub fn write(path: &Path, event_title: &str, sheets: &[SheetDoc], lang: Lang) -> Result<(), Error> {
    write_with_marker(path, event_title, sheets, lang, None)
}

/// Like [`write`], with a hidden marker sheet so that bianpai recognises the file when it reads
/// the folder again (the draw workbook). A file that exists is never overwritten when a marker
/// is given: it belongs to the arbiter from then on.
///
/// # Errors
///
/// [`Error::Io`] naming `path` when it cannot be written.
pub fn write_with_marker(
    path: &Path,
    event_title: &str,
    sheets: &[SheetDoc],
    lang: Lang,
    marker: Option<&Marker>,
) -> Result<(), Error> {
    if marker.is_some() && path.exists() {
        return Ok(());
    }
    let mut wb = build(event_title, sheets, lang, marker)
        .map_err(|e| Error::io(path, std::io::Error::other(e)))?;
    save_atomic(&mut wb, path)
}

fn build(
    event_title: &str,
    sheets: &[SheetDoc],
    lang: Lang,
    marker: Option<&Marker>,
) -> Result<Workbook, XlsxError> {
    let plain: Vec<(&SheetDoc, Option<&CellLinks>)> = sheets.iter().map(|s| (s, None)).collect();
    let mut wb = build_sheets(event_title, &plain, lang.pick("尚无成绩", "no results yet"))?;
    if let Some(m) = marker {
        super::round_workbook::add_marker_sheet(&mut wb, m)?;
    }
    Ok(wb)
}

/// Links on a sheet's body cells: (row, column) of the table → URL.
pub type CellLinks = BTreeMap<(usize, usize), String>;

/// The workbook of `sheets` in the layout of [`write`] (title row, header row, frozen panes,
/// A4), each body cell with a link in its sheet's [`CellLinks`] written as a blue link; a
/// workbook without sheets gets one saying `empty`.
pub(crate) fn build_sheets(
    event_title: &str,
    sheets: &[(&SheetDoc, Option<&CellLinks>)],
    empty: &str,
) -> Result<Workbook, XlsxError> {
    let mut wb = new_workbook(event_title)?;
    let styles = Styles::new();
    let link_fmt = styles
        .body
        .clone()
        .set_font_color(rust_xlsxwriter::Color::Blue);
    let mut used: Vec<String> = Vec::new();
    for &(s, links) in sheets {
        let ws = wb.add_worksheet();
        let mut widths = ColumnWidths::new();
        let title = format!("{event_title} {}", s.title);
        let columns = u16::try_from(s.table.headers.len().max(1)).unwrap_or(u16::MAX);
        let name = sheet_name(&s.name, &used);
        used.push(name.clone());
        let layout = SheetLayout {
            name: &name,
            title: &title,
            columns,
            frozen_rows: 2,
            landscape: s.landscape,
        };
        setup_sheet(ws, &styles, &layout)?;
        widths.print_title(&layout, &styles);
        let hdr: Vec<&str> = s.table.headers.iter().map(String::as_str).collect();
        write_header_row(ws, 1, &hdr, &styles, &mut widths)?;
        for (i, row) in s.table.rows.iter().enumerate() {
            let r = 2 + u32::try_from(i).unwrap_or(u32::MAX - 2);
            for (c, text) in row.iter().enumerate() {
                let col = u16::try_from(c).unwrap_or(u16::MAX);
                let fmt = if s.table.centred.contains(&c) {
                    &styles.center
                } else {
                    &styles.body
                };
                write_text(ws, r, col, text, fmt, Some(&mut widths))?;
                if let Some(url) = links.and_then(|l| l.get(&(i, c))) {
                    // A link the writer rejects (too long) leaves the plain text.
                    let link = Url::new(url.as_str()).set_text(text.as_str());
                    let _ = ws.write_url_with_format(r, col, link, &link_fmt);
                }
            }
        }
        widths.apply(ws)?;
    }
    if sheets.is_empty() {
        let ws = wb.add_worksheet();
        ws.write_string(0, 0, empty)?;
    }
    Ok(wb)
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
    let clean = clean.trim().trim_matches('\'').to_string();
    let base: String = if clean.is_empty() {
        "Sheet".to_string()
    } else {
        clean.chars().take(31).collect()
    };
    let taken = |n: &str| used.iter().any(|u| u.to_lowercase() == n.to_lowercase());
    if !taken(&base) {
        return base;
    }
    for i in 2u32.. {
        let suffix = format!("({i})");
        let keep = 31usize.saturating_sub(suffix.chars().count());
        let candidate: String = base.chars().take(keep).chain(suffix.chars()).collect();
        if !taken(&candidate) {
            return candidate;
        }
    }
    base
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::{Data, Reader, Xlsx, open_workbook};

    #[test]
    fn tables_round_trip_through_calamine() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("standings.xlsx");
        let sheets = vec![SheetDoc {
            name: "排名".into(),
            title: "第11轮后排名".into(),
            table: TextTable {
                headers: vec!["名次".into(), "队名".into(), "场分".into()],
                rows: vec![
                    vec!["1".into(), "北京队".into(), "21.0".into()],
                    vec!["2".into(), "=上海".into(), "17.0".into()],
                ],
                centred: vec![0, 2],
            },
            landscape: false,
        }];
        write(&path, "2023 甲级联赛", &sheets, Lang::Zh).expect("write");
        let mut wb: Xlsx<_> = open_workbook(&path).expect("open");
        assert_eq!(wb.sheet_names(), vec!["排名".to_string()]);
        let r = wb.worksheet_range("排名").expect("range");
        assert_eq!(
            r.get_value((0, 0)),
            // 28 columns of title × 1.35 = 37.8 units over a table of 6.4 + 8.6 + 6.4 units:
            // broken at the space after the event name (and wrapped by the cell).
            Some(&Data::String("2023 甲级联赛\n第11轮后排名".into()))
        );
        assert_eq!(r.get_value((1, 1)), Some(&Data::String("队名".into())));
        assert_eq!(r.get_value((2, 2)), Some(&Data::String("21.0".into())));
        // Formula-looking text stays text.
        assert_eq!(r.get_value((3, 1)), Some(&Data::String("=上海".into())));
        let again = dir.path().join("again.xlsx");
        write(&again, "2023 甲级联赛", &sheets, Lang::Zh).expect("write");
        assert_eq!(
            std::fs::read(&path).expect("a"),
            std::fs::read(&again).expect("b")
        );
    }
}
