//! The steps of pairing one bracket, one method per decision named in [`super`]'s module doc.
//! Each step nudges the low "ordering" bits of a few edges of the [`Graph`] and re-solves.

use std::collections::HashMap;
use std::hash::BuildHasherDefault;

use crate::pairing::Error;
use crate::pairing::matching::{WeightHasher, Wide};

use super::Failure;
use crate::pairing::dutch::base::{Base, KeyPairs};
use crate::pairing::dutch::graph::Graph;
use crate::pairing::dutch::state::{Field, State};
use crate::pairing::dutch::weights::{ByeInfo, Layout, edge_weight};

/// What stays fixed while one bracket is paired. Positions index `by_index`; vertices are
/// positions in the round's sorted players (`sorted`), as the graph numbers them.
pub(super) struct Bracket<'a, const N: usize> {
    pub(super) field: &'a Field,
    pub(super) sorted: &'a [usize],
    pub(super) bye: &'a ByeInfo,
    /// The bracket's layout, and the largest weight it holds (a pair fixed for good).
    pub(super) lay: Layout,
    pub(super) max_w: Wide<N>,
    /// The round layout's size bits: [`Bracket::remainder_weight`] puts its S1 flag above
    /// the BSN term by twice this.
    pub(super) size_bits: u32,
    /// The bracket's vertices (MDPs first, then residents), then the next score group's.
    pub(super) by_index: Vec<usize>,
    /// MDPs are positions `..group_begin`, residents `group_begin..next_begin`.
    pub(super) group_begin: usize,
    pub(super) next_begin: usize,
    /// The first vertex after the next score group.
    pub(super) next_group: usize,
    /// The bracket's residents as vertices: `group_begin_vertex..next_begin_vertex`.
    pub(super) group_begin_vertex: usize,
    pub(super) next_begin_vertex: usize,
    /// Positions below this have their base weights in `Base`; the others are computed on
    /// demand.
    pub(super) rows_end: usize,
}

impl<const N: usize> Bracket<'_, N> {
    fn state(&self, v: usize) -> &State {
        &self.field.states[self.sorted[v]]
    }

    /// The player at position `pos`.
    fn at(&self, pos: usize) -> &State {
        self.state(self.by_index[pos])
    }

    /// Whether vertex `x` is one of the bracket's residents.
    fn in_bracket(&self, x: usize) -> bool {
        x >= self.group_begin_vertex && x < self.next_begin_vertex
    }

    /// Pushes the base weights of the rows `larger_rows` (each against every earlier position).
    /// Players with equal weight keys weigh alike: each pair of keys is packed once.
    fn rows(
        &self,
        base: &mut Base<N>,
        keys: &[u64],
        packed: &mut KeyPairs,
        larger_rows: std::ops::Range<usize>,
    ) {
        for larger in larger_rows {
            for smaller in 0..larger {
                let (hi, lo) = (self.at(smaller), self.at(larger));
                let in_current = larger < self.next_begin;
                let id = if self.lay.compatible(self.field, hi, lo) {
                    packed.get_or_insert(keys[smaller], keys[larger], in_current, || {
                        base.intern(edge_weight(
                            &self.lay,
                            self.field,
                            hi,
                            lo,
                            in_current,
                            !in_current,
                            self.bye,
                        ))
                    })
                } else {
                    0
                };
                base.push_id(larger, id);
            }
        }
    }

    /// The engine's weight of positions `i` and `j`, for the graph when it widens.
    fn weight(&self, base: &Base<N>, pinned: &[bool], i: usize, j: usize) -> Wide<N> {
        let (larger, smaller) = (i.max(j), i.min(j));
        if larger < self.rows_end {
            return base.get(larger, smaller);
        }
        if pinned.get(smaller).copied().unwrap_or(false) {
            return Wide::ZERO;
        }
        let (hi, lo) = (self.at(smaller), self.at(larger));
        edge_weight(&self.lay, self.field, hi, lo, false, true, self.bye)
    }

    /// bbp's `edgeWeightComputer`: fewest exchanges, then smallest BSN differences, as the
    /// addend to the base weight (wrapping: negative outside S1). `sri` is the smaller
    /// player's place in the remainder, `pairs` the remainder's S1 size.
    fn remainder_addend(&self, sri: usize, pairs: usize) -> i64 {
        i64::from(sri < pairs) * self.band() - 2 * sri as i64
    }

    /// The S1 flag of [`Bracket::remainder_addend`]: above twice the BSN term.
    pub(super) fn band(&self) -> i64 {
        1i64 << (2 * self.size_bits + 1)
    }
}

/// The residents not paired with an MDP (positions, in order) and how the current optimum
/// splits them.
pub(super) struct Remainder {
    list: Vec<usize>,
    /// The S1 size; `list[pairs]` is the first S2 player.
    pairs: usize,
    /// How many of the first `pairs` are not in S1 in the current optimum: the resident
    /// exchanges the bracket needs.
    exchanges: usize,
}

/// The pairs `(earlier, later)` of remainder `list` on the same side of S1's end (`pairs`):
/// S1 with S1, S2 with S2.
fn same_side_pairs(list: &[usize], pairs: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
    list.iter().enumerate().flat_map(move |(a, &pi)| {
        list.iter()
            .enumerate()
            .skip(a + 1)
            .filter(move |&(c, _)| (a < pairs) == (c < pairs))
            .map(move |(_, &oi)| (pi, oi))
    })
}

#[cfg(test)]
thread_local! {
    /// Tests turn the proof that a remainder needs no exchange ([`Search::without_exchanges`])
    /// off (`.0`), so that every remainder is weighted, and count the remainders it proved
    /// (`.1`).
    pub static NO_EXCHANGE_PROOF: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

/// Whether a remainder proved to need no exchange may skip its weighting (always, outside
/// tests), counting it (tests only).
fn proof_on() -> bool {
    #[cfg(test)]
    return NO_EXCHANGE_PROOF.with(|c| {
        let (on, made) = c.get();
        c.set((on, made + usize::from(on)));
        on
    });
    #[cfg(not(test))]
    true
}

/// The matching being narrowed, bracket after bracket.
pub(super) struct Search<'a, const N: usize> {
    pub(super) m: Graph<'a, N>,
    /// Base weights of the current bracket, indexed [larger][smaller] by position.
    pub(super) base: Base<N>,
    /// The current optimum: each vertex's mate (`n` when none).
    pub(super) stable: Vec<usize>,
    /// Vertices whose pair in this bracket is decided.
    pub(super) matched: Vec<bool>,
    /// Positions of B players that may no longer float into the next score group.
    pub(super) pinned: Vec<bool>,
    /// The round being paired, for the error.
    pub(super) round: u32,
}

impl<const N: usize> Search<'_, N> {
    pub(super) fn no_pairing(&self) -> Failure {
        Error::NoLegalPairing { round: self.round }.into()
    }

    /// Whether vertex `v` is in S1 of the current optimum: paired with a later resident.
    fn in_s1(&self, b: &Bracket<'_, N>, v: usize) -> bool {
        self.stable[v] > v && self.stable[v] < b.next_begin_vertex
    }

    /// Re-solves the matching under the current weights.
    pub(super) fn solve(&mut self, b: &Bracket<'_, N>) {
        let Search {
            m,
            base,
            pinned,
            stable,
            ..
        } = self;
        m.compute(stable, &|i, j| b.weight(base, pinned, i, j));
    }

    /// Starts the bracket in the graph with its base weights (and the next score group's,
    /// when the graph holds it; else they are computed on demand).
    pub(super) fn load(&mut self, b: &mut Bracket<'_, N>, odd: bool) -> Result<(), Failure> {
        let len = b.by_index.len();
        self.base.reset(len);
        let mut key_ids: HashMap<_, u64, BuildHasherDefault<WeightHasher>> = HashMap::default();
        let keys: Vec<u64> = (0..len)
            .map(|pos| {
                let next = key_ids.len() as u64;
                *key_ids.entry(b.at(pos).weight_key()).or_insert(next)
            })
            .collect();
        let mut packed = KeyPairs::new(key_ids.len());
        b.rows(
            &mut self.base,
            &keys,
            &mut packed,
            b.group_begin..b.next_begin,
        );
        // A bracket player may take the PAB only when its score reaches the bracket's lowest.
        let lowest = b.by_index.last().map_or(0, |&v| b.state(v).score);
        let full = odd && b.bye.score >= lowest;
        if !self.m.begin(
            &b.by_index,
            b.next_begin,
            b.group_begin,
            b.next_group,
            full,
            &b.lay,
        ) {
            return Err(Failure::Narrow);
        }
        b.rows_end = if self.m.holds_next() {
            b.rows(&mut self.base, &keys, &mut packed, b.next_begin..len);
            len
        } else {
            b.next_begin
        };
        self.m.set_band(b.band());
        for (larger, smaller, id) in self.base.pair_ids() {
            let (l, s) = (b.by_index[larger], b.by_index[smaller]);
            self.m.set_sum(l, s, &self.base, id, 0);
        }
        self.pinned = vec![false; len];
        Ok(())
    }

    /// Raises MDP `pi`'s weights to the bracket's residents by `addend`.
    fn raise_mdp(&mut self, b: &Bracket<'_, N>, pi: usize, addend: i64) {
        let pv = b.by_index[pi];
        for oi in b.group_begin..b.next_begin {
            let id = self.base.id(oi, pi);
            if id != 0 {
                self.m.set_sum(pv, b.by_index[oi], &self.base, id, addend);
            }
        }
    }

    /// Which MDPs are paired in this bracket, highest score first (C7 minimises the
    /// downfloaters' scores): each one the optimum can pair is kept.
    pub(super) fn choose_mdps(&mut self, b: &Bracket<'_, N>) {
        let len = b.by_index.len();
        let mut md_score = 0;
        let mut remaining = 0usize;
        let mut remaining_matched = 0usize;
        for pi in 0..b.group_begin {
            let ps = b.at(pi).score;
            if pi == 0 || ps < md_score {
                md_score = ps;
                remaining = 0;
                remaining_matched = 0;
                let mut q = pi;
                while q < len && b.at(q).score >= md_score {
                    remaining += 1;
                    if b.in_bracket(self.stable[b.by_index[q]]) {
                        remaining_matched += 1;
                    }
                    q += 1;
                }
            }
            if remaining_matched == 0 {
                continue;
            }
            let pv = b.by_index[pi];
            if remaining <= remaining_matched {
                self.matched[pv] = true;
                continue;
            }
            remaining -= 1;
            if !b.in_bracket(self.stable[pv]) {
                self.raise_mdp(b, pi, 1);
                self.solve(b);
            }
            if b.in_bracket(self.stable[pv]) {
                self.matched[pv] = true;
                remaining_matched -= 1;
                // A larger raise keeps this MDP paired while the later ones are tried.
                self.raise_mdp(b, pi, (b.next_begin - b.group_begin) as i64 + 1);
            }
        }
    }

    /// The paired MDPs' opponents, each MDP in order favouring the highest resident it may
    /// meet (S2 order).
    pub(super) fn mdp_opponents(&mut self, b: &Bracket<'_, N>) -> Result<(), Failure> {
        for pi in 0..b.group_begin {
            let pv = b.by_index[pi];
            if !self.matched[pv] {
                continue;
            }
            let mut addend = b.by_index.len() as i64;
            for oi in (b.group_begin..b.next_begin).rev() {
                let ov = b.by_index[oi];
                if self.matched[ov] {
                    continue;
                }
                let id = self.base.id(oi, pi);
                if id != 0 {
                    self.m.set_sum(pv, ov, &self.base, id, addend);
                    addend += 1;
                }
            }
            self.solve(b);
            self.fix_pair(b, pv)?;
        }
        Ok(())
    }

    /// Fixes `pv` with its mate in the current optimum for the rest of the round.
    fn fix_pair(&mut self, b: &Bracket<'_, N>, pv: usize) -> Result<(), Failure> {
        let mv = self.stable[pv];
        if mv >= self.stable.len() {
            return Err(self.no_pairing());
        }
        self.matched[pv] = true;
        self.matched[mv] = true;
        self.m.finalize(pv, mv, b.max_w);
        Ok(())
    }

    /// The remainder (residents not paired with an MDP, positions in order) and its S1 size
    /// (the pairs among them) in the current optimum.
    pub(super) fn remainder_list(&self, b: &Bracket<'_, N>) -> (Vec<usize>, usize) {
        let mut list: Vec<usize> = Vec::new();
        let mut pairs = 0usize;
        for (pi, &pv) in b
            .by_index
            .iter()
            .enumerate()
            .take(b.next_begin)
            .skip(b.group_begin)
        {
            if self.stable[pv] < b.group_begin_vertex {
                continue;
            }
            list.push(pi);
            if self.stable[pv] < pv {
                pairs += 1;
            }
        }
        (list, pairs)
    }

    /// The remainder `list` with S1 size `pairs`, weighted for the fewest exchanges, then
    /// the smallest BSN differences.
    pub(super) fn remainder(
        &mut self,
        b: &Bracket<'_, N>,
        list: Vec<usize>,
        pairs: usize,
    ) -> Remainder {
        for (oi_pos, &oi) in list.iter().enumerate() {
            let ov = b.by_index[oi];
            for (sri, &pi) in list.iter().enumerate().take(oi_pos) {
                let (id, addend) = (self.base.id(oi, pi), b.remainder_addend(sri, pairs));
                self.m.set_sum(b.by_index[pi], ov, &self.base, id, addend);
            }
        }
        self.solve(b);
        let first_end_idx = list.get(pairs).copied().unwrap_or(usize::MAX);
        let exchanges = list
            .iter()
            .take_while(|&&pi| pi < first_end_idx)
            .filter(|&&pi| !self.in_s1(b, b.by_index[pi]))
            .count();
        Remainder {
            list,
            pairs,
            exchanges,
        }
    }

    /// Whether the remainder needs no exchange, shown without weighting it: S1 (the first
    /// `pairs` of `list`) is kept from meeting S1 and S2 from meeting S2, and the optimum of
    /// that graph is still optimal for the graph before (the duals of the last solve certify
    /// it), with every S1 player paired in S1. Then the remainder's weighting would find no
    /// exchange, and the graph is the one [`Search::fix_s1`] leaves: its base weights are
    /// zeroed as there, and the remainder is returned. Otherwise the edges taken away are
    /// put back and the matcher restored as it was, for the remainder's weighting.
    pub(super) fn without_exchanges(
        &mut self,
        b: &Bracket<'_, N>,
        list: &[usize],
        pairs: usize,
    ) -> Option<Remainder> {
        let cert = self.m.certificate()?;
        let stable = self.stable.clone();
        for (pi, oi) in same_side_pairs(list, pairs) {
            self.m
                .set_sum(b.by_index[pi], b.by_index[oi], &self.base, 0, 0);
        }
        self.solve(b);
        let s1_paired = list
            .iter()
            .take(pairs)
            .all(|&pi| self.in_s1(b, b.by_index[pi]));
        if !s1_paired || !self.m.still_optimal(&cert) || !proof_on() {
            if self.m.generation() == cert.0 {
                for (pi, oi) in same_side_pairs(list, pairs) {
                    let id = self.base.id(oi, pi);
                    self.m
                        .set_sum(b.by_index[pi], b.by_index[oi], &self.base, id, 0);
                }
                self.m.restore(cert);
                self.stable = stable;
            }
            return None;
        }
        for (pi, oi) in same_side_pairs(list, pairs) {
            self.base.zero(oi, pi);
        }
        Some(Remainder {
            list: list.to_vec(),
            pairs,
            exchanges: 0,
        })
    }

    /// Nudges remainder member `pos`'s weights to the members after it, one up or down.
    fn nudge_after(&mut self, b: &Bracket<'_, N>, rem: &Remainder, pos: usize, up: bool) {
        let (pi, pv) = (rem.list[pos], b.by_index[rem.list[pos]]);
        let addend = b.remainder_addend(pos, rem.pairs) + if up { 1 } else { -1 };
        for &oi in &rem.list[pos + 1..] {
            let id = self.base.id(oi, pi);
            if id != 0 {
                self.m.set_sum(pv, b.by_index[oi], &self.base, id, addend);
            }
        }
    }

    /// Restores remainder member `pos`'s weights to the members after it.
    fn restore_after(&mut self, b: &Bracket<'_, N>, rem: &Remainder, pos: usize) {
        let (pi, pv) = (rem.list[pos], b.by_index[rem.list[pos]]);
        let addend = b.remainder_addend(pos, rem.pairs);
        for &oi in &rem.list[pos + 1..] {
            let id = self.base.id(oi, pi);
            self.m.set_sum(pv, b.by_index[oi], &self.base, id, addend);
        }
    }

    /// Exchanges the lowest S1 players possible, as the rule text orders exchanges: from
    /// the bottom of S1 up, each is tried out of S1 and kept out while exchanges are due.
    pub(super) fn exchange_s1(&mut self, b: &Bracket<'_, N>, rem: &Remainder) {
        let mut left = rem.exchanges;
        let mut pos = rem.pairs;
        while pos > 0 && left > 0 {
            pos -= 1;
            let pi = rem.list[pos];
            let pv = b.by_index[pi];
            if self.in_s1(b, pv) {
                self.nudge_after(b, rem, pos, false);
                self.solve(b);
            }
            let exchange = !self.in_s1(b, pv);
            if exchange {
                left -= 1;
                for &oi in &rem.list[pos + 1..] {
                    self.base.zero(oi, pi);
                }
            }
            self.restore_after(b, rem, pos);
        }
    }

    /// Exchanges the highest S2 players possible: each one pulled into S1 is pinned there.
    pub(super) fn exchange_s2(&mut self, b: &Bracket<'_, N>, rem: &Remainder) {
        let len = b.by_index.len();
        let mut left = rem.exchanges;
        let mut pos = rem.pairs;
        while pos < rem.list.len() && left > 1 {
            let pi = rem.list[pos];
            let pv = b.by_index[pi];
            let already = self.in_s1(b, pv);
            if !already {
                self.nudge_after(b, rem, pos, true);
                self.solve(b);
            }
            if self.in_s1(b, pv) {
                left -= 1;
                for &oi in &rem.list[..pos] {
                    self.base.zero(pi, oi);
                    self.m.set(pv, b.by_index[oi], Wide::ZERO);
                }
                for oi in b.next_begin..len {
                    self.base.zero(oi, pi);
                    self.m.set(pv, b.by_index[oi], Wide::ZERO);
                }
                self.m.pin(pv);
                self.pinned[pi] = true;
            }
            if !already {
                self.restore_after(b, rem, pos);
            }
            pos += 1;
        }
    }

    /// Fixes who is in S1 (an S1 player meets only S2 players), and restores the base
    /// weights.
    pub(super) fn fix_s1(&mut self, b: &Bracket<'_, N>, rem: &Remainder) {
        for (a, &pi) in rem.list.iter().enumerate() {
            let pv = b.by_index[pi];
            for &oi in &rem.list[a + 1..] {
                let ov = b.by_index[oi];
                if !self.in_s1(b, pv) || self.in_s1(b, ov) {
                    self.base.zero(oi, pi);
                }
                self.m.set_sum(pv, ov, &self.base, self.base.id(oi, pi), 0);
            }
        }
    }

    /// Each S1 player's opponent, highest S2 player first (the order of S2 transpositions).
    /// Once solved, the duals stay valid through the pairs fixed after it (those only narrow
    /// the best matchings): a candidate whose edge they show slack cannot be paired, and a
    /// tight alternating cycle to the favourite pairs it without a solve.
    pub(super) fn s1_opponents(
        &mut self,
        b: &Bracket<'_, N>,
        rem: &Remainder,
    ) -> Result<(), Failure> {
        let mut solved = false;
        for &pi in &rem.list {
            let pv = b.by_index[pi];
            if !self.in_s1(b, pv) {
                continue;
            }
            // The first S2 player still free that `pv` may meet is the one the nudge below
            // favours most; when the current optimum already pairs them, it is the answer.
            let favourite = rem
                .list
                .iter()
                .find(|&&oi| {
                    let ov = b.by_index[oi];
                    oi > pi
                        && !self.matched[ov]
                        && self.base.id(oi, pi) != 0
                        && (!solved || !self.m.loose(pv, ov))
                })
                .map(|&oi| b.by_index[oi]);
            let settled = favourite == Some(self.stable[pv])
                || solved
                    && favourite.is_some_and(|f| self.m.swap_through(pv, f, &mut self.stable));
            if !settled {
                let mut addend = 0i64;
                for &oi in rem.list.iter().rev() {
                    let ov = b.by_index[oi];
                    if oi <= pi || self.matched[ov] {
                        continue;
                    }
                    let id = self.base.id(oi, pi);
                    if id != 0 {
                        self.m.set_sum(pv, ov, &self.base, id, addend);
                    }
                    addend += 1;
                }
                self.solve(b);
                solved = true;
            }
            self.fix_pair(b, pv)?;
        }
        Ok(())
    }

    /// Ends the bracket: its pairs go into `partner` (dense indices); returns the next
    /// bracket's vertices (this bracket's unpaired players, then the next score group) and
    /// how many of them are MDPs.
    pub(super) fn close(
        &self,
        b: &Bracket<'_, N>,
        partner: &mut [Option<usize>],
    ) -> (Vec<usize>, usize) {
        let mut next = Vec::new();
        let mut mdps = 0;
        for (pi, &pv) in b.by_index.iter().enumerate() {
            if pi < b.next_begin && self.matched[pv] {
                let mv = self.stable[pv];
                partner[b.sorted[pv]] = Some(b.sorted[mv]);
                partner[b.sorted[mv]] = Some(b.sorted[pv]);
            } else {
                next.push(pv);
                if pi < b.next_begin {
                    mdps += 1;
                }
            }
        }
        (next, mdps)
    }
}
