//! Exact game and match points, counted in half-points.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// A score counted in **half-points**, so 1/½/0 and 2/1/0 systems are both exact.
///
/// `Points(3)` is 1.5 points. Never a float.
///
/// ```
/// use bianpai::model::Points;
/// let p = Points::from_halves(7);
/// assert_eq!(p.to_string(), "3.5");
/// assert_eq!("3.5".parse::<Points>(), Ok(p));
/// assert_eq!(Points::WIN + Points::DRAW, Points::from_halves(3));
/// ```
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Default,
    serde::Serialize,
    serde::Deserialize,
)]
pub struct Points(pub i32);

impl Points {
    /// Zero points.
    pub const ZERO: Points = Points(0);
    /// A chess draw: ½.
    pub const DRAW: Points = Points(1);
    /// A chess win: 1.
    pub const WIN: Points = Points(2);

    /// Builds a score from a count of half-points.
    pub const fn from_halves(h: i32) -> Points {
        Points(h)
    }

    /// Builds a score from whole points.
    pub const fn from_whole(p: i32) -> Points {
        Points(p * 2)
    }

    /// The number of half-points.
    pub const fn halves(self) -> i32 {
        self.0
    }

    /// The score without a decimal when whole (`4`), else with one (`4.5`).
    pub fn compact(self) -> String {
        self.fmt_decimals(usize::from(self.0 % 2 != 0))
    }

    /// The score as a decimal string with `decimals` digits after the point (1 or more).
    pub fn fmt_decimals(self, decimals: usize) -> String {
        let neg = self.0 < 0;
        let h = self.0.unsigned_abs();
        let whole = h / 2;
        let half = h % 2 == 1;
        let mut s = String::new();
        if neg {
            s.push('-');
        }
        s.push_str(&whole.to_string());
        if decimals > 0 {
            s.push('.');
            s.push(if half { '5' } else { '0' });
            for _ in 1..decimals {
                s.push('0');
            }
        }
        s
    }
}

/// The text was not a multiple of ½ written as a decimal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a score in half-points: {0:?}")]
pub struct ParsePointsError(pub String);

impl std::str::FromStr for Points {
    type Err = ParsePointsError;

    /// Parses `3`, `3.5`, `3.50`, `-1.0`, `½`, `2½`, `0,5`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParsePointsError(s.to_string());
        let t = s.trim().replace(',', ".");
        if t.is_empty() {
            return Err(err());
        }
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b),
            None => (false, t.as_str()),
        };
        let (int_part, half) = if let Some(b) = body.strip_suffix('½') {
            (b, true)
        } else if let Some((i, f)) = body.split_once('.') {
            let f = f.trim_end_matches('0');
            match f {
                "" => (i, false),
                "5" => (i, true),
                _ => return Err(err()),
            }
        } else {
            (body, false)
        };
        let whole: i32 = if int_part.is_empty() {
            if half { 0 } else { return Err(err()) }
        } else if int_part.bytes().all(|b| b.is_ascii_digit()) && int_part.len() <= 6 {
            int_part.parse().map_err(|_| err())?
        } else {
            return Err(err());
        };
        let h = whole * 2 + i32::from(half);
        Ok(Points(if neg { -h } else { h }))
    }
}

impl fmt::Display for Points {
    /// One decimal: `3.5`, `4.0`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fmt_decimals(1))
    }
}

impl Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0.saturating_add(o.0))
    }
}
impl AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 = self.0.saturating_add(o.0);
    }
}
impl Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0.saturating_sub(o.0))
    }
}
impl SubAssign for Points {
    fn sub_assign(&mut self, o: Points) {
        self.0 = self.0.saturating_sub(o.0);
    }
}
impl Neg for Points {
    type Output = Points;
    fn neg(self) -> Points {
        Points(-self.0)
    }
}
impl Mul<i32> for Points {
    type Output = Points;
    fn mul(self, k: i32) -> Points {
        Points(self.0.saturating_mul(k))
    }
}
impl Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        iter.fold(Points::ZERO, |a, b| a + b)
    }
}
