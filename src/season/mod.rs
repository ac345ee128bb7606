//! Seasons: carrying an event through its rounds from the round workbooks — the draw, the
//! schedule, which rounds are paired and complete, match results and line-up checks.

pub mod draw;
pub mod individual;
pub mod league;
pub mod matches;
pub mod tables;
pub mod team_swiss;
pub mod teams;
pub mod trf_build;
