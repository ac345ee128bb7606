//! Hand edits of a round workbook, as an arbiter makes them in Excel: the workbook re-read with
//! calamine (every sheet, the hidden marker sheet included), its round sheet's cells changed,
//! written back with rust_xlsxwriter. The cells are written as text (numbers as their
//! display), which the round reader accepts as it accepts typed cells.

use std::path::Path;

use rust_xlsxwriter::Workbook;

use super::cells::{read_book, shown};

/// The cells of the round sheet (row 0 the title, row 1 the header, then the boards).
pub type Grid = Vec<Vec<String>>;

/// Rewrites `src` into `dst` with `edit` applied to the first sheet's cells; with
/// `keep_marker` false the hidden marker sheet is left out (the round sheet copied into a new
/// workbook).
pub fn rewrite(src: &Path, dst: &Path, keep_marker: bool, edit: impl FnOnce(&mut Grid)) {
    rewrite_sheets(src, dst, |sheets| {
        if !keep_marker {
            sheets.truncate(1);
        }
        if let Some(first) = sheets.first_mut() {
            edit(&mut first.grid);
        }
    });
}

/// One sheet as [`rewrite_sheets`] hands it over: name, visible, cells.
pub struct EditSheet {
    /// The sheet name.
    pub name: String,
    /// Whether the sheet is visible.
    pub visible: bool,
    /// The cells as text.
    pub grid: Grid,
    /// Merged regions `(first row, first column, last row, last column)`, written after the
    /// cells with the first cell's text (the others are written blank, as Excel leaves them).
    pub merges: Vec<(u32, u16, u32, u16)>,
}

/// Rewrites `src` into `dst` with `edit` applied to the list of every sheet (the hidden marker
/// included): sheets may be changed, added or removed.
pub fn rewrite_sheets(src: &Path, dst: &Path, edit: impl FnOnce(&mut Vec<EditSheet>)) {
    let mut sheets: Vec<EditSheet> = read_book(src)
        .iter()
        .map(|sh| EditSheet {
            name: sh.name.clone(),
            visible: sh.visible,
            grid: sh
                .rows
                .iter()
                .map(|r| r.iter().map(shown).collect())
                .collect(),
            merges: Vec::new(),
        })
        .collect();
    edit(&mut sheets);
    let mut wb = Workbook::new();
    // The first visible sheet is the active one: a hidden sheet in front stays hidden (the
    // writer would otherwise show the first sheet as the active one).
    let first_visible = sheets.iter().position(|sh| sh.visible);
    for (i, sh) in sheets.iter().enumerate() {
        let ws = wb.add_worksheet();
        ws.set_name(&sh.name).expect("sheet name");
        if Some(i) == first_visible && i > 0 {
            ws.set_active(true);
        }
        for (r, row) in sh.grid.iter().enumerate() {
            for (c, v) in row.iter().enumerate() {
                if !v.is_empty() {
                    ws.write_string(r as u32, c as u16, v).expect("write");
                }
            }
        }
        for &(r0, c0, r1, c1) in &sh.merges {
            let first = sh
                .grid
                .get(r0 as usize)
                .and_then(|row| row.get(c0 as usize))
                .cloned()
                .unwrap_or_default();
            ws.merge_range(r0, c0, r1, c1, &first, &rust_xlsxwriter::Format::new())
                .expect("merge");
        }
        if !sh.visible {
            ws.set_hidden(true);
        }
    }
    wb.save(dst).expect("save edited workbook");
}
