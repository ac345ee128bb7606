//! Quota workbooks (名额分配表), recognised by their header, not their name, like every other
//! table `forms` recognises: so `inputs` never reads them as forms, and `eligibility::quota` reads the
//! numbers from where this module says the labels and delegations are.
//!
//! A quota table has a unit column (单位 / 代表队 / 参赛单位 ...) and at least two place columns
//! (headers naming a 组: `公开组男子`, `少年组（男女合计）`, `家庭组（人）`), and no 姓名 column
//! (so an entry form or a registration list is never one). Transposed tables, with the groups as
//! rows and the delegations as columns, are recognised too when the title, sheet or file names
//! 名额.

use unicode_normalization::UnicodeNormalization;

use super::header::{Field, field_of, header_key};
use crate::ingest::{Cell, Table};

/// How many rows (or columns) from the top (left) a header is looked for.
const SCAN: usize = 12;

/// Header labels that name the delegation besides the entry form's unit synonyms.
const UNIT_LABELS: [&str; 5] = ["代表团", "省市", "省份", "地区", "协会"];

/// A label naming the delegation: the entry form's unit column, or one of [`UNIT_LABELS`].
fn is_unit_label(text: &str) -> bool {
    field_of(text) == Some(Field::TeamUnit) || UNIT_LABELS.contains(&header_key(text).as_str())
}

/// A place label: names a group (`组`), is not the entry form's 组别 column.
pub(crate) fn is_place_label(text: &str) -> bool {
    let k = header_key(text);
    k.contains('组') && field_of(text) != Some(Field::Group)
}

/// The text of a cell as a quota table is read: NFKC, whitespace removed; `None` for a blank or
/// non-text cell.
pub(crate) fn cell_text(cell: &Cell) -> Option<String> {
    match cell {
        Cell::Text(t) if !cell.is_blank() => {
            Some(t.nfkc().filter(|c| !c.is_whitespace()).collect())
        }
        _ => None,
    }
}

/// Where the labels and the delegations of a quota table are (zero-based rows and columns).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Orientation {
    /// Labels in row `header`, delegations in the rows below, names in column `unit`.
    Rows {
        /// The label row.
        header: usize,
        /// The column of the delegations' names.
        unit: usize,
    },
    /// Labels in column `labels`, delegations in the columns right of it, names in row `unit`.
    Columns {
        /// The label column.
        labels: usize,
        /// The row of the delegations' names.
        unit: usize,
    },
}

/// Whether a header within the first [`SCAN`] rows has a 姓名 column (an entry form or a
/// registration list, never a quota table).
fn has_name_header(table: &Table) -> bool {
    table.rows.iter().take(SCAN).any(|row| {
        row.iter()
            .filter_map(cell_text)
            .any(|t| field_of(&t) == Some(Field::Name))
    })
}

/// Whether the file, the sheet or the first [`SCAN`] rows name 名额.
fn mentions_quota(table: &Table) -> bool {
    table.file.contains("名额")
        || table.sheet.contains("名额")
        || table
            .rows
            .iter()
            .take(SCAN)
            .flatten()
            .filter_map(cell_text)
            .any(|t| t.contains("名额"))
}

/// Where the labels and delegations of a quota table are; `None` when the table is not one:
/// a unit label and two place labels in one of the first rows, else (when the table mentions
/// 名额) a column of at least two group rows under a row naming delegations.
pub fn orientation(table: &Table) -> Option<Orientation> {
    if has_name_header(table) {
        return None;
    }
    for (r, row) in table.rows.iter().enumerate().take(SCAN) {
        let labels: Vec<(usize, String)> = row
            .iter()
            .enumerate()
            .filter_map(|(c, cell)| cell_text(cell).map(|t| (c, t)))
            .collect();
        let unit = labels.iter().find(|(_, t)| is_unit_label(t)).map(|x| x.0);
        let places = labels.iter().filter(|(_, t)| is_place_label(t)).count();
        if let (Some(unit), true) = (unit, places >= 2) {
            return Some(Orientation::Rows { header: r, unit });
        }
    }
    if !mentions_quota(table) {
        return None;
    }
    // Transposed: a label column with at least two group rows, under a row naming delegations.
    for c in 0..table.width().min(4) {
        let group_rows: Vec<usize> = (0..table.height())
            .filter(|&r| cell_text(table.get(r, c)).is_some_and(|t| is_place_label(&t)))
            .collect();
        let Some(&first) = group_rows.first() else {
            continue;
        };
        if group_rows.len() < 2 {
            continue;
        }
        let unit_row = (0..first).rev().find(|&r| {
            (c + 1..table.width())
                .filter(|&x| cell_text(table.get(r, x)).is_some())
                .count()
                >= 2
        });
        if let Some(unit) = unit_row {
            return Some(Orientation::Columns { labels: c, unit });
        }
    }
    None
}

/// Whether a table is a quota table (no event needed: [`crate::inputs`] never reads a file
/// holding one as a form).
pub fn is_quota_table(table: &Table) -> bool {
    !table.hidden && orientation(table).is_some()
}
