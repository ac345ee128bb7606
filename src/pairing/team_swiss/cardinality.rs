//! Maximum-cardinality matching in a general graph (Edmonds' blossom algorithm, O(n³) worst case,
//! close to O(n + m) on the dense, nearly complete graphs of Swiss pairing).
//!
//! This is the legality oracle of both Swiss engines: "can these teams (players) still all be
//! paired without a rematch?" (C.04.6 [C3], C.04.1 art. 2). It knows nothing about chess.

use std::collections::VecDeque;

const NONE: usize = usize::MAX;

/// An undirected graph on `0..n` as a dense adjacency matrix plus adjacency lists.
#[derive(Debug, Clone)]
pub(crate) struct Graph {
    n: usize,
    adj: Vec<Vec<usize>>,
}

impl Graph {
    /// A graph on `0..n` whose edges are the pairs `(u, v)`, `u < v`, with `allowed(u, v)`.
    pub(crate) fn from_fn(n: usize, mut allowed: impl FnMut(usize, usize) -> bool) -> Graph {
        let mut adj = vec![Vec::new(); n];
        for u in 0..n {
            for v in u + 1..n {
                if allowed(u, v) {
                    adj[u].push(v);
                    adj[v].push(u);
                }
            }
        }
        Graph { n, adj }
    }

    /// A maximum matching: `mate[v]` is `Some(partner)` or `None`.
    pub(crate) fn max_matching(&self) -> Vec<Option<usize>> {
        let mut m = Matcher::new(self);
        m.greedy();
        for v in 0..self.n {
            if m.mate[v] == NONE {
                m.augment_from(v);
            }
        }
        m.mate
            .iter()
            .map(|&x| if x == NONE { None } else { Some(x) })
            .collect()
    }

    /// The size (number of pairs) of a maximum matching.
    #[cfg(test)]
    pub(crate) fn max_matching_size(&self) -> usize {
        self.max_matching().iter().filter(|m| m.is_some()).count() / 2
    }

    /// Whether every vertex can be matched.
    pub(crate) fn has_perfect_matching(&self) -> bool {
        if self.n % 2 == 1 {
            return false;
        }
        let mut m = Matcher::new(self);
        m.greedy();
        for v in 0..self.n {
            if m.mate[v] == NONE && !m.augment_from(v) {
                return false;
            }
        }
        true
    }
}

/// Whether the vertices `0..n` with edges `allowed` admit a perfect matching.
pub(crate) fn perfect(n: usize, allowed: impl FnMut(usize, usize) -> bool) -> bool {
    Graph::from_fn(n, allowed).has_perfect_matching()
}

struct Matcher<'g> {
    g: &'g Graph,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    queue: VecDeque<usize>,
}

impl<'g> Matcher<'g> {
    fn new(g: &'g Graph) -> Self {
        let n = g.n;
        Matcher {
            g,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            queue: VecDeque::new(),
        }
    }

    /// Matches each vertex, in order, to its first free neighbour: on Swiss graphs this leaves
    /// only a handful of vertices for the augmenting-path search.
    fn greedy(&mut self) {
        for v in 0..self.g.n {
            if self.mate[v] != NONE {
                continue;
            }
            if let Some(&w) = self.g.adj[v].iter().find(|&&w| self.mate[w] == NONE) {
                self.mate[v] = w;
                self.mate[w] = v;
            }
        }
    }

    fn lca(&self, mut a: usize, mut b: usize) -> usize {
        let mut seen = vec![false; self.g.n];
        loop {
            a = self.base[a];
            seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }

    /// Searches an augmenting path from the free vertex `root` and applies it.
    fn augment_from(&mut self, root: usize) -> bool {
        let n = self.g.n;
        self.used.iter_mut().for_each(|x| *x = false);
        self.parent.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for idx in 0..self.g.adj[v].len() {
                let to = self.g.adj[v][idx];
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        self.flip(to);
                        return true;
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        false
    }

    fn flip(&mut self, mut v: usize) {
        while v != NONE {
            let pv = self.parent[v];
            let ppv = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = ppv;
        }
    }
}

/// A matching kept up to date while vertices are paired off one pair at a time: the witness
/// behind "can the rest still be paired if these two play each other?" in O(n + m) per question
/// instead of a fresh matching (the xiangqi engine asks it about every candidate pair).
#[derive(Debug, Clone)]
pub(crate) struct Dynamic {
    adj: Vec<Vec<u32>>,
    alive: Vec<bool>,
    mate: Vec<usize>,
    parent: Vec<usize>,
    base: Vec<usize>,
    used: Vec<bool>,
    blossom: Vec<bool>,
    seen: Vec<bool>,
    queue: VecDeque<usize>,
    /// Live vertices without a partner.
    exposed: usize,
    /// Every `mate` write since the last [`Dynamic::remove_pair`]: `(vertex, old partner)`.
    log: Vec<(usize, usize)>,
}

impl Dynamic {
    /// The graph on `0..n` with edges `allowed(u, v)`, restricted to the vertices `alive`,
    /// with a maximum matching computed.
    pub(crate) fn new(
        n: usize,
        alive: Vec<bool>,
        mut allowed: impl FnMut(usize, usize) -> bool,
    ) -> Dynamic {
        let mut adj = vec![Vec::new(); n];
        let live: Vec<usize> = (0..n).filter(|&v| alive[v]).collect();
        for (k, &u) in live.iter().enumerate() {
            for &v in &live[k + 1..] {
                if allowed(u, v) {
                    adj[u].push(v as u32);
                    adj[v].push(u as u32);
                }
            }
        }
        let mut d = Dynamic {
            adj,
            alive,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            used: vec![false; n],
            blossom: vec![false; n],
            seen: vec![false; n],
            queue: VecDeque::new(),
            exposed: 0,
            log: Vec::new(),
        };
        for v in 0..n {
            if d.alive[v] && d.mate[v] == NONE {
                let w = d.adj[v]
                    .iter()
                    .map(|&w| w as usize)
                    .find(|&w| d.mate[w] == NONE);
                if let Some(w) = w {
                    d.mate[v] = w;
                    d.mate[w] = v;
                }
            }
        }
        for v in 0..n {
            if d.alive[v] && d.mate[v] == NONE {
                d.augment(v);
            }
        }
        d.exposed = (0..n).filter(|&v| d.alive[v] && d.mate[v] == NONE).count();
        d.log.clear();
        d
    }

    fn set_mate(&mut self, v: usize, m: usize) {
        self.log.push((v, self.mate[v]));
        self.mate[v] = m;
    }

    /// The number of live vertices left unmatched.
    pub(crate) fn exposed(&self) -> usize {
        self.exposed
    }

    /// Removes `a` and `b` (paired with each other outside this graph) and repairs the matching.
    /// Returns what changed, for [`Dynamic::undo`]; [`Dynamic::exposed`] then tells whether the
    /// rest can still all be matched.
    pub(crate) fn remove_pair(&mut self, a: usize, b: usize) -> Snapshot {
        self.log.clear();
        let exposed = self.exposed;
        let freed: Vec<usize> = [a, b]
            .iter()
            .map(|&x| self.mate[x])
            .filter(|&m| m != NONE && m != a && m != b)
            .collect();
        for x in [a, b] {
            if self.mate[x] == NONE {
                self.exposed -= 1;
            }
            self.alive[x] = false;
            self.set_mate(x, NONE);
        }
        for &f in &freed {
            self.set_mate(f, NONE);
            self.exposed += 1;
        }
        for &f in &freed {
            if self.mate[f] == NONE && self.augment(f) {
                self.exposed -= 2;
            }
        }
        Snapshot {
            log: std::mem::take(&mut self.log),
            exposed,
            a,
            b,
        }
    }

    /// Undoes a [`Dynamic::remove_pair`].
    pub(crate) fn undo(&mut self, snap: Snapshot) {
        for &(v, old) in snap.log.iter().rev() {
            self.mate[v] = old;
        }
        self.exposed = snap.exposed;
        self.alive[snap.a] = true;
        self.alive[snap.b] = true;
    }

    fn augment(&mut self, root: usize) -> bool {
        // Most repairs end at a free neighbour of the root: take it before a full search, whose
        // blossom bookkeeping costs O(n) per contraction on these dense graphs.
        let direct = self.adj[root]
            .iter()
            .map(|&w| w as usize)
            .find(|&w| self.alive[w] && w != root && self.mate[w] == NONE);
        if let Some(w) = direct {
            self.set_mate(root, w);
            self.set_mate(w, root);
            return true;
        }
        let n = self.mate.len();
        self.used.iter_mut().for_each(|x| *x = false);
        self.parent.iter_mut().for_each(|x| *x = NONE);
        for (i, b) in self.base.iter_mut().enumerate() {
            *b = i;
        }
        self.used[root] = true;
        self.queue.clear();
        self.queue.push_back(root);
        while let Some(v) = self.queue.pop_front() {
            for idx in 0..self.adj[v].len() {
                let to = self.adj[v][idx] as usize;
                if !self.alive[to] || self.base[v] == self.base[to] || self.mate[v] == to {
                    continue;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    let cur = self.lca(v, to);
                    self.blossom.iter_mut().for_each(|x| *x = false);
                    self.mark_path(v, cur, to);
                    self.mark_path(to, cur, v);
                    for i in 0..n {
                        if self.alive[i] && self.blossom[self.base[i]] {
                            self.base[i] = cur;
                            if !self.used[i] {
                                self.used[i] = true;
                                self.queue.push_back(i);
                            }
                        }
                    }
                } else if self.parent[to] == NONE {
                    self.parent[to] = v;
                    if self.mate[to] == NONE {
                        let mut x = to;
                        while x != NONE {
                            let px = self.parent[x];
                            let ppx = self.mate[px];
                            self.set_mate(x, px);
                            self.set_mate(px, x);
                            x = ppx;
                        }
                        return true;
                    }
                    let next = self.mate[to];
                    self.used[next] = true;
                    self.queue.push_back(next);
                }
            }
        }
        false
    }

    fn lca(&mut self, mut a: usize, mut b: usize) -> usize {
        self.seen.iter_mut().for_each(|x| *x = false);
        loop {
            a = self.base[a];
            self.seen[a] = true;
            if self.mate[a] == NONE {
                break;
            }
            a = self.parent[self.mate[a]];
        }
        loop {
            b = self.base[b];
            if self.seen[b] {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    fn mark_path(&mut self, mut v: usize, b: usize, mut child: usize) {
        while self.base[v] != b {
            self.blossom[self.base[v]] = true;
            self.blossom[self.base[self.mate[v]]] = true;
            self.parent[v] = child;
            child = self.mate[v];
            v = self.parent[self.mate[v]];
        }
    }
}

/// What a [`Dynamic::remove_pair`] changed, to undo it.
#[derive(Debug)]
pub(crate) struct Snapshot {
    log: Vec<(usize, usize)>,
    exposed: usize,
    a: usize,
    b: usize,
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)] // adjacency matrices indexed by vertex pairs
mod tests {
    use super::*;

    /// Brute force: is there a perfect matching?
    fn brute(n: usize, e: &dyn Fn(usize, usize) -> bool, free: u32) -> bool {
        if free == 0 {
            return true;
        }
        let a = free.trailing_zeros() as usize;
        (a + 1..n)
            .any(|b| free & (1 << b) != 0 && e(a, b) && brute(n, e, free & !(1 << a) & !(1 << b)))
    }

    #[test]
    fn matches_brute_force_on_random_graphs() {
        // A fixed linear congruential sequence: reproducible without a dependency.
        let mut seed: u64 = 12345;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..400 {
            let n = (next() % 6) as usize * 2 + 2;
            let density = next() % 100;
            let mut m = vec![vec![false; n]; n];
            for u in 0..n {
                for v in u + 1..n {
                    let x = next() % 100 < density;
                    m[u][v] = x;
                    m[v][u] = x;
                }
            }
            let e = |u: usize, v: usize| m[u][v];
            let g = Graph::from_fn(n, e);
            assert_eq!(g.has_perfect_matching(), brute(n, &e, (1u32 << n) - 1));
            let mm = g.max_matching();
            for (v, p) in mm.iter().enumerate() {
                if let Some(p) = *p {
                    assert!(m[v][p]);
                    assert_eq!(mm[p], Some(v));
                }
            }
        }
    }

    #[test]
    fn odd_cycle_blossom() {
        // A 5-cycle with a pendant vertex on 0: a perfect matching needs the blossom.
        let edges = [(0, 1), (1, 2), (2, 3), (3, 4), (4, 0), (0, 5)];
        let g = Graph::from_fn(6, |u, v| edges.contains(&(u, v)) || edges.contains(&(v, u)));
        assert!(g.has_perfect_matching());
        assert_eq!(g.max_matching_size(), 3);
    }

    #[test]
    fn dynamic_removal_agrees_with_a_fresh_matching() {
        let mut seed: u64 = 7;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as u32
        };
        for _ in 0..300 {
            let n = (next() % 10) as usize + 2;
            let mut m = vec![vec![false; n]; n];
            for u in 0..n {
                for v in u + 1..n {
                    let x = next() % 100 < 60;
                    m[u][v] = x;
                    m[v][u] = x;
                }
            }
            let mut d = Dynamic::new(n, vec![true; n], |u, v| m[u][v]);
            let mut alive = vec![true; n];
            for _ in 0..3 {
                let (a, b) = ((next() as usize) % n, (next() as usize) % n);
                if a == b || !alive[a] || !alive[b] {
                    continue;
                }
                let snap = d.remove_pair(a, b);
                alive[a] = false;
                alive[b] = false;
                let fresh = Graph::from_fn(n, |u, v| alive[u] && alive[v] && m[u][v]);
                let live = alive.iter().filter(|&&x| x).count();
                assert_eq!(d.exposed(), live - 2 * fresh.max_matching_size());
                if next() % 2 == 0 {
                    d.undo(snap);
                    alive[a] = true;
                    alive[b] = true;
                }
            }
        }
    }
}
