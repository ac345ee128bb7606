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

/// A point adjustment (TRF-26 record `299` with a blank type: a penalty or a bonus), as FIDE's
/// reader (TieBreakServer) takes it: `round` 0 applies from the start, `1..=998` from that
/// round on (in the standings once that round is played, in the pairings of the rounds after
/// it), 999 in the final standings' score only (not in tie-breaks, not in pairings).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Adjustment {
    /// The round (`000` or blank: 0).
    pub round: u16,
    /// Match points (team events).
    pub match_points: Points,
    /// Game points (team events) or points (individuals).
    pub game_points: Points,
    /// The pairing numbers of the players (teams) adjusted.
    pub numbers: Vec<u16>,
}

impl Adjustment {
    /// The round number FIDE's reader keeps for the final standings only.
    pub const STANDINGS_ONLY: u16 = 999;

    /// Whether it counts in every score (tie-breaks included) once `rounds` rounds are played.
    pub fn counts_after(&self, rounds: usize) -> bool {
        self.round != Self::STANDINGS_ONLY && usize::from(self.round) <= rounds
    }
}

/// Fictitious points for pairing (TRF-26 record `250`, e.g. Baku acceleration): added to the
/// score of players (teams) `first..=last` when rounds `from..=to` are paired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Acceleration {
    /// Fictitious match points (team events).
    pub match_points: Points,
    /// Fictitious game points (points of individuals).
    pub game_points: Points,
    /// The first round paired with them.
    pub from: u16,
    /// The last round paired with them.
    pub to: u16,
    /// The first player (team) pairing number.
    pub first: u16,
    /// The last player (team) pairing number.
    pub last: u16,
}

impl Acceleration {
    /// Whether it applies to pairing number `no` in round `round` (1-based).
    pub fn applies(&self, no: u16, round: usize) -> bool {
        (self.first..=self.last).contains(&no)
            && (usize::from(self.from)..=usize::from(self.to)).contains(&round)
    }
}

/// Players (teams) who must not be paired with each other in rounds `from..=to` (TRF-26
/// record `260`): an absolute criterion, like a game already played.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Prohibited {
    /// The first round.
    pub from: u16,
    /// The last round.
    pub to: u16,
    /// Their pairing numbers: no two of them meet.
    pub numbers: Vec<u16>,
}
