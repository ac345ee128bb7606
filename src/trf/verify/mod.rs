//! `trf check`: a whole tournament file held to bianpai's engines and to its own tie-break order.
//!
//! - [`replay`]: every round of the file paired again from the rounds before it (the cut rule of
//!   `tests/reference/dutch/README.md`: rounds 1..k-1 as they stand, and for round k only the
//!   absences: a player without an opponent and without a PAB in round k, `H`, `F`, `Z` or a
//!   blank, is not paired), each compared with the file's round k board by board.
//! - [`ranks`]: the file's rank column (and points column) against the ranking its `212` order
//!   (or a given list) makes.

mod ranks;
mod replay;

pub use ranks::{RankDiff, RankReport, ranks};
pub use replay::{RoundDiff, RoundReport, System, engine_for, lot, replay};
