//! From a TRF file to the scoring model: individual events from the `001` lines; team events
//! from `310` (TRF-26) or `013` (TRF-16) plus `001`, `320` (team PABs), `330` (forfeited
//! matches), `162`/`362` (game and match points) and `042` (rules edition).

//!
//! Only the rounds played count ([`Trf::rounds_played`]): a round paired but without any
//! result, individual or team, is not scored (its blank results are neither forfeits nor
//! drawn matches).

use std::collections::BTreeMap;

use crate::model::{Colour, Points};
use crate::trf::{Line, PlayerRecord, ResultCode, ScoreTable, Trf};

use super::tournament::{
    Competitor, Edition, PlayedOutcome, ResultPoints, Round, RoundResult, Tournament,
};

mod teams;

pub use teams::check_310;

fn other_records<'a>(trf: &'a Trf, code: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    trf.lines.iter().filter_map(move |l| match l {
        Line::Other { code: c, raw } if c == code => Some(raw.as_str()),
        _ => None,
    })
}

fn header<'a>(trf: &'a Trf, code: &'a str) -> Option<&'a str> {
    other_records(trf, code)
        .next()
        .map(|r| r.get(4..).unwrap_or(""))
}

/// The match scoring of record `362` (default 2/1/0), read as [`Trf::match_scores`] reads it
/// (`W 2.0`, `W2.0` or the team form `TW 2.0`, FIDE's symbol at column 6).
pub fn match_scoring(trf: &Trf) -> ResultPoints {
    let m = trf.match_scores();
    ResultPoints {
        win: m.win,
        draw: m.draw,
        loss: m.loss,
    }
}

/// The edition in force at the `042` start date (`YYYY/MM/DD` exactly); `None` when the record
/// is missing or written otherwise (the reference calculator then takes today's date).
pub fn edition_from_start(trf: &Trf) -> Option<Edition> {
    let v = header(trf, "042")?;
    if v.len() != 10 {
        return None;
    }
    Edition::for_start_date(v)
}

/// How a tournament was paired, which C.07 treats differently (unplayed rounds, 15.2; the
/// Buchholz of a round robin).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Layout {
    /// As record 092 says ([`round_robin_from_type`]).
    #[default]
    Auto,
    /// A round robin: pre-set pairings (`trf standings --round-robin`).
    RoundRobin,
    /// A Swiss (`trf standings --swiss`).
    Swiss,
}

impl Layout {
    /// Whether the tournament is a round robin: this layout, or for [`Layout::Auto`] what
    /// `from_trf` reads.
    pub fn is_round_robin(self, from_trf: impl FnOnce() -> bool) -> bool {
        match self {
            Layout::Auto => from_trf(),
            Layout::RoundRobin => true,
            Layout::Swiss => false,
        }
    }
}

/// Round robin by record 092 (or, failing that, by the number of competitors and rounds).
pub fn round_robin_from_type(trf: &Trf, competitors: usize, rounds: usize) -> bool {
    let t = header(trf, "092").unwrap_or("").to_ascii_uppercase();
    if t.contains("SWISS") {
        return false;
    }
    if t.contains("RR") || t.contains("ROBIN") || t.contains("BERGER") {
        return true;
    }
    competitors == rounds + 1
        || competitors == rounds
        || competitors * 2 == rounds + 1
        || competitors * 2 == rounds
}

fn players(trf: &Trf) -> Vec<&PlayerRecord> {
    let mut v: Vec<&PlayerRecord> = trf
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Player(p) => Some(p),
            _ => None,
        })
        .collect();
    v.sort_by_key(|p| p.start_no);
    v
}

fn code_points(code: ResultCode, g: &ScoreTable) -> Points {
    match code {
        ResultCode::Win | ResultCode::WinUnrated | ResultCode::ForfeitWin | ResultCode::FullBye => {
            g.win
        }
        ResultCode::Draw | ResultCode::DrawUnrated => g.draw,
        ResultCode::Loss | ResultCode::LossUnrated => g.loss,
        ResultCode::HalfBye => g.half_bye,
        ResultCode::Pab => g.pab,
        ResultCode::ForfeitLoss | ResultCode::ZeroBye | ResultCode::Blank => g.absent,
    }
}

/// The round of one player, given the opponent's index and whether the opponent also
/// forfeited (a double forfeit).
fn player_round(
    code: ResultCode,
    opponent: Option<usize>,
    colour: Option<Colour>,
    opp_forfeited: bool,
) -> RoundResult {
    use ResultCode as C;
    match (code, opponent) {
        (C::Win | C::WinUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: PlayedOutcome::Win,
        },
        (C::Draw | C::DrawUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: PlayedOutcome::Draw,
        },
        (C::Loss | C::LossUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: PlayedOutcome::Loss,
        },
        (C::ForfeitWin, Some(o)) => RoundResult::ForfeitWin {
            opponent: o,
            colour,
        },
        (C::ForfeitLoss, Some(o)) if opp_forfeited => RoundResult::DoubleForfeit {
            opponent: o,
            colour,
        },
        (C::ForfeitLoss, Some(o)) => RoundResult::ForfeitLoss {
            opponent: o,
            colour,
        },
        (C::Pab, _) => RoundResult::Pab,
        (C::FullBye | C::Win | C::WinUnrated | C::ForfeitWin, _) => RoundResult::FullBye,
        (C::HalfBye | C::Draw | C::DrawUnrated, _) => RoundResult::HalfBye,
        (C::ZeroBye | C::Blank, Some(o)) => RoundResult::ForfeitLoss {
            opponent: o,
            colour,
        },
        _ => RoundResult::ZeroBye,
    }
}

/// Options of the conversion.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdapterOptions {
    /// Rules edition; `None` = from `042` (today's rules, 2026-03, when unreadable).
    pub edition: Option<Edition>,
    /// Round robin or Swiss.
    pub layout: Layout,
}

/// Builds the scoring model of a TRF file.
///
/// # Errors
///
/// A message naming the player and round when a round block names a start number that has
/// no `001` line, or a team record names an unknown player.
pub fn tournament_from_trf(trf: &Trf, opts: AdapterOptions) -> Result<Tournament, String> {
    let ps = players(trf);
    let index: BTreeMap<u16, usize> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect();
    let g = trf.game_scores();
    let scoring = ResultPoints {
        win: g.win,
        draw: g.draw,
        loss: g.loss,
    };
    let edition = opts
        .edition
        .or_else(|| edition_from_start(trf))
        .unwrap_or(Edition::E2026);
    let rounds = ps
        .iter()
        .map(|p| p.rounds.len())
        .max()
        .unwrap_or(0)
        .min(trf.rounds_played());
    let mut comps = Vec::with_capacity(ps.len());
    for p in &ps {
        let mut rs = Vec::with_capacity(rounds);
        for r in 0..rounds {
            let Some(e) = p.rounds.get(r) else {
                rs.push(Round::individual(RoundResult::Absent, g.absent));
                continue;
            };
            let opponent = match e.opponent {
                Some(o) => Some(*index.get(&o).ok_or_else(|| {
                    format!(
                        "player {} round {}: opponent {o} has no 001 line / 第{}轮对手{o}不存在",
                        p.start_no,
                        r + 1,
                        r + 1
                    )
                })?),
                None => None,
            };
            let opp_forfeited = opponent
                .and_then(|o| ps.get(o))
                .and_then(|q| q.rounds.get(r))
                .is_some_and(|qe| {
                    qe.result == ResultCode::ForfeitLoss && qe.opponent == Some(p.start_no)
                });
            let result = player_round(e.result, opponent, e.colour, opp_forfeited);
            rs.push(Round::individual(result, code_points(e.result, &g)));
        }
        comps.push(Competitor {
            start_no: u32::from(p.start_no),
            name: p.name.clone(),
            rating: (p.rating > 0).then_some(p.rating),
            rounds: rs,
        });
    }
    let teams = teams::team_lists(trf);
    if teams.is_empty() {
        let rr = opts
            .layout
            .is_round_robin(|| round_robin_from_type(trf, comps.len(), rounds));
        return Ok(Tournament::individual(comps, scoring, rr, edition));
    }
    teams::build_teams(trf, &comps, &index, &teams, &g, rounds, edition, opts)
}
