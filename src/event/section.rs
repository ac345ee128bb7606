//! Sections (组别): who competes against whom, who may enter, how many places are ranked.

use jiff::civil::Date;
use serde::Deserialize;

use super::de;
use crate::model::Sex;

/// A section: a separately ranked competition (the A-league's one team section; 公开组男子, 少年组女子
/// and 家庭双人组 of the xiangqi finals).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Short ASCII identifier used in file names and references (`open-men`).
    pub id: String,
    /// Name as printed (`公开组男子`).
    pub name: String,
    /// The 组别 the entry form's dropdown offers (`公开组`); sections that differ only by sex share
    /// it. None for events without groups (the leagues).
    #[serde(default)]
    pub group: Option<String>,
    /// Other labels entry forms write for this 组别 (`家庭组`, `家庭亲子组`, `亲子组`; `公开男子组`),
    /// matched like `group`.
    #[serde(default)]
    pub labels: Vec<String>,
    /// Who the entrants are.
    pub entrant: Entrant,
    /// Restricted to one sex (`男`/`女`); None = open to both (男女不限).
    #[serde(default, deserialize_with = "de::opt_sex")]
    pub sex: Option<Sex>,
    /// An official section (正式竞赛项目, counts for the team ranking) or exhibition (表演项目).
    #[serde(default = "yes")]
    pub official: bool,
    /// Birth dates allowed in this section, both ends inclusive.
    #[serde(default)]
    pub birth: Option<DateWindow>,
    /// Minimum age in this section (full years on the limit's day).
    #[serde(default)]
    pub min_age: Option<AgeLimit>,
    /// Maximum age in this section (full years on the limit's day, inclusive).
    #[serde(default)]
    pub max_age: Option<AgeLimit>,
    /// For pair sections: who makes up a pair.
    #[serde(default)]
    pub pair: Option<PairRule>,
    /// Places ranked (录取名次); prizes may cover fewer.
    #[serde(default)]
    pub places: Option<u32>,
    /// Clause of the regulation defining the section (`规程 八(一)1`).
    #[serde(default)]
    pub clause: Option<String>,
}

fn yes() -> bool {
    true
}

impl Section {
    /// Whether a person's 组别 names this section: its name or id, or its group label or one of
    /// its other labels with a matching sex (whitespace ignored).
    pub fn holds(&self, p: &crate::model::roster::Person) -> bool {
        let Some(g) = p.group.as_ref() else {
            return false;
        };
        // The group as written, without its spaces; compared without building a string, as
        // this runs for every person and section (individual::entrants, eligibility::people).
        let g = || g.value.chars().filter(|c| !c.is_whitespace());
        if g().eq(self.name.chars()) || g().eq(self.id.chars()) {
            return true;
        }
        let labelled = self.group.as_deref().is_some_and(|s| g().eq(s.chars()))
            || self
                .labels
                .iter()
                .any(|l| l.chars().filter(|c| !c.is_whitespace()).eq(g()));
        labelled
            && self
                .sex
                .is_none_or(|s| p.sex.as_ref().map(|x| x.value) == Some(s))
    }
}

/// Who competes in a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Entrant {
    /// Teams of players on boards (the leagues).
    Team,
    /// Individual players.
    Individual,
    /// Pairs of players playing as one (家庭双人组).
    Pair,
}

/// An inclusive window of birth dates.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateWindow {
    /// First allowed birth date.
    #[serde(deserialize_with = "de::date")]
    pub from: Date,
    /// Last allowed birth date.
    #[serde(deserialize_with = "de::date")]
    pub to: Date,
    /// Clause (`规程 八(一)1`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl DateWindow {
    /// Whether `d` lies inside the window (both ends included).
    pub fn contains(&self, d: Date) -> bool {
        self.from <= d && d <= self.to
    }
}

/// An age limit measured on a given day.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AgeLimit {
    /// Full years of age (周岁).
    pub years: u32,
    /// The day the age is measured; None = the first day of the event ([`super::Dates::start`]).
    #[serde(default, deserialize_with = "de::opt_date")]
    pub on: Option<Date>,
    /// Who may grant an exception, if the regulation allows one.
    #[serde(default)]
    pub exception: Option<String>,
    /// Clause (`规程 四(二)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A pair section's composition (家庭双人组: one adult and one child of the same family).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PairRule {
    /// Minimum age (full years at the event start) of the adult member.
    pub adult_min_age: u32,
    /// The child must be younger than this (full years at the event start).
    pub child_age_below: u32,
    /// The ages are a template reading of the regulation (`12岁以下`, `成年人`).
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Both must belong to the same family (the xiangqi rule: three generations).
    #[serde(default)]
    pub same_family: bool,
    /// Clause (`规程 八(二)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Full years of age on `on` of someone born on `birth` (周岁).
///
/// ```
/// use bianpai::event::age_on;
/// use jiff::civil::date;
/// assert_eq!(age_on(date(2009, 6, 4), date(2023, 6, 4)), 14);
/// assert_eq!(age_on(date(2009, 6, 5), date(2023, 6, 4)), 13);
/// assert_eq!(age_on(date(2008, 2, 29), date(2023, 2, 28)), 14);
/// ```
pub fn age_on(birth: Date, on: Date) -> i32 {
    let mut years = i32::from(on.year()) - i32::from(birth.year());
    if (on.month(), on.day()) < (birth.month(), birth.day()) {
        years -= 1;
    }
    years
}
