//! The checked event, [`Event`]: what [`super::parse`] returns, read through its methods.

use jiff::civil::Date;

use super::validate::TieKeys;
use super::*;
use crate::scoring::TieBreak;

/// The regulation as [`parse`] and [`load`] return it: the file's data after every cross-field
/// and bounds check has passed, with what the checks resolved (the tie-break codes parsed).
///
/// Nothing outside this module can build one from the file's raw data, so code that takes an
/// `&Event` reads only checked values, through its methods.
#[derive(Debug, Clone)]
pub struct Event {
    /// The checked file.
    pub(super) raw: RawEvent,
    /// One per `raw.tiebreaks` entry, in order.
    pub(super) orders: Vec<TieKeys>,
    /// The text of `event.toml`, for the line of a key named after the file was checked.
    pub(super) text: std::sync::Arc<str>,
    /// The team section this event runs, when made by [`Event::for_team_section`].
    pub(super) team_section: Option<String>,
}

/// Methods reading the checked file's tables: a list as a slice, an optional table as an
/// `Option` of a reference, any other by reference; each named after its key.
macro_rules! readers {
    ($($list:ident: $lt:ty,)* ; $($opt:ident: $ot:ty,)* ; $($val:ident: $vt:ty,)*) => {
        impl Event {
            $(
                #[doc = concat!("`[[", stringify!($list), "]]` (empty when absent).")]
                pub fn $list(&self) -> &[$lt] {
                    &self.raw.$list
                }
            )*
            $(
                #[doc = concat!("`[", stringify!($opt), "]`, when the file has it.")]
                pub fn $opt(&self) -> Option<&$ot> {
                    self.raw.$opt.as_ref()
                }
            )*
            $(
                #[doc = concat!("`[", stringify!($val), "]`.")]
                pub fn $val(&self) -> &$vt {
                    &self.raw.$val
                }
            )*
        }
    };
}

readers! {
    organizers: Organizer, sections: Section, stages: Stage, tiebreaks: Tiebreaks,
    teams: TeamNames, grants: Grant, fees: Fee, contacts: Contact, notes: Note, rulings: Ruling,;
    participants: Participants, team: TeamRules, boards: BoardRules, team_ranking: TeamRanking,
    ranking: Ranking, tax: Tax, accommodation: Accommodation, quotas: Quotas, appeals: Appeals,;
    dates: Dates, venue: Venue, scoring: ScoringRules, eligibility: Eligibility, draw: Draw,
    prizes: Prizes, deadlines: Deadlines, trf: TrfNames, privacy: Privacy,
}

impl Event {
    /// `[event]`: names, sport, regulation.
    pub fn meta(&self) -> &Meta {
        &self.raw.event
    }

    /// The template this file was made from.
    pub fn template(&self) -> Option<&str> {
        self.raw.template.as_deref()
    }

    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.raw.section(id)
    }

    /// The stage with this id.
    pub fn stage(&self, id: &str) -> Option<&Stage> {
        self.raw.stage(id)
    }

    /// Whether this is a team event (a section of teams).
    pub fn is_team_event(&self) -> bool {
        self.raw.is_team_event()
    }

    /// The team sections, in file order.
    pub fn team_sections(&self) -> Vec<&Section> {
        (self.raw.sections.iter())
            .filter(|s| s.entrant == Entrant::Team)
            .collect()
    }

    /// Whether the event has more than one team section, each run on its own.
    pub fn has_team_sections(&self) -> bool {
        self.raw.has_team_sections()
    }

    /// `typed` as the event names the team: the `[[teams]]` name of an alias, else `typed`.
    pub fn team_name<'a>(&'a self, typed: &'a str) -> &'a str {
        self.raw.team_name(typed)
    }

    /// The FIDE C.07 keys of the tie-break order for a stage and section (as
    /// [`Event::tiebreaks_for`] picks it), parsed when the file was checked; `None` without
    /// an order, or on a xiangqi Swiss stage (whose order is a CXA chain, [`Event::cxa_chain`]).
    pub fn tiebreak_keys(&self, stage: &str, section: &str) -> Option<&[TieBreak]> {
        let i = self.tiebreaks_index(stage, section)?;
        self.orders.get(i)?.fide.as_deref()
    }

    /// The CXA chain of the tie-break order for a xiangqi Swiss stage and section, with the
    /// stage's rule for the bye's 对手分; `None` without an order, or on another stage.
    pub fn cxa_chain(
        &self,
        stage: &str,
        section: &str,
        bye: crate::scoring::cxa::ByeOpponent,
    ) -> Option<Vec<crate::scoring::cxa::CxaKey>> {
        let i = self.tiebreaks_index(stage, section)?;
        let chain = self.orders.get(i)?.cxa.as_ref()?;
        Some(chain.iter().map(|k| k.with_bye(bye)).collect())
    }

    /// The stages that play a section, in order.
    pub fn stages_of<'a>(&'a self, section_id: &'a str) -> impl Iterator<Item = &'a Stage> + 'a {
        self.raw.stages.iter().filter(move |s| s.plays(section_id))
    }

    /// The tie-break order for a stage and section: the first entry naming both, else one naming
    /// the stage, else one naming the section, else one naming neither.
    pub fn tiebreaks_for(&self, stage: &str, section: &str) -> Option<&Tiebreaks> {
        self.raw
            .tiebreaks
            .get(self.tiebreaks_index(stage, section)?)
    }

    /// The index in `tiebreaks` of [`Event::tiebreaks_for`]'s entry.
    pub(super) fn tiebreaks_index(&self, stage: &str, section: &str) -> Option<usize> {
        let stage_ok = |t: &Tiebreaks| t.stage.as_deref().is_none_or(|s| s == stage);
        let section_ok =
            |t: &Tiebreaks| t.sections.is_empty() || t.sections.iter().any(|s| s == section);
        // Most specific first: a named stage and named sections beat the catch-alls; among
        // equals, the first in the file.
        self.raw
            .tiebreaks
            .iter()
            .enumerate()
            .filter(|(_, t)| stage_ok(t) && section_ok(t))
            .min_by_key(|(i, t)| (t.stage.is_none(), t.sections.is_empty(), *i))
            .map(|(i, _)| i)
    }

    /// The distinct 组别 labels of the sections, in order of first appearance.
    pub fn groups(&self) -> Vec<&str> {
        let mut out: Vec<&str> = Vec::new();
        for g in self.raw.sections.iter().filter_map(|s| s.group.as_deref()) {
            if !out.contains(&g) {
                out.push(g);
            }
        }
        out
    }

    /// The day ages are measured on for `limit` (its own date, else the event's first day).
    pub fn age_day(&self, limit: &AgeLimit) -> Date {
        limit.on.unwrap_or(self.raw.dates.start)
    }

    /// The keys whose values are template defaults (`default = true`): facts the regulation
    /// leaves open, which the organizer should confirm. In document order, e.g.
    /// `stages[swiss].pairing`, `scoring`, `tiebreaks[0]`, `tax`.
    pub fn defaults(&self) -> Vec<String> {
        let r = &self.raw;
        let acc = r.accommodation.as_ref();
        let mut out = Vec::new();
        for st in &r.stages {
            let p = format!("stages[{}]", st.id);
            if st.is_default {
                out.push(format!("{p}.rounds"));
            }
            if st.time_control.as_ref().is_some_and(|t| t.is_default) {
                out.push(format!("{p}.time_control"));
            }
            if st.pairing.as_ref().is_some_and(|t| t.is_default) {
                out.push(format!("{p}.pairing"));
            }
            if st.bye.as_ref().is_some_and(|t| t.is_default) {
                out.push(format!("{p}.bye"));
            }
            if let Some(k) = &st.knockout {
                if k.bracket_default {
                    out.push(format!("{p}.knockout.groups/places"));
                }
                if k.tie_resolution.default {
                    out.push(format!("{p}.knockout.tie_resolution"));
                }
                if k.colours.default {
                    out.push(format!("{p}.knockout.colours"));
                }
            }
        }
        if r.scoring.is_default {
            out.push("scoring".into());
        }
        if acc.is_some_and(|a| a.alone.default) {
            out.push("accommodation.alone".into());
        }
        if acc.is_some_and(|a| a.settled_with.default) {
            out.push("accommodation.settled_with".into());
        }
        if acc.is_some_and(|a| a.without_request.default) {
            out.push("accommodation.without_request".into());
        }
        if r.team
            .as_ref()
            .is_some_and(|t| t.leaders.default || t.coaches.default)
        {
            out.push("team.leaders/coaches".into());
        }
        if let Some(b) = &r.boards {
            if b.woman_on_men_board.as_ref().is_some_and(|w| w.is_default) {
                out.push("boards.woman_on_men_board".into());
            }
            if b.colours.as_ref().is_some_and(|c| c.is_default) {
                out.push("boards.colours".into());
            }
        }
        for (i, t) in r.tiebreaks.iter().enumerate() {
            if t.is_default {
                out.push(format!("tiebreaks[{i}]"));
            }
        }
        for s in &r.sections {
            if s.pair.as_ref().is_some_and(|p| p.is_default) {
                out.push(format!("sections[{}].pair", s.id));
            }
        }
        if r.team_ranking.as_ref().is_some_and(|t| t.is_default) {
            out.push("team_ranking".into());
        }
        if r.tax.as_ref().is_some_and(|t| t.is_default) {
            out.push("tax".into());
        }
        if let Some(d) = &r.deadlines.entry {
            let flags = [
                (d.inclusive.default, "deadlines.entry.inclusive"),
                (d.late_changes.default, "deadlines.entry.late_changes"),
                (d.late_entry.default, "deadlines.entry.late_entry"),
            ];
            out.extend(flags.iter().filter(|f| f.0).map(|f| f.1.to_string()));
        }
        let stay = acc.and_then(|a| a.standard_stay.as_ref());
        if stay.is_some_and(|s| s.is_default) {
            out.push("accommodation.standard_stay".into());
        }
        out
    }
}

impl RawEvent {
    /// The section with this id.
    pub fn section(&self, id: &str) -> Option<&Section> {
        self.sections.iter().find(|s| s.id == id)
    }

    /// The stage with this id.
    pub fn stage(&self, id: &str) -> Option<&Stage> {
        self.stages.iter().find(|s| s.id == id)
    }

    /// Whether this is a team event (a section of teams).
    pub fn is_team_event(&self) -> bool {
        self.sections.iter().any(|s| s.entrant == Entrant::Team)
    }
}
