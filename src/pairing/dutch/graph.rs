//! The matching graph of one bracket, kept small.
//!
//! The bracket procedure asks for a maximum-weight matching over every unpaired player. Only
//! the bracket's own players `B` (its MDPs and residents) carry the weights that differ from
//! pair to pair; below them come the next score group `N` and the lower remainder `L`:
//!
//! - Every edge touching `L` weighs just its top field, `(1 + nc(a) + nc(b))` where `nc` marks
//!   a player who may not take the PAB. That top field is a sum over the players a matching
//!   covers, so whenever `L` can absorb what is left over above it (all of it paired, or all
//!   but one PAB candidate of `L` when the field is odd), its only effect is a constant.
//! - An edge into `N` weighs its top field plus C8's part ([`next_bracket_part`]): one more
//!   pair in the next bracket, counted at the score of its higher player. When no PAB
//!   candidate is near, that is all it weighs. So if the players `X` of `B` a matching leaves
//!   over can each meet a player of `N` and the rest of `N` pairs within itself (all but one
//!   when `|N| - |X|` is odd), C8 totals `Σ_{x∈X} c8(s_x) + ⌊(|N| - |X|)/2⌋ c8(s_N)`, and no
//!   completion does better. As `|X| = |B| - 2|M_B|`, that bound is a constant plus, per pair
//!   of the bracket matching `M_B`, `c8(s_N) - c8(s_a) - c8(s_b)`: a weight on `B`'s own edges.
//!
//! So the graph holds `B` alone, with each edge lowered by its top field and by
//! `γ(v) = c8(s_v) - c8(s_N)/2` at both ends ([`Mode::Bracket`]). After every solve the bound is
//! checked by building the completion explicitly ([`super::next_group`], then
//! [`super::completion`] for `L`). Because the bound holds for every matching, reaching it
//! proves the optimum. When it is not reached, the bracket is solved over `B ∪ N` with `L`
//! still absorbed ([`Mode::Groups`]), and when that fails too, or when a bracket player may
//! receive the PAB, over `B ∪ N ∪ L` with the full weights ([`Mode::Full`]).

use crate::pairing::matching::{Certificate, Matcher, Weight, Wide};

use super::base::Base;
use super::completion::Completion;
use super::next_group::NextGroup;
use super::state::Field;
use super::sums::{Sums, sum};
use super::weights::{ByeInfo, Layout, edge_weight, next_bracket_part};

const NONE: usize = usize::MAX;

#[cfg(test)]
thread_local! {
    /// Tests turn mode `Bracket` off (`.0`), to compare with the graph that holds `N`, and
    /// count the brackets begun in it (`.1`) and those widened from it (`.2`).
    pub static BRACKET_MODE: std::cell::Cell<(bool, usize, usize)> =
        const { std::cell::Cell::new((true, 0, 0)) };
}

#[cfg(test)]
thread_local! {
    /// Tests count the weights [`Graph::set_sum`] wrote (`.0`) and those of them it found
    /// in its tables without building the sum (`.1`); each is checked against the weight
    /// [`Graph::set`] writes for the sum built in full.
    pub static SUMS: std::cell::Cell<(usize, usize)> = const { std::cell::Cell::new((0, 0)) };
}

/// Whether mode `Bracket` may be used: always, outside tests.
fn bracket_mode_on() -> bool {
    #[cfg(test)]
    return BRACKET_MODE.with(|c| c.get().0);
    #[cfg(not(test))]
    true
}

/// Counts a bracket begun in mode `Bracket`, or `widened` from it (tests only).
fn count_bracket_mode(widened: bool) {
    #[cfg(test)]
    BRACKET_MODE.with(|c| {
        let (on, begun, wide) = c.get();
        c.set(if widened {
            (on, begun, wide + 1)
        } else {
            (on, begun + 1, wide)
        });
    });
    #[cfg(not(test))]
    let _ = widened;
}

/// Which players the matcher holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// `B` only: `N` and `L` absorb what it leaves over.
    Bracket,
    /// `B ∪ N`: `L` absorbs what they leave over.
    Groups,
    /// `B ∪ N ∪ L`, full weights.
    Full,
}

/// The graph of the current bracket.
pub struct Graph<'a, const N: usize> {
    /// The layout of the current bracket's weights.
    lay: Layout,
    field: &'a Field,
    sorted: &'a [usize],
    bye: ByeInfo,
    /// Vertex count of the whole round.
    n: usize,
    /// Global vertex → local index, or `NONE`.
    local: Vec<usize>,
    /// Local index → global vertex: `B`, then `N` (modes `Groups`, `Full`), then `L` (`Full`).
    verts: Vec<usize>,
    /// `B ∪ N` in bracket order, and `|B|`.
    u: Vec<usize>,
    b_len: usize,
    /// The first vertex of `L`.
    l_start: usize,
    mode: Mode,
    /// Per local vertex: its share `nc(v)` of the top field, plus `γ(v)` in mode `Bracket`.
    lift: Vec<Wide<N>>,
    /// The top field's constant `1`.
    unit: Wide<N>,
    /// Local vertices of `B` that may no longer float into `N`.
    pinned: Vec<bool>,
    m: Matcher<Wide<N>>,
    /// The matcher's ids of base weights plus addends ([`Graph::set_sum`]), and the second
    /// band of addends the bracket procedure uses.
    sums: Sums,
    band: i64,
    isolated: Vec<bool>,
    completion: Completion,
    next: NextGroup,
    /// Advanced whenever the matcher is made anew (a bracket, a widening).
    generation: u64,
}

impl<'a, const N: usize> Graph<'a, N> {
    /// An empty graph for the round.
    pub fn new(lay: &Layout, field: &'a Field, sorted: &'a [usize], bye: &ByeInfo) -> Self {
        let n = sorted.len();
        Graph {
            lay: lay.clone(),
            field,
            sorted,
            bye: bye.clone(),
            n,
            local: vec![NONE; n],
            verts: Vec::new(),
            u: Vec::new(),
            b_len: 0,
            l_start: n,
            mode: Mode::Groups,
            lift: Vec::new(),
            unit: Wide::ZERO,
            pinned: Vec::new(),
            m: Matcher::new(0),
            sums: Sums::default(),
            band: 0,
            isolated: Vec::new(),
            completion: Completion::new(n),
            next: NextGroup::new(n),
            generation: 0,
        }
    }

    fn compatible(&self, a: usize, b: usize) -> bool {
        let st = &self.field.states;
        a != b
            && self
                .lay
                .compatible(self.field, &st[self.sorted[a]], &st[self.sorted[b]])
    }

    fn non_candidate(&self, v: usize) -> u64 {
        u64::from(!self.bye.candidate(&self.field.states[self.sorted[v]]))
    }

    fn score(&self, v: usize) -> i32 {
        self.field.states[self.sorted[v]].score
    }

    /// What the stored weight of local `{a, b}` (a pair that may meet) lacks of the engine's:
    /// the top field and, in mode `Bracket`, both `γ`s.
    fn offset(&self, a: usize, b: usize) -> Wide<N> {
        let lift = |i: usize| self.lift.get(i).copied().unwrap_or(Wide::ZERO);
        self.unit.wrapping_add(lift(a)).wrapping_add(lift(b))
    }

    /// The engine's weight of `{a, b}` (local indices) as stored.
    fn engine_weight(&self, a: usize, b: usize) -> Wide<N> {
        let w = self.m.weight(a, b);
        if self.mode == Mode::Full || w.is_zero() {
            return w;
        }
        w.wrapping_add(self.offset(a, b))
    }

    /// The engine's weight `w` for local `{i, j}` in the current encoding.
    fn encode(&self, i: usize, j: usize, w: Wide<N>) -> Wide<N> {
        if self.mode == Mode::Full || w.is_zero() {
            w
        } else {
            w.wrapping_sub(self.offset(i, j))
        }
    }

    /// Stores the engine's weight `w` for local `{i, j}` in the current encoding.
    fn store(&mut self, i: usize, j: usize, w: Wide<N>) {
        let w = self.encode(i, j, w);
        self.m.set_weight(i, j, w);
    }

    /// How many local vertices get a partner written into `stable`: `B`, and `N` unless the
    /// mode is `Bracket`.
    fn reported(&self) -> usize {
        if self.mode == Mode::Bracket {
            self.b_len
        } else {
            self.u.len()
        }
    }

    /// Starts a bracket over `u` (global vertices in bracket order: `B`, its first `b_len`,
    /// then the next score group `N`) with weights in layout `lay`; `L` is `l_start..n`. The
    /// weights among `u[..keep]` (the MDPs, all in the previous bracket) are carried over,
    /// moved into `lay`; the caller sets the others. `full`: solve over `B ∪ N ∪ L` from the
    /// start. Returns `false` when a carried weight cannot be written in `lay`.
    pub fn begin(
        &mut self,
        u: &[usize],
        b_len: usize,
        keep: usize,
        l_start: usize,
        full: bool,
        lay: &Layout,
    ) -> bool {
        // Carried weights: the engine's values, in the old layout.
        let mut kept = Vec::new();
        let carried: Vec<(usize, usize)> = u
            .iter()
            .take(keep)
            .enumerate()
            .filter_map(|(i, &v)| {
                let o = *self.local.get(v)?;
                (o != NONE && o < self.m.len()).then_some((i, o))
            })
            .collect();
        for (x, &(i, oi)) in carried.iter().enumerate() {
            for &(j, oj) in &carried[..x] {
                let w = self.engine_weight(oi, oj);
                if !w.is_zero() {
                    kept.push((i, j, w));
                }
            }
        }
        // The old matrix goes before the new one is made: at 10,000 players each is tens of
        // megabytes.
        self.m = Matcher::new(0);
        let old_lay = std::mem::replace(&mut self.lay, lay.clone());
        self.u = u.to_vec();
        self.b_len = b_len.min(u.len());
        self.l_start = l_start;
        let mode = if full {
            Mode::Full
        } else if self.b_len < u.len() && !self.c8_at(self.b_len).is_odd() && bracket_mode_on() {
            count_bracket_mode(false);
            Mode::Bracket
        } else {
            Mode::Groups
        };
        self.build(mode);
        let mut ok = true;
        for (i, j, w) in kept {
            match old_lay.relayout(w, &self.lay) {
                Some(w) => self.store(i, j, w),
                None => ok = false,
            }
        }
        ok
    }

    /// C8's part for a pair led by `u[i]` in the next bracket.
    fn c8_at(&self, i: usize) -> Wide<N> {
        let s = self.u.get(i).map_or(0, |&v| self.score(v));
        next_bracket_part(&self.lay, s)
    }

    /// Makes an edgeless matcher for `mode` over the current `u`, `b_len` and `l_start`.
    fn build(&mut self, mode: Mode) {
        self.generation += 1;
        self.mode = mode;
        for &v in &self.verts {
            self.local[v] = NONE;
        }
        self.verts = match mode {
            Mode::Bracket => self.u[..self.b_len].to_vec(),
            Mode::Groups => self.u.clone(),
            Mode::Full => self.u.iter().copied().chain(self.l_start..self.n).collect(),
        };
        for (i, &v) in self.verts.iter().enumerate() {
            self.local[v] = i;
        }
        let len = self.verts.len();
        self.isolated = vec![false; len];
        self.pinned = vec![false; len];
        let body = self.lay.body_bits();
        self.unit = Wide::ZERO.add_at(body, 1);
        self.lift = self
            .verts
            .iter()
            .map(|&v| Wide::ZERO.add_at(body, self.non_candidate(v)))
            .collect();
        if mode == Mode::Bracket {
            let half = self.c8_at(self.b_len).half();
            for i in 0..self.b_len {
                self.lift[i] = self.lift[i].wrapping_add(self.c8_at(i).wrapping_sub(half));
            }
        }
        self.m = Matcher::new(len);
        self.sums = Sums::new(self.lift_classes(), 2 * self.u.len() as i64 + 2, self.band);
        match mode {
            Mode::Full => {
                // Edges touching `L` keep the weights of the round's start (top field, and C9
                // when the PAB falls on the top score).
                let st = |v: usize| &self.field.states[self.sorted[v]];
                let u_len = self.u.len();
                for a in u_len..len {
                    for b in 0..a {
                        let (hi, lo) = (st(self.verts[b]), st(self.verts[a]));
                        let w = edge_weight::<N>(
                            &self.lay, self.field, hi, lo, false, false, &self.bye,
                        );
                        self.m.set_weight(a, b, w);
                    }
                }
            }
            Mode::Groups | Mode::Bracket => {
                let mut c = std::mem::replace(&mut self.completion, Completion::new(0));
                let mut g = std::mem::replace(&mut self.next, NextGroup::new(0));
                let compatible = |a: usize, b: usize| self.compatible(a, b);
                c.rebuild(self.l_start, &compatible);
                if mode == Mode::Bracket {
                    let start = self.u.get(self.b_len).copied().unwrap_or(self.l_start);
                    g.rebuild(start, self.l_start, &compatible);
                }
                self.completion = c;
                self.next = g;
            }
        }
    }

    /// Each local vertex's lift class: vertices of one class have the same lift (all one
    /// class in mode `Full`, which stores the engine's weights as they are).
    fn lift_classes(&self) -> Vec<u32> {
        if self.mode == Mode::Full {
            return vec![0; self.verts.len()];
        }
        let mut seen: Vec<Wide<N>> = Vec::new();
        self.lift
            .iter()
            .map(|l| {
                let c = seen.iter().position(|s| s == l).unwrap_or_else(|| {
                    seen.push(*l);
                    seen.len() - 1
                });
                c as u32
            })
            .collect()
    }

    /// Sets the second band of addends given to [`Graph::set_sum`] (the remainder's S1 flag).
    pub fn set_band(&mut self, band: i64) {
        self.band = band;
        self.sums.set_band(band);
    }

    /// Sets the weight of `{a, b}` (global vertices, both in the bracket) to the engine's
    /// `base.value(bid) + addend` (wrapping; zero when `bid` is 0), as [`Graph::set`] would,
    /// but finding the matcher's id in [`Sums`] instead of building and hashing the sum.
    pub fn set_sum(&mut self, a: usize, b: usize, base: &Base<N>, bid: u32, addend: i64) {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return;
        }
        if bid == 0 {
            self.m.set_weight_id(i, j, 0);
            return;
        }
        let cell = self.sums.cell(bid, i, j, addend);
        let found = cell.and_then(|c| self.sums.get(c));
        let id = match found {
            Some(id) => id,
            None => {
                let w = self.encode(i, j, sum(base.value(bid), addend));
                let id = self.m.value_id(w);
                if let Some(c) = cell {
                    self.sums.put(c, id);
                }
                id
            }
        };
        self.m.set_weight_id(i, j, id);
        #[cfg(test)]
        {
            let built = self.encode(i, j, sum(base.value(bid), addend));
            assert_eq!(self.m.weight(i, j), built, "{{{i}, {j}}}: {bid} + {addend}");
            SUMS.with(|c| {
                let (written, hits) = c.get();
                c.set((written + 1, hits + usize::from(found.is_some())));
            });
        }
    }

    /// Whether the matcher holds the next score group (its weights must be set).
    pub fn holds_next(&self) -> bool {
        self.mode != Mode::Bracket
    }

    /// Sets the weight of `{a, b}` (global vertices, both in the bracket).
    pub fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return;
        }
        self.store(i, j, w);
    }

    /// Marks `v` (a global vertex of `B`) as no longer allowed to float into `N`; the caller
    /// also zeroes its edges into `N`.
    pub fn pin(&mut self, v: usize) {
        if let Some(p) = self.local.get(v).and_then(|&i| self.pinned.get_mut(i)) {
            *p = true;
        }
    }

    /// The duals of the last solve, for [`Graph::still_optimal`].
    pub fn certificate(&mut self) -> Option<(u64, Certificate<Wide<N>>)> {
        Some((self.generation, self.m.certificate()?))
    }

    /// Whether the current matching is optimal for the graph the certificate was taken on,
    /// when edges have only been removed since (see [`Matcher::certified_by`]); `false` when
    /// the matcher has been made anew in between.
    pub fn still_optimal(&self, cert: &(u64, Certificate<Wide<N>>)) -> bool {
        cert.0 == self.generation && self.m.certified_by(&cert.1)
    }

    /// Puts the matcher back as it was when `cert` was taken, once the caller has put back
    /// the weights changed since; nothing when the matcher was made anew.
    pub fn restore(&mut self, cert: (u64, Certificate<Wide<N>>)) {
        if cert.0 == self.generation {
            self.m.restore(cert.1);
        }
    }

    /// Advanced whenever the matcher is made anew.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Whether the last solve proves that `a` and `b` (global vertices) are paired in no best
    /// matching (see [`Matcher::loose`]).
    pub fn loose(&self, a: usize, b: usize) -> bool {
        let (i, j) = (self.local[a], self.local[b]);
        i != NONE && j != NONE && self.m.loose(i, j)
    }

    /// Re-pairs `a` with `b` (global vertices, both in the bracket) along tight edges without
    /// a solve ([`Matcher::swap_through_with`]), updating `stable`. Whether it could. A swap
    /// that changes who is left over must leave a matching the mode proves optimal, as after
    /// a solve ([`Graph::proven`]).
    pub fn swap_through(&mut self, a: usize, b: usize, stable: &mut [usize]) -> bool {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return false;
        }
        let mut m = std::mem::replace(&mut self.m, Matcher::new(0));
        let before = m.mates().to_vec();
        let mut accept = |exposed: &[usize], covered: &[usize]| {
            let mut mates = before.clone();
            for &v in covered {
                if let Some(x) = mates.get_mut(v) {
                    *x = NONE;
                }
            }
            for &v in exposed {
                if let Some(x) = mates.get_mut(v) {
                    *x = v;
                }
            }
            self.proven(&mates)
        };
        let swapped = m.swap_through_with(i, j, &mut accept);
        self.m = m;
        let Some(changed) = swapped else {
            return false;
        };
        let reported = self.reported();
        let mates = self.m.mates();
        for v in changed {
            if v < reported
                && let Some(&m) = mates.get(v)
            {
                stable[self.verts[v]] = if m == v {
                    self.exposed_partner(self.verts[v])
                } else {
                    self.verts[m]
                };
            }
        }
        true
    }

    /// What `stable` says for an exposed vertex `v`: itself in mode `Full`, else `n` ("some
    /// player below").
    fn exposed_partner(&self, v: usize) -> usize {
        if self.mode == Mode::Full { v } else { self.n }
    }

    /// Pairs `a` with `b` for good: `{a, b}` becomes the only edge at either.
    pub fn finalize(&mut self, a: usize, b: usize, w: Wide<N>) {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return;
        }
        self.m.isolate_except(i, j);
        self.m.isolate_except(j, i);
        self.isolated[i] = true;
        self.isolated[j] = true;
        self.store(i, j, w);
    }

    /// Solves and writes each reported vertex's partner into `stable` (global indices): a
    /// vertex of `B ∪ N`, an `L` vertex (mode `Full`), `n` for "some player below" (other
    /// modes), or itself when unpaired. `weight(i, j)` is the engine's weight of `{u[i], u[j]}`
    /// when `u[i]` or `u[j]` lies in `N`, read only when the graph must grow.
    pub fn compute(&mut self, stable: &mut [usize], weight: &dyn Fn(usize, usize) -> Wide<N>) {
        let mates = self.m.compute().to_vec();
        let proven = self.proven(&mates);
        if !proven {
            match self.mode {
                Mode::Bracket => {
                    count_bracket_mode(true);
                    self.widen(weight)
                }
                _ => self.go_full(),
            }
            return self.compute(stable, weight);
        }
        for (i, &m) in mates.iter().enumerate().take(self.reported()) {
            let v = self.verts[i];
            stable[v] = if m == i {
                self.exposed_partner(v)
            } else {
                self.verts[m]
            };
        }
    }

    /// Whether the matching `mates` (local) is proven optimal for the whole round in the
    /// current mode: in mode `Bracket` the players it leaves over float into `N` (none of them
    /// pinned) and `N` and `L` absorb the rest, in mode `Groups` `L` absorbs what `B ∪ N`
    /// leaves over, in mode `Full` always. Only which vertices are exposed is read.
    fn proven(&mut self, mates: &[usize]) -> bool {
        match self.mode {
            Mode::Full => true,
            Mode::Groups => self.absorbed(mates, None),
            Mode::Bracket => {
                let x: Vec<usize> = (0..self.b_len)
                    .filter(|&i| mates[i] == i)
                    .map(|i| self.verts[i])
                    .collect();
                let free = (0..self.b_len).all(|i| mates[i] != i || !self.pinned[i]);
                let mut g = std::mem::replace(&mut self.next, NextGroup::new(0));
                let left = if free {
                    g.absorb(&x, &|a, b| self.compatible(a, b))
                } else {
                    None
                };
                self.next = g;
                left.is_some_and(|left| self.absorbed(mates, Some(&left)))
            }
        }
    }

    /// Whether `L` absorbs the players left over: `left` when given, else the exposed ones of
    /// `B ∪ N` in `mates`.
    fn absorbed(&mut self, mates: &[usize], left: Option<&[usize]>) -> bool {
        let x: Vec<usize> = match left {
            Some(l) => l.to_vec(),
            None => (0..self.u.len())
                .filter(|&i| mates.get(i) == Some(&i))
                .map(|i| self.verts[i])
                .collect(),
        };
        let odd = self.n % 2 == 1;
        let mut c = std::mem::replace(&mut self.completion, Completion::new(0));
        let ok = c.absorb(&x, odd, &|a, b| self.compatible(a, b), &|v| {
            self.non_candidate(v) == 0
        });
        self.completion = c;
        ok
    }

    /// The engine's weights among local vertices `0..len`, as `(larger, smaller, weight)`.
    fn engine_weights(&self, len: usize) -> Vec<(usize, usize, Wide<N>)> {
        (0..len)
            .flat_map(|a| (0..a).map(move |b| (a, b)))
            .map(|(a, b)| (a, b, self.engine_weight(a, b)))
            .collect()
    }

    /// Switches the current bracket from `B` alone to `B ∪ N`, keeping the engine's weights.
    fn widen(&mut self, weight: &dyn Fn(usize, usize) -> Wide<N>) {
        let b_len = self.b_len;
        let inner = self.engine_weights(b_len);
        let isolated = self.isolated.clone();
        self.build(Mode::Groups);
        for (a, b, w) in inner {
            self.store(a, b, w);
        }
        for a in b_len..self.u.len() {
            for b in 0..a {
                let gone = isolated.get(b).copied().unwrap_or(false);
                let w = if gone { Wide::ZERO } else { weight(a, b) };
                self.store(a, b, w);
            }
        }
        for (i, &iso) in isolated.iter().enumerate() {
            self.isolated[i] = iso;
        }
    }

    /// Switches the current bracket to the full graph, keeping the engine's weights.
    fn go_full(&mut self) {
        let u_len = self.u.len();
        let weights = self.engine_weights(u_len);
        let isolated = self.isolated.clone();
        self.build(Mode::Full);
        for (a, b, w) in weights {
            self.m.set_weight(a, b, w);
        }
        for (i, &iso) in isolated.iter().enumerate() {
            if iso {
                self.isolated[i] = true;
                for b in u_len..self.verts.len() {
                    self.m.set_weight(i, b, Wide::ZERO);
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "graph_tests.rs"]
mod tests;
