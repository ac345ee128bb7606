//! Re-pairing without a solve: when the last solve's duals show that a wanted edge can join
//! the matching at no cost, the matching is swapped along a tight alternating cycle through it,
//! or along a tight alternating path whose changed end is an exposed vertex of dual zero.
//!
//! The search runs on a *level* of the blossom forest: the top level (every top-level blossom
//! shrunk to one node), or, when both ends of the wanted edge lie in one top-level blossom, the
//! children of the smallest blossom `L` of positive dual holding both (a blossom of dual zero
//! around either end replaced by its children: such a blossom is no dual variable, only a
//! description of the matching, and top-level ones are simply expanded first). A node's matched edge is the one at its
//! base (at a nested level, only when it stays inside `L`). Swapping gives each node on the
//! cycle or path a new exit vertex, and a blossom node is then rotated so that this vertex
//! becomes its base (the inner matching moves along the blossom's tight cycle, as in an
//! augmentation).
//!
//! Why the duals still certify the new matching (complementary slackness): every new matched
//! edge is tight (its reduced cost, the duals of the blossoms around both ends counted, is
//! zero), every vertex left exposed has dual zero, and every blossom keeps exactly one vertex
//! not matched inside it (a node's base; at a nested level `L`'s base child is never on the
//! cycle, so `L` keeps its base and its exit). So the new matching has the old one's weight
//! and is a maximum-weight matching. At a nested level the children of `L` no longer follow
//! `L`'s old odd cycle, so `L`'s structure is rebuilt from the new matching (`nest.rs`) before
//! anything is changed; when that fails, nothing is.

use super::Weight;
use super::stage::{NONE, State};

#[cfg(test)]
thread_local! {
    /// Tests turn the swaps inside blossoms and to exposed vertices off (`.0`), to compare
    /// with the engine that solves there, and count those made (`.1`).
    pub static DEEP_SWAPS: std::cell::Cell<(bool, usize)> =
        const { std::cell::Cell::new((true, 0)) };
}

/// Whether a swap inside a blossom or to an exposed vertex may be made (always, outside
/// tests), counting it (tests only).
fn deep_swap_allowed() -> bool {
    #[cfg(test)]
    return DEEP_SWAPS.with(|c| {
        let (on, made) = c.get();
        c.set((on, made + usize::from(on)));
        on
    });
    #[cfg(not(test))]
    true
}

/// The level a swap runs on.
pub(super) struct Level<W> {
    /// The blossom whose children are the nodes, or `NONE` for the top level.
    pub blossom: usize,
    /// Twice the duals of `blossom` and the blossoms around it (zero at the top level).
    pub z2: W,
    /// At a nested level: the nodes (global ids: `blossom`'s children, or theirs for the
    /// `flattened` blossoms), each vertex's index among them (`NONE` outside `blossom`), and
    /// the vertices of `blossom`.
    pub childs: Vec<usize>,
    pub index: Vec<usize>,
    pub verts: Vec<usize>,
    /// Blossoms of dual zero inside `blossom` whose children are nodes: the rebuilt
    /// structure drops them.
    pub flattened: Vec<usize>,
}

/// How an alternating search ended at its last node.
enum End {
    /// A tight edge `(xv, y)` from the last node into the target node or an exposed node.
    Edge(usize, usize),
    /// The last node is left exposed at its vertex `v` (dual zero).
    Expose(usize),
}

/// A swap, worked out before anything changes.
#[derive(Default)]
pub(super) struct Plan {
    /// Each changed node with its new exit vertex.
    pub exits: Vec<(usize, usize)>,
    /// The new matched edges.
    pub edges: Vec<(usize, usize)>,
    /// Vertices left exposed (they were matched).
    pub exposed: Vec<usize>,
    /// Vertices exposed before that the swap matches.
    pub covered: Vec<usize>,
}

impl<W: Weight> State<W> {
    /// The node of `v` on level `lv`.
    #[inline]
    fn node_at(&self, lv: &Level<W>, v: usize) -> usize {
        if lv.blossom == NONE {
            self.inblossom[v]
        } else {
            match lv.index[v] {
                NONE => NONE,
                i => lv.childs[i],
            }
        }
    }

    /// The base vertex of node `x` (a vertex or a blossom).
    #[inline]
    pub(super) fn base_of(&self, x: usize) -> usize {
        if x < self.n { x } else { self.blossombase[x] }
    }

    /// The node across the matched edge at node `x`'s base, or `NONE` when it is exposed or,
    /// at a nested level, matched outside the level's blossom.
    fn level_partner(&self, lv: &Level<W>, x: usize) -> usize {
        let m = self.mate[self.base_of(x)];
        if m == NONE {
            NONE
        } else {
            self.node_at(lv, self.ep(m))
        }
    }

    /// Edge `{a, b}` exists, joins two different nodes of level `lv`, and is tight there.
    #[inline]
    pub(super) fn tight_at(&self, lv: &Level<W>, a: usize, b: usize) -> bool {
        let w = self.weight(a, b);
        a != b
            && w != W::ZERO
            && self.dual[a].add(self.dual[b]).add(lv.z2) == w.double()
            && self.node_at(lv, a) != self.node_at(lv, b)
    }

    /// The level of edge `{p, f}`: the top level when they lie in different top-level nodes,
    /// else the smallest blossom `A` of positive dual holding both, its nodes being its
    /// children with every blossom of dual zero around `p` or `f` replaced by its children
    /// (such a blossom only describes the matching; `A`'s rebuilt structure replaces it).
    fn level_of(&self, p: usize, f: usize) -> Level<W> {
        let mut lv = Level {
            blossom: NONE,
            z2: W::ZERO,
            childs: Vec::new(),
            index: Vec::new(),
            verts: Vec::new(),
            flattened: Vec::new(),
        };
        if self.inblossom[p] != self.inblossom[f] {
            return lv;
        }
        let mut around_p = Vec::new();
        let mut b = self.blossomparent[p];
        while b != NONE {
            around_p.push(b);
            b = self.blossomparent[b];
        }
        let mut around_f = Vec::new();
        let mut l = self.blossomparent[f];
        while l != NONE && !around_p.contains(&l) {
            around_f.push(l);
            l = self.blossomparent[l];
        }
        while l != NONE && self.dual[l] == W::ZERO {
            around_f.push(l);
            l = self.blossomparent[l];
        }
        if l == NONE {
            return lv;
        }
        let mut z = W::ZERO;
        let mut c = l;
        while c != NONE {
            z = z.add(self.dual[c]);
            c = self.blossomparent[c];
        }
        let mut stack: Vec<usize> = self.blossomchilds[l].iter().rev().copied().collect();
        while let Some(c) = stack.pop() {
            let around = around_p.contains(&c) || around_f.contains(&c);
            if c >= self.n && self.dual[c] == W::ZERO && around {
                lv.flattened.push(c);
                stack.extend(self.blossomchilds[c].iter().rev());
            } else {
                lv.childs.push(c);
            }
        }
        lv.index = vec![NONE; self.n];
        for (i, &c) in lv.childs.iter().enumerate() {
            let from = lv.verts.len();
            self.leaves(c, &mut lv.verts);
            for &v in &lv.verts[from..] {
                lv.index[v] = i;
            }
        }
        lv.blossom = l;
        lv.z2 = z.double();
        lv
    }

    /// Breadth-first over alternating paths of level `lv` from node `start`, which needs a
    /// new partner: each node reached through a tight edge hands its old partner on. Ends at
    /// a tight edge into `target`, or, with `ends`, at a node that can be left exposed (a
    /// vertex of dual zero) or a tight edge to an exposed node. `blocked` nodes are not
    /// entered. Adds the path's exits and edges to `plan`.
    fn alternate(
        &self,
        lv: &Level<W>,
        start: usize,
        target: usize,
        blocked: &[usize],
        ends: bool,
        plan: &mut Plan,
    ) -> Option<()> {
        let n = self.n;
        let mut seen = vec![false; 2 * n];
        let mut via = vec![(NONE, NONE); 2 * n];
        let mut from = vec![NONE; 2 * n];
        for &x in blocked.iter().chain([&start]) {
            if x != NONE {
                seen[x] = true;
            }
        }
        let all: Vec<usize>;
        let verts = if lv.blossom == NONE {
            all = (0..n).collect();
            &all
        } else {
            &lv.verts
        };
        let mut queue = std::collections::VecDeque::from([start]);
        let mut found = None;
        let mut leaves = Vec::new();
        'search: while let Some(x) = queue.pop_front() {
            leaves.clear();
            self.leaves(x, &mut leaves);
            if ends && let Some(&v) = leaves.iter().find(|&&v| self.dual[v] == W::ZERO) {
                found = Some((x, End::Expose(v)));
                break;
            }
            for &xv in &leaves {
                for &y in verts {
                    let ny = self.node_at(lv, y);
                    if ny == NONE || ny == x || (seen[ny] && ny != target) {
                        continue;
                    }
                    if !self.tight_at(lv, xv, y) {
                        continue;
                    }
                    if ny == target {
                        found = Some((x, End::Edge(xv, y)));
                        break 'search;
                    }
                    let nz = self.level_partner(lv, ny);
                    if nz == NONE {
                        if ends && lv.blossom == NONE {
                            plan.covered.push(self.base_of(ny));
                            found = Some((x, End::Edge(xv, y)));
                            break 'search;
                        }
                        continue;
                    }
                    if seen[nz] {
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
        let (last, end) = found?;
        match end {
            End::Edge(xv, y) => {
                plan.exits.extend([(last, xv), (self.node_at(lv, y), y)]);
                plan.edges.push((xv, y));
            }
            End::Expose(v) => {
                plan.exits.push((last, v));
                plan.exposed.push(v);
            }
        }
        let mut cur = last;
        while cur != start {
            let (xv, y) = via[cur];
            let prev = from[cur];
            // `cur` was matched to the node of `y`, which now leaves through `y`, and
            // `prev` through `xv`.
            plan.exits.push((self.node_at(lv, y), y));
            plan.edges.push((xv, y));
            plan.exits.push((prev, xv));
            cur = prev;
        }
        Some(())
    }

    /// Works out a swap that pairs `p` with `f`, changing nothing.
    fn plan_swap(&self, lv: &Level<W>, p: usize, f: usize) -> Option<Plan> {
        if !self.tight_at(lv, p, f) {
            return None;
        }
        let (np, nf) = (self.node_at(lv, p), self.node_at(lv, f));
        let (nq, na) = (self.level_partner(lv, np), self.level_partner(lv, nf));
        let mut plan = Plan {
            exits: vec![(np, p), (nf, f)],
            edges: vec![(p, f)],
            ..Plan::default()
        };
        let top = lv.blossom == NONE;
        match (nq, na) {
            (NONE, NONE) => return None,
            (NONE, _) | (_, NONE) if !top => return None,
            // `p`'s node was exposed: `f`'s old partner needs another, or floats.
            (NONE, _) => {
                plan.covered.push(self.base_of(np));
                self.alternate(lv, na, NONE, &[np, nf], true, &mut plan)?;
            }
            (_, NONE) => {
                plan.covered.push(self.base_of(nf));
                self.alternate(lv, nq, NONE, &[np, nf], true, &mut plan)?;
            }
            _ if nq == nf => {}
            _ => self.alternate(lv, na, nq, &[np, nf, nq], false, &mut plan)?,
        }
        Some(plan)
    }

    /// Re-pairs `p` with `f` along a tight alternating cycle, or path ending at an exposed
    /// vertex of dual zero (see the module text). `accept` is shown the vertices the swap would
    /// leave exposed and those it would match that were exposed (when there are any) and may
    /// refuse. Returns every vertex whose partner may have changed, or `None` when no swap was
    /// found or accepted (which proves nothing): then nothing changed.
    pub fn swap_through(
        &mut self,
        p: usize,
        f: usize,
        accept: &mut dyn FnMut(&[usize], &[usize]) -> bool,
    ) -> Option<Vec<usize>> {
        let n = self.n;
        if p >= n || f >= n || p == f {
            return None;
        }
        // A top-level blossom of dual zero around both ends is expanded first, which is free
        // (no dual moves, no slack changes, the matching stays): its children become nodes
        // of the top level, where exits may change.
        loop {
            let b = self.inblossom[p];
            if b < n || b != self.inblossom[f] || self.dual[b] != W::ZERO {
                break;
            }
            if !deep_swap_allowed() {
                return None;
            }
            self.expand_blossom(b, true);
        }
        let lv = self.level_of(p, f);
        let plan = self.plan_swap(&lv, p, f)?;
        let deep = lv.blossom != NONE || !plan.exposed.is_empty() || !plan.covered.is_empty();
        if deep && !deep_swap_allowed() {
            return None;
        }
        let nest = if lv.blossom == NONE {
            None
        } else {
            Some(self.nest(&lv, &plan)?)
        };
        let floaters_change = !plan.exposed.is_empty() || !plan.covered.is_empty();
        if floaters_change && !accept(&plan.exposed, &plan.covered) {
            return None;
        }
        let mut changed = Vec::new();
        for &(node, _) in &plan.exits {
            self.leaves(node, &mut changed);
        }
        let old_mates: Vec<usize> = changed.iter().map(|&v| self.mate[v]).collect();
        let saved = self.save_rotated(&plan);
        for &(node, v) in &plan.exits {
            if node >= n && self.blossombase[node] != v {
                self.augment_blossom(node, v);
            }
        }
        for &(a, b) in &plan.edges {
            self.join(a, b);
        }
        for &v in &plan.exposed {
            self.mate[v] = NONE;
        }
        // A blossom's cycle may hold an edge changed since the last solve (a pair fixed by
        // the caller, its other edges removed): then a rotation through it would match a
        // removed or loose edge. Every changed partner is checked, and the swap undone.
        if !self.certified(&changed, &old_mates) {
            for (&v, &m) in changed.iter().zip(&old_mates) {
                self.mate[v] = m;
            }
            for (b, childs, endps, base) in saved {
                self.blossomchilds[b] = childs;
                self.blossomendps[b] = endps;
                self.blossombase[b] = base;
            }
            return None;
        }
        if let Some(nest) = nest {
            self.install(&lv, nest);
        }
        Some(changed)
    }

    /// The structure of every blossom inside a node the swap rotates, to undo it.
    #[allow(clippy::type_complexity)]
    fn save_rotated(&self, plan: &Plan) -> Vec<(usize, Vec<usize>, Vec<usize>, usize)> {
        let mut saved = Vec::new();
        for &(node, v) in &plan.exits {
            if node < self.n || self.blossombase[node] == v {
                continue;
            }
            let mut stack = vec![node];
            while let Some(b) = stack.pop() {
                if b < self.n {
                    continue;
                }
                let childs = self.blossomchilds[b].clone();
                stack.extend(&childs);
                saved.push((b, childs, self.blossomendps[b].clone(), self.blossombase[b]));
            }
        }
        saved
    }

    /// Whether every vertex of `changed` whose partner differs from `old` is matched by an
    /// existing edge of reduced cost zero, or left exposed at dual zero.
    fn certified(&self, changed: &[usize], old: &[usize]) -> bool {
        changed.iter().zip(old).all(|(&v, &was)| {
            let m = self.mate[v];
            if m == was {
                return true;
            }
            if m == NONE {
                return self.dual[v] == W::ZERO;
            }
            let u = self.ep(m);
            let w = self.weight(v, u);
            let have = self.dual[v]
                .add(self.dual[u])
                .add(self.shared_blossom_duals(v, u));
            w != W::ZERO && have == w.double()
        })
    }
}
