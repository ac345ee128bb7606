//! The cells of the display tables ([`super::tables::TextTable`]), typed to the last step: a
//! number stays a number (points in half-points, a percentage in whole percent) until the
//! table writer stores it, and its display text (workbook, web page, picture) is made from the
//! same value, so no number is read back from text.

use std::borrow::Cow;
use std::fmt;

use crate::model::{Points, Sport};
use crate::scoring::{Rational, rational};

/// One cell of a display table.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cell {
    /// Text, written as text however it reads (`007`, `1/2`, a name); empty for a blank cell.
    Text(String),
    /// A whole number: a place, a number, a count, a rating.
    Int(i64),
    /// A score in half-points with `decimals` digits after the point; 0: whole points without
    /// a decimal and a half as `.5` (the xiangqi way, [`Points::compact`]).
    Points {
        /// The score in half-points.
        halves: i64,
        /// Digits after the point.
        decimals: u8,
    },
    /// An exact decimal: `units` ÷ 10^`decimals` (a tie-break value at its precision).
    Decimal {
        /// The value in units of the last digit shown.
        units: i64,
        /// Digits after the point.
        decimals: u8,
    },
    /// A whole percentage (`63%`), stored as the fraction it is (0.63).
    Percent(i64),
}

impl Default for Cell {
    fn default() -> Cell {
        Cell::Text(String::new())
    }
}

/// How the table writer formats a number cell.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum NumberFormat {
    /// A decimal with this many digits after the point (at most 2).
    Decimals(u8),
    /// A whole percentage.
    Percent,
}

impl Cell {
    /// A score as the sport writes it in a table: chess with one decimal, xiangqi without one
    /// when whole ([`Sport::points_text`]).
    pub fn points(sport: Sport, p: Points) -> Cell {
        let decimals = match sport {
            Sport::Chess => 1,
            Sport::Xiangqi => 0,
        };
        Cell::Points {
            halves: i64::from(p.halves()),
            decimals,
        }
    }

    /// A score with one decimal (`3.5`, `4.0`), as [`Points`] displays.
    pub fn points1(p: Points) -> Cell {
        Cell::Points {
            halves: i64::from(p.halves()),
            decimals: 1,
        }
    }

    /// `r` rounded half away from zero to `decimals` digits ([`Rational::fmt_decimals`]).
    pub fn decimal(r: Rational, decimals: usize) -> Cell {
        Cell::Decimal {
            units: r.scaled(decimals),
            decimals: u8::try_from(decimals).unwrap_or(u8::MAX),
        }
    }

    /// A place: empty for a disqualified entrant (place 0).
    pub fn place(rank: u32) -> Cell {
        if rank == 0 {
            Cell::default()
        } else {
            Cell::Int(i64::from(rank))
        }
    }

    /// A value the organizer typed (a registration number): a number when it reads as a plain
    /// decimal of at most 15 characters without a leading zero (`12`, `-3`, `2.5`), so that a
    /// spreadsheet sorts it; other text (`007`, `A12`, `1/2`, empty) stays text.
    pub fn entered(text: String) -> Cell {
        let digits = text.strip_prefix('-').unwrap_or(&text);
        let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
        let all_digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let plain = !int.is_empty()
            && all_digits(int)
            && all_digits(frac)
            && (frac.is_empty() != digits.contains('.'))
            && (int == "0" || !int.starts_with('0'))
            && digits.len() <= 15;
        let units = format!("{int}{frac}").parse::<i64>();
        let negative = digits.len() < text.len();
        match (plain, units, u8::try_from(frac.len())) {
            // `-0` stays text: the number would show without its sign.
            (true, Ok(u), Ok(decimals)) if !(negative && u == 0) => Cell::Decimal {
                units: if negative { -u } else { u },
                decimals,
            },
            _ => Cell::Text(text),
        }
    }

    /// The text the cell shows.
    pub fn text(&self) -> Cow<'_, str> {
        match self {
            Cell::Text(s) => Cow::Borrowed(s),
            other => Cow::Owned(other.to_string()),
        }
    }

    /// Whether the cell shows nothing but blanks.
    pub fn is_blank(&self) -> bool {
        matches!(self, Cell::Text(s) if s.trim().is_empty())
    }

    /// The number the table writer stores and its format; `None` for text.
    pub(crate) fn number(&self) -> Option<(f64, NumberFormat)> {
        let scaled = |units: i64, decimals: u8| {
            let v = units as f64 / 10f64.powi(i32::from(decimals));
            (v, NumberFormat::Decimals(decimals.min(2)))
        };
        match *self {
            Cell::Text(_) => None,
            Cell::Int(n) => Some(scaled(n, 0)),
            Cell::Points { halves, decimals } => {
                // A compact half shows one decimal (`2.5`).
                let shown = decimals.max(u8::from(halves % 2 != 0)).min(2);
                Some((halves as f64 / 2.0, NumberFormat::Decimals(shown)))
            }
            Cell::Decimal { units, decimals } => Some(scaled(units, decimals)),
            Cell::Percent(p) => Some((p as f64 / 100.0, NumberFormat::Percent)),
        }
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Cell::Text(ref s) => f.write_str(s),
            Cell::Int(n) => write!(f, "{n}"),
            Cell::Points { halves, decimals } => {
                let p = Points::from_halves(i32::try_from(halves).unwrap_or(i32::MAX));
                if decimals == 0 {
                    f.write_str(&p.compact())
                } else {
                    f.write_str(&p.fmt_decimals(usize::from(decimals)))
                }
            }
            Cell::Decimal { units, decimals } => {
                f.write_str(&rational::fmt_scaled(units, usize::from(decimals)))
            }
            Cell::Percent(p) => write!(f, "{p}%"),
        }
    }
}

/// A cell equals the text it shows (`Cell::Int(3) == "3"`).
#[cfg(test)]
impl PartialEq<&str> for Cell {
    fn eq(&self, text: &&str) -> bool {
        self.text() == *text
    }
}

#[cfg(test)]
impl PartialEq<String> for Cell {
    fn eq(&self, text: &String) -> bool {
        self.text() == text.as_str()
    }
}

/// A row of text cells.
pub fn texts(row: Vec<String>) -> Vec<Cell> {
    row.into_iter().map(Cell::Text).collect()
}

impl From<String> for Cell {
    fn from(s: String) -> Cell {
        Cell::Text(s)
    }
}

impl From<&str> for Cell {
    fn from(s: &str) -> Cell {
        Cell::Text(s.to_string())
    }
}

macro_rules! int_cells {
    ($($t:ty),*) => {$(
        impl From<$t> for Cell {
            fn from(n: $t) -> Cell {
                Cell::Int(i64::try_from(n).unwrap_or(i64::MAX))
            }
        }
    )*};
}
int_cells!(u16, u32, usize, i64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_show_and_store_the_same_value() {
        let cases = [
            (Cell::Int(-3), "-3", Some((-3.0, NumberFormat::Decimals(0)))),
            (
                Cell::points(Sport::Xiangqi, Points::from_halves(5)),
                "2.5",
                Some((2.5, NumberFormat::Decimals(1))),
            ),
            (
                Cell::points(Sport::Xiangqi, Points::from_halves(12)),
                "6",
                Some((6.0, NumberFormat::Decimals(0))),
            ),
            (
                Cell::points1(Points::from_halves(28)),
                "14.0",
                Some((14.0, NumberFormat::Decimals(1))),
            ),
            (
                Cell::decimal(Rational::new(-33, 2), 3),
                "-16.500",
                Some((-16.5, NumberFormat::Decimals(2))),
            ),
            (
                Cell::decimal(Rational::new(2, 3), 2),
                "0.67",
                Some((0.67, NumberFormat::Decimals(2))),
            ),
            (
                Cell::Percent(63),
                "63%",
                Some((0.63, NumberFormat::Percent)),
            ),
            (Cell::entered("007".into()), "007", None),
            (Cell::entered("1/2".into()), "1/2", None),
            (
                Cell::entered("12".into()),
                "12",
                Some((12.0, NumberFormat::Decimals(0))),
            ),
            (
                Cell::entered("-2.5".into()),
                "-2.5",
                Some((-2.5, NumberFormat::Decimals(1))),
            ),
            (Cell::entered("2.".into()), "2.", None),
            (Cell::place(0), "", None),
        ];
        for (cell, text, number) in cases {
            assert_eq!(cell.text(), text);
            assert_eq!(cell.number(), number, "{text}");
        }
    }
}
