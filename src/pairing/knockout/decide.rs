//! Deciding matches from entered results and giving places.

use super::Error;
use super::bracket::{Bracket, Source, TieResolution};
use crate::model::Points;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// One side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The first-named team.
    First,
    /// The second-named team.
    Second,
}

/// A value for each side of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct SidePoints {
    /// The first-named team's value.
    pub first: Points,
    /// The second-named team's value.
    pub second: Points,
}

impl SidePoints {
    /// The side with more, or `None` when level.
    fn leader(self) -> Option<Side> {
        match self.first.cmp(&self.second) {
            std::cmp::Ordering::Greater => Some(Side::First),
            std::cmp::Ordering::Less => Some(Side::Second),
            std::cmp::Ordering::Equal => None,
        }
    }
}

impl std::ops::Add for SidePoints {
    type Output = SidePoints;
    fn add(self, o: SidePoints) -> SidePoints {
        SidePoints {
            first: self.first + o.first,
            second: self.second + o.second,
        }
    }
}

/// The score of one round of a match (one team match of several boards).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct RoundScore {
    /// Match points of the round (e.g. 2-0, 1-1).
    pub match_points: SidePoints,
    /// Game points of the round (board points summed, e.g. 3.5-1.5).
    pub game_points: SidePoints,
}

/// What has been entered for one match.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct MatchResult {
    /// The rounds played so far, in order.
    pub rounds: Vec<RoundScore>,
    /// The winner of the over-the-board play-off, entered by the arbiter; used only when the
    /// teams are level on match and game points.
    #[serde(default)]
    pub playoff_winner: Option<Side>,
    /// The side that goes through without (further) play, by the chief arbiter's ruling, when
    /// the other side is gone (disqualified, or a seed left empty by a disqualification).
    #[serde(default)]
    pub walkover: Option<Side>,
}

/// What decided a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DecidedBy {
    /// More match points over the match's rounds.
    MatchPoints,
    /// Level on match points, more game points.
    GamePoints,
    /// Level on both; the play-off winner entered by the arbiter.
    Playoff,
    /// The other side is gone; the chief arbiter's walkover ruling.
    Walkover,
}

/// Why a match has no winner yet.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Pending {
    /// A team of this match is not known yet: an earlier match is still open.
    TeamsUnknown,
    /// Fewer rounds entered than the match has (0 = not started).
    Incomplete {
        /// Rounds entered.
        entered: usize,
        /// Rounds the match has.
        planned: u8,
    },
    /// More rounds entered than the match has: the entry must be corrected.
    TooManyRounds {
        /// Rounds entered.
        entered: usize,
        /// Rounds the match has.
        planned: u8,
    },
    /// Level on match and game points: the play-off winner must be entered.
    NeedsPlayoff,
}

/// The state of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    /// Decided.
    Won {
        /// The winning side.
        winner: Side,
        /// What decided it.
        by: DecidedBy,
    },
    /// Not decided yet, and why.
    Open(Pending),
}

/// One match with its teams (seeds), totals and decision.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MatchOutcome {
    /// The match id of the bracket.
    pub id: String,
    /// The first-named team's seed, once known.
    pub first: Option<u16>,
    /// The second-named team's seed, once known.
    pub second: Option<u16>,
    /// Match points summed over the entered rounds.
    pub match_points: SidePoints,
    /// Game points summed over the entered rounds.
    pub game_points: SidePoints,
    /// Winner or why there is none.
    pub decision: Decision,
}

impl MatchOutcome {
    /// The team on one side.
    fn team(&self, side: Side) -> Option<u16> {
        match side {
            Side::First => self.first,
            Side::Second => self.second,
        }
    }

    /// The winner's seed, once decided.
    pub fn winner(&self) -> Option<u16> {
        match self.decision {
            Decision::Won { winner, .. } => self.team(winner),
            Decision::Open(_) => None,
        }
    }

    /// The loser's seed, once decided.
    pub fn loser(&self) -> Option<u16> {
        match self.decision {
            Decision::Won { winner, .. } => self.team(match winner {
                Side::First => Side::Second,
                Side::Second => Side::First,
            }),
            Decision::Open(_) => None,
        }
    }
}

/// Everything [`decide`] can say with the results entered so far.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketOutcome {
    /// Every match in bracket order.
    pub matches: Vec<MatchOutcome>,
    /// The seed at each final place (index 0 = 1st); `None` while still open.
    pub places: Vec<Option<u16>>,
    /// The relegated teams in bracket order; `None` while still open.
    pub relegated: Vec<Option<u16>>,
}

impl BracketOutcome {
    /// Whether every place is decided.
    pub fn is_complete(&self) -> bool {
        self.places.iter().all(Option::is_some)
    }

    /// The final place of a seed, once decided.
    pub fn place_of(&self, seed: u16) -> Option<u16> {
        let i = self.places.iter().position(|&p| p == Some(seed))?;
        u16::try_from(i + 1).ok()
    }
}

/// The seed a source stands for, once known.
fn resolve(src: &Source, done: &BTreeMap<&str, MatchOutcome>) -> Option<u16> {
    match src {
        Source::Seed(n) => Some(*n),
        Source::Winner(id) => done.get(id.as_str()).and_then(MatchOutcome::winner),
        Source::Loser(id) => done.get(id.as_str()).and_then(MatchOutcome::loser),
        Source::Ranked { among, rank } => {
            let mut teams = among
                .iter()
                .map(|s| resolve(s, done))
                .collect::<Option<Vec<u16>>>()?;
            teams.sort_unstable();
            teams.get(usize::from(*rank).checked_sub(1)?).copied()
        }
    }
}

/// Decides one match whose teams are known.
fn decide_match(
    planned: u8,
    result: Option<&MatchResult>,
    resolution: &[TieResolution],
) -> (SidePoints, SidePoints, Decision) {
    let rounds = result.map_or(&[][..], |r| r.rounds.as_slice());
    let mp = rounds
        .iter()
        .fold(SidePoints::default(), |a, r| a + r.match_points);
    let gp = rounds
        .iter()
        .fold(SidePoints::default(), |a, r| a + r.game_points);
    let entered = rounds.len();
    let planned_n = usize::from(planned);
    let decision = if let Some(winner) = result.and_then(|r| r.walkover) {
        Decision::Won {
            winner,
            by: DecidedBy::Walkover,
        }
    } else if entered < planned_n {
        Decision::Open(Pending::Incomplete { entered, planned })
    } else if entered > planned_n {
        Decision::Open(Pending::TooManyRounds { entered, planned })
    } else if let Some(winner) = mp.leader() {
        Decision::Won {
            winner,
            by: DecidedBy::MatchPoints,
        }
    } else {
        resolution
            .iter()
            .find_map(|how| match how {
                TieResolution::GamePoints => gp.leader().map(|winner| Decision::Won {
                    winner,
                    by: DecidedBy::GamePoints,
                }),
                TieResolution::Playoff => {
                    result
                        .and_then(|r| r.playoff_winner)
                        .map(|winner| Decision::Won {
                            winner,
                            by: DecidedBy::Playoff,
                        })
                }
            })
            .unwrap_or(Decision::Open(Pending::NeedsPlayoff))
    };
    (mp, gp, decision)
}

/// Decides every match of `bracket` that the `results` (by match id) allow, then the places and
/// relegations.
///
/// # Errors
///
/// [`Error::Bracket`] when the bracket is inconsistent ([`Bracket::validate`]);
/// [`Error::UnknownMatch`] for a result whose id is not in the bracket.
pub fn decide(
    bracket: &Bracket,
    results: &BTreeMap<String, MatchResult>,
) -> Result<BracketOutcome, Error> {
    bracket.validate()?;
    if let Some(id) = results
        .keys()
        .find(|id| !bracket.matches.iter().any(|m| &m.id == *id))
    {
        return Err(Error::UnknownMatch(id.clone()));
    }
    let mut done: BTreeMap<&str, MatchOutcome> = BTreeMap::new();
    let mut matches = Vec::new();
    for m in &bracket.matches {
        let first = resolve(&m.first, &done);
        let second = resolve(&m.second, &done);
        let result = results.get(&m.id);
        let (match_points, game_points, decision) = if first.is_some() && second.is_some() {
            decide_match(m.rounds, result, &bracket.tie_resolution)
        } else {
            (
                SidePoints::default(),
                SidePoints::default(),
                Decision::Open(Pending::TeamsUnknown),
            )
        };
        let outcome = MatchOutcome {
            id: m.id.clone(),
            first,
            second,
            match_points,
            game_points,
            decision,
        };
        matches.push(outcome.clone());
        done.insert(m.id.as_str(), outcome);
    }
    let mut places = vec![None; usize::from(bracket.seeds)];
    for rule in &bracket.places {
        let teams: Option<Vec<u16>> = rule.teams.iter().map(|s| resolve(s, &done)).collect();
        // A group is ordered by regular-season place, so it needs all its teams known.
        if let Some(mut teams) = teams {
            teams.sort_unstable();
            for (k, t) in teams.into_iter().enumerate() {
                let index = (usize::from(rule.first_place) + k).checked_sub(1);
                if let Some(slot) = index.and_then(|i| places.get_mut(i)) {
                    *slot = Some(t);
                }
            }
        }
    }
    let relegated = bracket
        .relegated
        .iter()
        .map(|s| resolve(s, &done))
        .collect();
    Ok(BracketOutcome {
        matches,
        places,
        relegated,
    })
}
