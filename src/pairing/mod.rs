//! Pairing engines: round robin (Berger), FIDE Dutch, FIDE team Swiss (C.04.6), xiangqi Swiss,
//! knockout. Layered as solver ([`matching`]) ← criteria (one module per system) ← data.
//!
//! Every Swiss system is a [`PairingSystem`]: it pairs the next round of a [`History`] and
//! turns the history into its own working state privately.

pub mod berger;
pub mod check;
pub mod dutch;
pub mod knockout;
pub mod matching;
pub mod team_swiss;
pub mod xiangqi_swiss;

use std::fmt::Write as _;

use crate::tournament::History;

/// A pairing system: pairs the next round of a tournament from its history.
pub trait PairingSystem {
    /// Pairs the round after the last one paired in `history`.
    ///
    /// # Errors
    ///
    /// [`Error::NoLegalPairing`] when no pairing satisfies the absolute criteria;
    /// [`Error::BadInput`] when the history cannot be paired by this system.
    fn pair(&self, history: &History) -> Result<Pairing, Error>;
}

/// The pairing of one round: ordered pairs (white/red first, by starting rank) and the
/// pairing-allocated bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Pairing {
    /// `(white, black)` starting ranks, in board order.
    pub pairs: Vec<(u16, u16)>,
    /// The player (or team) receiving the pairing-allocated bye.
    pub bye: Option<u16>,
}

impl Pairing {
    /// The bbpPairings/JaVaFo `-p` format: the number of lines, then `white black` per line, the
    /// bye as `N 0`.
    ///
    /// ```
    /// use bianpai::pairing::Pairing;
    /// let p = Pairing { pairs: vec![(1, 4), (3, 2)], bye: Some(5) };
    /// assert_eq!(p.to_bbp(), "3\n1 4\n3 2\n5 0\n");
    /// ```
    pub fn to_bbp(&self) -> String {
        let mut s = String::new();
        let n = self.pairs.len() + usize::from(self.bye.is_some());
        let _ = writeln!(s, "{n}");
        for (w, b) in &self.pairs {
            let _ = writeln!(s, "{w} {b}");
        }
        if let Some(p) = self.bye {
            let _ = writeln!(s, "{p} 0");
        }
        s
    }
}

/// Why a round could not be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// No pairing satisfies the absolute criteria (e.g. everyone has met everyone).
    #[error("no legal pairing exists for round {round}")]
    NoLegalPairing {
        /// The round being paired.
        round: u32,
    },
    /// The tournament data cannot be paired as it stands.
    #[error("{0}")]
    BadInput(String),
}
