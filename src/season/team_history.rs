//! A team stage's rounds as the one [`History`] every reader takes: the standings
//! ([`History::scored`]), the team Swiss pairing engine and the FIDE report (`trf::export`).
//!
//! The callers differ only in who carries each board ([`Seats`]): the report's players as
//! `310` lists them, the team Swiss's roster players by name, the standings' board places. The
//! rest is one reading of the rounds: entrants in start-number order (teams in the order
//! given, members in order), every board game on both players' rounds (a forfeit with the
//! colour as scheduled; without an opponent, an empty board across, a forfeit win with no
//! opponent, `0000 - +`), each side's line-up of each match (`300`, 0 for a board nobody
//! carries), matches forfeited as a whole (`330`, `--` when neither team turned up) and the
//! team PABs (`320`) on the rounds of the team's first boards.

use std::collections::BTreeMap;

use super::matches::{MatchResult, MatchScoring, RoundResults};
use crate::model::{Colour, Points};
use crate::tournament::{
    ByeKind, Entrant, ForfeitedMatch, History, LineUp, Outcome, ScoreTable, Slot, Team, TeamPabs,
};

/// A team and its members (name, rating) in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct SeatedTeam {
    /// The team's pairing number.
    pub number: u32,
    /// Its name.
    pub name: String,
    /// Members: name and rating.
    pub members: Vec<(String, Option<u16>)>,
}

/// Who carries each board game: the teams with their members, and `(team number, round
/// index, board)` → the carrier's index into its team's members; a board without an entry has
/// no carrier (an empty board).
#[derive(Debug, Clone, Default)]
pub(crate) struct Seats {
    /// The teams, in start-number order of their members.
    pub teams: Vec<SeatedTeam>,
    /// Each board game's carrier.
    pub seat: BTreeMap<(u32, usize, u32), usize>,
}

/// The facts of a team stage besides its rounds.
pub(crate) struct Records<'a> {
    /// Rounds planned.
    pub planned: u32,
    /// Game and match points.
    pub scoring: MatchScoring,
    /// The first-named team's colour per board (`352`).
    pub colours: &'a [Colour],
    /// The players' federation.
    pub federation: &'a str,
    /// Match and game points of a team PAB.
    pub pab: (Points, Points),
    /// The team PABs: `(round, team number)`.
    pub pabs: &'a [(u32, u32)],
}

/// The history of `rounds` with `seats` carrying the boards.
pub(crate) fn history(r: &Records<'_>, seats: &Seats, rounds: &[RoundResults]) -> History {
    let n_rounds = rounds
        .iter()
        .map(|r| r.round)
        .chain(r.pabs.iter().map(|p| p.0))
        .max()
        .unwrap_or(0) as usize;
    let s = &r.scoring;
    let mut h = History {
        rounds_planned: r.planned as usize,
        rounds_played: n_rounds,
        game_points: ScoreTable {
            win: s.game_win,
            draw: s.game_draw,
            pab: s.game_win,
            half_bye: s.game_draw,
            ..ScoreTable::default()
        },
        match_points: ScoreTable {
            win: s.match_win,
            draw: s.match_draw,
            pab: s.match_win,
            half_bye: s.match_draw,
            ..ScoreTable::default()
        },
        board_colours: r.colours.to_vec(),
        ..History::default()
    };
    // The first entrant of each team (by number).
    let mut first: BTreeMap<u32, usize> = BTreeMap::new();
    for (ti, t) in seats.teams.iter().enumerate() {
        first.insert(t.number, h.entrants.len());
        let members = (h.entrants.len()..).take(t.members.len()).collect();
        for (name, rating) in &t.members {
            h.entrants.push(Entrant {
                start_no: u16::try_from(h.entrants.len() + 1).unwrap_or(u16::MAX),
                name: name.clone(),
                rating: *rating,
                federation: r.federation.to_string(),
                team: Some(ti),
                rounds: vec![Slot::UNPAIRED; n_rounds],
            });
        }
        h.teams.push(Team {
            number: u16::try_from(t.number).unwrap_or(u16::MAX),
            name: t.name.clone(),
            members,
        });
    }
    let carrier = |team: u32, ri: usize, board: u32| {
        Some(first.get(&team)? + seats.seat.get(&(team, ri, board))?)
    };
    for rr in rounds {
        let Some(ri) = (rr.round as usize).checked_sub(1) else {
            continue;
        };
        for m in &rr.matches {
            add_match(&mut h, m, ri, &carrier);
        }
    }
    if !r.pabs.is_empty() {
        let mut teams = vec![None; r.planned as usize];
        for &(round, team) in r.pabs {
            let ri = (round as usize).saturating_sub(1);
            if let Some(x) = teams.get_mut(ri) {
                *x = u16::try_from(team).ok();
            }
            let Some(t) = h.teams.iter().find(|t| u32::from(t.number) == team) else {
                continue;
            };
            for &e in t.members.iter().take(r.colours.len()) {
                if let Some(x) = h.entrants.get_mut(e).and_then(|e| e.rounds.get_mut(ri)) {
                    x.outcome = Outcome::Bye(ByeKind::Pab);
                }
            }
        }
        h.team_pabs = Some(TeamPabs {
            match_points: r.pab.0,
            game_points: r.pab.1,
            teams,
        });
    }
    h
}

/// One match of round `ri` (0-based): every board game on both players' rounds, both
/// line-ups, and the match as forfeited when it was forfeited as a whole.
fn add_match(
    h: &mut History,
    m: &MatchResult,
    ri: usize,
    carrier: &impl Fn(u32, usize, u32) -> Option<usize>,
) {
    let mut boards: Vec<_> = m.boards.iter().collect();
    boards.sort_by_key(|b| b.board);
    let seats: Vec<(Option<usize>, Option<usize>)> = boards
        .iter()
        .map(|b| (carrier(m.home, ri, b.board), carrier(m.away, ri, b.board)))
        .collect();
    for (b, &(hp, ap)) in boards.iter().zip(&seats) {
        for (me, opp, colour, result) in [
            (hp, ap, b.home_colour, b.result),
            (ap, hp, !b.home_colour, b.result.reversed()),
        ] {
            if let Some(x) = me.and_then(|e| h.entrants.get_mut(e)?.rounds.get_mut(ri)) {
                *x = Slot {
                    opponent: opp,
                    colour: opp.map(|_| colour),
                    outcome: Outcome::from(result),
                };
            }
        }
    }
    let start = |e: Option<usize>| e.map_or(0, |e| u32::try_from(e + 1).unwrap_or(u32::MAX));
    let (home, away): (Vec<u32>, Vec<u32>) =
        seats.iter().map(|&(a, b)| (start(a), start(b))).unzip();
    for (team, opponent, boards) in [(m.home, m.away, home), (m.away, m.home, away)] {
        h.line_ups.push(LineUp {
            round: ri + 1,
            team,
            opponent,
            boards,
        });
    }
    h.forfeited_matches
        .extend(m.forfeit_outcome().map(|outcome| ForfeitedMatch {
            round: u16::try_from(ri + 1).unwrap_or(u16::MAX),
            first: u16::try_from(m.home).unwrap_or(u16::MAX),
            second: u16::try_from(m.away).unwrap_or(u16::MAX),
            outcome,
        }));
}
