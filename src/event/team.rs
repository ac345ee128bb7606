//! Scoring, team composition and board rules.

use serde::Deserialize;

use super::de;
use super::defaulted::{Defaulted, read_defaults};
use crate::model::{Colour, Points, Sex};

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

/// Who a team or delegation may enter: by sex (`men_main = 3`, `women_main = 2`, the leagues'),
/// or for open boards (`main = 3`, `reserve = 1`), or both for a mixed team.
#[derive(Debug, Clone, Deserialize)]
#[serde(remote = "Self", deny_unknown_fields)]
pub struct TeamRules {
    /// Players of either sex who play the open boards (主力, boards without `sex`).
    #[serde(default)]
    pub main: Option<u32>,
    /// Reserves of either sex (替补) for the open boards.
    #[serde(default)]
    pub reserve: Option<u32>,
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
    pub leaders: Defaulted<u32>,
    /// Coaches (教练) a team may enter.
    #[serde(default)]
    pub coaches: Defaulted<u32>,
    /// The file's `staff_default` key (the regulation does not say), read into `leaders` and
    /// `coaches`.
    #[serde(default)]
    staff_default: bool,
    /// Clause of the staff counts (`规程 八(二)`).
    #[serde(default)]
    pub staff_clause: Option<String>,
}

read_defaults!(TeamRules {
    staff_default => leaders, coaches;
});

impl TeamRules {
    /// Most men a team may enter (main + reserve), if limited.
    pub fn max_men(&self) -> Option<u32> {
        sum(self.men_main, self.men_reserve)
    }

    /// Most women a team may enter (main + reserve), if limited.
    pub fn max_women(&self) -> Option<u32> {
        sum(self.women_main, self.women_reserve)
    }

    /// Most players of either sex on the open boards (main + reserve), if limited.
    pub fn max_open(&self) -> Option<u32> {
        sum(self.main, self.reserve)
    }

    /// Most players a team may enter in all, when the regulation says both how many men and
    /// how many women, or how many players for open boards (a mixed team: the sum).
    pub fn max_players(&self) -> Option<u32> {
        let by_sex = self.max_men().zip(self.max_women()).map(|(m, w)| m + w);
        match (self.max_open(), by_sex) {
            (None, by_sex) => by_sex,
            (Some(o), by_sex) => Some(o.saturating_add(by_sex.unwrap_or(0))),
        }
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

    /// The boards a reserve of `sex` may take (empty = any board of that sex): the rule of
    /// that sex, else the rule for reserves of either sex.
    pub fn reserve_boards(&self, sex: Sex) -> &[u32] {
        (self.reserves.iter())
            .find(|r| r.sex == Some(sex))
            .or_else(|| self.reserves.iter().find(|r| r.sex.is_none()))
            .map_or(&[], |r| r.boards.as_slice())
    }

    /// How many boards `sex` plays (`None`: the open boards).
    pub fn count_of(&self, sex: Option<Sex>) -> usize {
        self.boards.iter().filter(|b| b.sex == sex).count()
    }
}

/// One board and the sex that plays it.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Board {
    /// Board number, from 1.
    pub number: u32,
    /// Who plays it; `None` for an open board (either sex).
    #[serde(default, deserialize_with = "de::opt_sex")]
    pub sex: Option<Sex>,
}

/// Where a reserve of one sex (or of either sex) may play.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReserveRule {
    /// The reserve's sex; `None` for reserves of either sex (an open team).
    #[serde(default, deserialize_with = "de::opt_sex")]
    pub sex: Option<Sex>,
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

/// Board colours of the first-named team in every match: `WBWBW` = white on boards 1, 3, 5;
/// in the sport's words, `红黑红` or `先后先` (先: moves first, red/white).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ColourRule {
    /// One letter per board: `W`/`B`, `红`/`黑`, `白`/`黑` or `先`/`后`.
    pub first_named: String,
    /// A template default, not the regulation's.
    #[serde(default, rename = "default")]
    pub is_default: bool,
    /// Clause (`规程 九(五)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl ColourRule {
    /// The first-named team's colour on each board, or `None` when a letter is none of the
    /// forms. Either sport's words are accepted in either sport: they say the same colours.
    ///
    /// ```
    /// use bianpai::event::ColourRule;
    /// use bianpai::model::Colour::{Black as B, White as W};
    /// let rule = |s: &str| ColourRule { first_named: s.into(), is_default: false, clause: None };
    /// assert_eq!(rule("WBW").sequence(), Some(vec![W, B, W]));
    /// assert_eq!(rule("红黑红").sequence(), Some(vec![W, B, W]));
    /// assert_eq!(rule("先后先").sequence(), Some(vec![W, B, W]));
    /// assert_eq!(rule("WXW").sequence(), None);
    /// ```
    pub fn sequence(&self) -> Option<Vec<Colour>> {
        self.first_named
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(|c| match c {
                'W' | 'w' | '白' | '红' | '先' => Some(Colour::White),
                'B' | 'b' | '黑' | '后' => Some(Colour::Black),
                _ => None,
            })
            .collect()
    }
}
