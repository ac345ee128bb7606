//! The TRF-26 records that change pairings and standings beyond the rounds: `299` abnormal
//! points, `250` accelerated rounds and `260` prohibited pairings, read by the columns of the
//! TRF-26 text (S10) as FIDE's reader (TieBreakServer's `trf2json`) reads them:
//!
//! - `299 T  MMMM  GGGG  RRR PPPP PPPP ...`: type at 5, match points 8-11, game points
//!   (points of individuals) 14-17, round 20-22, pairing numbers from 24-27 every 5 columns;
//! - `250 MMMM GGGG RRF RRL PPPF PPPL`: match points 5-8, game points 10-13, rounds 15-17 and
//!   19-21, pairing numbers 23-26 and 28-31 (a blank last round or number: the first);
//! - `260 RRF RRL PPPP PPPP ...`: rounds 5-7 and 9-11, pairing numbers from 13-16 every 5.

use super::ParseError;
use super::columns::Columns;
use crate::model::Points;
use crate::tournament::{Acceleration, Prohibited};

/// A `299` record as written: its type (`' '` for a penalty or bonus), points, round and the
/// players (teams) it names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Abnormal299 {
    /// Column 5: `W D L F H Z + -`, or blank for a penalty / bonus.
    pub kind: char,
    /// Match points (columns 8-11), 0 when blank.
    pub match_points: Points,
    /// Game points or points (columns 14-17), 0 when blank.
    pub game_points: Points,
    /// The round (columns 20-22), 0 when blank.
    pub round: u16,
    /// The pairing numbers from column 24.
    pub numbers: Vec<u16>,
}

/// Columns `from..=to` as points (`-1.0`, `2.5`); zero when blank.
fn points(cols: &Columns, from: usize, to: usize, what: &str) -> Result<Points, ParseError> {
    let t = cols.text(from, to);
    if t.is_empty() {
        return Ok(Points::ZERO);
    }
    t.parse::<Points>().map_err(|_| {
        cols.error(
            from,
            format!(
                "{what} (columns {from}-{to}) must be a score such as -1.0 or 2.5, found {t:?}"
            ),
        )
    })
}

/// Columns `from..=to` as a number at most `max`; zero when blank.
fn number(cols: &Columns, from: usize, to: usize, max: u32, what: &str) -> Result<u16, ParseError> {
    let v = cols.number(from, to, max, what)?.unwrap_or(0);
    Ok(u16::try_from(v).unwrap_or(u16::MAX))
}

/// Pairing numbers in 4-column fields from `first` every 5 columns; blank or 0 fields skipped.
fn numbers(cols: &Columns, first: usize) -> Result<Vec<u16>, ParseError> {
    let mut out = Vec::new();
    let mut at = first;
    while at <= cols.content_len() {
        let n = number(cols, at, at + 3, 9999, "the pairing number")?;
        if n > 0 {
            out.push(n);
        }
        at += 5;
    }
    Ok(out)
}

/// Reads a `299` record.
///
/// # Errors
///
/// A [`ParseError`] at the column of a bad type, score, round or number.
pub(crate) fn abnormal_299(cols: &Columns) -> Result<Abnormal299, ParseError> {
    let kind = cols.char_at(5).to_ascii_uppercase();
    if !matches!(kind, ' ' | 'W' | 'D' | 'L' | 'F' | 'H' | 'Z' | '+' | '-') {
        return Err(cols.error(
            5,
            format!(
                "record 299's type (column 5) must be W D L F H Z + - or blank, found {kind:?}"
            ),
        ));
    }
    Ok(Abnormal299 {
        kind,
        match_points: points(cols, 8, 11, "the match points")?,
        game_points: points(cols, 14, 17, "the points")?,
        round: number(cols, 20, 22, 999, "the round")?,
        numbers: numbers(cols, 24)?,
    })
}

/// A `250` record as written (the inverse of [`acceleration_250`]): the match points blank for a
/// player's acceleration, the game points with one decimal.
pub fn acceleration_line(a: &Acceleration) -> super::Line {
    let points = |p: Points| {
        if p == Points::ZERO {
            String::new()
        } else {
            p.fmt_decimals(1)
        }
    };
    super::Line::Other {
        code: "250".into(),
        raw: format!(
            "250 {:>4} {:>4} {:>3} {:>3} {:>4} {:>4}",
            points(a.match_points),
            points(a.game_points),
            a.from,
            a.to,
            a.first,
            a.last
        ),
    }
}

/// Reads a `250` record.
///
/// # Errors
///
/// A [`ParseError`] at the column of a bad score, round or number, or a first round or
/// number missing.
pub(crate) fn acceleration_250(cols: &Columns) -> Result<Acceleration, ParseError> {
    let from = number(cols, 15, 17, 999, "the first round")?;
    let first = number(cols, 23, 26, 9999, "the first pairing number")?;
    if from == 0 {
        return Err(cols.error(15, "record 250 needs its first round (columns 15-17)"));
    }
    if first == 0 {
        return Err(cols.error(
            23,
            "record 250 needs its first pairing number (columns 23-26)",
        ));
    }
    let to = number(cols, 19, 21, 999, "the last round")?;
    let last = number(cols, 28, 31, 9999, "the last pairing number")?;
    Ok(Acceleration {
        match_points: points(cols, 5, 8, "the fictitious match points")?,
        game_points: points(cols, 10, 13, "the fictitious points")?,
        from,
        to: if to == 0 { from } else { to },
        first,
        last: if last == 0 { first } else { last },
    })
}

/// Reads a `260` record.
///
/// # Errors
///
/// A [`ParseError`] at the column of a bad round or number, or when fewer than two players
/// (teams) are named.
pub(crate) fn prohibited_260(cols: &Columns) -> Result<Prohibited, ParseError> {
    let from = number(cols, 5, 7, 999, "the first round")?;
    if from == 0 {
        return Err(cols.error(5, "record 260 needs its first round (columns 5-7)"));
    }
    let to = number(cols, 9, 11, 999, "the last round")?;
    let numbers = numbers(cols, 13)?;
    if numbers.len() < 2 {
        return Err(cols.error(
            13,
            "record 260 needs at least two pairing numbers (columns 13-16, 18-21, ...)",
        ));
    }
    Ok(Prohibited {
        from,
        to: if to == 0 { from } else { to },
        numbers,
    })
}
