//! Workbooks bianpai writes, one module per workbook, sharing one style module; each is
//! rendered from plain data (the roster, the findings, the event's
//! [`crate::outcome::EventOutcome`]).

pub mod blank_form;
pub mod book;
pub mod costs;
pub mod eligibility;
pub mod labels;
pub(crate) mod out_guard;
pub mod print;
pub mod prizes;
pub mod roster;
pub mod round_workbook;
pub mod season;
pub mod signature;
pub mod style;
pub mod tables;
pub mod web;
pub mod workbook;

use std::path::PathBuf;

use crate::outcome::{EventOutcome, StageKind};
use season::Target;

/// Writes the outcome's workbooks: the stage's (round workbooks, pairings, standings, the TRF
/// report, the finals), then `prizes.xlsx` (when the reconciliation is due), `costs.xlsx`
/// (when a team has a line) and, once the event is over, the results book `成绩册.xlsx`.
/// Returns the files written, in order.
///
/// Prize and cost workbooks are Chinese (SPEC §5) whatever the language.
///
/// # Errors
///
/// [`crate::Error::Io`] naming the path that cannot be written.
pub fn write_outcome(t: &Target<'_>, o: &EventOutcome) -> crate::Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    if let Some(stage) = &o.stage {
        let def = t.event.stages.iter().find(|s| s.id == stage.stage);
        match (&stage.kind, def) {
            (StageKind::League(l), Some(def)) => written.extend(season::write_league(t, def, l)?),
            (StageKind::TeamSwiss(s), Some(def)) => {
                written.extend(season::write_team_swiss(t, def, s)?);
            }
            (StageKind::Individual(i), def) => {
                written.extend(season::write_individual(t, def, i)?);
            }
            (_, None) => {}
        }
    }
    let m = &o.money;
    if let Some(rec) = &m.reconciliation {
        let p = t.out.join("prizes.xlsx");
        let ranked: Vec<&str> = m
            .ranked_lists
            .iter()
            .map(crate::money::ListId::as_str)
            .collect();
        prizes::write_prizes(&p, t.event, &m.payouts, rec, &ranked, t.lang)?;
        written.push(p);
    }
    if m.has_costs() {
        let p = t.out.join("costs.xlsx");
        costs::write_costs(&p, t.event, &m.statements, t.lang)?;
        written.push(p);
    }
    // The results book, once the event is over.
    if let Some(sheets) = o
        .stage
        .as_ref()
        .and_then(|s| season::book::book_sheets(t, s))
    {
        written.push(book::write_book(t, sheets, m)?);
    }
    Ok(written)
}
