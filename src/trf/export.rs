//! The FIDE reports (TRF-26), written from a [`History`]: an individual section's
//! ([`section`], `report.rs`) and a team stage's ([`teams`], `team_report.rs`), with the
//! roster's facts of each person ([`Person`]) and the event's header facts ([`Facts`]). The
//! file is the inverse of [`crate::trf::history`], and the common input of the pairing engines
//! and the tie-break calculator, so that standings in the workbooks and `bianpai trf standings`
//! on the exported file are one computation.
//!
//! A team stage's History is the season's ([`crate::season::team_history`], as its standings
//! and the team Swiss read it), with the players as the report lists them ([`team_event`]):
//! every board game is in both players' lines, `arrange` gives a line to players the roster
//! lacks and to empty boards, and orders each `310` so that a reader numbering boards by it
//! finds the boards actually played (RULES.md §D, tests/reference/tiebreaks/README.md).

mod arrange;
mod facts;
mod report;
pub(crate) use report::entry;
pub mod stages;
mod team_report;

use std::collections::BTreeMap;

use self::arrange::Play;
pub use self::facts::{export_team, export_teams, header};
pub use self::report::{Facts, Person, disqualify, event_id, folder_name, section, text};
pub use self::team_report::{TeamStanding, teams};
use crate::model::{Colour, Points};
use crate::season::matches::{MatchScoring, RoundResults};
use crate::season::team_history::{self, Records, SeatedTeam, Seats};
use crate::tournament::{ByeKind, Outcome, Slot};
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

/// Who carries each board ([`arrange`]): the teams in number order with their members in
/// `310` order, each member's facts in that order, and each team's standing.
fn seats(
    teams: &[ExportTeam],
    rounds: &[RoundResults],
) -> (Seats, Vec<Person>, Vec<Option<TeamStanding>>) {
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
    let mut seats = Seats::default();
    let mut people = Vec::new();
    let mut standings = Vec::with_capacity(teams.len());
    let mut each: Vec<arrange::Arranged> = (teams.iter())
        .map(|t| {
            let p = plays.get(&t.number).map_or(&[][..], Vec::as_slice);
            arrange::arrange(&t.players, p)
        })
        .collect();
    // A person entered by two teams is one player, with the team he played for.
    arrange::drop_double_entries(&mut each);
    for (t, a) in teams.into_iter().zip(each) {
        for (&(ri, board), &i) in &a.slot {
            seats.seat.insert((t.number, ri, board), i);
        }
        people.extend(a.players.iter().map(|p| p.person.clone()));
        seats.teams.push(SeatedTeam {
            number: t.number,
            name: t.name.clone(),
            members: a
                .players
                .into_iter()
                .map(|p| (p.key, (p.rating > 0).then_some(p.rating)))
                .collect(),
        });
        standings.push(t.standing);
    }
    (seats, people, standings)
}

/// Builds the TRF of a team event from its complete or partial rounds and team PABs
/// (`(round, team number)`): its history ([`team_history`]), the players as [`seats`] arranges
/// them, written by [`team_report::teams`].
pub fn team_event(
    head: &ExportHeader,
    teams: &[ExportTeam],
    rounds: &[RoundResults],
    pabs: &[(u32, u32)],
) -> Trf {
    let (seats, people, standings) = seats(teams, rounds);
    let records = Records {
        planned: head.facts.rounds,
        scoring: head.scoring,
        colours: &head.colours,
        federation: &head.facts.federation,
        pab: head.pab,
        pabs,
    };
    let mut h = team_history::history(&records, &seats, rounds);
    // A team PAB's points are the team's (`320`), not its players': their round stays blank
    // (a reserve never in a line-up is credited nothing, and the boards add up to no more
    // than the team's game points).
    for slot in h.entrants.iter_mut().flat_map(|e| e.rounds.iter_mut()) {
        if slot.outcome == Outcome::Bye(ByeKind::Pab) {
            *slot = Slot::UNPAIRED;
        }
    }
    // A reader numbers a team's boards by its `310` order, which `arrange` keeps to the boards
    // played: the file states a side's line-up only where a board of it is empty.
    h.line_ups.retain(|l| l.boards.contains(&0));
    team_report::teams(&h, &people, &standings, &head.facts)
}

#[cfg(test)]
pub(crate) mod tests;
