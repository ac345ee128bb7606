//! Cell formats given once per run of cells instead of once per cell.
//!
//! rust_xlsxwriter looks a cell's format up by hashing and comparing the whole [`Format`]
//! (font, borders, fill, alignment, number format) on every `*_with_format` call. A table's body
//! uses a handful of formats over hundreds of cells: measured on the 200-form bench, that lookup
//! was a quarter of the time spent writing a team packet. [`RunFormats`] writes the cells bare
//! and sets each column's formats afterwards with one `set_range_format` per run of consecutive
//! rows sharing a format, which gives every cell the same format index as before.

use rust_xlsxwriter::{Format, Worksheet, XlsxError};

use super::{clip, looks_like_formula};
use crate::report::style::ColumnWidths;

/// The formats of the cells written bare on one sheet, until [`RunFormats::apply`].
#[derive(Debug, Default)]
pub struct RunFormats<'f> {
    /// The distinct formats noted, told apart by address (a table uses a few `Format` values).
    formats: Vec<&'f Format>,
    /// (column, row, index into `formats`) of every cell noted.
    cells: Vec<(u16, u32, usize)>,
    /// Runs along rows (a header row) instead of down columns (a table's body).
    across: bool,
}

impl<'f> RunFormats<'f> {
    /// Runs down the columns: a table's body.
    pub fn down() -> RunFormats<'f> {
        RunFormats::default()
    }

    /// Runs along the rows: a header row.
    pub fn across() -> RunFormats<'f> {
        RunFormats {
            across: true,
            ..RunFormats::default()
        }
    }

    /// Records that the cell at `row`, `col` takes `format`. A cell is noted at most once.
    pub fn note(&mut self, row: u32, col: u16, format: &'f Format) {
        let id = match self.formats.iter().position(|f| std::ptr::eq(*f, format)) {
            Some(id) => id,
            None => {
                self.formats.push(format);
                self.formats.len() - 1
            }
        };
        self.cells.push((col, row, id));
    }

    /// Gives every noted cell its format (a cell noted without a value becomes a formatted
    /// blank, as `write_blank` makes it).
    ///
    /// # Errors
    ///
    /// Returns the writer's error for a cell outside Excel's limits.
    pub fn apply(mut self, ws: &mut Worksheet) -> Result<(), XlsxError> {
        // Cells in run order: down each column, or along each row.
        let across = self.across;
        let key = |&(col, row, id): &(u16, u32, usize)| {
            if across {
                (row, u32::from(col), id)
            } else {
                (u32::from(col), row, id)
            }
        };
        self.cells.sort_unstable_by_key(key);
        // Runs of consecutive cells of one line (column or row) sharing a format.
        let mut runs: Vec<(u32, u32, u32, usize)> = Vec::new();
        let mut cells = self.cells.iter().map(key).peekable();
        while let Some((line, first, id)) = cells.next() {
            let mut last = first;
            while let Some(&(l, at, i)) = cells.peek() {
                if l != line || i != id || Some(at) != last.checked_add(1) {
                    break;
                }
                last = at;
                cells.next();
            }
            runs.push((line, first, last, id));
        }
        // The same run in the next lines too (a table's body column after column) is given in
        // one call: the writer looks the format up once per call. Calls stay in run order, so
        // formats are met (and numbered) in the same order.
        let index: std::collections::HashMap<(u32, u32, u32, usize), usize> =
            runs.iter().enumerate().map(|(i, &run)| (run, i)).collect();
        let mut done = vec![false; runs.len()];
        for (i, &(line, first, last, id)) in runs.iter().enumerate() {
            if done.get(i).copied().unwrap_or(true) {
                continue;
            }
            let mut end = line;
            while let Some(&j) = end
                .checked_add(1)
                .and_then(|next| index.get(&(next, first, last, id)))
            {
                if let Some(d) = done.get_mut(j) {
                    *d = true;
                }
                end += 1;
            }
            let Some(format) = self.formats.get(id) else {
                continue;
            };
            if across {
                // Along rows: `line` is a row, `first..=last` columns.
                let (first, last) = (u16::try_from(first), u16::try_from(last));
                if let (Ok(first), Ok(last)) = (first, last) {
                    ws.set_range_format(line, first, end, last, format)?;
                }
            } else if let (Ok(col), Ok(end)) = (u16::try_from(line), u16::try_from(end)) {
                ws.set_range_format(first, col, last, end, format)?;
            }
        }
        Ok(())
    }
}

/// Writes `text` as [`write_text`](super::write_text) describes, the cell's format given now
/// or, with `runs`, left to them: the same text, the same quote prefix for text that would
/// read as a formula, the same width noted.
///
/// # Errors
///
/// Returns the writer's error for a cell outside Excel's limits.
pub fn write_text_in<'f>(
    ws: &mut Worksheet,
    row: u32,
    col: u16,
    text: &str,
    format: &'f Format,
    runs: Option<&mut RunFormats<'f>>,
    widths: Option<&mut ColumnWidths>,
) -> Result<(), XlsxError> {
    let text = clip(text);
    if looks_like_formula(text) {
        ws.write_string_with_format(row, col, text, &format.clone().set_quote_prefix())?;
    } else if let Some(runs) = runs {
        // An empty text writes nothing: `runs` makes the cell a formatted blank.
        ws.write_string(row, col, text)?;
        runs.note(row, col, format);
    } else {
        ws.write_string_with_format(row, col, text, format)?;
    }
    if let Some(w) = widths {
        w.note(col, text);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::io::Read;

    use rust_xlsxwriter::{Format, FormatBorder, Workbook};

    use super::*;

    /// Every cell of the first sheet of `xlsx`: reference → (its `<xf>` in styles.xml, value).
    fn cells(xlsx: &[u8]) -> BTreeMap<String, (String, String)> {
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(xlsx)).unwrap();
        let mut part = |name: &str| {
            let mut s = String::new();
            zip.by_name(name).unwrap().read_to_string(&mut s).unwrap();
            s
        };
        let (sheet, styles, strings) = (
            part("xl/worksheets/sheet1.xml"),
            part("xl/styles.xml"),
            part("xl/sharedStrings.xml"),
        );
        let xfs_part = styles.split("<cellXfs").nth(1).unwrap();
        let xf = regex::Regex::new(r"<xf [^>]*?(/>|>.*?</xf>)").unwrap();
        let xfs: Vec<&str> = xf.find_iter(xfs_part).map(|m| m.as_str()).collect();
        let si = regex::Regex::new(r"<t>([^<]*)</t>").unwrap();
        let sst: Vec<&str> = si
            .captures_iter(&strings)
            .map(|c| c.get(1).unwrap().as_str())
            .collect();
        let cell = regex::Regex::new(
            r#"<c r="([A-Z]+[0-9]+)"( s="([0-9]+)")?( t="s")?(/>|><v>([^<]*)</v></c>)"#,
        )
        .unwrap();
        cell.captures_iter(&sheet)
            .map(|c| {
                let s: usize = c.get(3).map_or(0, |m| m.as_str().parse().unwrap());
                let v = c.get(6).map_or("", |m| m.as_str());
                let v = if c.get(4).is_some() {
                    sst[v.parse::<usize>().unwrap()]
                } else {
                    v
                };
                (c[1].to_string(), (xfs[s].to_string(), v.to_string()))
            })
            .collect()
    }

    #[test]
    fn formats_given_by_runs_are_the_formats_given_cell_by_cell() {
        let body = Format::new().set_border(FormatBorder::Thin);
        let bold = body.clone().set_bold();
        let number = body.clone().set_num_format("0.0");
        // Column 0 alternates two formats in runs of two; column 1 has a gap (row 4); column 2
        // holds numbers; column 3 an empty text and a formula-like text.
        let grid: Vec<(u32, u16, &str, &Format)> = (2..8)
            .flat_map(|r| {
                let f0 = if (r / 2) % 2 == 0 { &body } else { &bold };
                [
                    (r, 0, "甲", f0),
                    (r, 1, "乙", &body),
                    (r, 2, "1.5", &number),
                    (r, 3, "", &bold),
                ]
            })
            .filter(|&(r, c, _, _)| !(r == 4 && c == 1))
            .chain([
                (8, 3, "=SUM(A1)", &bold),
                (1, 0, "姓名", &bold),
                (1, 1, "单位", &bold),
            ])
            .collect();
        let mut one_by_one = Workbook::new();
        let ws = one_by_one.add_worksheet();
        for &(r, c, t, f) in &grid {
            if c == 2 {
                ws.write_number_with_format(r, c, t.parse::<f64>().unwrap(), f)
                    .unwrap();
            } else {
                super::super::write_text(ws, r, c, t, f, None).unwrap();
            }
        }
        let mut by_runs = Workbook::new();
        let ws = by_runs.add_worksheet();
        let (mut down, mut across) = (RunFormats::down(), RunFormats::across());
        for &(r, c, t, f) in &grid {
            let runs = if r == 1 { &mut across } else { &mut down };
            if c == 2 {
                ws.write_number(r, c, t.parse::<f64>().unwrap()).unwrap();
                runs.note(r, c, f);
            } else {
                write_text_in(ws, r, c, t, f, Some(runs), None).unwrap();
            }
        }
        down.apply(ws).unwrap();
        across.apply(ws).unwrap();
        let (a, b) = (
            cells(&one_by_one.save_to_buffer().unwrap()),
            cells(&by_runs.save_to_buffer().unwrap()),
        );
        assert_eq!(a.len(), grid.len(), "{a:?}");
        assert_eq!(a, b);
        assert!(
            a["D3"].1.is_empty() && a["D9"].0.contains("quotePrefix"),
            "{a:?}"
        );
    }
}
