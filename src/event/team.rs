//! Scoring, team composition and board rules.

use serde::Deserialize;

use super::de;
use crate::model::{Points, Sex};

/// How games and matches score and what ranks first.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoringRules {
    /// Points of one game.
    pub game: ScoreTriple,
    /// Match points of a team match (team events).
    #[serde(default, rename = "match")]
    pub team_match: Option<ScoreTriple>,
    /// The primary score of the ranking.
    pub primary: Primary,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause.
    #[serde(default)]
    pub clause: Option<String>,
}

/// Win / draw / loss scores.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScoreTriple {
    /// A win.
    #[serde(deserialize_with = "de::points")]
    pub win: Points,
    /// A draw.
    #[serde(deserialize_with = "de::points")]
    pub draw: Points,
    /// A loss.
    #[serde(deserialize_with = "de::points")]
    pub loss: Points,
}

/// The primary score of a ranking.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Primary {
    /// Game points (individual events).
    Points,
    /// Match points (场分, team events).
    MatchPoints,
    /// Game points summed over boards (局分).
    GamePoints,
}

/// Who a team or delegation may enter.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TeamRules {
    /// Men who play (主力).
    #[serde(default)]
    pub men_main: Option<u32>,
    /// Men in reserve (替补).
    #[serde(default)]
    pub men_reserve: Option<u32>,
    /// Women who play.
    #[serde(default)]
    pub women_main: Option<u32>,
    /// Women in reserve.
    #[serde(default)]
    pub women_reserve: Option<u32>,
    /// Clause of the player counts (`规程 九(一)`).
    #[serde(default)]
    pub clause: Option<String>,
    /// Leaders (领队) a team may enter.
    #[serde(default)]
    pub leaders: u32,
    /// Coaches (教练) a team may enter.
    #[serde(default)]
    pub coaches: u32,
    /// `leaders`/`coaches` are template defaults (the regulation does not say).
    #[serde(default)]
    pub staff_default: bool,
    /// Clause of the staff counts (`规程 八(二)`).
    #[serde(default)]
    pub staff_clause: Option<String>,
}

impl TeamRules {
    /// Most men a team may enter (main + reserve), if limited.
    pub fn max_men(&self) -> Option<u32> {
        sum(self.men_main, self.men_reserve)
    }

    /// Most women a team may enter (main + reserve), if limited.
    pub fn max_women(&self) -> Option<u32> {
        sum(self.women_main, self.women_reserve)
    }
}

fn sum(a: Option<u32>, b: Option<u32>) -> Option<u32> {
    match (a, b) {
        (None, None) => None,
        (a, b) => Some(a.unwrap_or(0).saturating_add(b.unwrap_or(0))),
    }
}

/// Board rules of a team event.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BoardRules {
    /// The boards in order, with the sex that plays each.
    pub boards: Vec<Board>,
    /// Where reserves may play.
    #[serde(default)]
    pub reserves: Vec<ReserveRule>,
    /// The board order is fixed at entry and may not change afterwards (固定台次制).
    #[serde(default)]
    pub fixed_order: bool,
    /// When a main player rests, the players below move up in entry order.
    #[serde(default)]
    pub move_up: bool,
    /// Clause of the board rules (`规程 九(二)`).
    #[serde(default)]
    pub clause: Option<String>,
    /// A woman may be entered on a men's board only with this rating or more.
    #[serde(default)]
    pub woman_on_men_board: Option<RatingThreshold>,
    /// Colours of the first-named team's boards.
    #[serde(default)]
    pub colours: Option<ColourRule>,
}

impl BoardRules {
    /// Number of boards.
    pub fn count(&self) -> usize {
        self.boards.len()
    }

    /// The boards a reserve of `sex` may take (empty = any board of that sex).
    pub fn reserve_boards(&self, sex: Sex) -> &[u32] {
        self.reserves
            .iter()
            .find(|r| r.sex == sex)
            .map_or(&[], |r| r.boards.as_slice())
    }
}

/// One board and the sex that plays it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Board number, from 1.
    pub number: u32,
    /// Who plays it.
    #[serde(deserialize_with = "de::sex")]
    pub sex: Sex,
}

/// Where a reserve of one sex may play.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReserveRule {
    /// The reserve's sex.
    #[serde(deserialize_with = "de::sex")]
    pub sex: Sex,
    /// The boards allowed.
    pub boards: Vec<u32>,
}

/// A rating threshold (`≥ 2350`, FIDE standard rating).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RatingThreshold {
    /// The lowest allowed rating.
    pub min_rating: u32,
    /// Whether `min_rating` itself is allowed (`2350(含)` → true).
    pub inclusive: bool,
    /// Which rating (`FIDE`).
    pub rating: String,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 九(三)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl RatingThreshold {
    /// Whether `rating` meets the threshold.
    pub fn allows(&self, rating: u32) -> bool {
        if self.inclusive {
            rating >= self.min_rating
        } else {
            rating > self.min_rating
        }
    }
}

/// Board colours of the first-named team in every match: `WBWBW` = white on boards 1, 3, 5.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourRule {
    /// One letter per board, `W` or `B`.
    pub first_named: String,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 九(五)`).
    #[serde(default)]
    pub clause: Option<String>,
}
