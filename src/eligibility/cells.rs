//! The cell of a field in a person's row, even when the cell is empty: the form's header says
//! which column holds 国际棋联ID or 等级分, the person's name cell says which row. A finding about
//! a missing value then points at the empty cell to fill in.

use std::collections::BTreeMap;
use std::sync::Arc;

use crate::findings::Source;
use crate::forms::{Field, Submission};

/// The headers of one sheet: (header row, field → column), one per table of the sheet.
type Headers = Vec<(u32, BTreeMap<Field, u32>)>;

/// The header columns of every form sheet read, by file and sheet (the names shared with the
/// submissions, and looked up by `&str`).
#[derive(Debug, Clone, Default)]
pub struct Layout {
    sheets: BTreeMap<Arc<str>, BTreeMap<Arc<str>, Headers>>,
}

impl Layout {
    /// The layout of the submissions the roster was built from.
    pub fn new(subs: &[Submission]) -> Layout {
        let mut sheets: BTreeMap<Arc<str>, BTreeMap<Arc<str>, Headers>> = BTreeMap::new();
        for s in subs {
            sheets
                .entry(Arc::clone(&s.file))
                .or_default()
                .entry(Arc::clone(&s.sheet))
                .or_default()
                .push((s.header_row, s.columns.clone()));
        }
        Layout { sheets }
    }

    /// The cell of `field` in the row of `row_cell` (the nearest header above that row with such
    /// a column); `None` when the sheet has no such column or `row_cell` is not a cell.
    pub fn cell(&self, row_cell: &Source, field: Field) -> Option<Source> {
        let (row, _) = row_cell.cell?;
        let sheet = row_cell.sheet.clone()?;
        let headers = self.sheets.get(&*row_cell.file)?.get(&*sheet)?;
        let col = headers
            .iter()
            .filter(|(h, _)| *h < row)
            .max_by_key(|(h, _)| *h)
            .and_then(|(_, cols)| cols.get(&field))?;
        Some(Source::cell(&row_cell.file, sheet, row, *col))
    }
}
