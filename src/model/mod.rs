//! The domain vocabulary shared by every stage: small `Copy` types with `Display`/`FromStr`.
//!
//! The normalized event model (teams, people, rounds) is built on these types; no stage passes
//! sexes, colours, scores or money around as strings or floats.

mod colour;
mod money;
mod points;
mod result;
pub mod roster;
mod sex;
mod sport;

pub use colour::{ByColour, Colour};
pub use money::{Fen, ParseFenError};
pub use points::{ParsePointsError, Points};
pub use result::{BoardOutcome, GameResult};
pub use sex::{ParseSexError, Sex};
pub use sport::Sport;
