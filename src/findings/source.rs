//! [`Source`]: where a value or a finding came from (file, sheet, cell), kept small because
//! every value of a form carries one.

use std::cell::RefCell;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

/// The file and sheet of a [`Source`], shared by every cell of the sheet.
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Place {
    /// Path of the file relative to the event folder (shared: every value read from a file
    /// names it).
    pub file: Arc<str>,
    /// Sheet name, when the file has sheets.
    pub sheet: Option<Arc<str>>,
}

/// Where a value came from: a file (relative to the event folder, zip members as
/// `a.zip/北京/报名表.xlsx`), optionally a sheet, optionally a cell (`C7`).
///
/// The file and sheet are read through [`Place`] (`source.file`, `source.sheet`), held once per
/// sheet: a source is 24 bytes, and a person of a form holds sixteen (a form of 99,000 rows,
/// issue 46). Compared, hashed, ordered and printed as (file, sheet, cell).
///
/// ```
/// use bianpai::findings::Source;
/// let s = Source::cell("北京/报名表.xlsx", "Sheet1", 6, 2);
/// assert_eq!(s.to_string(), "北京/报名表.xlsx!Sheet1!C7");
/// assert_eq!((&*s.file, s.sheet.as_deref(), s.cell), ("北京/报名表.xlsx", Some("Sheet1"), Some((6, 2))));
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Source {
    place: Arc<Place>,
    /// Zero-based (row, column) of the cell.
    pub cell: Option<(u32, u32)>,
}

thread_local! {
    /// The place of the last source made on this thread: the cells of a sheet are made one
    /// after the other, and share it instead of each holding its own.
    static LAST: RefCell<Option<Arc<Place>>> = const { RefCell::new(None) };
}

/// The shared place of `file` and `sheet`: the last one made on this thread when it is the
/// same, else a new one (then remembered).
fn place(file: Arc<str>, sheet: Option<Arc<str>>) -> Arc<Place> {
    LAST.with(|last| {
        let mut last = last.borrow_mut();
        if let Some(p) = last.as_ref().filter(|p| p.file == file && p.sheet == sheet) {
            return Arc::clone(p);
        }
        let p = Arc::new(Place { file, sheet });
        *last = Some(Arc::clone(&p));
        p
    })
}

impl Deref for Source {
    type Target = Place;

    fn deref(&self) -> &Place {
        &self.place
    }
}

impl Source {
    /// A whole file.
    pub fn file(file: impl SharedText) -> Source {
        Source {
            place: place(file.shared(), None),
            cell: None,
        }
    }

    /// A whole sheet.
    pub fn sheet(file: impl SharedText, sheet: impl SharedText) -> Source {
        Source {
            place: place(file.shared(), Some(sheet.shared())),
            cell: None,
        }
    }

    /// One cell, zero-based row and column.
    pub fn cell(file: impl SharedText, sheet: impl SharedText, row: u32, col: u32) -> Source {
        Source {
            place: place(file.shared(), Some(sheet.shared())),
            cell: Some((row, col)),
        }
    }

    /// The same file and sheet with another cell (`None`: the whole sheet or file).
    #[must_use]
    pub fn with_cell(&self, cell: Option<(u32, u32)>) -> Source {
        Source {
            place: Arc::clone(&self.place),
            cell,
        }
    }

    /// The cell in A1 notation (`C7`), if there is a cell.
    pub fn a1(&self) -> Option<String> {
        self.cell.map(|(r, c)| a1(r, c))
    }
}

/// As the (file, sheet, cell) it names.
impl fmt::Debug for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Source")
            .field("file", &self.file)
            .field("sheet", &self.sheet)
            .field("cell", &self.cell)
            .finish()
    }
}

/// As `{"file", "sheet", "cell"}`.
impl serde::Serialize for Source {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut st = s.serialize_struct("Source", 3)?;
        st.serialize_field("file", &self.file)?;
        st.serialize_field("sheet", &self.sheet)?;
        st.serialize_field("cell", &self.cell)?;
        st.end()
    }
}

/// Text a [`Source`] keeps shared: a path or sheet name read once per file and named by every
/// value read from it. A `&Arc<str>` is shared without a copy; other text is copied once.
pub trait SharedText {
    /// The text as a shared string.
    fn shared(self) -> Arc<str>;
}

impl SharedText for &str {
    fn shared(self) -> Arc<str> {
        Arc::from(self)
    }
}

impl SharedText for String {
    fn shared(self) -> Arc<str> {
        Arc::from(self)
    }
}

impl SharedText for &String {
    fn shared(self) -> Arc<str> {
        Arc::from(self.as_str())
    }
}

impl SharedText for Arc<str> {
    fn shared(self) -> Arc<str> {
        self
    }
}

impl SharedText for &Arc<str> {
    fn shared(self) -> Arc<str> {
        Arc::clone(self)
    }
}

/// A zero-based (row, column) in A1 notation: `(6, 2)` is `C7`.
pub fn a1(row: u32, col: u32) -> String {
    let mut letters = Vec::new();
    let mut c = u64::from(col) + 1;
    while c > 0 {
        let rem = ((c - 1) % 26) as u8;
        letters.push(char::from(b'A' + rem));
        c = (c - 1) / 26;
    }
    letters.reverse();
    let mut s: String = letters.into_iter().collect();
    s.push_str(&(u64::from(row) + 1).to_string());
    s
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(sh) = &self.sheet {
            write!(f, "!{sh}")?;
        }
        if let Some((r, c)) = self.cell {
            write!(f, "!{}", a1(r, c))?;
        }
        Ok(())
    }
}
