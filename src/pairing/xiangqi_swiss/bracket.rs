//! One bracket of the xiangqi Swiss (rules 6 and 7 of the module docs of [`super`]): a greedy
//! pass in the preference order, and the side search of [`super::sides`] when the greedy pass
//! leaves a side conflict.

use crate::pairing::team_swiss::cardinality::Dynamic;

use super::field::{Field, preference};
use super::sides::fewest_conflicts;

/// Pairs one bracket (rules 6 and 7); returns the members left to float down, in order.
///
/// The greedy pass decides who is paired and who floats: each player in bracket order takes the
/// first allowed partner in its [`preference`] order, those without a side conflict first, that
/// keeps the bracket's pair count and the rest of the field pairable. When that leaves a side
/// conflict, the players it paired are re-paired by [`fewest_conflicts`]; the floaters, and so
/// the rest of the field, stay as they are.
pub(super) fn pair_bracket(
    field: &Field,
    level: usize,
    bracket: &[usize],
    global: &mut Dynamic,
    pairs: &mut Vec<(usize, usize)>,
) -> Vec<usize> {
    let n = field.len();
    let b = bracket.len();
    let first = pairs.len();
    let mut alive = vec![false; n];
    for &v in bracket {
        alive[v] = true;
    }
    // The bracket's own maximum matching: pairing (i, j) must not cost the bracket a pair.
    let mut local = Dynamic::new(n, alive, |u, v| field.allowed(level, u, v));
    let mut paired = vec![false; b];
    for pos in 0..b {
        if paired[pos] {
            continue;
        }
        let i = bracket[pos];
        let mut cands = preference(pos, b);
        cands.retain(|&q| !paired[q] && field.allowed(level, i, bracket[q]));
        // Rule 7: a side conflict only when nothing else works (stable: distance order kept).
        cands.sort_by_key(|&q| field.conflict(i, bracket[q]));
        let before = local.exposed();
        // First a partner that keeps the bracket's pairs and lets the field be completed;
        // when none does, the first partner that completes the field.
        let mut chosen = None;
        for keep_pairs in [true, false] {
            for &q in &cands {
                let j = bracket[q];
                let g = global.remove_pair(i, j);
                if global.exposed() != 0 {
                    global.undo(g);
                    continue;
                }
                let l = local.remove_pair(i, j);
                if keep_pairs && local.exposed() > before {
                    local.undo(l);
                    global.undo(g);
                    continue;
                }
                chosen = Some(q);
                break;
            }
            if chosen.is_some() {
                break;
            }
        }
        if let Some(q) = chosen {
            paired[pos] = true;
            paired[q] = true;
            pairs.push((i, bracket[q]));
        }
    }
    // Rule 7 over the whole bracket: the same players re-paired with the fewest side conflicts.
    // The field outside them is untouched, so `global` stays valid.
    let greedy = &pairs[first..];
    if greedy.iter().any(|&(u, v)| field.conflict(u, v))
        && let Some(better) = fewest_conflicts(field, level, bracket, &paired)
    {
        pairs.truncate(first);
        pairs.extend(better);
    }
    (0..b).filter(|&p| !paired[p]).map(|p| bracket[p]).collect()
}
