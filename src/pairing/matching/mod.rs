//! Maximum-weight matching in a general graph (Edmonds' blossom algorithm with a primal-dual
//! method, O(n³) from scratch, warm-started after edge changes), over dense vertex indices and integer weights of any width. Knows no chess.
//!
//! The pairing systems pack every criterion into one lexicographic edge weight (the approach of
//! bbpPairings), so the weight type is generic: `u64`, `u128` or [`Wide`] limbs.

mod blossom;
mod certificate;
mod changes;
mod duals;
mod nest;
mod search;
mod stage;
mod swap;
mod values;
mod wide;

pub use blossom::Matcher;
pub use certificate::Certificate;
#[cfg(test)]
pub use swap::DEEP_SWAPS;
pub use values::{Values, WeightHasher};
pub use wide::Wide;

/// An unsigned integer edge weight. Arithmetic may wrap; the solver only forms non-negative
/// values when the caller's weights leave a few spare top bits (duals reach twice the largest
/// weight).
pub trait Weight: Copy + Ord + Eq + Default + std::hash::Hash + std::fmt::Debug {
    /// Zero; an edge of weight zero is no edge.
    const ZERO: Self;
    /// One.
    const ONE: Self;
    /// Whether the lowest bit is set.
    fn is_odd(self) -> bool;
    /// Whether the value is zero (no edge).
    #[inline]
    fn is_nil(self) -> bool {
        self == Self::ZERO
    }
    /// `self + o`.
    fn add(self, o: Self) -> Self;
    /// `self - o` (callers guarantee `self >= o`).
    fn sub(self, o: Self) -> Self;
    /// `self / 2`, rounding down.
    fn half(self) -> Self;
    /// `self * 2`.
    fn double(self) -> Self;
    /// `a + b - d`: the slack of an edge of doubled weight `d` between duals `a` and `b`.
    #[inline]
    fn slack_doubled(a: Self, b: Self, d: Self) -> Self {
        a.add(b).sub(d)
    }
}

impl Weight for u64 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
}

impl Weight for u128 {
    const ZERO: Self = 0;
    const ONE: Self = 1;
    fn is_odd(self) -> bool {
        self & 1 == 1
    }
    fn add(self, o: Self) -> Self {
        self.wrapping_add(o)
    }
    fn sub(self, o: Self) -> Self {
        self.wrapping_sub(o)
    }
    fn half(self) -> Self {
        self >> 1
    }
    fn double(self) -> Self {
        self << 1
    }
}

#[cfg(test)]
mod tests;
