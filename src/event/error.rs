//! Errors of `event.toml`, each naming the key and the line.
//!
//! TOML syntax and serde errors carry a byte span; validation errors carry a key path. Both are
//! turned into a key path *and* a line/column by walking the document parsed with spans
//! ([`toml::de::DeTable`]), so every message says where to look: `event.toml 第 45 行
//! sections[1].birth.to`.

use std::fmt;
use std::ops::Range;
use std::path::PathBuf;

use toml::de::{DeTable, DeValue};

/// One step of a key path: a table key or an array index.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum KeyPart {
    /// A table key.
    Key(String),
    /// An index into an array (arrays of tables included), zero-based.
    Index(usize),
}

/// A dotted key path such as `sections[1].birth.to`.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct KeyPath(pub Vec<KeyPart>);

impl KeyPath {
    /// The empty path (the whole document).
    pub fn root() -> KeyPath {
        KeyPath(Vec::new())
    }

    /// This path extended by a key.
    pub fn key(&self, k: &str) -> KeyPath {
        let mut v = self.0.clone();
        v.push(KeyPart::Key(k.to_string()));
        KeyPath(v)
    }

    /// This path extended by an array index.
    pub fn index(&self, i: usize) -> KeyPath {
        let mut v = self.0.clone();
        v.push(KeyPart::Index(i));
        KeyPath(v)
    }
}

impl fmt::Display for KeyPath {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.0.iter().enumerate() {
            match p {
                KeyPart::Key(k) if i == 0 => write!(f, "{k}")?,
                KeyPart::Key(k) => write!(f, ".{k}")?,
                KeyPart::Index(n) => write!(f, "[{n}]")?,
            }
        }
        Ok(())
    }
}

/// Why `event.toml` could not be used (the command exits with status 2).
#[derive(Debug)]
pub enum EventError {
    /// The file or folder could not be read.
    Io {
        /// The path concerned.
        path: PathBuf,
        /// The cause.
        source: std::io::Error,
    },
    /// The file is not valid TOML, has a value of the wrong type, an unknown or missing key, or a
    /// value that contradicts another.
    Invalid {
        /// The file.
        path: PathBuf,
        /// The key concerned (empty for a syntax error before any key).
        key: String,
        /// One-based line, 0 when unknown.
        line: usize,
        /// One-based column (characters), 0 when unknown.
        column: usize,
        /// What is wrong: Chinese, then English.
        message: String,
    },
    /// Several values that contradict others or lie beyond any event, each an
    /// [`EventError::Invalid`], in document order: the file is checked whole, so that every
    /// mistake is shown at once.
    Several(Vec<EventError>),
    /// No template of that name.
    UnknownTemplate(String),
}

impl EventError {
    /// The problems this error reports: those of [`EventError::Several`], else itself.
    pub fn each(&self) -> &[EventError] {
        match self {
            EventError::Several(all) => all,
            one => std::slice::from_ref(one),
        }
    }

    /// The key an [`EventError::Invalid`] names.
    pub fn key(&self) -> Option<&str> {
        match self {
            EventError::Invalid { key, .. } => Some(key),
            _ => None,
        }
    }
}

impl fmt::Display for EventError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EventError::Io { path, source } => write!(f, "{}: {source}", path.display()),
            EventError::Invalid {
                path,
                key,
                line,
                column,
                message,
            } => {
                write!(f, "{}", path.display())?;
                if *line > 0 {
                    write!(f, ":{line}:{column}")?;
                }
                if !key.is_empty() {
                    write!(f, ": 键 (key) `{key}`")?;
                }
                write!(f, ": {message}")
            }
            EventError::Several(all) => {
                for (i, e) in all.iter().enumerate() {
                    if i > 0 {
                        writeln!(f)?;
                    }
                    write!(f, "{e}")?;
                }
                Ok(())
            }
            EventError::UnknownTemplate(name) => write!(
                f,
                "没有名为 {name:?} 的模板，请用 `bianpai templates` 查看 (no template named {name:?})"
            ),
        }
    }
}

impl std::error::Error for EventError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            EventError::Io { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// One-based (line, column) of a byte offset; columns count characters.
pub(crate) fn line_col(text: &str, offset: usize) -> (usize, usize) {
    let offset = offset.min(text.len());
    let before = text.get(..offset).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let column = before.get(line_start..).map_or(0, |s| s.chars().count()) + 1;
    (line, column)
}

/// The deepest key path whose key or value span contains `offset`.
pub(crate) fn path_at(doc: &DeTable<'_>, offset: usize) -> KeyPath {
    let mut path = KeyPath::root();
    walk_table(doc, offset, &mut path);
    path
}

fn walk_table(t: &DeTable<'_>, offset: usize, path: &mut KeyPath) {
    for (k, v) in t.iter() {
        let ks = k.span();
        let vs = v.span();
        if contains(&ks, offset) {
            path.0.push(KeyPart::Key(k.get_ref().to_string()));
            return;
        }
        if contains(&vs, offset) || is_container_holding(v.get_ref(), offset) {
            path.0.push(KeyPart::Key(k.get_ref().to_string()));
            walk_value(v.get_ref(), offset, path);
            return;
        }
    }
}

fn walk_value(v: &DeValue<'_>, offset: usize, path: &mut KeyPath) {
    match v {
        DeValue::Table(t) => walk_table(t, offset, path),
        DeValue::Array(a) => {
            for (i, item) in a.iter().enumerate() {
                if contains(&item.span(), offset) || is_container_holding(item.get_ref(), offset) {
                    path.0.push(KeyPart::Index(i));
                    walk_value(item.get_ref(), offset, path);
                    return;
                }
            }
        }
        _ => {}
    }
}

/// Tables made of `[header]` sections have spans that do not cover their keys; look inside.
fn is_container_holding(v: &DeValue<'_>, offset: usize) -> bool {
    match v {
        DeValue::Table(t) => t.iter().any(|(k, v)| {
            contains(&k.span(), offset)
                || contains(&v.span(), offset)
                || is_container_holding(v.get_ref(), offset)
        }),
        DeValue::Array(a) => a
            .iter()
            .any(|i| contains(&i.span(), offset) || is_container_holding(i.get_ref(), offset)),
        _ => false,
    }
}

fn contains(r: &Range<usize>, offset: usize) -> bool {
    r.start <= offset && offset < r.end.max(r.start + 1)
}

/// The span of the key (or array item) a path names, as deep as the document goes.
pub(crate) fn span_of(doc: &DeTable<'_>, path: &KeyPath) -> Option<Range<usize>> {
    let mut best = None;
    let mut table = Some(doc);
    let mut value: Option<&DeValue<'_>> = None;
    for part in &path.0 {
        match part {
            KeyPart::Key(k) => {
                let t = match (table, value) {
                    (Some(t), _) => t,
                    (None, Some(DeValue::Table(t))) => t,
                    _ => break,
                };
                let Some((key, v)) = t.iter().find(|(key, _)| key.get_ref() == k) else {
                    break;
                };
                best = Some(key.span());
                table = None;
                value = Some(v.get_ref());
            }
            KeyPart::Index(i) => {
                let Some(DeValue::Array(a)) = value else {
                    break;
                };
                let Some(item) = a.get(*i) else { break };
                best = Some(first_span(item.get_ref()).unwrap_or_else(|| item.span()));
                table = None;
                value = Some(item.get_ref());
            }
        }
    }
    best
}

/// For an array-of-tables item, the span of its first key (its `[[header]]` is not spanned).
fn first_span(v: &DeValue<'_>) -> Option<Range<usize>> {
    match v {
        DeValue::Table(t) => t.iter().map(|(k, _)| k.span()).min_by_key(|s| s.start),
        _ => None,
    }
}
