//! Seasons: carrying an event through its rounds from the round workbooks — the draw, the
//! schedule, which rounds are paired and complete, match results and line-up checks.
//!
//! - [`league`]: a team round robin, then [`finals`] (knockout);
//! - [`team_swiss`]: a team Swiss (FIDE C.04.6);
//! - [`individual`]: individual Swiss sections (xiangqi groups) and the delegation ranking.

pub mod draw;
pub mod finals;
pub mod individual;
pub mod league;
pub mod matches;
pub mod numbers;
pub mod tables;
pub mod team_standings;
pub mod team_swiss;
pub mod teams;
pub mod trf_build;
