//! Sections (组别): who competes against whom, who may enter, how many places are ranked.

use jiff::civil::Date;
use serde::Deserialize;

use super::de;
use crate::model::Sex;
use crate::model::roster::Placement;

/// A section: a separately ranked competition (the A-league's one team section; 公开组男子, 少年组女子
/// and 家庭双人组 of the xiangqi finals).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Section {
    /// Short ASCII identifier used in file names and references (`open-men`).
    pub id: super::SectionId,
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
    /// Birth dates allowed in this section, both ends inclusive, either open. With `age`, the
    /// window the label resolves to once the file is read ([`resolve_ages`]).
    #[serde(default)]
    pub birth: Option<DateWindow>,
    /// An age label (`U10`: under 10 in the event's year, born on or after 1 January of the
    /// year of `[dates] start` minus 10), checked by [`age_label_years`].
    #[serde(default)]
    pub age: Option<String>,
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

pub(super) fn yes() -> bool {
    true
}

impl Section {
    /// Whether a person plays in this section: the section placement chose for him
    /// ([`crate::eligibility::place`]), or, on a roster not placed, whether his 组别 names it
    /// ([`Section::named_by`]).
    pub fn holds(&self, p: &crate::model::roster::Person) -> bool {
        match &p.section {
            Placement::In(id) => *id == self.id,
            Placement::Nowhere => false,
            Placement::Pending => p
                .group
                .as_ref()
                .is_some_and(|g| self.named_by(&g.value, p.sex.as_ref().map(|s| s.value))),
        }
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

/// An inclusive window of birth dates; either end may be open (`{ from = "2016-01-01" }`:
/// born on or after).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DateWindow {
    /// First allowed birth date; None = no oldest limit.
    #[serde(default, deserialize_with = "de::opt_date")]
    pub from: Option<Date>,
    /// Last allowed birth date; None = no youngest limit (anyone younger plays up).
    #[serde(default, deserialize_with = "de::opt_date")]
    pub to: Option<Date>,
    /// Clause (`规程 八(一)1`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl DateWindow {
    /// Whether `d` lies inside the window (both ends included).
    pub fn contains(&self, d: Date) -> bool {
        self.from.is_none_or(|f| f <= d) && self.to.is_none_or(|t| d <= t)
    }

    /// The window in words, Chinese and English: `1963-01-01至2006-12-31` / `1963-01-01 to
    /// 2006-12-31`, `2016-01-01及以后` / `2016-01-01 or later`, `2009-12-31及以前` / `2009-12-31
    /// or earlier`.
    pub fn span(&self) -> (String, String) {
        match (self.from, self.to) {
            (Some(f), Some(t)) => (format!("{f}至{t}"), format!("{f} to {t}")),
            (Some(f), None) => (format!("{f}及以后"), format!("{f} or later")),
            (None, Some(t)) => (format!("{t}及以前"), format!("{t} or earlier")),
            (None, None) => ("不限".into(), "any".into()),
        }
    }

    /// How narrow the window is, for choosing a player's own age section: the later `from`,
    /// then the earlier `to`, is the narrower (U10 before U12).
    pub(crate) fn narrowness(&self) -> (Option<Date>, std::cmp::Reverse<Date>) {
        (self.from, std::cmp::Reverse(self.to.unwrap_or(Date::MAX)))
    }
}

/// The years of an age label, `U10` → 10 (`U` or `u`, then 1 to 99); None for anything else.
///
/// ```
/// use bianpai::event::age_label_years;
/// assert_eq!(age_label_years("U10"), Some(10));
/// assert_eq!(age_label_years("u8"), Some(8));
/// assert_eq!(age_label_years("U0"), None);
/// assert_eq!(age_label_years("10岁以下"), None);
/// ```
pub fn age_label_years(label: &str) -> Option<i16> {
    let digits = label.trim().strip_prefix(['U', 'u'])?;
    if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    digits.parse().ok().filter(|&n| n > 0)
}

/// The first birth date of an age label's section in an event starting on `start`: U10 in 2026
/// is 2016-01-01 (under 10 in the event's year: a player turning 10 during 2026 is not U10).
pub fn age_label_from(years: i16, start: Date) -> Option<Date> {
    Date::new(start.year().checked_sub(years)?, 1, 1).ok()
}

/// Writes each age-labelled section's window into its `birth` (the `from` the label gives; a
/// `to` written beside it kept). Run on a checked event, where a `birth.from` beside `age`
/// already agrees with the label.
pub(crate) fn resolve_ages(sections: &mut [Section], start: Date) {
    for s in sections {
        let Some(from) = s
            .age
            .as_deref()
            .and_then(age_label_years)
            .and_then(|y| age_label_from(y, start))
        else {
            continue;
        };
        let clause = s.clause.clone();
        let w = s.birth.get_or_insert(DateWindow {
            from: None,
            to: None,
            clause,
        });
        w.from = Some(from);
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
