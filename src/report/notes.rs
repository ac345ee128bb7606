//! Notes under a printed table (issue 45): what is provisional (a default tie-break order, a
//! prize withheld, a list not ranked yet) is said in a note block under the table in words fit
//! for the public (`注：破同分顺序按组委会默认设置`), never in the title. Each note is merged across
//! the printed columns, wrapped, and its row made tall enough, so that it prints inside the
//! table's width.

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::print::{ROW_POINTS, table_units};
use super::style::{ColumnWidths, Styles, display_width};
use crate::Lang;

/// Width units a body character takes per terminal column (宋体 11, see `style::excel_width`).
const BODY_UNITS_PER_COLUMN: f64 = 1.1;

/// The note on a ranking whose tie-break order is the template's default: public words, no
/// internal ones (`默认值`, `event.toml`, `请组织者确认`).
pub fn default_tiebreaks(lang: Lang) -> String {
    lang.pick(
        "注：破同分顺序按组委会默认设置",
        "Note: ties are broken in the organizing committee's default order",
    )
    .to_string()
}

/// The printed lines a text of `display` terminal columns takes in a merged cell `units` wide.
pub fn lines_for(display: usize, units: f64) -> u32 {
    let inner = (units - 2.0).max(1.0);
    let n = (display as f64 * BODY_UNITS_PER_COLUMN / inner).ceil();
    if n.is_finite() && n >= 1.0 {
        n as u32
    } else {
        1
    }
}

/// Writes `text` at `row` across the printed columns of the sheet's title (one column without
/// a title), wrapped, the row made tall enough for its lines (remembered by `widths` for the
/// page breaks). Call it once the table's columns are noted: applying the widths only widens
/// them.
///
/// # Errors
///
/// Returns the writer's error for a row beyond Excel's limit.
pub fn write_note(
    ws: &mut Worksheet,
    row: u32,
    text: &str,
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<(), XlsxError> {
    let columns = widths.title().map_or(1, |t| t.columns.max(1));
    let units = table_units(widths, columns);
    let format = styles.plain.clone().set_text_wrap();
    if columns > 1 {
        ws.merge_range(row, 0, row, columns - 1, text, &format)?;
    } else {
        ws.write_string_with_format(row, 0, text, &format)?;
    }
    let lines = lines_for(display_width(text), units);
    if lines > 1 {
        widths.set_row_height(ws, row, f64::from(lines) * ROW_POINTS + 2.0)?;
    }
    Ok(())
}

/// Writes `notes` one a row from `first`; returns the last row written (`first - 1` for none).
///
/// # Errors
///
/// Returns the writer's error for a row beyond Excel's limit.
pub fn write_notes(
    ws: &mut Worksheet,
    first: u32,
    notes: &[String],
    styles: &Styles,
    widths: &mut ColumnWidths,
) -> Result<u32, XlsxError> {
    let mut last = first.saturating_sub(1);
    for (i, n) in notes.iter().enumerate() {
        let row = first + u32::try_from(i).unwrap_or(0);
        write_note(ws, row, n, styles, widths)?;
        last = row;
    }
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_note_wraps_to_the_lines_it_needs() {
        // 40 columns × 1.1 = 44 units in 48 units (46 inside the padding): one line.
        assert_eq!(lines_for(40, 48.0), 1);
        // 100 × 1.1 = 110 units in 46: three lines.
        assert_eq!(lines_for(100, 48.0), 3);
        assert_eq!(lines_for(0, 48.0), 1);
        assert_eq!(
            default_tiebreaks(Lang::Zh),
            "注：破同分顺序按组委会默认设置"
        );
    }
}
