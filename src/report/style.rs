//! Cell formats and column widths shared by every workbook bianpai writes.
//!
//! Two traps of rust_xlsxwriter shape this module (ECOSYSTEM §2):
//!
//! - `Format::new()` uses Calibri even when the workbook's default format is 宋体, so every format
//!   here is derived from [`base_format`] and carries the Chinese font itself;
//! - autofit charges a CJK character like a Latin letter, so Chinese columns come out half as wide
//!   as needed. [`display_width`] counts East Asian wide characters as two columns and
//!   [`ColumnWidths`] turns the widest content of each column into an Excel width.

use std::collections::BTreeMap;

use rust_xlsxwriter::{Color, Format, FormatAlign, FormatBorder, Worksheet, XlsxError};
use unicode_width::UnicodeWidthStr;

/// The workbook font: 宋体 (SimSun), what Chinese Excel and WPS use for print.
pub const FONT_NAME: &str = "宋体";
/// Font size in points.
pub const FONT_SIZE: u16 = 11;
/// Windows charset 134 = GB2312_CHARSET, so Excel picks the Chinese font metrics.
pub const FONT_CHARSET: u8 = 134;

/// Widest column bianpai sets, in Excel character units (long notes wrap instead).
pub const MAX_COLUMN_WIDTH: f64 = 60.0;
/// Narrowest column bianpai sets.
pub const MIN_COLUMN_WIDTH: f64 = 4.0;

/// The base format: 宋体 11, GB2312 charset. Every other format is a clone of it.
pub fn base_format() -> Format {
    Format::new()
        .set_font_name(FONT_NAME)
        .set_font_size(FONT_SIZE)
        .set_font_charset(FONT_CHARSET)
}

/// The formats of one workbook, built once and passed by reference to every sheet writer.
///
/// All of them are derived from [`base_format`], so no cell falls back to Calibri. Table cells
/// have thin borders; the `input*` formats are unlocked so that a protected sheet still lets
/// teams and arbiters type into them.
#[derive(Debug, Clone)]
pub struct Styles {
    /// Plain cell without border (notes, instructions).
    pub plain: Format,
    /// The title row: bold 16, centred.
    pub title: Format,
    /// A line under the title (dates, venue): centred.
    pub subtitle: Format,
    /// A heading inside a sheet (`填表说明`): bold, left-aligned, no border.
    pub heading: Format,
    /// Column headers: bold, centred, grey fill, border, wrapped.
    pub header: Format,
    /// A label in front of an input cell (`参赛单位：`): bold, right-aligned, no border.
    pub label: Format,
    /// Table body text: border, left.
    pub body: Format,
    /// Table body, centred (places, boards, results).
    pub center: Format,
    /// Text format `@` for identifiers (resident ID, FIDE ID, phone numbers), so Excel never
    /// turns `410102199001011234` into `4.10102E+17`.
    pub text: Format,
    /// Dates as `yyyy-mm-dd`.
    pub date: Format,
    /// Whole numbers (ratings, counts).
    pub integer: Format,
    /// Scores with one decimal (`3.5`).
    pub points: Format,
    /// Money in yuan with two decimals and a thousands separator.
    pub money: Format,
    /// An input cell (unlocked, bordered, light yellow).
    pub input: Format,
    /// An unlocked input cell in text format `@` (IDs typed by teams).
    pub input_text: Format,
    /// An unlocked input cell for a date.
    pub input_date: Format,
    /// A result cell the arbiter fills in: unlocked, centred, bordered, text-formatted (`@`, so
    /// that `1/2` and `1:0` stay as typed instead of becoming a date or a time).
    pub result_input: Format,
    /// Wrapped note text (instructions), no border.
    pub note: Format,
    /// A row or cell flagged as an error (light red fill).
    pub error: Format,
    /// A row or cell flagged as a warning (light orange fill).
    pub warning: Format,
    /// The example row of a blank form: grey italic text, bordered.
    pub example: Format,
}

const HEADER_FILL: u32 = 0xD9_D9_D9;
const INPUT_FILL: u32 = 0xFF_F9_E5;
const ERROR_FILL: u32 = 0xFF_C7_CE;
const WARNING_FILL: u32 = 0xFF_EB_9C;
const EXAMPLE_FONT: u32 = 0x80_80_80;

impl Styles {
    /// Builds the formats.
    pub fn new() -> Styles {
        let base = base_format();
        let cell = base
            .clone()
            .set_border(FormatBorder::Thin)
            .set_align(FormatAlign::VerticalCenter);
        let input = cell
            .clone()
            .set_unlocked()
            .set_background_color(Color::RGB(INPUT_FILL));
        Styles {
            plain: base.clone(),
            title: base
                .clone()
                .set_bold()
                .set_font_size(16)
                .set_align(FormatAlign::Center)
                .set_align(FormatAlign::VerticalCenter),
            subtitle: base.clone().set_align(FormatAlign::Center),
            heading: base.clone().set_bold().set_align(FormatAlign::Left),
            header: cell
                .clone()
                .set_bold()
                .set_align(FormatAlign::Center)
                .set_text_wrap()
                .set_background_color(Color::RGB(HEADER_FILL)),
            label: base
                .clone()
                .set_bold()
                .set_align(FormatAlign::Right)
                .set_align(FormatAlign::VerticalCenter),
            body: cell.clone(),
            center: cell.clone().set_align(FormatAlign::Center),
            text: cell.clone().set_num_format("@"),
            date: cell
                .clone()
                .set_num_format("yyyy-mm-dd")
                .set_align(FormatAlign::Center),
            integer: cell.clone().set_num_format("0"),
            points: cell.clone().set_num_format("0.0"),
            money: cell.clone().set_num_format("#,##0.00"),
            input_text: input.clone().set_num_format("@"),
            input_date: input
                .clone()
                .set_num_format("yyyy-mm-dd")
                .set_align(FormatAlign::Center),
            result_input: input
                .clone()
                .set_align(FormatAlign::Center)
                .set_num_format("@"),
            input,
            note: base
                .clone()
                .set_text_wrap()
                .set_align(FormatAlign::Top)
                .set_align(FormatAlign::Left),
            error: cell.clone().set_background_color(Color::RGB(ERROR_FILL)),
            warning: cell.clone().set_background_color(Color::RGB(WARNING_FILL)),
            example: cell
                .clone()
                .set_italic()
                .set_font_color(Color::RGB(EXAMPLE_FONT))
                .set_num_format("@"),
        }
    }
}

impl Default for Styles {
    fn default() -> Styles {
        Styles::new()
    }
}

/// The width of `s` in terminal columns: East Asian wide and full-width characters (汉字, `：`,
/// U+3000) count 2, Latin letters, digits and `·` count 1. For several lines, the widest line.
///
/// ```
/// use bianpai::report::style::display_width;
/// assert_eq!(display_width("王浩"), 4);
/// assert_eq!(display_width("FIDE ID"), 7);
/// assert_eq!(display_width("阿依古丽·买买提"), 15);
/// ```
pub fn display_width(s: &str) -> usize {
    s.lines().map(UnicodeWidthStr::width).max().unwrap_or(0)
}

/// The Excel column width (character units of the default font) that shows text of
/// `display` terminal columns in 宋体 11 without clipping: one unit per column, 10 % slack for
/// the font's wider glyphs, plus 2 for cell padding (ECOSYSTEM §2), within
/// [`MIN_COLUMN_WIDTH`]..=[`MAX_COLUMN_WIDTH`].
pub fn excel_width(display: usize) -> f64 {
    let w = u32::try_from(display).unwrap_or(u32::MAX);
    // Integer tenths keep the result exact and reproducible: width = (11·w + 20) / 10.
    let tenths = f64::from(w.saturating_mul(11).saturating_add(20)) / 10.0;
    tenths.clamp(MIN_COLUMN_WIDTH, MAX_COLUMN_WIDTH)
}

/// Tracks the widest content written to each column of a sheet, then sets the widths.
///
/// Merged titles must not be noted (they span many columns); everything else written through
/// [`write_text`](super::workbook::write_text) with a tracker is.
#[derive(Debug, Clone, Default)]
pub struct ColumnWidths {
    widest: BTreeMap<u16, usize>,
    /// The sheet's title, fitted to the printed width when the widths are applied.
    title: Option<PrintTitle>,
    /// Rows set taller than a body row: row → height in points (page breaks count them).
    heights: BTreeMap<u32, f64>,
    /// The signature block under the table: the table's last row and the block's last row
    /// (kept on one page with the table's last row).
    signature: Option<(u32, u32)>,
}

/// A sheet's title as [`ColumnWidths::apply`] fits it to the table (see
/// [`finish_sheet`](super::print::finish_sheet)).
#[derive(Debug, Clone)]
pub struct PrintTitle {
    /// The title text in row 0.
    pub text: String,
    /// Columns the title is merged across (the printed table).
    pub columns: u16,
    /// Whether the sheet was asked to print in landscape.
    pub landscape: bool,
    /// Rows repeated on every page (title and header rows).
    pub frozen_rows: u32,
    /// The title's cell format.
    pub format: Format,
}

impl ColumnWidths {
    /// An empty tracker.
    pub fn new() -> ColumnWidths {
        ColumnWidths::default()
    }

    /// Records that `text` was written in column `col`.
    pub fn note(&mut self, col: u16, text: &str) {
        self.note_width(col, display_width(text));
    }

    /// Records a content width (terminal columns) for column `col`, e.g. a minimum for an
    /// empty input column.
    pub fn note_width(&mut self, col: u16, width: usize) {
        let e = self.widest.entry(col).or_insert(0);
        *e = (*e).max(width);
    }

    /// The Excel width computed for `col`, if anything was noted there.
    pub fn width(&self, col: u16) -> Option<f64> {
        self.widest.get(&col).map(|w| excel_width(*w))
    }

    /// Remembers the sheet's title so that [`apply`](Self::apply) fits it to the printed width
    /// and sets the orientation (see [`finish_sheet`](super::print::finish_sheet)).
    pub fn print_title(&mut self, layout: &super::workbook::SheetLayout<'_>, styles: &Styles) {
        self.title = Some(PrintTitle {
            text: layout.title.to_string(),
            columns: layout.columns,
            landscape: layout.landscape,
            frozen_rows: layout.frozen_rows,
            format: styles.title.clone(),
        });
    }

    /// The title remembered by [`print_title`](Self::print_title).
    pub fn title(&self) -> Option<&PrintTitle> {
        self.title.as_ref()
    }

    /// Sets the height of `row` (points) on `ws` and remembers it for the page breaks.
    ///
    /// # Errors
    ///
    /// Returns the writer's error for a row beyond Excel's limit.
    pub fn set_row_height(
        &mut self,
        ws: &mut Worksheet,
        row: u32,
        points: f64,
    ) -> Result<(), XlsxError> {
        ws.set_row_height(row, points)?;
        self.note_row_height(row, points);
        Ok(())
    }

    /// Remembers the height of `row` (points) for the page breaks, without setting it: a
    /// sheet laid out before it is written ([`super::tables`], low-memory mode).
    pub fn note_row_height(&mut self, row: u32, points: f64) {
        self.heights.insert(row, points);
    }

    /// The printed height of `row` at 100 %, in points: as set, else a body row's.
    pub fn row_height(&self, row: u32) -> f64 {
        self.heights
            .get(&row)
            .copied()
            .unwrap_or(super::print::ROW_POINTS)
    }

    /// Remembers the signature block (rows `first..=last`) under a table whose last row is
    /// `table_last`: the page breaks keep the block on the page of the table's last row.
    pub fn keep_signature(&mut self, table_last: u32, last: u32) {
        self.signature = Some((table_last, last));
    }

    /// The signature block: the table's last row and the block's last row.
    pub fn signature(&self) -> Option<(u32, u32)> {
        self.signature
    }

    /// Sets the width of every noted column on `ws`; with a title remembered, also fits the title
    /// and the orientation to the table ([`finish_sheet`](super::print::finish_sheet) without
    /// page breaks).
    ///
    /// # Errors
    ///
    /// Returns the writer's error for a column beyond Excel's limit.
    pub fn apply(&self, ws: &mut Worksheet) -> Result<(), XlsxError> {
        self.apply_grouped(ws, &[])
    }

    /// Like [`apply`](Self::apply), keeping each group of rows on one page (`groups`: see
    /// [`finish_sheet`](super::print::finish_sheet)).
    ///
    /// # Errors
    ///
    /// Returns the writer's error for a column beyond Excel's limit.
    pub fn apply_grouped(&self, ws: &mut Worksheet, groups: &[u32]) -> Result<(), XlsxError> {
        for (col, w) in &self.widest {
            ws.set_column_width(*col, excel_width(*w))?;
        }
        if self.title.is_some() {
            super::print::finish_sheet(ws, self, groups)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn widths_count_cjk_double() {
        assert_eq!(display_width("身份证号码"), 10);
        assert_eq!(display_width("410102199001011234"), 18);
        assert_eq!(display_width("第一行\n第二行较长"), 10);
        assert_eq!(display_width(""), 0);
        // (11 × 10 + 20) / 10 = 13.0
        assert_eq!(excel_width(10), 13.0);
        assert_eq!(excel_width(0), MIN_COLUMN_WIDTH);
        assert_eq!(excel_width(1000), MAX_COLUMN_WIDTH);
    }

    #[test]
    fn tracker_keeps_the_widest() {
        let mut w = ColumnWidths::new();
        w.note(0, "姓名");
        w.note(0, "欧阳娜娜");
        w.note(2, "1-0");
        assert_eq!(w.width(0), Some(excel_width(8)));
        assert_eq!(w.width(1), None);
        assert_eq!(w.width(2), Some(5.3));
        w.note(3, "");
        assert_eq!(w.width(3), Some(MIN_COLUMN_WIDTH));
    }
}
