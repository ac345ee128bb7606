//! The TRF writer: one line per [`Line`], LF line ends.
//!
//! A record read from a file is written back from its [`Layout`](super::model::Layout): when its
//! fields still equal what the layout reads as, the original line comes out byte for byte; when
//! some changed, only those fields are rewritten in place (and round blocks or members added or
//! cut), so a title aligned left or a zero-padded number elsewhere on the line survives. Records
//! without a layout are written in the canonical layout of RULES.md §D: numbers right-aligned,
//! texts left-aligned, titles right-aligned in columns 11-13, points with one decimal, absent
//! opponents as `0000`, absent colours as `-`, trailing spaces removed.
//!
//! Values must fit their columns (names ≤ 33 characters, start numbers ≤ 9999, ...); a longer
//! text is cut to the column width.

use super::Trf;
use super::columns::{Columns, LineBuf};
use super::model::{Line, PlayerRecord, ResultCode, RoundEntry, Team013Record, TeamRecord};
use super::read::{
    self, MEMBER_STEP, ROUND_STEP, ROUND1_COL, TEAM013_MEMBER_COL, TEAM310_MEMBER_COL,
};
use crate::model::Points;

/// Writes a whole file; every line ends with LF.
pub(crate) fn write(trf: &Trf) -> String {
    let mut out = String::new();
    for line in &trf.lines {
        match line {
            Line::Player(p) => out.push_str(&player(p)),
            Line::Team(t) => out.push_str(&team310(t)),
            Line::Team013(t) => out.push_str(&team013(t)),
            Line::Other { raw, .. } => out.push_str(raw),
            Line::Blank => {}
        }
        out.push('\n');
    }
    out
}

/// A number right-aligned, or blanks for `None`.
fn opt_num(n: Option<u16>) -> String {
    n.map(|n| n.to_string()).unwrap_or_default()
}

/// Points with one decimal (`5.5`), or blanks for `None`. When that is wider than the field,
/// the compact forms `1000` and `999½` that the reader also accepts are used instead.
fn opt_points(p: Option<Points>, width: usize) -> String {
    let Some(p) = p else {
        return String::new();
    };
    let full = p.fmt_decimals(1);
    if full.chars().count() <= width {
        return full;
    }
    let whole = p.fmt_decimals(0);
    if p.halves() % 2 == 0 {
        whole
    } else if p.halves() == -1 {
        "-½".to_string()
    } else {
        // fmt_decimals(0) drops the half: 1999 halves → "999".
        format!("{whole}½")
    }
}

/// Writes field `$field` when there is no original or it differs from the original's.
macro_rules! patch {
    ($buf:expr, $orig:expr, $new:expr, $field:ident, $from:expr, $to:expr, $right:expr, $fmt:expr) => {
        if $orig.is_none_or(|o| o.$field != $new.$field) {
            $buf.put($from, $to, &$fmt(&$new.$field), $right);
        }
    };
}

/// The 8-character round block `OOOO C R`.
fn block(e: &RoundEntry) -> String {
    let opp = e
        .opponent
        .map_or_else(|| "0000".to_string(), |o| format!("{o:>4}"));
    let colour = e.colour.map_or('-', |c| c.trf_char());
    format!("{opp} {colour} {}", e.result.trf_char())
}

/// One `001` line.
pub(crate) fn player(p: &PlayerRecord) -> String {
    let orig = p
        .layout
        .0
        .as_deref()
        .and_then(|raw| read::player(&Columns::new(raw, 0)).ok().map(|o| (raw, o)));
    if let Some((raw, o)) = &orig
        && o == p
    {
        return (*raw).to_string();
    }
    let mut buf = LineBuf::new(orig.as_ref().map_or("", |(raw, _)| raw));
    let o = orig.as_ref().map(|(_, o)| o);
    buf.put(1, 3, "001", false);
    patch!(buf, o, p, start_no, 5, 8, true, |v: &u16| v.to_string());
    patch!(buf, o, p, sex, 10, 10, false, |v: &char| v.to_string());
    patch!(buf, o, p, title, 11, 13, true, |v: &String| v.clone());
    patch!(buf, o, p, name, 15, 47, false, |v: &String| v.clone());
    patch!(buf, o, p, rating, 49, 52, true, |v: &u16| if *v == 0 {
        String::new()
    } else {
        v.to_string()
    });
    patch!(buf, o, p, federation, 54, 56, false, |v: &String| v.clone());
    patch!(buf, o, p, fide_id, 58, 68, true, |v: &String| v.clone());
    patch!(buf, o, p, birth, 70, 79, false, |v: &String| v.clone());
    patch!(buf, o, p, points, 81, 84, true, |v: &Option<Points>| {
        opt_points(*v, 4)
    });
    patch!(buf, o, p, rank, 86, 89, true, |v: &Option<u16>| opt_num(*v));
    let old_rounds = o.map_or(&[][..], |o| o.rounds.as_slice());
    if old_rounds.len() > p.rounds.len() {
        buf.truncate(ROUND1_COL - 3 + ROUND_STEP * p.rounds.len());
    }
    let raw_cols = orig.as_ref().map(|(raw, _)| Columns::new(raw, 0));
    for (k, e) in p.rounds.iter().enumerate() {
        let start = ROUND1_COL + ROUND_STEP * k;
        let is_last = k + 1 == p.rounds.len();
        // A kept block that is all blank would vanish as trailing spaces if it ended the line.
        let blank_at_end = is_last
            && raw_cols
                .as_ref()
                .is_some_and(|c| c.span(start, start + 7).trim().is_empty());
        if old_rounds.get(k) != Some(e) || blank_at_end {
            buf.put(start - 2, start - 1, "", false);
            buf.put(start, start + 7, &block(e), false);
        }
    }
    let mut line = buf.finish_trimmed();
    // A round not paired (blank result) that ends a line keeps its block's columns:
    // bbpPairings refuses a block cut short (`0000 -`). (A line read and not changed is
    // returned as read, above.)
    if let Some(last) = p.rounds.last()
        && last.result == ResultCode::Blank
    {
        let end = ROUND1_COL + ROUND_STEP * (p.rounds.len() - 1) + 7;
        let len = line.chars().count();
        line.extend(std::iter::repeat_n(' ', end.saturating_sub(len)));
    }
    line
}

/// Writes the member slots from `first` when they changed (all of them, after cutting the old).
fn members(buf: &mut LineBuf, old: Option<&[u16]>, new: &[u16], first: usize) {
    if old == Some(new) {
        return;
    }
    buf.truncate(first - 1);
    for (k, m) in new.iter().enumerate() {
        let start = first + MEMBER_STEP * k;
        if k > 0 {
            buf.put(start - 1, start - 1, "", false);
        }
        buf.put(start, start + 3, &m.to_string(), true);
    }
}

/// One `310` line.
pub(crate) fn team310(t: &TeamRecord) -> String {
    let orig = t
        .layout
        .0
        .as_deref()
        .and_then(|raw| read::team310(&Columns::new(raw, 0)).ok().map(|o| (raw, o)));
    if let Some((raw, o)) = &orig
        && o == t
    {
        return (*raw).to_string();
    }
    let mut buf = LineBuf::new(orig.as_ref().map_or("", |(raw, _)| raw));
    let o = orig.as_ref().map(|(_, o)| o);
    buf.put(1, 3, "310", false);
    patch!(buf, o, t, number, 5, 7, true, |v: &u16| v.to_string());
    patch!(buf, o, t, name, 9, 40, false, |v: &String| v.clone());
    patch!(buf, o, t, nickname, 42, 46, false, |v: &String| v.clone());
    patch!(buf, o, t, strength, 48, 53, true, |v: &String| v.clone());
    patch!(buf, o, t, match_points, 55, 60, true, |v: &Option<
        Points,
    >| opt_points(
        *v, 6
    ));
    patch!(buf, o, t, game_points, 62, 67, true, |v: &Option<
        Points,
    >| opt_points(
        *v, 6
    ));
    patch!(buf, o, t, rank, 69, 71, true, |v: &Option<u16>| opt_num(*v));
    members(
        &mut buf,
        o.map(|o| o.members.as_slice()),
        &t.members,
        TEAM310_MEMBER_COL,
    );
    buf.finish_trimmed()
}

/// One `013` line.
pub(crate) fn team013(t: &Team013Record) -> String {
    let orig = t
        .layout
        .0
        .as_deref()
        .and_then(|raw| read::team013(&Columns::new(raw, 0)).ok().map(|o| (raw, o)));
    if let Some((raw, o)) = &orig
        && o == t
    {
        return (*raw).to_string();
    }
    let mut buf = LineBuf::new(orig.as_ref().map_or("", |(raw, _)| raw));
    let o = orig.as_ref().map(|(_, o)| o);
    buf.put(1, 3, "013", false);
    patch!(buf, o, t, name, 5, 36, false, |v: &String| v.clone());
    members(
        &mut buf,
        o.map(|o| o.members.as_slice()),
        &t.members,
        TEAM013_MEMBER_COL,
    );
    buf.finish_trimmed()
}
