//! The primal-dual machinery of the blossom algorithm (Galil 1986) on a dense weight matrix,
//! kept alive between solves so that a changed graph is re-solved from the previous optimum.
//!
//! An edge end is written `p = from * n + to` and names the vertex `to`; `rev(p)` names `from`.
//! Duals follow the classic convention: the slack of an edge outside every blossom is
//! `u[i] + u[j] - 2 w(i, j)`, and a blossom's dual counts twice for the edges inside it.
//!
//! Two departures from the textbook stage loop make warm starts possible: only exposed
//! vertices with a positive dual are roots (an exposed vertex at dual zero is already optimal),
//! and when an inner S-vertex's dual reaches zero the even path from its root to it is flipped,
//! so that it becomes the exposed one.

use super::Weight;
use super::values::Values;

pub const NONE: usize = usize::MAX;

/// Twice the slack of the edge of `p` from the parts of a [`State`] (for loops that hold
/// other fields mutably).
#[inline]
pub(super) fn slack_at<W: Weight>(
    n: usize,
    dual: &[W],
    w: &[u32],
    values: &Values<W>,
    p: usize,
) -> W {
    let (i, j) = (p / n, p % n);
    W::slack_doubled(dual[i], dual[j], values.doubled(w[p]))
}

/// The solver state: weights, matching, duals and blossoms.
#[derive(Debug, Clone)]
pub struct State<W: Weight> {
    pub n: usize,
    /// The symmetric weight matrix, `w[a * n + b]`, as ids into `values`; 0 is no edge.
    pub w: Vec<u32>,
    /// The distinct weights.
    pub values: Values<W>,
    /// The remote edge end of each vertex's matched edge, or `NONE`.
    pub mate: Vec<usize>,
    pub(super) label: Vec<u8>,
    pub(super) labelend: Vec<usize>,
    pub inblossom: Vec<usize>,
    pub(super) blossomparent: Vec<usize>,
    pub(super) blossomchilds: Vec<Vec<usize>>,
    pub(super) blossombase: Vec<usize>,
    pub(super) blossomendps: Vec<Vec<usize>>,
    pub(super) bestedge: Vec<usize>,
    pub(super) blossombestedges: Vec<Option<Vec<usize>>>,
    pub(super) unusedblossoms: Vec<usize>,
    /// Vertex duals `0..n`, blossom duals `n..2n`.
    pub dual: Vec<W>,
    pub(super) queue: std::collections::VecDeque<usize>,
    /// S-vertices whose row scan was set aside after their tree grew, with the column to
    /// resume at: scanned once `queue` is empty.
    pub(super) later: std::collections::VecDeque<(usize, usize)>,
    /// The root vertex of the alternating tree of each labeled blossom (`NONE` outside trees).
    pub(super) tree: Vec<usize>,
    /// The slack of `bestedge[b]`, valid while `bestepoch[b] == epoch`.
    pub(super) bestslack: Vec<W>,
    pub(super) bestepoch: Vec<u64>,
    /// Advanced whenever vertex duals may have changed (each stage, each dual adjustment).
    pub(super) epoch: u64,
    /// Trees (by root) already augmented in this stage: their vertices are left alone until
    /// the next stage.
    pub(super) dead: Vec<bool>,
    /// Scratch of [`State::collect_best_edges`], by blossom: the best edge and its slack.
    best_to: Vec<usize>,
    best_slack_to: Vec<W>,
}

impl<W: Weight> State<W> {
    /// An edgeless graph on `n` vertices, everything exposed at dual zero.
    pub fn new(n: usize) -> Self {
        State {
            n,
            w: vec![0; n * n],
            values: Values::new(),
            mate: vec![NONE; n],
            label: vec![0; 2 * n],
            labelend: vec![NONE; 2 * n],
            inblossom: (0..n).collect(),
            blossomparent: vec![NONE; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase: (0..n).chain(std::iter::repeat_n(NONE, n)).collect(),
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            blossombestedges: vec![None; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dual: vec![W::ZERO; 2 * n],
            queue: std::collections::VecDeque::new(),
            later: std::collections::VecDeque::new(),
            tree: vec![NONE; 2 * n],
            bestslack: vec![W::ZERO; 2 * n],
            bestepoch: vec![0; 2 * n],
            epoch: 1,
            dead: vec![false; n],
            best_to: Vec::new(),
            best_slack_to: Vec::new(),
        }
    }

    #[inline]
    pub(super) fn ep(&self, p: usize) -> usize {
        p % self.n
    }

    #[inline]
    pub(super) fn rev(&self, p: usize) -> usize {
        (p % self.n) * self.n + p / self.n
    }

    /// `p` or its reverse.
    #[inline]
    fn flip(&self, p: usize, f: bool) -> usize {
        if f { self.rev(p) } else { p }
    }

    #[inline]
    pub fn weight(&self, a: usize, b: usize) -> W {
        self.values.get(self.w[a * self.n + b])
    }

    /// Twice the slack of the edge of `p`, valid outside blossoms.
    #[inline]
    pub(super) fn slack(&self, p: usize) -> W {
        slack_at(self.n, &self.dual, &self.w, &self.values, p)
    }

    /// Whether edge `{a, b}` is tight or would need a dual raise (`u[a] + u[b] < 2 w`).
    pub fn violated_or_loose(&self, a: usize, b: usize) -> (bool, bool) {
        let need = self.weight(a, b).double();
        let have = self.dual[a].add(self.dual[b]);
        (have < need, have != need)
    }

    /// The depth of `v` in the blossom forest (0 outside every blossom).
    fn depth(&self, v: usize) -> usize {
        let mut d = 0;
        let mut b = self.blossomparent[v];
        while b != NONE {
            d += 1;
            b = self.blossomparent[b];
        }
        d
    }

    /// Twice the total dual of the blossoms holding both `a` and `b`.
    pub(super) fn shared_blossom_duals(&self, a: usize, b: usize) -> W {
        let (mut x, mut y) = (a, b);
        let (mut dx, mut dy) = (self.depth(x), self.depth(y));
        while dx > dy {
            x = self.blossomparent[x];
            dx -= 1;
        }
        while dy > dx {
            y = self.blossomparent[y];
            dy -= 1;
        }
        while x != y {
            x = self.blossomparent[x];
            y = self.blossomparent[y];
            if x == NONE || y == NONE {
                return W::ZERO;
            }
        }
        let mut z = W::ZERO;
        let mut c = x;
        while c != NONE {
            if c >= self.n {
                z = z.add(self.dual[c]);
            }
            c = self.blossomparent[c];
        }
        z.double()
    }

    /// Whether the reduced cost of edge `{a, b}` is positive: `u[a] + u[b] - 2 w` plus twice
    /// the duals of the blossoms around both. With optimal duals, such an edge lies in no
    /// maximum-weight matching (complementary slackness), wherever the blossoms are.
    pub fn reduced_cost_positive(&self, a: usize, b: usize) -> bool {
        let have = self.dual[a]
            .add(self.dual[b])
            .add(self.shared_blossom_duals(a, b));
        have > self.weight(a, b).double()
    }

    /// Appends the vertices of `b` (a vertex or a blossom).
    pub(super) fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.n {
                out.push(t);
            } else {
                for &c in self.blossomchilds[t].iter().rev() {
                    stack.push(c);
                }
            }
        }
    }

    pub fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    /// The partner of `v`, or `NONE`.
    pub fn partner(&self, v: usize) -> usize {
        let m = self.mate[v];
        if m == NONE { NONE } else { self.ep(m) }
    }

    /// Matches `a` and `b` directly (both exposed top-level vertices).
    pub fn join(&mut self, a: usize, b: usize) {
        self.mate[a] = a * self.n + b;
        self.mate[b] = b * self.n + a;
    }

    pub(super) fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let (mut w, mut t, mut p) = (w, t, p);
        loop {
            let b = self.inblossom[w];
            self.tree[b] = if p == NONE {
                w
            } else {
                self.tree[self.inblossom[self.ep(p)]]
            };
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == 1 {
                let mut l = Vec::new();
                self.leaves(b, &mut l);
                self.queue.extend(l);
                return;
            }
            let base = self.blossombase[b];
            let mb = self.mate[base];
            w = self.ep(mb);
            t = 1;
            p = self.rev(mb);
        }
    }

    pub(super) fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
        let mut path = Vec::new();
        let mut base = NONE;
        let (mut v, mut w) = (v, w);
        while v != NONE || w != NONE {
            let b = self.inblossom[v];
            if self.label[b] & 4 != 0 {
                base = self.blossombase[b];
                break;
            }
            path.push(b);
            self.label[b] = 5;
            if self.labelend[b] == NONE {
                v = NONE;
            } else {
                v = self.ep(self.labelend[b]);
                let b2 = self.inblossom[v];
                v = self.ep(self.labelend[b2]);
            }
            if w != NONE {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for b in path {
            self.label[b] = 1;
        }
        base
    }

    /// `p` is the edge end at `w` seen from `v` (both in S-blossoms of one tree).
    pub(super) fn add_blossom(&mut self, base: usize, p: usize) {
        let n = self.n;
        let (mut v, mut w) = (p / n, p % n);
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            return;
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NONE;
        self.blossomparent[bb] = b;
        let mut path = Vec::new();
        let mut endps = Vec::new();
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            v = self.ep(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(self.rev(p));
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.rev(self.labelend[bw]));
            w = self.ep(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.tree[b] = self.tree[bb];
        self.labelend[b] = self.labelend[bb];
        self.dual[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push_back(v);
            }
            self.inblossom[v] = b;
        }
        self.collect_best_edges(b, &path);
    }

    /// The best edges of new S-blossom `b` (made of `path`): for each other S-blossom, the
    /// least-slack edge to it from `b`, gathered from the children's own lists, or from their
    /// vertices' rows when they have none. Scratch arrays indexed by blossom are kept in the
    /// state and cleared after use, so the cost follows the edges, not `2n`.
    fn collect_best_edges(&mut self, b: usize, path: &[usize]) {
        let n = self.n;
        let mut to = std::mem::take(&mut self.best_to);
        let mut slack_to = std::mem::take(&mut self.best_slack_to);
        to.resize(2 * n, NONE);
        slack_to.resize(2 * n, W::ZERO);
        let mut touched = Vec::new();
        let mut leaves = Vec::new();
        for &bv in path {
            let mut offer = |q: usize, j: usize, k: W, touched: &mut Vec<usize>| {
                if to[j] == NONE {
                    touched.push(j);
                    to[j] = q;
                    slack_to[j] = k;
                } else if k < slack_to[j] {
                    to[j] = q;
                    slack_to[j] = k;
                }
            };
            match self.blossombestedges[bv].take() {
                Some(list) => {
                    for q in list {
                        let (i, j) = (q / n, q % n);
                        let far = if self.inblossom[j] == b { i } else { j };
                        let bj = self.inblossom[far];
                        if bj != b && self.label[bj] == 1 {
                            offer(q, bj, self.slack(q), &mut touched);
                        }
                    }
                }
                None => {
                    leaves.clear();
                    self.leaves(bv, &mut leaves);
                    let doubled = self.values.doubled_all();
                    for &v in &leaves {
                        let dv = self.dual[v];
                        let row = &self.w[v * n..(v + 1) * n];
                        for (x, &id) in row.iter().enumerate() {
                            if id == 0 {
                                continue;
                            }
                            let bj = self.inblossom[x];
                            if bj != b && self.label[bj] == 1 {
                                let k = W::slack_doubled(dv, self.dual[x], doubled[id as usize]);
                                offer(v * n + x, bj, k, &mut touched);
                            }
                        }
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        // In blossom order, as a scan of the whole array would list them.
        touched.sort_unstable();
        let list: Vec<usize> = touched.iter().map(|&j| to[j]).collect();
        self.bestedge[b] = NONE;
        for &j in &touched {
            let (q, k) = (to[j], slack_to[j]);
            if self.bestedge[b] == NONE || k < self.bestslack[b] {
                self.bestedge[b] = q;
                self.bestslack[b] = k;
                self.bestepoch[b] = self.epoch;
            }
            to[j] = NONE;
        }
        self.best_to = to;
        self.best_slack_to = slack_to;
        self.blossombestedges[b] = Some(list);
    }

    pub(super) fn release(&mut self, b: usize) {
        self.label[b] = 0;
        self.tree[b] = NONE;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.dual[b] = W::ZERO;
        self.unusedblossoms.push(b);
    }

    pub(super) fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            self.tree[s] = self.tree[b];
            if s < self.n {
                self.inblossom[s] = s;
            } else if endstage && self.dual[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.ep(self.rev(self.labelend[b]))];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, bool) = if j & 1 == 1 {
                j -= len;
                (1, false)
            } else {
                (-1, true)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let back = isize::from(endptrick);
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = endps[at(j - back)];
                let a = self.ep(self.rev(p));
                self.label[a] = 0;
                let c = self.ep(self.rev(self.flip(q, endptrick)));
                self.label[c] = 0;
                self.assign_label(a, 2, p);
                j += jstep;
                p = self.flip(endps[at(j - back)], endptrick);
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.ep(self.rev(p));
            self.label[ep] = 2;
            self.label[bv] = 2;
            self.labelend[ep] = p;
            self.labelend[bv] = p;
            self.bestedge[bv] = NONE;
            j += jstep;
            while childs[at(j)] != entrychild {
                let bv = childs[at(j)];
                if self.label[bv] == 1 {
                    j += jstep;
                    continue;
                }
                let leaves = self.leaves_of(bv);
                if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != 0) {
                    self.label[v] = 0;
                    let m = self.mate[self.blossombase[bv]];
                    let e = self.ep(m);
                    self.label[e] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.release(b);
    }

    /// Rotates blossom `b` so that its vertex `v` becomes the base: the inner matching is
    /// swapped along the even path from `v` to the old base (`v`'s own mate is left as it was).
    pub(super) fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.n {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, bool) = if j & 1 == 1 {
            j -= len;
            (1, false)
        } else {
            (-1, true)
        };
        let back = isize::from(endptrick);
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.flip(self.blossomendps[b][at(j - back)], endptrick);
            if t >= self.n {
                let e = self.ep(p);
                self.augment_blossom(t, e);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.n {
                let e = self.ep(self.rev(p));
                self.augment_blossom(t, e);
            }
            let (x, y) = (self.ep(p), self.ep(self.rev(p)));
            self.mate[x] = self.rev(p);
            self.mate[y] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    /// Flips the alternating path from `s` (an S-vertex) up to its root; `s` gets matched
    /// through edge end `p`, or is left exposed when `p` is `NONE`.
    pub(super) fn flip_to_root(&mut self, s: usize, p: usize) {
        let (mut s, mut p) = (s, p);
        loop {
            let bs = self.inblossom[s];
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NONE {
                break;
            }
            let t = self.ep(self.labelend[bs]);
            let bt = self.inblossom[t];
            s = self.ep(self.labelend[bt]);
            let j = self.ep(self.rev(self.labelend[bt]));
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.rev(self.labelend[bt]);
        }
    }

    /// Augments through the tight edge of `p` (from an S-vertex to an S-vertex of another tree,
    /// or to an unlabeled exposed blossom).
    pub(super) fn augment_matching(&mut self, p: usize) {
        let (v, w) = (p / self.n, p % self.n);
        self.flip_to_root(v, p);
        let r = self.rev(p);
        self.flip_to_root(w, r);
    }
}
