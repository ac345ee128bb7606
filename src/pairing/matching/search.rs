//! The search of one stage: alternating trees grown from every exposed vertex with a positive
//! dual, every augmenting path the duals allow taken, otherwise a dual adjustment.

use super::Weight;
use super::stage::{NONE, State};

impl<W: Weight> State<W> {
    /// Runs stages until no exposed vertex has a positive dual: then the matching is optimal.
    pub fn solve(&mut self) {
        let n = self.n;
        // Each stage augments, or leaves one more exposed vertex at dual zero.
        // Each stage augments, or leaves one more exposed vertex at dual zero.
        for _ in 0..4 * n + 4 {
            if !self.stage() {
                break;
            }
        }
    }

    /// The slack of `bestedge[b]` (which must be set), from the cache when still valid.
    #[inline]
    fn best_slack(&mut self, b: usize) -> W {
        if self.bestepoch[b] != self.epoch {
            self.bestslack[b] = self.slack(self.bestedge[b]);
            self.bestepoch[b] = self.epoch;
        }
        self.bestslack[b]
    }

    #[inline]
    fn set_best(&mut self, b: usize, p: usize, slack: W) {
        self.bestedge[b] = p;
        self.bestslack[b] = slack;
        self.bestepoch[b] = self.epoch;
    }

    /// Whether `b` (a top-level blossom) belongs to a tree augmented in this stage.
    #[inline]
    fn is_dead(&self, b: usize) -> bool {
        let t = self.tree[b];
        t != NONE && self.dead[t]
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
            'scan: while let Some(v) = self.queue.pop_front() {
                if self.is_dead(self.inblossom[v]) {
                    continue;
                }
                let dv = self.dual[v];
                for w in 0..n {
                    let p = v * n + w;
                    let weight = self.w[p];
                    if weight.is_nil() || w == v {
                        continue;
                    }
                    let (bv, bw) = (self.inblossom[v], self.inblossom[w]);
                    if bv == bw || self.is_dead(bw) {
                        continue;
                    }
                    let kslack = dv.add(self.dual[w]).sub(weight.double());
                    if kslack == W::ZERO {
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
                        } else if self.label[bw] == 1 {
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
                        } else if self.label[w] == 0 {
                            self.label[w] = 2;
                            self.labelend[w] = self.rev(p);
                        }
                    } else if self.label[bw] == 1 {
                        let b = self.inblossom[v];
                        if self.bestedge[b] == NONE || kslack < self.best_slack(b) {
                            self.set_best(b, p, kslack);
                        }
                    } else if self.label[w] == 0
                        && (self.bestedge[w] == NONE || kslack < self.best_slack(w))
                    {
                        self.set_best(w, p, kslack);
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
