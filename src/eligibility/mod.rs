//! Eligibility: every entry checked against the regulation as `event.toml` states it. Each
//! rule is a finding code of SPEC §8 with the regulation's clause, the severity and the cell.
//! Nothing here knows a particular event: thresholds, windows and dates all come from the event.
//!
//! - [`people`]: age, birth windows, FIDE IDs, titles, registration and loans;
//! - [`teams`]: composition, board order, women on men's boards, the entry deadline.

pub mod excluded;
pub mod people;
pub mod teams;

use crate::event::Event;
use crate::findings::Findings;
use crate::model::roster::Roster;

/// Runs every check the event's regulation turns on.
pub fn check(event: &Event, roster: &Roster, findings: &mut Findings) {
    people::check(event, roster, findings);
    teams::check(event, roster, findings);
}
