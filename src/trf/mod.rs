//! FIDE Tournament Report Files (TRF-16 and TRF-26): model, reader and writer.

mod model;

pub use model::{
    Line, PlayerRecord, ResultCode, RoundEntry, ScoreTable, Team013Record, TeamRecord, Trf,
};

/// A malformed TRF line, with its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a TRF file's text.
///
/// # Errors
///
/// [`ParseError`] naming the first malformed line and column.
pub fn parse(text: &str) -> Result<Trf, ParseError> {
    let _ = text;
    Err(ParseError {
        line: 1,
        column: 1,
        message: "TRF reader not yet built".into(),
    })
}
