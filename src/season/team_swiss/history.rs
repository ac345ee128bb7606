//! The complete rounds of a team Swiss as a [`History`], the value the pairing engine
//! ([`TeamSwiss`](crate::pairing::team_swiss::TeamSwiss)) reads, as a TRF-26 team file would
//! state them:
//!
//! - each team (its pairing number) with its roster players in board order, then any other name
//!   a board of it carries;
//! - each board game in both players' rounds, a forfeit with its colour as scheduled (`+`/`-`
//!   with the colour, as TRF writes it: the team's colour of the match comes from its first
//!   board), a side against an empty board winning by forfeit without an opponent;
//! - a line-up (`300`) for each side of each match, so that a board is its place in the
//!   line-up and a match without a player on either side still names its opponent; matches
//!   forfeited as a whole as forfeited matches (`330`);
//! - the bye as the team's PAB (`320`) worth `[stages.bye]`, on its first boards' records;
//! - the teams that may not be paired in the next round (withdrawn, disqualified) with a zero
//!   bye entered for it on every member, an announced absence.

use std::collections::BTreeMap;

use super::SwissRound;
use crate::model::roster::Roster;
use crate::model::{Colour, Points};
use crate::season::matches::{MatchResult, MatchScoring};
use crate::tournament::{
    ByeKind, Entrant, ForfeitedMatch, History, LineUp, Outcome, ScoreTable, Slot, Team, TeamPabs,
};

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

const UNPAIRED: Slot = Slot {
    opponent: None,
    colour: None,
    outcome: Outcome::Unpaired,
};

impl Field<'_> {
    /// The history of `complete`; the teams for which `out` holds are not paired next.
    pub(super) fn history(&self, complete: &[SwissRound], out: impl Fn(u32) -> bool) -> History {
        let s = &self.scoring;
        let mut h = History {
            rounds_planned: self.planned as usize,
            rounds_played: complete.len(),
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
                pab: self.bye.0,
                half_bye: s.match_draw,
                ..ScoreTable::default()
            },
            team_pabs: Some(TeamPabs {
                match_points: self.bye.0,
                game_points: self.bye.1,
                teams: complete
                    .iter()
                    .map(|r| r.bye.and_then(|t| u16::try_from(t).ok()))
                    .collect(),
            }),
            board_colours: self.colours.to_vec(),
            // The first-named team has White on board 1 in round 1 (`[boards.colours]`).
            initial_colour: Some(Colour::White),
            round_robin: Some(false),
            ..History::default()
        };
        let mut by_key = BTreeMap::new();
        for (i, unit) in self.numbers.iter().enumerate() {
            h.teams.push(Team {
                number: u16::try_from(i + 1).unwrap_or(u16::MAX),
                name: unit.clone(),
                members: Vec::new(),
            });
            let roster = self.roster.teams.iter().find(|t| &t.unit.value == unit);
            for p in roster.map(|t| t.board_order()).unwrap_or_default() {
                if let Some(n) = &p.name {
                    let rating = p.rating.as_ref().and_then(|r| u16::try_from(r.value).ok());
                    member(
                        &mut h,
                        &mut by_key,
                        i,
                        &n.value.key,
                        &n.value.display,
                        rating,
                    );
                }
            }
        }
        for (ri, r) in complete.iter().enumerate() {
            for m in &r.results.matches {
                add_match(&mut h, &mut by_key, ri, m);
            }
            // The PAB on the first boards' records, as the TRF report writes it.
            let pab: Vec<usize> = r
                .bye
                .and_then(|t| h.teams.get((t as usize).checked_sub(1)?))
                .map(|t| t.members.iter().take(self.colours.len()).copied().collect())
                .unwrap_or_default();
            for e in pab {
                set(&mut h, e, ri, bye(ByeKind::Pab));
            }
        }
        for t in 0..h.teams.len() {
            if out(t as u32 + 1) {
                for e in h.teams[t].members.clone() {
                    set(&mut h, e, complete.len(), bye(ByeKind::Zero));
                }
            }
        }
        h
    }
}

fn bye(kind: ByeKind) -> Slot {
    Slot {
        outcome: Outcome::Bye(kind),
        ..UNPAIRED
    }
}

/// Entrant `e`'s slot of round `ri` (0-based), the rounds before unpaired unless stated.
fn set(h: &mut History, e: usize, ri: usize, slot: Slot) {
    if let Some(x) = h.entrants.get_mut(e) {
        if x.rounds.len() <= ri {
            x.rounds.resize(ri + 1, UNPAIRED);
        }
        x.rounds[ri] = slot;
    }
}

/// The entrant of team `ti` (0-based) with name key `key`, added to the team when new.
fn member(
    h: &mut History,
    by_key: &mut BTreeMap<(usize, String), usize>,
    ti: usize,
    key: &str,
    name: &str,
    rating: Option<u16>,
) -> usize {
    if let Some(&e) = by_key.get(&(ti, key.to_string())) {
        return e;
    }
    let e = h.entrants.len();
    h.entrants.push(Entrant {
        start_no: u16::try_from(e + 1).unwrap_or(u16::MAX),
        name: name.to_string(),
        rating,
        federation: String::new(),
        team: Some(ti),
        rounds: Vec::new(),
    });
    if let Some(t) = h.teams.get_mut(ti) {
        t.members.push(e);
    }
    by_key.insert((ti, key.to_string()), e);
    e
}

/// One match of round `ri` (0-based): its boards in both players' rounds, both line-ups, and
/// the match as forfeited when it was forfeited as a whole.
fn add_match(
    h: &mut History,
    by_key: &mut BTreeMap<(usize, String), usize>,
    ri: usize,
    m: &MatchResult,
) {
    let (Some(home), Some(away)) = (
        (m.home as usize).checked_sub(1),
        (m.away as usize).checked_sub(1),
    ) else {
        return;
    };
    let mut boards: Vec<_> = m.boards.iter().collect();
    boards.sort_by_key(|b| b.board);
    let mut seat =
        |ti: usize, key: &Option<String>| key.as_deref().map(|k| member(h, by_key, ti, k, k, None));
    let seats: Vec<_> = boards
        .iter()
        .map(|b| (seat(home, &b.home_player), seat(away, &b.away_player)))
        .collect();
    for (b, &(hp, ap)) in boards.iter().zip(&seats) {
        let colour = hp.and(ap).map(|_| b.home_colour);
        for (me, opp, colour, result) in [
            (hp, ap, colour, b.result),
            (ap, hp, colour.map(|c| !c), b.result.reversed()),
        ] {
            if let Some(me) = me {
                let outcome = Outcome::from(result);
                let slot = Slot {
                    opponent: opp,
                    colour,
                    outcome,
                };
                set(h, me, ri, slot);
            }
        }
    }
    let start = |e: Option<usize>| {
        e.and_then(|e| h.entrants.get(e))
            .map_or(0, |x| u32::from(x.start_no))
    };
    let round = ri + 1;
    let (home_boards, away_boards): (Vec<u32>, Vec<u32>) =
        seats.iter().map(|&(a, b)| (start(a), start(b))).unzip();
    h.line_ups.push(LineUp {
        round,
        team: m.home,
        opponent: m.away,
        boards: home_boards,
    });
    h.line_ups.push(LineUp {
        round,
        team: m.away,
        opponent: m.home,
        boards: away_boards,
    });
    let outcome = m.forfeit_outcome();
    if let (Some(outcome), Ok(round), Ok(first), Ok(second)) = (
        outcome,
        u16::try_from(round),
        u16::try_from(m.home),
        u16::try_from(m.away),
    ) {
        h.forfeited_matches.push(ForfeitedMatch {
            round,
            first,
            second,
            outcome,
        });
    }
}
