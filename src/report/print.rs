//! Print layout of a finished sheet: the title wrapped so it prints whole over the table, the
//! orientation and scale chosen from the column widths, page breaks only between groups of rows
//! that belong together (the boards of a match).
//!
//! The sizes here model how LibreOffice Calc (and Excel, which is narrower per unit) lays out a
//! 宋体 11 sheet on A4 with margins of [`SIDE_MARGIN`] left and right and 0.75 in top and bottom. They were measured from PDFs that LibreOffice printed (`tests/print_check.rs`
//! checks them on every sample workbook):
//!
//! - one Excel width unit prints [`POINTS_PER_UNIT`] points wide at 100 %;
//! - a title character in bold 16 takes [`TITLE_UNITS_PER_COLUMN`] width units per terminal
//!   column ([`display_width`]: 汉字 count two);
//! - a body row is [`ROW_POINTS`] high.

use rust_xlsxwriter::{Worksheet, XlsxError};

use super::style::{ColumnWidths, display_width};

/// Printed width of one Excel column-width unit at 100 %, in points (LibreOffice, 宋体 11).
pub const POINTS_PER_UNIT: f64 = 7.05;
/// Width units a bold 16-point title takes per terminal column (16/11 of a body column, with
/// room for the bold face).
pub const TITLE_UNITS_PER_COLUMN: f64 = 1.35;
/// Width of a column bianpai did not size (rust_xlsxwriter's default for 宋体 11), in units.
pub const DEFAULT_COLUMN_UNITS: f64 = 8.43;
/// Left and right page margins set by [`finish_sheet`], in inches.
pub const SIDE_MARGIN: f64 = 0.5;
/// Printable width of A4 portrait (595.3 pt less two 0.5 in margins), in points.
pub const PORTRAIT_WIDTH: f64 = 523.3;
/// Printable width of A4 landscape (841.9 pt less two 0.5 in margins), in points.
pub const LANDSCAPE_WIDTH: f64 = 769.9;
/// Printable height of A4 portrait (841.9 pt less two 0.75 in margins), in points.
pub const PORTRAIT_HEIGHT: f64 = 733.9;
/// Printable height of A4 landscape (595.3 pt less two 0.75 in margins), in points.
pub const LANDSCAPE_HEIGHT: f64 = 487.3;
/// Height of a body row at 100 % (18 px), in points.
pub const ROW_POINTS: f64 = 13.5;
/// Height of a title line (bold 16), in points.
pub const TITLE_LINE_POINTS: f64 = 21.0;
/// No sheet is laid out to print smaller than this.
pub const MIN_SCALE: f64 = 0.70;

/// The printed width of columns `0..columns` in width units, as stored ([`stored_width`]).
pub fn table_units(widths: &ColumnWidths, columns: u16) -> f64 {
    (0..columns)
        .map(|c| widths.width(c).map_or(DEFAULT_COLUMN_UNITS, stored_width))
        .sum()
}

/// The width the workbook stores (and LibreOffice prints) for a column set `w` units wide:
/// rust_xlsxwriter turns it into whole pixels of the 宋体 11 default (8 pixels a digit) plus 5
/// pixels of padding, `(round(8w) + 5) / 8` (`35` is stored as `35.625`).
pub fn stored_width(w: f64) -> f64 {
    if w < 1.0 {
        return w;
    }
    ((w * 8.0).round() + 5.0) / 8.0
}

/// The scale (≤ 1) at which a table `units` wide fits the page width.
pub fn fit_scale(units: f64, landscape: bool) -> f64 {
    let page = if landscape {
        LANDSCAPE_WIDTH
    } else {
        PORTRAIT_WIDTH
    };
    let natural = units * POINTS_PER_UNIT;
    if natural <= page { 1.0 } else { page / natural }
}

/// Whether a table `units` wide should print in landscape: a sheet asked for in landscape
/// stays so; a portrait one turns when it would print below 85 % upright.
pub fn wants_landscape(units: f64, asked: bool) -> bool {
    asked || fit_scale(units, false) < 0.85
}

/// The title broken into lines that each fit a table `units` wide: words (split at spaces) are
/// packed greedily; a word wider than the table stays on its own line (the cell wraps it) and
/// counts for as many lines as it needs. Returns the text (lines joined by `\n`) and the number
/// of printed lines.
pub fn title_lines(title: &str, units: f64) -> (String, u32) {
    let w = |s: &str| display_width(s) as f64 * TITLE_UNITS_PER_COLUMN;
    if w(title) <= units {
        return (title.to_string(), 1);
    }
    let mut lines: Vec<String> = Vec::new();
    let mut printed = 0u32;
    for word in title.split(' ').filter(|s| !s.is_empty()) {
        match lines.last_mut() {
            Some(last) if w(&format!("{last} {word}")) <= units => {
                last.push(' ');
                last.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    for l in &lines {
        // A line wider than the table wraps inside the cell.
        let n = (w(l) / units.max(1.0)).ceil();
        printed += if n.is_finite() && n >= 1.0 {
            n as u32
        } else {
            1
        };
    }
    (lines.join("\n"), printed.max(1))
}

/// Finishes the print layout of a sheet whose widths are set and whose title was remembered
/// with [`ColumnWidths::print_title`] (nothing to do without): turns a wide portrait sheet to
/// landscape, rewrites the title in row 0 so that it prints whole (broken into lines over the
/// merged width, the row made tall enough) and, when `groups` is given, sets an explicit print
/// scale and page breaks only between groups.
///
/// `groups` are the first rows of the blocks of rows that must stay on one page (the boards of a
/// match), in order, followed by the row after the last block; empty for none. With groups the
/// sheet prints at the scale that fits its width (rounded down to a whole percent), so that the
/// breaks computed here are the ones the printer uses; without, it keeps fit-to-width.
///
/// Returns the scale the sheet is laid out for, in percent.
///
/// # Errors
///
/// Returns the writer's error for a range outside Excel's limits.
pub fn finish_sheet(
    ws: &mut Worksheet,
    widths: &ColumnWidths,
    groups: &[u32],
) -> Result<u16, XlsxError> {
    let Some(t) = widths.title() else {
        return Ok(100);
    };
    let mut units = table_units(widths, t.columns.max(1));
    // A table narrower than the widest unbreakable part of its title (the event name) is
    // widened, every column in proportion, as far as the page allows at 100 %.
    let widest_part = t
        .text
        .split(' ')
        .map(|p| display_width(p) as f64 * TITLE_UNITS_PER_COLUMN)
        .fold(0.0, f64::max);
    let page_units = if t.landscape {
        LANDSCAPE_WIDTH
    } else {
        PORTRAIT_WIDTH
    } / POINTS_PER_UNIT;
    let wanted = widest_part.min(page_units);
    if units > 0.0 && units < wanted {
        let factor = wanted / units;
        for c in 0..t.columns.max(1) {
            let w = widths.width(c).unwrap_or(DEFAULT_COLUMN_UNITS);
            // Two decimals keep the XML short and the bytes stable.
            ws.set_column_width(c, (w * factor * 100.0).ceil() / 100.0)?;
        }
        units = table_units(widths, t.columns.max(1)) * factor;
    }
    ws.set_margins(SIDE_MARGIN, SIDE_MARGIN, 0.75, 0.75, 0.3, 0.3);
    let landscape = wants_landscape(units, t.landscape);
    if landscape && !t.landscape {
        ws.set_landscape();
    }
    let (text, lines) = title_lines(&t.text, units);
    let title_height = if lines > 1 {
        let h = f64::from(lines) * TITLE_LINE_POINTS + 8.0;
        ws.write_string_with_format(0, 0, &text, &t.format.clone().set_text_wrap())?;
        ws.set_row_height(0, h)?;
        h
    } else {
        30.0
    };
    let scale = fit_scale(units, landscape);
    // Whole percent, rounded down (the table must not spill over the page width).
    let percent = ((scale * 100.0).floor() as u16).clamp(10, 100);
    let groups = with_signature(groups, widths, t.frozen_rows);
    if groups.len() >= 2 {
        ws.set_print_scale(percent);
        let page = if landscape {
            LANDSCAPE_HEIGHT
        } else {
            PORTRAIT_HEIGHT
        };
        // The repeated title and header rows, then one row short of the page for safety.
        let header: f64 = (1..t.frozen_rows).map(|r| widths.row_height(r)).sum();
        let avail = page / (f64::from(percent) / 100.0) - title_height - header;
        let per_page = ((avail / ROW_POINTS).floor() as u32)
            .saturating_sub(1)
            .max(1);
        let breaks = breaks_by_height(
            &groups,
            t.frozen_rows,
            f64::from(per_page) * ROW_POINTS,
            |r| widths.row_height(r),
        );
        if !breaks.is_empty() {
            ws.set_page_breaks(&breaks)?;
        }
    }
    Ok(percent)
}

/// The rows before which a page break goes so that no group is split, pages holding at most
/// `per_page` body rows (a group longer than a page starts a page of its own and is split by the
/// printer). `groups`: first row of each group in order, then the row after the last; `first`:
/// the first body row.
///
/// ```
/// use bianpai::report::print::page_breaks;
/// // Matches of 5 boards from row 2; 12 rows a page: two matches a page.
/// assert_eq!(page_breaks(&[2, 7, 12, 17, 22, 27], 2, 12), vec![12, 22]);
/// ```
pub fn page_breaks(groups: &[u32], first: u32, per_page: u32) -> Vec<u32> {
    breaks_by_height(groups, first, f64::from(per_page), |_| 1.0)
}

/// [`page_breaks`] with rows of their own heights: a page holds `page` (points) of body rows,
/// row `r` taking `height(r)`.
pub fn breaks_by_height(
    groups: &[u32],
    first: u32,
    page: f64,
    height: impl Fn(u32) -> f64,
) -> Vec<u32> {
    let mut breaks = Vec::new();
    let mut page_start = first;
    let mut used = 0.0;
    for pair in groups.windows(2) {
        let (start, end) = (pair[0], pair[1]);
        let block: f64 = (start..end).map(&height).sum();
        // A little tolerance, so that sums of halves compare as the whole rows they are.
        if used + block > page + 1e-6 && start > page_start {
            breaks.push(start);
            page_start = start;
            used = 0.0;
        }
        used += block;
    }
    breaks
}

/// The groups of rows kept on one page, with the sheet's signature block (if any) joined to the
/// table's last group: the given groups with their end moved past the block, or, without
/// groups, every body row a group of its own and the last one with the block.
fn with_signature(groups: &[u32], widths: &ColumnWidths, first: u32) -> Vec<u32> {
    let Some((table_last, last)) = widths.signature() else {
        return groups.to_vec();
    };
    let mut g: Vec<u32> = if groups.len() >= 2 {
        groups[..groups.len() - 1].to_vec()
    } else {
        (first..=table_last.max(first)).collect()
    };
    g.push(last + 1);
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_break_at_spaces_to_fit() {
        // 26 + 1 + 11 columns = 38 × 1.35 = 51.3 units: fits 52, not 50.
        let t = "2025年中国国际象棋乙级联赛 第9轮后排名";
        assert_eq!(title_lines(t, 52.0), (t.to_string(), 1));
        assert_eq!(
            title_lines(t, 50.0),
            ("2025年中国国际象棋乙级联赛\n第9轮后排名".to_string(), 2)
        );
        // 26 columns = 35.1 units: on 20 units the first line wraps in two.
        assert_eq!(
            title_lines(t, 20.0),
            ("2025年中国国际象棋乙级联赛\n第9轮后排名".to_string(), 3)
        );
    }

    #[test]
    fn scale_and_orientation_follow_the_width() {
        // 523.3 / 7.05 = 74.23 units fit portrait at 100 %.
        assert_eq!(fit_scale(74.0, false), 1.0);
        // 100 units = 705 pt: 523.3 / 705 = 0.7423 upright, 1.0 on its side.
        assert!((fit_scale(100.0, false) - 0.742_27).abs() < 1e-4);
        assert_eq!(fit_scale(100.0, true), 1.0);
        assert!(wants_landscape(100.0, false));
        assert!(!wants_landscape(84.0, false));
        assert!(wants_landscape(10.0, true));
    }

    #[test]
    fn breaks_keep_groups_whole() {
        assert_eq!(page_breaks(&[2, 7, 12], 2, 40), Vec::<u32>::new());
        // A group longer than a page starts its own page.
        assert_eq!(page_breaks(&[2, 4, 30, 32], 2, 10), vec![4, 30]);
        assert_eq!(page_breaks(&[], 2, 10), Vec::<u32>::new());
    }

    #[test]
    fn stored_widths_carry_the_padding() {
        assert_eq!(stored_width(35.0), 35.625);
        assert_eq!(stored_width(13.0), 13.625);
        assert_eq!(stored_width(4.25), 4.875);
    }

    #[test]
    fn tall_rows_count_their_height() {
        // Rows 2..8 of 10 pt, row 4 of 25 pt; 40 pt a page: 2, 3 (20) + 4 (45) > 40.
        let h = |r: u32| if r == 4 { 25.0 } else { 10.0 };
        assert_eq!(
            breaks_by_height(&[2, 3, 4, 5, 6, 7, 8], 2, 40.0, h),
            vec![4, 6]
        );
    }

    #[test]
    fn the_signature_block_stays_with_the_last_row() {
        let mut w = ColumnWidths::new();
        assert_eq!(with_signature(&[2, 7, 12], &w, 2), vec![2, 7, 12]);
        // Table rows 2..=11, the block in rows 13..=15.
        w.keep_signature(11, 15);
        assert_eq!(with_signature(&[2, 7, 12], &w, 2), vec![2, 7, 16]);
        assert_eq!(with_signature(&[], &w, 8), vec![8, 9, 10, 11, 16]);
        // Rows 2..=15 are 14: they fit a page of 14 rows; on 13 the break goes before the
        // table's last row, which the block follows.
        let g = with_signature(&[], &w, 2);
        assert_eq!(breaks_by_height(&g, 2, 14.0, |_| 1.0), Vec::<u32>::new());
        assert_eq!(breaks_by_height(&g, 2, 13.0, |_| 1.0), vec![11]);
    }
}
