//! The event: `event.toml` (the regulation in machine form) and the built-in templates.
//!
//! Every fact a regulation fixes is a field here, with the clause it comes from, so that later
//! stages only read it: dates and venue, sections and their birth windows, the format of each
//! stage (round robin, Swiss, knockout bracket), scoring, board rules, team composition,
//! eligibility, tie-breaks, prizes, tax, grants, fees, hotels, quotas, deadlines and appeals.
//! Values a regulation leaves open carry `default = true` (and a comment in the template).
//!
//! [`load`] reads and validates a file; a problem is an [`EventError`] naming the key and line.

mod bounds;
mod de;
mod defaulted;
mod error;
mod format;
mod group_text;
mod ids;
mod in_force;
mod meta;
mod money;
mod on_record;
mod quotas;
mod resolved;
mod rules;
mod rulings;
mod section;
mod stage_groups;
mod team;
mod team_sections;
mod teams;
pub mod templates;
mod validate;

use std::path::{Path, PathBuf};

use serde::Deserialize;

pub use bounds::{MAX_DAYS_OUTSIDE, MAX_EVENT_DAYS, too_far};
pub use defaulted::Defaulted;
pub use error::{EventError, KeyPart, KeyPath};
pub use format::{
    Bye, ByeAsOpponent, ForfeitRematch, Knockout, KnockoutMatch, Numbering, Pairing, PlaceRule,
    SeedGroup, Slot, Stage, System, ThreeInARow, TimeControl, UnratedOrder,
};
pub use group_text::{fold_group, group_core};
pub use ids::{SectionId, StageId};
pub use in_force::{SETTING_KEY, check_in_force, in_force};
pub use meta::{
    Contact, Dates, Meta, Note, Organizer, Participants, Privacy, TrfNames, Venue, is_plain_id,
};
pub use money::{
    Accommodation, Band, Combine, Covered, Fee, Grant, Honour, Hotel, LodgingPayee, LonePricing,
    Meal, Meals, PaidBy, Per, PrizeList, Prizes, Recipient, Room, Stay, Tax, Ties, WithoutRequest,
};
pub use on_record::{Intervention, interventions, interventions_for};
pub use quotas::{QuotaDelegation, QuotaExtra, QuotaPlaces, QuotaTier, Quotas};
pub use resolved::Event;
pub use rules::{
    Appeals, Deadline, Deadlines, Draw, Eligibility, ExcludedEvent, LateChanges, LateEntry, Loan,
    MissingPlace, Ranking, Registration, Requirement, TeamMethod, TeamRanking, TeamTie, Tiebreaks,
    TitleRule, Withdrawal,
};
pub use rulings::{Decision, Ruling};
pub use section::{
    AgeLimit, DateWindow, Entrant, PairRule, Section, age_label_from, age_label_years, age_on,
};
pub use stage_groups::{GroupsBy, StageGroups, place_seed};
pub use team::{
    Board, BoardRules, ColourRule, Primary, RatingThreshold, ReserveRule, ScoreTriple,
    ScoringRules, TeamRules,
};
pub use team_sections::{round_stem, section_roster};
pub use teams::{TeamNames, check_seeding, rename};

pub use crate::model::Sport;
pub use crate::model::roster::Role;

/// The file name of the event description inside an event folder.
pub const EVENT_FILE: &str = "event.toml";

/// Everything the regulation fixes, as read from `event.toml`, before validation.
///
/// Code past [`parse`] never holds one of these: it holds an [`Event`], which can only be built
/// by validating one.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawEvent {
    /// The template this file was made from.
    #[serde(default)]
    pub template: Option<String>,
    /// Names, sport, regulation.
    pub event: Meta,
    /// Organizers (主办, 承办, 协办, 执行).
    #[serde(default)]
    pub organizers: Vec<Organizer>,
    /// Dates of the whole event.
    pub dates: Dates,
    /// Where it is held.
    pub venue: Venue,
    /// Which units may take part.
    #[serde(default)]
    pub participants: Option<Participants>,
    /// Sections (组别).
    pub sections: Vec<Section>,
    /// Stages and their formats.
    pub stages: Vec<Stage>,
    /// Scoring (`[scoring]`).
    pub scoring: ScoringRules,
    /// Team or delegation composition.
    #[serde(default)]
    pub team: Option<TeamRules>,
    /// Board rules (team events).
    #[serde(default)]
    pub boards: Option<BoardRules>,
    /// Who may play.
    #[serde(default)]
    pub eligibility: Eligibility,
    /// Tie-break orders.
    #[serde(default)]
    pub tiebreaks: Vec<Tiebreaks>,
    /// Team ranking from individual places.
    #[serde(default)]
    pub team_ranking: Option<TeamRanking>,
    /// Places ranked, promotion, relegation.
    #[serde(default)]
    pub ranking: Option<Ranking>,
    /// The draw of team numbers.
    #[serde(default)]
    pub draw: Draw,
    /// Team names and their aliases (`[[teams]]`).
    #[serde(default)]
    pub teams: Vec<TeamNames>,
    /// Prizes.
    #[serde(default)]
    pub prizes: Prizes,
    /// Tax on individual prizes.
    #[serde(default)]
    pub tax: Option<Tax>,
    /// Grants to teams.
    #[serde(default)]
    pub grants: Vec<Grant>,
    /// Fees teams pay.
    #[serde(default)]
    pub fees: Vec<Fee>,
    /// Board and lodging.
    #[serde(default)]
    pub accommodation: Option<Accommodation>,
    /// Places per delegation.
    #[serde(default)]
    pub quotas: Option<Quotas>,
    /// Deadlines.
    #[serde(default)]
    pub deadlines: Deadlines,
    /// Appeals.
    #[serde(default)]
    pub appeals: Option<Appeals>,
    /// Contacts.
    #[serde(default)]
    pub contacts: Vec<Contact>,
    /// Rules stated in words that no check reads (transfers of a place, disqualification, ...).
    #[serde(default)]
    pub notes: Vec<Note>,
    /// The arbiter's rulings on entrants, teams and rounds.
    #[serde(default)]
    pub rulings: Vec<Ruling>,
    /// The TRF report's event name and place in Latin letters.
    #[serde(default)]
    pub trf: TrfNames,
    /// What published documents show of people (`[privacy]`).
    #[serde(default)]
    pub privacy: Privacy,
}

/// The largest `event.toml` read (1 MB).
const EVENT_FILE_LIMIT: u64 = 1 << 20;

/// Reads `event.toml` from an event folder, or the given file.
///
/// # Errors
///
/// [`EventError::Io`] when the file cannot be read; [`EventError::Invalid`] naming the key and
/// line for a syntax error, a value of the wrong type, an unknown or missing key, or a value
/// contradicting another (a window ending before it starts, a reference to a section that does
/// not exist, ...); [`EventError::Several`] when the checks of the values find more than one
/// problem (a syntax or type error stops the reading, so it is always alone).
pub fn load(dir_or_file: &Path) -> Result<Event, EventError> {
    let path: PathBuf = if dir_or_file.is_dir() {
        dir_or_file.join(EVENT_FILE)
    } else {
        dir_or_file.to_path_buf()
    };
    // A megabyte holds any real event.toml many times over; a FIFO or device would hang the
    // run or fill its memory.
    let bytes = match crate::ingest::bounded::read(&path, EVENT_FILE_LIMIT) {
        Ok(b) => b,
        Err(crate::ingest::bounded::NotRead::Io(source)) => {
            return Err(EventError::Io { path, source });
        }
        Err(why) => {
            let (zh, en) = why.reason();
            return Err(EventError::Invalid {
                path,
                key: String::new(),
                line: 0,
                column: 0,
                message: format!("{zh} ({en})"),
            });
        }
    };
    let text = match String::from_utf8(bytes) {
        Ok(t) => t,
        Err(e) => {
            let bytes = e.into_bytes();
            // A GBK-saved file (Notepad on Chinese Windows) is read as such rather than refused.
            let (t, _, bad) = encoding_rs::GBK.decode(&bytes);
            if bad {
                return Err(EventError::Invalid {
                    path,
                    key: String::new(),
                    line: 0,
                    column: 0,
                    message: "文件不是 UTF-8 编码的文本 (the file is not UTF-8 text)".into(),
                });
            }
            t.into_owned()
        }
    };
    parse(&text, &path)
}

/// Parses and validates the text of an `event.toml`; `path` only names it in errors.
///
/// # Errors
///
/// As [`load`], without the I/O case.
pub fn parse(text: &str, path: &Path) -> Result<Event, EventError> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let invalid = |offset: Option<usize>, key: String, message: String| {
        let (line, column) = offset.map_or((0, 0), |o| error::line_col(text, o));
        EventError::Invalid {
            path: path.to_path_buf(),
            key,
            line,
            column,
            message,
        }
    };
    let doc = match toml::de::DeTable::parse(text) {
        Ok(d) => d,
        Err(e) => {
            let offset = e.span().map(|s| s.start);
            return Err(invalid(
                offset,
                String::new(),
                format!("TOML 语法错误 (syntax error): {}", e.message()),
            ));
        }
    };
    let mut event: RawEvent = match toml::from_str(text) {
        Ok(ev) => ev,
        Err(e) => {
            let offset = e.span().map(|s| s.start);
            let key = offset
                .map(|o| error::path_at(doc.get_ref(), o).to_string())
                .unwrap_or_default();
            return Err(invalid(offset, key, explain(e.message())));
        }
    };
    rulings::locate(&mut event.rulings, text);
    teams::resolve(&mut event, text, doc.get_ref());
    let problems = match validate::check(&event) {
        Ok(orders) => {
            section::resolve_ages(&mut event.sections, event.dates.start);
            stage_groups::resolve_places(&mut event);
            return Ok(Event {
                raw: event,
                orders,
                text: text.into(),
                team_section: None,
            });
        }
        Err(problems) => problems,
    };
    let mut located: Vec<(Option<usize>, EventError)> = Vec::with_capacity(problems.len());
    for problem in problems {
        let key = problem.path.to_string();
        // One problem per key: a mistake some checks see from two sides is reported once.
        if located.iter().any(|(_, e)| e.key() == Some(key.as_str())) {
            continue;
        }
        let offset = error::span_of(doc.get_ref(), &problem.path).map(|s| s.start);
        located.push((offset, invalid(offset, key, problem.message)));
    }
    // In document order; a key not found in the file (a default value's) last. The sort is
    // stable, so problems at one place keep the order the checks found them in.
    located.sort_by_key(|(offset, _)| offset.unwrap_or(usize::MAX));
    let all: Vec<EventError> = located.into_iter().map(|(_, e)| e).collect();
    Err(match <[EventError; 1]>::try_from(all) {
        Ok([one]) => one,
        Err(all) => EventError::Several(all),
    })
}

/// Puts a Chinese lead in front of serde's English message.
fn explain(msg: &str) -> String {
    let zh = if msg.starts_with("unknown field") {
        "未知的键（可能拼写错误）"
    } else if msg.starts_with("missing field") {
        "缺少必填的键"
    } else if msg.starts_with("invalid type") {
        "值的类型不对"
    } else if msg.starts_with("unknown variant") {
        "不认识的取值"
    } else {
        "值不正确"
    };
    if msg.chars().next().is_some_and(|c| !c.is_ascii()) {
        // Our own adapters already wrote Chinese and English.
        msg.trim_end().to_string()
    } else {
        format!("{zh} ({})", msg.trim_end())
    }
}

#[cfg(test)]
mod draw_refusal_tests;
#[cfg(test)]
mod groups_refusal_tests;
#[cfg(test)]
mod pairing_refusal_tests;
#[cfg(test)]
mod refusal_tests;
#[cfg(test)]
mod section_refusal_tests;
#[cfg(test)]
pub(crate) mod team_tests;
#[cfg(test)]
mod tests;
