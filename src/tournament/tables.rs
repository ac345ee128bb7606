//! The scoring tables and team records of a tournament: points per result (TRF `162` for
//! games, `362` for matches), forfeited matches (`330`) and team pairing-allocated byes (`320`).
//! Pure data; the TRF reader fills them in, the engines and the standings read them.

use crate::model::Points;

use super::history::{ByeKind, Outcome};
use super::scored::ResultPoints;

/// Points per result symbol (record `162` for games, `362` for matches).
/// Defaults: W 1.0, D 0.5, L 0, A 0, P = W, X = D (TRF-26).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoreTable {
    /// Win.
    pub win: Points,
    /// Draw.
    pub draw: Points,
    /// Loss.
    pub loss: Points,
    /// Absence (zero-point bye).
    pub absent: Points,
    /// Pairing-allocated bye.
    pub pab: Points,
    /// Half-point bye (X).
    pub half_bye: Points,
}

impl Default for ScoreTable {
    fn default() -> Self {
        ScoreTable {
            win: Points::WIN,
            draw: Points::DRAW,
            loss: Points::ZERO,
            absent: Points::ZERO,
            pab: Points::WIN,
            half_bye: Points::DRAW,
        }
    }
}

impl ScoreTable {
    /// The win, draw and loss values.
    pub fn result_points(&self) -> ResultPoints {
        ResultPoints {
            win: self.win,
            draw: self.draw,
            loss: self.loss,
        }
    }

    /// The points one entrant scores for `outcome` under this table (TRF-26): a win, forfeit
    /// win or full-point bye scores `win`; the PAB `pab`; a half-point bye `half_bye`; a zero
    /// bye or an unpaired round `absent`; a forfeit loss nothing.
    pub fn points(&self, outcome: Outcome) -> Points {
        match outcome {
            Outcome::Win | Outcome::ForfeitWin | Outcome::Bye(ByeKind::Full) => self.win,
            Outcome::Bye(ByeKind::Pab) => self.pab,
            Outcome::Draw => self.draw,
            Outcome::Bye(ByeKind::Half) => self.half_bye,
            Outcome::Loss => self.loss,
            Outcome::Bye(ByeKind::Zero) | Outcome::Unpaired => self.absent,
            Outcome::ForfeitLoss => Points::ZERO,
        }
    }
}

/// Who won a forfeited match (record `330`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ForfeitOutcome {
    /// `+-`: the first-named team won by forfeit.
    FirstWins,
    /// `-+`: the second-named team won by forfeit.
    SecondWins,
    /// `--`: double forfeit, neither team scores.
    Double,
}

/// A forfeited match (record `330 +- RRR FFF SSS`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ForfeitedMatch {
    /// The round (1-based).
    pub round: u16,
    /// The first-named team's pairing number.
    pub first: u16,
    /// The second-named team's pairing number.
    pub second: u16,
    /// Which side won.
    pub outcome: ForfeitOutcome,
}

/// Team pairing-allocated byes (record `320 MMMM GGGG TTT TTT ...`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamPabs {
    /// Match points a PAB is worth.
    pub match_points: Points,
    /// Game points a PAB is worth.
    pub game_points: Points,
    /// The PAB team of each round (index 0 = round 1); `None` for `000` (no PAB that round).
    pub teams: Vec<Option<u16>>,
}
