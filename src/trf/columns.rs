//! Fixed-column access to one TRF line, shared by the reader and the writer.
//!
//! Columns are 1-based and inclusive as in the TRF texts, and count characters, not bytes, so a
//! non-ASCII name cannot split a character. Columns past the end of a line read as spaces, which
//! is how short lines are tolerated.

use super::ParseError;

/// One line as characters, with the 1-based line number for error messages.
pub(crate) struct Columns {
    chars: Vec<char>,
    line: usize,
}

impl Columns {
    /// Splits `text` (one line, without its line end) into characters.
    pub(crate) fn new(text: &str, line: usize) -> Columns {
        Columns {
            chars: text.chars().collect(),
            line,
        }
    }

    /// Number of characters up to and including the last non-space one.
    pub(crate) fn content_len(&self) -> usize {
        self.chars
            .iter()
            .rposition(|c| *c != ' ')
            .map_or(0, |i| i + 1)
    }

    /// The character at 1-based column `col`, a space past the end.
    pub(crate) fn char_at(&self, col: usize) -> char {
        col.checked_sub(1)
            .and_then(|i| self.chars.get(i))
            .copied()
            .unwrap_or(' ')
    }

    /// Columns `from..=to` as a string, padded with spaces past the end.
    pub(crate) fn span(&self, from: usize, to: usize) -> String {
        (from..=to).map(|c| self.char_at(c)).collect()
    }

    /// Columns `from..=to`, trimmed.
    pub(crate) fn text(&self, from: usize, to: usize) -> String {
        self.span(from, to).trim().to_string()
    }

    /// Whitespace-separated tokens from column `from` on, each with its 1-based start column.
    pub(crate) fn tokens(&self, from: usize) -> Vec<(usize, String)> {
        let mut out: Vec<(usize, String)> = Vec::new();
        let mut current: Option<(usize, String)> = None;
        for (i, c) in self.chars.iter().enumerate().skip(from.saturating_sub(1)) {
            if c.is_whitespace() {
                if let Some(t) = current.take() {
                    out.push(t);
                }
            } else {
                match current.as_mut() {
                    Some((_, t)) => t.push(*c),
                    None => current = Some((i + 1, c.to_string())),
                }
            }
        }
        out.extend(current);
        out
    }

    /// An error at column `col` of this line.
    pub(crate) fn error(&self, col: usize, message: impl Into<String>) -> ParseError {
        ParseError {
            line: self.line,
            column: col,
            message: message.into(),
        }
    }

    /// Columns `from..=to` as an unsigned number; `None` when blank.
    ///
    /// # Errors
    ///
    /// A [`ParseError`] at the first character that is not a digit (spaces inside the number
    /// count), or at `from` when the value exceeds `max`.
    pub(crate) fn number(
        &self,
        from: usize,
        to: usize,
        max: u32,
        what: &str,
    ) -> Result<Option<u32>, ParseError> {
        let span = self.span(from, to);
        let trimmed = span.trim();
        if trimmed.is_empty() {
            return Ok(None);
        }
        let lead = leading_blanks(&span);
        // Column of the first non-digit inside the trimmed value (spaces there are errors too).
        if let Some(pos) = trimmed.chars().position(|c| !c.is_ascii_digit()) {
            return Err(self.error(
                from + lead + pos,
                format!(
                    "{what} (columns {from}-{to}) must be a number, found {:?}",
                    trimmed
                ),
            ));
        }
        let value: u32 = trimmed.parse().unwrap_or(u32::MAX);
        if value > max {
            return Err(self.error(
                from + lead,
                format!("{what} (columns {from}-{to}) must be at most {max}, found {trimmed}"),
            ));
        }
        Ok(Some(value))
    }
}

/// The number of whitespace characters before the first other character.
pub(crate) fn leading_blanks(s: &str) -> usize {
    s.chars().take_while(|c| c.is_whitespace()).count()
}

/// A line being written: characters that fields are placed into by column.
pub(crate) struct LineBuf {
    chars: Vec<char>,
}

impl LineBuf {
    /// Starts from an existing line's characters, or an empty line.
    pub(crate) fn new(start: &str) -> LineBuf {
        LineBuf {
            chars: start.chars().collect(),
        }
    }

    /// Writes `value` into columns `from..=to`: left-aligned (`right == false`) or right-aligned,
    /// padded with spaces, cut to the width when longer (callers keep values within TRF limits).
    pub(crate) fn put(&mut self, from: usize, to: usize, value: &str, right: bool) {
        let width = to + 1 - from;
        let v: Vec<char> = value.chars().take(width).collect();
        let pad = width - v.len();
        let mut field = Vec::with_capacity(width);
        if right {
            field.extend(std::iter::repeat_n(' ', pad));
            field.extend(v);
        } else {
            field.extend(v);
            field.extend(std::iter::repeat_n(' ', pad));
        }
        if self.chars.len() < to {
            self.chars.resize(to, ' ');
        }
        for (i, c) in field.into_iter().enumerate() {
            if let Some(slot) = self.chars.get_mut(from - 1 + i) {
                *slot = c;
            }
        }
    }

    /// Keeps columns `1..=len` only.
    pub(crate) fn truncate(&mut self, len: usize) {
        self.chars.truncate(len);
    }

    /// The line with trailing spaces removed.
    pub(crate) fn finish_trimmed(self) -> String {
        let s: String = self.chars.into_iter().collect();
        s.trim_end_matches(' ').to_string()
    }
}
