//! The TRF reader: splits lines, reads `001`/`310`/`013` records by column and checks the header
//! records whose layout is fixed (`XXR`, `142`, `152`, `162`, `352`, `362`, `320`, `330`).
//!
//! Tolerated without error: CRLF, CR or LF line ends (mixed too), a UTF-8 byte-order mark, lines
//! shorter than the full layout (missing columns read as blank), trailing spaces, missing round
//! blocks, blank lines and lines of spaces, `###` comments and any record code this reader does
//! not know (kept as [`Line::Other`]). Free-text headers (`012`..`132`, `172`..`222`, `240`..`300`,
//! `801`, `802`, `XX*` other than `XXR`) are kept verbatim and never rejected.

use super::columns::{Columns, leading_blanks};
use super::model::{Layout, Line, PlayerRecord, ResultCode, RoundEntry, Team013Record, TeamRecord};
use super::records;
use super::{ParseError, Trf};
use crate::model::{Colour, Points};

/// First column of the round-1 block of a `001` line (opponent at 92-95, colour 97, result 99).
pub(crate) const ROUND1_COL: usize = 92;
/// Width of a round block including the two separating spaces.
pub(crate) const ROUND_STEP: usize = 10;
/// First member column of a `310` record.
pub(crate) const TEAM310_MEMBER_COL: usize = 74;
/// First member column of a `013` record.
pub(crate) const TEAM013_MEMBER_COL: usize = 37;
/// Width of a member slot (4 digits and a space).
pub(crate) const MEMBER_STEP: usize = 5;

/// Splits text into lines at LF, CRLF or a lone CR. A final line end does not start a new line.
pub(crate) fn split_lines(text: &str) -> Vec<&str> {
    let mut lines = Vec::new();
    let mut start = 0;
    let bytes = text.as_bytes();
    let mut i = 0;
    while let Some(&b) = bytes.get(i) {
        if b == b'\n' || b == b'\r' {
            lines.push(text.get(start..i).unwrap_or(""));
            if b == b'\r' && bytes.get(i + 1) == Some(&b'\n') {
                i += 1;
            }
            start = i + 1;
        }
        i += 1;
    }
    if start < text.len() {
        lines.push(text.get(start..).unwrap_or(""));
    }
    lines
}

/// Reads a whole file. See [`super::parse`].
pub(crate) fn parse(text: &str) -> Result<Trf, ParseError> {
    // All leading marks, so that a file starting with two reads the same after a rewrite.
    let text = text.trim_start_matches('\u{feff}');
    let mut lines = Vec::new();
    for (i, raw) in split_lines(text).into_iter().enumerate() {
        lines.push(parse_line(raw, i + 1)?);
    }
    Ok(Trf { lines })
}

/// Reads one line (`number` is 1-based, for errors).
pub(crate) fn parse_line(raw: &str, number: usize) -> Result<Line, ParseError> {
    if raw.trim().is_empty() {
        return Ok(Line::Blank);
    }
    let cols = Columns::new(raw, number);
    let code: String = raw.chars().take(3).collect();
    Ok(match code.as_str() {
        "001" => {
            let mut p = player(&cols)?;
            p.layout = Layout(Some(raw.to_string()));
            Line::Player(p)
        }
        "310" => {
            let mut t = team310(&cols)?;
            t.layout = Layout(Some(raw.to_string()));
            Line::Team(t)
        }
        "013" => {
            let mut t = team013(&cols)?;
            t.layout = Layout(Some(raw.to_string()));
            Line::Team013(t)
        }
        _ => {
            records::validate(&code, &cols)?;
            Line::Other {
                code,
                raw: raw.to_string(),
            }
        }
    })
}

/// Columns `from..=to` as points (`5.5`, `10`, `½`); `None` when blank.
fn points(
    cols: &Columns,
    from: usize,
    to: usize,
    what: &str,
) -> Result<Option<Points>, ParseError> {
    let span = cols.span(from, to);
    let t = span.trim();
    if t.is_empty() {
        return Ok(None);
    }
    let lead = leading_blanks(&span);
    t.parse::<Points>().map(Some).map_err(|_| {
        cols.error(
            from + lead,
            format!("{what} (columns {from}-{to}) must be a score such as 5.5, found {t:?}"),
        )
    })
}

/// A number field that fits `u16` (the callers' maxima are all ≤ 9999).
fn num16(
    cols: &Columns,
    from: usize,
    to: usize,
    max: u16,
    what: &str,
) -> Result<Option<u16>, ParseError> {
    let v = cols.number(from, to, u32::from(max), what)?;
    Ok(v.and_then(|v| u16::try_from(v).ok()))
}

/// Reads a `001` line (its layout is left empty).
pub(crate) fn player(cols: &Columns) -> Result<PlayerRecord, ParseError> {
    let start_no = match num16(cols, 5, 8, 9999, "start rank")? {
        Some(n) if n > 0 => n,
        Some(_) => return Err(cols.error(5, "start rank (columns 5-8) must be 1-9999, found 0")),
        None => return Err(cols.error(5, "start rank (columns 5-8) is missing")),
    };
    Ok(PlayerRecord {
        start_no,
        sex: cols.char_at(10),
        title: cols.text(11, 13),
        name: cols.text(15, 47),
        rating: num16(cols, 49, 52, 9999, "rating")?.unwrap_or(0),
        federation: cols.text(54, 56),
        fide_id: cols.text(58, 68),
        birth: cols.text(70, 79),
        points: points(cols, 81, 84, "points")?,
        rank: num16(cols, 86, 89, 9999, "rank")?,
        rounds: round_blocks(cols)?,
        layout: Layout::default(),
    })
}

/// The round blocks of a `001` line, up to its last non-blank character.
fn round_blocks(cols: &Columns) -> Result<Vec<RoundEntry>, ParseError> {
    let end = cols.content_len();
    let mut rounds = Vec::new();
    let mut start = ROUND1_COL;
    let mut round = 1;
    while start <= end {
        let what = format!("round {round} opponent");
        let opponent = num16(cols, start, start + 3, 9999, &what)?.filter(|&o| o > 0);
        let c = cols.char_at(start + 5);
        let colour = match c {
            '-' | ' ' => None,
            _ => Some(Colour::from_trf_char(c).ok_or_else(|| {
                cols.error(
                    start + 5,
                    format!("round {round} colour must be w, b or -, found {c:?}"),
                )
            })?),
        };
        let r = cols.char_at(start + 7);
        let result = ResultCode::from_trf_char(r).ok_or_else(|| {
            cols.error(
                start + 7,
                format!("round {round} result must be one of 1 = 0 + - W D L H F U Z, found {r:?}"),
            )
        })?;
        rounds.push(RoundEntry {
            opponent,
            colour,
            result,
        });
        start += ROUND_STEP;
        round += 1;
    }
    Ok(rounds)
}

/// Member slots from `first` every [`MEMBER_STEP`] columns to the end of the line.
fn members(cols: &Columns, first: usize) -> Result<Vec<u16>, ParseError> {
    let end = cols.content_len();
    let mut out = Vec::new();
    let mut start = first;
    while start <= end {
        if let Some(m) = num16(cols, start, start + 3, 9999, "team member")?.filter(|&m| m > 0) {
            out.push(m);
        }
        start += MEMBER_STEP;
    }
    Ok(out)
}

/// Reads a `310` line (its layout is left empty).
pub(crate) fn team310(cols: &Columns) -> Result<TeamRecord, ParseError> {
    let number = match num16(cols, 5, 7, 999, "team number")? {
        Some(n) if n > 0 => n,
        Some(_) => return Err(cols.error(5, "team number (columns 5-7) must be 1-999, found 0")),
        None => return Err(cols.error(5, "team number (columns 5-7) is missing")),
    };
    Ok(TeamRecord {
        number,
        name: cols.text(9, 40),
        nickname: cols.text(42, 46),
        strength: cols.text(48, 53),
        match_points: points(cols, 55, 60, "match points")?,
        game_points: points(cols, 62, 67, "game points")?,
        rank: num16(cols, 69, 71, 999, "team rank")?,
        members: members(cols, TEAM310_MEMBER_COL)?,
        layout: Layout::default(),
    })
}

/// Reads a `013` line (its layout is left empty).
pub(crate) fn team013(cols: &Columns) -> Result<Team013Record, ParseError> {
    Ok(Team013Record {
        name: cols.text(5, 36),
        members: members(cols, TEAM013_MEMBER_COL)?,
        layout: Layout::default(),
    })
}
