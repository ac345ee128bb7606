//! Typed readings of the TRF-26 header records whose layout is fixed: the round count (`XXR`,
//! `142`), the initial colour (`XXC`, `152`), score tables (`162`, `362`), board colours (`352`),
//! team PABs (`320`), forfeited matches (`330`) and byes (`240`).
//!
//! The reader calls [`validate`] on every such line so that a malformed one is an error with its
//! column; the accessors in `trf::access` call the same functions and skip lines that do not read
//! (possible only for lines built in code).
//!
//! Value fields are read as whitespace-separated tokens rather than strict columns, so both the
//! column-aligned layout of the TRF-26 text (`162  W 1.0    D 0.5`) and looser hand-written lines
//! (`162 W 1 D 0.5`) read the same way.

use super::ParseError;
use super::columns::Columns;
use super::model::{ResultCode, ScoreTable};
use crate::model::{Colour, Points};

pub use crate::tournament::{ForfeitOutcome, ForfeitedMatch, TeamPabs};

/// A bye record `240 T RRR NNNN NNNN ...`: bye type, round, then the players' start numbers.
///
/// This layout is this crate's reading of TRF-26 (the type letter is a result code such as `H`,
/// `F`, `Z` or `U`); lines that do not fit it are skipped by the accessor, never rejected.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Bye240 {
    /// The bye type as a result code.
    pub kind: ResultCode,
    /// The round (1-based).
    pub round: u16,
    /// The players' start numbers.
    pub players: Vec<u16>,
}

/// Checks a header line whose layout is fixed; other codes always pass.
///
/// # Errors
///
/// A [`ParseError`] at the offending column.
pub(crate) fn validate(code: &str, cols: &Columns) -> Result<(), ParseError> {
    match code {
        "XXR" | "142" => round_count(cols).map(drop),
        "152" => colour_152(cols).map(drop),
        "162" => score_table(cols, ScoreTable::default()).map(drop),
        "362" => score_table(cols, match_defaults()).map(drop),
        "352" => board_colours(cols).map(drop),
        "320" => team_pabs(cols).map(drop),
        "330" => forfeited_match(cols).map(drop),
        "299" => super::records26::abnormal_299(cols).map(drop),
        "250" => super::records26::acceleration_250(cols).map(drop),
        "260" => super::records26::prohibited_260(cols).map(drop),
        _ => Ok(()),
    }
}

/// Parses a token as an unsigned number at most `max`.
fn token_number(
    cols: &Columns,
    col: usize,
    tok: &str,
    max: u16,
    what: &str,
) -> Result<u16, ParseError> {
    if !tok.chars().all(|c| c.is_ascii_digit()) {
        return Err(cols.error(col, format!("{what} must be a number, found {tok:?}")));
    }
    match tok.parse::<u32>() {
        Ok(v) if v <= u32::from(max) => Ok(u16::try_from(v).unwrap_or(max)),
        _ => Err(cols.error(col, format!("{what} must be at most {max}, found {tok}"))),
    }
}

/// Parses a token as points.
fn token_points(cols: &Columns, col: usize, tok: &str, what: &str) -> Result<Points, ParseError> {
    tok.parse::<Points>().map_err(|_| {
        cols.error(
            col,
            format!("{what} must be a score such as 1.0 or 0.5, found {tok:?}"),
        )
    })
}

/// `XXR n` / `142 n`: the number of rounds.
pub(crate) fn round_count(cols: &Columns) -> Result<u16, ParseError> {
    let toks = cols.tokens(5);
    let Some((col, tok)) = toks.first() else {
        return Err(cols.error(5, "the number of rounds is missing"));
    };
    if let Some((c, t)) = toks.get(1) {
        return Err(cols.error(
            *c,
            format!("unexpected text after the number of rounds: {t:?}"),
        ));
    }
    token_number(cols, *col, tok, 999, "the number of rounds")
}

/// `152 W` / `152 B`: the initial colour; `None` when blank.
pub(crate) fn colour_152(cols: &Columns) -> Result<Option<Colour>, ParseError> {
    let toks = cols.tokens(5);
    match toks.as_slice() {
        [] => Ok(None),
        [(col, t)] => {
            let mut chars = t.chars();
            match (chars.next().and_then(Colour::from_trf_char), chars.next()) {
                (Some(c), None) => Ok(Some(c)),
                _ => Err(cols.error(*col, format!("initial colour must be W or B, found {t:?}"))),
            }
        }
        [_, (col, t), ..] => {
            Err(cols.error(*col, format!("unexpected text after the colour: {t:?}")))
        }
    }
}

/// `XXC white1` / `XXC black1` (bbpPairings): the initial colour; `None` for anything else.
pub(crate) fn colour_xxc(cols: &Columns) -> Option<Colour> {
    let toks = cols.tokens(5);
    let (_, t) = toks.first()?;
    match t.to_ascii_lowercase().as_str() {
        "white1" => Some(Colour::White),
        "black1" => Some(Colour::Black),
        _ => None,
    }
}

/// The `362` defaults: W 2.0, D 1.0, L 0, A 0, P = W, X = D.
pub(crate) fn match_defaults() -> ScoreTable {
    ScoreTable {
        win: Points::from_whole(2),
        draw: Points::from_whole(1),
        loss: Points::ZERO,
        absent: Points::ZERO,
        pab: Points::from_whole(2),
        half_bye: Points::from_whole(1),
    }
}

/// A score table being read from `162`/`362` slots: an unlisted P takes the (possibly changed)
/// W value, an unlisted X the D value.
struct Slots {
    table: ScoreTable,
    pab_set: bool,
    half_set: bool,
}

impl Slots {
    fn new(defaults: ScoreTable) -> Slots {
        Slots {
            table: defaults,
            pab_set: false,
            half_set: false,
        }
    }

    /// Sets the value of symbol `sym` (W D L A P, anything else X).
    fn set(&mut self, sym: char, v: Points) {
        let t = &mut self.table;
        match sym {
            'W' => t.win = v,
            'D' => t.draw = v,
            'L' => t.loss = v,
            'A' => t.absent = v,
            'P' => {
                t.pab = v;
                self.pab_set = true;
            }
            _ => {
                t.half_bye = v;
                self.half_set = true;
            }
        }
    }

    fn finish(mut self) -> ScoreTable {
        if !self.pab_set {
            self.table.pab = self.table.win;
        }
        if !self.half_set {
            self.table.half_bye = self.table.draw;
        }
        self.table
    }
}

/// `162`/`362`: symbol/value pairs (W D L A P X, either case; `W 1.0`, `W1.0`, or `TW 1.0`
/// with a team prefix) over the defaults. An unlisted P takes the (possibly changed) W value, an unlisted X the D value.
pub(crate) fn score_table(cols: &Columns, defaults: ScoreTable) -> Result<ScoreTable, ParseError> {
    if let Some(t) = score_table_by_column(cols, defaults) {
        return Ok(t);
    }
    let mut slots = Slots::new(defaults);
    let toks = cols.tokens(5);
    let mut i = 0;
    while let Some((col, tok)) = toks.get(i) {
        let mut chars = tok.chars();
        let mut sym = chars.next().unwrap_or(' ').to_ascii_uppercase();
        // `362 TW 3.0   TD 1.0`: a team prefix before the symbol, which FIDE's reader takes
        // at column 6 (the letter after the T).
        if sym == 'T'
            && let Some(next) = tok.chars().nth(1)
            && matches!(next.to_ascii_uppercase(), 'W' | 'D' | 'L' | 'A' | 'P' | 'X')
        {
            sym = next.to_ascii_uppercase();
            chars.next();
        }
        if !matches!(sym, 'W' | 'D' | 'L' | 'A' | 'P' | 'X') {
            return Err(cols.error(
                *col,
                format!("score symbol must be one of W D L A P X, found {tok:?}"),
            ));
        }
        let rest: String = chars.collect();
        let (vcol, vtok) = if rest.is_empty() {
            i += 1;
            match toks.get(i) {
                Some((c, t)) => (*c, t.clone()),
                None => return Err(cols.error(*col, format!("score symbol {sym} has no value"))),
            }
        } else {
            (col + 1, rest)
        };
        let v = token_points(cols, vcol, &vtok, &format!("the value of {sym}"))?;
        slots.set(sym, v);
        i += 1;
    }
    Ok(slots.finish())
}

/// `162`/`362` as FIDE's reader takes them (TRF-26 layout): symbol W D L A P X at columns 6,
/// 15, 24, ..., its value in the 4 columns after it, whatever one character stands before the
/// symbol (a team prefix, `362 TW 3.0   TD 1.0   TL 0.0`, or `MW`). `None` when the line is
/// not in that layout (text outside the slots, a slot without a value): it is then read as
/// tokens.
fn score_table_by_column(cols: &Columns, defaults: ScoreTable) -> Option<ScoreTable> {
    let len = cols.content_len();
    let mut slots = Slots::new(defaults);
    let mut any = false;
    let mut at = 6;
    while at <= len {
        let sym = cols.char_at(at).to_ascii_uppercase();
        let value = cols.text(at + 1, at + 4);
        // Columns 11-13 of a slot are blank (column 14 is the next slot's prefix).
        if !cols.text(at + 5, at + 7).is_empty() {
            return None;
        }
        if sym == ' ' && value.is_empty() {
            at += 9;
            continue;
        }
        if !matches!(sym, 'W' | 'D' | 'L' | 'A' | 'P' | 'X') {
            return None;
        }
        let v: Points = value.parse().ok()?;
        any = true;
        slots.set(sym, v);
        at += 9;
    }
    if !any {
        return None;
    }
    Some(slots.finish())
}

/// `352 WBWBW`: the board colours of the team that has White.
pub(crate) fn board_colours(cols: &Columns) -> Result<Vec<Colour>, ParseError> {
    let mut out = Vec::new();
    for (col, tok) in cols.tokens(5) {
        for (k, c) in tok.chars().enumerate() {
            out.push(Colour::from_trf_char(c).ok_or_else(|| {
                cols.error(col + k, format!("board colour must be W or B, found {c:?}"))
            })?);
        }
    }
    Ok(out)
}

/// `320 MMMM GGGG TTT TTT ...`: the value of a team PAB and the PAB team of each round.
pub(crate) fn team_pabs(cols: &Columns) -> Result<TeamPabs, ParseError> {
    let toks = cols.tokens(5);
    let (Some((mc, mt)), Some((gc, gt))) = (toks.first(), toks.get(1)) else {
        return Err(cols.error(5, "record 320 needs the PAB's match and game points"));
    };
    let match_points = token_points(cols, *mc, mt, "the PAB's match points")?;
    let game_points = token_points(cols, *gc, gt, "the PAB's game points")?;
    let mut teams = Vec::new();
    // Round r's team at columns 15-17 + 4(r-1), as FIDE's reader takes it: a round without a
    // PAB may be blank there. A line whose numbers are not in those columns is read in order.
    let rest = toks.get(2..).unwrap_or(&[]);
    let slot = |col: usize, tok: &str| {
        let end = col + tok.chars().count() - 1;
        end.checked_sub(17)
            .filter(|d| d.is_multiple_of(4))
            .map(|d| d / 4)
    };
    let positional = rest.iter().all(|(c, t)| slot(*c, t).is_some());
    for (col, tok) in rest {
        let n = token_number(cols, *col, tok, 999, "the PAB team")?;
        if positional && let Some(r) = slot(*col, tok) {
            if teams.len() <= r {
                teams.resize(r + 1, None);
            }
            if let Some(x) = teams.get_mut(r) {
                *x = (n > 0).then_some(n);
            }
        } else {
            teams.push((n > 0).then_some(n));
        }
    }
    Ok(TeamPabs {
        match_points,
        game_points,
        teams,
    })
}

/// `330 +- RRR FFF SSS`: a forfeited match.
pub(crate) fn forfeited_match(cols: &Columns) -> Result<ForfeitedMatch, ParseError> {
    let toks = cols.tokens(5);
    let Some((oc, ot)) = toks.first() else {
        return Err(cols.error(5, "record 330 needs +-, -+ or --, round and two teams"));
    };
    let outcome = match ot.as_str() {
        "+-" => ForfeitOutcome::FirstWins,
        "-+" => ForfeitOutcome::SecondWins,
        "--" => ForfeitOutcome::Double,
        _ => {
            return Err(cols.error(
                *oc,
                format!("forfeit outcome must be +-, -+ or --, found {ot:?}"),
            ));
        }
    };
    let mut nums = [0u16; 3];
    for (k, what) in ["round", "first team", "second team"].iter().enumerate() {
        let Some((c, t)) = toks.get(k + 1) else {
            return Err(cols.error(
                cols.content_len() + 1,
                format!("record 330 is missing the {what}"),
            ));
        };
        let n = token_number(cols, *c, t, 999, &format!("the {what}"))?;
        if n == 0 {
            return Err(cols.error(*c, format!("the {what} must not be 0")));
        }
        if let Some(slot) = nums.get_mut(k) {
            *slot = n;
        }
    }
    if let Some((c, t)) = toks.get(4) {
        return Err(cols.error(
            *c,
            format!("unexpected text at the end of record 330: {t:?}"),
        ));
    }
    let [round, first, second] = nums;
    Ok(ForfeitedMatch {
        round,
        first,
        second,
        outcome,
    })
}

/// `240 T RRR NNNN ...`; `None` when the line does not fit this layout.
pub(crate) fn bye_240(cols: &Columns) -> Option<Bye240> {
    let toks = cols.tokens(5);
    let mut it = toks.iter();
    let (_, kind) = it.next()?;
    let mut kc = kind.chars();
    let kind = match (kc.next(), kc.next()) {
        (Some(c), None) if c != ' ' => ResultCode::from_trf_char(c)?,
        _ => return None,
    };
    let (_, round) = it.next()?;
    let round: u16 = round.parse().ok()?;
    let players = it
        .map(|(_, t)| t.parse::<u16>().ok())
        .collect::<Option<Vec<_>>>()?;
    Some(Bye240 {
        kind,
        round,
        players,
    })
}
