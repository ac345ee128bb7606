//! The history of a tournament as every pairing system and the standings read it: entrants with
//! dense indices, and what each entrant's record says of each round.
//!
//! A round is kept per entrant, as the record of each side states it, rather than once per game:
//! a TRF file states every game twice, and the readers that must reproduce bbpPairings,
//! Gacrux and TieBreakServer each read a side's own record (a `U` with an opponent, an `H`
//! with one, a forfeit on one side only). [`History::games`] gives the games of a round.

use crate::model::{Colour, GameResult, Points};

use super::scored::Edition;
use super::tables::{Acceleration, Adjustment, ForfeitedMatch, Prohibited, ScoreTable, TeamPabs};

/// The kind of a bye: a round without an opponent that scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ByeKind {
    /// The pairing-allocated bye (`U`).
    Pab,
    /// A full-point bye (`F`).
    Full,
    /// A half-point bye (`H`).
    Half,
    /// A zero-point bye, an announced absence (`Z`).
    Zero,
}

/// What one entrant's record says of one round.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// Won over the board (also a game of less than one move, FIDE: played, not rated).
    Win,
    /// Drawn over the board.
    Draw,
    /// Lost over the board.
    Loss,
    /// Won by forfeit.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
    /// A bye of some kind.
    Bye(ByeKind),
    /// No result: not paired (a blank round), or paired and not played yet.
    Unpaired,
}

impl Outcome {
    /// Whether the game was played over the board.
    pub fn is_played(self) -> bool {
        matches!(self, Outcome::Win | Outcome::Draw | Outcome::Loss)
    }
}

/// A board's result as its side's outcome; a double forfeit is a forfeit loss on each side
/// ([`History::games`] reads the two back as a double forfeit).
impl From<GameResult> for Outcome {
    fn from(r: GameResult) -> Outcome {
        match r {
            GameResult::Win => Outcome::Win,
            GameResult::Draw => Outcome::Draw,
            GameResult::Loss => Outcome::Loss,
            GameResult::ForfeitWin => Outcome::ForfeitWin,
            GameResult::ForfeitLoss | GameResult::DoubleForfeit => Outcome::ForfeitLoss,
        }
    }
}

/// One round of one entrant.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Slot {
    /// The opponent's index into [`History::entrants`], paired or scheduled.
    pub opponent: Option<usize>,
    /// The colour (xiangqi: White = red), when the record gives one.
    pub colour: Option<Colour>,
    /// What happened.
    pub outcome: Outcome,
}

impl Slot {
    /// A round not paired (yet).
    pub const UNPAIRED: Slot = Slot {
        opponent: None,
        colour: None,
        outcome: Outcome::Unpaired,
    };
}

/// A player (in a team event: a team member).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The pairing number (start number).
    pub start_no: u16,
    /// Name.
    pub name: String,
    /// Rating; `None` = unrated.
    pub rating: Option<u16>,
    /// Federation, as written.
    pub federation: String,
    /// The team (index into [`History::teams`]) that lists the entrant first.
    pub team: Option<usize>,
    /// Rounds 1, 2, ... as far as the record goes: past rounds, then any entry already made for
    /// a round not yet paired (a requested bye).
    pub rounds: Vec<Slot>,
}

/// A team: its pairing number and members in board order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Team {
    /// The team pairing number.
    pub number: u16,
    /// Name (may be empty).
    pub name: String,
    /// Members' indices into [`History::entrants`], in board order.
    pub members: Vec<usize>,
}

/// A team's line-up in one match, when stated (TRF `300`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LineUp {
    /// The round, 1-based.
    pub round: usize,
    /// The team's pairing number.
    pub team: u32,
    /// The opposing team's pairing number.
    pub opponent: u32,
    /// Start numbers in board order, 0 for an empty board.
    pub boards: Vec<u32>,
}

/// One game of a round, from White's side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Game {
    /// White (red) entrant index; the first listed when no colour is known.
    pub white: usize,
    /// Black entrant index.
    pub black: usize,
    /// The result for White.
    pub result: GameResult,
}

/// A whole tournament: entrants, teams, rounds and the rules the files state.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct History {
    /// Players in pairing-number order; the position is the dense index.
    pub entrants: Vec<Entrant>,
    /// Teams in the order stated (empty for an individual event).
    pub teams: Vec<Team>,
    /// Rounds planned (0 when unknown).
    pub rounds_planned: usize,
    /// Rounds played: the last round with a result against an opponent or a PAB.
    pub rounds_played: usize,
    /// Game points per result.
    pub game_points: ScoreTable,
    /// Match points per match result (team events).
    pub match_points: ScoreTable,
    /// The teams' PABs and their value, when stated.
    pub team_pabs: Option<TeamPabs>,
    /// Matches forfeited as a whole.
    pub forfeited_matches: Vec<ForfeitedMatch>,
    /// Line-ups stated apart from the players' records.
    pub line_ups: Vec<LineUp>,
    /// The board colours of the team with White (empty: alternating from White on board 1).
    pub board_colours: Vec<Colour>,
    /// The colour of the top-ranked player (team) in round 1, when stated.
    pub initial_colour: Option<Colour>,
    /// The pairing system's code, as stated (`FIDE_TEAM_MP_GP`, `..._XIANGQI`).
    pub system: Option<String>,
    /// Round robin (`Some(true)`) or Swiss (`Some(false)`) when the event says which.
    pub round_robin: Option<bool>,
    /// The C.07 edition in force at the start date, when a start date is stated.
    pub edition: Option<Edition>,
    /// Point adjustments (penalties, bonuses: TRF `299`).
    pub adjustments: Vec<Adjustment>,
    /// Fictitious points for pairing (TRF `250`).
    pub accelerations: Vec<Acceleration>,
    /// Prohibited pairings (TRF `260`).
    pub prohibited: Vec<Prohibited>,
}

impl History {
    /// The slot of entrant `i` in round `round` (0-based).
    pub fn slot(&self, i: usize, round: usize) -> Option<&Slot> {
        self.entrants.get(i).and_then(|e| e.rounds.get(round))
    }

    /// The bye entrant `i` asked for in the round to be paired (`H`, `F` or `Z` entered ahead,
    /// without an opponent).
    pub fn requested_bye(&self, i: usize) -> Option<ByeKind> {
        let s = self.slot(i, self.rounds_played)?;
        match (s.opponent, s.outcome) {
            (None, Outcome::Bye(k)) if k != ByeKind::Pab => Some(k),
            _ => None,
        }
    }

    /// The unit of entrant `i` for "same unit" rules: the team's name (its number when the name
    /// is empty), else the federation.
    pub fn unit(&self, i: usize) -> String {
        let Some(e) = self.entrants.get(i) else {
            return String::new();
        };
        match e.team.and_then(|t| self.teams.get(t)) {
            Some(t) if t.name.is_empty() => t.number.to_string(),
            Some(t) => t.name.clone(),
            None => e.federation.clone(),
        }
    }

    /// Team `t`'s members in board order in round `round` (0-based), each with its board
    /// (0-based) when a line-up (`300`) states it: the line-up's order, then the members it
    /// leaves out in member order; without a line-up, member order.
    pub fn seated(&self, t: &Team, round: usize) -> Vec<(Option<usize>, usize)> {
        let line_up = self
            .line_ups
            .iter()
            .find(|l| l.round == round + 1 && l.team == u32::from(t.number));
        let start = |m: usize| self.entrants.get(m).map(|e| u32::from(e.start_no));
        let mut v: Vec<(Option<usize>, usize)> = line_up
            .iter()
            .flat_map(|l| l.boards.iter().enumerate())
            .filter_map(|(b, &s)| {
                let m = t.members.iter().copied().find(|&m| start(m) == Some(s))?;
                Some((Some(b), m))
            })
            .collect();
        for &m in &t.members {
            if !v.iter().any(|x| x.1 == m) {
                v.push((None, m));
            }
        }
        v
    }

    /// The games of round `round` (0-based) with a result, each once; a forfeit on both sides is
    /// a double forfeit.
    pub fn games(&self, round: usize) -> Vec<Game> {
        let mut out = Vec::new();
        for (i, e) in self.entrants.iter().enumerate() {
            let Some(s) = e.rounds.get(round) else {
                continue;
            };
            let Some(o) = s.opponent.filter(|&o| o > i) else {
                continue;
            };
            let theirs = self.slot(o, round).map(|t| t.outcome);
            let result = match (s.outcome, theirs) {
                (Outcome::Win, _) => GameResult::Win,
                (Outcome::Draw, _) => GameResult::Draw,
                (Outcome::Loss, _) => GameResult::Loss,
                (Outcome::ForfeitWin, _) => GameResult::ForfeitWin,
                (Outcome::ForfeitLoss, Some(Outcome::ForfeitLoss)) => GameResult::DoubleForfeit,
                (Outcome::ForfeitLoss, _) => GameResult::ForfeitLoss,
                _ => continue,
            };
            out.push(if s.colour == Some(Colour::Black) {
                Game {
                    white: o,
                    black: i,
                    result: result.reversed(),
                }
            } else {
                Game {
                    white: i,
                    black: o,
                    result,
                }
            });
        }
        out
    }

    /// The points added to the pairing score of pairing number `no` (a player, or a team in a
    /// team event) when round `round` (1-based) is paired: the adjustments of the rounds
    /// before it ([`Adjustment::counts_after`]) and the accelerations of that round, as
    /// `(match points, game points)`.
    pub fn pairing_bonus(&self, no: u16, round: usize) -> (Points, Points) {
        let (m, g) = self.adjustment_before(no, round);
        let (a, b) = self.acceleration_in(no, round);
        (m + a, g + b)
    }

    /// The `299` adjustments of pairing number `no` counted when round `round` (1-based) is
    /// paired, as `(match points, game points)`.
    pub fn adjustment_before(&self, no: u16, round: usize) -> (Points, Points) {
        sum_pairs(
            self.adjustments
                .iter()
                .filter(|a| a.numbers.contains(&no) && a.counts_after(round.saturating_sub(1)))
                .map(|a| (a.match_points, a.game_points)),
        )
    }

    /// The `250` virtual points of pairing number `no` in round `round` (1-based), as
    /// `(match points, game points)`.
    pub fn acceleration_in(&self, no: u16, round: usize) -> (Points, Points) {
        sum_pairs(
            self.accelerations
                .iter()
                .filter(|a| a.applies(no, round))
                .map(|a| (a.match_points, a.game_points)),
        )
    }

    /// The pairing numbers pairing number `no` must not meet in round `round` (1-based).
    pub fn prohibited_for(&self, no: u16, round: usize) -> Vec<u16> {
        self.prohibited_pairs(round)
            .into_iter()
            .filter_map(|(a, b)| (a == no).then_some(b).or((b == no).then_some(a)))
            .collect()
    }

    /// The pairs of pairing numbers prohibited from meeting in round `round` (1-based).
    pub fn prohibited_pairs(&self, round: usize) -> Vec<(u16, u16)> {
        let mut out = Vec::new();
        for p in &self.prohibited {
            if !(usize::from(p.from)..=usize::from(p.to)).contains(&round) {
                continue;
            }
            for (k, &a) in p.numbers.iter().enumerate() {
                for &b in p.numbers.iter().skip(k + 1) {
                    out.push((a, b));
                }
            }
        }
        out
    }

    /// The byes of round `round` (0-based): `(entrant, kind)`.
    pub fn byes(&self, round: usize) -> Vec<(usize, ByeKind)> {
        (0..self.entrants.len())
            .filter_map(|i| match self.slot(i, round)? {
                Slot {
                    opponent: None,
                    outcome: Outcome::Bye(k),
                    ..
                } => Some((i, *k)),
                _ => None,
            })
            .collect()
    }
}

/// The sum of `(match points, game points)` pairs.
fn sum_pairs(v: impl Iterator<Item = (Points, Points)>) -> (Points, Points) {
    v.fold((Points::ZERO, Points::ZERO), |(m, g), (a, b)| {
        (m + a, g + b)
    })
}
