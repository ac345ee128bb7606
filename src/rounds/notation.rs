//! Result notation typed by arbiters into round workbooks (SPEC §6): from the left-hand
//! (first-named) player's side, or by colour word (`红胜`, `黑胜`, `白胜` …) for the player of
//! that colour.

use crate::model::{Colour, GameResult};

pub use crate::model::Sport;

/// The text is not a result notation bianpai knows.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("not a result: {0:?}")]
pub struct NotationError(pub String);

/// A result as typed: from the left-hand player's side (`1-0`, `2:0`, `和`, `+-`), or a colour
/// word that names the colour it is about (`黑胜`: Black won).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Typed {
    /// The result of the left-hand (first-named, home) player.
    Side(GameResult),
    /// The result of the player who had this colour.
    Colour(Colour, GameResult),
}

impl Typed {
    /// The left-hand player's result, given that player's colour; a colour word needs it
    /// (`None` when it is not known), a side notation does not.
    pub fn for_left(self, left: Option<Colour>) -> Option<GameResult> {
        match self {
            Typed::Side(g) => Some(g),
            Typed::Colour(c, g) => left.map(|l| if l == c { g } else { g.reversed() }),
        }
    }
}

/// Parses a result cell from the left-hand player's side, the left-hand player having White
/// (Red): the columns of an individual round workbook (白方/红方 on the left).
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
    let t = parse_typed(text, sport)?;
    t.for_left(Some(Colour::White))
        .ok_or_else(|| NotationError(text.trim().to_string()))
}

/// Parses a result cell as typed, keeping a colour word's colour: a team round's home player
/// may have Black, and `黑胜` then means the home player won.
///
/// ```
/// use bianpai::model::{Colour, GameResult};
/// use bianpai::rounds::notation::{parse_typed, Sport, Typed};
/// assert_eq!(parse_typed("1:0", Sport::Chess), Ok(Typed::Side(GameResult::Win)));
/// assert_eq!(
///     parse_typed("黑胜", Sport::Xiangqi),
///     Ok(Typed::Colour(Colour::Black, GameResult::Win))
/// );
/// ```
///
/// # Errors
///
/// [`NotationError`] with the text when it is not a known notation (a colour word of the
/// other sport, `白胜` in xiangqi or `红胜` in chess, included).
pub fn parse_typed(text: &str, sport: Sport) -> Result<Typed, NotationError> {
    use Colour::{Black, White};
    use GameResult::{Draw, Loss, Win};
    let key = canonical(text);
    let err = || NotationError(text.trim().to_string());
    if key.is_empty() {
        return Err(err());
    }
    // Forfeits and the words are the same in both sports.
    let side = match key.as_str() {
        "+-" | "+:-" | "+/-" => Some(GameResult::ForfeitWin),
        "-+" | "-:+" | "-/+" => Some(GameResult::ForfeitLoss),
        "--" | "-:-" | "-/-" | "0-0" | "0:0" => Some(GameResult::DoubleForfeit),
        "和" | "和棋" | "平" | "=" => Some(Draw),
        "胜" => Some(Win),
        "负" => Some(Loss),
        _ => None,
    };
    if let Some(g) = side {
        return Ok(Typed::Side(g));
    }
    match sport {
        Sport::Chess => match key.as_str() {
            "1-0" | "1:0" => Ok(Typed::Side(Win)),
            "0-1" | "0:1" => Ok(Typed::Side(Loss)),
            "½-½" | "½:½" | "½" | "1/2" | "0.5-0.5" | "0.5:0.5" | ".5-.5" | "1/2-1/2"
            | "1/2:1/2" | "0.5" => Ok(Typed::Side(Draw)),
            "白胜" => Ok(Typed::Colour(White, Win)),
            "白负" => Ok(Typed::Colour(White, Loss)),
            "黑胜" => Ok(Typed::Colour(Black, Win)),
            "黑负" => Ok(Typed::Colour(Black, Loss)),
            _ => Err(err()),
        },
        Sport::Xiangqi => match key.as_str() {
            "2-0" | "2:0" => Ok(Typed::Side(Win)),
            "0-2" | "0:2" => Ok(Typed::Side(Loss)),
            // 红先和: a draw, whoever had red.
            "1-1" | "1:1" | "红先和" => Ok(Typed::Side(Draw)),
            "红胜" | "红先胜" => Ok(Typed::Colour(White, Win)),
            "红负" | "红先负" => Ok(Typed::Colour(White, Loss)),
            "黑胜" => Ok(Typed::Colour(Black, Win)),
            "黑负" => Ok(Typed::Colour(Black, Loss)),
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
            ("白负", Loss),
            ("黑负", Win),
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
            ("红负", Loss),
            ("黑负", Win),
            ("红先胜", Win),
            ("红先和", Draw),
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
        for t in ["1-0", "0.5-0.5", "3-0", "白胜", "白负"] {
            assert!(parse(t, Sport::Xiangqi).is_err(), "{t}");
        }
        for t in ["红胜", "红负", "红先胜"] {
            assert!(parse(t, Sport::Chess).is_err(), "{t}");
        }
    }

    /// A colour word keeps its colour; a side notation reads the same whoever had White.
    #[test]
    fn colour_words_name_their_colour() {
        use Colour::{Black, White};
        let cases = [
            ("黑胜", Sport::Xiangqi, Typed::Colour(Black, Win)),
            ("红负", Sport::Xiangqi, Typed::Colour(White, Loss)),
            ("红先负", Sport::Xiangqi, Typed::Colour(White, Loss)),
            ("白胜", Sport::Chess, Typed::Colour(White, Win)),
            ("黑负", Sport::Chess, Typed::Colour(Black, Loss)),
            ("2:0", Sport::Xiangqi, Typed::Side(Win)),
            ("1/2", Sport::Chess, Typed::Side(Draw)),
            ("和", Sport::Xiangqi, Typed::Side(Draw)),
        ];
        for (t, sport, want) in cases {
            assert_eq!(parse_typed(t, sport), Ok(want), "{t}");
        }
        // For a left-hand player with Black: 黑胜 is their win, 红负 too; 1:0 stays theirs.
        let black = Some(Black);
        assert_eq!(Typed::Colour(Black, Win).for_left(black), Some(Win));
        assert_eq!(Typed::Colour(White, Loss).for_left(black), Some(Win));
        assert_eq!(Typed::Colour(White, Win).for_left(black), Some(Loss));
        assert_eq!(Typed::Side(Win).for_left(black), Some(Win));
        // Without the colour, a colour word says nothing; a side notation still does.
        assert_eq!(Typed::Colour(Black, Win).for_left(None), None);
        assert_eq!(Typed::Side(Draw).for_left(None), Some(Draw));
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
