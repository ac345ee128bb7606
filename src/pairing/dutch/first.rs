//! The first matching of a round: is any pairing possible (C1-C4), and on which score does the
//! PAB fall (C5)?
//!
//! As a weighted matching (bbpPairings' formulation, kept below as the fallback) it maximises
//! the players covered, non-eligible ones first, then the covered players' scores, then pairs
//! inside the top group. Those first two goals only concern which player is left out, so an
//! explicit pairing of everyone (even field), or of everyone but an eligible player on the
//! lowest score any eligible player has (odd field), is already optimal: nothing can beat it.
//! Only when no such pairing turns up quickly, or the PAB would fall into the top group beside
//! lower groups, does the round pay for the full weighted matching.

use crate::pairing::Error;
use crate::pairing::matching::{Matcher, Wide};

use super::completion::Completion;
use super::state::{DutchTournament, Field};
use super::weights::{ByeInfo, Layout, edge_weight};

/// The PAB facts the bracket procedure needs (without `unplayed_rank`), or the round's error.
pub fn first_matching<const N: usize>(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    lay: &Layout,
) -> Result<ByeInfo, Error> {
    let st = |v: usize| &field.states[sorted[v]];
    let score = |v: usize| st(v).score;
    let n = sorted.len();
    let odd = n % 2 == 1;
    let top = score(0);
    let compatible = |a: usize, b: usize| a != b && lay.compatible(field, st(a), st(b));
    let lowest_eligible = (0..n).filter(|&v| st(v).bye_eligible).map(score).min();
    let mut c = Completion::new(n);
    c.rebuild(0, &compatible);
    let target = |v: usize| st(v).bye_eligible && Some(score(v)) == lowest_eligible;
    if (!odd || lowest_eligible.is_some()) && c.absorb(&[], odd, &compatible, &target) {
        if !odd {
            return Ok(ByeInfo::default());
        }
        let score_of_bye = lowest_eligible.unwrap_or(0);
        let everyone_on_top = score(n - 1) >= top;
        if score_of_bye < top || everyone_on_top {
            return Ok(ByeInfo {
                score: score_of_bye,
                single_downfloater: score_of_bye >= top,
                ..ByeInfo::default()
            });
        }
    }
    weighted::<N>(t, field, sorted, lay)
}

/// The first matching as one weighted matching over the whole field.
fn weighted<const N: usize>(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    lay: &Layout,
) -> Result<ByeInfo, Error> {
    let st = |v: usize| &field.states[sorted[v]];
    let score = |v: usize| st(v).score;
    let n = sorted.len();
    let odd = n % 2 == 1;
    let top = score(0);
    let s = lay.size_bits;
    let no_bye = ByeInfo::default();
    let mut m = Matcher::<Wide<N>>::new(n);
    for a in 0..n {
        for b in 0..a {
            let w = if odd {
                if lay.compatible(field, st(a), st(b)) {
                    let x = 1 + u64::from(!st(a).bye_eligible) + u64::from(!st(b).bye_eligible);
                    let sum = u64::from(lay.shift_of(score(a)) + lay.shift_of(score(b)));
                    Wide::<N>::from_u64(x)
                        .wrapping_shl(lay.groups_shift)
                        .wrapping_add(Wide::from_u64(sum))
                        .wrapping_shl(s)
                        .add_u64(u64::from(score(a) >= top))
                } else {
                    Wide::ZERO
                }
            } else {
                edge_weight(lay, field, st(b), st(a), false, false, &no_bye)
            };
            m.set_weight(a, b, w);
        }
    }
    let first = m.compute();
    let mut unmatched = (0..n).filter(|&v| first[v] == v);
    let single = unmatched.next();
    if unmatched.next().is_some() || single.is_some_and(|v| !st(v).bye_eligible) {
        return Err(Error::NoLegalPairing {
            round: t.played_rounds as u32 + 1,
        });
    }
    let mut bye = ByeInfo::default();
    if odd {
        bye.score = single.map_or(0, score);
        bye.single_downfloater = bye.score >= top
            && (0..n)
                .take_while(|&v| score(v) >= top)
                .all(|v| score(first[v]) >= top);
    }
    Ok(bye)
}
