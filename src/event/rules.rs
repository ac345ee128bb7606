//! Eligibility, ranking, tie-breaks, draw, deadlines and appeals.

use jiff::civil::Date;
use serde::Deserialize;

use super::de;
use super::defaulted::{Defaulted, read_defaults};
use super::section::{AgeLimit, DateWindow};
use crate::model::Fen;

/// Who may play (参赛资格).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Eligibility {
    /// Players must be registered for the year.
    #[serde(default)]
    pub registration: Option<Registration>,
    /// Loaned players (商借) and the document they need.
    #[serde(default)]
    pub loan: Option<Loan>,
    /// A FIDE ID is required.
    #[serde(default)]
    pub fide_id: Option<Requirement>,
    /// Minimum age.
    #[serde(default)]
    pub min_age: Option<AgeLimit>,
    /// Birth window for every official section together.
    #[serde(default)]
    pub birth: Option<DateWindow>,
    /// Events whose units and players may not enter this one.
    #[serde(default)]
    pub excluded: Vec<ExcludedEvent>,
    /// Titles that make a player ineligible.
    #[serde(default)]
    pub titles: Option<TitleRule>,
}

/// Annual registration of players.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Registration {
    /// Registration year.
    pub year: i16,
    /// The registering body.
    pub body: String,
    /// Clause (`规程 四(一)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Loaned players.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Loan {
    /// The document a loaned player needs (`三方商借协议`, `商借函`).
    pub document: String,
    /// Clause (`规程 四(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A plain requirement with its clause.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Requirement {
    /// Whether it is required.
    pub required: bool,
    /// How to satisfy it (`发邮件至 chessid@163.com 申请`).
    #[serde(default)]
    pub how: Option<String>,
    /// Clause (`规程 七(二)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Another event whose units and/or players may not enter.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExcludedEvent {
    /// The event's name.
    pub event: String,
    /// Units are excluded.
    #[serde(default)]
    pub units: bool,
    /// Players are excluded.
    #[serde(default)]
    pub players: bool,
    /// That event's folder or roster file, relative to this event folder, for the check; empty
    /// until the organizer fills it in.
    #[serde(default)]
    pub roster: Option<String>,
    /// Clause (`规程 四(四)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Titles (称号/技术等级) that make a player ineligible.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TitleRule {
    /// Titles that exclude (exact names, after normalization).
    pub ineligible: Vec<String>,
    /// Titles that look alike but do not exclude (`棋协大师` is an amateur level).
    #[serde(default)]
    pub eligible: Vec<String>,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// A tie-break order for some sections or a stage.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tiebreaks {
    /// The stage it applies to (stage id); None = every stage.
    #[serde(default)]
    pub stage: Option<String>,
    /// The sections it applies to; empty = every section.
    #[serde(default)]
    pub sections: Vec<String>,
    /// Primary score first, then the tie-breaks, as codes (`MPTS`, `GPTS`, `EDE`, `EMGSB/C1`,
    /// `BH`, `WIN`, `BWG`, `BPG`, `PS`, and for xiangqi `DROP-LAST` / `DROP-FIRST`: compare the
    /// scores without the last / first rounds, RULES §E).
    pub order: Vec<String>,
    /// Chinese names for the columns, one per code (`场分`, `局分`, `直胜`, ...).
    #[serde(default)]
    pub names: Vec<String>,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 九(六)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A team ranking made from individual results (xiangqi: sum of the best 4 places), as
/// `season::individual::delegations` computes it: one method, one rule for a missing player and
/// one order of ties, each stated here and anything else refused.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRanking {
    /// Identifier used by prize lists (`delegations`).
    pub id: String,
    /// Name as printed (`团体`).
    pub name: String,
    /// How the ranking is made.
    pub method: TeamMethod,
    /// Players counted.
    pub count: u32,
    /// Sections whose places count (empty = the official sections).
    #[serde(default)]
    pub sections: Vec<String>,
    /// What a delegation with fewer counted players counts for each missing place.
    pub missing: MissingPlace,
    /// How ties are broken, in order: exactly [`TeamTie::ORDER`].
    pub ties: Vec<TeamTie>,
    /// `missing` and `ties` are template defaults.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Places ranked.
    #[serde(default)]
    pub places: Option<u32>,
    /// Clause (`规程 八(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// `[team_ranking] method`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamMethod {
    /// The sum of the places of each delegation's best `count` players, lower first.
    BestRankSum,
}

/// `[team_ranking] missing`: the place a missing player (a delegation with fewer than `count`
/// placed players) counts as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum MissingPlace {
    /// The number of entrants + 1 (of the largest counted section: a missing player belongs to
    /// no section).
    EntrantsPlusOne,
}

/// `[team_ranking] ties`: one comparison of the delegation ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TeamTie {
    /// The sum of the counted places, lower first.
    RankSum,
    /// The counted places compared one by one from the best.
    RanksLexicographic,
    /// The points of the counted players, more first.
    PointsOfCounted,
    /// The place of the best player not counted (the fifth, with `count = 4`).
    FifthRank,
}

impl TeamTie {
    /// The comparisons the delegation ranking makes, in its order: the only `ties` accepted.
    pub const ORDER: [TeamTie; 4] = [
        TeamTie::RankSum,
        TeamTie::RanksLexicographic,
        TeamTie::PointsOfCounted,
        TeamTie::FifthRank,
    ];
}

/// Places ranked, promotion and relegation of a team event.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ranking {
    /// Places ranked (录取名次).
    pub places: u32,
    /// Teams promoted.
    #[serde(default)]
    pub promoted: u32,
    /// Where they go.
    #[serde(default)]
    pub promoted_to: Option<String>,
    /// Every place is decided (总决赛将分出所有名次).
    #[serde(default)]
    pub all_places: bool,
    /// Clause (`规程 十一`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// The draw (抽签) that gives the teams their numbers.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Draw {
    /// Team names in the order of the public draw (number 1 first); empty until it is held, then
    /// bianpai draws with `seed` and records the draw in `results/draw.xlsx`.
    #[serde(default)]
    pub public_numbers: Vec<String>,
    /// Seed of bianpai's own draw.
    #[serde(default)]
    pub seed: Option<u64>,
    /// Whether round 1 may be paired (default `true`). `pair = false` holds round 1 back
    /// while the entries are still being reviewed: the run checks the forms and says that
    /// round 1 waits; a round 1 workbook already written is read as always.
    #[serde(default = "super::section::yes")]
    pub pair: bool,
    /// `pair_from = "2026-07-06"` (hold round 1 back until a date) is read only to be refused
    /// at its key: a run's outputs would depend on the day it is made (SPEC: every run is
    /// repeatable); `pair = false` is the way to hold round 1 back.
    #[serde(default)]
    pub pair_from: Option<toml::Value>,
    /// The (line, column) of each `public_numbers` entry in `event.toml` ((0, 0) when unknown).
    #[serde(skip)]
    pub at: Vec<(usize, usize)>,
    /// The public draw of an individual round robin, per section id: the players' names in
    /// number order (number 1 first) (`[draw.sections] masters = ["…", …]`).
    #[serde(default)]
    pub sections: std::collections::BTreeMap<String, Vec<String>>,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

impl Default for Draw {
    fn default() -> Self {
        Draw {
            public_numbers: Vec::new(),
            seed: None,
            pair: true,
            pair_from: None,
            at: Vec::new(),
            sections: std::collections::BTreeMap::new(),
            clause: None,
        }
    }
}

/// Entry and withdrawal deadlines.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Deadlines {
    /// Entry deadline.
    #[serde(default)]
    pub entry: Option<Deadline>,
    /// Withdrawal notice.
    #[serde(default)]
    pub withdrawal: Option<Withdrawal>,
}

/// A date by which something must arrive.
#[derive(Debug, Clone, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Deadline {
    /// The date.
    #[serde(deserialize_with = "de::date")]
    pub date: Date,
    /// Whether the date itself is still in time.
    pub inclusive: Defaulted<bool>,
    /// The file's `inclusive_default` key (a template reading of the regulation's wording,
    /// `5月12日前`), read into `inclusive`.
    #[serde(default)]
    inclusive_default: bool,
    /// A late entry is invalid (逾期报名无效) rather than merely late.
    #[serde(default)]
    pub late_invalid: bool,
    /// Under 逾期报名无效 (`late_invalid`), what a late entry (`team.late`, `person.late`)
    /// gives until a ruling: ranked with its prizes withheld (the default), or excluded.
    #[serde(default)]
    pub late_entry: Defaulted<LateEntry>,
    /// The file's `late_entry_default` key (the regulation does not say which reading), read
    /// into `late_entry`.
    #[serde(default)]
    late_entry_default: bool,
    /// What a correction sent after the deadline gives for the people it removes and the
    /// entries it changes (the people it adds are always late, `person.late`).
    #[serde(default)]
    pub late_changes: Defaulted<LateChanges>,
    /// The file's `late_changes_default` key (the regulation says nothing of corrections),
    /// read into `late_changes`.
    #[serde(default)]
    late_changes_default: bool,
    /// Where and how to submit.
    #[serde(default)]
    pub submit: Option<String>,
    /// Documents to attach.
    #[serde(default)]
    pub documents: Vec<String>,
    /// Clause (`规程 十(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

read_defaults!(Deadline {
    inclusive_default => inclusive;
    late_entry_default => late_entry;
    late_changes_default => late_changes;
});

impl Deadline {
    /// Whether something dated `d` is in time.
    pub fn in_time(&self, d: Date) -> bool {
        if self.inclusive.value {
            d <= self.date
        } else {
            d < self.date
        }
    }
}

/// What a late entry gives under 逾期报名无效 (`[deadlines.entry] late_entry`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LateEntry {
    /// Paired and ranked, 资格待查, its prizes withheld until a ruling (`cleared` or
    /// `disqualified`).
    #[default]
    Withheld,
    /// Not entered: out of the ranking and the pairing as a disqualified entrant, the places
    /// below moving up; a `cleared` ruling admits it.
    Excluded,
}

/// What a correction sent after the entry deadline gives for the people it removes and the
/// entries it changes (`[deadlines.entry] late_changes`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LateChanges {
    /// Nothing: only the people the correction adds are late.
    #[default]
    Accepted,
    /// A `team.late-change` warning naming each person removed and each entry changed.
    Warning,
}

/// Withdrawal after entry.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Withdrawal {
    /// Written notice at least this many days before the event.
    pub days_before: u32,
    /// What a no-show or walk-out costs.
    #[serde(default)]
    pub penalty: Option<String>,
    /// Clause (`规程 十二(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Appeals (申诉).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Appeals {
    /// Hours after the round within which an appeal must be lodged.
    pub within_hours: u32,
    /// Deposit per appeal, in yuan in the file; kept if the appeal is rejected.
    #[serde(rename = "deposit_yuan", deserialize_with = "de::yuan")]
    pub deposit: Fen,
    /// Must be in writing.
    #[serde(default)]
    pub written: bool,
    /// The body that hears appeals.
    #[serde(default)]
    pub body: Option<String>,
    /// Clause (`规程 八(二)3`).
    #[serde(default)]
    pub clause: Option<String>,
}
