//! The scored view of a tournament: competitors (players or teams) with one typed result per
//! round, as the tie-breaks rank them.
//!
//! Tie-breaks treat a game played over the board, a forfeit and each kind of bye differently
//! (FIDE C.07 arts. 15-16), so a round keeps its kind, not only its points. The points a
//! competitor got are stored with the round because the scoring system belongs to the event
//! (1/½/0, xiangqi 2/1/0, match points 2/1/0, a PAB worth a draw in some team events).

use crate::model::{Colour, GameResult, Points};

/// Points per result (`162` for games, `362` for matches).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ResultPoints {
    /// A win.
    pub win: Points,
    /// A draw.
    pub draw: Points,
    /// A loss.
    pub loss: Points,
}

impl ResultPoints {
    /// Chess games: 1 / ½ / 0.
    pub const CHESS: ResultPoints = ResultPoints {
        win: Points::WIN,
        draw: Points::DRAW,
        loss: Points::ZERO,
    };
    /// Xiangqi games (象棋竞赛规则 13.1) and team matches (C.07 11): 2 / 1 / 0.
    pub const TWO_ONE_ZERO: ResultPoints = ResultPoints {
        win: Points::from_whole(2),
        draw: Points::from_whole(1),
        loss: Points::ZERO,
    };
}

/// Which of a team's two scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ScoreKind {
    /// Match points (for individual events: the player's points).
    Match,
    /// Game points (for individual events: the same as `Match`).
    Game,
}

impl ScoreKind {
    /// The other score.
    pub fn other(self) -> ScoreKind {
        match self {
            ScoreKind::Match => ScoreKind::Game,
            ScoreKind::Game => ScoreKind::Match,
        }
    }
}

/// Rules edition of FIDE C.07.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Default)]
pub enum Edition {
    /// In force 1 Aug 2024 to 28 Feb 2026: the dummy scores the player's own final score.
    E2024,
    /// In force from 1 Mar 2026: the dummy is capped (16.4.1, 16.4.2).
    #[default]
    E2026,
}

impl std::str::FromStr for Edition {
    type Err = String;

    /// `2024` or `2026`, the year the edition came into force.
    fn from_str(s: &str) -> Result<Edition, String> {
        match s.trim() {
            "2024" => Ok(Edition::E2024),
            "2026" => Ok(Edition::E2026),
            other => Err(format!(
                "未知版本 {other}，可用 2024 或 2026 (unknown edition {other}: 2024 or 2026)"
            )),
        }
    }
}

impl Edition {
    /// The edition in force on a start date written `YYYY/MM/DD` or `YYYY-MM-DD`.
    pub fn for_start_date(date: &str) -> Option<Edition> {
        let d = date.trim().replace('-', "/");
        let b = d.as_bytes();
        let ok = b.len() == 10
            && b.get(4) == Some(&b'/')
            && b.get(7) == Some(&b'/')
            && d.chars().filter(char::is_ascii_digit).count() == 8;
        if !ok {
            return None;
        }
        Some(if d.as_str() < "2026/03/01" {
            Edition::E2024
        } else {
            Edition::E2026
        })
    }
}

/// The outcome of a game or match played over the board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlayedOutcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// What happened to a competitor in one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RoundResult {
    /// A game (or team match) played over the board. `opponent` is an index into
    /// [`Tournament::competitors`].
    Played {
        /// The opponent's index.
        opponent: usize,
        /// The colour (for teams: White = the first-named team).
        colour: Option<Colour>,
        /// The outcome.
        outcome: PlayedOutcome,
    },
    /// Won by forfeit (the opponent did not appear).
    ForfeitWin {
        /// The scheduled opponent's index.
        opponent: usize,
        /// The scheduled colour.
        colour: Option<Colour>,
    },
    /// Lost by forfeit.
    ForfeitLoss {
        /// The scheduled opponent's index.
        opponent: usize,
        /// The scheduled colour.
        colour: Option<Colour>,
    },
    /// Both sides forfeited.
    DoubleForfeit {
        /// The scheduled opponent's index.
        opponent: usize,
        /// The scheduled colour.
        colour: Option<Colour>,
    },
    /// Pairing-allocated bye.
    Pab,
    /// Full-point bye (requested or awarded, not a PAB).
    FullBye,
    /// Half-point bye.
    HalfBye,
    /// Zero-point bye.
    ZeroBye,
    /// Not paired: absent, withdrawn, or a round the file does not cover.
    Absent,
}

impl RoundResult {
    /// The opponent, paired or scheduled.
    pub fn opponent(self) -> Option<usize> {
        match self {
            RoundResult::Played { opponent, .. }
            | RoundResult::ForfeitWin { opponent, .. }
            | RoundResult::ForfeitLoss { opponent, .. }
            | RoundResult::DoubleForfeit { opponent, .. } => Some(opponent),
            _ => None,
        }
    }

    /// The colour, when paired.
    pub fn colour(self) -> Option<Colour> {
        match self {
            RoundResult::Played { colour, .. }
            | RoundResult::ForfeitWin { colour, .. }
            | RoundResult::ForfeitLoss { colour, .. }
            | RoundResult::DoubleForfeit { colour, .. } => colour,
            _ => None,
        }
    }

    /// Played over the board.
    pub fn is_otb(self) -> bool {
        matches!(self, RoundResult::Played { .. })
    }

    /// Played over the board or a pairing-allocated bye: the reference calculator's notion of
    /// a "played" round (a PAB is a round the competitor was ready to play).
    pub fn is_played_or_pab(self) -> bool {
        matches!(self, RoundResult::Played { .. } | RoundResult::Pab)
    }

    /// A forfeit of any kind.
    pub fn is_forfeit(self) -> bool {
        matches!(
            self,
            RoundResult::ForfeitWin { .. }
                | RoundResult::ForfeitLoss { .. }
                | RoundResult::DoubleForfeit { .. }
        )
    }

    /// FIDE C.07 16.1: a voluntary unplayed round (a requested bye, a forfeit loss, or any
    /// round after a withdrawal). A PAB, a full-point bye and a forfeit win are not.
    pub fn is_vur(self) -> bool {
        matches!(
            self,
            RoundResult::ForfeitLoss { .. }
                | RoundResult::DoubleForfeit { .. }
                | RoundResult::HalfBye
                | RoundResult::ZeroBye
                | RoundResult::Absent
        )
    }
}

/// The result on one board of a team match, from the team's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BoardResult {
    /// A game or forfeit.
    Game(GameResult),
    /// The team had a PAB: the board counts as a win (C.07 art. 12 preamble).
    Bye,
}

/// One board of a team match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct BoardGame {
    /// Board number, 1-based.
    pub board: u16,
    /// The team's colour on this board.
    pub colour: Option<Colour>,
    /// The result.
    pub result: BoardResult,
    /// Game points the team scored on this board.
    pub points: Points,
}

/// One round of one competitor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Round {
    /// What happened.
    pub result: RoundResult,
    /// Points scored: the player's points, or the team's match points.
    pub points: Points,
    /// Game points: the team's board points; for a player, the same as `points`.
    pub game_points: Points,
    /// The team's boards (empty for players and for rounds without a match).
    pub boards: Vec<BoardGame>,
}

impl Round {
    /// A round of an individual event.
    pub fn individual(result: RoundResult, points: Points) -> Round {
        Round {
            result,
            points,
            game_points: points,
            boards: Vec::new(),
        }
    }

    /// The round's score of one kind.
    pub fn score(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::Match => self.points,
            ScoreKind::Game => self.game_points,
        }
    }
}

/// A player or a team.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Competitor {
    /// Starting rank (pairing number), printed as `StartNo`.
    pub start_no: u32,
    /// Name.
    pub name: String,
    /// Rating (players; the first rating of the event, C.07 10 preamble). `None` = unrated.
    pub rating: Option<u16>,
    /// One entry per round, round 1 first.
    pub rounds: Vec<Round>,
    /// Penalties and bonuses (TRF `299`) counted in every score, tie-breaks included.
    pub adjustment: Adjustment,
    /// Penalties and bonuses counted in the final standings' score only (`299` round 999).
    pub final_adjustment: Adjustment,
}

/// Points added to (or taken from) a competitor's scores apart from its rounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Adjustment {
    /// Match points.
    pub match_points: Points,
    /// Game points (points of individuals).
    pub game_points: Points,
}

impl Adjustment {
    /// The adjustment of one score.
    pub fn of(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::Match => self.match_points,
            ScoreKind::Game => self.game_points,
        }
    }
}

impl Competitor {
    /// The total of one score over all rounds, with [`Competitor::adjustment`].
    pub fn total(&self, kind: ScoreKind) -> Points {
        self.rounds.iter().map(|r| r.score(kind)).sum::<Points>() + self.adjustment.of(kind)
    }

    /// The score the standings rank by: [`Competitor::total`] with the final adjustment.
    pub fn standing_total(&self, kind: ScoreKind) -> Points {
        self.total(kind) + self.final_adjustment.of(kind)
    }
}

/// Who competes: players, or teams over a number of boards.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TournamentKind {
    /// Players, one game a round.
    Individual,
    /// Teams, a match of `boards` games a round.
    Team {
        /// Boards per match.
        boards: usize,
    },
}

/// A whole event as the tie-breaks see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    /// Players or teams, in start-number order.
    pub competitors: Vec<Competitor>,
    /// Number of rounds (every competitor has this many entries).
    pub rounds: usize,
    /// Players or teams (with their boards per match).
    pub kind: TournamentKind,
    /// Points per game.
    pub game_scoring: ResultPoints,
    /// Points per match (teams); for individual events the same as `game_scoring`.
    pub match_scoring: ResultPoints,
    /// The primary score (teams: MP or GP; players: `Match`, their points).
    pub primary: ScoreKind,
    /// Round robin / pre-determined pairings (C.07 15.2) instead of Swiss (15.3).
    pub round_robin: bool,
    /// Rules edition of C.07.
    pub edition: Edition,
}

impl Tournament {
    /// Whether teams compete.
    pub fn is_team(&self) -> bool {
        matches!(self.kind, TournamentKind::Team { .. })
    }

    /// Boards per match (1 for individual events).
    pub fn boards(&self) -> usize {
        match self.kind {
            TournamentKind::Individual => 1,
            TournamentKind::Team { boards } => boards,
        }
    }

    /// An individual event; `rounds` is padded with [`RoundResult::Absent`] to the longest.
    pub fn individual(
        mut competitors: Vec<Competitor>,
        scoring: ResultPoints,
        round_robin: bool,
        edition: Edition,
    ) -> Tournament {
        let rounds = competitors
            .iter()
            .map(|c| c.rounds.len())
            .max()
            .unwrap_or(0);
        for c in &mut competitors {
            while c.rounds.len() < rounds {
                c.rounds
                    .push(Round::individual(RoundResult::Absent, Points::ZERO));
            }
        }
        Tournament {
            competitors,
            rounds,
            kind: TournamentKind::Individual,
            game_scoring: scoring,
            match_scoring: scoring,
            primary: ScoreKind::Match,
            round_robin,
            edition,
        }
    }

    /// The scoring system of one score.
    pub fn scoring(&self, kind: ScoreKind) -> ResultPoints {
        match kind {
            ScoreKind::Match => self.match_scoring,
            ScoreKind::Game => self.game_scoring,
        }
    }

    /// Points of a draw in one score: for game points of a team, a drawn match on every board.
    pub fn draw_points(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::Match => self.match_scoring.draw,
            ScoreKind::Game => self.game_scoring.draw * self.game_multiplier(),
        }
    }

    /// Points of a win in one score (game points of a team: every board won).
    pub fn win_points(&self, kind: ScoreKind) -> Points {
        match kind {
            ScoreKind::Match => self.match_scoring.win,
            ScoreKind::Game => self.game_scoring.win * self.game_multiplier(),
        }
    }

    fn game_multiplier(&self) -> i32 {
        if self.is_team() {
            i32::try_from(self.boards().max(1)).unwrap_or(1)
        } else {
            1
        }
    }

    /// The competitor index with this start number.
    pub fn index_of(&self, start_no: u32) -> Option<usize> {
        self.competitors.iter().position(|c| c.start_no == start_no)
    }
}

/// Builds a team match from board results, deciding the match by the sum of board points
/// (C.07 11): more game points wins, equal is a draw.
///
/// `boards` are from the team's side. Returns the team's [`Round`].
pub fn team_match_round(
    opponent: usize,
    colour: Option<Colour>,
    boards: Vec<BoardGame>,
    opponent_game_points: Points,
    match_scoring: ResultPoints,
) -> Round {
    let gp: Points = boards.iter().map(|b| b.points).sum();
    let outcome = match gp.cmp(&opponent_game_points) {
        std::cmp::Ordering::Greater => PlayedOutcome::Win,
        std::cmp::Ordering::Equal => PlayedOutcome::Draw,
        std::cmp::Ordering::Less => PlayedOutcome::Loss,
    };
    let points = match outcome {
        PlayedOutcome::Win => match_scoring.win,
        PlayedOutcome::Draw => match_scoring.draw,
        PlayedOutcome::Loss => match_scoring.loss,
    };
    Round {
        result: RoundResult::Played {
            opponent,
            colour,
            outcome,
        },
        points,
        game_points: gp,
        boards,
    }
}
