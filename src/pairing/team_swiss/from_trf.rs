//! Team histories from a TRF-26 team file (RULES §D, tests/reference/tiebreaks/README.md):
//!
//! - teams and board order from `310` (else `013`, numbered 1, 2, ... in file order);
//! - a team's opponent in a round is the team of any member's opponent (the first board that
//!   has one), its colour the board-1 colour derived through the `352` sequence from that board;
//! - game points from the members' results under `162`, match points by comparing the two
//!   teams' game points under `362` (default 2/1/0);
//! - a forfeited match from `330` (or from boards that are all forfeits), a PAB from `320` or
//!   from members' `U` blocks, worth the `320` value, else the options' value, else a drawn
//!   match (1.4);
//! - the initial colour from `152`, else read back from round 1 (4.3.1: the played match with
//!   the smallest TPN), else the options' value;
//! - a team is not paired in the next round when every member has an entry for it without an
//!   opponent (`H`, `F`, `Z`: an announced absence).

use std::collections::BTreeMap;

use super::{MatchRecord, RecordKind, TeamEntry, TeamSwissOptions};
use crate::model::{Colour, Points};
use crate::pairing::Error;
use crate::trf::{ForfeitOutcome, ResultCode, RoundEntry, ScoreTable, Trf};

/// The teams of a TRF file, ready for [`super::pair_teams`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfTeams {
    /// Every team with its history.
    pub teams: Vec<TeamEntry>,
    /// The round to pair (rounds played + 1).
    pub next_round: u32,
    /// The options after the file's `192`, `142` and `152` records were applied.
    pub options: TeamSwissOptions,
    /// Boards per match (`352` length, else the largest team).
    pub boards: usize,
}

/// Reads the team histories of `trf`. The file's `192` code (when it is a `FIDE_TEAM` code),
/// `142`/`XXR` round count and `152` initial colour override `base`.
///
/// # Errors
///
/// [`Error::BadInput`] when the file has no team records.
pub fn read_trf(trf: &Trf, base: &TeamSwissOptions) -> Result<TrfTeams, Error> {
    let mut options = base.clone();
    if let Some(code) = trf.system_code() {
        options.apply_192(code);
    }
    let planned = trf.rounds_planned();
    if planned > 0 {
        options.total_rounds = u32::try_from(planned).ok();
    }
    if let Some(c) = trf.initial_colour() {
        options.initial_colour = c;
    }
    let records = trf.teams();
    if records.is_empty() {
        return Err(Error::BadInput(
            "team_swiss: the file has no team records (310 or 013)".into(),
        ));
    }
    let mut team_of: BTreeMap<u16, u16> = BTreeMap::new();
    for t in &records {
        for &m in &t.members {
            team_of.entry(m).or_insert(t.number);
        }
    }
    let seq = trf.board_colours();
    let boards = if seq.is_empty() {
        records.iter().map(|t| t.members.len()).max().unwrap_or(0)
    } else {
        seq.len()
    };
    let games = trf.game_scores();
    let matches = trf.match_scores();
    let pabs = trf.team_pabs();
    let pab_value = pabs
        .as_ref()
        .map(|p| (p.match_points, p.game_points))
        .or(options.pab_value)
        .unwrap_or((
            matches.draw,
            games.draw * i32::try_from(boards).unwrap_or(0),
        ));
    let forfeits = trf.forfeited_matches();
    let played = trf.rounds_played();

    // Per team and round: game points, opponent team, colour and whether any board was played.
    struct Raw {
        gp: Points,
        opponent: Option<u16>,
        colour: Option<Colour>,
        any_played: bool,
        any_pab: bool,
        any_full_bye: bool,
    }
    let entry = |m: u16, r: usize| -> Option<RoundEntry> {
        trf.player(m).and_then(|p| p.rounds.get(r)).copied()
    };
    let raw_of = |team: u16, members: &[u16], r: usize| -> Raw {
        let mut raw = Raw {
            gp: Points::ZERO,
            opponent: None,
            colour: None,
            any_played: false,
            any_pab: false,
            any_full_bye: false,
        };
        for (board, &m) in members.iter().enumerate() {
            let Some(e) = entry(m, r) else { continue };
            raw.gp += game_points(e.result, &games);
            raw.any_played |= e.result.is_played();
            raw.any_pab |= e.result == ResultCode::Pab;
            raw.any_full_bye |= e.result == ResultCode::FullBye;
            if raw.opponent.is_none()
                && let Some(o) = e.opponent
                && let Some(&ot) = team_of.get(&o)
                && ot != team
            {
                raw.opponent = Some(ot);
                raw.colour = e.colour.map(|c| board_one_colour(c, board, &seq));
            }
        }
        raw
    };
    let mut raws: BTreeMap<(u16, usize), Raw> = BTreeMap::new();
    for t in &records {
        for r in 0..played {
            raws.insert((t.number, r), raw_of(t.number, &t.members, r));
        }
    }
    let mut teams = Vec::with_capacity(records.len());
    for t in &records {
        let mut history = Vec::with_capacity(played);
        for r in 0..played {
            let Some(raw) = raws.get(&(t.number, r)) else {
                continue;
            };
            let round = u16::try_from(r + 1).unwrap_or(u16::MAX);
            let rec = if let Some(opp) = raw.opponent {
                let opp_gp = raws.get(&(opp, r)).map_or(Points::ZERO, |o| o.gp);
                let by_score = match raw.gp.cmp(&opp_gp) {
                    std::cmp::Ordering::Greater => matches.win,
                    std::cmp::Ordering::Equal => matches.draw,
                    std::cmp::Ordering::Less => matches.loss,
                };
                let f330 = forfeits.iter().find(|f| {
                    f.round == round
                        && ((f.first == t.number && f.second == opp)
                            || (f.second == t.number && f.first == opp))
                });
                let (kind, mp) = match f330 {
                    Some(f) => {
                        let first = f.first == t.number;
                        match (f.outcome, first) {
                            (ForfeitOutcome::Double, _) => {
                                (RecordKind::DoubleForfeit, matches.loss)
                            }
                            (ForfeitOutcome::FirstWins, true)
                            | (ForfeitOutcome::SecondWins, false) => {
                                (RecordKind::ForfeitWin, matches.win)
                            }
                            _ => (RecordKind::ForfeitLoss, matches.loss),
                        }
                    }
                    None if raw.any_played => (RecordKind::Played, by_score),
                    None => {
                        let kind = if raw.gp > opp_gp {
                            RecordKind::ForfeitWin
                        } else if raw.gp < opp_gp {
                            RecordKind::ForfeitLoss
                        } else {
                            RecordKind::DoubleForfeit
                        };
                        let mp = if kind == RecordKind::DoubleForfeit {
                            matches.loss
                        } else {
                            by_score
                        };
                        (kind, mp)
                    }
                };
                MatchRecord {
                    opponent: Some(opp),
                    colour: raw.colour,
                    kind,
                    match_points: mp,
                    game_points: raw.gp,
                }
            } else {
                let listed = pabs
                    .as_ref()
                    .is_some_and(|p| p.teams.get(r).copied().flatten() == Some(t.number));
                if listed || raw.any_pab {
                    MatchRecord {
                        opponent: None,
                        colour: None,
                        kind: RecordKind::Pab,
                        match_points: pab_value.0,
                        game_points: pab_value.1,
                    }
                } else {
                    MatchRecord {
                        opponent: None,
                        colour: None,
                        kind: if raw.any_full_bye {
                            RecordKind::FullBye
                        } else {
                            RecordKind::NotPaired
                        },
                        match_points: if raw.any_full_bye {
                            matches.win
                        } else {
                            matches.absent
                        },
                        game_points: raw.gp,
                    }
                }
            };
            history.push(rec);
        }
        let absent_next = !t.members.is_empty()
            && t.members.iter().all(|&m| {
                entry(m, played).is_some_and(|e| {
                    e.opponent.is_none()
                        && matches!(
                            e.result,
                            ResultCode::HalfBye | ResultCode::FullBye | ResultCode::ZeroBye
                        )
                })
            });
        teams.push(TeamEntry {
            tpn: t.number,
            history,
            available: !absent_next,
        });
    }
    if trf.initial_colour().is_none()
        && let Some(c) = lot_from_round_one(&teams)
    {
        options.initial_colour = c;
    }
    Ok(TrfTeams {
        teams,
        next_round: u32::try_from(played + 1).unwrap_or(u32::MAX),
        options,
        boards,
    })
}

/// The initial colour (4.1, drawn by lot) read back from round 1 when no `152` record states
/// it: in round 1 every score is zero, so the first team of a pair is the one with the smaller
/// TPN (4.2.3), and 4.3.1 gave it the initial colour when its TPN is odd, the opposite when it
/// is even. The played match holding the smallest TPN witnesses the lot (a forfeited match or a
/// PAB has no colour, 1.6.1). Gacrux reads a file without `152` the same way.
fn lot_from_round_one(teams: &[TeamEntry]) -> Option<Colour> {
    teams
        .iter()
        .filter_map(|t| {
            let h = t.history.first()?;
            let o = h.opponent?;
            (h.kind == RecordKind::Played && t.tpn < o).then_some((t.tpn, h.colour?))
        })
        .min_by_key(|&(tpn, _)| tpn)
        .map(|(tpn, c)| if tpn % 2 == 1 { c } else { !c })
}

/// The game points of one board under the `162` table.
fn game_points(code: ResultCode, t: &ScoreTable) -> Points {
    match code {
        ResultCode::Win | ResultCode::ForfeitWin | ResultCode::WinUnrated | ResultCode::FullBye => {
            t.win
        }
        ResultCode::Pab => t.pab,
        ResultCode::Draw | ResultCode::DrawUnrated => t.draw,
        ResultCode::HalfBye => t.half_bye,
        ResultCode::Loss | ResultCode::LossUnrated => t.loss,
        ResultCode::ZeroBye | ResultCode::Blank => t.absent,
        ResultCode::ForfeitLoss => Points::ZERO,
    }
}

/// The team colour (its board-1 colour, 1.6.1) from the colour `c` of the player on `board`
/// (0-based): that board's colour in `seq` belongs to the team with White on board 1. Without a
/// `352` sequence boards alternate, White on board 1.
fn board_one_colour(c: Colour, board: usize, seq: &[Colour]) -> Colour {
    let (first_board, this_board) = if seq.is_empty() {
        (
            Colour::White,
            if board.is_multiple_of(2) {
                Colour::White
            } else {
                Colour::Black
            },
        )
    } else {
        (
            seq.first().copied().unwrap_or(Colour::White),
            seq.get(board).copied().unwrap_or(Colour::White),
        )
    };
    if c == this_board {
        first_board
    } else {
        !first_board
    }
}
