//! Re-pairing without a solve: when the last solve's duals show that a wanted edge can join
//! the matching at no cost, the matching is swapped along a tight alternating cycle through it.
//!
//! The search runs on the graph with every top-level blossom shrunk to one node: a node's
//! matched edge is the one at its base. Swapping the cycle gives each node on it a new exit
//! vertex, and a blossom is then rotated so that this vertex becomes its base (the inner
//! matching moves along the blossom's tight cycle, as in an augmentation). Every edge of the
//! new matching is tight, every blossom still has exactly one vertex matched outside it, and
//! the exposed vertices stay the same: the duals still certify the new matching.

use super::Weight;
use super::stage::{NONE, State};

impl<W: Weight> State<W> {
    /// The node across the matched edge at node `x`'s base, or `NONE` when it is exposed.
    fn node_partner(&self, x: usize) -> usize {
        let m = self.mate[self.blossombase[x]];
        if m == NONE {
            NONE
        } else {
            self.inblossom[self.ep(m)]
        }
    }

    /// Edge `{a, b}` exists, joins two different top-level nodes, and is tight.
    fn tight_between(&self, a: usize, b: usize) -> bool {
        a != b
            && self.inblossom[a] != self.inblossom[b]
            && self.weight(a, b) != W::ZERO
            && self.violated_or_loose(a, b) == (false, false)
    }

    /// Re-pairs `p` with `f` along a tight alternating cycle of nodes, when one exists:
    /// `p`'s node and `f`'s node must differ and both be matched. Returns every vertex whose
    /// partner may have changed, or `None` when no cycle was found (which proves nothing).
    pub fn swap_through(&mut self, p: usize, f: usize) -> Option<Vec<usize>> {
        let n = self.n;
        if p >= n || f >= n || !self.tight_between(p, f) {
            return None;
        }
        let (np, nf) = (self.inblossom[p], self.inblossom[f]);
        let (nq, na) = (self.node_partner(np), self.node_partner(nf));
        if nq == NONE || na == NONE {
            return None;
        }
        // New exits: (node, vertex) pairs, and the new matched edges.
        let mut exits = vec![(np, p), (nf, f)];
        let mut edges = vec![(p, f)];
        if nq != nf {
            // Breadth-first over outer nodes (reached through their matched edge), from `na`
            // to any node with a tight edge into `nq`.
            let mut seen = vec![false; 2 * n];
            let mut via = vec![(NONE, NONE); 2 * n];
            let mut from = vec![NONE; 2 * n];
            for x in [np, nf, nq, na] {
                seen[x] = true;
            }
            let mut queue = std::collections::VecDeque::from([na]);
            let mut end = None;
            let mut leaves = Vec::new();
            'search: while let Some(x) = queue.pop_front() {
                leaves.clear();
                self.leaves(x, &mut leaves);
                for &xv in &leaves {
                    for y in 0..n {
                        let ny = self.inblossom[y];
                        if ny == nq {
                            if self.tight_between(xv, y) {
                                end = Some((x, xv, y));
                                break 'search;
                            }
                            continue;
                        }
                        if seen[ny] || !self.tight_between(xv, y) {
                            continue;
                        }
                        let nz = self.node_partner(ny);
                        if nz == NONE || seen[nz] {
                            continue;
                        }
                        seen[ny] = true;
                        seen[nz] = true;
                        via[nz] = (xv, y);
                        from[nz] = x;
                        queue.push_back(nz);
                    }
                }
            }
            let (last, xv, y) = end?;
            exits.extend([(last, xv), (nq, y)]);
            edges.push((xv, y));
            let mut cur = last;
            while cur != na {
                let (xv, y) = via[cur];
                let prev = from[cur];
                // `cur` was matched to the node of `y`, which now leaves through `y`, and
                // `prev` through `xv`.
                exits.push((self.inblossom[y], y));
                edges.push((xv, y));
                exits.push((prev, xv));
                cur = prev;
            }
        }
        let mut changed = Vec::new();
        for &(node, v) in &exits {
            self.leaves(node, &mut changed);
            if node >= n && self.blossombase[node] != v {
                self.augment_blossom(node, v);
            }
        }
        for &(a, b) in &edges {
            self.join(a, b);
        }
        Some(changed)
    }
}
