//! The TRF data model (FIDE Tournament Report File, TRF-16 and TRF-26).
//!
//! Pure data: parsing lives in `trf::read`, writing in `trf::write`, typed views of the header
//! records in `trf::access`. Columns are documented in RULES.md §D. Every line of a file is kept
//! in order so that reading then writing gives the same text back.
//!
//! Exact round trip: each parsed `001`/`310`/`013` record keeps the line it was read from in a
//! [`Layout`]. The writer reuses those characters for every field whose value has not changed
//! (titles aligned left or right, zero-padded numbers, trailing spaces all survive) and writes
//! only changed fields in the canonical layout. Records built in code have an empty layout and are
//! written canonically.

use crate::model::{Colour, Points};
pub use crate::tournament::ScoreTable;

/// A whole TRF file: every line in file order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Trf {
    /// Lines in file order.
    pub lines: Vec<Line>,
}

/// One line of a TRF file.
#[derive(Debug, Clone, PartialEq)]
pub enum Line {
    /// `001` player record.
    Player(PlayerRecord),
    /// `310` team record (TRF-26).
    Team(TeamRecord),
    /// `013` team record (TRF-16).
    Team013(Team013Record),
    /// Any other record (`012`, `042`, `XXR`, `162`, `352`, `330`, ...), kept with its code and
    /// the raw text after the code. Typed accessors on [`Trf`] interpret the known ones.
    Other {
        /// The record code: the first three characters (`012`, `XXR`, `###`).
        code: String,
        /// The whole line as read (without line end).
        raw: String,
    },
    /// An empty line.
    Blank,
}

/// The result code of one round block (column 99 of round 1, +10 per round).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ResultCode {
    /// `1`: won over the board.
    Win,
    /// `=` (also `½`): drawn over the board.
    Draw,
    /// `0`: lost over the board.
    Loss,
    /// `+`: forfeit win.
    ForfeitWin,
    /// `-`: forfeit loss.
    ForfeitLoss,
    /// `W`: win in a game of less than one move (not rated).
    WinUnrated,
    /// `D`: draw in a game of less than one move.
    DrawUnrated,
    /// `L`: loss in a game of less than one move.
    LossUnrated,
    /// `H`: half-point bye.
    HalfBye,
    /// `F`: full-point bye.
    FullBye,
    /// `U`: pairing-allocated bye.
    Pab,
    /// `Z`: zero-point bye, absence, rest round.
    ZeroBye,
    /// Blank result column: not paired, counts as `Z`.
    Blank,
}

/// One round block of a `001` line: `OOOO C R`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RoundEntry {
    /// The opponent's starting rank; `None` for `0000` or blank.
    pub opponent: Option<u16>,
    /// The colour; `None` for `-` or blank.
    pub colour: Option<Colour>,
    /// The result code.
    pub result: ResultCode,
}

/// The text a record was read from, so that writing it back reproduces the exact columns.
///
/// Equality deliberately ignores it: two records are equal when their fields are, whatever the
/// spacing of the lines they came from. Records built in code use `Layout::default()` (none).
#[derive(Debug, Clone, Default, Eq)]
pub struct Layout(pub Option<String>);

impl PartialEq for Layout {
    fn eq(&self, _: &Layout) -> bool {
        true
    }
}

/// A `001` player line.
#[derive(Debug, Clone, PartialEq)]
pub struct PlayerRecord {
    /// Starting rank (pairing number), columns 5-8.
    pub start_no: u16,
    /// Sex letter as written (column 10), e.g. `m`, `w`, `f`, `u` or space.
    pub sex: char,
    /// Title, columns 11-13, trimmed.
    pub title: String,
    /// Name, columns 15-47, trimmed.
    pub name: String,
    /// FIDE rating, columns 49-52; 0 when blank.
    pub rating: u16,
    /// Federation, columns 54-56, trimmed.
    pub federation: String,
    /// FIDE ID, columns 58-68, trimmed (kept as text: generators put other numbers there).
    pub fide_id: String,
    /// Birth date, columns 70-79, as written (trimmed).
    pub birth: String,
    /// Points, columns 81-84; `None` when blank.
    pub points: Option<Points>,
    /// Rank, columns 86-89; `None` when blank.
    pub rank: Option<u16>,
    /// Round blocks from column 92, one per round, in round order. Blanks after the last
    /// non-blank character of the line are not a round; a blank block before it is a round with
    /// [`ResultCode::Blank`].
    pub rounds: Vec<RoundEntry>,
    /// The line as read (ignored by equality).
    pub layout: Layout,
}

impl Default for PlayerRecord {
    /// An empty record (start number 0, sex blank), a base for `..Default::default()`.
    fn default() -> Self {
        PlayerRecord {
            start_no: 0,
            sex: ' ',
            title: String::new(),
            name: String::new(),
            rating: 0,
            federation: String::new(),
            fide_id: String::new(),
            birth: String::new(),
            points: None,
            rank: None,
            rounds: Vec::new(),
            layout: Layout::default(),
        }
    }
}

/// A `310` team line (TRF-26).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TeamRecord {
    /// Team pairing number, columns 5-7.
    pub number: u16,
    /// Name, columns 9-40, trimmed.
    pub name: String,
    /// Nickname, columns 42-46, trimmed.
    pub nickname: String,
    /// Strength factor (mean rating), columns 48-53, as written and trimmed.
    pub strength: String,
    /// Match points, columns 55-60.
    pub match_points: Option<Points>,
    /// Game points, columns 62-67.
    pub game_points: Option<Points>,
    /// Rank, columns 69-71.
    pub rank: Option<u16>,
    /// Members' starting ranks in board order, columns 74-77, 79-82, ... (blank slots skipped).
    pub members: Vec<u16>,
    /// The line as read (ignored by equality).
    pub layout: Layout,
}

/// A `013` team line (TRF-16).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Team013Record {
    /// Team name, columns 5-36, trimmed.
    pub name: String,
    /// Members' starting ranks, columns 37-40, 42-45, ... (blank slots skipped).
    pub members: Vec<u16>,
    /// The line as read (ignored by equality).
    pub layout: Layout,
}

impl ResultCode {
    /// Reads a result column: `1 = 0 + - W D L H F U Z` (letters in either case), `½` as a draw,
    /// a space as [`ResultCode::Blank`]; anything else is `None`.
    pub fn from_trf_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '1' => ResultCode::Win,
            '=' | '½' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            '+' => ResultCode::ForfeitWin,
            '-' => ResultCode::ForfeitLoss,
            'W' => ResultCode::WinUnrated,
            'D' => ResultCode::DrawUnrated,
            'L' => ResultCode::LossUnrated,
            'H' => ResultCode::HalfBye,
            'F' => ResultCode::FullBye,
            'U' => ResultCode::Pab,
            'Z' => ResultCode::ZeroBye,
            ' ' => ResultCode::Blank,
            _ => return None,
        })
    }

    /// The canonical TRF character (upper-case letters, `=` for a draw, space for blank).
    pub fn trf_char(self) -> char {
        match self {
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::ForfeitWin => '+',
            ResultCode::ForfeitLoss => '-',
            ResultCode::WinUnrated => 'W',
            ResultCode::DrawUnrated => 'D',
            ResultCode::LossUnrated => 'L',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::Pab => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Blank => ' ',
        }
    }

    /// Whether the game was played over the board (`1 = 0`; also `W D L`, games of less than
    /// one move, which FIDE counts as played but not rated).
    pub fn is_played(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::WinUnrated
                | ResultCode::DrawUnrated
                | ResultCode::LossUnrated
        )
    }
}
