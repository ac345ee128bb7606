//! Several team sections in one event folder (男子团体, 女子团体; issue 42 point 8): each is
//! entered, paired, scored, ranked, printed and paid on its own.
//!
//! A run computes each team section as an event of its own, [`Event::for_team_section`]: the
//! event with that team section only, its stages playing it, its public draw
//! (`[draw.sections] <id>`) as `[draw] public_numbers`. Such an event names its round
//! workbooks' stages `<stage>:<section>` ([`Event::marker_stage`]) and their files
//! `results/<section>-r01.xlsx`, `results/<section>-<stage>-r01.xlsx` (a knockout stage) and
//! `results/<section>-draw.xlsx` ([`Event::round_stem`], [`Event::draw_stem`]), so that the
//! sections never share a file. An event of one team section keeps `r01`, `finals-r01`,
//! `draw`.

use super::{Entrant, Event, RawEvent, Stage, System};
use crate::model::roster::{Placement, Roster};

impl RawEvent {
    /// Whether the event has more than one team section, each run on its own.
    pub(super) fn has_team_sections(&self) -> bool {
        (self.sections.iter())
            .filter(|s| s.entrant == Entrant::Team)
            .count()
            > 1
    }
}

impl Event {
    /// The team section this event was made for by [`Event::for_team_section`].
    pub fn team_section(&self) -> Option<&str> {
        self.team_section.as_deref()
    }

    /// The event as its team section `id` runs it: that team section only, the stages that
    /// play it (each naming it), its public draw from `[draw.sections]`.
    pub fn for_team_section(&self, id: &str) -> Event {
        let mut e = self.clone();
        let raw = &mut e.raw;
        raw.sections
            .retain(|s| s.entrant != Entrant::Team || s.id == id);
        raw.stages.retain(|st| st.plays(id));
        for st in &mut raw.stages {
            st.sections = vec![id.to_string()];
        }
        let names = raw.draw.sections.get(id).cloned().unwrap_or_default();
        let names: Vec<String> = names.iter().map(|n| raw.team_name(n).to_string()).collect();
        raw.draw.public_numbers = names;
        raw.draw.at = Vec::new();
        raw.draw.sections.clear();
        if raw.draw.seed.is_none() {
            // Each section its own draw, reproducible from the event's name and the section.
            let seed = crate::season::draw::seed_from(&[&raw.event.name, id]);
            raw.draw.seed = Some(seed);
        }
        e.team_section = Some(id.to_string());
        e
    }

    /// The stage a round workbook's marker names: `regular`, or `regular:<section>` in an
    /// event of several team sections.
    pub fn marker_stage(&self, stage: &str) -> String {
        match self.team_section() {
            Some(sec) => format!("{stage}:{sec}"),
            None => stage.to_string(),
        }
    }

    /// The file stem of round `r` of a team stage: `r03` (the round robin, the team Swiss),
    /// `<stage>-r03` (the finals); each with `<section>-` first in an event of several team
    /// sections.
    pub fn round_stem(&self, stage: &Stage, r: u32) -> String {
        round_stem(stage, self.team_section(), r)
    }

    /// The marker stage of the draw workbook: `draw`, or `draw:<section>`.
    pub fn draw_marker(&self) -> String {
        self.marker_stage(crate::season::league::DRAW_STAGE)
    }

    /// The file stem of the draw workbook: `draw`, or `<section>-draw`.
    pub fn draw_stem(&self) -> String {
        match self.team_section() {
            Some(sec) => format!("{sec}-draw"),
            None => "draw".into(),
        }
    }
}

/// [`Event::round_stem`] of a stage and, in an event of several team sections, the section.
pub fn round_stem(stage: &Stage, section: Option<&str>, r: u32) -> String {
    let first = matches!(stage.system, System::RoundRobin | System::TeamSwiss);
    match (section, first) {
        (None, true) => format!("r{r:02}"),
        (None, false) => format!("{}-r{r:02}", stage.id),
        (Some(sec), true) => format!("{sec}-r{r:02}"),
        (Some(sec), false) => format!("{sec}-{}-r{r:02}", stage.id),
    }
}

/// The roster of team section `id`: each team with its players placed there
/// ([`crate::eligibility::place`]), its leader, coach and staff; a team with no player there
/// is not in the section.
pub fn section_roster(roster: &Roster, id: &str) -> Roster {
    let mut r = roster.clone();
    let here = |p: &crate::model::roster::Person| matches!(&p.section, Placement::In(s) if s == id);
    for t in &mut r.teams {
        t.players.retain(here);
    }
    r.teams.retain(|t| !t.players.is_empty());
    r
}
