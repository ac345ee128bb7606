//! The FIDE Dutch system, C.04.3 as in force from 1 February 2026 (with C.04.1 and C.04.2 of the
//! same date), giving the same pairings as bbpPairings v6.
//!
//! Layers: [`state`] reads the history (data), [`weights`] turns the criteria into edge weights,
//! [`engine`] runs the bracket procedure on the general matching solver
//! ([`crate::pairing::matching`]), [`colour`] allocates colours.

mod base;
mod colour;
mod completion;
mod engine;
mod first;
mod graph;
mod next_group;
pub mod sim;
pub mod state;
mod sums;
#[cfg(test)]
mod swap_tests;
mod weights;

#[cfg(test)]
mod shortcut_tests;
#[cfg(test)]
mod tests;

use super::{Error, Pairing, PairingSystem};
use crate::tournament::History;
use first::first_matching;

pub use state::{DutchTournament, Field};

/// The FIDE Dutch system as a [`PairingSystem`]: pairs the round after the last one in which
/// anyone was paired. Players with an entry for that round already (`H`, `Z`, `F`) are absent.
#[derive(Debug, Clone, Copy, Default)]
pub struct Dutch;

impl PairingSystem for Dutch {
    /// # Errors
    ///
    /// [`Error::NoLegalPairing`] when no pairing satisfies the absolute criteria;
    /// [`Error::BadInput`] for a history without players or with a starting rank twice.
    fn pair(&self, history: &History) -> Result<Pairing, Error> {
        pair_tournament(&DutchTournament::from_history(history)?)
    }
}

/// Pairs round `t.played_rounds + 1` of `t`.
///
/// # Errors
///
/// As [`Dutch`]'s [`PairingSystem::pair`].
pub fn pair_tournament(t: &DutchTournament) -> Result<Pairing, Error> {
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

/// The bits a weight of layout `lay` needs: the top field, two bits of headroom in the bound,
/// and room for the solver's duals.
fn need(lay: &weights::Layout) -> u32 {
    lay.body_bits() + 8
}

/// Calls `$run::<N>($args)` with the fewest 64-bit limbs `N` that hold `$bits` bits, or
/// evaluates `$none` when even the widest does not.
macro_rules! with_width {
    ($bits:expr, $none:expr, $run:ident ( $($arg:expr),* )) => {{
        let bits: u32 = $bits;
        if bits <= 2 * 64 {
            $run::<2>($($arg),*)
        } else if bits <= 3 * 64 {
            $run::<3>($($arg),*)
        } else if bits <= 4 * 64 {
            $run::<4>($($arg),*)
        } else if bits <= 6 * 64 {
            $run::<6>($($arg),*)
        } else if bits <= 8 * 64 {
            $run::<8>($($arg),*)
        } else if bits <= 16 * 64 {
            $run::<16>($($arg),*)
        } else if bits <= 32 * 64 {
            $run::<32>($($arg),*)
        } else if bits <= 64 * 64 {
            $run::<64>($($arg),*)
        } else {
            $none
        }
    }};
}

/// Runs the engine with a weight width that fits this round's layout.
///
/// Each bracket packs its weights with its own score groups only, so the width is first
/// sized for brackets whose players come from four neighbouring score groups (MDPs from the
/// two above); a bracket that needs more makes the round run again at the width of the
/// whole field's layout, with one layout for every bracket.
fn dispatch(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
) -> Result<Vec<Option<usize>>, Error> {
    let lay = weights::Layout::new(t, field, sorted);
    let too_large = || {
        Error::BadInput(format!(
            "pairing weights need {} bits; the field is too large",
            need(&lay)
        ))
    };
    let bye = with_width!(
        need(&lay),
        Err(too_large()),
        first_matching(t, field, sorted, &lay)
    )?;
    let scores: Vec<i32> = lay.shift.keys().copied().collect();
    let window = (0..scores.len())
        .map(|i| {
            let near = scores[i.saturating_sub(1)..(i + 3).min(scores.len())].iter();
            need(&lay.local(near.copied()))
        })
        .max()
        .unwrap_or(0);
    let attempts = [(window, true), (need(&lay), false)];
    for (bits, local) in attempts {
        let b = bye.clone();
        let run = with_width!(
            bits,
            Err(engine::Failure::Pairing(too_large())),
            run_engine(t, field, sorted, &lay, b, local)
        );
        match run {
            Ok(partner) => return Ok(partner),
            Err(engine::Failure::Pairing(e)) => return Err(e),
            Err(engine::Failure::Narrow) => {}
        }
    }
    Err(too_large())
}

fn run_engine<const N: usize>(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    lay: &weights::Layout,
    bye: weights::ByeInfo,
    local: bool,
) -> Result<Vec<Option<usize>>, engine::Failure> {
    engine::pair::<N>(t, field, sorted, lay, bye, local)
}

/// Turns partners into ordered pairs and the bye, in board order.
fn assemble(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    partner: &[Option<usize>],
) -> Pairing {
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
    // Board order: the higher player's score, then the lower player's, then the higher's rank;
    // the scores without acceleration (Baku's virtual points pair, they do not order boards),
    // as bbpPairings orders them.
    let real = |p: usize| st[p].score - t.acceleration.get(p).copied().unwrap_or(0);
    let key = |&(w, b): &(usize, usize)| {
        let (hi, lo) = if (real(w), st[b].rank) < (real(b), st[w].rank) {
            (b, w)
        } else {
            (w, b)
        };
        (
            std::cmp::Reverse(real(hi)),
            std::cmp::Reverse(real(lo)),
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
