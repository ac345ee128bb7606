//! Tables: what every readable file becomes, whatever its format.

/// One cell value as read, before any interpretation by `forms`.
#[derive(Debug, Clone, PartialEq)]
pub enum Cell {
    /// Nothing there.
    Empty,
    /// Text exactly as stored (not trimmed: padding matters for name normalization).
    Text(String),
    /// An integer (`.xls` RK numbers come back as integers).
    Int(i64),
    /// A number (`.xlsx` stores every number as a float; ID numbers typed as numbers land here
    /// with their last digits already lost).
    Float(f64),
    /// A boolean.
    Bool(bool),
    /// A date-formatted cell, already converted from the file's epoch (1900 or 1904).
    Date(jiff::civil::Date),
    /// A date-time-formatted cell with a time part.
    DateTime(jiff::civil::DateTime),
    /// An error value such as `#N/A`.
    Error(String),
}

impl Cell {
    /// Whether the cell holds nothing (or only whitespace).
    pub(crate) fn is_blank(&self) -> bool {
        match self {
            Cell::Empty => true,
            Cell::Text(s) => s
                .chars()
                .all(|c| c.is_whitespace() || c == '\u{200b}' || c == '\u{feff}'),
            _ => false,
        }
    }

    /// The cell as text, the way a person reading the sheet would see it (numbers without a
    /// trailing `.0`, dates as `YYYY-MM-DD`).
    pub fn display(&self) -> String {
        match self {
            Cell::Empty => String::new(),
            Cell::Text(s) => s.clone(),
            Cell::Int(i) => i.to_string(),
            Cell::Float(f) => {
                if f.fract() == 0.0 && f.abs() < 1e15 {
                    format!("{}", *f as i64)
                } else {
                    format!("{f}")
                }
            }
            Cell::Bool(b) => if *b { "TRUE" } else { "FALSE" }.to_string(),
            Cell::Date(d) => d.to_string(),
            Cell::DateTime(dt) => dt.to_string(),
            Cell::Error(e) => e.clone(),
        }
    }
}

/// A rectangular merged region, zero-based and inclusive.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Merge {
    /// First row.
    pub first_row: u32,
    /// First column.
    pub first_col: u32,
    /// Last row.
    pub last_row: u32,
    /// Last column.
    pub last_col: u32,
}

/// One sheet (or a whole CSV file) as a grid of cells.
///
/// `rows[r][c]` is the cell at zero-based row `r`, column `c` of the sheet itself: row 0 is the
/// sheet's row 1 even when the used range starts lower, so sources can name the real cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Table {
    /// The file's path relative to the event folder (`a.zip/北京/报名表.xlsx` for zip members).
    pub file: std::sync::Arc<str>,
    /// The sheet name; for CSV files the file's stem.
    pub sheet: std::sync::Arc<str>,
    /// The cells, row by row. Rows may have different lengths.
    pub rows: Vec<Vec<Cell>>,
    /// Merged regions (only the top-left cell holds the value).
    pub merges: Vec<Merge>,
    /// Whether the sheet is hidden in the workbook.
    pub hidden: bool,
    /// For a table of a Word document: the body paragraphs before it (since the previous table)
    /// and after it (up to the next one), where the title and the team labels are. Empty for
    /// spreadsheets.
    pub paragraphs: Vec<Paragraph>,
    /// Whether the workbook counts dates from 1904 (old Mac Excel): plain numbers in date
    /// columns are then 1904-system serials. Date-formatted cells are already converted.
    pub date1904: bool,
}

/// A paragraph of a Word document's body around a table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Paragraph {
    /// Its number among the body's paragraphs, 1-based (what `段落!A3` names).
    pub number: u32,
    /// The text, runs joined.
    pub text: String,
    /// Whether it comes after the table (else before).
    pub after: bool,
}

impl Table {
    /// The cell at (row, col), `Cell::Empty` when outside the grid. Never panics.
    pub fn get(&self, row: usize, col: usize) -> &Cell {
        static EMPTY: Cell = Cell::Empty;
        self.rows
            .get(row)
            .and_then(|r| r.get(col))
            .unwrap_or(&EMPTY)
    }

    /// The number of rows.
    pub fn height(&self) -> usize {
        self.rows.len()
    }

    /// The width of the widest row.
    pub fn width(&self) -> usize {
        self.rows.iter().map(Vec::len).max().unwrap_or(0)
    }
}

/// The format a file was recognised as, by its first bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Format {
    /// Office Open XML workbook (.xlsx, .xlsm).
    Xlsx,
    /// Binary Excel 95/97-2003 (.xls), BIFF5 or BIFF8.
    Xls,
    /// OpenDocument spreadsheet.
    Ods,
    /// Delimited text.
    Csv,
    /// A zip archive that is not a workbook.
    Zip,
    /// A Word document (.docx): its tables.
    Docx,
    /// An Excel binary workbook (.xlsb).
    Xlsb,
}

/// A file read into tables.
#[derive(Debug, Clone)]
pub struct LoadedFile {
    /// Path relative to the event folder, `/`-separated; zip members as `x.zip/member/path`.
    pub path: String,
    /// The format recognised.
    pub format: Format,
    /// Modification time in seconds since the Unix epoch (zip members: their stored time),
    /// used only to order resubmissions.
    pub modified: Option<i64>,
    /// The tables (sheets) of the file, in workbook order.
    pub tables: Vec<Table>,
}

/// The most merged cells mapped per table; a hostile file cannot make this allocate more.
const MERGE_CELL_BUDGET: usize = 200_000;

/// Merged regions clipped to the grid: covered cell → top-left cell.
pub struct Merges {
    map: std::collections::HashMap<(usize, usize), (usize, usize)>,
}

impl Merges {
    /// Maps the covered cells of `table`'s merges (lookups only, never iterated): a
    /// form's rows and a round sheet's read a merged cell as its value on every row it covers.
    pub fn new(table: &Table) -> Merges {
        let (h, w) = (table.height(), table.width());
        let mut map = std::collections::HashMap::new();
        let mut budget = MERGE_CELL_BUDGET;
        for m in &table.merges {
            let (r0, c0) = (m.first_row as usize, m.first_col as usize);
            let r1 = (m.last_row as usize).min(h.saturating_sub(1));
            let c1 = (m.last_col as usize).min(w.saturating_sub(1));
            if r0 >= h || c0 >= w || r1 < r0 || c1 < c0 {
                continue;
            }
            let area = (r1 - r0 + 1).saturating_mul(c1 - c0 + 1);
            if area > budget {
                break;
            }
            budget -= area;
            for r in r0..=r1 {
                for c in c0..=c1 {
                    if (r, c) != (r0, c0) {
                        map.insert((r, c), (r0, c0));
                    }
                }
            }
        }
        Merges { map }
    }

    /// The cell that holds the value shown at (r, c).
    pub fn resolve(&self, r: usize, c: usize) -> (usize, usize) {
        self.map.get(&(r, c)).copied().unwrap_or((r, c))
    }
}
