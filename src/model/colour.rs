//! Colours of a game: White/Black in chess, 红/黑 (Red moves first, like White) in xiangqi.

use std::fmt;
use std::ops::Not;

/// The side a player had. In xiangqi `White` stands for 红 (Red, 先手) and `Black` for 黑.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
pub enum Colour {
    /// White (chess) / Red 红 (xiangqi): moves first.
    White,
    /// Black (chess) / Black 黑 (xiangqi).
    Black,
}

/// ```
/// use bianpai::model::Colour;
/// assert_eq!(Colour::from_trf_char('W'), Some(Colour::White));
/// assert_eq!(Colour::from_trf_char('-'), None);
/// assert_eq!((!Colour::White).trf_char(), 'b');
/// assert_eq!(Colour::Black.to_string(), "黑");
/// ```
impl Colour {
    /// The TRF letter, `w` or `b`.
    pub fn trf_char(self) -> char {
        match self {
            Colour::White => 'w',
            Colour::Black => 'b',
        }
    }

    /// Parses the TRF colour letter (`w`/`b`, any case); anything else is `None`.
    pub fn from_trf_char(c: char) -> Option<Colour> {
        match c {
            'w' | 'W' => Some(Colour::White),
            'b' | 'B' => Some(Colour::Black),
            _ => None,
        }
    }
}

impl Not for Colour {
    type Output = Colour;
    fn not(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::White => "白",
            Colour::Black => "黑",
        })
    }
}

/// A pair of values keyed by colour, instead of two loose fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct ByColour<T> {
    /// The white (red) side's value.
    pub white: T,
    /// The black side's value.
    pub black: T,
}

impl<T> ByColour<T> {
    /// The value of one side.
    pub fn get(&self, c: Colour) -> &T {
        match c {
            Colour::White => &self.white,
            Colour::Black => &self.black,
        }
    }

    /// The value of one side, mutably.
    pub fn get_mut(&mut self, c: Colour) -> &mut T {
        match c {
            Colour::White => &mut self.white,
            Colour::Black => &mut self.black,
        }
    }
}
