//! The search of one stage: alternating trees grown from every exposed vertex with a positive
//! dual, every augmenting path the duals allow taken, otherwise a dual adjustment.

use super::Weight;
use super::stage::{NONE, State, slack_at};

impl<W: Weight> State<W> {
    /// Runs stages until no exposed vertex has a positive dual: then the matching is optimal.
    pub fn solve(&mut self) {
        let n = self.n;
        // Each stage augments, or leaves one more exposed vertex at dual zero.
        for _ in 0..4 * n + 4 {
            if !self.stage() {
                break;
            }
        }
    }

    /// Whether `b` (a top-level blossom) belongs to a tree augmented in this stage.
    #[inline]
    fn is_dead(&self, b: usize) -> bool {
        let t = self.tree[b];
        t != NONE && self.dead[t]
    }

    /// Scans the edges of S-vertex `v` to `from..n`, until one needs the tree to change: a
    /// tight edge to an unlabeled blossom or to another S-blossom, whose far end it returns.
    /// On the way it records the best edges of the others (the slack to an S-blossom at
    /// `v`'s blossom, the slack to a free vertex at that vertex) and labels a vertex inside a
    /// T-blossom reached by a tight edge. The fields are borrowed one by one so that the row,
    /// the duals and the blossom map are read as slices, without a bounds check per edge.
    fn scan_row(&mut self, v: usize, from: usize) -> Option<usize> {
        let n = self.n;
        let epoch = self.epoch;
        let State {
            w,
            values,
            dual,
            inblossom,
            label,
            labelend,
            bestedge,
            bestslack,
            bestepoch,
            tree,
            dead,
            ..
        } = self;
        let bv = *inblossom.get(v)?;
        let dv = *dual.get(v)?;
        let row = w.get(v * n..(v + 1) * n)?;
        let (duals, blossoms) = (dual.get(..n)?, inblossom.get(..n)?);
        // The slack of a recorded best edge, recomputed once per dual change.
        let cached = |b: usize, bestslack: &mut Vec<W>, bestepoch: &mut Vec<u64>, p: usize| {
            if bestepoch[b] != epoch {
                bestslack[b] = slack_at(n, dual, w, values, p);
                bestepoch[b] = epoch;
            }
            bestslack[b]
        };
        // `v`'s blossom's best edge is only changed here while `v` is scanned: keep its slack
        // at hand.
        let mut best_v = match bestedge[bv] {
            NONE => None,
            b => Some(cached(bv, bestslack, bestepoch, b)),
        };
        let doubled = values.doubled_all();
        let entries = row.iter().zip(duals).zip(blossoms).enumerate().skip(from);
        for (x, ((&id, &dx), &bx)) in entries {
            if bx == bv || id == 0 {
                continue;
            }
            let t = tree[bx];
            if t != NONE && dead[t] {
                continue;
            }
            let lb = label[bx];
            if lb == 2 && label[x] != 0 {
                continue;
            }
            let k = W::slack_doubled(dv, dx, doubled[id as usize]);
            let p = v * n + x;
            if k.is_nil() {
                if lb != 2 {
                    return Some(x);
                }
                label[x] = 2;
                labelend[x] = x * n + v;
            } else if lb == 1 {
                if best_v.is_none_or(|b| k < b) {
                    best_v = Some(k);
                    bestedge[bv] = p;
                    bestslack[bv] = k;
                    bestepoch[bv] = epoch;
                }
            } else {
                let b = bestedge[x];
                if b == NONE || k < cached(x, bestslack, bestepoch, b) {
                    bestedge[x] = p;
                    bestslack[x] = k;
                    bestepoch[x] = epoch;
                }
            }
        }
        None
    }

    /// One stage; returns whether anything changed (false: optimal).
    ///
    /// Every augmenting path the current duals allow is taken before the stage ends: once a
    /// tree is augmented it is set aside ("dead") and the search goes on in the other trees,
    /// which the augmentation did not touch. Duals are only adjusted in a stage that found no
    /// path, so the set-aside trees never take part in an adjustment.
    fn stage(&mut self) -> bool {
        let n = self.n;
        self.label.iter_mut().for_each(|l| *l = 0);
        self.labelend.iter_mut().for_each(|e| *e = NONE);
        self.bestedge.iter_mut().for_each(|e| *e = NONE);
        self.tree.iter_mut().for_each(|e| *e = NONE);
        self.dead.iter_mut().for_each(|d| *d = false);
        for b in n..2 * n {
            self.blossombestedges[b] = None;
        }
        self.queue.clear();
        self.later.clear();
        self.align_root_parity();
        self.epoch += 1;
        let mut roots = false;
        for v in 0..n {
            if self.mate[v] == NONE && self.label[self.inblossom[v]] == 0 && self.dual[v] != W::ZERO
            {
                self.assign_label(v, 1, NONE);
                roots = true;
            }
        }
        if !roots {
            return false;
        }
        let mut augmented = false;
        loop {
            // Fresh S-vertices first, then the rows set aside: a tree that grew lets the
            // others grow before it scans on, so that many trees meet in one stage instead of
            // the first one taking every tight neighbour.
            'scan: while let Some((v, start)) = self
                .queue
                .pop_front()
                .map(|v| (v, 0))
                .or_else(|| self.later.pop_front())
            {
                if self.is_dead(self.inblossom[v]) {
                    continue;
                }
                let mut from = start;
                while let Some(w) = self.scan_row(v, from) {
                    from = w + 1;
                    // A tight edge to an unlabeled or S-blossom of a live tree.
                    let p = v * n + w;
                    let (bv, bw) = (self.inblossom[v], self.inblossom[w]);
                    if self.label[bw] == 0 {
                        if self.mate[self.blossombase[bw]] == NONE {
                            // An exposed blossom at dual zero: augment into it.
                            let root = self.tree[bv];
                            self.augment_matching(p);
                            self.tree[bw] = root;
                            self.dead[root] = true;
                            augmented = true;
                            continue 'scan;
                        }
                        self.assign_label(w, 2, self.rev(p));
                        self.later.push_back((v, from));
                        continue 'scan;
                    } else {
                        let base = self.scan_blossom(v, w);
                        if base != NONE {
                            self.add_blossom(base, p);
                        } else {
                            let (rv, rw) = (self.tree[bv], self.tree[bw]);
                            self.augment_matching(p);
                            self.dead[rv] = true;
                            self.dead[rw] = true;
                            augmented = true;
                            continue 'scan;
                        }
                    }
                }
            }
            if augmented {
                self.end_stage();
                return true;
            }
            let adjusted = self.adjust();
            self.epoch += 1;
            if let Some(done) = adjusted {
                if done {
                    self.end_stage();
                    return true;
                }
            } else {
                return false;
            }
        }
    }

    pub(super) fn end_stage(&mut self) {
        let n = self.n;
        for b in n..2 * n {
            if self.blossomparent[b] == NONE
                && self.blossombase[b] != NONE
                && self.label[b] == 1
                && self.dual[b] == W::ZERO
            {
                self.expand_blossom(b, true);
            }
        }
    }
}
