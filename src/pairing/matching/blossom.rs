//! The maximum-weight (not maximum-cardinality) matching solver over a dense weight matrix,
//! re-solving incrementally: after [`Matcher::set_weight`] calls, only the vertices whose
//! changed edges broke the previous optimum's dual certificate are freed and re-augmented, so
//! a bracket procedure that nudges a few edges and re-solves pays for the change, not for the
//! whole graph.

use super::Weight;
use super::changes::Changes;
use super::stage::{NONE, State};

/// A weighted graph on dense vertices `0..n` (a symmetric weight matrix; weight zero is no edge)
/// and the maximum-weight matching solver over it.
///
/// ```
/// use bianpai::pairing::matching::Matcher;
/// let mut m = Matcher::<u64>::new(4);
/// m.set_weight(0, 1, 5);
/// m.set_weight(1, 2, 8);
/// m.set_weight(2, 3, 5);
/// // 0-1 + 2-3 (10) beats 1-2 alone (8).
/// assert_eq!(m.compute(), &[1, 0, 3, 2]);
/// m.set_weight(1, 2, 11);
/// assert_eq!(m.compute(), &[0, 2, 1, 3]);
/// ```
#[derive(Debug, Clone)]
pub struct Matcher<W: Weight> {
    s: State<W>,
    /// Edges changed since the last solve.
    changed: Changes,
    /// No solve yet: the first one starts from scratch.
    fresh: bool,
    out: Vec<usize>,
    /// Scratch: which vertices are to be freed.
    reset: Vec<bool>,
}

impl<W: Weight> Matcher<W> {
    /// An edgeless graph on `n` vertices.
    pub fn new(n: usize) -> Self {
        Matcher {
            s: State::new(n),
            changed: Changes::default(),
            fresh: true,
            out: (0..n).collect(),
            reset: vec![false; n],
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.s.n
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.s.n == 0
    }

    /// Sets the weight of edge `{a, b}` (zero removes it). Out-of-range or equal vertices are
    /// ignored.
    pub fn set_weight(&mut self, a: usize, b: usize, w: W) {
        let n = self.s.n;
        if a == b || a >= n || b >= n {
            return;
        }
        let id = self.s.values.id(w);
        self.set_weight_id(a, b, id);
    }

    /// The id of weight `w` in this graph's distinct weights (given one if it is new), for
    /// [`Matcher::set_weight_id`]: a caller that sets many edges to a few weights looks each
    /// weight up once.
    pub fn value_id(&mut self, w: W) -> u32 {
        self.s.values.id(w)
    }

    /// Sets the weight of edge `{a, b}` to the weight of `id` (from [`Matcher::value_id`] on
    /// this graph since it was made; 0 removes the edge). Out-of-range or equal vertices are
    /// ignored.
    pub fn set_weight_id(&mut self, a: usize, b: usize, id: u32) {
        let n = self.s.n;
        if a == b || a >= n || b >= n {
            return;
        }
        if self.s.w[a * n + b] == id {
            return;
        }
        self.s.w[a * n + b] = id;
        self.s.w[b * n + a] = id;
        if !self.fresh {
            self.changed.push(a, b);
        }
    }

    /// The weight of edge `{a, b}` (zero when absent).
    pub fn weight(&self, a: usize, b: usize) -> W {
        if a >= self.s.n || b >= self.s.n {
            return W::ZERO;
        }
        self.s.weight(a, b)
    }

    /// Whether the last solve's duals prove that edge `{a, b}` is in no maximum-weight
    /// matching: its reduced cost (the blossoms around both ends counted) is positive. Valid
    /// for the weights of the last solve, and for later ones that only isolate matched pairs
    /// of the current matching (raising their edge).
    pub fn loose(&self, a: usize, b: usize) -> bool {
        let n = self.s.n;
        !self.fresh && a < n && b < n && a != b && self.s.reduced_cost_positive(a, b)
    }

    /// Re-pairs `p` with `f` without a solve, when the last solve's duals allow it: swaps the
    /// matching along an alternating cycle of tight edges through `{p, f}`, or along a path
    /// that ends at an exposed vertex of dual zero, between top-level blossoms or among the
    /// children of the blossom holding both (see `swap.rs`). The new matching is as good as
    /// the old and the duals stay valid. Returns the vertices whose partner may have changed,
    /// or `None` when no swap was found (which proves nothing: solve instead).
    pub fn swap_through(&mut self, p: usize, f: usize) -> Option<Vec<usize>> {
        self.swap_through_with(p, f, &mut |_, _| true)
    }

    /// [`Matcher::swap_through`], with a say for the caller when the swap changes which
    /// vertices are exposed: `accept(left_exposed, newly_matched)` may refuse it, and then
    /// nothing changes.
    pub fn swap_through_with(
        &mut self,
        p: usize,
        f: usize,
        accept: &mut dyn FnMut(&[usize], &[usize]) -> bool,
    ) -> Option<Vec<usize>> {
        if self.fresh {
            return None;
        }
        let changed = self.s.swap_through(p, f, accept)?;
        for &v in &changed {
            let m = self.s.partner(v);
            self.out[v] = if m == NONE { v } else { m };
        }
        Some(changed)
    }

    /// The solver state, once solved.
    pub(super) fn state_ref(&self) -> Option<&State<W>> {
        (!self.fresh).then_some(&self.s)
    }

    /// A copy of the solver state without the weights, the output and the pending changes.
    pub(super) fn snapshot(&mut self) -> (State<W>, Vec<usize>, Changes) {
        let w = std::mem::take(&mut self.s.w);
        let state = self.s.clone();
        self.s.w = w;
        (state, self.out.clone(), self.changed.clone())
    }

    /// Puts back a [`Matcher::snapshot`], keeping the current weights and distinct weights
    /// (which only grow, and which ids elsewhere may name).
    pub(super) fn put_back(&mut self, state: State<W>, out: Vec<usize>, changed: Changes) {
        if state.n != self.s.n || out.len() != self.out.len() {
            return;
        }
        let w = std::mem::take(&mut self.s.w);
        let values = std::mem::take(&mut self.s.values);
        self.s = state;
        self.s.w = w;
        self.s.values = values;
        self.out = out;
        self.changed = changed;
    }

    /// The solver state (for tests).
    #[cfg(test)]
    pub(super) fn state(&self) -> &State<W> {
        &self.s
    }

    /// Whether `v` lies inside a blossom (for tests).
    #[cfg(test)]
    pub(super) fn in_blossom(&self, v: usize) -> bool {
        self.s.inblossom[v] != v
    }

    /// Removes every edge at `v` except `{v, keep}`.
    pub fn isolate_except(&mut self, v: usize, keep: usize) {
        for u in 0..self.s.n {
            if u != keep && u != v {
                self.set_weight(v, u, W::ZERO);
            }
        }
    }

    /// Computes a maximum-weight matching of the current graph. The result maps every vertex to
    /// its mate, or to itself when unmatched.
    pub fn compute(&mut self) -> &[usize] {
        if self.fresh {
            self.cold_start();
        } else {
            self.repair();
        }
        self.s.solve();
        for (v, o) in self.out.iter_mut().enumerate() {
            let p = self.s.partner(v);
            *o = if p == NONE { v } else { p };
        }
        &self.out
    }

    /// The matching found by the last [`Matcher::compute`].
    pub fn mates(&self) -> &[usize] {
        &self.out
    }

    /// Duals at each vertex's heaviest edge (so every slack `u[a] + u[b] - 2 w` is
    /// non-negative), then lowered and matched greedily ([`State::greedy_start`]).
    fn cold_start(&mut self) {
        let n = self.s.n;
        for v in 0..n {
            let row = &self.s.w[v * n..(v + 1) * n];
            let values = &self.s.values;
            // The heaviest weight of the row, compared only where the id changes (a row holds
            // runs of a few distinct weights).
            let (mut best, mut top) = (0, W::ZERO);
            for &id in row {
                if id != best && values.get(id) > top {
                    best = id;
                    top = values.get(id);
                }
            }
            self.s.dual[v] = top;
        }
        self.s.greedy_start();
        self.fresh = false;
        self.changed.clear();
    }

    /// Frees the vertices whose changed edges break the optimality certificate, and gives them
    /// duals that make every edge feasible again.
    fn repair(&mut self) {
        let mut freed = Vec::new();
        for (a, b) in self.changed.iter() {
            if self.reset[a] || self.reset[b] {
                continue;
            }
            let broken = if self.s.inblossom[a] == self.s.inblossom[b] {
                true
            } else {
                let (negative, loose) = self.s.violated_or_loose(a, b);
                let matched = self.s.partner(a) == b;
                negative || (matched && (loose || self.s.weight(a, b) == W::ZERO))
            };
            if broken {
                self.reset[a] = true;
                freed.push(a);
            }
        }
        self.changed.clear();
        for &v in &freed {
            self.s.free(v);
        }
        for &v in &freed {
            self.s.fit_dual(v);
            self.reset[v] = false;
        }
    }
}
