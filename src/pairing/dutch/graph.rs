//! The matching graph of one bracket, kept small.
//!
//! The bracket procedure asks for a maximum-weight matching over every unpaired player, but
//! only the bracket's own vertices `U` (its MDPs, its residents and the next score group) carry
//! weights below the top field: every edge touching the lower remainder `L` weighs just its
//! top field, `(1 + nc(a) + nc(b))` where `nc` marks a player who may not take the PAB. That
//! top field is a sum over the players a matching covers, so whenever `L` can absorb every set
//! `X` of bracket players left over (all of `L ∪ X` paired, or all but one PAB candidate of `L`
//! when the field is odd), every matching of `U` completes to one of the same, best top total,
//! and the optimum is just the best matching of `U` on the weights minus their top fields
//! ("compressed"). The absorption is checked after every solve by building the completion
//! explicitly ([`super::completion`]); when that fails, or when a bracket player may receive
//! the PAB, the bracket is solved over `U ∪ L` with the full weights instead ("full").

use crate::pairing::matching::{Matcher, Wide};

use super::completion::Completion;
use super::state::Field;
use super::weights::{ByeInfo, Layout, edge_weight};

const NONE: usize = usize::MAX;

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
    /// Local index → global vertex: `U` in bracket order, then (full mode) `L`.
    verts: Vec<usize>,
    /// `|U|`.
    u_len: usize,
    /// The first vertex of `L`.
    l_start: usize,
    full: bool,
    m: Matcher<Wide<N>>,
    isolated: Vec<bool>,
    completion: Completion,
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
            u_len: 0,
            l_start: n,
            full: false,
            m: Matcher::new(0),
            isolated: Vec::new(),
            completion: Completion::new(n),
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

    /// The top field of the weight of `{a, b}` (global vertices), zero when they may not meet.
    fn top(&self, a: usize, b: usize) -> Wide<N> {
        if !self.compatible(a, b) {
            return Wide::ZERO;
        }
        Wide::ZERO.add_at(
            self.lay.body_bits(),
            1 + self.non_candidate(a) + self.non_candidate(b),
        )
    }

    /// The engine's weight of `{a, b}` (local indices) as stored.
    fn engine_weight(&self, a: usize, b: usize) -> Wide<N> {
        let w = self.m.weight(a, b);
        if self.full || w.is_zero() {
            return w;
        }
        w.wrapping_add(self.top(self.verts[a], self.verts[b]))
    }

    /// Starts a bracket over `u` (global vertices, bracket order) with weights in layout
    /// `lay`; `L` is `l_start..n`. The weights among `u[..keep]` (the MDPs, all in the
    /// previous bracket) are carried over, moved into `lay`; the caller sets the others.
    /// `full`: solve over `U ∪ L` from the start. Returns `false` when a carried weight
    /// cannot be written in `lay`.
    pub fn begin(
        &mut self,
        u: &[usize],
        keep: usize,
        l_start: usize,
        full: bool,
        lay: &Layout,
    ) -> bool {
        let old_local = std::mem::replace(&mut self.local, vec![NONE; self.n]);
        let old_m = std::mem::replace(&mut self.m, Matcher::new(0));
        let old_full = self.full;
        let old_verts = std::mem::take(&mut self.verts);
        // Carried weights: the engine's values, in the old layout.
        let carried: Vec<(usize, usize)> = u
            .iter()
            .take(keep)
            .enumerate()
            .filter_map(|(i, &v)| {
                let o = *old_local.get(v)?;
                (o != NONE && o < old_m.len()).then_some((i, o))
            })
            .collect();
        let mut kept = Vec::new();
        for (x, &(i, oi)) in carried.iter().enumerate() {
            for &(j, oj) in &carried[..x] {
                let w = old_m.weight(oi, oj);
                if w.is_zero() {
                    continue;
                }
                let w = if old_full {
                    w
                } else {
                    w.wrapping_add(self.top(old_verts[oi], old_verts[oj]))
                };
                kept.push((i, j, w));
            }
        }
        // The old matrix goes before the new one is made: at 10,000 players each is hundreds
        // of megabytes.
        drop(old_m);
        let old_lay = std::mem::replace(&mut self.lay, lay.clone());
        self.full = full;
        self.u_len = u.len();
        self.l_start = l_start;
        self.verts = u.to_vec();
        if full {
            self.verts.extend(l_start..self.n);
        }
        for (i, &v) in self.verts.iter().enumerate() {
            self.local[v] = i;
        }
        self.isolated = vec![false; self.verts.len()];
        self.m = Matcher::new(self.verts.len());
        let mut ok = true;
        for (i, j, w) in kept {
            match old_lay.relayout(w, &self.lay) {
                Some(w) => self.store(i, j, w),
                None => ok = false,
            }
        }
        if full {
            // Edges touching `L` keep the weights of the round's start (top field, and C9 when
            // the PAB falls on the top score).
            let st = |v: usize| &self.field.states[self.sorted[v]];
            for a in self.u_len..self.verts.len() {
                for b in 0..a {
                    let (hi, lo) = (st(self.verts[b]), st(self.verts[a]));
                    let w =
                        edge_weight::<N>(&self.lay, self.field, hi, lo, false, false, &self.bye);
                    self.m.set_weight(a, b, w);
                }
            }
        } else {
            let mut c = std::mem::replace(&mut self.completion, Completion::new(0));
            c.rebuild(l_start, &|a, b| self.compatible(a, b));
            self.completion = c;
        }
        ok
    }

    /// Stores the engine's weight `w` for local `{i, j}` in the current encoding.
    fn store(&mut self, i: usize, j: usize, w: Wide<N>) {
        let w = if self.full || w.is_zero() {
            w
        } else {
            w.wrapping_sub(self.top(self.verts[i], self.verts[j]))
        };
        self.m.set_weight(i, j, w);
    }

    /// Sets the weight of `{a, b}` (global vertices, both in the bracket).
    pub fn set(&mut self, a: usize, b: usize, w: Wide<N>) {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return;
        }
        self.store(i, j, w);
    }

    /// Whether the last solve proves that `a` and `b` (global vertices) are paired in no best
    /// matching (see [`Matcher::loose`]).
    pub fn loose(&self, a: usize, b: usize) -> bool {
        let (i, j) = (self.local[a], self.local[b]);
        i != NONE && j != NONE && self.m.loose(i, j)
    }

    /// Re-pairs `a` with `b` (global vertices, both in the bracket) along tight edges without
    /// a solve ([`Matcher::swap_through`]), updating `stable`. Whether it could.
    pub fn swap_through(&mut self, a: usize, b: usize, stable: &mut [usize]) -> bool {
        let (i, j) = (self.local[a], self.local[b]);
        if i == NONE || j == NONE {
            return false;
        }
        let Some(changed) = self.m.swap_through(i, j) else {
            return false;
        };
        let mates = self.m.mates();
        for v in changed {
            if v < self.u_len
                && let Some(&m) = mates.get(v)
            {
                stable[self.verts[v]] = self.verts[m];
            }
        }
        true
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

    /// Solves and writes each bracket vertex's partner into `stable` (global indices): a
    /// bracket vertex, an `L` vertex (full mode), `n` for "some player of `L`" (compressed
    /// mode), or itself when unpaired.
    pub fn compute(&mut self, stable: &mut [usize]) {
        let mates = self.m.compute().to_vec();
        if !self.full {
            let x: Vec<usize> = (0..self.u_len)
                .filter(|&i| mates[i] == i)
                .map(|i| self.verts[i])
                .collect();
            let odd = self.n % 2 == 1;
            let mut c = std::mem::replace(&mut self.completion, Completion::new(0));
            let ok = c.absorb(&x, odd, &|a, b| self.compatible(a, b), &|v| {
                self.non_candidate(v) == 0
            });
            self.completion = c;
            if !ok {
                self.go_full();
                return self.compute(stable);
            }
        }
        for (i, &m) in mates.iter().enumerate().take(self.u_len) {
            let v = self.verts[i];
            stable[v] = if m == i {
                if self.full { v } else { self.n }
            } else {
                self.verts[m]
            };
        }
    }

    /// Switches the current bracket to the full graph, keeping the engine's weights.
    fn go_full(&mut self) {
        let u: Vec<usize> = self.verts[..self.u_len].to_vec();
        let weights: Vec<(usize, usize, Wide<N>)> = (0..self.u_len)
            .flat_map(|a| (0..a).map(move |b| (a, b)))
            .map(|(a, b)| (a, b, self.engine_weight(a, b)))
            .collect();
        let isolated = self.isolated.clone();
        let l_start = self.l_start;
        // A fresh full graph; `begin` would carry compressed weights, so rebuild directly.
        self.local = vec![NONE; self.n];
        self.m = Matcher::new(0);
        self.verts.clear();
        let lay = self.lay.clone();
        self.begin(&u, 0, l_start, true, &lay);
        for (a, b, w) in weights {
            self.m.set_weight(a, b, w);
        }
        for (i, &iso) in isolated.iter().enumerate() {
            if iso {
                self.isolated[i] = true;
                for b in self.u_len..self.verts.len() {
                    self.m.set_weight(i, b, Wide::ZERO);
                }
            }
        }
    }
}
