//! Findings: every recoverable problem the run meets, as data.
//!
//! A bad cell, an unreadable file or an ineligible player is never a panic and never an `Err` that
//! stops the run: it becomes a [`Finding`] pushed into a [`Findings`] sink that each stage gets
//! passed explicitly. The exit status is decided once, at the end, from the collected findings
//! (SPEC §3: 1 when there is any error-severity finding).

mod clause;
mod code;
mod source;

pub use clause::clause;
pub use code::{Category, Code, markdown_table};
pub use source::{Place, SharedText, Source, a1};

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

    /// All findings in the order they were recorded, to be changed in place (a ruling that
    /// clears a finding lowers its severity and says so).
    pub fn all_mut(&mut self) -> &mut [Finding] {
        &mut self.items
    }

    /// Whether any finding blocks (error severity).
    pub fn has_errors(&self) -> bool {
        self.items.iter().any(|f| f.severity == Severity::Error)
    }

    /// Findings sorted for display: errors first, then by file, cell and code. Stable and
    /// deterministic. Referred to, not copied (a form of 99,000 rows has as many findings).
    pub fn sorted(&self) -> Vec<&Finding> {
        let mut v: Vec<&Finding> = self.items.iter().collect();
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
