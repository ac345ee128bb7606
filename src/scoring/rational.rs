//! Exact rationals for tie-break values.
//!
//! Tie-break values are sums and products of half-points (Sonneborn-Berger gives quarters) and,
//! for direct encounter, averages (FIDE C.07 6.1.2), so they are kept as reduced fractions and
//! rounded only where the reference calculator rounds (ARO, TPR), never through floats.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, AddAssign, Mul, Neg, Sub};

use crate::model::Points;

/// A reduced fraction `num / den` with `den > 0`.
///
/// ```
/// use bianpai::scoring::Rational;
/// // A Sonneborn-Berger sum of half-points and quarters stays exact.
/// let sb = Rational::new(7, 2) + Rational::new(3, 4);
/// assert_eq!((sb.numer(), sb.denom()), (17, 4));
/// assert_eq!(sb.fmt_decimals(2), "4.25");
/// // FIDE rounds ARO half up: 1502.5 is 1503.
/// assert_eq!(Rational::new(3005, 2).round_half_up(), 1503);
/// assert_eq!(Rational::new(1, 0), Rational::ZERO, "no panic on a zero denominator");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rational {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        let t = a % b;
        a = b;
        b = t;
    }
    a
}

impl Rational {
    /// Zero.
    pub const ZERO: Rational = Rational { num: 0, den: 1 };

    /// `num / den`, reduced. A zero denominator gives zero (never produced by the engine; keeps
    /// hostile input from panicking).
    pub fn new(num: i64, den: i64) -> Rational {
        if den == 0 {
            return Rational::ZERO;
        }
        let g = gcd(num, den).max(1);
        let s = if den < 0 { -1 } else { 1 };
        Rational {
            num: s * num / g,
            den: s * den / g,
        }
    }

    /// A whole number.
    pub const fn from_int(n: i64) -> Rational {
        Rational { num: n, den: 1 }
    }

    /// The numerator (reduced).
    pub fn numer(self) -> i64 {
        self.num
    }

    /// The denominator (reduced, positive).
    pub fn denom(self) -> i64 {
        self.den
    }

    /// Divides by a whole number; dividing by zero gives zero.
    pub fn div_int(self, k: i64) -> Rational {
        if k == 0 {
            return Rational::ZERO;
        }
        Rational::new(self.num, self.den.saturating_mul(k))
    }

    /// Rounds half up to an integer (`2.5 → 3`, `-2.5 → -2`), as FIDE rounds ARO.
    pub fn round_half_up(self) -> i64 {
        // floor(x + 1/2)
        let n = 2 * self.num + self.den;
        let d = 2 * self.den;
        n.div_euclid(d)
    }

    /// The value in units of its `decimals`-th digit after the point, rounded half away from
    /// zero (`2/3`, 2 → 67), as [`Rational::fmt_decimals`] prints it.
    pub fn scaled(self, decimals: usize) -> i64 {
        let scale = i128::from(10_i64.saturating_pow(decimals as u32));
        let n = i128::from(self.num.abs()) * scale;
        let d = i128::from(self.den);
        let q = i64::try_from((2 * n + d) / (2 * d)).unwrap_or(i64::MAX);
        if self.num < 0 { -q } else { q }
    }

    /// The value with exactly `decimals` digits after the point, rounded half away from zero.
    pub fn fmt_decimals(self, decimals: usize) -> String {
        fmt_scaled(self.scaled(decimals), decimals)
    }
}

/// `units` of the `decimals`-th digit after the point as a decimal (`-1650`, 2 → `-16.50`).
pub fn fmt_scaled(units: i64, decimals: usize) -> String {
    let scale = 10_u64.saturating_pow(decimals as u32);
    let (whole, frac) = (units.unsigned_abs() / scale, units.unsigned_abs() % scale);
    let sign = if units < 0 { "-" } else { "" };
    if decimals == 0 {
        format!("{sign}{whole}")
    } else {
        format!("{sign}{whole}.{frac:0decimals$}")
    }
}

impl Default for Rational {
    fn default() -> Self {
        Rational::ZERO
    }
}

impl From<Points> for Rational {
    fn from(p: Points) -> Rational {
        Rational::new(i64::from(p.halves()), 2)
    }
}

impl From<i64> for Rational {
    fn from(n: i64) -> Rational {
        Rational::from_int(n)
    }
}

impl Ord for Rational {
    fn cmp(&self, o: &Rational) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

impl PartialOrd for Rational {
    fn partial_cmp(&self, o: &Rational) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Add for Rational {
    type Output = Rational;
    fn add(self, o: Rational) -> Rational {
        if self.den == o.den {
            return Rational::new(self.num.saturating_add(o.num), self.den);
        }
        Rational::new(
            self.num
                .saturating_mul(o.den)
                .saturating_add(o.num.saturating_mul(self.den)),
            self.den.saturating_mul(o.den),
        )
    }
}

impl AddAssign for Rational {
    fn add_assign(&mut self, o: Rational) {
        *self = *self + o;
    }
}

impl Sub for Rational {
    type Output = Rational;
    fn sub(self, o: Rational) -> Rational {
        self + (-o)
    }
}

impl Neg for Rational {
    type Output = Rational;
    fn neg(self) -> Rational {
        Rational {
            num: -self.num,
            den: self.den,
        }
    }
}

impl Mul for Rational {
    type Output = Rational;
    fn mul(self, o: Rational) -> Rational {
        Rational::new(
            self.num.saturating_mul(o.num),
            self.den.saturating_mul(o.den),
        )
    }
}

impl std::iter::Sum for Rational {
    fn sum<I: Iterator<Item = Rational>>(iter: I) -> Rational {
        iter.fold(Rational::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Rational {
    /// Two decimals.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fmt_decimals(2))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_is_exact() {
        let a = Rational::new(1, 2) * Rational::new(3, 2);
        assert_eq!(a, Rational::new(3, 4));
        assert_eq!((a + Rational::new(1, 4)), Rational::from_int(1));
        assert_eq!(Rational::new(2, -4), Rational::new(-1, 2));
        assert_eq!(Rational::new(7, 3).fmt_decimals(2), "2.33");
        assert_eq!(Rational::new(3, 4).fmt_decimals(2), "0.75");
        assert_eq!(Rational::new(17, 2).fmt_decimals(1), "8.5");
        assert_eq!(Rational::from_int(5).fmt_decimals(0), "5");
        assert_eq!(Rational::new(-1, 2).fmt_decimals(1), "-0.5");
    }

    #[test]
    fn rounding_half_up() {
        assert_eq!(Rational::new(5, 2).round_half_up(), 3);
        assert_eq!(Rational::new(7, 3).round_half_up(), 2);
        assert_eq!(Rational::new(-5, 2).round_half_up(), -2);
        assert_eq!(Rational::new(4801, 2).round_half_up(), 2401);
    }
}
