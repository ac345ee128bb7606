//! The event's description: names and sport, organizers, dates, venue, participants, contacts,
//! notes, and the names the TRF reports write.

use jiff::civil::Date;
use serde::Deserialize;

use super::{Sport, de};

/// `[trf]`: the event name (`012`) and place (`022`) the TRF reports write. FIDE's programs
/// read a TRF as Latin-1 text, so Chinese characters there arrive as noise in FIDE's rating
/// records; without these the Chinese name and city are written as they are.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrfNames {
    /// `012` (`2025 China Chess League B`).
    #[serde(default)]
    pub name_en: Option<String>,
    /// `022` (`Xiamen`).
    #[serde(default)]
    pub place_en: Option<String>,
}

impl TrfNames {
    /// The `012` text: `name_en`, else `chinese`.
    pub fn name(&self, chinese: &str) -> String {
        self.name_en.clone().unwrap_or_else(|| chinese.to_string())
    }

    /// The `022` text: `place_en`, else `chinese`.
    pub fn place(&self, chinese: &str) -> String {
        self.place_en.clone().unwrap_or_else(|| chinese.to_string())
    }
}

/// Names, sport and regulation.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Meta {
    /// The event's own id, plain ASCII (`jiangsu-youth-2026`): the stem of the TRF reports'
    /// names (`<id>-<section>.trf`); without it, the event folder's name when that is ASCII.
    #[serde(default)]
    pub id: Option<String>,
    /// Full name (`2025年中国国际象棋乙级联赛`).
    pub name: String,
    /// Short name for headers.
    pub short_name: String,
    /// Chess or xiangqi.
    pub sport: Sport,
    /// Title of the regulation (`2025年中国国际象棋乙级联赛竞赛规程`).
    pub regulation: String,
    /// Who issued it.
    #[serde(default)]
    pub issued_by: Option<String>,
    /// When.
    #[serde(default, deserialize_with = "de::opt_date")]
    pub issued: Option<Date>,
    /// Competition items (竞赛项目: `团体赛`, `个人赛`).
    #[serde(default)]
    pub items: Vec<String>,
    /// The rules book applied (`国际象棋裁判手册2020版`).
    #[serde(default)]
    pub rules: Option<String>,
    /// Clause of `rules`.
    #[serde(default)]
    pub rules_clause: Option<String>,
    /// Games are FIDE rated.
    #[serde(default)]
    pub fide_rated: bool,
    /// Clause of `fide_rated`.
    #[serde(default)]
    pub rated_clause: Option<String>,
    /// The chief arbiter (裁判长), printed on the results book's cover; a line to fill in
    /// without.
    #[serde(default)]
    pub chief_arbiter: Option<String>,
    /// The deputy chief arbiters (副裁判长): the TRF reports' `112` records (a Chinese name in
    /// pinyin, as the `102` of `chief_arbiter`).
    #[serde(default)]
    pub deputy_arbiters: Vec<String>,
}

/// Whether `s` can name a file on every system as it is: ASCII letters, digits, `-`, `_`, `.`
/// (the `[event] id` and the event folder's name the TRF reports are named by).
pub fn is_plain_id(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'))
}

/// An organizer and its role.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Organizer {
    /// Role (`主办`, `承办`, `协办`, `执行`).
    pub role: String,
    /// Name.
    pub name: String,
    /// Clause (`规程 一`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Dates of the whole event.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dates {
    /// Arrival day (报到).
    #[serde(default, deserialize_with = "de::opt_date")]
    pub arrival: Option<Date>,
    /// First day.
    #[serde(deserialize_with = "de::date")]
    pub start: Date,
    /// Last day.
    #[serde(deserialize_with = "de::date")]
    pub end: Date,
    /// Departure day (离会).
    #[serde(default, deserialize_with = "de::opt_date")]
    pub departure: Option<Date>,
    /// When on the departure day (`下午离会`).
    #[serde(default)]
    pub departure_note: Option<String>,
    /// Clause (`规程 四`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Where the event is held.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Venue {
    /// City (`黑龙江大庆`).
    pub city: String,
    /// Venue (`大庆昊方诺富特酒店`).
    #[serde(default)]
    pub venue: Option<String>,
    /// Street address.
    #[serde(default)]
    pub address: Option<String>,
    /// Phone of the venue.
    #[serde(default)]
    pub phone: Option<String>,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// Which units may take part.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Participants {
    /// Who, as the regulation says.
    pub description: String,
    /// Number of teams, when fixed.
    #[serde(default)]
    pub teams: Option<u32>,
    /// Clause (`规程 三`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A contact person or address.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contact {
    /// Role (`报名`, `承办单位`).
    pub role: String,
    /// Name.
    #[serde(default)]
    pub name: Option<String>,
    /// Phone.
    #[serde(default)]
    pub phone: Option<String>,
    /// E-mail.
    #[serde(default)]
    pub email: Option<String>,
    /// Postal address.
    #[serde(default)]
    pub address: Option<String>,
    /// Postcode.
    #[serde(default)]
    pub postcode: Option<String>,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// A rule stated in words.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Note {
    /// Clause (`规程 四(五)`).
    pub clause: String,
    /// The rule.
    pub text: String,
}

/// What the documents that leave the organizers show of people (`[privacy]`, issue 45). ID
/// numbers are always masked there (`110105********1234`); phone numbers on request.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Privacy {
    /// Mask mobile numbers (`138****0123`) in the team packets (a phone number typed into
    /// another column is quoted by its finding). Default `false`: a team's packet shows its
    /// own entries as the team sent them.
    #[serde(default)]
    pub mask_phones: bool,
}
