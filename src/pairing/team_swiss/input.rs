//! The engine's working state from a [`History`] (RULES §D, tests/reference/tiebreaks/README.md):
//!
//! - a team's opponent in a round is the team of any member's opponent (the first board that
//!   has one), its colour the board-1 colour derived through the board colour sequence (`352`)
//!   from that board;
//! - game points from the members' results under the game points table, match points by
//!   comparing the two teams' game points under the match points table;
//! - a forfeited match as stated (`330`) or from boards that are all forfeits, a PAB as stated
//!   (`320`) or from members' PABs, worth the stated value, else the options' value, else a
//!   drawn match's match points (1.4) and a PAB's game points on every board (as Gacrux);
//! - the initial colour as stated (`152`), else read back from round 1 (4.3.1: the played match
//!   with the smallest TPN), else the options' value;
//! - a team is not paired in the next round when every member has asked for a bye in it (`H`,
//!   `F`, `Z`: an announced absence).

use std::collections::BTreeMap;

use super::{MatchRecord, RecordKind, TeamEntry, TeamRecords, TeamSwissOptions};
use crate::model::{Colour, Points};
use crate::pairing::Error;
use crate::tournament::{ByeKind, ForfeitOutcome, History, Outcome, Team};

/// The teams of a history, ready for [`super::pair_teams`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct RoundInput {
    /// Every team with its history.
    pub teams: Vec<TeamEntry>,
    /// The round to pair (rounds played + 1).
    pub next_round: u32,
    /// The options after the history's system code, round count and initial colour applied.
    pub options: TeamSwissOptions,
    /// Boards per match (the board colour sequence's length, else the largest team).
    pub boards: usize,
}

/// One team's round before the match is scored.
struct Raw {
    gp: Points,
    opponent: Option<u16>,
    colour: Option<Colour>,
    any_played: bool,
    any_pab: bool,
    any_full_bye: bool,
}

/// Reads the team histories of `h`. Its system code (when it is a `FIDE_TEAM` code), round
/// count and initial colour override `base`.
///
/// # Errors
///
/// [`Error::BadInput`] when the history has no teams.
pub(crate) fn read_history(h: &History, base: &TeamSwissOptions) -> Result<RoundInput, Error> {
    let mut options = base.clone();
    if let Some(code) = &h.system {
        options.apply_192(code);
    }
    if h.rounds_planned > 0 {
        options.total_rounds = u32::try_from(h.rounds_planned).ok();
    }
    if let Some(c) = h.initial_colour {
        options.initial_colour = c;
    }
    if h.teams.is_empty() {
        return Err(Error::BadInput(
            "team_swiss: the file has no team records (310 or 013)".into(),
        ));
    }
    let boards = if h.board_colours.is_empty() {
        h.teams.iter().map(|t| t.members.len()).max().unwrap_or(0)
    } else {
        h.board_colours.len()
    };
    let (games, matches) = (&h.game_points, &h.match_points);
    let pab_value = h
        .team_pabs
        .as_ref()
        .map(|p| (p.match_points, p.game_points))
        .or(options.pab_value)
        .unwrap_or((matches.draw, games.pab * i32::try_from(boards).unwrap_or(0)));
    let played = h.rounds_played;
    let mut raws: BTreeMap<(u16, usize), Raw> = BTreeMap::new();
    for t in &h.teams {
        for r in 0..played {
            raws.insert((t.number, r), raw_of(h, t, r));
        }
    }
    let teams = h
        .teams
        .iter()
        .map(|t| {
            let history = (0..played)
                .filter_map(|r| {
                    let raw = raws.get(&(t.number, r))?;
                    Some(match raw.opponent {
                        Some(opp) => {
                            let opp_gp = raws.get(&(opp, r)).map_or(Points::ZERO, |o| o.gp);
                            match_record(h, t.number, opp, r, raw, opp_gp)
                        }
                        None => unpaired_record(h, t.number, r, raw, pab_value),
                    })
                })
                .collect();
            // Absent in the next round: every member asked for a bye in it.
            let absent_next =
                !t.members.is_empty() && t.members.iter().all(|&m| h.requested_bye(m).is_some());
            TeamEntry {
                tpn: t.number,
                history,
                available: !absent_next,
                records: records_of(h, t.number),
            }
        })
        .collect::<Vec<_>>();
    if h.initial_colour.is_none()
        && let Some(c) = lot_from_round_one(&teams)
    {
        options.initial_colour = c;
    }
    Ok(RoundInput {
        teams,
        next_round: u32::try_from(played + 1).unwrap_or(u32::MAX),
        options,
        boards,
    })
}

/// What records `299`, `250` and `260` say about team `no` for pairing the round after the
/// ones played: the adjustments counted by then, the virtual points of every round up to it,
/// the teams it must not meet in it.
fn records_of(h: &History, no: u16) -> TeamRecords {
    let next = h.rounds_played + 1;
    TeamRecords {
        adjustment: h.adjustment_before(no, next),
        acceleration: (1..=next).map(|r| h.acceleration_in(no, r)).collect(),
        prohibited: h.prohibited_for(no, next),
    }
}

/// Team `t`'s boards in round `r` (0-based): game points, opponent team and colour. A board is
/// the member's place in the team's line-up (`300`) when one is stated, else its place among
/// the members. A match in which no board had an opponent (nobody came, on one side or both) is
/// named by a line-up or a forfeited match (`330`).
fn raw_of(h: &History, t: &Team, r: usize) -> Raw {
    let mut raw = Raw {
        gp: Points::ZERO,
        opponent: None,
        colour: None,
        any_played: false,
        any_pab: false,
        any_full_bye: false,
    };
    for (i, (board, m)) in h.seated(t, r).into_iter().enumerate() {
        let board = board.unwrap_or(i);
        let Some(e) = h.slot(m, r) else { continue };
        raw.gp += h.game_points.points(e.outcome);
        raw.any_played |= e.outcome.is_played();
        raw.any_pab |= e.outcome == Outcome::Bye(ByeKind::Pab);
        raw.any_full_bye |= e.outcome == Outcome::Bye(ByeKind::Full);
        if raw.opponent.is_none()
            && let Some(o) = e.opponent
            && let Some(ot) = h.entrants.get(o).and_then(|p| p.team)
            && let Some(ot) = h.teams.get(ot).map(|x| x.number)
            && ot != t.number
        {
            raw.opponent = Some(ot);
            raw.colour = e
                .colour
                .map(|c| board_one_colour(c, board, &h.board_colours));
        }
    }
    if raw.opponent.is_none() {
        let no = u32::from(t.number);
        let round = r + 1;
        raw.opponent = h
            .line_ups
            .iter()
            .filter(|l| l.round == round && l.team == no)
            .map(|l| l.opponent)
            .chain(
                h.forfeited_matches
                    .iter()
                    .filter(|f| usize::from(f.round) == round)
                    .filter_map(|f| {
                        let (a, b) = (u32::from(f.first), u32::from(f.second));
                        (a == no).then_some(b).or((b == no).then_some(a))
                    }),
            )
            .find_map(|o| u16::try_from(o).ok());
    }
    raw
}

/// A match of team `me` against `opp` in round `r` (0-based): forfeited as stated, played
/// (scored by game points), or forfeited on every board.
fn match_record(
    h: &History,
    me: u16,
    opp: u16,
    r: usize,
    raw: &Raw,
    opp_gp: Points,
) -> MatchRecord {
    let matches = &h.match_points;
    let round = u16::try_from(r + 1).unwrap_or(u16::MAX);
    let by_score = match raw.gp.cmp(&opp_gp) {
        std::cmp::Ordering::Greater => matches.win,
        std::cmp::Ordering::Equal => matches.draw,
        std::cmp::Ordering::Less => matches.loss,
    };
    let stated = h.forfeited_matches.iter().find(|f| {
        f.round == round
            && ((f.first == me && f.second == opp) || (f.second == me && f.first == opp))
    });
    let (kind, mp) = match stated {
        Some(f) => match (f.outcome, f.first == me) {
            (ForfeitOutcome::Double, _) => (RecordKind::DoubleForfeit, matches.loss),
            (ForfeitOutcome::FirstWins, true) | (ForfeitOutcome::SecondWins, false) => {
                (RecordKind::ForfeitWin, matches.win)
            }
            _ => (RecordKind::ForfeitLoss, matches.loss),
        },
        None if raw.any_played => (RecordKind::Played, by_score),
        None => match raw.gp.cmp(&opp_gp) {
            std::cmp::Ordering::Greater => (RecordKind::ForfeitWin, by_score),
            std::cmp::Ordering::Less => (RecordKind::ForfeitLoss, by_score),
            std::cmp::Ordering::Equal => (RecordKind::DoubleForfeit, matches.loss),
        },
    };
    MatchRecord {
        opponent: Some(opp),
        colour: raw.colour,
        kind,
        match_points: mp,
        game_points: raw.gp,
    }
}

/// A round in which team `me` met nobody: its PAB (stated, or a member's PAB), a full-point
/// bye, or not paired.
fn unpaired_record(
    h: &History,
    me: u16,
    r: usize,
    raw: &Raw,
    pab_value: (Points, Points),
) -> MatchRecord {
    let listed = h
        .team_pabs
        .as_ref()
        .is_some_and(|p| p.teams.get(r).copied().flatten() == Some(me));
    let (kind, match_points, game_points) = if listed || raw.any_pab {
        (RecordKind::Pab, pab_value.0, pab_value.1)
    } else if raw.any_full_bye {
        (RecordKind::FullBye, h.match_points.win, raw.gp)
    } else {
        (RecordKind::NotPaired, h.match_points.absent, raw.gp)
    };
    MatchRecord {
        opponent: None,
        colour: None,
        kind,
        match_points,
        game_points,
    }
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
