//! What was typed into a result cell that a spreadsheet turned into a date or a time (SPEC §6).
//!
//! In a General-formatted cell, Excel, WPS and LibreOffice read `1/2` as the 2nd of January
//! (serial 46024 in 2026), `1-1` as the 1st of January and `1:0` as one o'clock (0.041666…).
//! The typed text is rebuilt from the day and month, or from the hours and minutes, in every
//! order a person may have typed it; the cell is read as that notation only when the readings
//! that are notations agree.

use super::notation::{self, Sport};
use crate::ingest::Cell;
use crate::model::GameResult;

/// The first serial read as a date that lost its format (1990-01-01): smaller numbers are left
/// alone, so a typed `1` never becomes the 1st of January.
const FIRST_SERIAL: f64 = 32_874.0;
/// One past the last serial Excel has (9999-12-31).
const END_SERIAL: f64 = 2_958_466.0;

/// The notation typed and its result, when the cell is a date or time that reads as one.
pub(crate) fn recover(cell: &Cell, sport: Sport) -> Option<(String, GameResult)> {
    let candidates = match cell {
        Cell::Date(d) => day_month(i64::from(d.month()), i64::from(d.day())),
        Cell::DateTime(dt) => {
            hours_minutes(i64::from(dt.time().hour()), i64::from(dt.time().minute()))
        }
        Cell::Float(f) if *f > 0.0 && *f < 1.0 => {
            let minutes = (f * 1440.0).round() as i64;
            hours_minutes(minutes / 60, minutes % 60)
        }
        Cell::Float(f) if f.fract() == 0.0 && (FIRST_SERIAL..END_SERIAL).contains(f) => {
            serial_date(*f as i64)?
        }
        Cell::Int(i) if (FIRST_SERIAL..END_SERIAL).contains(&(*i as f64)) => serial_date(*i)?,
        _ => return None,
    };
    let mut found: Option<(String, GameResult)> = None;
    for c in candidates {
        if let Ok(g) = notation::parse(&c, sport) {
            match &found {
                Some((_, prev)) if *prev != g => return None,
                Some(_) => {}
                None => found = Some((c, g)),
            }
        }
    }
    found
}

/// `m/d`, `m-d`, `d/m`, `d-m`: how a date may have been typed.
fn day_month(month: i64, day: i64) -> Vec<String> {
    vec![
        format!("{month}/{day}"),
        format!("{month}-{day}"),
        format!("{day}/{month}"),
        format!("{day}-{month}"),
    ]
}

/// `h:m`: how a time may have been typed (`1:0` is one o'clock).
fn hours_minutes(hours: i64, minutes: i64) -> Vec<String> {
    vec![format!("{hours}:{minutes}")]
}

/// The day and month of a 1900-system serial, counted from 1899-12-30 (exact from March 1900
/// on, past Excel's phantom 1900-02-29; only serials from 1990 on come here).
fn serial_date(serial: i64) -> Option<Vec<String>> {
    let epoch = jiff::civil::date(1899, 12, 30);
    let d = epoch.checked_add(jiff::Span::new().days(serial)).ok()?;
    Some(day_month(i64::from(d.month()), i64::from(d.day())))
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    #[test]
    fn dates_and_times_read_as_typed() {
        let jan2 = Cell::Date(jiff::civil::date(2026, 1, 2));
        assert_eq!(recover(&jan2, Sport::Chess), Some(("1/2".into(), Draw)));
        // The serial itself, when the date format was lost.
        assert_eq!(
            recover(&Cell::Float(46024.0), Sport::Chess),
            Some(("1/2".into(), Draw))
        );
        let jan1 = Cell::Date(jiff::civil::date(2026, 1, 1));
        assert_eq!(recover(&jan1, Sport::Xiangqi), Some(("1-1".into(), Draw)));
        assert_eq!(recover(&jan1, Sport::Chess), None);
        let one = Cell::Float(1.0 / 24.0);
        assert_eq!(recover(&one, Sport::Chess), Some(("1:0".into(), Win)));
        let minute = Cell::Float(1.0 / 1440.0);
        assert_eq!(recover(&minute, Sport::Chess), Some(("0:1".into(), Loss)));
        assert_eq!(
            recover(&Cell::Float(2.0 / 24.0), Sport::Xiangqi),
            Some(("2:0".into(), Win))
        );
        assert_eq!(
            recover(&Cell::Float(2.0 / 1440.0), Sport::Xiangqi),
            Some(("0:2".into(), Loss))
        );
    }

    #[test]
    fn other_numbers_are_not_guessed() {
        for c in [
            Cell::Float(1.0),
            Cell::Int(2),
            Cell::Float(12.5),
            Cell::Text("1/2".into()),
            Cell::Date(jiff::civil::date(2026, 3, 7)),
        ] {
            assert_eq!(recover(&c, Sport::Chess), None, "{c:?}");
            assert_eq!(recover(&c, Sport::Xiangqi), None, "{c:?}");
        }
    }
}
