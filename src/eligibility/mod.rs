//! Eligibility: every entry checked against the regulation as `event.toml` states it. Each
//! rule is a finding code of SPEC §8 with the regulation's clause, the severity and the cell.
//! Nothing here knows a particular event: thresholds, windows and dates all come from the event.
//!
//! - [`people`]: age, birth windows, FIDE IDs, titles, registration and loans;
//! - [`teams`]: composition, board order, women on men's boards;
//! - [`late`]: the entry deadline, and what a late correction adds;
//! - [`quota`]: places per delegation (名额分配表 or `[[quotas.delegations]]`);
//! - [`excluded`]: units and players of an excluded event;
//! - [`sections`]: the section each player plays in, before the checks ([`place`]).

pub mod cells;
pub mod excluded;
pub mod late;
pub mod people;
pub mod quota;
pub mod sections;
pub mod standing;
pub mod teams;

use std::borrow::Cow;

use crate::event::Event;
use crate::findings::{Code, Findings, Severity};
use crate::forms::Submission;
use crate::model::roster::Roster;
pub use cells::Layout;
pub use sections::place;

/// Everything the checks read.
#[derive(Debug, Clone, Copy)]
pub struct CheckInput<'a> {
    /// The event.
    pub event: &'a Event,
    /// The rosters of the excluded events, one per `[[eligibility.excluded]]` (`None` where
    /// none is named or it could not be read).
    pub excluded: &'a [Option<Roster>],
    /// The lines of the folder's quota workbooks ([`crate::inputs::Inputs::quotas`]).
    pub quotas: &'a [quota::QuotaRow],
    /// The form submissions the roster was built from (for the cells of empty values).
    pub subs: &'a [Submission],
    /// The roster.
    pub roster: &'a Roster,
}

/// Runs every check the event's regulation turns on.
pub fn run(inp: &CheckInput<'_>, findings: &mut Findings) {
    grade_fide_ids(inp.event, findings);
    let layout = Layout::new(inp.subs);
    people::check_with(inp.event, inp.roster, &layout, findings);
    teams::check_with(inp.event, inp.roster, &layout, findings);
    quota::check(
        inp.event,
        &counted(inp.event, inp.roster),
        inp.quotas,
        findings,
    );
    excluded::check_all(inp.event, inp.excluded, inp.roster, findings);
}

/// The roster the counts are made on (men, women, players, places per delegation): without
/// the people a ruling takes out (`disqualified`), so that the ruling closes the count findings
/// that person caused.
pub(crate) fn counted<'a>(event: &Event, roster: &'a Roster) -> Cow<'a, Roster> {
    let out = standing::ruled_out(event, roster);
    if out.is_empty() {
        return Cow::Borrowed(roster);
    }
    let mut r = roster.clone();
    for t in &mut r.teams {
        let key = t.unit_key.clone();
        t.players
            .retain(|p| !out.contains(&(key.clone(), standing::person_key(p))));
    }
    Cow::Owned(r)
}

/// Runs the person and team checks without the folder (no quota workbooks, no excluded
/// events, cells of empty values not located).
pub fn check(event: &Event, roster: &Roster, findings: &mut Findings) {
    grade_fide_ids(event, findings);
    let layout = Layout::default();
    people::check_with(event, roster, &layout, findings);
    teams::check_with(event, roster, &layout, findings);
}

/// An invalid FIDE ID is an error where the regulation requires one (B-league, 规程 七(二)),
/// else a warning: the form reader cannot know, so the grade is set here.
fn grade_fide_ids(event: &Event, findings: &mut Findings) {
    let Some(req) = event.eligibility().fide_id.as_ref().filter(|r| r.required) else {
        return;
    };
    let all = std::mem::take(findings).into_vec();
    for mut f in all {
        if f.code == Code::PersonFideIdInvalid {
            f.severity = Severity::Error;
            if f.clause.is_none() {
                f.clause.clone_from(&req.clause);
            }
        }
        findings.push(f);
    }
}
