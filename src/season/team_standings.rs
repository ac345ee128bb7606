//! Team standings of a stage with the event's tie-break list (FIDE C.07 through `scoring`),
//! ranked from the stage's [`History`](crate::tournament::History) ([`super::team_history`]).

use super::TeamName;
use super::matches::{MatchScoring, RoundResults};
use super::team_history::{self, Records, SeatedTeam, Seats};
use crate::event::Event;
use crate::model::{Colour, Points};
use crate::scoring::{self, Round, RoundResult};
use crate::tournament::{Layout, ViewOptions};

/// The C.07 standings of a team stage over its complete rounds, `planned` rounds in all.
pub fn standings(
    event: &Event,
    stage: &str,
    names: &[TeamName],
    complete: &[RoundResults],
    s: &MatchScoring,
    planned: u32,
    colours: &[Colour],
) -> Option<scoring::Standings> {
    let keys = match event.tiebreak_keys(stage, "team") {
        Some(k) => k.to_vec(),
        None => scoring::parse_list("MPTS GPTS EDE EMGSB BC").ok()?,
    };
    // The rules in force on the stage's first day, as the TRF export's 042 says (C.07 2026).
    let start = event
        .stages()
        .iter()
        .find(|st| st.id == stage)
        .and_then(|st| st.start)
        .unwrap_or(event.dates().start);
    let edition = if start >= jiff::civil::date(2026, 3, 1) {
        scoring::Edition::E2026
    } else {
        scoring::Edition::E2024
    };
    let rounds: Vec<RoundResults> = complete
        .iter()
        .filter(|r| (1..=planned).contains(&r.round))
        .cloned()
        .collect();
    // The ranking reads results, not who played them: each board is carried by the team's
    // member for its place in the match (board order), so that every board game counts,
    // whoever the workbook names on it.
    let mut seats = Seats::default();
    let mut width = colours.len();
    for rr in &rounds {
        let ri = (rr.round as usize).saturating_sub(1);
        for m in &rr.matches {
            let mut boards: Vec<u32> = m.boards.iter().map(|b| b.board).collect();
            boards.sort_unstable();
            width = width.max(boards.len());
            for (place, &b) in boards.iter().enumerate() {
                seats.seat.insert((m.home, ri, b), place);
                seats.seat.insert((m.away, ri, b), place);
            }
        }
    }
    seats.teams = names
        .iter()
        .map(|(n, name)| SeatedTeam {
            number: n.0,
            name: name.clone(),
            members: (1..=width).map(|b| (b.to_string(), None)).collect(),
        })
        .collect();
    let records = Records {
        planned,
        scoring: *s,
        colours,
        federation: "",
        pab: (Points::ZERO, Points::ZERO),
        pabs: &[],
    };
    let mut t = team_history::history(&records, &seats, &rounds).scored(ViewOptions {
        edition: Some(edition),
        layout: Layout::RoundRobin,
    });
    // The ranking counts the planned rounds, those still to play as unplayed (the cuts and
    // averages of C.07 14 count over them).
    let planned = planned as usize;
    for c in &mut t.competitors {
        let n = c.rounds.len().max(planned);
        c.rounds
            .resize(n, Round::individual(RoundResult::Absent, Points::ZERO));
    }
    t.rounds = t.rounds.max(planned);
    Some(scoring::standings(&t, &keys))
}
