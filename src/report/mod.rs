//! Workbooks bianpai writes, one module per workbook, sharing one style module; each is
//! rendered from plain data (the roster, the findings, the event's
//! [`crate::outcome::EventOutcome`]) into a [`out_dir::Rendered`] file, which the pipeline saves
//! through the run's [`out_dir::OutDir`]: no renderer writes a file.

pub mod blank_form;
pub mod book;
pub mod cell;
pub mod costs;
pub mod eligibility;
pub mod english;
pub mod labels;
pub mod notes;
pub mod out_dir;
pub mod print;
pub mod privacy;
pub mod prizes;
pub mod roster;
pub mod round_workbook;
pub mod season;
pub mod signature;
pub mod style;
pub mod tables;
pub mod web;
pub mod workbook;

use crate::outcome::{EventOutcome, StageKind};
use out_dir::{Place, Rendered};
use season::Target;

/// The stage's files: round workbooks, pairings, standings, the TRF report, the finals.
fn render_stage(
    t: &Target<'_>,
    stage: &crate::outcome::StageOutcome,
) -> crate::Result<Vec<Rendered>> {
    let def = t.event.stages().iter().find(|s| s.id == stage.stage);
    match (&stage.kind, def) {
        (StageKind::League(l), Some(def)) => season::render_league(t, def, l),
        (StageKind::TeamSwiss(s), Some(def)) => season::render_team_swiss(t, def, s),
        (StageKind::Individual(i), def) => season::render_individual(t, def, i),
        (_, None) => Ok(Vec::new()),
    }
}

/// The outcome's files: the stage's (round workbooks, pairings, standings, the TRF report, the
/// finals), then `prizes.xlsx` (when the reconciliation is due), `costs.xlsx` (when a team has a
/// line) and, once the event is over, the results book `成绩册.xlsx`; in that order.
///
/// Prize and cost workbooks are Chinese (SPEC §5) whatever the language. With `draft` (errors
/// still open) the results book is marked `草稿` ([`book`]).
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub fn render_outcome(
    t: &Target<'_>,
    o: &EventOutcome,
    draft: bool,
) -> crate::Result<Vec<Rendered>> {
    let mut rendered = Vec::new();
    if let Some(stage) = &o.stage {
        rendered.extend(render_stage(t, stage)?);
    }
    // Each team section's outputs in `out/<section>/`; its round workbooks are named by it.
    for s in &o.sections {
        let st = Target {
            event: &s.event,
            roster: &s.roster,
            ..*t
        };
        let mut files = render_stage(&st, &s.stage)?;
        if let Some(sheets) = season::book::book_sheets(&st, &s.stage) {
            files.push(book::render_book(&st, sheets, &o.money, draft)?);
        }
        for f in &mut files {
            if let Place::Out(name) = &mut f.place {
                *name = format!("{}/{name}", s.id);
            }
        }
        rendered.extend(files);
    }
    let m = &o.money;
    if let Some(rec) = &m.reconciliation {
        let ranked: Vec<&str> = m
            .ranked_lists
            .iter()
            .map(crate::money::ListId::as_str)
            .collect();
        let wb = prizes::workbook(t.event, &m.payouts, rec, &ranked, t.lang);
        rendered.push(Rendered::xlsx(Place::Out("prizes.xlsx".into()), wb)?);
    }
    if m.has_costs() {
        let wb = costs::workbook(t.event, &m.statements, t.lang);
        rendered.push(Rendered::xlsx(Place::Out("costs.xlsx".into()), wb)?);
    }
    // The results book, once the event is over (each team section's in its folder).
    if let Some(sheets) = o
        .stage
        .as_ref()
        .and_then(|s| season::book::book_sheets(t, s))
    {
        rendered.push(book::render_book(t, sheets, m, draft)?);
    }
    Ok(rendered)
}
