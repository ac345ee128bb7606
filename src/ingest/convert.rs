//! From calamine values to [`Cell`]s, and from scattered cells to a grid at real sheet
//! positions.

use calamine::{CellErrorType, Data, DataRef, Dimensions, ExcelDateTime};

use super::{Budget, Cell, Limits, Merge, Unreadable};

/// A calamine value as a cell.
pub(crate) fn from_data(d: &Data) -> Cell {
    match d {
        Data::Empty => Cell::Empty,
        Data::String(s) | Data::DurationIso(s) => text(s),
        Data::DateTimeIso(s) => iso(s),
        Data::Int(i) => Cell::Int(*i),
        Data::Float(f) => Cell::Float(*f),
        Data::Bool(b) => Cell::Bool(*b),
        Data::DateTime(dt) => from_datetime(dt),
        Data::Error(e) => Cell::Error(error_text(e)),
    }
}

/// A streamed calamine value as a cell.
pub(crate) fn from_data_ref(d: &DataRef<'_>) -> Cell {
    match d {
        DataRef::Empty => Cell::Empty,
        DataRef::SharedString(s) => text(s),
        DataRef::String(s) | DataRef::DurationIso(s) => text(s),
        DataRef::DateTimeIso(s) => iso(s),
        DataRef::Int(i) => Cell::Int(*i),
        DataRef::Float(f) => Cell::Float(*f),
        DataRef::Bool(b) => Cell::Bool(*b),
        DataRef::DateTime(dt) => from_datetime(dt),
        DataRef::Error(e) => Cell::Error(error_text(e)),
    }
}

fn text(s: &str) -> Cell {
    if s.is_empty() {
        Cell::Empty
    } else {
        Cell::Text(s.to_string())
    }
}

/// An ISO 8601 date or date-time (ODS `office:date-value`) as a date cell; anything else (a
/// time of day, a zone) stays text.
fn iso(s: &str) -> Cell {
    if let Ok(d) = s.parse::<jiff::civil::Date>()
        && s.len() <= 10
    {
        return Cell::Date(d);
    }
    match s.parse::<jiff::civil::DateTime>() {
        Ok(dt) if dt.time() == jiff::civil::Time::midnight() => Cell::Date(dt.date()),
        Ok(dt) => Cell::DateTime(dt),
        Err(_) => text(s),
    }
}

fn error_text(e: &CellErrorType) -> String {
    e.to_string()
}

/// A date-formatted number as a date (no time part) or date-time, in the file's epoch
/// (`to_ymd_hms_milli` applies the 1904 offset). Durations, times of day without a date and
/// serials that are not real dates (Excel's 1900-02-29, out of range) stay numbers, so
/// nothing is invented.
pub(crate) fn from_datetime(dt: &ExcelDateTime) -> Cell {
    let serial = dt.as_f64();
    if dt.is_duration() || !(1.0..2_958_466.0).contains(&serial) {
        return Cell::Float(serial);
    }
    let (y, mo, d, h, mi, s, ms) = dt.to_ymd_hms_milli();
    let (Ok(y), Ok(mo), Ok(d)) = (i16::try_from(y), i8::try_from(mo), i8::try_from(d)) else {
        return Cell::Float(serial);
    };
    let Ok(date) = jiff::civil::Date::new(y, mo, d) else {
        return Cell::Float(serial);
    };
    if h == 0 && mi == 0 && s == 0 && ms == 0 {
        return Cell::Date(date);
    }
    let (Ok(h), Ok(mi), Ok(s)) = (i8::try_from(h), i8::try_from(mi), i8::try_from(s)) else {
        return Cell::Float(serial);
    };
    match jiff::civil::Time::new(h, mi, s, i32::from(ms) * 1_000_000) {
        Ok(t) => Cell::DateTime(date.to_datetime(t)),
        Err(_) => Cell::Float(serial),
    }
}

/// Merged regions as zero-based inclusive rectangles.
pub(crate) fn merges(dims: &[Dimensions]) -> Vec<Merge> {
    let mut v: Vec<Merge> = dims
        .iter()
        .map(|d| Merge {
            first_row: d.start.0,
            first_col: d.start.1,
            last_row: d.end.0,
            last_col: d.end.1,
        })
        .collect();
    v.sort_by_key(|m| (m.first_row, m.first_col, m.last_row, m.last_col));
    v
}

/// Builds a grid cell by cell at absolute sheet positions, refusing anything beyond the limits
/// before allocating for it. Rows are ragged: a row is only as long as its last non-empty cell.
/// The file-wide budget is charged too, so many sheets (or many members) cannot add up to
/// more than one file may hold.
pub(crate) struct Grid<'a> {
    rows: Vec<Vec<Cell>>,
    slots: u64,
    limits: &'a Limits,
    budget: &'a mut Budget,
}

impl<'a> Grid<'a> {
    pub(crate) fn new(limits: &'a Limits, budget: &'a mut Budget) -> Grid<'a> {
        Grid {
            rows: Vec::new(),
            slots: 0,
            limits,
            budget,
        }
    }

    /// Puts a cell at (row, col); empty cells are not stored.
    ///
    /// # Errors
    ///
    /// When the position is beyond the row or column limit or the grid would exceed the cell
    /// limit; the error names the cell.
    pub(crate) fn put(
        &mut self,
        path: &str,
        sheet: &str,
        row: u32,
        col: u32,
        cell: Cell,
    ) -> Result<(), Unreadable> {
        if cell == Cell::Empty {
            return Ok(());
        }
        check_position(path, sheet, row, col, self.limits)?;
        let (r, c) = (row as usize, col as usize);
        let needed_rows = r + 1;
        let grow_rows = needed_rows.saturating_sub(self.rows.len()) as u64;
        let grow_cols = match self.rows.get(r) {
            Some(existing) => (c + 1).saturating_sub(existing.len()) as u64,
            None => c as u64 + 1,
        };
        // Empty rows cost a little too: count them so a sheet of scattered cells stays bounded.
        let grow = grow_rows + grow_cols;
        self.slots = self.slots.saturating_add(grow);
        if self.slots > self.limits.max_cells {
            return Err(too_many_cells(path, sheet, self.limits));
        }
        let text = match &cell {
            Cell::Text(s) | Cell::Error(s) => s.len() as u64,
            _ => 0,
        };
        match (
            self.budget.cells.checked_sub(grow),
            self.budget.text.checked_sub(text),
        ) {
            (Some(cells), Some(left)) => {
                self.budget.cells = cells;
                self.budget.text = left;
            }
            _ => return Err(too_much_in_file(path, self.limits)),
        }
        if self.rows.len() < needed_rows {
            self.rows.resize_with(needed_rows, Vec::new);
        }
        if let Some(line) = self.rows.get_mut(r) {
            if line.len() <= c {
                line.resize(c + 1, Cell::Empty);
            }
            if let Some(slot) = line.get_mut(c) {
                *slot = cell;
            }
        }
        Ok(())
    }

    /// The finished rows, trailing empty rows dropped.
    pub(crate) fn into_rows(mut self) -> Vec<Vec<Cell>> {
        while self.rows.last().is_some_and(Vec::is_empty) {
            self.rows.pop();
        }
        self.rows
    }
}

/// Refuses a cell position beyond the row or column limits.
pub(crate) fn check_position(
    path: &str,
    sheet: &str,
    row: u32,
    col: u32,
    limits: &Limits,
) -> Result<(), Unreadable> {
    if row >= limits.max_rows || col >= limits.max_cols {
        let cell = crate::findings::a1(row, col);
        return Err(Unreadable::new(
            path,
            format!(
                "工作表“{sheet}”在 {cell} 有内容，超出上限（{} 行 × {} 列）",
                limits.max_rows, limits.max_cols
            ),
            format!(
                "sheet \"{sheet}\" has content at {cell}, beyond the limit ({} rows × {} columns)",
                limits.max_rows, limits.max_cols
            ),
        ));
    }
    Ok(())
}

pub(crate) fn too_much_in_file(path: &str, limits: &Limits) -> Unreadable {
    Unreadable::new(
        path,
        format!(
            "文件内容太多（所有工作表合计超过 {} 个单元格或 {} 文字）",
            limits.max_file_cells,
            super::limits::human(limits.max_text_bytes)
        ),
        format!(
            "too much content in the file (over {} cells or {} of text in all sheets)",
            limits.max_file_cells,
            super::limits::human(limits.max_text_bytes)
        ),
    )
}

pub(crate) fn too_many_cells(path: &str, sheet: &str, limits: &Limits) -> Unreadable {
    Unreadable::new(
        path,
        format!("工作表“{sheet}”单元格太多（上限 {}）", limits.max_cells),
        format!(
            "sheet \"{sheet}\" has too many cells (limit {})",
            limits.max_cells
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use calamine::ExcelDateTimeType;

    #[test]
    fn dates_in_both_epochs() {
        let d1900 = ExcelDateTime::new(32874.0, ExcelDateTimeType::DateTime, false);
        assert_eq!(
            from_datetime(&d1900),
            Cell::Date(jiff::civil::date(1990, 1, 1))
        );
        let d1904 = ExcelDateTime::new(31412.0, ExcelDateTimeType::DateTime, true);
        assert_eq!(
            from_datetime(&d1904),
            Cell::Date(jiff::civil::date(1990, 1, 1))
        );
        let dt = ExcelDateTime::new(45943.5, ExcelDateTimeType::DateTime, false);
        assert_eq!(
            from_datetime(&dt),
            Cell::DateTime(jiff::civil::date(2025, 10, 13).at(12, 0, 0, 0))
        );
        // Excel's phantom 1900-02-29 is not a date.
        let phantom = ExcelDateTime::new(60.0, ExcelDateTimeType::DateTime, false);
        assert_eq!(from_datetime(&phantom), Cell::Float(60.0));
    }

    #[test]
    fn iso_dates() {
        assert_eq!(iso("1990-01-01"), Cell::Date(jiff::civil::date(1990, 1, 1)));
        assert_eq!(
            iso("1990-01-01T00:00:00"),
            Cell::Date(jiff::civil::date(1990, 1, 1))
        );
        assert_eq!(
            iso("2025-03-01T08:30:00"),
            Cell::DateTime(jiff::civil::date(2025, 3, 1).at(8, 30, 0, 0))
        );
        assert_eq!(iso("PT8H"), Cell::Text("PT8H".into()));
    }

    #[test]
    fn grid_keeps_positions_and_limits() {
        let limits = Limits {
            max_rows: 10,
            max_cols: 5,
            max_cells: 30,
            ..Limits::default()
        };
        let mut budget = Budget::new(&limits);
        let mut g = Grid::new(&limits, &mut budget);
        g.put("f", "s", 2, 1, Cell::Int(7)).unwrap();
        g.put("f", "s", 0, 0, Cell::Empty).unwrap();
        assert!(g.put("f", "s", 10, 0, Cell::Int(1)).is_err());
        let e = g.put("f", "s", 0, 5, Cell::Int(1)).unwrap_err();
        assert!(e.reason_en.contains("F1"), "{}", e.reason_en);
        assert_eq!(
            g.into_rows(),
            vec![vec![], vec![], vec![Cell::Empty, Cell::Int(7)]]
        );
        // The file-wide text budget: a shared string copied into many cells.
        let limits = Limits {
            max_text_bytes: 10,
            ..Limits::default()
        };
        let mut budget = Budget::new(&limits);
        let mut g = Grid::new(&limits, &mut budget);
        g.put("f", "s", 0, 0, Cell::Text("123456".into())).unwrap();
        let e = g
            .put("f", "s", 1, 0, Cell::Text("123456".into()))
            .unwrap_err();
        assert!(e.reason_en.starts_with("too much content in the file"));
    }
}
