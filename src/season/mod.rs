//! Seasons: carrying an event through its rounds from the round workbooks — the draw, the
//! schedule, which rounds are paired and complete, match results and line-up checks.

pub mod draw;
pub mod finals;
pub mod league;
pub mod matches;
pub mod tables;
pub mod teams;
pub mod trf_build;
