//! The outcome of one game (one board) from one side's point of view, typed so that
//! impossible states cannot be written down.

use super::colour::Colour;

/// How a game ended, seen from the player (or left-hand side) it belongs to.
///
/// Forfeits and byes are their own variants: tie-breaks treat them differently from games
/// played over the board (FIDE C.07 arts. 15-16).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum GameResult {
    /// Won over the board.
    Win,
    /// Drawn over the board.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won by forfeit (opponent did not appear): `+`.
    ForfeitWin,
    /// Lost by forfeit: `-`.
    ForfeitLoss,
    /// Both sides forfeited: `--`, scored 0 for each.
    DoubleForfeit,
}

impl GameResult {
    /// The same game from the other side.
    pub fn reversed(self) -> GameResult {
        match self {
            GameResult::Win => GameResult::Loss,
            GameResult::Loss => GameResult::Win,
            GameResult::Draw => GameResult::Draw,
            GameResult::ForfeitWin => GameResult::ForfeitLoss,
            GameResult::ForfeitLoss => GameResult::ForfeitWin,
            GameResult::DoubleForfeit => GameResult::DoubleForfeit,
        }
    }

    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, GameResult::Win | GameResult::Draw | GameResult::Loss)
    }
}

/// A game between two sides with the left side's colour and result.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardOutcome {
    /// The colour of the left-hand (first-named) player.
    pub left_colour: Colour,
    /// The result from the left-hand player's side.
    pub result: GameResult,
}
