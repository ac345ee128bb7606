//! (to be written)

use super::{Error, Pairing};
use crate::trf::Trf;

/// Pairs the next round of the tournament in `trf`.
///
/// # Errors
///
/// [`Error::NoLegalPairing`] when no pairing satisfies the absolute criteria.
pub fn pair(trf: &Trf) -> Result<Pairing, Error> {
    let _ = trf;
    Err(Error::BadInput("xiangqi_swiss: not yet built".into()))
}
