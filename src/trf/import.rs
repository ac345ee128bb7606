//! From a TRF file to the [`History`] every pairing system and the standings read: `001`
//! players (sorted by start number), teams from `310` (TRF-26) or `013` (TRF-16), `162`/`362`
//! point tables, `320` team PABs, `330` forfeited matches, `300` line-ups, `352` board colours,
//! `XXC`/`152` initial colour, `192` system, `092` type, `042` start date (the C.07 edition),
//! `299` penalties and bonuses, `250` accelerations, `260` prohibited pairings and `240` byes.

use std::collections::BTreeMap;

use super::model::{ResultCode, RoundEntry, Trf};
use crate::tournament::{
    Adjustment, ByeKind, Edition, Entrant, History, LineUp, Outcome, Slot, Team,
};

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
    apply_240(trf, &mut entrants, &teams)?;
    let numbers: Vec<u16> = if teams.is_empty() {
        entrants.iter().map(|e| e.start_no).collect()
    } else {
        teams.iter().map(|t| t.number).collect()
    };
    Ok(History {
        adjustments: adjustments(trf, &numbers)?,
        accelerations: trf.accelerations(),
        prohibited: trf.prohibited(),
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

/// The penalties and bonuses of the `299` records (blank type). Another type (a result
/// assigned to a game, or a result's default value) is refused with its line and column, as
/// is a record that names nobody or a pairing number that does not exist.
fn adjustments(trf: &Trf, numbers: &[u16]) -> Result<Vec<Adjustment>, ImportError> {
    let mut out = Vec::new();
    for (line, r) in trf.abnormal_299() {
        if r.kind != ' ' {
            return Err(ImportError(format!(
                "line {line}, column 5: 不支持299记录的类型{k}（只支持空白类型：罚分或加分） / \
                 record 299 of type {k} (a result assigned to a game or a result's value) is \
                 not supported; only a blank type (a penalty or bonus) is",
                k = r.kind
            )));
        }
        if r.numbers.is_empty() {
            return Err(ImportError(format!(
                "line {line}, column 24: 299记录没有编号 / record 299 names no player or team"
            )));
        }
        if let Some((k, n)) = r
            .numbers
            .iter()
            .enumerate()
            .find(|(_, n)| !numbers.contains(n))
        {
            return Err(ImportError(format!(
                "line {line}, column {}: 299记录的编号{n}不存在 / record 299 names {n}, who is \
                 not in the file",
                24 + 5 * k
            )));
        }
        out.push(Adjustment {
            round: r.round,
            match_points: r.match_points,
            game_points: r.game_points,
            numbers: r.numbers,
        });
    }
    Ok(out)
}

/// The byes of the `240` records put into the players' rounds: an empty round (blank, or past
/// the end of the record) takes the bye; a round that already says the same is left alone;
/// anything else, or a `240` naming a team, is refused.
fn apply_240(trf: &Trf, entrants: &mut [Entrant], teams: &[Team]) -> Result<(), ImportError> {
    for b in trf.byes_240() {
        let kind = match outcome(b.kind) {
            Outcome::Bye(k) if k != ByeKind::Pab => k,
            _ => {
                return Err(ImportError(format!(
                    "record 240: 轮空类型必须是F、H或Z / the bye type must be F, H or Z, found {}",
                    b.kind.trf_char()
                )));
            }
        };
        let r = usize::from(b.round);
        if r == 0 {
            return Err(ImportError("record 240: 轮次不能为0 / round 0".into()));
        }
        for &no in &b.players {
            if !teams.is_empty() {
                return Err(ImportError(format!(
                    "record 240 round {r}: 团体赛的240轮空（队{no}）暂不支持，请写在队员的001行 / \
                     a team's bye in record 240 (team {no}) is not supported yet: write it in \
                     the members' 001 lines"
                )));
            }
            let e = entrants
                .iter_mut()
                .find(|e| e.start_no == no)
                .ok_or_else(|| {
                    ImportError(format!(
                        "record 240 round {r}: 选手{no}不存在 / player {no} has no 001 line"
                    ))
                })?;
            if e.rounds.len() < r {
                e.rounds.resize(r, BLANK);
            }
            let bye = Slot {
                opponent: None,
                colour: None,
                outcome: Outcome::Bye(kind),
            };
            match e.rounds.get_mut(r - 1) {
                Some(s) if *s == BLANK || *s == bye => *s = bye,
                _ => {
                    return Err(ImportError(format!(
                        "record 240 round {r}: 选手{no}该轮已有其他结果 / player {no} has another \
                         result in that round"
                    )));
                }
            }
        }
    }
    Ok(())
}

/// A blank round block.
const BLANK: Slot = Slot {
    opponent: None,
    colour: None,
    outcome: Outcome::Unpaired,
};

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
