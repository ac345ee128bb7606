//! Knockout stages described as data: which teams meet (by seed, or as winner or loser of an
//! earlier match), over how many rounds, and which outcome takes which final place.
//!
//! A [`Bracket`] is plain serde data so that an event file can describe any bracket;
//! [`Bracket::a_league`] builds the finals of the Chinese Chess League (regulation
//! `000_ce5d4b5885c06372.txt`). [`decide`] takes the results entered so far and gives every
//! match's teams and winner, the final places and the relegated teams, saying what is still
//! open. Teams are identified by their **seed**: their regular-season place, 1 = best.
//!
//! A match (several rounds between the same two teams) is won on the sum of match points over
//! its rounds, then as the bracket's `tie_resolution` says: by default the sum of game points,
//! then an over-the-board play-off whose winner the arbiter enters (C.07 art. 3; the
//! regulation leaves the drawn match open, RULES.md §C).

mod bracket;
mod decide;

#[cfg(test)]
mod tests;

pub use bracket::{Bracket, MatchDef, PlaceRule, Source, TieResolution};
pub use decide::{
    BracketOutcome, DecidedBy, Decision, MatchOutcome, MatchResult, Pending, RoundScore, Side,
    SidePoints, decide,
};

/// A bracket description that cannot be used, or results that do not fit it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// The bracket itself is inconsistent (message names the match or place).
    #[error("knockout bracket: {0}")]
    Bracket(String),
    /// A result was entered for a match the bracket does not have.
    #[error("knockout results: no match {0:?} in the bracket")]
    UnknownMatch(String),
}
