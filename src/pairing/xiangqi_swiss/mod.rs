//! The xiangqi (象棋) Swiss of Chinese Xiangqi Association practice (RULES §E, S13): 积分编排制.
//!
//! No rule text for the pairing itself was found, so this engine implements the practice the
//! Chinese programs offer, with every choice written down here:
//!
//! 1. **Scoring** 2/1/0 (`162 W 2.0 D 1.0`); the bye scores as a win. From a TRF, a round is
//!    paired by the score with the `299` penalties and bonuses counted by then and the round's
//!    `250` virtual points (pairing only).
//! 2. **Pairing numbers** ([`pairing_order`]): rating descending, then name (Unicode order),
//!    then start number.
//! 3. **Absolute**: no rematch. A forfeited game is not a meeting (GHR 3.5), unless
//!    `forfeit_is_meeting` (`[stages.pairing] forfeit_rematch = "never"`) counts it as one. No
//!    pairing a TRF-26 `260` record prohibits in the round.
//! 4. **The bye** to the player with the fewest byes, then the lowest score, then the largest
//!    pairing number (so: the lowest-scoring player who has not had one), among those that leave
//!    the rest pairable.
//! 5. **Same unit** (同队不相遇; the team of `310`/`013`, else the federation of `001`): never
//!    paired while any legal pairing exists. When none does, same-unit games are allowed first
//!    inside the lowest score group only, then in the two lowest groups, and so on
//!    ([`UnitRelaxation`] reports the level used). Avoiding same-unit games outranks the bye
//!    order: the bye moves up the list of rule 4 before any same-unit game is allowed.
//! 6. **Score groups** are paired from the top. A bracket is the score group plus the players
//!    floated down from above (placed first); they are paired first, top half against bottom
//!    half by pairing number, and only the players that cannot be paired inside it float to the
//!    next group (fewest floaters, each meeting the next score down).
//! 7. **Sides** (红/黑): no one plays more than `max_same_side_in_row` games in a row on one
//!    side when a pairing avoids it; this outranks the top-half/bottom-half order, never the
//!    score groups. A *side conflict* is a pair of players due the same side (each played the
//!    other side in its last `max_same_side_in_row` games): one of them gets a game more on it.
//!    In the round `run_limit_lifted_in` names (the last round under `[stages.pairing]
//!    three_in_a_row = "last-round"`) nobody is due a side: the limit is lifted.
//!    The preference order of a player is: in the top half, the ideal partner (same place in
//!    the bottom half), then the other bottom-half players by distance from it (the lower one
//!    first on a tie), then the players below it in its own half; in the bottom half, the
//!    players below it in order. A bracket is paired in two steps:
//!    - **greedy**: in bracket order, each player not yet paired takes the first allowed
//!      opponent in its preference order, those without a side conflict first, that keeps the
//!      bracket's pair count and the rest of the field pairable. The players left over float.
//!      When no pair has a side conflict, this is the bracket's pairing.
//!    - **fewest conflicts**: otherwise the players the greedy step paired (the same players,
//!      so the same floaters and the same rest of the field; the same legality) are paired
//!      again: among all their pairings, those with the fewest side conflicts, and among those
//!      the first in the preference order (the first player in bracket order gets the earliest
//!      partner in its order that some such pairing gives it, then the next unpaired player,
//!      and so on). The fewest conflicts come from a maximum-weight matching; fixing the pairs
//!      in order re-solves it at most once per tried partner (about once per pair in practice,
//!      at most `s² / 2` times for `s` players), so large brackets stay fast.
//!
//!    When the bracket pairs as many players as it can by itself, a greedy pairing without a
//!    conflict is also the first conflict-free pairing of its players in the preference order,
//!    so either way the bracket takes the first of its fewest-conflict pairings. Who floats is
//!    never changed for the sides: a conflict the bracket's paired players cannot avoid among
//!    themselves is played, and rule 8 decides which of the two gets its due side.
//! 8. **Side allocation**: a forced side first; else the player with more Blacks than Reds gets
//!    Red; else both alternate from the most recent round their sides differed; else the
//!    higher-ranked player alternates; in round 1 the higher-ranked player of board 1, 3, 5, ...
//!    gets the initial side (Red unless `152` says otherwise), of board 2, 4, ... the other.
//!
//! Every step is deterministic: ties always fall back to the pairing number.

mod bracket;
mod engine;
mod field;
mod input;
mod sides;

pub use engine::{UnitRelaxation, XiangqiPairing};
pub use input::read_history;

use std::collections::BTreeMap;

use super::{Error, Pairing, PairingSystem};
use crate::model::{Colour, Points};
use crate::tournament::History;

/// What happened to a player in one past round.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XqRoundKind {
    /// A game played over the board.
    Played,
    /// Won by forfeit: not a meeting, no side.
    ForfeitWin,
    /// Lost by forfeit.
    ForfeitLoss,
    /// The pairing-allocated bye.
    Bye,
    /// Not paired (absent, requested bye, withdrawn).
    Absent,
}

/// One past round of a player.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XqRound {
    /// The opponent's id, for games (played or forfeited).
    pub opponent: Option<u16>,
    /// The side played (`White` = 红 Red, moves first).
    pub side: Option<Colour>,
    /// What kind of round it was.
    pub kind: XqRoundKind,
    /// Points scored (2/1/0 games, a bye as a win).
    pub points: Points,
}

/// A player as the engine's input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XqPlayer {
    /// Identity (the TRF start number).
    pub id: u16,
    /// Name, for the pairing order.
    pub name: String,
    /// Rating (0 = unrated), for the pairing order.
    pub rating: u16,
    /// The unit (team, delegation); empty = none, never in conflict.
    pub unit: String,
    /// Rounds 1, 2, ... already played.
    pub history: Vec<XqRound>,
    /// Whether the player is paired this round.
    pub available: bool,
}

/// What the TRF-26 records say for the round to pair: the `299` adjustments counted by then
/// and the round's `250` virtual points added to the score the round is paired by (score
/// groups, the bye, the board order), and the `260` pairs that must not meet (absolute, as a
/// rematch).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub(crate) struct XqRecords {
    /// The points added to a player's score, by id.
    pub bonus: BTreeMap<u16, Points>,
    /// Pairs of ids that must not meet.
    pub prohibited: Vec<(u16, u16)>,
}

/// Options of the xiangqi Swiss.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct XiangqiSwissOptions {
    /// 同队不相遇: keep players of one unit apart (default `true`).
    pub avoid_same_unit: bool,
    /// 禁3先/后: at most this many games in a row on one side where avoidable (default 2; 0: no
    /// limit, as the round of `run_limit_lifted_in` is paired).
    pub max_same_side_in_row: usize,
    /// The side of the higher-ranked player on board 1 of round 1 (default Red).
    pub initial_side: Colour,
    /// The round paired without the `max_same_side_in_row` limit (`three_in_a_row =
    /// "last-round"`: the stage's last round); `None` (default): every round keeps it.
    pub run_limit_lifted_in: Option<u32>,
    /// Whether a forfeited game counts as a meeting for the no-rematch rule (`forfeit_rematch
    /// = "never"`); default `false` (GHR 3.5: a forfeit is not a meeting).
    pub forfeit_is_meeting: bool,
}

impl Default for XiangqiSwissOptions {
    fn default() -> Self {
        XiangqiSwissOptions {
            avoid_same_unit: true,
            max_same_side_in_row: 2,
            initial_side: Colour::White,
            run_limit_lifted_in: None,
            forfeit_is_meeting: false,
        }
    }
}

/// The pairing numbers: players' ids in pairing order (rating descending, then name, then id).
pub fn pairing_order(players: &[XqPlayer]) -> Vec<u16> {
    let mut v: Vec<&XqPlayer> = players.iter().collect();
    v.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then_with(|| a.name.cmp(&b.name))
            .then(a.id.cmp(&b.id))
    });
    v.into_iter().map(|p| p.id).collect()
}

/// Pairs round `round` of a xiangqi Swiss.
///
/// # Errors
///
/// [`Error::BadInput`] for duplicate ids; [`Error::NoLegalPairing`] when even with every
/// same-unit game allowed no pairing avoids a rematch.
pub fn pair_players(
    players: &[XqPlayer],
    round: u32,
    opts: &XiangqiSwissOptions,
) -> Result<XiangqiPairing, Error> {
    engine::pair(players, round, opts, &XqRecords::default())
}

/// The xiangqi Swiss with its options as a [`PairingSystem`]: pairs the round after the last one
/// played; players who asked for a bye in it are not paired.
#[derive(Debug, Clone, Copy, Default)]
pub struct XiangqiSwiss {
    /// The options (a stated initial colour overrides the initial side).
    pub options: XiangqiSwissOptions,
}

impl PairingSystem for XiangqiSwiss {
    /// # Errors
    ///
    /// As [`pair_players`]; a `260` prohibited pairing counts as a rematch.
    fn pair(&self, history: &History) -> Result<Pairing, Error> {
        let (players, round, opts) = read_history(history, &self.options);
        let records = input::records(history);
        engine::pair(&players, round, &opts, &records).map(|p| Pairing {
            pairs: p.pairs,
            bye: p.bye,
        })
    }
}
