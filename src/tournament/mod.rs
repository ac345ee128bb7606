//! The tournament: who plays and what happened, apart from any file format (bbpPairings keeps
//! `tournament/` apart from `fileformats/` the same way).
//!
//! - [`History`]: entrants with dense indices, teams, each entrant's rounds, the scoring tables
//!   and the rules the event states. The TRF reader builds it (`trf::history`), the run from
//!   the round workbooks, tests and examples game by game ([`History::individual`],
//!   [`History::add_game`]); every pairing system ([`crate::pairing::PairingSystem`]) and the
//!   standings read it.
//! - [`scored`]: the scored view the tie-breaks rank ([`History::scored`]), one typed result
//!   per competitor and round (for teams: matches built from their boards).

mod build;
mod history;
pub mod scored;
mod tables;
mod view;
mod view_teams;

pub use build::BuildError;
pub use history::{ByeKind, Entrant, Game, History, LineUp, Outcome, Slot, Team};
pub use scored::Edition;
pub use tables::{
    Acceleration, Adjustment, ForfeitOutcome, ForfeitedMatch, Prohibited, ScoreTable, TeamPabs,
};
pub use view::{Layout, ViewOptions};
