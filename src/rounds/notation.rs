//! Result notation typed by arbiters into round workbooks (SPEC §6), always from the left-hand
//! (first-named, white/red) player's side.

use crate::model::GameResult;

pub use crate::model::Sport;

/// The text is not a result notation bianpai knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a result: {0:?}")]
pub struct NotationError(pub String);

/// Parses a result cell from the left-hand player's side.
///
/// Chess: `1-0`, `0-1`, `½-½`, `=`, `0.5-0.5`, `1:0`, `1/2`, `和`, `白胜`, `黑胜`; forfeits
/// `+-`, `-+`, `--` (also `+:-`, `+/-`). Xiangqi: `2-0`, `1-1`, `0-2`, `红胜`, `黑胜`, `和`, and
/// the same forfeit signs. Full-width characters, spaces and any dash (`–`, `—`, `－`) are
/// accepted. An empty cell is not a result: the caller treats it as missing.
///
/// ```
/// use bianpai::model::GameResult;
/// use bianpai::rounds::notation::{parse, Sport};
/// assert_eq!(parse("1-0", Sport::Chess), Ok(GameResult::Win));
/// assert_eq!(parse(" ½ : ½ ", Sport::Chess), Ok(GameResult::Draw));
/// assert_eq!(parse("0-2", Sport::Xiangqi), Ok(GameResult::Loss));
/// assert_eq!(parse("红胜", Sport::Xiangqi), Ok(GameResult::Win));
/// assert!(parse("2-0", Sport::Chess).is_err());
/// ```
///
/// # Errors
///
/// [`NotationError`] with the text when it is not a known notation.
pub fn parse(text: &str, sport: Sport) -> Result<GameResult, NotationError> {
    let key = canonical(text);
    let err = || NotationError(text.trim().to_string());
    if key.is_empty() {
        return Err(err());
    }
    // Forfeits and the words are the same in both sports.
    match key.as_str() {
        "+-" | "+:-" | "+/-" => return Ok(GameResult::ForfeitWin),
        "-+" | "-:+" | "-/+" => return Ok(GameResult::ForfeitLoss),
        "--" | "-:-" | "-/-" | "0-0" | "0:0" => return Ok(GameResult::DoubleForfeit),
        "和" | "和棋" | "平" | "=" => return Ok(GameResult::Draw),
        "胜" => return Ok(GameResult::Win),
        "负" => return Ok(GameResult::Loss),
        _ => {}
    }
    match sport {
        Sport::Chess => match key.as_str() {
            "1-0" | "1:0" | "白胜" => Ok(GameResult::Win),
            "0-1" | "0:1" | "黑胜" => Ok(GameResult::Loss),
            "½-½" | "½:½" | "½" | "1/2" | "0.5-0.5" | "0.5:0.5" | ".5-.5" | "1/2-1/2"
            | "1/2:1/2" | "0.5" => Ok(GameResult::Draw),
            _ => Err(err()),
        },
        Sport::Xiangqi => match key.as_str() {
            "2-0" | "2:0" | "红胜" | "红先胜" => Ok(GameResult::Win),
            "0-2" | "0:2" | "黑胜" | "红先负" => Ok(GameResult::Loss),
            "1-1" | "1:1" | "红先和" => Ok(GameResult::Draw),
            _ => Err(err()),
        },
    }
}

/// The notation written back into workbooks for a result.
pub fn format(result: GameResult, sport: Sport) -> &'static str {
    match (sport, result) {
        (Sport::Chess, GameResult::Win) => "1-0",
        (Sport::Chess, GameResult::Loss) => "0-1",
        (Sport::Chess, GameResult::Draw) => "½-½",
        (Sport::Xiangqi, GameResult::Win) => "2-0",
        (Sport::Xiangqi, GameResult::Loss) => "0-2",
        (Sport::Xiangqi, GameResult::Draw) => "1-1",
        (_, GameResult::ForfeitWin) => "+-",
        (_, GameResult::ForfeitLoss) => "-+",
        (_, GameResult::DoubleForfeit) => "--",
    }
}

/// The choices offered in a result cell's dropdown.
pub(crate) fn choices(sport: Sport) -> &'static [&'static str] {
    match sport {
        Sport::Chess => &["1-0", "½-½", "0-1", "+-", "-+", "--"],
        Sport::Xiangqi => &["2-0", "1-1", "0-2", "+-", "-+", "--"],
    }
}

/// Folds the spellings people type into one key: NFKC-like width folding for the characters
/// that occur, every dash to `-`, colon forms to `:`, spaces removed.
fn canonical(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        let c = match c {
            // Full-width ASCII block → ASCII.
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(u32::from(c) - 0xFEE0).unwrap_or(c),
            '\u{2010}'..='\u{2015}' | '\u{2212}' | '\u{FE63}' => '-',
            '\u{2236}' => ':',
            '\u{2044}' => '/',
            _ => c,
        };
        if c.is_whitespace() || c == '\u{200B}' || c == '\u{FEFF}' {
            continue;
        }
        out.push(c);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use GameResult::*;

    #[test]
    fn chess_notations() {
        let cases = [
            ("1-0", Win),
            ("1:0", Win),
            ("１－０", Win),
            ("1 – 0", Win),
            ("0-1", Loss),
            ("0：1", Loss),
            ("½-½", Draw),
            ("=", Draw),
            ("0.5-0.5", Draw),
            ("1/2", Draw),
            ("和", Draw),
            ("+-", ForfeitWin),
            ("+/-", ForfeitWin),
            ("-+", ForfeitLoss),
            ("--", DoubleForfeit),
            ("白胜", Win),
            ("黑胜", Loss),
        ];
        for (t, r) in cases {
            assert_eq!(parse(t, Sport::Chess), Ok(r), "{t}");
        }
    }

    #[test]
    fn xiangqi_notations() {
        let cases = [
            ("2-0", Win),
            ("1-1", Draw),
            ("0-2", Loss),
            ("红胜", Win),
            ("黑胜", Loss),
            ("和", Draw),
            ("+-", ForfeitWin),
            ("-+", ForfeitLoss),
            ("--", DoubleForfeit),
        ];
        for (t, r) in cases {
            assert_eq!(parse(t, Sport::Xiangqi), Ok(r), "{t}");
        }
    }

    #[test]
    fn rejects_unknown_and_cross_sport() {
        for t in ["", " ", "1-1", "2-0", "x", "10", "1-0-0", "胜负"] {
            assert!(parse(t, Sport::Chess).is_err(), "{t}");
        }
        for t in ["1-0", "0.5-0.5", "3-0"] {
            assert!(parse(t, Sport::Xiangqi).is_err(), "{t}");
        }
    }

    #[test]
    fn format_round_trips() {
        for sport in [Sport::Chess, Sport::Xiangqi] {
            for r in [Win, Draw, Loss, ForfeitWin, ForfeitLoss, DoubleForfeit] {
                assert_eq!(parse(format(r, sport), sport), Ok(r));
            }
            for c in choices(sport) {
                assert!(parse(c, sport).is_ok());
            }
        }
    }
}
