//! Whether a TRF file adds up, before `trf pair` or `trf standings` computes anything from it,
//! and the bounds a file is read within.
//!
//! Refused, each with the line and column of the record at fault (messages bilingual, Chinese
//! first, as the other TRF messages): a player paired against himself or against a start
//! number without a `001` line; two players whose round blocks disagree (opponent, colours,
//! results that cannot both hold, such as two wins); a paired round without results (a round
//! half entered); a team member without a `001` line or listed in two teams. Warned: a
//! points field (columns 81-84) that is not what the round blocks give under `162` (skipped
//! when `299` records assign abnormal points; a `240` bye in a blank round counts, as it does
//! in the history).

use super::model::{Line, PlayerRecord, ResultCode};
use super::read::{MEMBER_STEP, ROUND_STEP, ROUND1_COL, TEAM013_MEMBER_COL, TEAM310_MEMBER_COL};
use super::{ParseError, Trf};
use crate::model::{Colour, Points};
use crate::tournament::ScoreTable;

/// The largest TRF file read (bytes): a 9999-player, 99-round file is about 11 MB.
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;
/// The most lines a TRF file may have.
pub const MAX_LINES: usize = 100_000;
/// The longest line (characters): a `001` record with 99 rounds is 1,081.
pub const MAX_LINE_CHARS: usize = 4096;

fn err(line: usize, column: usize, message: String) -> ParseError {
    ParseError {
        line,
        column,
        message,
    }
}

/// Checks the size of a file's text before it is parsed: line count and line length.
///
/// # Errors
///
/// The first line over [`MAX_LINE_CHARS`], or the line past [`MAX_LINES`].
pub fn bounds(text: &str) -> Result<(), ParseError> {
    for (i, line) in super::read::split_lines(text).into_iter().enumerate() {
        if i >= MAX_LINES {
            return Err(err(
                i + 1,
                1,
                format!("文件超过{MAX_LINES}行 / more than {MAX_LINES} lines"),
            ));
        }
        if line.len() > MAX_LINE_CHARS && line.chars().count() > MAX_LINE_CHARS {
            return Err(err(
                i + 1,
                MAX_LINE_CHARS + 1,
                format!(
                    "该行超过{MAX_LINE_CHARS}个字符 / line longer than {MAX_LINE_CHARS} characters"
                ),
            ));
        }
    }
    Ok(())
}

/// The 1-based column of round `r`'s (0-based) block, plus `offset` (0 opponent, 5 colour,
/// 7 result).
fn round_col(r: usize, offset: usize) -> usize {
    ROUND1_COL + ROUND_STEP * r + offset
}

/// Whether two result codes of one game can both hold.
fn compatible(a: ResultCode, b: ResultCode) -> bool {
    use ResultCode as C;
    matches!(
        (a, b),
        (C::Win, C::Loss)
            | (C::Loss, C::Win)
            | (C::Draw, C::Draw)
            | (C::ForfeitWin, C::ForfeitLoss)
            | (C::ForfeitLoss, C::ForfeitWin)
            | (C::ForfeitLoss, C::ForfeitLoss)
            | (C::WinUnrated, C::LossUnrated)
            | (C::LossUnrated, C::WinUnrated)
            | (C::DrawUnrated, C::DrawUnrated)
            | (C::Blank, C::Blank)
    )
}

/// Checks a parsed file before it is paired; returns the warnings. A round paired without
/// results is refused, even when no result of it is entered yet (pairing it again would throw
/// the published pairing away).
///
/// # Errors
///
/// The first fault found, in file order.
pub fn check(trf: &Trf) -> Result<Vec<ParseError>, ParseError> {
    check_inner(trf, false)
}

/// Checks a parsed file before its standings are computed: as [`check`], except that a round
/// paired with no result entered at all (the next round's published pairing) is a warning, and
/// is not scored.
///
/// # Errors
///
/// The first fault found, in file order.
pub fn check_standings(trf: &Trf) -> Result<Vec<ParseError>, ParseError> {
    check_inner(trf, true)
}

/// Whether some game of round `r` (0-based) has a result.
fn round_has_results(players: &[(usize, &PlayerRecord)], r: usize) -> bool {
    players.iter().any(|(_, p)| {
        p.rounds
            .get(r)
            .is_some_and(|e| e.opponent.is_some() && e.result != ResultCode::Blank)
    })
}

fn check_inner(trf: &Trf, unplayed_round_ok: bool) -> Result<Vec<ParseError>, ParseError> {
    let players: Vec<(usize, &PlayerRecord)> = trf
        .lines
        .iter()
        .enumerate()
        .filter_map(|(i, l)| match l {
            Line::Player(p) => Some((i + 1, p)),
            _ => None,
        })
        .collect();
    // Looked up by start number and per round once, so the check is linear in the file (a
    // search per game made it quadratic: 8 % of a 10,000-player round, issue 48).
    let mut by_no: std::collections::HashMap<u16, &PlayerRecord> =
        std::collections::HashMap::with_capacity(players.len());
    for &(_, p) in &players {
        by_no.entry(p.start_no).or_insert(p);
    }
    let find = |s: u16| by_no.get(&s).copied();
    let rounds = players
        .iter()
        .map(|(_, p)| p.rounds.len())
        .max()
        .unwrap_or(0);
    let has_results: Vec<bool> = (0..rounds)
        .map(|r| round_has_results(&players, r))
        .collect();
    // One warning per round paired without any result: (round, warning).
    let mut unplayed: Vec<(usize, ParseError)> = Vec::new();
    for &(line, p) in &players {
        let me = p.start_no;
        for (r, e) in p.rounds.iter().enumerate() {
            let round = r + 1;
            let Some(o) = e.opponent else { continue };
            if o == me {
                return Err(err(
                    line,
                    round_col(r, 0),
                    format!(
                        "第{round}轮：棋手{me}的对手是他自己 / round {round}: player {me} is paired against himself"
                    ),
                ));
            }
            let Some(q) = find(o) else {
                return Err(err(
                    line,
                    round_col(r, 0),
                    format!(
                        "第{round}轮：棋手{me}的对手{o}不存在 / round {round}: player {me}'s opponent {o} has no 001 line"
                    ),
                ));
            };
            let theirs = q.rounds.get(r);
            if theirs.and_then(|t| t.opponent) != Some(me) {
                let said = theirs
                    .and_then(|t| t.opponent)
                    .map_or_else(|| "0000".to_string(), |x| x.to_string());
                return Err(err(
                    line,
                    round_col(r, 0),
                    format!(
                        "第{round}轮：棋手{me}的对手为{o}，但{o}的对手为{said} / round {round}: player {me} names {o} as opponent, {o} names {said}"
                    ),
                ));
            }
            let Some(t) = theirs else { continue };
            if e.colour.is_some() && e.colour == t.colour {
                let c = if e.colour == Some(Colour::White) {
                    "w"
                } else {
                    "b"
                };
                return Err(err(
                    line,
                    round_col(r, 5),
                    format!(
                        "第{round}轮：棋手{me}与{o}同为{c}方 / round {round}: players {me} and {o} both have colour {c}"
                    ),
                ));
            }
            if e.result == ResultCode::Blank && t.result == ResultCode::Blank {
                if unplayed_round_ok && !has_results.get(r).copied().unwrap_or(false) {
                    if !unplayed.iter().any(|(x, _)| *x == round) {
                        unplayed.push((
                            round,
                            err(
                                line,
                                round_col(r, 7),
                                format!(
                                    "第{round}轮已配对但没有任何结果，不计分 / round {round} is paired without any result and is not scored"
                                ),
                            ),
                        ));
                    }
                    continue;
                }
                return Err(err(
                    line,
                    round_col(r, 7),
                    format!(
                        "第{round}轮：棋手{me}与{o}已配对但没有结果（该轮未录完） / round {round}: players {me} and {o} are paired without a result (the round is half entered)"
                    ),
                ));
            }
            if !compatible(e.result, t.result) {
                return Err(err(
                    line,
                    round_col(r, 7),
                    format!(
                        "第{round}轮：棋手{me}的结果“{}”与{o}的结果“{}”不可能同时成立 / round {round}: result {} of player {me} and {} of {o} cannot both hold",
                        e.result.trf_char(),
                        t.result.trf_char(),
                        e.result.trf_char(),
                        t.result.trf_char()
                    ),
                ));
            }
        }
    }
    check_teams(trf, &players)?;
    let mut warnings = Vec::new();
    warnings.extend(unplayed.into_iter().map(|(_, w)| w));
    if trf.records("299").next().is_none() {
        let table = trf.game_scores();
        let byes = trf.byes_240();
        for &(line, p) in &players {
            let Some(written) = p.points else { continue };
            let counted = p.score(&table) + bye_points_240(p, &byes, &table);
            if written != counted {
                warnings.push(err(
                    line,
                    81,
                    format!(
                        "棋手{}的积分{}与各轮结果之和{}不符 / player {}: points {} but the rounds give {}",
                        p.start_no, written, counted, p.start_no, written, counted
                    ),
                ));
            }
        }
    }
    Ok(warnings)
}

/// The points of the `240` byes a player's round blocks do not already hold: a bye in a round
/// whose block is blank or past the end of the line counts, as `trf::history` enters it; a
/// round whose block already says the same bye is counted once, in the block. Byes of
/// another kind or over another result are refused when the history is read, not here.
fn bye_points_240(p: &PlayerRecord, byes: &[super::Bye240], table: &ScoreTable) -> Points {
    byes.iter()
        .filter(|b| b.players.contains(&p.start_no) && b.round > 0)
        .filter(|b| {
            p.rounds
                .get(usize::from(b.round) - 1)
                .is_none_or(|e| e.opponent.is_none() && e.result == ResultCode::Blank)
        })
        .map(|b| table.points(super::import::outcome(b.kind)))
        .sum()
}

/// Every team member has a `001` line and is in one team only.
fn check_teams(trf: &Trf, players: &[(usize, &PlayerRecord)]) -> Result<(), ParseError> {
    let mut seen: Vec<(u16, usize)> = Vec::new();
    for (i, l) in trf.lines.iter().enumerate() {
        let (members, first_col) = match l {
            Line::Team(t) => (&t.members, TEAM310_MEMBER_COL),
            Line::Team013(t) if !trf.lines.iter().any(|x| matches!(x, Line::Team(_))) => {
                (&t.members, TEAM013_MEMBER_COL)
            }
            _ => continue,
        };
        let line = i + 1;
        for (k, &m) in members.iter().enumerate() {
            let col = first_col + MEMBER_STEP * k;
            if !players.iter().any(|(_, p)| p.start_no == m) {
                return Err(err(
                    line,
                    col,
                    format!("队员{m}不存在 / member {m} has no 001 line"),
                ));
            }
            if let Some(&(_, other)) = seen.iter().find(|(s, _)| *s == m) {
                return Err(err(
                    line,
                    col,
                    format!(
                        "棋手{m}同时属于两支队（另见第{other}行） / player {m} is in two teams (also line {other})"
                    ),
                ));
            }
            seen.push((m, line));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
