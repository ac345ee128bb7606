//! The xiangqi Swiss pairing procedure (module docs of [`super`] list the rules it applies).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use super::{XiangqiSwissOptions, XqPlayer, XqRoundKind, pairing_order};
use crate::model::{Colour, Points};
use crate::pairing::Error;
use crate::pairing::team_swiss::cardinality::Dynamic;

use super::bracket::pair_bracket;

/// How far same-unit avoidance had to be relaxed for the round (rule 5 of the module docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitRelaxation {
    /// No two players of one unit meet.
    None,
    /// Same-unit games were allowed between players of the `n` lowest score groups.
    LowestGroups(usize),
    /// Same-unit avoidance is switched off.
    Disabled,
}

/// The pairing of one xiangqi round.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XiangqiPairing {
    /// `(red, black)` ids in board order (the higher-ranked player's score, then pairing number).
    pub pairs: Vec<(u16, u16)>,
    /// The player receiving the bye.
    pub bye: Option<u16>,
    /// The same-unit relaxation the round needed.
    pub relaxation: UnitRelaxation,
}

/// A player as the engine sees it.
pub(super) struct P {
    id: u16,
    /// 0-based pairing number.
    pn: usize,
    score: Points,
    sides: Vec<Colour>,
    byes: usize,
    /// The side rule 7 requires (after `max_same_side_in_row` games in a row on the other).
    forced: Option<Colour>,
    unit: String,
}

/// The round's players (available ones, in pairing-number order) and their compatibility.
pub(super) struct Field {
    ps: Vec<P>,
    met: Vec<Vec<bool>>,
    /// Scores ascending, one per score group.
    levels: Vec<Points>,
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
    fn rank(&self, u: usize, v: usize) -> Ordering {
        self.ps[v]
            .score
            .cmp(&self.ps[u].score)
            .then(self.ps[u].pn.cmp(&self.ps[v].pn))
    }
}

pub(super) fn pair(
    players: &[XqPlayer],
    round: u32,
    opts: &XiangqiSwissOptions,
) -> Result<XiangqiPairing, Error> {
    let mut ids: Vec<u16> = players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::BadInput("xiangqi_swiss: duplicate player id".into()));
    }
    let field = build(players, opts);
    let n = field.ps.len();
    let levels: Vec<usize> = if opts.avoid_same_unit {
        (0..=field.levels.len()).collect()
    } else {
        vec![usize::MAX]
    };
    // Bye order (rule 4): fewest byes, lowest score, largest pairing number.
    let mut bye_order: Vec<usize> = (0..n).collect();
    bye_order.sort_by(|&a, &b| {
        let (x, y) = (&field.ps[a], &field.ps[b]);
        x.byes
            .cmp(&y.byes)
            .then(x.score.cmp(&y.score))
            .then(y.pn.cmp(&x.pn))
    });
    let mut found = None;
    'levels: for &level in &levels {
        let byes: Vec<Option<usize>> = if n % 2 == 1 {
            bye_order.iter().map(|&b| Some(b)).collect()
        } else {
            vec![None]
        };
        for bye in byes {
            let alive: Vec<bool> = (0..n).map(|v| Some(v) != bye).collect();
            let g = Dynamic::new(n, alive, |u, v| field.allowed(level, u, v));
            if g.exposed() == 0 {
                found = Some((level, bye, g));
                break 'levels;
            }
        }
    }
    let Some((level, bye, mut global)) = found else {
        return Err(Error::NoLegalPairing { round });
    };
    let mut order: Vec<usize> = (0..n).filter(|&v| Some(v) != bye).collect();
    order.sort_by(|&a, &b| field.rank(a, b));
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut carry: Vec<usize> = Vec::new();
    let mut start = 0;
    while start < order.len() {
        let s = field.ps[order[start]].score;
        let end = order[start..]
            .iter()
            .position(|&v| field.ps[v].score != s)
            .map_or(order.len(), |k| start + k);
        let mut bracket = std::mem::take(&mut carry);
        bracket.extend_from_slice(&order[start..end]);
        carry = pair_bracket(&field, level, &bracket, &mut global, &mut pairs);
        start = end;
    }
    if !carry.is_empty() {
        return Err(Error::NoLegalPairing { round });
    }
    pairs.sort_by(|a, b| field.rank(a.0, b.0));
    let out = pairs
        .iter()
        .enumerate()
        .map(|(board, &(hi, lo))| {
            let red_hi = side_of_higher(&field.ps[hi], &field.ps[lo], board, opts.initial_side)
                == Colour::White;
            let (r, b) = if red_hi { (hi, lo) } else { (lo, hi) };
            (field.ps[r].id, field.ps[b].id)
        })
        .collect();
    Ok(XiangqiPairing {
        pairs: out,
        bye: bye.map(|b| field.ps[b].id),
        relaxation: match level {
            usize::MAX => UnitRelaxation::Disabled,
            0 => UnitRelaxation::None,
            l => UnitRelaxation::LowestGroups(l),
        },
    })
}

fn build(players: &[XqPlayer], opts: &XiangqiSwissOptions) -> Field {
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
                if h.kind == XqRoundKind::Played {
                    if let Some(o) = h.opponent.and_then(|o| index.get(&o)) {
                        met[i][*o] = true;
                        met[*o][i] = true;
                    }
                    if let Some(c) = h.side {
                        sides.push(c);
                    }
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
                score: p.history.iter().map(|h| h.points).sum(),
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
    let mut levels: Vec<Points> = ps.iter().map(|p| p.score).collect();
    levels.sort_unstable();
    levels.dedup();
    Field { ps, met, levels }
}

/// Rule 8: the side of the higher-ranked player `hi` against `lo` on `board` (0-based).
fn side_of_higher(hi: &P, lo: &P, board: usize, initial: Colour) -> Colour {
    match (hi.forced, lo.forced) {
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return !b,
        _ => {}
    }
    let diff = |p: &P| -> i32 {
        p.sides
            .iter()
            .map(|&c| if c == Colour::White { 1 } else { -1 })
            .sum()
    };
    let (dh, dl) = (diff(hi), diff(lo));
    if dh != dl {
        return if dh < dl {
            Colour::White
        } else {
            Colour::Black
        };
    }
    for (a, b) in hi.sides.iter().rev().zip(lo.sides.iter().rev()) {
        if a != b {
            return !*a;
        }
    }
    if let Some(&last) = hi.sides.last() {
        return !last;
    }
    if let Some(&last) = lo.sides.last() {
        return last;
    }
    if board.is_multiple_of(2) {
        initial
    } else {
        !initial
    }
}
