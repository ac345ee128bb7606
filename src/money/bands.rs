//! The prize lists of one ranking together: its main list and its rating-band lists
//! (`[[prizes.lists]] band = { below = 1800 }`), and the rule of `[prizes] combine` on an entry
//! that wins in more than one of them.
//!
//! A band list ranks the entries of the ranking whose start-list rating is in the band
//! ([`crate::event::Band::holds`]; unrated entries only with `unrated = true`), in their order
//! in the ranking: the best of them is the band's place 1. Ties are shared by `[prizes] ties`
//! within the band (entries of the band with the same score form the tie group).
//!
//! `combine = "highest"` (the default): an entry paid in several lists keeps the highest gross
//! (on equal amounts, the list written first in event.toml) and is taken out of the others,
//! whose entries below move up a place; this is repeated until no entry is paid twice (an entry
//! once taken out of a list stays out). `combine = "all"`: every list is paid on its own.

use crate::event::{Combine, Event, PrizeList};

use super::prizes::pay_list;
use super::{FinalRanking, Payout, RankedEntry};

/// The payouts of every list of `ranking`'s id, main list first as written in event.toml.
pub(super) fn pay_ranking(event: &Event, ranking: &FinalRanking) -> Vec<Payout> {
    let lists: Vec<&PrizeList> = event.prizes().lists_of(ranking.list.as_str()).collect();
    let n = ranking.places.len();
    // `out[l][e]`: entry `e` is taken out of list `l`.
    let mut out = vec![vec![false; n]; lists.len()];
    // Every round takes at least one entry out of one list: bounded by lists × entries.
    for _ in 0..=lists.len().saturating_mul(n) {
        let paid: Vec<Vec<(usize, Payout)>> = lists
            .iter()
            .zip(&out)
            .map(|(l, o)| pay_filtered(event, l, &ranking.places, o))
            .collect();
        if event.prizes().combine == Combine::All || !take_out_doubles(&paid, &mut out) {
            return paid.into_iter().flatten().map(|(_, p)| p).collect();
        }
    }
    Vec::new()
}

/// Pays `list` over the entries of its band not taken out of it, their places renumbered
/// within them (1 + the number of those placed strictly better); the returned indices are
/// indices in `places`.
fn pay_filtered(
    event: &Event,
    list: &PrizeList,
    places: &[RankedEntry],
    taken_out: &[bool],
) -> Vec<(usize, Payout)> {
    let keep: Vec<usize> = (0..places.len())
        .filter(|&i| !taken_out.get(i).copied().unwrap_or(false))
        .filter(|&i| {
            list.band
                .is_none_or(|b| places.get(i).is_some_and(|e| b.holds(e.rating)))
        })
        .collect();
    if keep.len() == places.len() {
        // Nothing filtered: the ranking's own places (byte-identical to a list without bands).
        return pay_list(event, list, places);
    }
    let kept: Vec<&RankedEntry> = keep.iter().filter_map(|&i| places.get(i)).collect();
    let renumbered: Vec<RankedEntry> = kept
        .iter()
        .map(|e| {
            let better = kept.iter().filter(|o| o.place < e.place).count();
            RankedEntry {
                place: u32::try_from(better).unwrap_or(u32::MAX).saturating_add(1),
                ..(*e).clone()
            }
        })
        .collect();
    pay_list(event, list, &renumbered)
        .into_iter()
        .filter_map(|(j, p)| keep.get(j).map(|&i| (i, p)))
        .collect()
}

/// Under `combine = "highest"`: takes every entry paid in more than one list out of all of them
/// but the one paying it most (the first such list on equal amounts). Whether it took one out.
fn take_out_doubles(paid: &[Vec<(usize, Payout)>], out: &mut [Vec<bool>]) -> bool {
    // Per entry: (list, gross) of its best payout so far.
    let mut best: std::collections::BTreeMap<usize, (usize, crate::model::Fen)> =
        std::collections::BTreeMap::new();
    for (l, list) in paid.iter().enumerate() {
        for (e, p) in list {
            match best.get(e) {
                Some((_, g)) if *g >= p.gross => {}
                _ => {
                    best.insert(*e, (l, p.gross));
                }
            }
        }
    }
    let mut changed = false;
    for (l, list) in paid.iter().enumerate() {
        for (e, _) in list {
            if best.get(e).is_some_and(|(keep, _)| *keep != l)
                && let Some(flag) = out.get_mut(l).and_then(|o| o.get_mut(*e))
            {
                *flag = true;
                changed = true;
            }
        }
    }
    changed
}
