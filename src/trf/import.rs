//! From a TRF file to the [`History`] every pairing system and the standings read: `001`
//! players (sorted by start number), teams from `310` (TRF-26) or `013` (TRF-16), `162`/`362`
//! point tables, `320` team PABs, `330` forfeited matches, `300` line-ups, `352` board colours,
//! `XXC`/`152` initial colour, `192` system, `092` type, `042` start date (the C.07 edition).

use std::collections::BTreeMap;

use super::model::{ResultCode, RoundEntry, Trf};
use crate::tournament::{ByeKind, Edition, Entrant, History, LineUp, Outcome, Slot, Team};

/// Why a file cannot be read as a tournament: a start number named but never defined.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ImportError(pub String);

/// Reads the tournament history of a TRF file.
///
/// # Errors
///
/// [`ImportError`] naming the player and round when a round block names a start number that
/// has no `001` line, or the team when a team record does.
pub fn history(trf: &Trf) -> Result<History, ImportError> {
    let mut records: Vec<_> = trf.players().collect();
    records.sort_by_key(|p| p.start_no);
    // With a start number given twice (refused by `trf::check`) the later record is the one
    // named, as the standings always read it.
    let index: BTreeMap<u16, usize> = records
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect();
    let teams = trf
        .teams()
        .into_iter()
        .map(|t| {
            let members = t
                .members
                .iter()
                .map(|m| {
                    index.get(m).copied().ok_or_else(|| {
                        ImportError(format!(
                            "team {}: member {m} has no 001 line / 队员{m}不存在",
                            t.number
                        ))
                    })
                })
                .collect::<Result<Vec<_>, _>>()?;
            Ok(Team {
                number: t.number,
                name: t.name,
                members,
            })
        })
        .collect::<Result<Vec<_>, ImportError>>()?;
    let mut team_of: BTreeMap<usize, usize> = BTreeMap::new();
    for (ti, t) in teams.iter().enumerate() {
        for &m in &t.members {
            team_of.entry(m).or_insert(ti);
        }
    }
    let mut entrants = Vec::with_capacity(records.len());
    for (i, p) in records.iter().enumerate() {
        let rounds = p
            .rounds
            .iter()
            .enumerate()
            .map(|(r, e)| slot(e, p.start_no, r, &index))
            .collect::<Result<Vec<_>, _>>()?;
        entrants.push(Entrant {
            start_no: p.start_no,
            name: p.name.clone(),
            rating: (p.rating > 0).then_some(p.rating),
            federation: p.federation.clone(),
            team: team_of.get(&i).copied(),
            rounds,
        });
    }
    Ok(History {
        entrants,
        teams,
        rounds_planned: trf.rounds_planned(),
        rounds_played: trf.rounds_played(),
        game_points: trf.game_scores(),
        match_points: trf.match_scores(),
        team_pabs: trf.team_pabs(),
        forfeited_matches: trf.forfeited_matches(),
        line_ups: line_ups(trf),
        board_colours: trf.board_colours(),
        initial_colour: trf.initial_colour(),
        system: trf.system_code().map(str::to_string),
        round_robin: round_robin(trf),
        edition: edition(trf),
    })
}

/// One round block; an opponent equal to the player is no opponent (as bbpPairings reads it).
fn slot(
    e: &RoundEntry,
    me: u16,
    r: usize,
    index: &BTreeMap<u16, usize>,
) -> Result<Slot, ImportError> {
    let opponent = match e.opponent {
        Some(o) if o != me => Some(*index.get(&o).ok_or_else(|| {
            ImportError(format!(
                "player {me} round {}: opponent {o} has no 001 line / 第{}轮对手{o}不存在",
                r + 1,
                r + 1
            ))
        })?),
        _ => None,
    };
    Ok(Slot {
        opponent,
        colour: e.colour,
        outcome: outcome(e.result),
    })
}

/// The outcome of a result code; games of less than one move (`W D L`) are played games.
pub(crate) fn outcome(code: ResultCode) -> Outcome {
    use ResultCode as C;
    match code {
        C::Win | C::WinUnrated => Outcome::Win,
        C::Draw | C::DrawUnrated => Outcome::Draw,
        C::Loss | C::LossUnrated => Outcome::Loss,
        C::ForfeitWin => Outcome::ForfeitWin,
        C::ForfeitLoss => Outcome::ForfeitLoss,
        C::HalfBye => Outcome::Bye(ByeKind::Half),
        C::FullBye => Outcome::Bye(ByeKind::Full),
        C::Pab => Outcome::Bye(ByeKind::Pab),
        C::ZeroBye => Outcome::Bye(ByeKind::Zero),
        C::Blank => Outcome::Unpaired,
    }
}

/// The value of the first record with this code from column 5 on, untrimmed.
fn header<'a>(trf: &'a Trf, code: &'a str) -> Option<&'a str> {
    trf.records(code).next().map(|r| r.get(4..).unwrap_or(""))
}

/// The `300` records: `300 RRR TTT OOO NNNN NNNN ...` (round, team, opponent, start numbers
/// in board order, 0 for an empty board).
fn line_ups(trf: &Trf) -> Vec<LineUp> {
    trf.records("300")
        .filter_map(|raw| {
            let mut it = raw.get(3..)?.split_whitespace();
            let round = it.next()?.parse().ok()?;
            let team = it.next()?.parse().ok()?;
            let opponent = it.next()?.parse().ok()?;
            let boards = it.map(|t| t.parse().unwrap_or(0)).collect();
            Some(LineUp {
                round,
                team,
                opponent,
                boards,
            })
        })
        .collect()
}

/// Round robin or Swiss as record `092` names it.
fn round_robin(trf: &Trf) -> Option<bool> {
    let t = header(trf, "092").unwrap_or("").to_ascii_uppercase();
    if t.contains("SWISS") {
        return Some(false);
    }
    (t.contains("RR") || t.contains("ROBIN") || t.contains("BERGER")).then_some(true)
}

/// The edition in force at the `042` start date (`YYYY/MM/DD` exactly); `None` when the record
/// is missing or written otherwise (the reference calculator then takes today's date).
fn edition(trf: &Trf) -> Option<Edition> {
    let v = header(trf, "042")?;
    if v.len() != 10 {
        return None;
    }
    Edition::for_start_date(v)
}
