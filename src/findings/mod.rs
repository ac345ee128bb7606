//! Findings: every recoverable problem the run meets, as data.
//!
//! A bad cell, an unreadable file or an ineligible player is never a panic and never an `Err` that
//! stops the run: it becomes a [`Finding`] pushed into a [`Findings`] sink that each stage gets
//! passed explicitly. The exit status is decided once, at the end, from the collected findings
//! (SPEC §3: 1 when there is any error-severity finding).

use std::fmt;
use std::sync::Arc;

mod clause;
mod code;

pub use clause::clause;
pub use code::{Category, Code, markdown_table};

/// How serious a finding is. Errors block (exit code 1); warnings are reported only.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// Blocks the event until fixed (an ineligible player, a contradictory result).
    Error,
    /// Worth a look; does not block.
    Warning,
}

impl Severity {
    /// The Chinese label used in workbooks.
    pub fn zh(self) -> &'static str {
        match self {
            Severity::Error => "错误",
            Severity::Warning => "警告",
        }
    }
}

/// Where a value came from: a file (relative to the event folder, zip members as
/// `a.zip/北京/报名表.xlsx`), optionally a sheet, optionally a cell (`C7`).
///
/// ```
/// use bianpai::findings::Source;
/// let s = Source::cell("北京/报名表.xlsx", "Sheet1", 6, 2);
/// assert_eq!(s.to_string(), "北京/报名表.xlsx!Sheet1!C7");
/// ```
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Default, serde::Serialize)]
pub struct Source {
    /// Path of the file relative to the event folder (shared: every value read from a file
    /// names it).
    pub file: Arc<str>,
    /// Sheet name, when the file has sheets.
    pub sheet: Option<Arc<str>>,
    /// Zero-based (row, column) of the cell.
    pub cell: Option<(u32, u32)>,
}

impl Source {
    /// A whole file.
    pub fn file(file: impl SharedText) -> Source {
        Source {
            file: file.shared(),
            sheet: None,
            cell: None,
        }
    }

    /// A whole sheet.
    pub fn sheet(file: impl SharedText, sheet: impl SharedText) -> Source {
        Source {
            file: file.shared(),
            sheet: Some(sheet.shared()),
            cell: None,
        }
    }

    /// One cell, zero-based row and column.
    pub fn cell(file: impl SharedText, sheet: impl SharedText, row: u32, col: u32) -> Source {
        Source {
            file: file.shared(),
            sheet: Some(sheet.shared()),
            cell: Some((row, col)),
        }
    }

    /// The cell in A1 notation (`C7`), if there is a cell.
    pub fn a1(&self) -> Option<String> {
        self.cell.map(|(r, c)| a1(r, c))
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

/// One problem found in the input, with everything an arbiter needs to fix it.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct Finding {
    /// Stable code from SPEC §8, e.g. `person.id-invalid`.
    pub code: Code,
    /// Error or warning.
    pub severity: Severity,
    /// The team (unit) concerned, if any.
    pub team: Option<String>,
    /// The person concerned, if any.
    pub person: Option<String>,
    /// Where the problem is.
    pub source: Source,
    /// The regulation clause, e.g. `规程 四(二)`, if the finding rests on one.
    pub clause: Option<String>,
    /// The message in Chinese.
    pub message_zh: String,
    /// The message in English.
    pub message_en: String,
}

impl Finding {
    /// A new finding with its two messages, of the code's default severity; team, person,
    /// clause and another severity are added with the builders.
    pub fn new(
        code: Code,
        source: Source,
        message_zh: impl Into<String>,
        message_en: impl Into<String>,
    ) -> Finding {
        Finding {
            code,
            severity: code.severity(),
            team: None,
            person: None,
            source,
            clause: None,
            message_zh: message_zh.into(),
            message_en: message_en.into(),
        }
    }

    /// Sets the severity, where the check knows better than the code's default (a birth date
    /// that is unreadable but not required is a warning).
    pub fn severity(mut self, severity: Severity) -> Finding {
        self.severity = severity;
        self
    }

    /// Sets the team.
    pub fn team(mut self, team: impl Into<String>) -> Finding {
        self.team = Some(team.into());
        self
    }

    /// Sets the person.
    pub fn person(mut self, person: impl Into<String>) -> Finding {
        self.person = Some(person.into());
        self
    }

    /// Sets the regulation clause.
    pub fn clause(mut self, clause: impl Into<String>) -> Finding {
        self.clause = Some(clause.into());
        self
    }

    /// The message in the chosen language.
    pub fn message(&self, lang: crate::Lang) -> &str {
        match lang {
            crate::Lang::Zh => &self.message_zh,
            crate::Lang::En => &self.message_en,
        }
    }
}

/// The sink every stage pushes its findings into.
#[derive(Debug, Default, Clone)]
pub struct Findings {
    items: Vec<Finding>,
}

impl Findings {
    /// An empty sink.
    pub fn new() -> Findings {
        Findings::default()
    }

    /// Records a finding.
    pub fn push(&mut self, f: Finding) {
        self.items.push(f);
    }

    /// All findings in the order they were recorded.
    pub fn all(&self) -> &[Finding] {
        &self.items
    }

    /// Whether any finding blocks (error severity).
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|f| f.severity == Severity::Error)
    }

    /// Findings sorted for display: errors first, then by file, cell and code. Stable and
    /// deterministic.
    pub fn sorted(&self) -> Vec<Finding> {
        let mut v = self.items.clone();
        v.sort_by(|a, b| {
            (a.severity, &a.source, a.code, &a.person)
                .cmp(&(b.severity, &b.source, b.code, &b.person))
        });
        v
    }

    /// Takes all findings out.
    pub fn into_vec(self) -> Vec<Finding> {
        self.items
    }
}

/// Records each finding in order, as [`Findings::push`] does (merging the findings of work done
/// apart, in the order one thread would have recorded them).
impl Extend<Finding> for Findings {
    fn extend<I: IntoIterator<Item = Finding>>(&mut self, iter: I) {
        self.items.extend(iter);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a1_notation() {
        assert_eq!(a1(0, 0), "A1");
        assert_eq!(a1(6, 2), "C7");
        assert_eq!(a1(0, 25), "Z1");
        assert_eq!(a1(0, 26), "AA1");
        assert_eq!(a1(9, 701), "ZZ10");
        assert_eq!(a1(0, 702), "AAA1");
    }
}
