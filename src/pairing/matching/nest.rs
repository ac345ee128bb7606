//! Rebuilding a blossom's structure after a swap among its children (`swap.rs`).
//!
//! A blossom `L` is an odd cycle of children joined by tight edges, matched along the cycle
//! away from its base child. A swap at `L`'s level keeps `L`'s base and its one exit but
//! matches the children differently, so the cycle no longer describes the matching. The
//! structure is found again by Edmonds' search over the children alone, from the base child,
//! on the edges tight at `L`'s level (reduced cost zero, the duals of `L` and the blossoms
//! around it counted), with the new matching: every other child is matched inside `L`, so
//! the search never augments, and every odd cycle it closes becomes a blossom. The tight
//! edges inside `L` hold `L`'s old nested cycles, a factor-critical graph on the children,
//! where such a search from the one unmatched child ends with every child in one blossom
//! (Gallai-Edmonds: no child is inner). That blossom becomes `L` (its dual, parent and base
//! unchanged); the blossoms inside it are new, with dual zero (those of dual zero that the
//! level took apart, `Level::flattened`, are released). When the search does not end
//! that way (an edge of `L`'s cycle was removed since the last solve), the swap is given up.

use super::Weight;
use super::stage::{NONE, State};
use super::swap::{Level, Plan};

/// `L`'s new structure: blossoms over local ids (children `0..k`, new blossoms `k..`), in
/// the order they closed (the last holds every child), each as its children, the edge ends of
/// its cycle (as in `State::blossomendps`) and its base vertex.
pub(super) struct Nest {
    k: usize,
    blossoms: Vec<(Vec<usize>, Vec<usize>, usize)>,
}

/// The search's bookkeeping over local ids.
struct Forest {
    /// Union-find towards the enclosing blossom (`up[x] == x` at the top).
    up: Vec<usize>,
    label: Vec<u8>,
    labelend: Vec<usize>,
    base: Vec<usize>,
    mark: Vec<u64>,
    stamp: u64,
}

impl Forest {
    fn top(&mut self, mut x: usize) -> usize {
        while self.up[x] != x {
            let g = self.up[self.up[x]];
            self.up[x] = g;
            x = g;
        }
        x
    }
}

impl<W: Weight> State<W> {
    /// `L`'s structure under the matching `plan` leads to (see the module text), or `None`.
    pub(super) fn nest(&self, lv: &Level<W>, plan: &Plan) -> Option<Nest> {
        let n = self.n;
        let k = lv.childs.len();
        let mut partner = vec![NONE; k];
        for (i, &c) in lv.childs.iter().enumerate() {
            let m = self.mate[self.base_of(c)];
            if m != NONE && lv.index[self.ep(m)] != NONE {
                partner[i] = self.ep(m);
            }
        }
        for &(a, b) in &plan.edges {
            partner[lv.index[a]] = b;
            partner[lv.index[b]] = a;
        }
        let root = *lv.index.get(self.blossombase[lv.blossom])?;
        if partner[root] != NONE || partner.iter().filter(|&&p| p == NONE).count() != 1 {
            return None;
        }
        let size = 2 * k;
        let mut fo = Forest {
            up: (0..size).collect(),
            label: vec![0; size],
            labelend: vec![NONE; size],
            base: vec![NONE; size],
            mark: vec![0; size],
            stamp: 0,
        };
        for (i, &c) in lv.childs.iter().enumerate() {
            fo.base[i] = self.base_of(c);
        }
        for &(_, v) in &plan.exits {
            fo.base[lv.index[v]] = v;
        }
        let mut blossoms: Vec<(Vec<usize>, Vec<usize>, usize)> = Vec::new();
        let mut tops = k;
        let mut queue = std::collections::VecDeque::new();
        fo.label[root] = 1;
        queue.extend(self.leaves_of(lv.childs[root]));
        while let Some(v) = queue.pop_front() {
            if tops == 1 {
                break;
            }
            let mut bv = fo.top(lv.index[v]);
            for &y in &lv.verts {
                let by = fo.top(lv.index[y]);
                if by == bv || fo.label[by] == 2 || !self.tight_at(lv, v, y) {
                    continue;
                }
                if fo.label[by] == 0 {
                    // An unlabeled child (always a child: blossoms close over labeled ones).
                    let m = partner[by];
                    if by >= k || m == NONE {
                        return None;
                    }
                    let bm = fo.top(lv.index[m]);
                    if fo.label[bm] != 0 {
                        return None;
                    }
                    fo.label[by] = 2;
                    fo.labelend[by] = y * n + v;
                    fo.label[bm] = 1;
                    fo.labelend[bm] = m * n + partner[bm];
                    queue.extend(self.leaves_of(lv.childs[bm]));
                    continue;
                }
                let bb = self.common_top(&mut fo, lv, bv, by)?;
                let b = k + blossoms.len();
                if b >= size {
                    return None;
                }
                let (childs, endps) = self.close_cycle(&mut fo, lv, bb, v * n + y);
                for &c in &childs {
                    fo.up[c] = b;
                    if fo.label[c] == 2 {
                        queue.extend(self.leaves_of(lv.childs[c]));
                    }
                }
                fo.label[b] = 1;
                fo.labelend[b] = fo.labelend[bb];
                fo.base[b] = fo.base[bb];
                tops -= childs.len() - 1;
                blossoms.push((childs, endps, fo.base[bb]));
                bv = b;
                if tops == 1 {
                    break;
                }
            }
        }
        let whole = blossoms
            .last()
            .is_some_and(|(_, _, base)| *base == fo.base[root]);
        let room = self.unusedblossoms.len() + lv.flattened.len() + 1 >= blossoms.len();
        (tops == 1 && whole && room).then_some(Nest { k, blossoms })
    }

    /// The top blossom where the tree paths from `a` and `b` (S tops) meet.
    fn common_top(&self, fo: &mut Forest, lv: &Level<W>, a: usize, b: usize) -> Option<usize> {
        fo.stamp += 1;
        let stamp = fo.stamp;
        let (mut x, mut y) = (Some(a), Some(b));
        while x.is_some() || y.is_some() {
            if let Some(t) = x {
                if fo.mark[t] == stamp {
                    return Some(t);
                }
                fo.mark[t] = stamp;
                x = self.tree_parent(fo, lv, t);
            }
            std::mem::swap(&mut x, &mut y);
        }
        None
    }

    /// The S top above S top `t` in the tree (through its T parent), or `None` at the root.
    fn tree_parent(&self, fo: &mut Forest, lv: &Level<W>, t: usize) -> Option<usize> {
        let le = fo.labelend[t];
        if le == NONE {
            return None;
        }
        let tt = fo.top(lv.index[self.ep(le)]);
        let le2 = fo.labelend[tt];
        if le2 == NONE {
            return None;
        }
        Some(fo.top(lv.index[self.ep(le2)]))
    }

    /// The children and cycle edge ends of the blossom closed by the edge end `p` (from `v`
    /// to `w`, both in S tops) over base top `bb`, in `State::add_blossom`'s order.
    fn close_cycle(
        &self,
        fo: &mut Forest,
        lv: &Level<W>,
        bb: usize,
        p: usize,
    ) -> (Vec<usize>, Vec<usize>) {
        let n = self.n;
        let (v, w) = (p / n, p % n);
        let mut path = Vec::new();
        let mut endps = Vec::new();
        let mut bv = fo.top(lv.index[v]);
        while bv != bb {
            path.push(bv);
            endps.push(fo.labelend[bv]);
            bv = fo.top(lv.index[self.ep(fo.labelend[bv])]);
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(self.rev(p));
        let mut bw = fo.top(lv.index[w]);
        while bw != bb {
            path.push(bw);
            endps.push(self.rev(fo.labelend[bw]));
            bw = fo.top(lv.index[self.ep(fo.labelend[bw])]);
        }
        (path, endps)
    }

    /// Installs `nest` as `L`'s structure: the last blossom becomes `L`, the others take free
    /// blossom ids with dual zero. The caller has checked that enough ids are free.
    pub(super) fn install(&mut self, lv: &Level<W>, nest: Nest) {
        let k = nest.k;
        let count = nest.blossoms.len();
        for &b in &lv.flattened {
            self.release(b);
        }
        let mut ids = Vec::with_capacity(count);
        for _ in 1..count {
            ids.push(self.unusedblossoms.pop().unwrap_or(NONE));
        }
        ids.push(lv.blossom);
        let gid = |x: usize| if x < k { lv.childs[x] } else { ids[x - k] };
        for (j, (childs, endps, base)) in nest.blossoms.into_iter().enumerate() {
            let g = ids[j];
            let childs: Vec<usize> = childs.into_iter().map(gid).collect();
            for &c in &childs {
                self.blossomparent[c] = g;
            }
            if g != lv.blossom {
                self.dual[g] = W::ZERO;
                self.label[g] = 0;
                self.labelend[g] = NONE;
                self.bestedge[g] = NONE;
                self.blossombestedges[g] = None;
                self.tree[g] = NONE;
            }
            self.blossomchilds[g] = childs;
            self.blossomendps[g] = endps;
            self.blossombase[g] = base;
        }
    }
}
