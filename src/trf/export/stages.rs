//! The TRF report of each kind of team stage, from its outcome: the complete rounds only
//! (nothing before the first one is complete). A round robin's knockout finals are a report of
//! their own (`finals`).
//!
//! A team report is written for a FIDE-rated chess event only (`[event] fide_rated = true`):
//! its `192` team scoring and its records are FIDE's, and no FIDE list rates xiangqi
//! (`[event] sport = "xiangqi"` writes none) nor an unrated event.

use super::{ExportTeam, export_teams, header, team_event};
use crate::event::{Event, Stage};
use crate::model::Points;
use crate::model::roster::Roster;
use crate::season::league::LeagueOutcome;
use crate::season::matches::RoundResults;
use crate::season::team_swiss::TeamSwissOutcome;
use crate::trf::Trf;

/// Whether the event's team stages have a FIDE report: FIDE-rated chess events only
/// (`[event] fide_rated = true`; issue 42 point 7).
fn reported(event: &Event) -> bool {
    event.meta().sport == crate::model::Sport::Chess && event.meta().fide_rated
}

/// The TRF of a round robin's complete rounds (the finals are not in it).
pub fn league(event: &Event, stage: &Stage, roster: &Roster, o: &LeagueOutcome) -> Option<Trf> {
    if o.complete.is_empty() || !reported(event) {
        return None;
    }
    let mut export = export_teams(&o.numbers.teams, roster);
    with_standings(&mut export, o.standings.as_ref());
    let head = header(
        event,
        stage,
        o.counts.planned,
        true,
        o.colours.clone(),
        o.scoring,
    );
    Some(team_event(&head, &export, &o.complete, &[]))
}

/// The TRF of a team Swiss's complete rounds, byes as team PABs (record 320).
pub fn team_swiss(
    event: &Event,
    stage: &Stage,
    roster: &Roster,
    o: &TeamSwissOutcome,
) -> Option<Trf> {
    if o.complete.is_empty() || !reported(event) {
        return None;
    }
    let mut export = export_teams(&o.numbers, roster);
    with_standings(&mut export, o.standings.as_ref());
    let mut head = header(
        event,
        stage,
        o.counts.planned,
        false,
        o.colours.clone(),
        o.scoring,
    );
    head.pab = o.bye;
    let pabs: Vec<(u32, u32)> = o
        .complete
        .iter()
        .filter_map(|r| r.bye.map(|t| (r.results.round, t)))
        .collect();
    Some(team_event(&head, &export, &o.results(), &pabs))
}

/// The TRF of a round robin's knockout finals: the finals' complete rounds, each team under
/// its season number, `310` with its match and game points of the finals and, once every
/// match is decided, its final place; no `212` (the places are the bracket's).
pub fn finals(event: &Event, roster: &Roster, o: &LeagueOutcome) -> Option<Trf> {
    let f = o.finals.as_ref().filter(|_| reported(event))?;
    let stage = event.stages().iter().find(|s| s.id == f.stage)?;
    let complete: Vec<RoundResults> = f.complete_rounds();
    if complete.is_empty() {
        return None;
    }
    let mut totals: std::collections::BTreeMap<u32, (Points, Points)> = Default::default();
    for m in complete.iter().flat_map(|r| &r.matches) {
        let (hm, am) = m.match_points(&o.scoring);
        let (hg, ag) = m.game_points(&o.scoring);
        for (team, mp, gp) in [(m.home, hm, hg), (m.away, am, ag)] {
            let e = totals.entry(team).or_insert((Points::ZERO, Points::ZERO));
            *e = (e.0 + mp, e.1 + gp);
        }
    }
    let mut export = export_teams(&o.numbers.teams, roster);
    for t in &mut export {
        let name = crate::season::league::name_of(&o.names, t.number);
        let place = f
            .places
            .as_ref()
            .and_then(|p| p.iter().find(|(_, n)| Some(n.as_str()) == name))
            .map_or(0, |(place, _)| *place);
        t.standing = totals.get(&t.number).map(|&(mp, gp)| (mp, gp, place));
    }
    let mut head = header(
        event,
        stage,
        f.counts.planned,
        true,
        o.colours.clone(),
        o.scoring,
    );
    // No `212`: the places come from the bracket, which no C.07 code ranks by, and FIDE's
    // reader ranks a `212` list's scores (it would rank by match points).
    head.facts.tiebreaks = Vec::new();
    head.facts.kind = "Team Knockout".into();
    Some(team_event(&head, &export, &complete, &[]))
}

/// Each team's match points, game points and rank from the stage's standings (record `310`).
fn with_standings(teams: &mut [ExportTeam], standings: Option<&crate::scoring::Standings>) {
    let Some(st) = standings else { return };
    for t in teams {
        t.standing = st
            .rows
            .iter()
            .find(|r| r.start_no == t.number)
            .map(|r| (r.primary, r.secondary, r.rank));
    }
}
