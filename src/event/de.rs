//! serde adapters for the value types of `event.toml`: dates as `"2023-06-04"` strings, money
//! as yuan (`430` or `"1,234.50"`) into [`Fen`], scores as `1`, `0.5` or `"½"` into [`Points`],
//! sexes as `男`/`女`/`male`/`female`.

use jiff::civil::Date;
use serde::Deserialize;
use serde::de::{self, Deserializer, Visitor};

use crate::model::{Fen, Points, Sex};

/// Parses `2023-06-04` (also `2023-6-4`) into a date.
pub(crate) fn parse_date(s: &str) -> Result<Date, String> {
    let t = s.trim();
    let mut parts = t.split('-');
    let (Some(y), Some(m), Some(d), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return Err(format!(
            "日期应写成 \"2023-06-04\"，而不是 {s:?} (a date is written \"2023-06-04\")"
        ));
    };
    let num = |x: &str| -> Option<i64> {
        if x.is_empty() || x.len() > 4 || !x.bytes().all(|b| b.is_ascii_digit()) {
            None
        } else {
            x.parse().ok()
        }
    };
    match (num(y), num(m), num(d)) {
        (Some(y), Some(m), Some(d)) if y >= 1900 => {
            let yy = i16::try_from(y).map_err(|_| format!("年份不对 (bad year): {s:?}"))?;
            let mm = i8::try_from(m).map_err(|_| format!("月份不对 (bad month): {s:?}"))?;
            let dd = i8::try_from(d).map_err(|_| format!("日不对 (bad day): {s:?}"))?;
            Date::new(yy, mm, dd).map_err(|_| format!("没有这一天 (no such date): {s:?}"))
        }
        _ => Err(format!(
            "日期应写成 \"2023-06-04\"，而不是 {s:?} (a date is written \"2023-06-04\")"
        )),
    }
}

struct DateVisitor;

impl Visitor<'_> for DateVisitor {
    type Value = Date;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a date string such as \"2023-06-04\"")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Date, E> {
        parse_date(v).map_err(E::custom)
    }
}

/// `#[serde(deserialize_with = "de::date")]`
pub(crate) fn date<'de, D: Deserializer<'de>>(d: D) -> Result<Date, D::Error> {
    d.deserialize_str(DateVisitor)
}

/// `#[serde(default, deserialize_with = "de::opt_date")]`
pub(crate) fn opt_date<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Date>, D::Error> {
    date(d).map(Some)
}

/// A date wrapper for lists of dates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct DateStr(pub Date);

impl<'de> Deserialize<'de> for DateStr {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        date(d).map(DateStr)
    }
}

struct YuanVisitor;

impl Visitor<'_> for YuanVisitor {
    type Value = Fen;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("an amount in yuan such as 430 or \"1234.50\"")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Fen, E> {
        if v < 0 {
            return Err(E::custom(format!("金额不能为负 (negative amount): {v}")));
        }
        v.checked_mul(100)
            .map(Fen)
            .ok_or_else(|| E::custom(format!("金额太大 (amount too large): {v}")))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Fen, E> {
        let v = i64::try_from(v).map_err(|_| E::custom("金额太大 (amount too large)"))?;
        self.visit_i64(v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Fen, E> {
        Err(E::custom(format!(
            "带小数的金额请写成字符串，如 \"{v}\" (write amounts with decimals as a string)"
        )))
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Fen, E> {
        let f: Fen = v
            .parse()
            .map_err(|_| E::custom(format!("不是金额 (not an amount of yuan): {v:?}")))?;
        if f.0 < 0 {
            return Err(E::custom(format!("金额不能为负 (negative amount): {v}")));
        }
        Ok(f)
    }
}

/// `#[serde(deserialize_with = "de::yuan")]`: whole yuan as an integer, or a string with up to
/// two decimals; never a float.
pub(crate) fn yuan<'de, D: Deserializer<'de>>(d: D) -> Result<Fen, D::Error> {
    d.deserialize_any(YuanVisitor)
}

/// `#[serde(default, deserialize_with = "de::opt_yuan")]`
pub(crate) fn opt_yuan<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Fen>, D::Error> {
    yuan(d).map(Some)
}

/// An amount in yuan inside a list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Yuan(pub Fen);

impl<'de> Deserialize<'de> for Yuan {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        yuan(d).map(Yuan)
    }
}

/// `#[serde(deserialize_with = "de::yuan_list")]`
pub(crate) fn yuan_list<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<Fen>, D::Error> {
    Vec::<Yuan>::deserialize(d).map(|v| v.into_iter().map(|y| y.0).collect())
}

struct PointsVisitor;

impl Visitor<'_> for PointsVisitor {
    type Value = Points;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a score in half-points such as 1, 0.5 or 2")
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Points, E> {
        i32::try_from(v)
            .ok()
            .and_then(|w| w.checked_mul(2))
            .map(Points)
            .ok_or_else(|| E::custom(format!("分数太大 (score too large): {v}")))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Points, E> {
        let v = i64::try_from(v).map_err(|_| E::custom("分数太大 (score too large)"))?;
        self.visit_i64(v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Points, E> {
        // Only multiples of ½ are accepted, and those are exact in binary floating point.
        let twice = v * 2.0;
        if twice.is_finite() && twice.fract() == 0.0 && twice.abs() <= 1.0e6 {
            // The value is an integer within ±1e6, so the cast is exact.
            #[allow(clippy::cast_possible_truncation)]
            let h = twice as i32;
            Ok(Points(h))
        } else {
            Err(E::custom(format!(
                "分数须为 0.5 的整数倍 (a score must be a multiple of 0.5): {v}"
            )))
        }
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Points, E> {
        v.parse()
            .map_err(|_| E::custom(format!("不是分数 (not a score): {v:?}")))
    }
}

/// `#[serde(deserialize_with = "de::points")]`
pub(crate) fn points<'de, D: Deserializer<'de>>(d: D) -> Result<Points, D::Error> {
    d.deserialize_any(PointsVisitor)
}

/// `#[serde(default, deserialize_with = "de::opt_points")]`
pub(crate) fn opt_points<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Points>, D::Error> {
    points(d).map(Some)
}

struct SexVisitor;

impl Visitor<'_> for SexVisitor {
    type Value = Sex;
    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("\"男\" or \"女\" (or \"male\" / \"female\")")
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Sex, E> {
        v.parse()
            .map_err(|_| E::custom(format!("性别应为 男 或 女 (sex must be 男 or 女): {v:?}")))
    }
}

/// `#[serde(deserialize_with = "de::sex")]`
pub(crate) fn sex<'de, D: Deserializer<'de>>(d: D) -> Result<Sex, D::Error> {
    d.deserialize_str(SexVisitor)
}

/// `#[serde(default, deserialize_with = "de::opt_sex")]`
pub(crate) fn opt_sex<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Sex>, D::Error> {
    sex(d).map(Some)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(parse_date("2023-06-04"), Ok(jiff::civil::date(2023, 6, 4)));
        assert_eq!(parse_date("2023-6-4"), Ok(jiff::civil::date(2023, 6, 4)));
        assert!(parse_date("2023-02-30").is_err());
        assert!(parse_date("2023/06/04").is_err());
        assert!(parse_date("23-06-04").is_err());
        assert!(parse_date("2023-06-04-1").is_err());
    }
}
