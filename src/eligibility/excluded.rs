//! Players and units of an excluded event (the A-league's for the B-league and back):
//! `person.in-excluded-event` and `team.in-excluded-event`, against the other event's folder or
//! roster file named in event.toml (`[[eligibility.excluded]] roster = "../cca-a-league-2023"`),
//! read by the pipeline (`pipeline::excluded_rosters`).

use crate::event::{Event, ExcludedEvent};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::roster::Roster;

/// Checks our roster against the roster of one excluded event.
pub fn check(ex: &ExcludedEvent, ours: &Roster, theirs: &Roster, findings: &mut Findings) {
    let clause = ex.clause.clone();
    for team in &ours.teams {
        if ex.units && theirs.teams.iter().any(|t| t.unit_key == team.unit_key) {
            let mut f = Finding::new(
                Code::TeamInExcludedEvent,
                // The unit cell (参赛单位 label or column) is what makes the team the same unit.
                team.unit.source.clone(),
                format!("{}也是{}的参赛单位", team.unit.value, ex.event),
                format!("{} is also a unit of {}", team.unit.value, ex.event),
            )
            .team(&team.unit.value);
            if let Some(c) = &clause {
                f = f.clause(c.clone());
            }
            findings.push(f);
        }
        if !ex.players {
            continue;
        }
        for p in &team.players {
            let hit = theirs.teams.iter().find_map(|t| {
                t.players
                    .iter()
                    .find(|q| {
                        matches!((&p.id, &q.id), (Some(a), Some(b)) if a.value.number == b.value.number)
                            || matches!((&p.fide_id, &q.fide_id), (Some(a), Some(b)) if a.value == b.value)
                    })
                    .map(|_| t.unit.value.clone())
            });
            if let Some(unit) = hit {
                let src = p
                    .name
                    .as_ref()
                    .map(|n| n.source.clone())
                    .unwrap_or_else(|| Source::file(&team.file));
                let mut f = Finding::new(
                    Code::PersonInExcludedEvent,
                    src,
                    format!("{}也是{}{}的运动员", p.display_name(), ex.event, unit),
                    format!("{} also plays for {unit} in {}", p.display_name(), ex.event),
                )
                .team(&team.unit.value)
                .person(p.display_name());
                if let Some(c) = &clause {
                    f = f.clause(c.clone());
                }
                findings.push(f);
            }
        }
    }
}

/// Runs the check for every excluded event of `event` that names a roster. `theirs[i]` is the
/// roster of `event.eligibility.excluded[i]`, `None` when it could not be read.
pub(crate) fn check_all(
    event: &Event,
    theirs: &[Option<Roster>],
    ours: &Roster,
    findings: &mut Findings,
) {
    for (i, ex) in event.eligibility().excluded.iter().enumerate() {
        let Some(rel) = &ex.roster else {
            findings.push(no_roster(ex, i));
            continue;
        };
        match theirs.get(i).and_then(Option::as_ref) {
            Some(theirs) => check(ex, ours, theirs, findings),
            None => findings.push(Finding::new(
                Code::CheckNotRun,
                Source::file("event.toml"),
                format!("无法读取{}的名单“{rel}”，未能核查", ex.event),
                format!(
                    "could not read the roster {rel:?} of {}; not checked",
                    ex.event
                ),
            )),
        }
    }
}

/// `check.not-run` for an excluded event whose roster is not named: nobody was checked against
/// it, which the arbiter must see rather than assume a clean check.
fn no_roster(ex: &ExcludedEvent, i: usize) -> Finding {
    let clause = ex.clause.as_deref().unwrap_or("");
    let f = Finding::new(
        Code::CheckNotRun,
        Source::file("event.toml"),
        format!(
            "未提供{}的名单（event.toml eligibility.excluded[{i}].roster），{clause}的核查未进行",
            ex.event
        ),
        format!(
            "no roster of {} given (event.toml eligibility.excluded[{i}].roster); the {} \
             check was not run",
            ex.event,
            crate::findings::clause(clause, crate::Lang::En)
        ),
    );
    match &ex.clause {
        Some(c) => f.clause(c.clone()),
        None => f,
    }
}
