//! The FIDE reports (TRF-26), written from a [`History`]: an individual section's
//! ([`section`], `report.rs`) and a team stage's ([`teams`], `team_report.rs`), with the
//! roster's facts of each person ([`Person`]) and the event's header facts ([`Facts`]). The
//! file is the inverse of [`crate::trf::history`], and the common input of the pairing engines
//! and the tie-break calculator, so that standings in the workbooks and `bianpai trf standings`
//! on the exported file are one computation.
//!
//! A team stage's History is built here from the season's rounds ([`team_event`]): one entrant
//! per player (teams in number order, members in entry order) with every board game, a team
//! PAB on its first boards, line-ups with an empty board (`300`), forfeited matches (`330`,
//! `--` when neither team turned up), team PABs (`320`). Every board game is in both players'
//! lines: `arrange` gives a line to players the roster lacks and to empty boards, and orders
//! each `310` so that a reader numbering boards by it finds the boards actually played
//! (RULES.md §D, tests/reference/tiebreaks/README.md).

mod arrange;
mod facts;
mod report;
pub(crate) use report::entry;
pub mod stages;
mod team_report;

use std::collections::BTreeMap;

use self::arrange::{Arranged, Play};
pub use self::facts::{export_team, export_teams, header};
pub use self::report::{Facts, Person, disqualify, event_id, folder_name, section, text};
pub use self::team_report::{TeamStanding, teams};
use crate::model::{Colour, GameResult, Points};
use crate::season::matches::{MatchResult, MatchScoring, RoundResults};
use crate::tournament::{
    Entrant, ForfeitedMatch, History, LineUp, Outcome, ScoreTable, Slot, Team, TeamPabs,
};
use crate::trf::{Line, Trf};

/// A player as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportPlayer {
    /// The name key used in round workbooks.
    pub key: String,
    /// FIDE rating, 0 if unrated.
    pub rating: u16,
    /// The facts of the `001` line (the name as FIDE writes it, sex, FIDE ID, ...).
    pub person: Person,
}

/// A team as exported.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportTeam {
    /// Team number (draw or pairing number).
    pub number: u32,
    /// Name.
    pub name: String,
    /// Members in entry (board) order.
    pub players: Vec<ExportPlayer>,
    /// Match points, game points and rank (0: none yet) of the stage's standings (record
    /// `310`).
    pub standing: Option<(Points, Points, u32)>,
}

/// The facts of a team stage the report needs: the common headers and the team scoring.
#[derive(Debug, Clone)]
pub struct ExportHeader {
    /// The header records `012` to `142`, `192`, `212`, `222` (092 and 192 set by [`header`]).
    pub facts: Facts,
    /// 352: the first-named team's colour per board.
    pub colours: Vec<Colour>,
    /// Game and match points.
    pub scoring: MatchScoring,
    /// Match points and game points of a team PAB (record 320).
    pub pab: (Points, Points),
}

fn other(code: &str, value: &str) -> Line {
    Line::Other {
        code: code.to_string(),
        raw: format!("{code} {value}"),
    }
}

/// Who carries each board: the teams in number order with their arranged players, their start
/// numbers (teams in number order, members in `310` order) and each board's start number.
struct Seating<'a> {
    arranged: Vec<(&'a ExportTeam, Arranged)>,
    start_of: Vec<Vec<u16>>,
    /// (team number, round index, board) → start number.
    seat: BTreeMap<(u32, usize, u32), u16>,
}

impl<'a> Seating<'a> {
    fn new(teams: &'a [ExportTeam], rounds: &[RoundResults]) -> Seating<'a> {
        let mut teams: Vec<&ExportTeam> = teams.iter().collect();
        teams.sort_by_key(|t| t.number);
        // Every board game of a team, then who carries it (arrange.rs).
        let mut plays: BTreeMap<u32, Vec<Play<'_>>> = BTreeMap::new();
        for rr in rounds {
            let Some(ri) = (rr.round as usize).checked_sub(1) else {
                continue;
            };
            for m in &rr.matches {
                for b in &m.boards {
                    plays
                        .entry(m.home)
                        .or_default()
                        .push((ri, b.board, b.home_player.as_deref()));
                    plays
                        .entry(m.away)
                        .or_default()
                        .push((ri, b.board, b.away_player.as_deref()));
                }
            }
        }
        let mut each: Vec<Arranged> = teams
            .iter()
            .map(|t| {
                let p = plays.get(&t.number).map_or(&[][..], Vec::as_slice);
                arrange::arrange(&t.players, p)
            })
            .collect();
        arrange::drop_double_entries(&mut each);
        let arranged: Vec<(&ExportTeam, Arranged)> = teams.iter().copied().zip(each).collect();
        let mut start_of: Vec<Vec<u16>> = Vec::with_capacity(arranged.len());
        let mut next: u16 = 1;
        for (_, a) in &arranged {
            let v = a
                .players
                .iter()
                .map(|_| {
                    let s = next;
                    next = next.saturating_add(1);
                    s
                })
                .collect();
            start_of.push(v);
        }
        let mut seat: BTreeMap<(u32, usize, u32), u16> = BTreeMap::new();
        for ((t, a), starts) in arranged.iter().zip(&start_of) {
            for (&(ri, board), &i) in &a.slot {
                if let Some(&s) = starts.get(i) {
                    seat.insert((t.number, ri, board), s);
                }
            }
        }
        Seating {
            arranged,
            start_of,
            seat,
        }
    }

    fn players(&self) -> usize {
        self.start_of.iter().map(Vec::len).sum()
    }
}

/// The history of a team stage from its rounds and team PABs `(round, team number)`, with
/// each entrant's facts: entrants in start-number order (teams in number order, members as
/// [`Seating`] arranges them), every board game on both players' rounds, a team PAB in `320`
/// only, line-ups with an empty board, forfeited matches.
fn history(
    head: &ExportHeader,
    seating: &Seating<'_>,
    rounds: &[RoundResults],
    pabs: &[(u32, u32)],
) -> (History, Vec<Person>) {
    let n_rounds = rounds
        .iter()
        .map(|r| r.round)
        .chain(pabs.iter().map(|p| p.0))
        .max()
        .unwrap_or(0) as usize;
    let unpaired = Slot {
        opponent: None,
        colour: None,
        outcome: Outcome::Unpaired,
    };
    let mut h = History {
        rounds_planned: head.facts.rounds as usize,
        game_points: ScoreTable {
            win: head.scoring.game_win,
            draw: head.scoring.game_draw,
            pab: head.scoring.game_win,
            half_bye: head.scoring.game_draw,
            ..ScoreTable::default()
        },
        match_points: ScoreTable {
            win: head.scoring.match_win,
            draw: head.scoring.match_draw,
            pab: head.scoring.match_win,
            half_bye: head.scoring.match_draw,
            ..ScoreTable::default()
        },
        board_colours: head.colours.clone(),
        ..History::default()
    };
    let mut people = Vec::with_capacity(seating.players());
    for (ti, ((t, a), starts)) in seating.arranged.iter().zip(&seating.start_of).enumerate() {
        for (p, &s) in a.players.iter().zip(starts) {
            h.entrants.push(Entrant {
                start_no: s,
                name: p.key.clone(),
                rating: (p.rating > 0).then_some(p.rating),
                federation: head.facts.federation.clone(),
                team: Some(ti),
                rounds: vec![unpaired; n_rounds],
            });
            people.push(p.person.clone());
        }
        h.teams.push(Team {
            number: u16::try_from(t.number).unwrap_or(u16::MAX),
            name: t.name.clone(),
            members: starts
                .iter()
                .map(|&s| usize::from(s).saturating_sub(1))
                .collect(),
        });
    }
    for rr in rounds {
        let Some(ri) = (rr.round as usize).checked_sub(1) else {
            continue;
        };
        for m in &rr.matches {
            record_match(m, ri, &seating.seat, &mut h.entrants);
            h.line_ups.extend(line_ups(m, ri, &seating.seat));
            let outcome = m.forfeit_outcome();
            h.forfeited_matches
                .extend(outcome.map(|outcome| ForfeitedMatch {
                    round: u16::try_from(m.round).unwrap_or(u16::MAX),
                    first: u16::try_from(m.home).unwrap_or(u16::MAX),
                    second: u16::try_from(m.away).unwrap_or(u16::MAX),
                    outcome,
                }));
        }
    }
    // A team PAB's points are the team's (`320`), not its players': their round stays blank
    // (a reserve never in a line-up is credited nothing, and the boards add up to no more
    // than the team's game points).
    if !pabs.is_empty() {
        let mut teams = vec![None; head.facts.rounds as usize];
        for &(round, team) in pabs {
            let ri = (round as usize).saturating_sub(1);
            if let Some(x) = teams.get_mut(ri) {
                *x = u16::try_from(team).ok();
            }
        }
        h.team_pabs = Some(TeamPabs {
            match_points: head.pab.0,
            game_points: head.pab.1,
            teams,
        });
    }
    (h, people)
}

/// Builds the TRF of a team event from its complete or partial rounds and team PABs
/// (`(round, team number)`): its [`history`], written by [`team_report::teams`].
pub fn team_event(
    head: &ExportHeader,
    teams: &[ExportTeam],
    rounds: &[RoundResults],
    pabs: &[(u32, u32)],
) -> Trf {
    let seating = Seating::new(teams, rounds);
    let (h, people) = history(head, &seating, rounds, pabs);
    let standings: Vec<_> = seating.arranged.iter().map(|(t, _)| t.standing).collect();
    team_report::teams(&h, &people, &standings, &head.facts)
}

/// Every board game of a match on both players' rounds; without an opponent (an empty board
/// across) a player's round is a forfeit win with no opponent, `0000 - +`.
fn record_match(
    m: &MatchResult,
    ri: usize,
    seat: &BTreeMap<(u32, usize, u32), u16>,
    entrants: &mut [Entrant],
) {
    for b in &m.boards {
        let hs = seat.get(&(m.home, ri, b.board)).copied();
        let as_ = seat.get(&(m.away, ri, b.board)).copied();
        let mut set = |who: Option<u16>, opp: Option<u16>, colour: Colour, r: GameResult| {
            let Some(e) = who.and_then(|s| entrants.get_mut(usize::from(s).checked_sub(1)?)) else {
                return;
            };
            if let Some(x) = e.rounds.get_mut(ri) {
                *x = Slot {
                    opponent: opp.map(|o| usize::from(o).saturating_sub(1)),
                    colour: opp.map(|_| colour),
                    outcome: Outcome::from(r),
                };
            }
        };
        set(hs, as_, b.home_colour, b.result);
        set(as_, hs, !b.home_colour, b.result.reversed());
    }
}

/// The line-ups of a match (`300`): for each side with a board nobody carries, the side's start
/// numbers in board order, 0 for the empty boards.
fn line_ups(m: &MatchResult, ri: usize, seat: &BTreeMap<(u32, usize, u32), u16>) -> Vec<LineUp> {
    let mut boards: Vec<u32> = m.boards.iter().map(|b| b.board).collect();
    boards.sort_unstable();
    [(m.home, m.away), (m.away, m.home)]
        .into_iter()
        .filter_map(|(team, opponent)| {
            let order: Vec<Option<u16>> = boards
                .iter()
                .map(|&b| seat.get(&(team, ri, b)).copied())
                .collect();
            if order.iter().all(Option::is_some) {
                return None;
            }
            Some(LineUp {
                round: ri + 1,
                team,
                opponent,
                boards: order.iter().map(|s| s.map_or(0, u32::from)).collect(),
            })
        })
        .collect()
}

#[cfg(test)]
pub(crate) mod tests;
