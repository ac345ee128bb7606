//! Dates as forms write them: date cells, Excel serials, `2001.5.3`, `2001年5月3日`, `20010503`,
//! month-only dates; two-digit years are refused.

use jiff::civil::Date;
use unicode_normalization::UnicodeNormalization;

use crate::ingest::Cell;
use crate::model::roster::{BirthDate, DatePrecision};

/// The epoch of Excel serial numbers found in number cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum DateSystem {
    /// The 1900 system (Windows Excel, WPS): serial 1 = 1900-01-01, with Lotus's phantom
    /// 1900-02-29 as serial 60.
    #[default]
    Excel1900,
    /// The 1904 system (old Mac Excel): serial 0 = 1904-01-01.
    Excel1904,
}

/// Why a cell could not be read as a date.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DateError {
    /// A two-digit year (`01.05.03`): the century is a guess, so it is refused.
    TwoDigitYear(String),
    /// Text or a number that is no date.
    Unreadable(String),
    /// Excel serial 60, the 1900-02-29 that never was.
    Phantom1900Leap,
}

impl DateError {
    /// The message in Chinese.
    pub fn zh(&self) -> String {
        match self {
            DateError::TwoDigitYear(s) => {
                format!("日期“{s}”只有两位年份，无法确定世纪，请写四位年份（如2001.05.03）")
            }
            DateError::Unreadable(s) => format!("无法识别的日期“{s}”，请写成2001.05.03的形式"),
            DateError::Phantom1900Leap => "日期序号60对应不存在的1900年2月29日".to_string(),
        }
    }

    /// The message in English.
    pub fn en(&self) -> String {
        match self {
            DateError::TwoDigitYear(s) => format!(
                "date {s:?} has a two-digit year; the century cannot be known, write four digits (2001.05.03)"
            ),
            DateError::Unreadable(s) => {
                format!("{s:?} is not a readable date; write it as 2001.05.03")
            }
            DateError::Phantom1900Leap => {
                "Excel serial 60 is 1900-02-29, a day that does not exist".to_string()
            }
        }
    }
}

/// The earliest and latest years accepted (birth dates, fill dates, stays).
const MIN_YEAR: i16 = 1900;
const MAX_YEAR: i16 = 2100;

fn ymd(y: i64, m: i64, d: i64) -> Option<Date> {
    let y = i16::try_from(y)
        .ok()
        .filter(|y| (MIN_YEAR..=MAX_YEAR).contains(y))?;
    Date::new(y, i8::try_from(m).ok()?, i8::try_from(d).ok()?).ok()
}

/// An Excel serial day number → date.
///
/// ```
/// use bianpai::normalize::{excel_serial, DateSystem};
/// use jiff::civil::date;
/// assert_eq!(excel_serial(36999, DateSystem::Excel1900).unwrap(), date(2001, 4, 18));
/// assert_eq!(excel_serial(59, DateSystem::Excel1900).unwrap(), date(1900, 2, 28));
/// assert_eq!(excel_serial(61, DateSystem::Excel1900).unwrap(), date(1900, 3, 1));
/// assert_eq!(excel_serial(35537, DateSystem::Excel1904).unwrap(), date(2001, 4, 18));
/// ```
///
/// # Errors
///
/// Serial 60 of the 1900 system (the phantom leap day), and serials outside 1900..=2100.
pub fn excel_serial(serial: i64, system: DateSystem) -> Result<Date, DateError> {
    let unreadable = || DateError::Unreadable(serial.to_string());
    let (base, offset) = match system {
        // Serials before the phantom day count from 1899-12-31, later ones from 1899-12-30.
        DateSystem::Excel1900 if serial == 60 => return Err(DateError::Phantom1900Leap),
        DateSystem::Excel1900 if serial < 60 => (Date::new(1899, 12, 31), serial),
        DateSystem::Excel1900 => (Date::new(1899, 12, 30), serial),
        DateSystem::Excel1904 => (Date::new(1904, 1, 1), serial),
    };
    if !((1..=80_000).contains(&offset) || (system == DateSystem::Excel1904 && offset == 0)) {
        return Err(unreadable());
    }
    let base = base.map_err(|_| unreadable())?;
    let d = base
        .checked_add(
            jiff::Span::new()
                .try_days(offset)
                .map_err(|_| unreadable())?,
        )
        .map_err(|_| unreadable())?;
    if !(MIN_YEAR..=MAX_YEAR).contains(&d.year()) {
        return Err(unreadable());
    }
    Ok(d)
}

fn day(date: Date) -> BirthDate {
    BirthDate {
        date,
        precision: DatePrecision::Day,
    }
}

fn month(date: Date) -> BirthDate {
    BirthDate {
        date,
        precision: DatePrecision::Month,
    }
}

/// A whole number of 8 digits as `YYYYMMDD`, 6 digits as `YYYYMM`.
fn packed_digits(n: i64) -> Option<BirthDate> {
    match n {
        19_000_101..=21_001_231 => ymd(n / 10_000, n / 100 % 100, n % 100).map(day),
        190_001..=210_012 => ymd(n / 100, n % 100, 1).map(month),
        _ => None,
    }
}

/// Reads a date from text.
///
/// ```
/// use bianpai::normalize::parse_date_text;
/// use bianpai::model::roster::DatePrecision;
/// let d = parse_date_text("2001年5月3日").unwrap();
/// assert_eq!((d.date.to_string(), d.precision), ("2001-05-03".into(), DatePrecision::Day));
/// let m = parse_date_text("2001.5").unwrap();
/// assert_eq!((m.date.to_string(), m.precision), ("2001-05-01".into(), DatePrecision::Month));
/// assert!(parse_date_text("01.05.03").is_err());
/// ```
///
/// # Errors
///
/// [`DateError::TwoDigitYear`] for `01.05.03`, [`DateError::Unreadable`] for anything else that
/// is not a date in 1900..=2100.
pub fn parse_date_text(raw: &str) -> Result<BirthDate, DateError> {
    let shown = raw.trim().to_string();
    let unreadable = || DateError::Unreadable(shown.clone());
    let t: String = raw.nfkc().collect();
    let t = t.trim();
    // A time part (`2001-05-03 00:00:00`) is dropped.
    let t = match t.split_once(' ') {
        Some((d, rest)) if rest.contains(':') => d,
        _ => t,
    };
    let mut norm = String::with_capacity(t.len());
    for c in t.chars() {
        match c {
            '0'..='9' => norm.push(c),
            '年' | '月' | '.' | '/' | '-' | '\u{2010}'..='\u{2015}' | '\u{2212}' | '、' | '。' => {
                norm.push('-')
            }
            '日' | '号' => norm.push('-'),
            c if c.is_whitespace() => {}
            _ => return Err(unreadable()),
        }
    }
    let parts: Vec<&str> = norm.split('-').filter(|p| !p.is_empty()).collect();
    let num = |s: &str| s.parse::<i64>().ok();
    match parts.as_slice() {
        [one] => {
            let n = num(one).ok_or_else(unreadable)?;
            match one.len() {
                8 | 6 => packed_digits(n).ok_or_else(|| {
                    if one.len() == 6 {
                        DateError::TwoDigitYear(shown.clone())
                    } else {
                        unreadable()
                    }
                }),
                _ => Err(unreadable()),
            }
        }
        [y, m] => {
            if y.len() <= 2 {
                return Err(DateError::TwoDigitYear(shown.clone()));
            }
            if y.len() != 4 || m.len() > 2 {
                return Err(unreadable());
            }
            ymd(
                num(y).ok_or_else(unreadable)?,
                num(m).ok_or_else(unreadable)?,
                1,
            )
            .map(month)
            .ok_or_else(unreadable)
        }
        [y, m, d] => {
            // Day-first or month-first with the year last (`03/05/2001`) is ambiguous.
            if d.len() == 4 {
                return Err(unreadable());
            }
            if y.len() <= 2 {
                return Err(DateError::TwoDigitYear(shown.clone()));
            }
            if y.len() != 4 || m.len() > 2 || d.len() > 2 {
                return Err(unreadable());
            }
            ymd(
                num(y).ok_or_else(unreadable)?,
                num(m).ok_or_else(unreadable)?,
                num(d).ok_or_else(unreadable)?,
            )
            .map(day)
            .ok_or_else(unreadable)
        }
        _ => Err(unreadable()),
    }
}

/// Reads a date from a cell; `Ok(None)` when the cell is blank.
///
/// Date cells are taken as they are; whole numbers of 8 digits are `YYYYMMDD` (`20010503`
/// typed into a number cell), of 6 digits `YYYYMM`, other numbers are Excel serials in
/// `system`; text goes through [`parse_date_text`].
///
/// # Errors
///
/// As [`parse_date_text`] and [`excel_serial`]; booleans and error values are unreadable.
pub fn date(cell: &Cell, system: DateSystem) -> Result<Option<BirthDate>, DateError> {
    match cell {
        _ if cell.is_blank() => Ok(None),
        Cell::Date(d) => Ok(Some(day(*d))),
        Cell::DateTime(dt) => Ok(Some(day(dt.date()))),
        Cell::Int(n) => number(*n, system).map(Some),
        Cell::Float(f) => {
            if !f.is_finite() || *f < 0.0 || *f > 1e12 {
                return Err(DateError::Unreadable(cell.display()));
            }
            // A time of day in the fraction is irrelevant for a date.
            number(f.floor() as i64, system).map(Some)
        }
        Cell::Text(s) => parse_date_text(s).map(Some),
        Cell::Bool(_) | Cell::Error(_) | Cell::Empty => Err(DateError::Unreadable(cell.display())),
    }
}

fn number(n: i64, system: DateSystem) -> Result<BirthDate, DateError> {
    if let Some(d) = packed_digits(n) {
        return Ok(d);
    }
    excel_serial(n, system).map(day)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date as d;

    fn text(s: &str) -> (String, DatePrecision) {
        let b = parse_date_text(s).unwrap();
        (b.date.to_string(), b.precision)
    }

    #[test]
    fn text_forms() {
        use DatePrecision::*;
        for s in [
            "2001.5.3",
            "2001.05.03",
            "2001年5月3日",
            "2001年05月03日",
            "20010503",
            "2001/05/03",
            "2001-05-03",
            "2001-5-3",
            "２００１．０５．０３",
            " 2001 年 5 月 3 日 ",
            "2001-05-03 00:00:00",
            "2001.05.03.",
        ] {
            assert_eq!(text(s), ("2001-05-03".to_string(), Day), "{s:?}");
        }
        for s in ["2001-5", "2001.5", "2001年5月", "2001/05", "200105"] {
            assert_eq!(text(s), ("2001-05-01".to_string(), Month), "{s:?}");
        }
    }

    #[test]
    fn refused_text() {
        for s in ["01.05.03", "01-5-3", "010503", "01年5月3日", "01.5"] {
            assert_eq!(
                parse_date_text(s),
                Err(DateError::TwoDigitYear(s.into())),
                "{s:?}"
            );
        }
        for s in [
            "2001.13.03",
            "2001.02.30",
            "abc",
            "2001",
            "03/05/2001",
            "1899.12.31",
            "五月",
        ] {
            assert_eq!(
                parse_date_text(s),
                Err(DateError::Unreadable(s.into())),
                "{s:?}"
            );
        }
    }

    #[test]
    fn serials() {
        let s = DateSystem::Excel1900;
        assert_eq!(excel_serial(1, s), Ok(d(1900, 1, 1)));
        assert_eq!(excel_serial(59, s), Ok(d(1900, 2, 28)));
        assert_eq!(excel_serial(60, s), Err(DateError::Phantom1900Leap));
        assert_eq!(excel_serial(61, s), Ok(d(1900, 3, 1)));
        assert_eq!(excel_serial(36999, s), Ok(d(2001, 4, 18)));
        assert_eq!(excel_serial(45658, s), Ok(d(2025, 1, 1)));
        assert!(excel_serial(0, s).is_err());
        assert!(excel_serial(-5, s).is_err());
        let m = DateSystem::Excel1904;
        assert_eq!(excel_serial(0, m), Ok(d(1904, 1, 1)));
        assert_eq!(excel_serial(31412, m), Ok(d(1990, 1, 1)));
    }

    #[test]
    fn cells() {
        let s = DateSystem::Excel1900;
        let got = |c: Cell| date(&c, s).unwrap().map(|b| (b.date, b.precision));
        assert_eq!(got(Cell::Empty), None);
        assert_eq!(got(Cell::Text(" ".into())), None);
        assert_eq!(
            got(Cell::Date(d(2001, 5, 3))),
            Some((d(2001, 5, 3), DatePrecision::Day))
        );
        assert_eq!(
            got(Cell::Float(36999.0)),
            Some((d(2001, 4, 18), DatePrecision::Day))
        );
        assert_eq!(
            got(Cell::Float(36999.75)),
            Some((d(2001, 4, 18), DatePrecision::Day))
        );
        assert_eq!(
            got(Cell::Int(20010503)),
            Some((d(2001, 5, 3), DatePrecision::Day))
        );
        assert_eq!(
            got(Cell::Float(20010503.0)),
            Some((d(2001, 5, 3), DatePrecision::Day))
        );
        assert_eq!(
            got(Cell::Int(200105)),
            Some((d(2001, 5, 1), DatePrecision::Month))
        );
        assert_eq!(
            date(&Cell::Float(36999.0), DateSystem::Excel1904)
                .unwrap()
                .map(|b| b.date),
            Some(d(2005, 4, 19))
        );
        assert!(date(&Cell::Bool(true), s).is_err());
        assert!(date(&Cell::Float(f64::NAN), s).is_err());
        assert!(date(&Cell::Float(1e300), s).is_err());
    }
}
