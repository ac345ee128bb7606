//! The generator's random numbers: the season draw's SplitMix64 ([`crate::season::draw`],
//! written out in the code) with Lemire's multiply-shift for a range, so that a seed gives the
//! same tournament on every platform and with every build (rand's `StdRng` promises neither).

pub use crate::season::draw::SplitMix64;

/// A number in `0..n` (0 when `n` is 0), by Lemire's multiply-shift.
pub fn below(rng: &mut SplitMix64, n: u64) -> u64 {
    ((u128::from(rng.next_u64()) * u128::from(n)) >> 64) as u64
}

/// A number in `lo..=hi` (`lo` when `hi < lo`).
pub fn between(rng: &mut SplitMix64, lo: u64, hi: u64) -> u64 {
    lo + below(rng, hi.saturating_sub(lo) + 1)
}

/// True once in `n` draws; never when `n` is 0.
pub fn one_in(rng: &mut SplitMix64, n: u32) -> bool {
    n > 0 && below(rng, u64::from(n)) == 0
}
