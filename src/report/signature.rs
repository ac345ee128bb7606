//! The signature lines under a printed table (issue 18): 裁判长, 编排记录 and the date, each
//! with a line to sign on, as a federation's pairings, standings, final ranking and prize list
//! carry them when they are pinned up or filed.
//!
//! The block goes one blank row under the table (and its notes), inside the printed columns:
//! on one line when the table is wide enough, else one field a line. [`super::print`] keeps it
//! on the page of the table's last row.

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::print::table_units;
use super::style::{ColumnWidths, Styles, display_width};
use crate::Lang;

/// The line to sign on: six full-width low lines (twelve columns).
const BLANK_ZH: &str = "＿＿＿＿＿＿";
/// The English line: twelve low lines.
const BLANK_EN: &str = "____________";
/// Width units a body character takes per terminal column (宋体 11).
const BODY_UNITS_PER_COLUMN: f64 = 1.1;
/// Space between the fields on one line.
const GAP: &str = "    ";

/// The three fields as printed: `裁判长：＿＿＿＿＿＿`, `编排记录：＿＿＿＿＿＿`,
/// `日期：＿＿＿＿＿＿` (English: `Chief arbiter: ____________`, …).
pub fn fields(lang: Lang) -> [String; 3] {
    match lang {
        Lang::Zh => ["裁判长：", "编排记录：", "日期："].map(|f| format!("{f}{BLANK_ZH}")),
        Lang::En => {
            ["Chief arbiter: ", "Pairings officer: ", "Date: "].map(|f| format!("{f}{BLANK_EN}"))
        }
    }
}

/// The sign-off of a statement where money changes hands (费用结算单): `领队签字：＿＿＿＿＿＿`,
/// `经办人：＿＿＿＿＿＿`, `日期：＿＿＿＿＿＿`, `单位盖章：＿＿＿＿＿＿` (English: `Team leader:
/// ____________`, …).
pub fn statement_fields(lang: Lang) -> [String; 4] {
    match lang {
        Lang::Zh => {
            ["领队签字：", "经办人：", "日期：", "单位盖章："].map(|f| format!("{f}{BLANK_ZH}"))
        }
        Lang::En => ["Team leader: ", "Handled by: ", "Date: ", "Unit seal: "]
            .map(|f| format!("{f}{BLANK_EN}")),
    }
}

/// Writes the signature block under a table whose last written row is `after` (the table, or
/// the notes under it), across the printed columns of the sheet's title (one column without a
/// title), and tells `widths` to keep it with row `table_last`. Returns the block's last row.
///
/// Call it before [`ColumnWidths::apply`]: the block is laid out on the noted widths, which
/// applying only widens.
///
/// # Errors
///
/// Returns the writer's error for a row beyond Excel's limit.
pub fn write_signatures(
    ws: &mut Worksheet,
    table_last: u32,
    after: u32,
    styles: &Styles,
    widths: &mut ColumnWidths,
    lang: Lang,
) -> Result<u32, XlsxError> {
    write_fields(ws, (table_last, after), styles, widths, &fields(lang))
}

/// Writes the sign-off of a statement ([`statement_fields`]) as [`write_signatures`] writes
/// the arbiters' lines: one blank row under row `after`, kept on the page of `table_last`.
///
/// # Errors
///
/// Returns the writer's error for a row beyond Excel's limit.
pub fn write_statement_sign_off(
    ws: &mut Worksheet,
    table_last: u32,
    after: u32,
    styles: &Styles,
    widths: &mut ColumnWidths,
    lang: Lang,
) -> Result<u32, XlsxError> {
    write_fields(
        ws,
        (table_last, after),
        styles,
        widths,
        &statement_fields(lang),
    )
}

/// The block of `f` under row `rows.1`, kept with row `rows.0`: on one line when the printed
/// columns hold it, else one field a line.
fn write_fields(
    ws: &mut Worksheet,
    (table_last, after): (u32, u32),
    styles: &Styles,
    widths: &mut ColumnWidths,
    f: &[String],
) -> Result<u32, XlsxError> {
    let columns = widths.title().map_or(1, |t| t.columns.max(1));
    let units = table_units(widths, columns);
    let one_line = f.join(GAP);
    // A body column (汉字 count two) takes 1.1 width units, plus a cell's padding (see
    // `style::excel_width`).
    let lines: Vec<String> =
        if display_width(&one_line) as f64 * BODY_UNITS_PER_COLUMN + 2.0 <= units {
            vec![one_line]
        } else {
            f.to_vec()
        };
    let first = after + 2;
    let mut row = first;
    for line in &lines {
        if columns > 1 {
            ws.merge_range(row, 0, row, columns - 1, line, &styles.plain)?;
        } else {
            ws.write_string_with_format(row, 0, line, &styles.plain)?;
        }
        row += 1;
    }
    let last = row - 1;
    widths.keep_signature(table_last, last);
    Ok(last)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_read_as_a_federation_prints_them() {
        assert_eq!(
            fields(Lang::Zh),
            [
                "裁判长：＿＿＿＿＿＿".to_string(),
                "编排记录：＿＿＿＿＿＿".to_string(),
                "日期：＿＿＿＿＿＿".to_string()
            ]
        );
        assert_eq!(fields(Lang::En)[2], "Date: ____________");
        // 20 + 4 + 22 + 4 + 18 = 68 terminal columns on one line.
        assert_eq!(display_width(&fields(Lang::Zh).join(GAP)), 68);
    }
}
