//! Writing one sheet of a table workbook: in the ordinary mode, or in rust_xlsxwriter's
//! constant-memory mode for a table of many rows (issue 46).

use rust_xlsxwriter::XlsxError;

use super::super::style::{ColumnWidths, Styles};
use super::super::workbook::{SheetLayout, setup_sheet};
use super::{Body, CellLinks, SheetDoc, Texts, note_body, sheet_groups, write_body, write_headers};
use crate::report::cell::Cell;
use std::borrow::Cow;

/// Rows of a table from which its sheet is written in rust_xlsxwriter's constant-memory mode
/// (each row saved to a temporary file as the next one starts, instead of every cell kept until
/// the workbook is saved: ≈ 250 bytes a cell; its strings written inline in the cells, not kept
/// in the workbook's table of shared strings: ≈ 75 MB for a form of 99,000 rows). The cells,
/// their formats and the layout are the same, but the strings are stored and the formats
/// numbered otherwise inside the file, so smaller tables (every sample's) keep the bytes of the
/// ordinary mode (issue 46).
pub(super) const LOW_MEMORY_ROWS: usize = 20_000;

/// What one sheet of [`build_sheets`] is written with, besides its table.
pub(super) struct Sheet<'a> {
    pub(super) links: Option<&'a CellLinks>,
    pub(super) name: &'a str,
    pub(super) title: &'a str,
    pub(super) styles: &'a Styles,
    pub(super) link_fmt: &'a rust_xlsxwriter::Format,
    pub(super) texts: &'a Texts<'a>,
}

impl Sheet<'_> {
    /// The sheet's layout: title over the printed columns, title and header rows frozen.
    fn layout(&self, doc: &SheetDoc) -> SheetLayout<'_> {
        SheetLayout {
            name: self.name,
            title: self.title,
            columns: u16::try_from(printed(doc)).unwrap_or(u16::MAX),
            frozen_rows: 2,
            landscape: doc.landscape,
            lang: self.texts.lang,
        }
    }

    /// Writes the notes and the signature lines under the table of `rows` body rows; returns
    /// the sheet's last row.
    fn write_tail(
        &self,
        ws: &mut rust_xlsxwriter::Worksheet,
        doc: &SheetDoc,
        rows: usize,
        widths: &mut ColumnWidths,
    ) -> Result<u32, XlsxError> {
        let (t, table_last) = (&doc.table, table_last(rows));
        let noted =
            super::super::notes::write_notes(ws, table_last + 2, &t.notes, self.styles, widths)?;
        let after = if t.notes.is_empty() {
            table_last
        } else {
            noted
        };
        match self.texts.signed {
            Some(lang) => super::super::signature::write_signatures(
                ws,
                table_last,
                after,
                self.styles,
                widths,
                lang,
            ),
            None => Ok(after),
        }
    }

    /// What the body is written with.
    fn body(&self, low_memory: bool) -> Body<'_> {
        Body {
            links: self.links,
            link_fmt: self.link_fmt,
            none: self.texts.none,
            low_memory,
        }
    }
}

/// The columns that print.
fn printed(doc: &SheetDoc) -> usize {
    let all = doc.table.headers.len().max(1);
    doc.table.print_columns.map_or(all, |n| n.clamp(1, all))
}

/// The last row of a table of `rows` body rows (title, header and body rows; one row saying
/// `none` when empty).
fn table_last(rows: usize) -> u32 {
    u32::try_from(rows.max(1)).unwrap_or(u32::MAX - 2) + 1
}

/// Sets the print area to the printed columns when some columns do not print.
fn print_area(
    ws: &mut rust_xlsxwriter::Worksheet,
    doc: &SheetDoc,
    last: u32,
) -> Result<(), XlsxError> {
    let printed = printed(doc);
    if printed < doc.table.headers.len().max(1) {
        let columns = u16::try_from(printed).unwrap_or(u16::MAX);
        ws.set_print_area(0, 0, last, columns.saturating_sub(1))?;
    }
    Ok(())
}

/// Writes one sheet in the ordinary mode: title, headers, body, notes and signatures, then the
/// column widths and the printed layout (which fit the title, in row 0, to the columns).
pub(super) fn write_sheet(
    ws: &mut rust_xlsxwriter::Worksheet,
    s: &SheetDoc,
    sh: &Sheet<'_>,
) -> Result<(), XlsxError> {
    let styles = sh.styles;
    let layout = sh.layout(s);
    let mut widths = ColumnWidths::new();
    widths.print_title(&layout, styles);
    setup_sheet(ws, styles, &layout)?;
    write_headers(ws, &s.table, styles, &mut widths)?;
    write_body(ws, s, &s.table.rows, styles, &sh.body(false), &mut widths)?;
    let last = sh.write_tail(ws, s, s.table.rows.len(), &mut widths)?;
    widths.apply_grouped(ws, &sheet_groups(&s.table))?;
    print_area(ws, s, last)
}

/// Writes one sheet of many rows on a sheet in constant-memory mode, where a row can no longer
/// change once a later row is written: the widths and the printed layout are worked out first
/// (the body's widths noted without writing it; the header, notes and signatures, a few cells,
/// written on a scratch sheet), so that the title is fitted before the rows under it. The rows
/// of a sheet handed over (`Cow::Owned`) are dropped as they are written.
pub(super) fn write_large_sheet(
    ws: &mut rust_xlsxwriter::Worksheet,
    s: &mut Cow<'_, SheetDoc>,
    sh: &Sheet<'_>,
) -> Result<(), XlsxError> {
    let styles = sh.styles;
    let rows = s.table.rows.len();
    let mut widths = ColumnWidths::new();
    widths.print_title(&sh.layout(s), styles);
    let mut scratch = rust_xlsxwriter::Worksheet::new();
    write_headers(&mut scratch, &s.table, styles, &mut widths)?;
    note_body(&s.table, &mut widths);
    // The notes and signatures see the widths they see in the ordinary mode.
    let before_tail = widths.clone();
    let last = sh.write_tail(&mut scratch, s, rows, &mut widths)?;
    drop(scratch);
    setup_sheet(ws, styles, &sh.layout(s))?;
    widths.apply_grouped(ws, &sheet_groups(&s.table))?;
    let mut again = ColumnWidths::new();
    write_headers(ws, &s.table, styles, &mut again)?;
    match s {
        Cow::Borrowed(doc) => {
            write_body(ws, doc, &doc.table.rows, styles, &sh.body(true), &mut again)?;
        }
        Cow::Owned(doc) => {
            let taken: Vec<Vec<Cell>> = std::mem::take(&mut doc.table.rows);
            write_body(ws, doc, taken, styles, &sh.body(true), &mut again)?;
        }
    }
    sh.write_tail(ws, s, rows, &mut before_tail.clone())?;
    print_area(ws, s, last)
}
