//! The FIDE Dutch system, C.04.3 as in force from 1 February 2026 (with C.04.1 and C.04.2 of the
//! same date), giving the same pairings as bbpPairings v6.
//!
//! Layers: [`state`] reads the history (data), [`weights`] turns the criteria into edge weights,
//! [`engine`] runs the bracket procedure on the general matching solver
//! ([`crate::pairing::matching`]), [`colour`] allocates colours.

mod colour;
mod completion;
mod engine;
mod first;
mod graph;
pub mod sim;
pub mod state;
mod weights;

#[cfg(test)]
mod tests;

use super::{Error, Pairing};
use crate::trf::Trf;

pub use state::{Field, Tournament};

/// Pairs the next round of the tournament in `trf`: the round after the last one in which anyone
/// was paired. Players with an entry for that round already (`H`, `Z`, `F`) are absent.
///
/// # Errors
///
/// [`Error::NoLegalPairing`] when no pairing satisfies the absolute criteria;
/// [`Error::BadInput`] when the file cannot be read as a tournament.
pub fn pair(trf: &Trf) -> Result<Pairing, Error> {
    let t = Tournament::from_trf(trf)?;
    pair_tournament(&t)
}

/// Pairs round `t.played_rounds + 1` of `t`.
///
/// # Errors
///
/// As [`pair`].
pub fn pair_tournament(t: &Tournament) -> Result<Pairing, Error> {
    let field = Field::new(t);
    let mut sorted = field.present.clone();
    sorted.sort_by(|&a, &b| {
        let (x, y) = (&field.states[a], &field.states[b]);
        y.score.cmp(&x.score).then(x.rank.cmp(&y.rank))
    });
    if sorted.is_empty() {
        return Ok(Pairing::default());
    }
    let partner = dispatch(t, &field, &sorted)?;
    Ok(assemble(t, &field, &sorted, &partner))
}

/// Runs the engine with a weight width that fits this round's layout.
fn dispatch(t: &Tournament, field: &Field, sorted: &[usize]) -> Result<Vec<Option<usize>>, Error> {
    let lay = weights::Layout::new(t, field, sorted);
    // The top field, two bits of headroom in the bound, and room for the solver's duals.
    let need = lay.body_bits() + 8;
    macro_rules! widths {
        ($($n:literal),*) => {
            $(if need <= $n * 64 {
                return engine::pair::<$n>(t, field, sorted);
            })*
        };
    }
    widths!(2, 4, 8, 16, 32, 64);
    Err(Error::BadInput(format!(
        "pairing weights need {need} bits; the field is too large"
    )))
}

/// Turns partners into ordered pairs and the bye, in board order.
fn assemble(t: &Tournament, field: &Field, sorted: &[usize], partner: &[Option<usize>]) -> Pairing {
    let st = &field.states;
    let history = |p: usize| {
        let r = &t.players[p].rounds;
        &r[..t.played_rounds.min(r.len())]
    };
    let mut pairs = Vec::new();
    let mut bye = None;
    for &p in sorted {
        match partner[p] {
            Some(o) if p < o => {
                let c = colour::allocate(&st[p], history(p), &st[o], history(o), t.initial_colour);
                let (w, b) = match c {
                    crate::model::Colour::White => (p, o),
                    crate::model::Colour::Black => (o, p),
                };
                pairs.push((w, b));
            }
            Some(_) => {}
            None => bye = Some(p),
        }
    }
    // Board order: the higher player's score, then the lower player's, then the higher's rank.
    let key = |&(w, b): &(usize, usize)| {
        let (hi, lo) = if colour::ranks_below(&st[w], &st[b]) {
            (b, w)
        } else {
            (w, b)
        };
        (
            std::cmp::Reverse(st[hi].score),
            std::cmp::Reverse(st[lo].score),
            st[hi].rank,
        )
    };
    pairs.sort_by_key(key);
    let no = |p: usize| t.players[p].start_no;
    Pairing {
        pairs: pairs.into_iter().map(|(w, b)| (no(w), no(b))).collect(),
        bye: bye.map(no),
    }
}
