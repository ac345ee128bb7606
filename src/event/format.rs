//! Stages and their competition format: round robin, Swiss, knockout finals with the bracket.

use std::fmt;

use jiff::civil::Date;
use serde::Deserialize;

use super::de;
use super::defaulted::{Defaulted, read_defaults};
use crate::model::Points;

/// A stage of the event (the A-league's 常规赛 and 总决赛; the single stage of a Swiss event), with
/// its dates, place and format.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stage {
    /// Short ASCII identifier (`regular`, `finals`).
    pub id: super::StageId,
    /// Name as printed (`常规赛`).
    pub name: String,
    /// The sections played in this stage (section ids); empty = every section.
    #[serde(default)]
    pub sections: Vec<String>,
    /// First day of play; None = the event's start.
    #[serde(default, deserialize_with = "de::opt_date")]
    pub start: Option<Date>,
    /// Last day of play; None = the event's end.
    #[serde(default, deserialize_with = "de::opt_date")]
    pub end: Option<Date>,
    /// The dates are provisional (拟定).
    #[serde(default)]
    pub tentative: bool,
    /// City, when it differs from the event's.
    #[serde(default)]
    pub city: Option<String>,
    /// Venue, when it differs from the event's.
    #[serde(default)]
    pub venue: Option<String>,
    /// The pairing system.
    pub system: System,
    /// Number of rounds (Swiss, round robin); knockout stages take them from their matches.
    #[serde(default)]
    pub rounds: Option<u32>,
    /// Round robin cycles (1 = single round robin, 单循环).
    #[serde(default)]
    pub cycles: Option<u32>,
    /// Play dates of the rounds, when the regulation's schedule gives them.
    #[serde(default)]
    pub round_dates: Vec<de::DateStr>,
    /// The number of rounds is a template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Time control.
    #[serde(default)]
    pub time_control: Option<TimeControl>,
    /// Pairing options of a Swiss stage.
    #[serde(default)]
    pub pairing: Option<Pairing>,
    /// What a pairing-allocated bye scores.
    #[serde(default)]
    pub bye: Option<Bye>,
    /// The bracket of a knockout stage.
    #[serde(default)]
    pub knockout: Option<Knockout>,
    /// The groups of a team round robin (`[stages.groups]`), each with its own schedule.
    #[serde(default)]
    pub groups: Option<super::StageGroups>,
    /// Clause (`规程 五(二)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl Stage {
    /// Whether this stage plays `section_id`.
    pub fn plays(&self, section_id: &str) -> bool {
        self.sections.is_empty() || self.sections.iter().any(|s| s == section_id)
    }

    /// How the stage's entrants get their pairing numbers: `[stages.pairing] numbers`, else its
    /// system's way (the two agree once the file is checked); `None` for a knockout stage,
    /// whose slots come from the seeding stage's places.
    pub fn numbers(&self) -> Option<Numbering> {
        self.pairing
            .as_ref()
            .and_then(|p| p.numbers)
            .or(self.system.numbers())
    }
}

/// Pairing system of a stage.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum System {
    /// Round robin with Berger tables (FIDE C.05 Annex 1).
    RoundRobin,
    /// FIDE Swiss team pairing system (C.04.6).
    TeamSwiss,
    /// FIDE Dutch system (C.04.3), individual.
    Swiss,
    /// Xiangqi Swiss (积分编排制, CXA practice).
    XiangqiSwiss,
    /// Knockout matches described by [`Knockout`].
    Knockout,
}

impl System {
    /// Chinese name.
    pub fn zh(self) -> &'static str {
        match self {
            System::RoundRobin => "循环赛",
            System::TeamSwiss => "团体瑞士制",
            System::Swiss => "瑞士制",
            System::XiangqiSwiss => "积分编排制",
            System::Knockout => "淘汰赛",
        }
    }

    /// The one way this system's code gives the initial pairing numbers; `None` for a
    /// knockout (seeded by places).
    pub fn numbers(self) -> Option<Numbering> {
        match self {
            System::RoundRobin => Some(Numbering::Draw),
            System::TeamSwiss => Some(Numbering::AverageRatingMain),
            System::XiangqiSwiss | System::Swiss => Some(Numbering::Rating),
            System::Knockout => None,
        }
    }
}

/// `[stages.pairing] numbers`: how a stage's entrants get their initial pairing numbers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Numbering {
    /// By lot (抽签, a team round robin): `[draw] public_numbers`, else the draw recorded in
    /// `results/draw.xlsx`, else bianpai's draw with `[draw] seed` ([`crate::season::numbers`]).
    Draw,
    /// By the average rating of each team's main players, highest first, then team name (a
    /// team Swiss, C.04.6 1.1), unless `[draw] public_numbers` gives them
    /// ([`crate::season::team_swiss`]).
    AverageRatingMain,
    /// By rating, highest first, then name (the xiangqi Swiss,
    /// [`crate::pairing::xiangqi_swiss::pairing_order`]); the FIDE Dutch by rating, title, then
    /// `[stages.pairing] unrated` (C.04.2, [`crate::season::individual::order`]).
    Rating,
}

impl Numbering {
    /// The value as written in event.toml.
    pub fn as_str(self) -> &'static str {
        match self {
            Numbering::Draw => "draw",
            Numbering::AverageRatingMain => "average-rating-main",
            Numbering::Rating => "rating",
        }
    }
}

/// Time control: base time per player plus an increment per move.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimeControl {
    /// Minutes per player for the game.
    pub minutes: u32,
    /// Seconds added per move.
    #[serde(default)]
    pub increment_seconds: u32,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 九(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}'", self.minutes)?;
        if self.increment_seconds > 0 {
            write!(f, "+{}\"", self.increment_seconds)?;
        }
        Ok(())
    }
}

/// Pairing options of a Swiss stage.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pairing {
    /// How the initial pairing numbers are given: the one way the stage's system gives them
    /// ([`System::numbers`]); stating another is refused.
    #[serde(default)]
    pub numbers: Option<Numbering>,
    /// Players of the same unit (delegation) are not paired together while possible.
    #[serde(default)]
    pub avoid_same_unit: bool,
    /// Longest allowed run of the same colour (xiangqi practice: no three in a row → 2).
    #[serde(default)]
    pub max_same_colour_run: Option<u32>,
    /// 禁3先/后 in the stage's last round (xiangqi Swiss only): `never` keeps the
    /// `max_same_colour_run` limit in every round (the default), `last-round` lifts it there.
    #[serde(default)]
    pub three_in_a_row: Option<ThreeInARow>,
    /// Whether two players whose game was forfeited may be paired again (xiangqi Swiss only):
    /// `allowed` (the default: a forfeit is not a meeting, GHR 3.5) or `never`.
    #[serde(default)]
    pub forfeit_rematch: Option<ForfeitRematch>,
    /// The FIDE Dutch's order of players equal on rating and title (the unrated above all):
    /// C.04.2 leaves it to the regulation; `pinyin` when absent.
    #[serde(default)]
    pub unrated: Option<UnratedOrder>,
    /// An acceleration: `baku` (C.04.5.1) for a FIDE Dutch stage (`system = "swiss"`); any
    /// other value, or on another system, is refused at its key.
    #[serde(default)]
    pub acceleration: Option<String>,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

impl Pairing {
    /// Whether the stage is paired with Baku acceleration (C.04.5.1).
    pub fn baku(&self) -> bool {
        self.acceleration.as_deref() == Some("baku")
    }
}

/// The score of a pairing-allocated bye.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bye {
    /// Points (individual) or match points (team) for the bye.
    #[serde(deserialize_with = "de::points")]
    pub points: Points,
    /// Game points credited to a team with a bye.
    #[serde(default, deserialize_with = "de::opt_points")]
    pub game_points: Option<Points>,
    /// How the bye counts as an opponent in opponent-score tie-breaks (xiangqi 14.4:
    /// `lowest-with-points`, the default).
    #[serde(default)]
    pub as_opponent: Option<ByeAsOpponent>,
    /// The byes (H and Z) a player may request over the stage (FIDE Dutch); `None` = no limit.
    #[serde(default)]
    pub requested_max: Option<u32>,
    /// The last round a half-point bye (H) may be requested for; `None` = any round.
    #[serde(default)]
    pub half_point_rounds_until: Option<u32>,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// `[stages.pairing] unrated`: how the FIDE Dutch orders players equal on rating and title
/// (C.04.2 1.1 leaves the order to the regulation).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum UnratedOrder {
    /// Alphabetically by the pinyin of the name (then the name, then the unit).
    Pinyin,
    /// By lot, drawn with `[draw] seed` (the event's public seed).
    Draw,
}

/// `[stages.pairing] three_in_a_row`: whether the run limit (`max_same_colour_run`, 禁3先/后)
/// holds in the stage's last round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ThreeInARow {
    /// The limit holds in every round.
    Never,
    /// The last round is paired with the limit lifted.
    LastRound,
}

/// `[stages.pairing] forfeit_rematch`: whether two players whose game was forfeited may meet
/// again.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ForfeitRematch {
    /// A forfeit is not a meeting (GHR 3.5): they may be paired again.
    Allowed,
    /// A forfeited game counts as a meeting: they are never paired again.
    Never,
}

/// `[stages.bye] as_opponent`: what a bye counts as in 对手分 (opponent score).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ByeAsOpponent {
    /// An opponent on the lowest final score among the players with points (xiangqi rules
    /// 14.4: 有分棋手的最低分).
    LowestWithPoints,
    /// An opponent on the lowest final score in the field (`lowest` too).
    #[serde(alias = "lowest")]
    LowestScore,
    /// Nothing.
    Zero,
}

/// A knockout bracket: matches between slots, re-seeded groups, final places and relegation.
#[derive(Debug, Clone, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct Knockout {
    /// The stage whose final ranking gives the seeds (`seed:N` = its place N).
    pub seeds_from: String,
    /// Groups of teams renumbered by seed (`group:W:1` is the best-seeded member of group W).
    #[serde(default)]
    pub groups: Vec<SeedGroup>,
    /// The matches, in the order they are played.
    pub matches: Vec<KnockoutMatch>,
    /// The final places the bracket decides.
    pub places: Vec<PlaceRule>,
    /// The slots relegated.
    #[serde(default)]
    pub relegated: Vec<Slot>,
    /// The renumbering of `groups` and the order of places the regulation leaves implicit are
    /// template readings (the bracket annex was not published with the text).
    #[serde(default)]
    pub bracket_default: bool,
    /// Play-off winners the arbiter enters, by match id, when a match is level on match and
    /// game points (`playoff_winners = { B = "北京华清队" }`).
    #[serde(default)]
    pub playoff_winners: std::collections::BTreeMap<String, String>,
    /// How a match level on match points is decided, in order (`game-points`, `playoff`).
    pub tie_resolution: Defaulted<Vec<crate::pairing::knockout::TieResolution>>,
    /// The file's `tie_resolution_default` key, read into `tie_resolution`.
    #[serde(default)]
    tie_resolution_default: bool,
    /// Colours in knockout matches (`higher-seed-first-then-alternate`).
    #[serde(default)]
    pub colours: Defaulted<Option<KnockoutColours>>,
    /// The file's `colours_default` key, read into `colours`.
    #[serde(default)]
    colours_default: bool,
    /// Clause (`规程 五(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

read_defaults!(Knockout {
    tie_resolution_default => tie_resolution;
    colours_default => colours;
});

/// The colours of a knockout match's rounds (`[stages.knockout] colours`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum KnockoutColours {
    /// The better regular-season seed is first-named in a match's first round, then the
    /// teams alternate.
    HigherSeedFirstThenAlternate,
}

/// Teams renumbered by their seed: members ordered by `seed:N` ascending become `group:ID:1..`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SeedGroup {
    /// Identifier (`W`).
    pub id: String,
    /// The members.
    pub members: Vec<Slot>,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// One knockout match over several rounds.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockoutMatch {
    /// Identifier (`QF1`).
    pub id: String,
    /// Name as printed (`八强赛 1-8`).
    pub name: String,
    /// Phase of the bracket (matches of one phase are played in parallel).
    pub phase: u32,
    /// The first-named side.
    pub home: Slot,
    /// The second-named side.
    pub away: Slot,
    /// Rounds (对抗轮数).
    pub rounds: u32,
    /// Clause (`规程 五(三)1(1)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// Final places given to slots: `places[i]` to `teams[i]`, or, with `order_by_seed`, the teams
/// sorted by seed take the places in order.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlaceRule {
    /// The places.
    pub places: Vec<u32>,
    /// The slots taking them.
    pub teams: Vec<Slot>,
    /// Order the teams by seed (regular-season place) before giving out the places.
    #[serde(default)]
    pub order_by_seed: bool,
    /// Clause (`规程 五(四)`).
    #[serde(default)]
    pub clause: Option<String>,
}

/// A position in a bracket.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
#[serde(try_from = "String")]
pub enum Slot {
    /// `seed:N`: place N of the seeding stage.
    Seed(u32),
    /// `winner:ID`: the winner of match ID.
    Winner(String),
    /// `loser:ID`: the loser of match ID.
    Loser(String),
    /// `group:ID:N`: the N-th best seed of group ID.
    Group(String, u32),
    /// `place:G:N`: place N of group G of the round robin the knockout is seeded from (read as
    /// the seed it is once the file is checked).
    Place(String, u32),
}

impl TryFrom<String> for Slot {
    type Error = String;
    fn try_from(s: String) -> Result<Slot, String> {
        let bad = || {
            format!(
                "对阵位置应写成 seed:1、winner:QF1、loser:QF1、group:W:1 或 place:A:1，而不是 {s:?} \
                 (a bracket slot is seed:N, winner:ID, loser:ID, group:ID:N or place:G:N)"
            )
        };
        let mut parts = s.split(':');
        let kind = parts.next().unwrap_or_default();
        let a = parts.next().ok_or_else(bad)?;
        let b = parts.next();
        if parts.next().is_some() || a.is_empty() {
            return Err(bad());
        }
        let num = |x: &str| x.parse::<u32>().ok().filter(|n| *n > 0);
        match (kind, b) {
            ("seed", None) => num(a).map(Slot::Seed).ok_or_else(bad),
            ("winner", None) => Ok(Slot::Winner(a.to_string())),
            ("loser", None) => Ok(Slot::Loser(a.to_string())),
            ("group", Some(n)) => num(n)
                .map(|n| Slot::Group(a.to_string(), n))
                .ok_or_else(bad),
            ("place", Some(n)) => num(n)
                .map(|n| Slot::Place(a.to_string(), n))
                .ok_or_else(bad),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Slot::Seed(n) => write!(f, "seed:{n}"),
            Slot::Winner(m) => write!(f, "winner:{m}"),
            Slot::Loser(m) => write!(f, "loser:{m}"),
            Slot::Group(g, n) => write!(f, "group:{g}:{n}"),
            Slot::Place(g, n) => write!(f, "place:{g}:{n}"),
        }
    }
}
