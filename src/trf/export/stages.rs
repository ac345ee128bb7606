//! The TRF report of each kind of team stage, from its outcome: the complete rounds only
//! (nothing before the first one is complete).

use super::{ExportTeam, export_teams, header, team_event};
use crate::event::{Event, Stage};
use crate::model::roster::Roster;
use crate::season::league::LeagueOutcome;
use crate::season::team_swiss::TeamSwissOutcome;
use crate::trf::Trf;

/// The TRF of a round robin's complete rounds (the finals are not in it).
pub fn league(event: &Event, stage: &Stage, roster: &Roster, o: &LeagueOutcome) -> Option<Trf> {
    if o.complete.is_empty() {
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
    if o.complete.is_empty() {
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
