//! Rounds: the round workbooks (`results/rNN.xlsx`) bianpai writes and the arbiter fills in, the
//! result notation typed into them, and the line-up checks of team events.

pub mod compare;
pub mod lines;
pub mod lineup;
pub mod marker;
pub mod notation;
pub mod record;
pub mod sheet;
pub mod typed;
