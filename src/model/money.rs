//! Money in integer fen (分, 1/100 yuan). Never a float.

use std::fmt;
use std::iter::Sum;
use std::ops::{Add, AddAssign, Mul, Neg, Sub, SubAssign};

/// An amount of money in **fen** (分): `Fen(100)` is one yuan.
///
/// ```
/// use bianpai::model::Fen;
/// assert_eq!(Fen::from_yuan(20_000).to_string(), "20000.00");
/// assert_eq!("1,234.5".parse::<Fen>(), Ok(Fen(123_450)));
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
pub struct Fen(pub i64);

impl Fen {
    /// Nothing.
    pub const ZERO: Fen = Fen(0);

    /// Whole yuan.
    pub const fn from_yuan(y: i64) -> Fen {
        Fen(y * 100)
    }

    /// `self × numerator / denominator`, rounded half away from zero (for tax rates such as 20/100).
    /// A zero denominator gives zero.
    pub fn mul_ratio(self, numerator: i64, denominator: i64) -> Fen {
        if denominator == 0 {
            return Fen::ZERO;
        }
        let n = i128::from(self.0) * i128::from(numerator);
        let d = i128::from(denominator);
        let q = n / d;
        let r = n % d;
        let q = if 2 * r.abs() >= d.abs() {
            q + if (n < 0) ^ (d < 0) { -1 } else { 1 }
        } else {
            q
        };
        Fen(i64::try_from(q).unwrap_or(if q < 0 { i64::MIN } else { i64::MAX }))
    }
}

/// The text was not an amount of yuan with at most two decimals.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not an amount of money: {0:?}")]
pub struct ParseFenError(pub String);

impl std::str::FromStr for Fen {
    type Err = ParseFenError;

    /// Parses yuan: `200000`, `1,234.50`, `￥300`, `300元`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = || ParseFenError(s.to_string());
        let t: String = s
            .trim()
            .trim_start_matches(['¥', '￥'])
            .trim_end_matches('元')
            .chars()
            .filter(|c| *c != ',' && *c != '，')
            .collect();
        let (neg, body) = match t.strip_prefix('-') {
            Some(b) => (true, b.to_string()),
            None => (false, t.clone()),
        };
        let (i, f) = body.split_once('.').unwrap_or((body.as_str(), ""));
        if i.is_empty() || i.len() > 15 || !i.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        if f.len() > 2 || !f.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let yuan: i64 = i.parse().map_err(|_| err())?;
        let mut frac: i64 = if f.is_empty() {
            0
        } else {
            f.parse().map_err(|_| err())?
        };
        if f.len() == 1 {
            frac *= 10;
        }
        let v = yuan * 100 + frac;
        Ok(Fen(if neg { -v } else { v }))
    }
}

impl fmt::Display for Fen {
    /// Yuan with two decimals: `1234.50`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let neg = self.0 < 0;
        let a = self.0.unsigned_abs();
        write!(
            f,
            "{}{}.{:02}",
            if neg { "-" } else { "" },
            a / 100,
            a % 100
        )
    }
}

impl Add for Fen {
    type Output = Fen;
    fn add(self, o: Fen) -> Fen {
        Fen(self.0.saturating_add(o.0))
    }
}
impl AddAssign for Fen {
    fn add_assign(&mut self, o: Fen) {
        self.0 = self.0.saturating_add(o.0);
    }
}
impl Sub for Fen {
    type Output = Fen;
    fn sub(self, o: Fen) -> Fen {
        Fen(self.0.saturating_sub(o.0))
    }
}
impl SubAssign for Fen {
    fn sub_assign(&mut self, o: Fen) {
        self.0 = self.0.saturating_sub(o.0);
    }
}
impl Neg for Fen {
    type Output = Fen;
    fn neg(self) -> Fen {
        Fen(-self.0)
    }
}
impl Mul<i64> for Fen {
    type Output = Fen;
    fn mul(self, k: i64) -> Fen {
        Fen(self.0.saturating_mul(k))
    }
}
impl Sum for Fen {
    fn sum<I: Iterator<Item = Fen>>(iter: I) -> Fen {
        iter.fold(Fen::ZERO, |a, b| a + b)
    }
}
