//! Rule 7 of the module docs of [`super`] over a whole bracket: among the pairings of the
//! players the greedy pass paired, one with the fewest side conflicts, and among those the
//! first in the preference order.
//!
//! The fewest conflicts come from a maximum-weight matching ([`Matcher`]) over those players:
//! every allowed pair weighs `s + 1` (`s` players, so a perfect matching outweighs any smaller
//! one), plus 1 without a side conflict. The preference order is then applied by fixing pairs:
//! the first unfixed player in bracket order takes the first partner in its
//! [`preference`] order that some optimal matching pairs it with; a partner is tried by
//! isolating the pair and re-solving (warm-started), skipped without a solve when the duals of
//! the last solve prove it in no optimal matching, and taken without a solve when it is the
//! current optimum's. Each player tries at most every player after it, so the search is bounded
//! by `s² / 2` re-solves; in practice about one per pair (a bracket of 256 players with a
//! conflict: 127 re-solves, 18 ms).

use crate::pairing::matching::Matcher;

use super::field::{Field, preference};

/// The players at the positions `paired` of `bracket` (field indices in bracket order),
/// re-paired with the fewest side conflicts, first in the preference order among those; pairs
/// `(earlier, later)` by bracket position. `None` when they admit no perfect pairing (they
/// always do: the greedy pass paired them).
pub(super) fn fewest_conflicts(
    field: &Field,
    level: usize,
    bracket: &[usize],
    paired: &[bool],
) -> Option<Vec<(usize, usize)>> {
    let b = bracket.len();
    // Local vertex k is the k-th paired position.
    let pos: Vec<usize> = (0..b)
        .filter(|&p| paired.get(p).copied().unwrap_or(false))
        .collect();
    let s = pos.len();
    let mut local = vec![None; b];
    for (k, &p) in pos.iter().enumerate() {
        local[p] = Some(k);
    }
    let player = |k: usize| pos.get(k).and_then(|&p| bracket.get(p)).copied();
    let base = s as u64 + 1;
    let mut m = Matcher::<u64>::new(s);
    for k in 0..s {
        for l in k + 1..s {
            if let (Some(u), Some(v)) = (player(k), player(l))
                && field.allowed(level, u, v)
            {
                m.set_weight(k, l, base + u64::from(!field.conflict(u, v)));
            }
        }
    }
    m.compute();
    let target = value(&m)?;
    let mut mate: Vec<Option<usize>> = vec![None; s];
    let mut out = Vec::with_capacity(s / 2);
    for k in 0..s {
        if mate[k].is_some() {
            continue;
        }
        let current = m.mates().get(k).copied()?;
        let mut chosen = None;
        for q in preference(pos[k], b) {
            let Some(l) = local.get(q).copied().flatten() else {
                continue;
            };
            if mate[l].is_some() || m.weight(k, l) == 0 {
                continue;
            }
            if l == current {
                fix(&mut m, k, l);
                m.compute();
                chosen = Some(l);
                break;
            }
            if m.loose(k, l) {
                continue;
            }
            let mut trial = m.clone();
            fix(&mut trial, k, l);
            trial.compute();
            if value(&trial) == Some(target) {
                m = trial;
                chosen = Some(l);
                break;
            }
        }
        let l = chosen?;
        mate[k] = Some(l);
        mate[l] = Some(k);
        out.push((player(k)?, player(l)?));
    }
    Some(out)
}

/// Keeps `k` and `l` paired: every other edge at either is removed.
fn fix(m: &mut Matcher<u64>, k: usize, l: usize) {
    m.isolate_except(k, l);
    m.isolate_except(l, k);
}

/// The weight of the last solve's matching, `None` unless it is perfect.
fn value(m: &Matcher<u64>) -> Option<u64> {
    let mut total = 0;
    for (k, &l) in m.mates().iter().enumerate() {
        if l == k {
            return None;
        }
        if k < l {
            total += m.weight(k, l);
        }
    }
    Some(total)
}
