//! The rows of a round as plain data: what a new round workbook is written with (the pairing
//! and the default line-ups) and what a read one holds (for the printable copy). Written by
//! [`crate::report::round_workbook`].

use crate::model::{Colour, GameResult};

/// One board row of a team round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TeamLine {
    /// 场次.
    pub match_no: u32,
    /// 台次.
    pub board: u32,
    /// 主队.
    pub home_team: String,
    /// 主队棋手 (pre-filled default line-up; empty when the team has nobody for the board).
    pub home_player: String,
    /// The home player's colour.
    pub home_colour: Colour,
    /// The result, when known (the printable copy after results are in).
    pub result: Option<GameResult>,
    /// 客队棋手.
    pub away_player: String,
    /// 客队.
    pub away_team: String,
}

/// One game (or bye) of an individual round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IndividualLine {
    /// 台号.
    pub board: u32,
    /// White (red) player, with unit.
    pub left: String,
    /// The result, when known.
    pub result: Option<GameResult>,
    /// Black player; `None` for the bye row.
    pub right: Option<String>,
}

/// The rows of a round to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Lines {
    /// Team event.
    Team(Vec<TeamLine>),
    /// Individual event.
    Individual(Vec<IndividualLine>),
}
