//! The bracket procedure: pair score brackets from the top, each with one maximum-weight
//! matching over all players still unpaired (so C4, completion, holds in every bracket), then fix
//! the bracket's pairs one decision at a time in the order of the rule text: which MDPs are
//! paired (C7 through their scores), their opponents (S2 order), the exchanges between S1 and S2
//! (fewest, then smallest BSN differences), and finally each S1 player's opponent (transposition
//! order). Each decision nudges the low "ordering" bits of a few edges and re-solves, so the
//! outcome is the first candidate the rule text's own generation order would accept, as in
//! bbpPairings.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::pairing::Error;
use crate::pairing::matching::{WeightHasher, Wide};

use super::base::Base;
use super::graph::Graph;
use super::state::{DutchTournament, Field};
use super::weights::{ByeInfo, Layout, edge_weight};

/// Why [`pair`] gave up.
#[derive(Debug)]
pub enum Failure {
    /// The round has no legal pairing (or cannot be read).
    Pairing(Error),
    /// A bracket's weights do not fit in `N` limbs: run again wider, or with `local` off.
    Narrow,
}

impl From<Error> for Failure {
    fn from(e: Error) -> Self {
        Failure::Pairing(e)
    }
}

/// Pairs the present players. Returns each player's partner (dense index) or `None`.
///
/// `lay` is the round's layout and `bye` what the first matching found. With `local`, each
/// bracket packs its weights in a layout of its own score groups only ([`Layout::local`]),
/// which must fit in `N` limbs.
#[allow(clippy::needless_range_loop)] // positions index both `by_index` and `base`
pub fn pair<const N: usize>(
    t: &DutchTournament,
    field: &Field,
    sorted: &[usize],
    lay: &Layout,
    mut bye: ByeInfo,
    local: bool,
) -> Result<Vec<Option<usize>>, Failure> {
    let st = |v: usize| &field.states[sorted[v]];
    let score = |v: usize| st(v).score;
    let n = sorted.len();
    let odd = n % 2 == 1;
    let s = lay.size_bits;
    let top = score(0);

    if odd {
        let mut counts: Vec<u32> = (0..n)
            .filter(|&v| score(v) == bye.score)
            .map(|v| st(v).played_games)
            .collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        for (rank, c) in counts.into_iter().enumerate() {
            bye.unplayed_rank.insert(c, rank as u64);
        }
    }
    let mut m = Graph::<N>::new(lay, field, sorted, &bye);
    let mut stable = vec![n; n];
    let no_pairing = || Error::NoLegalPairing {
        round: t.played_rounds as u32 + 1,
    };

    let mut partner: Vec<Option<usize>> = vec![None; field.states.len()];
    // Vertices of the current bracket followed by the next score group.
    let mut by_index: Vec<usize> = (0..n).take_while(|&v| score(v) >= top).collect();
    let mut next_group = by_index.len();
    let mut matched = vec![false; n];
    let mut group_begin = 0usize; // MDPs in the current bracket
    let mut group_begin_vertex = 0usize;
    let mut guard = 0;
    let mut base = Base::<N>::new();

    while by_index.len() > 1 || next_group != n {
        guard += 1;
        if guard > 2 * n + 4 {
            return Err(no_pairing().into());
        }
        let next_begin = by_index.len();
        let next_begin_vertex = group_begin_vertex + (next_begin - group_begin);
        let group_start = next_group;
        while next_group < n && score(next_group) >= score(group_start) {
            by_index.push(next_group);
            next_group += 1;
        }
        let len = by_index.len();
        let blay = if local {
            lay.local(by_index.iter().map(|&v| score(v)))
        } else {
            lay.clone()
        };
        if blay.body_bits() + 8 > 64 * N as u32 {
            return Err(Failure::Narrow);
        }
        let max_w = blay.max_weight::<N>();
        // Base weights, indexed [larger][smaller] by position in `by_index`.
        // Players with equal weight keys weigh alike: each pair of keys is packed once.
        base.reset(len);
        let mut key_ids: HashMap<_, u64, BuildHasherDefault<WeightHasher>> = HashMap::default();
        let keys: Vec<u64> = by_index
            .iter()
            .map(|&v| {
                let next = key_ids.len() as u64;
                *key_ids.entry(st(v).weight_key()).or_insert(next)
            })
            .collect();
        let mut packed: HashMap<(u64, u64, bool), Wide<N>, BuildHasherDefault<WeightHasher>> =
            HashMap::default();
        let mut rows = |base: &mut Base<N>, larger_rows: std::ops::Range<usize>| {
            for larger in larger_rows {
                for smaller in 0..larger {
                    let (hi, lo) = (st(by_index[smaller]), st(by_index[larger]));
                    let in_current = larger < next_begin;
                    let w = if blay.compatible(field, hi, lo) {
                        *packed
                            .entry((keys[smaller], keys[larger], in_current))
                            .or_insert_with(|| {
                                edge_weight(&blay, field, hi, lo, in_current, !in_current, &bye)
                            })
                    } else {
                        Wide::ZERO
                    };
                    base.push(larger, w);
                }
            }
        };
        rows(&mut base, group_begin..next_begin);
        // A bracket player may take the PAB only when its score reaches the bracket's lowest.
        let lowest = by_index.last().map_or(0, |&v| score(v));
        let full = odd && bye.score >= lowest;
        if !m.begin(&by_index, next_begin, group_begin, next_group, full, &blay) {
            return Err(Failure::Narrow);
        }
        // The next score group's rows only when the graph holds it; else on demand (below).
        let rows_end = if m.holds_next() {
            rows(&mut base, next_begin..len);
            len
        } else {
            next_begin
        };
        for (larger, smaller, w) in base.pairs() {
            m.set(by_index[larger], by_index[smaller], w);
        }
        // B players that may no longer float into the next score group.
        let mut pinned = vec![false; len];
        // The engine's weight of {by_index[i], by_index[j]}, for the graph when it widens.
        let weight_of = |base: &Base<N>, pinned: &[bool], i: usize, j: usize| {
            let (larger, smaller) = (i.max(j), i.min(j));
            if larger < rows_end {
                return base.get(larger, smaller);
            }
            if pinned.get(smaller).copied().unwrap_or(false) {
                return Wide::ZERO;
            }
            let (hi, lo) = (st(by_index[smaller]), st(by_index[larger]));
            edge_weight(&blay, field, hi, lo, false, true, &bye)
        };
        let solve = |m: &mut Graph<N>, base: &Base<N>, pinned: &[bool], stable: &mut [usize]| {
            m.compute(stable, &|i, j| weight_of(base, pinned, i, j));
        };
        let in_bracket = |x: usize| x >= group_begin_vertex && x < next_begin_vertex;
        // bbp's `edgeWeightComputer`: fewest exchanges, then smallest BSN differences.
        let remainder_weight =
            |base: &Base<N>, smaller: usize, larger: usize, sri: usize, pairs: usize| {
                let r = base.get(larger, smaller);
                if r.is_zero() {
                    return r;
                }
                let addend = Wide::<N>::from_u64(u64::from(sri < pairs))
                    .wrapping_shl(2 * s)
                    .sub_u64(sri as u64)
                    .wrapping_shl(1);
                r.wrapping_add(addend)
            };

        solve(&mut m, &base, &pinned, &mut stable);

        // Which MDPs are paired in this bracket.
        let mut md_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..group_begin {
            let ps = score(by_index[pi]);
            if pi == 0 || ps < md_score {
                md_score = ps;
                remaining = 0;
                remaining_matched = 0;
                let mut q = pi;
                while q < len && score(by_index[q]) >= md_score {
                    remaining += 1;
                    if in_bracket(stable[by_index[q]]) {
                        remaining_matched += 1;
                    }
                    q += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = by_index[pi];
            if remaining <= remaining_matched {
                matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !in_bracket(stable[pv]) {
                for oi in group_begin..next_begin {
                    let w = base.get(oi, pi);
                    if !w.is_zero() {
                        m.set(pv, by_index[oi], w.add_u64(1));
                    }
                }
                solve(&mut m, &base, &pinned, &mut stable);
            }
            if in_bracket(stable[pv]) {
                matched[pv] = true;
                remaining_matched -= 1;
                for oi in group_begin..next_begin {
                    let w = base.get(oi, pi);
                    if !w.is_zero() {
                        m.set(
                            pv,
                            by_index[oi],
                            w.add_u64((next_begin - group_begin) as u64 + 1),
                        );
                    }
                }
            }
        }

        // Their opponents.
        for pi in 0..group_begin {
            let pv = by_index[pi];
            if !matched[pv] {
                continue;
            }
            let mut addend = len as u64;
            for oi in (group_begin..next_begin).rev() {
                let ov = by_index[oi];
                if matched[ov] {
                    continue;
                }
                let w = base.get(oi, pi);
                if !w.is_zero() {
                    m.set(pv, ov, w.add_u64(addend));
                    addend += 1;
                }
            }
            solve(&mut m, &base, &pinned, &mut stable);
            let mv = stable[pv];
            if mv >= n {
                return Err(no_pairing().into());
            }
            matched[mv] = true;
            m.finalize(pv, mv, max_w);
        }

        // The remainder (residents not paired with an MDP) and its S1 size.
        let mut remainder: Vec<usize> = Vec::new();
        let mut pairs = 0usize;
        for (pi, &pv) in by_index
            .iter()
            .enumerate()
            .take(next_begin)
            .skip(group_begin)
        {
            if stable[pv] < group_begin_vertex {
                continue;
            }
            remainder.push(pi);
            if stable[pv] < pv {
                pairs += 1;
            }
        }
        let first_end = pairs; // position in `remainder` of the first S2 player
        for (oi_pos, &oi) in remainder.iter().enumerate() {
            let ov = by_index[oi];
            for (sri, &pi) in remainder.iter().enumerate().take(oi_pos) {
                m.set(
                    by_index[pi],
                    ov,
                    remainder_weight(&base, pi, oi, sri, pairs),
                );
            }
        }
        solve(&mut m, &base, &pinned, &mut stable);
        let first_end_idx = remainder.get(first_end).copied().unwrap_or(usize::MAX);
        let s1_player = |stable: &[usize], v: usize| stable[v] > v && stable[v] < next_begin_vertex;
        let mut exchanges = 0usize;
        for &pi in &remainder {
            if pi >= first_end_idx {
                break;
            }
            if !s1_player(&stable, by_index[pi]) {
                exchanges += 1;
            }
        }

        // Exchange the lowest S1 players possible.
        let mut left = exchanges;
        let mut pos = first_end;
        while pos > 0 && left > 0 {
            pos -= 1;
            let pi = remainder[pos];
            let pv = by_index[pi];
            if s1_player(&stable, pv) {
                for &oi in &remainder[pos + 1..] {
                    let w = remainder_weight(&base, pi, oi, pos, pairs);
                    if !w.is_zero() {
                        m.set(pv, by_index[oi], w.sub_u64(1));
                    }
                }
                solve(&mut m, &base, &pinned, &mut stable);
            }
            let exchange = !s1_player(&stable, pv);
            if exchange {
                left -= 1;
            }
            for &oi in &remainder[pos + 1..] {
                if exchange {
                    base.zero(oi, pi);
                }
                let w = remainder_weight(&base, pi, oi, pos, pairs);
                m.set(pv, by_index[oi], w);
            }
        }

        // Exchange the highest S2 players possible.
        let mut left = exchanges;
        let mut pos = first_end;
        while pos < remainder.len() && left > 1 {
            let pi = remainder[pos];
            let pv = by_index[pi];
            let already = s1_player(&stable, pv);
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let w = remainder_weight(&base, pi, oi, pos, pairs);
                    if !w.is_zero() {
                        m.set(pv, by_index[oi], w.add_u64(1));
                    }
                }
                solve(&mut m, &base, &pinned, &mut stable);
            }
            if s1_player(&stable, pv) {
                left -= 1;
                for &oi in &remainder[..pos] {
                    base.zero(pi, oi);
                    m.set(pv, by_index[oi], Wide::ZERO);
                }
                for oi in next_begin..len {
                    base.zero(oi, pi);
                    m.set(pv, by_index[oi], Wide::ZERO);
                }
                m.pin(pv);
                pinned[pi] = true;
            }
            if !already {
                for &oi in &remainder[pos + 1..] {
                    let w = remainder_weight(&base, pi, oi, pos, pairs);
                    m.set(pv, by_index[oi], w);
                }
            }
            pos += 1;
        }

        // Fix who is in S1, and restore the base weights.
        for a in 0..remainder.len() {
            let pi = remainder[a];
            let pv = by_index[pi];
            for &oi in &remainder[a + 1..] {
                let ov = by_index[oi];
                if !s1_player(&stable, pv) || s1_player(&stable, ov) {
                    base.zero(oi, pi);
                }
                m.set(pv, ov, base.get(oi, pi));
            }
        }

        // Each S1 player's opponent, highest S2 player first. Once solved, the duals stay
        // valid through the pairs fixed after it (those only narrow the best matchings): a
        // candidate whose edge they show slack cannot be paired, and a tight alternating
        // cycle to the favourite pairs it without a solve.
        let mut solved = false;
        for &pi in &remainder {
            let pv = by_index[pi];
            if !s1_player(&stable, pv) {
                continue;
            }
            // The first S2 player still free that `pv` may meet is the one the nudge below
            // favours most; when the current optimum already pairs them, it is the answer.
            let favourite = remainder
                .iter()
                .find(|&&oi| {
                    let ov = by_index[oi];
                    oi > pi
                        && !matched[ov]
                        && !base.get(oi, pi).is_zero()
                        && (!solved || !m.loose(pv, ov))
                })
                .map(|&oi| by_index[oi]);
            let settled = favourite == Some(stable[pv])
                || solved && favourite.is_some_and(|f| m.swap_through(pv, f, &mut stable));
            if !settled {
                let mut addend = 0u64;
                for &oi in remainder.iter().rev() {
                    let ov = by_index[oi];
                    if oi <= pi || matched[ov] {
                        continue;
                    }
                    let w = base.get(oi, pi);
                    if !w.is_zero() {
                        m.set(pv, ov, w.add_u64(addend));
                    }
                    addend += 1;
                }
                solve(&mut m, &base, &pinned, &mut stable);
                solved = true;
            }
            let mv = stable[pv];
            if mv >= n {
                return Err(no_pairing().into());
            }
            matched[pv] = true;
            matched[mv] = true;
            m.finalize(pv, mv, max_w);
        }

        // The next bracket: this bracket's unpaired players, then the next score group.
        let mut new_index = Vec::new();
        group_begin = 0;
        let next_score = (group_start < n).then(|| score(group_start));
        bye.single_downfloater = odd && next_score.is_some_and(|ns| bye.score >= ns);
        for (pi, &pv) in by_index.iter().enumerate() {
            if pi < next_begin && matched[pv] {
                let mv = stable[pv];
                partner[sorted[pv]] = Some(sorted[mv]);
                partner[sorted[mv]] = Some(sorted[pv]);
            } else {
                new_index.push(pv);
                if pi < next_begin {
                    group_begin += 1;
                }
                if bye.single_downfloater
                    && next_score.is_some_and(|ns| stable[pv] >= n || score(stable[pv]) < ns)
                {
                    bye.single_downfloater = false;
                }
            }
        }
        by_index = new_index;
        group_begin_vertex = next_begin_vertex;
    }
    Ok(partner)
}
