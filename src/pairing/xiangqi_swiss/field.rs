//! The vocabulary the xiangqi Swiss passes share (module docs of [`super`]): the round's field
//! (its players in pairing-number order, who may meet, side conflicts) and the order in which a
//! bracket position prefers its partners (rule 7).
//!
//! It sits below the passes: `sides` and `bracket` read it, `engine` builds it; it uses none of
//! them.

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::{XiangqiSwissOptions, XqPlayer, XqRecords, XqRoundKind, pairing_order};
use crate::model::{Colour, Points};

/// A player as the passes see it.
pub(super) struct P {
    pub(super) id: u16,
    /// 0-based pairing number.
    pub(super) pn: usize,
    pub(super) score: Points,
    pub(super) sides: Vec<Colour>,
    pub(super) byes: usize,
    /// The side rule 7 requires (after `max_same_side_in_row` games in a row on the other).
    pub(super) forced: Option<Colour>,
    pub(super) unit: String,
}

/// The round's players (available ones, in pairing-number order) and their compatibility.
pub(super) struct Field {
    pub(super) ps: Vec<P>,
    pub(super) met: Vec<Vec<bool>>,
    /// Scores ascending, one per score group.
    pub(super) levels: Vec<Points>,
}

impl Field {
    /// The number of players paired this round (the bye included).
    pub(super) fn len(&self) -> usize {
        self.ps.len()
    }

    /// Whether `u` and `v` may meet when same-unit games are allowed in the `level` lowest
    /// score groups (`usize::MAX`: everywhere).
    pub(super) fn allowed(&self, level: usize, u: usize, v: usize) -> bool {
        if self.met[u][v] {
            return false;
        }
        let (a, b) = (&self.ps[u], &self.ps[v]);
        if a.unit.is_empty() || a.unit != b.unit || level == usize::MAX {
            return true;
        }
        level > 0
            && self
                .levels
                .get(level - 1)
                .is_some_and(|&top| a.score <= top && b.score <= top)
    }

    /// A side conflict: both players are due the same side, so one of them gets a game more in
    /// a row on the other.
    pub(super) fn conflict(&self, u: usize, v: usize) -> bool {
        matches!((self.ps[u].forced, self.ps[v].forced), (Some(a), Some(b)) if a == b)
    }

    /// Higher score, then smaller pairing number, first.
    pub(super) fn rank(&self, u: usize, v: usize) -> Ordering {
        self.ps[v]
            .score
            .cmp(&self.ps[u].score)
            .then(self.ps[u].pn.cmp(&self.ps[v].pn))
    }
}

/// The field of the round: the available players in pairing-number order, who has met whom
/// (played games, and forfeited ones when `forfeit_is_meeting`; and the pairs `records`
/// prohibits), each player's score (with the records' points), sides, byes and the side rule 7
/// forces.
pub(super) fn build(
    players: &[XqPlayer],
    opts: &XiangqiSwissOptions,
    records: &XqRecords,
) -> Field {
    let order = pairing_order(players);
    let pn_of: BTreeMap<u16, usize> = order.iter().enumerate().map(|(i, &id)| (id, i)).collect();
    let mut active: Vec<&XqPlayer> = players.iter().filter(|p| p.available).collect();
    active.sort_by_key(|p| pn_of.get(&p.id).copied().unwrap_or(usize::MAX));
    let index: BTreeMap<u16, usize> = active.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let n = active.len();
    let mut met = vec![vec![false; n]; n];
    let k = opts.max_same_side_in_row;
    let ps: Vec<P> = active
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let mut sides = Vec::new();
            for h in &p.history {
                let played = h.kind == XqRoundKind::Played;
                let forfeit = matches!(h.kind, XqRoundKind::ForfeitWin | XqRoundKind::ForfeitLoss);
                if (played || (forfeit && opts.forfeit_is_meeting))
                    && let Some(o) = h.opponent.and_then(|o| index.get(&o))
                {
                    met[i][*o] = true;
                    met[*o][i] = true;
                }
                if let (true, Some(c)) = (played, h.side) {
                    sides.push(c);
                }
            }
            let forced = (k > 0 && sides.len() >= k)
                .then(|| sides[sides.len() - k..].to_vec())
                .and_then(|tail| {
                    let c = *tail.first()?;
                    tail.iter().all(|&x| x == c).then_some(!c)
                });
            P {
                id: p.id,
                pn: pn_of.get(&p.id).copied().unwrap_or(usize::MAX),
                score: p.history.iter().map(|h| h.points).sum::<Points>()
                    + records.bonus.get(&p.id).copied().unwrap_or(Points::ZERO),
                byes: p
                    .history
                    .iter()
                    .filter(|h| h.kind == XqRoundKind::Bye)
                    .count(),
                sides,
                forced,
                unit: p.unit.trim().to_string(),
            }
        })
        .collect();
    for (a, b) in &records.prohibited {
        if let (Some(&a), Some(&b)) = (index.get(a), index.get(b)) {
            met[a][b] = true;
            met[b][a] = true;
        }
    }
    let mut levels: Vec<Points> = ps.iter().map(|p| p.score).collect();
    levels.sort_unstable();
    levels.dedup();
    Field { ps, met, levels }
}

/// The bracket positions that position `pos` of a bracket of `b` players prefers as partner,
/// best first (rule 7): a top-half player takes the ideal partner `pos + b / 2`, then the other
/// bottom-half players by distance from it (the lower one first on a tie), then the top-half
/// players below it; a bottom-half player takes the players below it in order. Every position
/// after `pos` is listed once, none before it.
pub(super) fn preference(pos: usize, b: usize) -> Vec<usize> {
    let h = b / 2;
    if pos < h {
        let ideal = pos + h;
        let mut order: Vec<usize> = (h..b).collect();
        order.sort_by_key(|&q| (q.abs_diff(ideal), q));
        order.extend(pos + 1..h);
        order
    } else {
        (pos + 1..b).collect()
    }
}
