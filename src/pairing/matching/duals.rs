//! The dual side of the solver: the dual adjustment of a stage, and the repairs that let a
//! solve start from the previous optimum (dissolving blossoms, freeing vertices, fitting their
//! duals, aligning the roots' dual parity).

use super::Weight;
use super::stage::{NONE, State};

impl<W: Weight> State<W> {
    /// Dissolves every blossom around `v`, from the top down, walking each vertex once. A
    /// dissolved blossom's dual moves onto its vertices (so every slack inside stays, every
    /// slack leaving it grows), a matched edge leaving its base, no longer tight, is unmatched,
    /// and each blossom beside the chain becomes top-level.
    pub fn dissolve_around(&mut self, v: usize) {
        let mut chain = Vec::new();
        let mut b = self.blossomparent[v];
        while b != NONE {
            chain.push(b);
            b = self.blossomparent[b];
        }
        let mut acc = W::ZERO;
        let mut leaves = Vec::new();
        for idx in (0..chain.len()).rev() {
            let b = chain[idx];
            let z = self.dual[b];
            acc = acc.add(z);
            let base = self.blossombase[b];
            if z != W::ZERO && self.mate[base] != NONE {
                let x = self.ep(self.mate[base]);
                self.mate[x] = NONE;
                self.mate[base] = NONE;
            }
            let inner = if idx > 0 { chain[idx - 1] } else { v };
            let childs = std::mem::take(&mut self.blossomchilds[b]);
            for &c in &childs {
                self.blossomparent[c] = NONE;
                if c == inner {
                    continue;
                }
                leaves.clear();
                self.leaves(c, &mut leaves);
                for &x in &leaves {
                    self.inblossom[x] = c;
                    self.dual[x] = self.dual[x].add(acc);
                }
            }
            self.release(b);
        }
        self.inblossom[v] = v;
        self.dual[v] = self.dual[v].add(acc);
    }

    /// Makes `v` a lone exposed vertex (dissolving the blossoms around it).
    pub fn free(&mut self, v: usize) {
        self.dissolve_around(v);
        if self.mate[v] != NONE {
            let x = self.ep(self.mate[v]);
            self.mate[x] = NONE;
            self.mate[v] = NONE;
        }
    }

    /// Raises `v`'s dual (a lone vertex) just enough that no edge at it has negative slack.
    pub fn fit_dual(&mut self, v: usize) {
        self.dual[v] = self.lowest_dual(v);
    }

    /// The least dual of `v` that leaves no edge at it with negative slack, the others'
    /// duals as they are: the largest `2 w - u[x]` over its edges, at least zero.
    fn lowest_dual(&self, v: usize) -> W {
        let n = self.n;
        let doubled = self.values.doubled_all();
        let row = &self.w[v * n..(v + 1) * n];
        let mut u = W::ZERO;
        for (x, (&id, &dx)) in row.iter().zip(&self.dual[..n]).enumerate() {
            if id == 0 || x == v {
                continue;
            }
            let need = doubled[id as usize];
            if need > dx && need.sub(dx) > u {
                u = need.sub(dx);
            }
        }
        u
    }

    /// A starting matching for feasible duals (every slack non-negative, nothing matched):
    /// each exposed vertex in turn lowers its dual as far as its edges allow (to the largest
    /// `2 w - u[x]`, at least zero) and takes the first exposed vertex that makes tight; the
    /// partner then hands as much of its dual to it as the partner's other edges allow, so
    /// that the vertices still to come find tight edges at it. Matched edges stay tight and
    /// every slack non-negative, as the solver requires of a warm start.
    pub(super) fn greedy_start(&mut self) {
        let n = self.n;
        for v in 0..n {
            if self.mate[v] != NONE {
                continue;
            }
            let need = self.lowest_dual(v);
            let doubled = self.values.doubled_all();
            let row = &self.w[v * n..(v + 1) * n];
            self.dual[v] = need;
            if need == W::ZERO {
                continue;
            }
            let hit = (0..n).find(|&x| {
                let id = row[x];
                x != v
                    && id != 0
                    && self.mate[x] == NONE
                    && doubled[id as usize] == need.add(self.dual[x])
            });
            let Some(x) = hit else { continue };
            let xrow = &self.w[x * n..(x + 1) * n];
            let dx = self.dual[x];
            let mut t = dx;
            for (y, (&id, &dy)) in xrow.iter().zip(&self.dual[..n]).enumerate() {
                if id == 0 || y == v || y == x {
                    continue;
                }
                let k = W::slack_doubled(dx, dy, doubled[id as usize]);
                if k < t {
                    t = k;
                }
            }
            self.dual[x] = dx.sub(t);
            self.dual[v] = need.add(t);
            self.mate[v] = v * n + x;
            self.mate[x] = x * n + v;
        }
    }

    /// Gives every root (exposed vertex with a positive dual) the same dual parity. Tight
    /// edges join equal parities, so every labeled vertex then shares it and the slack between
    /// two S-blossoms stays even (the half-slack adjustment is exact). Raising an exposed
    /// vertex's dual keeps every slack non-negative; blossoms around it are dissolved first,
    /// which moves their duals onto their vertices (no matched edge leaves an exposed base).
    pub(super) fn align_root_parity(&mut self) {
        let mut parity = None;
        for v in 0..self.n {
            if self.mate[v] != NONE || self.dual[v] == W::ZERO {
                continue;
            }
            let odd = self.dual[v].is_odd();
            match parity {
                None => parity = Some(odd),
                Some(p) if p != odd => {
                    self.dissolve_around(v);
                    if self.dual[v].is_odd() != p {
                        self.dual[v] = self.dual[v].add(W::ONE);
                    }
                }
                Some(_) => {}
            }
        }
    }

    /// The dual adjustment. `Some(true)`: the stage changed the matching and ends;
    /// `Some(false)`: go on scanning; `None`: nothing to do.
    pub(super) fn adjust(&mut self) -> Option<bool> {
        let n = self.n;
        let mut deltatype = 0u8;
        let mut delta = W::ZERO;
        let mut deltaedge = NONE;
        let mut deltablossom = NONE;
        let take = |d: W, t: u8, dt: &mut u8, dl: &mut W| {
            if *dt == 0 || d < *dl {
                *dl = d;
                *dt = t;
                true
            } else {
                false
            }
        };
        let mut zero_vertex = NONE;
        for v in 0..n {
            if self.label[self.inblossom[v]] == 1
                && take(self.dual[v], 1, &mut deltatype, &mut delta)
            {
                zero_vertex = v;
            }
        }
        if deltatype == 0 {
            return None;
        }
        for v in 0..n {
            if self.label[self.inblossom[v]] == 0
                && self.bestedge[v] != NONE
                && take(self.slack(self.bestedge[v]), 2, &mut deltatype, &mut delta)
            {
                deltaedge = self.bestedge[v];
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NONE
                && (b < n || self.blossombase[b] != NONE)
                && self.label[b] == 1
                && self.bestedge[b] != NONE
                && take(
                    self.slack(self.bestedge[b]).half(),
                    3,
                    &mut deltatype,
                    &mut delta,
                )
            {
                deltaedge = self.bestedge[b];
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE
                && self.blossomparent[b] == NONE
                && self.label[b] == 2
                && take(self.dual[b], 4, &mut deltatype, &mut delta)
            {
                deltablossom = b;
            }
        }
        for v in 0..n {
            match self.label[self.inblossom[v]] {
                1 => self.dual[v] = self.dual[v].sub(delta),
                2 => self.dual[v] = self.dual[v].add(delta),
                _ => {}
            }
        }
        for b in n..2 * n {
            if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                match self.label[b] {
                    1 => self.dual[b] = self.dual[b].add(delta),
                    2 => self.dual[b] = self.dual[b].sub(delta),
                    _ => {}
                }
            }
        }
        match deltatype {
            1 => {
                // An S-vertex reached dual zero: it becomes the exposed one of its tree.
                self.flip_to_root(zero_vertex, NONE);
                Some(true)
            }
            2 => {
                let (i, j) = (deltaedge / n, deltaedge % n);
                let i = if self.label[self.inblossom[i]] == 0 {
                    j
                } else {
                    i
                };
                self.queue.push_back(i);
                Some(false)
            }
            3 => {
                self.queue.push_back(deltaedge / n);
                Some(false)
            }
            _ => {
                self.expand_blossom(deltablossom, false);
                Some(false)
            }
        }
    }
}
