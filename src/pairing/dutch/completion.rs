//! An explicit completion of the lower remainder: a pairing of `L ∪ X` (the remainder plus the
//! bracket players a bracket matching leaves over) in which every player is paired, except one
//! PAB candidate of `L` when the field is odd, and no two players of `X` meet each other (their
//! games belong to the bracket matching). Finding one proves that the bracket's matching
//! extends to a best matching of the whole field ([`super::graph`]).
//!
//! It is kept from solve to solve: `X` changes by a few players at a time, and each change is
//! repaired with short augmenting paths. Failing to find a completion only means "not proven";
//! the caller then solves the full graph.

const NONE: usize = usize::MAX;

/// The completion: partners over global vertices.
#[derive(Debug, Clone)]
pub struct Completion {
    mate: Vec<usize>,
    in_x: Vec<bool>,
    x: Vec<usize>,
    l_start: usize,
    n: usize,
}

impl Completion {
    /// Nothing paired, for `n` vertices.
    pub fn new(n: usize) -> Self {
        Completion {
            mate: vec![NONE; n],
            in_x: vec![false; n],
            x: Vec::new(),
            l_start: n,
            n,
        }
    }

    fn join(&mut self, a: usize, b: usize) {
        self.mate[a] = b;
        self.mate[b] = a;
    }

    /// Pairs `L = l_start..n` greedily, each player with the first free compatible one below.
    pub fn rebuild(&mut self, l_start: usize, compatible: &dyn Fn(usize, usize) -> bool) {
        self.mate.iter_mut().for_each(|m| *m = NONE);
        self.in_x.iter_mut().for_each(|x| *x = false);
        self.x.clear();
        self.l_start = l_start;
        // The players not yet paired after the current one, as a linked list in order
        // (`next[i]` follows `l_start + i`; `end` closes it): linear when most pair at once.
        let end = self.n.saturating_sub(l_start);
        let mut next: Vec<usize> = (1..=end).collect();
        let mut cur = 0;
        while cur < end {
            let (mut prev, mut j) = (cur, next[cur]);
            while j < end && !compatible(l_start + cur, l_start + j) {
                prev = j;
                j = next[j];
            }
            if j < end {
                self.join(l_start + cur, l_start + j);
                next[prev] = next[j];
            }
            cur = next[cur];
        }
    }

    /// Whether `a` and `b` may be paired in the completion.
    fn allowed(&self, a: usize, b: usize, compatible: &dyn Fn(usize, usize) -> bool) -> bool {
        !(self.in_x[a] && self.in_x[b]) && compatible(a, b)
    }

    /// Makes `x` the left-over bracket players and repairs the completion. Returns whether a
    /// completion exists (as far as short augmenting paths find one).
    pub fn absorb(
        &mut self,
        x: &[usize],
        odd: bool,
        compatible: &dyn Fn(usize, usize) -> bool,
        candidate: &dyn Fn(usize) -> bool,
    ) -> bool {
        for &v in &self.x.clone() {
            if !x.contains(&v) {
                let m = self.mate[v];
                if m != NONE {
                    self.mate[m] = NONE;
                }
                self.mate[v] = NONE;
                self.in_x[v] = false;
            }
        }
        for &v in x {
            if !self.in_x[v] {
                self.in_x[v] = true;
                self.mate[v] = NONE;
            }
        }
        self.x = x.to_vec();
        let members: Vec<usize> = x.iter().copied().chain(self.l_start..self.n).collect();
        let free: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&v| self.mate[v] == NONE)
            .collect();
        let in_x = &self.in_x;
        pair_free(&mut self.mate, &free, &members, &|a, b| {
            !(in_x[a] && in_x[b]) && compatible(a, b)
        });
        let left: Vec<usize> = members
            .iter()
            .copied()
            .filter(|&v| self.mate[v] == NONE)
            .collect();
        match left.as_slice() {
            [] => !odd,
            [f] if odd => {
                let f = *f;
                if !self.in_x[f] && candidate(f) {
                    return true;
                }
                // Hand the exposure on to a candidate: f-l, l' exposed.
                for &l in &members {
                    let l2 = self.mate[l];
                    if l2 != NONE
                        && !self.in_x[l2]
                        && candidate(l2)
                        && self.allowed(f, l, compatible)
                    {
                        self.mate[l2] = NONE;
                        self.join(f, l);
                        return true;
                    }
                }
                false
            }
            _ => false,
        }
    }
}

/// Pairs each player of `free` still without a partner (in `mate`, over global vertices) with
/// another free one, directly or through one pair `a-l, l'-b` with `l` in `pool`.
pub(super) fn pair_free(
    mate: &mut [usize],
    free: &[usize],
    pool: &[usize],
    allowed: &dyn Fn(usize, usize) -> bool,
) {
    let join = |mate: &mut [usize], a: usize, b: usize| {
        mate[a] = b;
        mate[b] = a;
    };
    for &a in free {
        if mate[a] != NONE {
            continue;
        }
        // A free partner directly.
        if let Some(&b) = free
            .iter()
            .find(|&&b| b != a && mate[b] == NONE && allowed(a, b))
        {
            join(mate, a, b);
            continue;
        }
        // Or through one pair: a-l, l'-b.
        for &l in pool {
            let l2 = mate[l];
            if l2 == NONE || l == a || !allowed(a, l) {
                continue;
            }
            if let Some(&b) = free
                .iter()
                .find(|&&b| b != a && b != l2 && mate[b] == NONE && allowed(l2, b))
            {
                join(mate, a, l);
                join(mate, l2, b);
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every vertex of `x ∪ l_start..n` is paired with a compatible partner, except `exposed`.
    fn check(c: &Completion, x: &[usize], compatible: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
        let mut exposed = Vec::new();
        for v in x.iter().copied().chain(c.l_start..c.n) {
            let m = c.mate[v];
            if m == NONE {
                exposed.push(v);
                continue;
            }
            assert_eq!(c.mate[m], v);
            assert!(compatible(v, m), "{v}-{m}");
            assert!(
                !(x.contains(&v) && x.contains(&m)),
                "two bracket players {v}-{m}"
            );
        }
        exposed
    }

    #[test]
    fn absorbs_left_over_players_through_short_paths() {
        // L = 2..8; 2-3, 4-5, 6-7 met before; bracket players 0 and 1 must not meet (they are X)
        // and 0 has met 2..6, so it can only take 7.
        let met = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            matches!((a, b), (2, 3) | (4, 5) | (6, 7)) || (a == 0 && (2..7).contains(&b))
        };
        let compatible = |a: usize, b: usize| a != b && !met(a, b);
        let mut c = Completion::new(8);
        c.rebuild(2, &compatible);
        // The greedy pass leaves 6 and 7 (they have met); absorbing repairs that.
        assert_eq!(check(&c, &[], &compatible), vec![6, 7]);
        assert!(c.absorb(&[0, 1], false, &compatible, &|_| true));
        assert!(check(&c, &[0, 1], &compatible).is_empty());
        assert_eq!(c.mate[0], 7);
        // 1 leaves the bracket's left-overs: the completion of {0} ∪ L exposes a candidate.
        assert!(c.absorb(&[0], true, &compatible, &|v| v == 5));
        assert_eq!(check(&c, &[0], &compatible), vec![5]);
    }

    #[test]
    fn reports_a_player_nobody_can_take() {
        let compatible = |a: usize, b: usize| a != b && a != 0 && b != 0;
        let mut c = Completion::new(6);
        c.rebuild(2, &compatible);
        assert!(!c.absorb(&[0, 1], false, &compatible, &|_| true));
    }
}
