//! The primal-dual blossom algorithm for maximum-weight (not maximum-cardinality) matching.
//!
//! Follows the classic formulation of Galil ("Efficient algorithms for finding maximum matching in
//! graphs", 1986): vertex and blossom duals, four kinds of dual adjustment per stage, O(n³) in
//! all. Edges are addressed by endpoint numbers `2k` / `2k+1` as in that formulation.

use super::Weight;

const NONE: usize = usize::MAX;

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
/// ```
#[derive(Debug, Clone)]
pub struct Matcher<W: Weight> {
    n: usize,
    weights: Vec<W>,
    mate: Vec<usize>,
    work: Work<W>,
}

impl<W: Weight> Matcher<W> {
    /// An edgeless graph on `n` vertices.
    pub fn new(n: usize) -> Self {
        Matcher {
            n,
            weights: vec![W::ZERO; n * n],
            mate: (0..n).collect(),
            work: Work::default(),
        }
    }

    /// The number of vertices.
    pub fn len(&self) -> usize {
        self.n
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.n == 0
    }

    /// Sets the weight of edge `{a, b}` (zero removes it). Out-of-range or equal vertices are
    /// ignored.
    pub fn set_weight(&mut self, a: usize, b: usize, w: W) {
        if a == b || a >= self.n || b >= self.n {
            return;
        }
        self.weights[a * self.n + b] = w;
        self.weights[b * self.n + a] = w;
    }

    /// The weight of edge `{a, b}` (zero when absent).
    pub fn weight(&self, a: usize, b: usize) -> W {
        if a >= self.n || b >= self.n {
            return W::ZERO;
        }
        self.weights[a * self.n + b]
    }

    /// Removes every edge at `v` except `{v, keep}`.
    pub fn isolate_except(&mut self, v: usize, keep: usize) {
        for u in 0..self.n {
            if u != keep && u != v {
                self.set_weight(v, u, W::ZERO);
            }
        }
    }

    /// Computes a maximum-weight matching of the current graph. The result maps every vertex to
    /// its mate, or to itself when unmatched.
    pub fn compute(&mut self) -> &[usize] {
        let n = self.n;
        // Vertices whose only edge joins them to each other form a forced pair; everything else
        // goes to the blossom algorithm on a compacted index space.
        let mut degree = vec![0usize; n];
        let mut only = vec![NONE; n];
        for a in 0..n {
            let row = &self.weights[a * n..(a + 1) * n];
            for (b, w) in row.iter().enumerate() {
                if *w != W::ZERO {
                    degree[a] += 1;
                    only[a] = b;
                }
            }
        }
        let mut index = vec![NONE; n];
        let mut verts = Vec::new();
        for v in 0..n {
            self.mate[v] = v;
            if degree[v] == 0 {
                continue;
            }
            let u = only[v];
            if degree[v] == 1 && degree[u] == 1 && only[u] == v {
                self.mate[v] = u;
                continue;
            }
            index[v] = verts.len();
            verts.push(v);
        }
        let mut edges = Vec::new();
        for (ci, &a) in verts.iter().enumerate() {
            for (cj, &b) in verts.iter().enumerate().skip(ci + 1) {
                let w = self.weights[a * n + b];
                if w != W::ZERO {
                    edges.push((ci, cj, w));
                }
            }
        }
        let mates = self.work.solve(verts.len(), &edges);
        for (ci, &v) in verts.iter().enumerate() {
            if let Some(&m) = mates.get(ci)
                && m != NONE
            {
                self.mate[v] = verts[m];
            }
        }
        &self.mate
    }

    /// The matching found by the last [`Matcher::compute`].
    pub fn mates(&self) -> &[usize] {
        &self.mate
    }
}

/// The solver's state, kept between calls to reuse allocations.
#[derive(Debug, Clone, Default)]
struct Work<W: Weight> {
    nv: usize,
    edges: Vec<(usize, usize, W)>,
    endpoint: Vec<usize>,
    neighbend: Vec<Vec<usize>>,
    mate: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    inblossom: Vec<usize>,
    blossomparent: Vec<usize>,
    blossomchilds: Vec<Vec<usize>>,
    blossombase: Vec<usize>,
    blossomendps: Vec<Vec<usize>>,
    bestedge: Vec<usize>,
    blossombestedges: Vec<Option<Vec<usize>>>,
    unusedblossoms: Vec<usize>,
    dualvar: Vec<W>,
    allowedge: Vec<bool>,
    queue: Vec<usize>,
}

impl<W: Weight> Work<W> {
    fn slack(&self, k: usize) -> W {
        let (i, j, w) = self.edges[k];
        self.dualvar[i].add(self.dualvar[j]).sub(w.double())
    }

    fn leaves(&self, b: usize, out: &mut Vec<usize>) {
        if b < self.nv {
            out.push(b);
            return;
        }
        let mut stack = vec![b];
        while let Some(t) = stack.pop() {
            if t < self.nv {
                out.push(t);
            } else {
                // Reverse so that leaves come out in child order.
                for &c in self.blossomchilds[t].iter().rev() {
                    stack.push(c);
                }
            }
        }
    }

    fn leaves_of(&self, b: usize) -> Vec<usize> {
        let mut v = Vec::new();
        self.leaves(b, &mut v);
        v
    }

    fn assign_label(&mut self, w: usize, t: u8, p: usize) {
        let mut w = w;
        let mut t = t;
        let mut p = p;
        loop {
            let b = self.inblossom[w];
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
            w = self.endpoint[mb];
            t = 1;
            p = mb ^ 1;
        }
    }

    fn scan_blossom(&mut self, v: usize, w: usize) -> usize {
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
                v = self.endpoint[self.labelend[b]];
                let b2 = self.inblossom[v];
                v = self.endpoint[self.labelend[b2]];
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

    fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w, _) = self.edges[k];
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
            v = self.endpoint[self.labelend[bv]];
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            w = self.endpoint[self.labelend[bw]];
            bw = self.inblossom[w];
        }
        self.label[b] = 1;
        self.labelend[b] = self.labelend[bb];
        self.dualvar[b] = W::ZERO;
        self.blossomchilds[b] = path.clone();
        self.blossomendps[b] = endps;
        for v in self.leaves_of(b) {
            if self.label[self.inblossom[v]] == 2 {
                self.queue.push(v);
            }
            self.inblossom[v] = b;
        }
        let mut bestedgeto = vec![NONE; 2 * self.nv];
        for &bv in &path {
            let nblists: Vec<Vec<usize>> = match self.blossombestedges[bv].take() {
                Some(l) => vec![l],
                None => self
                    .leaves_of(bv)
                    .into_iter()
                    .map(|v| self.neighbend[v].iter().map(|p| p / 2).collect())
                    .collect(),
            };
            for nblist in nblists {
                for k in nblist {
                    let (mut i, mut j, _) = self.edges[k];
                    if self.inblossom[j] == b {
                        std::mem::swap(&mut i, &mut j);
                    }
                    let _ = i;
                    let bj = self.inblossom[j];
                    if bj != b
                        && self.label[bj] == 1
                        && (bestedgeto[bj] == NONE || self.slack(k) < self.slack(bestedgeto[bj]))
                    {
                        bestedgeto[bj] = k;
                    }
                }
            }
            self.bestedge[bv] = NONE;
        }
        let list: Vec<usize> = bestedgeto.into_iter().filter(|&k| k != NONE).collect();
        self.bestedge[b] = NONE;
        for &k in &list {
            if self.bestedge[b] == NONE || self.slack(k) < self.slack(self.bestedge[b]) {
                self.bestedge[b] = k;
            }
        }
        self.blossombestedges[b] = Some(list);
    }

    fn expand_blossom(&mut self, b: usize, endstage: bool) {
        let childs = self.blossomchilds[b].clone();
        for &s in &childs {
            self.blossomparent[s] = NONE;
            if s < self.nv {
                self.inblossom[s] = s;
            } else if endstage && self.dualvar[s] == W::ZERO {
                self.expand_blossom(s, endstage);
            } else {
                for v in self.leaves_of(s) {
                    self.inblossom[v] = s;
                }
            }
        }
        if !endstage && self.label[b] == 2 {
            let len = childs.len() as isize;
            let entrychild = self.inblossom[self.endpoint[self.labelend[b] ^ 1]];
            let mut j = childs.iter().position(|&c| c == entrychild).unwrap_or(0) as isize;
            let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
            let endps = self.blossomendps[b].clone();
            let mut p = self.labelend[b];
            while j != 0 {
                let q = endps[at(j - endptrick as isize)];
                self.label[self.endpoint[p ^ 1]] = 0;
                self.label[self.endpoint[q ^ endptrick ^ 1]] = 0;
                self.assign_label(self.endpoint[p ^ 1], 2, p);
                self.allowedge[q / 2] = true;
                j += jstep;
                p = endps[at(j - endptrick as isize)] ^ endptrick;
                self.allowedge[p / 2] = true;
                j += jstep;
            }
            let bv = childs[at(j)];
            let ep = self.endpoint[p ^ 1];
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
                    self.label[self.endpoint[m]] = 0;
                    let le = self.labelend[v];
                    self.assign_label(v, 2, le);
                }
                j += jstep;
            }
        }
        self.label[b] = 0;
        self.labelend[b] = NONE;
        self.blossomchilds[b].clear();
        self.blossomendps[b].clear();
        self.blossombase[b] = NONE;
        self.blossombestedges[b] = None;
        self.bestedge[b] = NONE;
        self.unusedblossoms.push(b);
    }

    fn augment_blossom(&mut self, b: usize, v: usize) {
        let mut t = v;
        while self.blossomparent[t] != b {
            t = self.blossomparent[t];
        }
        if t >= self.nv {
            self.augment_blossom(t, v);
        }
        let len = self.blossomchilds[b].len() as isize;
        let i = self.blossomchilds[b]
            .iter()
            .position(|&c| c == t)
            .unwrap_or(0);
        let mut j = i as isize;
        let (jstep, endptrick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let at = |j: isize| -> usize { j.rem_euclid(len) as usize };
        while j != 0 {
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            let p = self.blossomendps[b][at(j - endptrick as isize)] ^ endptrick;
            if t >= self.nv {
                self.augment_blossom(t, self.endpoint[p]);
            }
            j += jstep;
            let t = self.blossomchilds[b][at(j)];
            if t >= self.nv {
                self.augment_blossom(t, self.endpoint[p ^ 1]);
            }
            self.mate[self.endpoint[p]] = p ^ 1;
            self.mate[self.endpoint[p ^ 1]] = p;
        }
        self.blossomchilds[b].rotate_left(i);
        self.blossomendps[b].rotate_left(i);
        self.blossombase[b] = self.blossombase[self.blossomchilds[b][0]];
    }

    fn augment_matching(&mut self, k: usize) {
        let (v, w, _) = self.edges[k];
        for (s0, p0) in [(v, 2 * k + 1), (w, 2 * k)] {
            let (mut s, mut p) = (s0, p0);
            loop {
                let bs = self.inblossom[s];
                if bs >= self.nv {
                    self.augment_blossom(bs, s);
                }
                self.mate[s] = p;
                if self.labelend[bs] == NONE {
                    break;
                }
                let t = self.endpoint[self.labelend[bs]];
                let bt = self.inblossom[t];
                s = self.endpoint[self.labelend[bt]];
                let j = self.endpoint[self.labelend[bt] ^ 1];
                if bt >= self.nv {
                    self.augment_blossom(bt, j);
                }
                self.mate[j] = self.labelend[bt];
                p = self.labelend[bt] ^ 1;
            }
        }
    }

    fn reset(&mut self, nv: usize, edges: &[(usize, usize, W)]) {
        self.nv = nv;
        self.edges.clear();
        self.edges.extend_from_slice(edges);
        let ne = edges.len();
        self.endpoint.clear();
        for &(i, j, _) in edges {
            self.endpoint.push(i);
            self.endpoint.push(j);
        }
        self.neighbend.iter_mut().for_each(Vec::clear);
        self.neighbend.resize(nv, Vec::new());
        for (k, &(i, j, _)) in edges.iter().enumerate() {
            self.neighbend[i].push(2 * k + 1);
            self.neighbend[j].push(2 * k);
        }
        let maxweight = edges.iter().map(|e| e.2).max().unwrap_or(W::ZERO);
        self.mate.clear();
        self.mate.resize(nv, NONE);
        self.label.clear();
        self.label.resize(2 * nv, 0);
        self.labelend.clear();
        self.labelend.resize(2 * nv, NONE);
        self.inblossom.clear();
        self.inblossom.extend(0..nv);
        self.blossomparent.clear();
        self.blossomparent.resize(2 * nv, NONE);
        self.blossomchilds.iter_mut().for_each(Vec::clear);
        self.blossomchilds.resize(2 * nv, Vec::new());
        self.blossombase.clear();
        self.blossombase.extend(0..nv);
        self.blossombase.resize(2 * nv, NONE);
        self.blossomendps.iter_mut().for_each(Vec::clear);
        self.blossomendps.resize(2 * nv, Vec::new());
        self.bestedge.clear();
        self.bestedge.resize(2 * nv, NONE);
        self.blossombestedges.clear();
        self.blossombestedges.resize(2 * nv, None);
        self.unusedblossoms.clear();
        self.unusedblossoms.extend(nv..2 * nv);
        self.dualvar.clear();
        self.dualvar.resize(nv, maxweight);
        self.dualvar.resize(2 * nv, W::ZERO);
        self.allowedge.clear();
        self.allowedge.resize(ne, false);
        self.queue.clear();
    }

    /// Returns `mate[v]` (compact index, or `NONE`).
    fn solve(&mut self, nv: usize, edges: &[(usize, usize, W)]) -> Vec<usize> {
        if edges.is_empty() {
            return vec![NONE; nv];
        }
        self.reset(nv, edges);
        for _ in 0..nv {
            self.label.iter_mut().for_each(|l| *l = 0);
            self.bestedge.iter_mut().for_each(|e| *e = NONE);
            for b in nv..2 * nv {
                self.blossombestedges[b] = None;
            }
            self.allowedge.iter_mut().for_each(|a| *a = false);
            self.queue.clear();
            for v in 0..nv {
                if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 {
                    self.assign_label(v, 1, NONE);
                }
            }
            let mut augmented = false;
            loop {
                while let Some(v) = self.queue.pop() {
                    if augmented {
                        break;
                    }
                    for idx in 0..self.neighbend[v].len() {
                        let p = self.neighbend[v][idx];
                        let k = p / 2;
                        let w = self.endpoint[p];
                        if self.inblossom[v] == self.inblossom[w] {
                            continue;
                        }
                        let mut kslack = W::ZERO;
                        if !self.allowedge[k] {
                            kslack = self.slack(k);
                            if kslack == W::ZERO {
                                self.allowedge[k] = true;
                            }
                        }
                        if self.allowedge[k] {
                            if self.label[self.inblossom[w]] == 0 {
                                self.assign_label(w, 2, p ^ 1);
                            } else if self.label[self.inblossom[w]] == 1 {
                                let base = self.scan_blossom(v, w);
                                if base != NONE {
                                    self.add_blossom(base, k);
                                } else {
                                    self.augment_matching(k);
                                    augmented = true;
                                    break;
                                }
                            } else if self.label[w] == 0 {
                                self.label[w] = 2;
                                self.labelend[w] = p ^ 1;
                            }
                        } else if self.label[self.inblossom[w]] == 1 {
                            let b = self.inblossom[v];
                            if self.bestedge[b] == NONE || kslack < self.slack(self.bestedge[b]) {
                                self.bestedge[b] = k;
                            }
                        } else if self.label[w] == 0
                            && (self.bestedge[w] == NONE || kslack < self.slack(self.bestedge[w]))
                        {
                            self.bestedge[w] = k;
                        }
                    }
                }
                if augmented {
                    break;
                }
                // Dual adjustment.
                let mut deltatype = 1u8;
                let mut delta = self.dualvar[..nv].iter().copied().min().unwrap_or(W::ZERO);
                let mut deltaedge = NONE;
                let mut deltablossom = NONE;
                for v in 0..nv {
                    if self.label[self.inblossom[v]] == 0 && self.bestedge[v] != NONE {
                        let d = self.slack(self.bestedge[v]);
                        if d < delta {
                            delta = d;
                            deltatype = 2;
                            deltaedge = self.bestedge[v];
                        }
                    }
                }
                for b in 0..2 * nv {
                    if self.blossomparent[b] == NONE
                        && self.label[b] == 1
                        && self.bestedge[b] != NONE
                    {
                        let d = self.slack(self.bestedge[b]).half();
                        if d < delta {
                            delta = d;
                            deltatype = 3;
                            deltaedge = self.bestedge[b];
                        }
                    }
                }
                for b in nv..2 * nv {
                    if self.blossombase[b] != NONE
                        && self.blossomparent[b] == NONE
                        && self.label[b] == 2
                        && self.dualvar[b] < delta
                    {
                        delta = self.dualvar[b];
                        deltatype = 4;
                        deltablossom = b;
                    }
                }
                for v in 0..nv {
                    match self.label[self.inblossom[v]] {
                        1 => self.dualvar[v] = self.dualvar[v].sub(delta),
                        2 => self.dualvar[v] = self.dualvar[v].add(delta),
                        _ => {}
                    }
                }
                for b in nv..2 * nv {
                    if self.blossombase[b] != NONE && self.blossomparent[b] == NONE {
                        match self.label[b] {
                            1 => self.dualvar[b] = self.dualvar[b].add(delta),
                            2 => self.dualvar[b] = self.dualvar[b].sub(delta),
                            _ => {}
                        }
                    }
                }
                match deltatype {
                    1 => break,
                    2 => {
                        self.allowedge[deltaedge] = true;
                        let (mut i, mut j, _) = self.edges[deltaedge];
                        if self.label[self.inblossom[i]] == 0 {
                            std::mem::swap(&mut i, &mut j);
                        }
                        let _ = j;
                        self.queue.push(i);
                    }
                    3 => {
                        self.allowedge[deltaedge] = true;
                        let (i, _, _) = self.edges[deltaedge];
                        self.queue.push(i);
                    }
                    _ => self.expand_blossom(deltablossom, false),
                }
            }
            if !augmented {
                break;
            }
            for b in nv..2 * nv {
                if self.blossomparent[b] == NONE
                    && self.blossombase[b] != NONE
                    && self.label[b] == 1
                    && self.dualvar[b] == W::ZERO
                {
                    self.expand_blossom(b, true);
                }
            }
        }
        (0..nv)
            .map(|v| {
                if self.mate[v] == NONE {
                    NONE
                } else {
                    self.endpoint[self.mate[v]]
                }
            })
            .collect()
    }
}
