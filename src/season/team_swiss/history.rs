//! The complete rounds of a team Swiss as the [`History`] the pairing engine
//! ([`TeamSwiss`](crate::pairing::team_swiss::TeamSwiss)) and the standings read: the stage's
//! history ([`team_history`]) with each board carried by the roster player the workbook names
//! (each team's roster players in board order, then any other name a board of it carries), a
//! line-up for each side of each match, so that a board is its place in the line-up; the bye as
//! the team's PAB (`320`) worth `[stages.bye]`, and the teams that may not be paired in the next
//! round (withdrawn, disqualified) with a zero bye entered for it on every member, an announced
//! absence.

use std::collections::BTreeMap;

use super::SwissRound;
use crate::model::roster::Roster;
use crate::model::{Colour, Points};
use crate::season::matches::{MatchScoring, RoundResults};
use crate::season::team_history::{self, Records, SeatedTeam, Seats};
use crate::tournament::{ByeKind, History, Outcome, Slot, TeamPabs};

/// What a team Swiss's history is built from besides its rounds.
pub(super) struct Field<'a> {
    /// The roster (the teams' players).
    pub roster: &'a Roster,
    /// Team units in pairing-number order (`numbers[i]` is number `i + 1`).
    pub numbers: &'a [String],
    /// Game and match scoring.
    pub scoring: MatchScoring,
    /// Match and game points of the bye.
    pub bye: (Points, Points),
    /// The first-named team's colour per board (`352`).
    pub colours: &'a [Colour],
    /// Rounds planned.
    pub planned: u32,
}

impl Field<'_> {
    /// The history of `complete`; the teams for which `out` holds are not paired next.
    pub(super) fn history(&self, complete: &[SwissRound], out: impl Fn(u32) -> bool) -> History {
        let rounds: Vec<RoundResults> = complete.iter().map(|r| r.results.clone()).collect();
        let pabs: Vec<(u32, u32)> = complete
            .iter()
            .filter_map(|r| r.bye.map(|t| (r.results.round, t)))
            .collect();
        let records = Records {
            planned: self.planned,
            scoring: self.scoring,
            colours: self.colours,
            federation: "",
            pab: self.bye,
            pabs: &pabs,
        };
        let mut h = team_history::history(&records, &self.seats(&rounds), &rounds);
        h.rounds_played = complete.len();
        h.match_points.pab = self.bye.0;
        h.team_pabs.get_or_insert(TeamPabs {
            match_points: self.bye.0,
            game_points: self.bye.1,
            teams: Vec::new(),
        });
        // The first-named team has White on board 1 in round 1 (`[boards.colours]`).
        h.initial_colour = Some(Colour::White);
        h.round_robin = Some(false);
        let next = complete.len();
        for t in 0..h.teams.len() {
            if out(t as u32 + 1) {
                for e in h.teams[t].members.clone() {
                    let Some(x) = h.entrants.get_mut(e) else {
                        continue;
                    };
                    if x.rounds.len() <= next {
                        x.rounds.resize(next + 1, Slot::UNPAIRED);
                    }
                    x.rounds[next] = Slot {
                        outcome: Outcome::Bye(ByeKind::Zero),
                        ..Slot::UNPAIRED
                    };
                }
            }
        }
        h
    }

    /// Each team's roster players in board order, then the other names its boards carry; each
    /// board carried by the player of its name.
    fn seats(&self, rounds: &[RoundResults]) -> Seats {
        let mut seats = Seats::default();
        // Name keys per team, parallel to its members.
        let mut keys: Vec<Vec<String>> = Vec::new();
        for (i, unit) in self.numbers.iter().enumerate() {
            let roster = self.roster.teams.iter().find(|t| &t.unit.value == unit);
            let mut team = SeatedTeam {
                number: u32::try_from(i + 1).unwrap_or(u32::MAX),
                name: unit.clone(),
                members: Vec::new(),
            };
            let mut k = Vec::new();
            for p in roster.map(|t| t.board_order()).unwrap_or_default() {
                if let Some(n) = &p.name
                    && !k.contains(&n.value.key)
                {
                    let rating = p.rating.as_ref().and_then(|r| u16::try_from(r.value).ok());
                    team.members.push((n.value.display.clone(), rating));
                    k.push(n.value.key.clone());
                }
            }
            seats.teams.push(team);
            keys.push(k);
        }
        let mut seat = BTreeMap::new();
        for rr in rounds {
            let ri = (rr.round as usize).saturating_sub(1);
            for m in &rr.matches {
                let mut boards: Vec<_> = m.boards.iter().collect();
                boards.sort_by_key(|b| b.board);
                for b in boards {
                    for (no, key) in [(m.home, &b.home_player), (m.away, &b.away_player)] {
                        let ti = (no as usize).wrapping_sub(1);
                        let (Some(key), Some(k), Some(t)) =
                            (key, keys.get_mut(ti), seats.teams.get_mut(ti))
                        else {
                            continue;
                        };
                        let i = k.iter().position(|x| x == key).unwrap_or_else(|| {
                            k.push(key.clone());
                            t.members.push((key.clone(), None));
                            k.len() - 1
                        });
                        seat.insert((no, ri, b.board), i);
                    }
                }
            }
        }
        seats.seat = seat;
        seats
    }
}
