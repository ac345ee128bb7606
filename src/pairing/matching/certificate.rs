//! The duals of a solve, kept to show later, without comparing sums of weights, that a
//! matching of the graph with some edges removed is still a maximum-weight matching of the
//! graph the duals were taken on (complementary slackness).

use super::Weight;
use super::blossom::Matcher;
use super::changes::Changes;
use super::stage::{NONE, State};

/// The optimal duals of one solve (vertex duals `0..n`, blossom duals `n..2n`, the blossom
/// forest they belong to, the matching), and with them the whole solver state but the
/// weights, so that the matcher can be put back ([`Matcher::restore`]).
#[derive(Debug, Clone)]
pub struct Certificate<W: Weight> {
    /// The solver state with an empty weight matrix.
    state: State<W>,
    out: Vec<usize>,
    changed: Changes,
    /// Each vertex's partner in the matching the duals were solved with (`NONE`: exposed).
    mate: Vec<usize>,
}

impl<W: Weight> Matcher<W> {
    /// The duals of the last solve (`None` before the first).
    pub fn certificate(&mut self) -> Option<Certificate<W>> {
        let s = self.state_ref()?;
        let mate = (0..s.n).map(|v| s.partner(v)).collect();
        let (state, out, changed) = self.snapshot();
        Some(Certificate {
            state,
            out,
            changed,
            mate,
        })
    }

    /// Puts back the solver state of `cert` (taken on this matcher), once the caller has put
    /// back every weight changed since: the matcher is then as it was when `cert` was taken.
    pub fn restore(&mut self, cert: Certificate<W>) {
        self.put_back(cert.state, cert.out, cert.changed);
    }

    /// Whether the current matching is a maximum-weight matching of the graph `cert` was
    /// taken on, when the graph has since only lost edges, or raised edges of the matching
    /// solved then: every matched edge tight under the certificate's duals (the blossoms
    /// around both ends counted; an edge matched then was tight then), every exposed vertex
    /// at dual zero, and every blossom of positive dual with all but one of its vertices
    /// matched inside it. Then the matching's weight in that graph is the dual objective, its
    /// optimum.
    pub fn certified_by(&self, cert: &Certificate<W>) -> bool {
        let Some(s) = self.state_ref() else {
            return false;
        };
        let n = s.n;
        let (dual, parent) = (&cert.state.dual, &cert.state.blossomparent);
        if dual.len() != 2 * n || parent.len() != 2 * n || cert.mate.len() != n {
            return false;
        }
        // Leaves under each blossom, and matched edges inside it.
        let mut size = vec![0usize; 2 * n];
        let mut inside = vec![0usize; 2 * n];
        let mut stamp = vec![NONE; 2 * n];
        let up = |b: usize| parent.get(b).copied().unwrap_or(NONE);
        for v in 0..n {
            let mut b = up(v);
            let mut steps = 0;
            while b != NONE && steps <= 2 * n {
                size[b] += 1;
                b = up(b);
                steps += 1;
            }
        }
        for a in 0..n {
            let m = s.partner(a);
            if m == NONE {
                if dual[a] != W::ZERO {
                    return false;
                }
                continue;
            }
            if m < a {
                continue;
            }
            let was_matched = cert.mate.get(a) == Some(&m);
            let w = s.weight(a, m);
            if w == W::ZERO {
                return false;
            }
            // The blossoms around `a`, then the first of them around `m` and all above it.
            let mut b = up(a);
            while b != NONE {
                stamp[b] = a;
                b = up(b);
            }
            let mut c = up(m);
            while c != NONE && stamp[c] != a {
                c = up(c);
            }
            let mut z = W::ZERO;
            while c != NONE {
                z = z.add(dual[c]);
                inside[c] += 1;
                c = up(c);
            }
            if !was_matched && dual[a].add(dual[m]).add(z.double()) != w.double() {
                return false;
            }
        }
        (n..2 * n).all(|b| dual[b] == W::ZERO || size[b] == 0 || 2 * inside[b] + 1 == size[b])
    }
}
