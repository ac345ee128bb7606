//! Workbooks re-read with calamine, as the cells a person sees: the reader behind
//! `tests/roundtrip_workbooks.rs`.

use std::collections::BTreeMap;
use std::path::Path;

use calamine::{Data, Reader, SheetVisible, Xlsx, open_workbook};
use serde_json::Value;

/// Added to the decimals of a number cell whose format is a percentage (`0%` → `PERCENT`).
const PERCENT: usize = 100;

/// One sheet as calamine reads it, in absolute cell positions (row 0 is the title).
pub struct Sheet {
    /// The sheet name.
    pub name: String,
    /// Whether the sheet is visible.
    pub visible: bool,
    /// The cells, row by row from A1.
    pub rows: Vec<Vec<Data>>,
    /// Decimals shown by the number format of each number cell (`0.0` → 1), by (row, column).
    pub decimals: std::collections::BTreeMap<(usize, usize), usize>,
}

impl Sheet {
    /// The cell at (row, column), empty outside the grid.
    pub fn cell(&self, r: usize, c: usize) -> &Data {
        static EMPTY: Data = Data::Empty;
        self.rows
            .get(r)
            .and_then(|row| row.get(c))
            .unwrap_or(&EMPTY)
    }

    /// The cells of row `r` as text; a number cell is an error here (every table cell bianpai
    /// writes as display text must come back as a string).
    pub fn texts(&self, r: usize) -> Vec<String> {
        let width = self.rows.get(r).map_or(0, Vec::len);
        (0..width).map(|c| self.text(r, c)).collect()
    }

    /// One cell as text (see [`Sheet::texts`]).
    pub fn text(&self, r: usize, c: usize) -> String {
        match self.cell(r, c) {
            Data::String(s) => s.clone(),
            Data::Empty => String::new(),
            // A number as its format shows it (`14.0` under `0.0`), so that a number cell reads
            // as the display text the summary has.
            Data::Float(v) => {
                let d = self.decimals.get(&(r, c)).copied().unwrap_or(0);
                // A percentage format (`0%`) is marked by `PERCENT` over its decimals.
                if d >= PERCENT {
                    let d = d - PERCENT;
                    format!("{:.d$}%", v * 100.0)
                } else {
                    format!("{v:.d$}")
                }
            }
            Data::Int(v) => v.to_string(),
            other => panic!("{}!{r}:{c} is not text: {other:?}", self.name),
        }
    }

    /// Data rows of a plain table: everything under the title and header rows, up to the first
    /// empty row (the signature lines of a printed table follow one).
    pub fn body(&self) -> Vec<Vec<String>> {
        (2..self.rows.len())
            .map(|r| self.texts(r))
            .take_while(|row| row.iter().any(|c| !c.is_empty()))
            .collect()
    }
}

/// Every sheet of an xlsx, in workbook order.
pub fn read_book(path: &Path) -> Vec<Sheet> {
    let mut wb: Xlsx<_> = open_workbook(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let meta: Vec<(String, bool)> = wb
        .sheets_metadata()
        .iter()
        .map(|m| (m.name.clone(), m.visible == SheetVisible::Visible))
        .collect();
    meta.into_iter()
        .map(|(name, visible)| {
            let range = wb
                .worksheet_range(&name)
                .unwrap_or_else(|e| panic!("{}!{name}: {e}", path.display()));
            let (end_r, end_c) = range.end().map_or((0, 0), |(r, c)| (r + 1, c + 1));
            let rows = (0..end_r)
                .map(|r| {
                    (0..end_c)
                        .map(|c| range.get_value((r, c)).cloned().unwrap_or(Data::Empty))
                        .collect()
                })
                .collect();
            Sheet {
                name,
                visible,
                rows,
                decimals: BTreeMap::new(),
            }
        })
        .collect::<Vec<Sheet>>()
        .into_iter()
        .enumerate()
        .map(|(i, mut s)| {
            s.decimals = number_decimals(path, i);
            s
        })
        .collect()
}

/// The decimals of every number cell of the `i`-th sheet (`xl/worksheets/sheet{i+1}.xml`, as
/// rust_xlsxwriter names them), from the number formats of `xl/styles.xml`.
fn number_decimals(path: &Path, i: usize) -> BTreeMap<(usize, usize), usize> {
    use std::io::Read;
    let read = |name: &str| -> String {
        let mut s = String::new();
        let z = std::fs::File::open(path)
            .ok()
            .and_then(|f| zip::ZipArchive::new(f).ok());
        if let Some(mut z) = z
            && let Ok(mut m) = z.by_name(name)
        {
            let _ = m.read_to_string(&mut s);
        }
        s
    };
    let attr = |tag: &str, name: &str| -> Option<String> {
        // The split pieces begin with the first attribute: a space in front finds it too.
        let tag = format!(" {tag}");
        let key = format!(" {name}=\"");
        let start = tag.find(&key)? + key.len();
        let end = tag[start..].find('"')? + start;
        Some(tag[start..end].to_string())
    };
    let styles = read("xl/styles.xml");
    let decimals_of = |code: &str| {
        let d = code
            .split('.')
            .nth(1)
            .map_or(0, |f| f.chars().take_while(|c| *c == '0').count());
        if code.ends_with('%') { d + PERCENT } else { d }
    };
    let mut fmts: BTreeMap<String, usize> = BTreeMap::from([
        ("1".to_string(), 0),
        ("2".to_string(), 2),
        ("3".to_string(), 0),
        ("4".to_string(), 2),
    ]);
    for t in styles.split("<numFmt ").skip(1) {
        if let (Some(id), Some(code)) = (attr(t, "numFmtId"), attr(t, "formatCode")) {
            fmts.insert(id, decimals_of(&code));
        }
    }
    let xfs: Vec<usize> = styles
        .split("<cellXfs")
        .nth(1)
        .and_then(|x| x.split("</cellXfs>").next())
        .map(|x| {
            x.split("<xf ")
                .skip(1)
                .map(|t| {
                    attr(t, "numFmtId")
                        .and_then(|id| fmts.get(&id).copied())
                        .unwrap_or(0)
                })
                .collect()
        })
        .unwrap_or_default();
    let sheet = read(&format!("xl/worksheets/sheet{}.xml", i + 1));
    let mut out = BTreeMap::new();
    for c in sheet.split("<c ").skip(1) {
        let head = c.split('>').next().unwrap_or_default();
        let (Some(r), Some(st)) = (attr(head, "r"), attr(head, "s")) else {
            continue;
        };
        let col = r
            .chars()
            .take_while(char::is_ascii_alphabetic)
            .fold(0, |n, ch| n * 26 + (ch as usize - 'A' as usize + 1));
        let row: usize = r
            .trim_start_matches(|ch: char| ch.is_ascii_alphabetic())
            .parse()
            .unwrap_or(0);
        let d = st
            .parse::<usize>()
            .ok()
            .and_then(|s| xfs.get(s).copied())
            .unwrap_or(0);
        if col > 0 && row > 0 {
            out.insert((row - 1, col - 1), d);
        }
    }
    out
}

/// The sheet named `name`.
pub fn sheet<'a>(book: &'a [Sheet], name: &str) -> &'a Sheet {
    book.iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no sheet {name}"))
}

/// A decimal as text without trailing zeros (`314.00` and `314.0` are `314`), for comparing
/// the summary's numbers with the workbook's display text exactly, without floats.
pub fn decimal(text: &str) -> String {
    let t = text.trim();
    if t.contains('.') {
        t.trim_end_matches('0').trim_end_matches('.').to_string()
    } else {
        t.to_string()
    }
}

/// A summary number (or numeric text) as [`decimal`] text.
pub fn json_decimal(v: &Value) -> String {
    match v {
        Value::String(s) => decimal(s),
        other => decimal(&other.to_string()),
    }
}

/// A money cell: a number of yuan; returns it in fen.
pub fn fen(sh: &Sheet, r: usize, c: usize) -> i64 {
    let yuan = match sh.cell(r, c) {
        Data::Float(f) => *f,
        Data::Int(i) => *i as f64,
        Data::Empty => 0.0,
        other => panic!("{}!{r}:{c} is not an amount: {other:?}", sh.name),
    };
    // The workbook stores yuan as a double; the fen are its nearest hundredth.
    (yuan * 100.0).round() as i64
}

/// A cell as the person reading the sheet sees it (numbers without `.0`).
pub fn shown(d: &Data) -> String {
    match d {
        Data::String(s) => s.clone(),
        Data::Empty => String::new(),
        Data::Int(i) => i.to_string(),
        Data::Float(f) if f.fract() == 0.0 => format!("{}", *f as i64),
        // A date as a form shows it (`2026-11-01`), with its time when it has one.
        Data::DateTime(d) => match d.as_datetime() {
            Some(t) if t.time().to_string() == "00:00:00" => t.date().to_string(),
            Some(t) => t.to_string(),
            None => panic!("unexpected cell {d:?}"),
        },
        other => panic!("unexpected cell {other:?}"),
    }
}

/// The settings rows (`setting` | name | value) of a round workbook's marker sheet.
pub fn recorded_settings(path: &Path) -> Vec<(String, String)> {
    let book = read_book(path);
    let marker = book.iter().find(|s| s.name == "bianpai").expect("marker");
    (0..marker.rows.len())
        .filter(|&r| marker.text(r, 0) == "setting")
        .map(|r| (marker.text(r, 1), marker.text(r, 2)))
        .collect()
}
