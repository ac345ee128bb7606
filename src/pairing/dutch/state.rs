//! The data layer: a tournament's history as the Dutch engine sees it (its working state, built
//! once from the [`History`]), and each player's derived state for the round to be paired
//! (score, colour preference per C.04.2 3.4, floats per the 2026 definitions, PAB eligibility
//! per C.04.1).

use crate::model::Colour;
use crate::tournament::{ByeKind, History, Outcome, Slot};

use super::super::Error;

/// The outcome of one round for one player, as far as pairing cares.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RoundOutcome {
    /// Lost, or scored nothing.
    Loss,
    /// Drawn, or a half-point bye.
    Draw,
    /// Won, or any bye or forfeit worth a win.
    Win,
}

/// One round of one player's history.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Round {
    /// The opponent's dense index; `None` for every kind of bye or absence.
    pub opponent: Option<usize>,
    /// The colour, for a game that was paired.
    pub colour: Option<Colour>,
    /// The result.
    pub outcome: RoundOutcome,
    /// Whether the game was played over the board (forfeits and byes were not).
    pub played: bool,
    /// Whether the player was paired, or received the pairing-allocated bye.
    pub participated: bool,
}

impl Round {
    /// A round the player was not paired in and scored nothing (`Z`).
    pub const ABSENT: Round = Round {
        opponent: None,
        colour: None,
        outcome: RoundOutcome::Loss,
        played: false,
        participated: false,
    };

    /// Whether this is the pairing-allocated bye.
    pub fn is_pab(&self) -> bool {
        self.participated && self.opponent.is_none()
    }
}

/// Points per outcome, in half-points (1/½/0 is 2/1/0 here; xiangqi's 2/1/0 is 4/2/0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointValues {
    /// A win, forfeit win or full-point bye.
    pub win: i32,
    /// A draw or half-point bye.
    pub draw: i32,
    /// The pairing-allocated bye.
    pub pab: i32,
}

impl Default for PointValues {
    fn default() -> Self {
        PointValues {
            win: 2,
            draw: 1,
            pab: 2,
        }
    }
}

impl PointValues {
    /// The points a player scored in one round.
    pub fn of(&self, r: &Round) -> i32 {
        match r.outcome {
            RoundOutcome::Loss => 0,
            RoundOutcome::Draw => self.draw,
            RoundOutcome::Win if r.is_pab() => self.pab,
            RoundOutcome::Win => self.win,
        }
    }
}

/// One player's record.
#[derive(Debug, Clone, PartialEq)]
pub struct Player {
    /// The starting rank (pairing number) from the TRF.
    pub start_no: u16,
    /// One entry per round in the file, including a marker for the round being paired.
    pub rounds: Vec<Round>,
}

/// A tournament as the Dutch engine reads it.
#[derive(Debug, Clone, PartialEq)]
pub struct DutchTournament {
    /// Players in starting-rank order; their position is their dense index.
    pub players: Vec<Player>,
    /// Rounds already paired; the next round to pair is `played_rounds + 1`.
    pub played_rounds: usize,
    /// The total number of rounds (0 when unknown).
    pub total_rounds: usize,
    /// Point values.
    pub points: PointValues,
    /// The colour the top-ranked player gets in round 1 (C.04.3 5.2.5, TRF `152` / `XXC`).
    pub initial_colour: Colour,
    /// Half-points added to each player's score for pairing the next round (TRF `299`
    /// adjustments, `250` acceleration); empty or short: none.
    pub bonus: Vec<i32>,
    /// The part of `bonus` that is acceleration (TRF `250`, Baku's virtual points): the
    /// boards are ordered without it, as bbpPairings orders them; empty or short: none.
    pub acceleration: Vec<i32>,
    /// Pairs (dense indices) that must not meet in the next round (TRF `260`).
    pub prohibited: Vec<(usize, usize)>,
}

impl DutchTournament {
    /// The engine's working state of a history: point values from the game points table, the
    /// initial colour as stated (else inferred as bbpPairings does).
    ///
    /// # Errors
    ///
    /// [`Error::BadInput`] for duplicate starting ranks or a history without players.
    pub fn from_history(h: &History) -> Result<DutchTournament, Error> {
        if h.entrants.is_empty() {
            return Err(Error::BadInput("no 001 player records".into()));
        }
        if let Some(w) = h
            .entrants
            .windows(2)
            .find(|w| w[0].start_no == w[1].start_no)
        {
            return Err(Error::BadInput(format!(
                "starting rank {} appears twice",
                w[0].start_no
            )));
        }
        let table = &h.game_points;
        let points = PointValues {
            win: table.win.halves(),
            draw: table.draw.halves(),
            pab: table.pab.halves(),
        };
        let mut players: Vec<Player> = h
            .entrants
            .iter()
            .map(|p| Player {
                start_no: p.start_no,
                rounds: p.rounds.iter().map(round_of).collect(),
            })
            .collect();
        let played_rounds = players
            .iter()
            .filter_map(|p| p.rounds.iter().rposition(|r| r.participated))
            .map(|i| i + 1)
            .max()
            .unwrap_or(0);
        for p in &mut players {
            if p.rounds.len() < played_rounds {
                p.rounds.resize(played_rounds, Round::ABSENT);
            }
        }
        let initial_colour = h
            .initial_colour
            .or_else(|| infer_initial_colour(&players))
            .unwrap_or(Colour::White);
        let next = played_rounds + 1;
        let bonus = h
            .entrants
            .iter()
            .map(|e| h.pairing_bonus(e.start_no, next).1.halves())
            .collect();
        let acceleration = h
            .entrants
            .iter()
            .map(|e| h.acceleration_in(e.start_no, next).1.halves())
            .collect();
        let index = |no: u16| h.entrants.iter().position(|e| e.start_no == no);
        let prohibited = h
            .prohibited_pairs(next)
            .into_iter()
            .filter_map(|(a, b)| Some((index(a)?, index(b)?)))
            .collect();
        Ok(DutchTournament {
            players,
            played_rounds,
            total_rounds: h.rounds_planned,
            points,
            initial_colour,
            bonus,
            acceleration,
            prohibited,
        })
    }
}

/// Interprets one round of a player's record.
fn round_of(s: &Slot) -> Round {
    let (outcome, played) = match s.outcome {
        Outcome::Win => (RoundOutcome::Win, true),
        Outcome::Draw => (RoundOutcome::Draw, true),
        Outcome::Loss => (RoundOutcome::Loss, true),
        Outcome::ForfeitWin | Outcome::Bye(ByeKind::Full | ByeKind::Pab) => {
            (RoundOutcome::Win, false)
        }
        Outcome::Bye(ByeKind::Half) => (RoundOutcome::Draw, false),
        Outcome::ForfeitLoss | Outcome::Bye(ByeKind::Zero) | Outcome::Unpaired => {
            (RoundOutcome::Loss, false)
        }
    };
    match s.opponent {
        Some(_) => Round {
            opponent: s.opponent,
            colour: s.colour,
            outcome,
            played,
            participated: true,
        },
        None => Round {
            opponent: None,
            colour: None,
            outcome,
            played: false,
            participated: s.outcome == Outcome::Bye(ByeKind::Pab),
        },
    }
}

/// The initial colour when the file does not give it: in the earliest round with colours, the
/// first player (in starting-rank order, counting only those paired in that round or earlier)
/// who has a colour decides; an even position keeps that colour, an odd one flips it. This is
/// the inference bbpPairings makes.
fn infer_initial_colour(players: &[Player]) -> Option<Colour> {
    let rounds = players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    for r in 0..rounds {
        if !players
            .iter()
            .any(|p| p.rounds.get(r).is_some_and(|x| x.colour.is_some()))
        {
            continue;
        }
        let mut pos = 0usize;
        for p in players {
            if !p.rounds.iter().take(r + 1).any(|x| x.participated) {
                continue;
            }
            if let Some(c) = p.rounds.get(r).and_then(|x| x.colour) {
                return Some(if pos.is_multiple_of(2) { c } else { !c });
            }
            pos += 1;
        }
    }
    None
}

/// A float in one earlier round (2026 definitions).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Float {
    /// Met a lower-scored opponent, or scored more than a loss without playing.
    Down,
    /// Met a higher-scored opponent.
    Up,
    /// Neither.
    None,
}

/// A player's state for the round being paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct State {
    /// Dense index into [`DutchTournament::players`].
    pub id: usize,
    /// Effective pairing number (0-based) among players who take part in the tournament.
    pub rank: usize,
    /// Score in half-points.
    pub score: i32,
    /// Floats one and two rounds back (`[_, previous round, the round before]`).
    pub float: [Float; 3],
    /// May receive the PAB (C.04.1: no earlier unplayed round worth a win).
    pub bye_eligible: bool,
    /// The colour preference, if any.
    pub pref: Option<Colour>,
    /// |games as White − games as Black|.
    pub imbalance: u32,
    /// The colour of the last two played games when they were the same.
    pub repeated: Option<Colour>,
    /// A strong (non-absolute) preference.
    pub strong: bool,
    /// Games played over the board.
    pub played_games: u32,
}

impl State {
    /// Everything about the player that an edge weight reads, besides who they have met:
    /// players with equal keys weigh the same against anyone they may meet.
    pub fn weight_key(&self) -> impl std::hash::Hash + Eq + use<> {
        (
            self.score,
            self.float,
            self.bye_eligible,
            self.pref,
            self.imbalance,
            self.repeated,
            self.strong,
            self.played_games,
        )
    }

    /// An absolute colour imbalance (|CD| > 1).
    pub fn absolute_imbalance(&self) -> bool {
        self.imbalance > 1
    }

    /// An absolute colour preference.
    pub fn absolute(&self) -> bool {
        self.absolute_imbalance() || self.repeated.is_some()
    }
}

/// The per-player states, and who is to be paired.
#[derive(Debug, Clone)]
pub struct Field {
    /// One state per player (absent players included: opponents' histories refer to them).
    pub states: Vec<State>,
    /// The dense indices of the players to pair.
    pub present: Vec<usize>,
    /// Played-game opponents: `met[a * n + b]` (C.04.1, C.04.2 3.5: forfeits do not count),
    /// and the prohibited pairings of the round (TRF `260`).
    met: Vec<u64>,
    words: usize,
}

impl Field {
    /// Derives every player's state for pairing round `t.played_rounds + 1`.
    pub fn new(t: &DutchTournament) -> Field {
        let n = t.players.len();
        let pr = t.played_rounds;
        let words = n.div_ceil(64);
        let mut met = vec![0u64; n * words];
        let mut states = Vec::with_capacity(n);
        let mut present = Vec::new();
        let mut rank = 0;
        // Score after each prefix of rounds, needed for floats.
        let prefix: Vec<Vec<i32>> = t
            .players
            .iter()
            .map(|p| {
                let mut s = vec![0; pr + 1];
                for r in 0..pr {
                    s[r + 1] = s[r] + p.rounds.get(r).map_or(0, |x| t.points.of(x));
                }
                s
            })
            .collect();
        for (id, p) in t.players.iter().enumerate() {
            let history = &p.rounds[..pr.min(p.rounds.len())];
            let valid = p.rounds.len() <= pr || p.rounds.iter().any(|r| r.participated);
            if p.rounds.len() <= pr {
                present.push(id);
            }
            let mut white = 0u32;
            let mut black = 0u32;
            let mut streak = 0u32;
            let mut last = None;
            let mut played_games = 0;
            for r in p.rounds.iter().filter(|r| r.played) {
                if let Some(o) = r.opponent {
                    met[id * words + o / 64] |= 1 << (o % 64);
                }
                played_games += 1;
                let Some(c) = r.colour else { continue };
                match c {
                    Colour::White => white += 1,
                    Colour::Black => black += 1,
                }
                if streak == 0 || Some(c) != last {
                    streak = 1;
                } else {
                    streak += 1;
                }
                last = Some(c);
            }
            let lower = if white > black {
                Colour::Black
            } else {
                Colour::White
            };
            let imbalance = white.abs_diff(black);
            // C.04.3 definitions: absolute (|CD| > 1 or two in a row), strong (|CD| = 1), mild.
            let pref = if imbalance > 1 {
                Some(lower)
            } else if streak > 1 {
                last.map(|c| !c)
            } else if imbalance > 0 {
                Some(lower)
            } else if streak > 0 {
                last.map(|c| !c)
            } else {
                None
            };
            let repeated = if streak > 1 { last } else { None };
            let absolute = imbalance > 1 || repeated.is_some();
            let float_at = |back: usize| -> Float {
                if back > pr {
                    return Float::None;
                }
                let Some(r) = p.rounds.get(pr - back) else {
                    return Float::None;
                };
                if !r.played {
                    return if t.points.of(r) > 0 {
                        Float::Down
                    } else {
                        Float::None
                    };
                }
                let mine = prefix[id][pr - back];
                let theirs = r.opponent.map_or(0, |o| prefix[o][pr - back]);
                match mine.cmp(&theirs) {
                    std::cmp::Ordering::Greater => Float::Down,
                    std::cmp::Ordering::Less => Float::Up,
                    std::cmp::Ordering::Equal => Float::None,
                }
            };
            let bye_eligible = !history
                .iter()
                .any(|r| !r.played && t.points.of(r) >= t.points.win);
            states.push(State {
                id,
                rank,
                score: prefix[id][pr] + t.bonus.get(id).copied().unwrap_or(0),
                float: [Float::None, float_at(1), float_at(2)],
                bye_eligible,
                pref,
                imbalance,
                repeated,
                strong: !absolute && imbalance > 0,
                played_games,
            });
            if valid {
                rank += 1;
            }
        }
        // A prohibited pairing is absolute, as a game already played.
        for &(a, b) in &t.prohibited {
            for (x, y) in [(a, b), (b, a)] {
                if let Some(w) = met.get_mut(x * words + y / 64) {
                    *w |= 1 << (y % 64);
                }
            }
        }
        Field {
            states,
            present,
            met,
            words,
        }
    }

    /// Whether `a` and `b` have played a game against each other.
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.met
            .get(a * self.words + b / 64)
            .is_some_and(|w| w & (1 << (b % 64)) != 0)
    }
}
