//! The competition of an event of several team sections (男子团体, 女子团体): each section is
//! played as an event of its own ([`crate::event::Event::for_team_section`]) over its own
//! roster ([`crate::event::section_roster`]), round workbooks and draw; its final ranking is
//! the prize list named by the section's id.

use super::{EventInput, StageOutcome, Statuses, play};
use crate::event::Event;
use crate::findings::Findings;
use crate::model::roster::Roster;
use crate::money::FinalRanking;

/// One team section's competition.
#[derive(Debug, Clone)]
pub struct SectionOutcome {
    /// The section's id (`team-women`): its outputs go to `out/<id>/`.
    pub id: String,
    /// The section's name (`女子团体`).
    pub name: String,
    /// The event as the section runs it.
    pub event: Event,
    /// The section's roster: each team with its players in the section.
    pub roster: Roster,
    /// Its stage, as far as the round workbooks go.
    pub stage: StageOutcome,
}

/// Plays every team section with two teams or more; returns their outcomes in file order and
/// their final rankings.
///
/// # Errors
///
/// As [`super::compute`].
pub(super) fn play_all(
    inp: &EventInput<'_>,
    statuses: &Statuses,
    findings: &mut Findings,
) -> crate::Result<(Vec<SectionOutcome>, Vec<FinalRanking>)> {
    let mut out = Vec::new();
    let mut rankings = Vec::new();
    for s in inp.event.team_sections() {
        let event = inp.event.for_team_section(&s.id);
        let roster = crate::event::section_roster(inp.roster, &s.id);
        let draw = (inp.section_draws.iter())
            .find(|(id, _)| *id == s.id)
            .map(|(_, d)| d);
        let sub = EventInput {
            event: &event,
            roster: &roster,
            sheets: inp.sheets,
            draw,
            section_draws: &[],
        };
        let (stage, r) = play(&sub, statuses, &s.id, findings)?;
        rankings.extend(r);
        if let Some(stage) = stage {
            out.push(SectionOutcome {
                id: s.id.to_string(),
                name: s.name.clone(),
                event,
                roster,
                stage,
            });
        }
    }
    Ok((out, rankings))
}
