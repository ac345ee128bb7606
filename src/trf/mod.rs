//! FIDE Tournament Report Files (TRF-16 and TRF-26): model, reader and writer.
//!
//! [`parse`] reads a file into a [`Trf`] (every line kept, in order); [`write`] gives the text
//! back, byte for byte for an unchanged file read with LF line ends. Typed views of the header
//! records (rounds, initial colour, score tables, teams, forfeited matches, ...) are methods of
//! [`Trf`], defined in `access`. [`history`] reads a file as the tournament history the
//! pairing systems and the standings take; [`standings`] is `trf standings`.

mod access;
pub mod check;
mod columns;
pub mod export;
pub mod generate;
mod import;
mod model;
mod read;
mod records;
mod records26;
mod standings;
pub mod verify;
mod write;

#[cfg(test)]
mod tests;

pub use import::{ImportError, history};
pub use model::{
    Layout, Line, PlayerRecord, ResultCode, RoundEntry, ScoreTable, Team013Record, TeamRecord, Trf,
};
pub use records::{Bye240, ForfeitOutcome, ForfeitedMatch, TeamPabs};
pub use records26::{Abnormal299, acceleration_line};
pub use standings::{check_310, standings, standings_checked};

/// A malformed TRF line, with its 1-based line and column.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}, column {column}: {message}")]
pub struct ParseError {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in characters).
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads a TRF file's text (TRF-16 or TRF-26).
///
/// ```
/// let text = "012 Open\n\
/// 001    1 m    Alpha, Anna                       2100                             1.0    1     2 w 1\n\
/// 001    2 f    Beta, Bo                          1900                             0.0    2     1 b 0\n";
/// let trf = bianpai::trf::parse(text).expect("a valid file");
/// assert_eq!(trf.players().count(), 2);
/// // A bad colour letter is named by line and column.
/// let bad = text.replace("2 w 1", "2 x 1");
/// let e = bianpai::trf::parse(&bad).expect_err("refused");
/// assert_eq!((e.line, e.column), (2, 97));
/// ```
///
/// Line ends may be LF, CRLF or CR; a leading byte-order mark is dropped. See `read` for what
/// is tolerated and what is checked.
///
/// # Errors
///
/// [`ParseError`] naming the first malformed line and column: a start rank that is missing or
/// not a number, a bad colour or result code in a round block, a non-numeric rating, a bad
/// score in columns 81-84, a malformed `XXR`/`142`/`152`/`162`/`352`/`362`/`320`/`330`/`299`/
/// `250`/`260` record.
pub fn parse(text: &str) -> Result<Trf, ParseError> {
    read::parse(text)
}

/// Writes a [`Trf`] back to text with LF line ends.
///
/// For a file read by [`parse`] and not changed, the output equals the input (after line ends
/// are made LF and a byte-order mark dropped; lines of only spaces come out empty).
pub fn write(trf: &Trf) -> String {
    write::write(trf)
}

/// A copy of `trf` without the read layouts, so that [`write`] uses the canonical layout of
/// RULES.md §D for every record (e.g. to normalise a file from another program).
pub fn without_layout(trf: &Trf) -> Trf {
    let lines = trf
        .lines
        .iter()
        .map(|l| match l {
            Line::Player(p) => Line::Player(PlayerRecord {
                layout: Layout::default(),
                ..p.clone()
            }),
            Line::Team(t) => Line::Team(TeamRecord {
                layout: Layout::default(),
                ..t.clone()
            }),
            Line::Team013(t) => Line::Team013(Team013Record {
                layout: Layout::default(),
                ..t.clone()
            }),
            other => other.clone(),
        })
        .collect();
    Trf { lines }
}
