//! `Wide<N>`: a fixed-width unsigned integer of `N` 64-bit limbs with wrapping arithmetic.
//!
//! Pairing systems pack many criteria into one lexicographic edge weight; with many score groups
//! the weight needs hundreds of bits. Arithmetic wraps modulo 2^(64·N) like machine integers, so a
//! caller may add a "negative" addend (a wrapped subtraction) as long as the true result is not
//! negative.

use std::cmp::Ordering;
use std::fmt;

use super::Weight;

/// An unsigned integer of `N` little-endian 64-bit limbs.
///
/// ```
/// use bianpai::pairing::matching::Wide;
/// let a = Wide::<2>::from_u64(1).wrapping_shl(100);
/// assert!(a > Wide::from_u64(u64::MAX));
/// assert_eq!(a.wrapping_sub(a), Wide::<2>::ZERO);
/// ```
#[derive(Clone, Copy, Eq)]
pub struct Wide<const N: usize>(pub [u64; N]);

impl<const N: usize> Wide<N> {
    /// Zero.
    pub const ZERO: Self = Wide([0; N]);

    /// The value `v`.
    pub fn from_u64(v: u64) -> Self {
        let mut w = Self::ZERO;
        if let Some(l) = w.0.first_mut() {
            *l = v;
        }
        w
    }

    /// `self + o`, wrapping.
    #[inline]
    pub fn wrapping_add(self, o: Self) -> Self {
        let mut r = Self::ZERO;
        let mut carry = false;
        for i in 0..N {
            let (s1, c1) = self.0[i].overflowing_add(o.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            r.0[i] = s2;
            carry = c1 || c2;
        }
        r
    }

    /// `self - o`, wrapping.
    #[inline]
    pub fn wrapping_sub(self, o: Self) -> Self {
        let mut r = Self::ZERO;
        let mut borrow = false;
        for i in 0..N {
            let (s1, b1) = self.0[i].overflowing_sub(o.0[i]);
            let (s2, b2) = s1.overflowing_sub(u64::from(borrow));
            r.0[i] = s2;
            borrow = b1 || b2;
        }
        r
    }

    /// `self + v`, wrapping.
    #[inline]
    pub fn add_u64(self, v: u64) -> Self {
        self.wrapping_add(Self::from_u64(v))
    }

    /// `self - v`, wrapping.
    #[inline]
    pub fn sub_u64(self, v: u64) -> Self {
        self.wrapping_sub(Self::from_u64(v))
    }

    /// `self << s`; bits shifted past the top are lost.
    pub fn wrapping_shl(self, s: u32) -> Self {
        let limbs = (s / 64) as usize;
        let bits = s % 64;
        let mut r = Self::ZERO;
        for i in (limbs..N).rev() {
            let src = i - limbs;
            let mut v = self.0[src] << bits;
            if bits > 0 && src > 0 {
                v |= self.0[src - 1] >> (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// `self >> s`; bits shifted past the bottom are lost.
    pub fn wrapping_shr(self, s: u32) -> Self {
        let limbs = (s / 64) as usize;
        let bits = s % 64;
        let mut r = Self::ZERO;
        for i in 0..N.saturating_sub(limbs) {
            let src = i + limbs;
            let mut v = self.0[src] >> bits;
            if bits > 0 && src + 1 < N {
                v |= self.0[src + 1] << (64 - bits);
            }
            r.0[i] = v;
        }
        r
    }

    /// The `width` bits (at most 64) starting at bit `offset`.
    #[inline]
    pub fn bits_at(&self, offset: u32, width: u32) -> u64 {
        if width == 0 {
            return 0;
        }
        let limb = (offset / 64) as usize;
        let bit = offset % 64;
        let mut v = self.0.get(limb).map_or(0, |&l| l >> bit);
        if bit > 0 {
            v |= self.0.get(limb + 1).map_or(0, |&l| l << (64 - bit));
        }
        if width < 64 {
            v & ((1 << width) - 1)
        } else {
            v
        }
    }

    /// `self + (v << offset)`, wrapping; cheaper than building the shifted value.
    #[inline]
    pub fn add_at(self, offset: u32, v: u64) -> Self {
        let limb = (offset / 64) as usize;
        let bit = offset % 64;
        let mut add = Self::ZERO;
        if let Some(l) = add.0.get_mut(limb) {
            *l = v << bit;
        }
        if bit > 0
            && let Some(l) = add.0.get_mut(limb + 1)
        {
            *l = v >> (64 - bit);
        }
        self.wrapping_add(add)
    }

    /// `self >> 1`.
    #[inline]
    pub fn shr1(self) -> Self {
        let mut r = Self::ZERO;
        for i in 0..N {
            let hi = if i + 1 < N { self.0[i + 1] << 63 } else { 0 };
            r.0[i] = (self.0[i] >> 1) | hi;
        }
        r
    }

    /// Whether the value is zero.
    #[inline]
    pub fn is_zero(&self) -> bool {
        // From the top: a present edge always has its top field set.
        self.0.iter().rev().all(|&l| l == 0)
    }

    /// The number of significant bits.
    pub fn bits(&self) -> u32 {
        for i in (0..N).rev() {
            if self.0[i] != 0 {
                return i as u32 * 64 + (64 - self.0[i].leading_zeros());
            }
        }
        0
    }
}

impl<const N: usize> PartialEq for Wide<N> {
    /// Limb by limb from the lowest, stopping at the first difference (a derived comparison
    /// calls `memcmp`; weights that differ usually differ in their low criteria).
    #[inline]
    fn eq(&self, o: &Self) -> bool {
        self.0.iter().zip(o.0.iter()).all(|(a, b)| a == b)
    }
}

impl<const N: usize> Default for Wide<N> {
    fn default() -> Self {
        Self::ZERO
    }
}

impl<const N: usize> Ord for Wide<N> {
    #[inline]
    fn cmp(&self, o: &Self) -> Ordering {
        for i in (0..N).rev() {
            match self.0[i].cmp(&o.0[i]) {
                Ordering::Equal => {}
                x => return x,
            }
        }
        Ordering::Equal
    }
}

impl<const N: usize> std::hash::Hash for Wide<N> {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        for &l in &self.0 {
            h.write_u64(l);
        }
    }
}

impl<const N: usize> PartialOrd for Wide<N> {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl<const N: usize> fmt::Debug for Wide<N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "0x")?;
        let mut started = false;
        for i in (0..N).rev() {
            if started {
                write!(f, "{:016x}", self.0[i])?;
            } else if self.0[i] != 0 || i == 0 {
                write!(f, "{:x}", self.0[i])?;
                started = true;
            }
        }
        Ok(())
    }
}

impl<const N: usize> Weight for Wide<N> {
    const ZERO: Self = Wide([0; N]);
    const ONE: Self = {
        let mut a = [0; N];
        a[0] = 1;
        Wide(a)
    };
    #[inline]
    fn is_odd(self) -> bool {
        self.0[0] & 1 == 1
    }
    #[inline]
    fn is_nil(self) -> bool {
        self.0.iter().fold(0, |a, &l| a | l) == 0
    }
    #[inline]
    fn add(self, o: Self) -> Self {
        Wide::wrapping_add(self, o)
    }
    #[inline]
    fn sub(self, o: Self) -> Self {
        Wide::wrapping_sub(self, o)
    }
    #[inline]
    fn half(self) -> Self {
        self.shr1()
    }
    #[inline]
    fn double(self) -> Self {
        self.wrapping_add(self)
    }
    /// `a + b - d` in one pass over the limbs.
    #[inline]
    fn slack_doubled(a: Self, b: Self, d: Self) -> Self {
        let mut r = Self::ZERO;
        let (mut carry, mut borrow) = (false, false);
        for i in 0..N {
            let (s1, c1) = a.0[i].overflowing_add(b.0[i]);
            let (s2, c2) = s1.overflowing_add(u64::from(carry));
            carry = c1 || c2;
            let (t1, b1) = s2.overflowing_sub(d.0[i]);
            let (t2, b2) = t1.overflowing_sub(u64::from(borrow));
            borrow = b1 || b2;
            r.0[i] = t2;
        }
        r
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn carries_and_borrows_cross_limbs() {
        let a = Wide::<3>([u64::MAX, u64::MAX, 0]);
        let b = a.add_u64(1);
        assert_eq!(b, Wide([0, 0, 1]));
        assert_eq!(b.sub_u64(1), a);
        assert_eq!(Wide::<3>::from_u64(5).wrapping_shl(130), Wide([0, 0, 20]));
        assert_eq!(
            Wide::<3>::from_u64(3).wrapping_shl(63),
            Wide([1 << 63, 1, 0])
        );
        assert_eq!(Wide::<3>([0, 1, 0]).shr1(), Wide([1 << 63, 0, 0]));
        assert_eq!(Wide::<3>([0, 1, 0]).bits(), 65);
        let y = Wide::<3>([0xd << 60, 0x1234, 0]);
        assert_eq!(y.bits_at(60, 20), 0x1234d);
        assert_eq!(y.bits_at(64, 16), 0x1234);
        assert_eq!(y.wrapping_shr(60), Wide([0x1234d, 0, 0]));
        assert_eq!(
            Wide::<3>::ZERO.add_at(120, 0x3f),
            Wide::from_u64(0x3f).wrapping_shl(120)
        );
        assert_eq!(Wide::<2>::ZERO.add_at(127, 3), Wide([0, 1 << 63]));
        // Wrapping subtraction then addition gives the true result back.
        let x = Wide::<2>::from_u64(100).wrapping_shl(70);
        assert_eq!(x.wrapping_add(Wide::ZERO.sub_u64(7)).add_u64(7), x);
    }
}
