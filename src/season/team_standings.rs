//! Team standings of a stage with the event's tie-break list (FIDE C.07 through `scoring`).

use super::TeamName;
use super::matches::{MatchScoring, RoundResults};
use crate::event::Event;
use crate::model::{Colour, Points};
use crate::scoring;

/// The C.07 standings of a team stage over its complete rounds.
#[allow(clippy::too_many_arguments)]
pub fn standings(
    event: &Event,
    stage: &str,
    names: &[TeamName],
    complete: &[RoundResults],
    s: &MatchScoring,
    rounds: u32,
    boards: usize,
    colours: &[Colour],
) -> Option<scoring::Standings> {
    let keys = match event.tiebreak_keys(stage, "team") {
        Some(k) => k.to_vec(),
        None => scoring::parse_list("MPTS GPTS EDE EMGSB BC").ok()?,
    };
    // The rules in force on the stage's first day, as the TRF export's 042 says (C.07 2026).
    let start = event
        .stages
        .iter()
        .find(|st| st.id == stage)
        .and_then(|st| st.start)
        .unwrap_or(event.dates.start);
    let edition = if start >= jiff::civil::date(2026, 3, 1) {
        scoring::Edition::E2026
    } else {
        scoring::Edition::E2024
    };
    let game = scoring::ResultPoints {
        win: s.game_win,
        draw: s.game_draw,
        loss: Points::ZERO,
    };
    let team = scoring::ResultPoints {
        win: s.match_win,
        draw: s.match_draw,
        loss: Points::ZERO,
    };
    let mut b = scoring::TeamBuilder::new(
        names.iter().map(|(n, name)| (n.0, name.clone())).collect(),
        rounds as usize,
        boards,
        game,
        team,
        true,
        edition,
    );
    // The builder's teams are `names` in order: a team's index is its place in the list (its
    // number less one for a whole stage; a group lists only its own teams).
    let at = |t: u32| names.iter().position(|(n, _)| n.0 == t);
    for rr in complete {
        // The builder numbers rounds from 1.
        let ri = rr.round as usize;
        for m in &rr.matches {
            let (Some(h), Some(a)) = (at(m.home), at(m.away)) else {
                continue;
            };
            // The same reading as the TRF export, so that the exported file ranks alike.
            if m.is_double_forfeited() {
                let _ = b.double_forfeited_match(ri, h, a);
                continue;
            }
            if let Some(home_won) = m.whole_forfeit() {
                let (w, l) = if home_won { (h, a) } else { (a, h) };
                let _ = b.forfeited_match(ri, w, l);
                continue;
            }
            let mut boards_sorted = m.boards.clone();
            boards_sorted.sort_by_key(|b| b.board);
            let results: Vec<_> = boards_sorted.iter().map(|b| b.result).collect();
            let cols: Vec<Colour> = boards_sorted.iter().map(|b| b.home_colour).collect();
            let cols = if cols.is_empty() {
                colours.to_vec()
            } else {
                cols
            };
            let _ = b.team_match(ri, h, a, &cols, &results);
        }
    }
    let t = b.build();
    Some(scoring::standings(&t, &keys))
}
