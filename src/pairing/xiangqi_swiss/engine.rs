//! The xiangqi Swiss pairing procedure (module docs of [`super`] list the rules it applies).

use super::bracket::pair_bracket;
use super::field::{P, build};
use super::{XiangqiSwissOptions, XqPlayer, XqRecords};
use crate::model::Colour;
use crate::pairing::Error;
use crate::pairing::team_swiss::cardinality::Dynamic;

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

/// Pairs one round (rules 1 to 8): the smallest same-unit relaxation and the first bye in the
/// bye order that leave the field pairable, then the score groups from the top, then the sides.
pub(super) fn pair(
    players: &[XqPlayer],
    round: u32,
    opts: &XiangqiSwissOptions,
    records: &XqRecords,
) -> Result<XiangqiPairing, Error> {
    let mut ids: Vec<u16> = players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    if ids.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::BadInput("xiangqi_swiss: duplicate player id".into()));
    }
    let mut field_opts = *opts;
    if opts.run_limit_lifted_in == Some(round) {
        field_opts.max_same_side_in_row = 0;
    }
    let field = build(players, &field_opts, records);
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
