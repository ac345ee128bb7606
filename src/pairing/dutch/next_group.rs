//! An explicit pairing of the next score group `N` with the bracket players a bracket matching
//! leaves over (`X`): every player of `X` meets a player of `N`, and the rest of `N` is paired
//! within `N`, all but at most one player. Finding one proves that the bracket's matching
//! reaches the most next-bracket pairs C8 allows for its `X` ([`super::graph`]); the player of
//! `N` left over (if any) is then handed to the lower remainder's completion.
//!
//! Like [`super::completion`], it is kept from solve to solve and repaired with short
//! augmenting paths; failing only means "not proven".

use super::completion::pair_free;

const NONE: usize = usize::MAX;

/// The pairing: partners over global vertices.
#[derive(Debug, Clone)]
pub struct NextGroup {
    mate: Vec<usize>,
    in_x: Vec<bool>,
    x: Vec<usize>,
    /// `N = start..end`.
    start: usize,
    end: usize,
}

impl NextGroup {
    /// Nothing paired, for `n` vertices.
    pub fn new(n: usize) -> Self {
        NextGroup {
            mate: vec![NONE; n],
            in_x: vec![false; n],
            x: Vec::new(),
            start: 0,
            end: 0,
        }
    }

    fn join(&mut self, a: usize, b: usize) {
        self.mate[a] = b;
        self.mate[b] = a;
    }

    fn unjoin(&mut self, a: usize) {
        let m = self.mate[a];
        if m != NONE {
            self.mate[m] = NONE;
        }
        self.mate[a] = NONE;
    }

    /// Pairs `N = start..end` greedily, each player with the first free compatible one below.
    pub fn rebuild(&mut self, start: usize, end: usize, compatible: &dyn Fn(usize, usize) -> bool) {
        self.mate.iter_mut().for_each(|m| *m = NONE);
        self.in_x.iter_mut().for_each(|x| *x = false);
        self.x.clear();
        self.start = start;
        self.end = end.min(self.mate.len());
        for a in self.start..self.end {
            if self.mate[a] != NONE {
                continue;
            }
            if let Some(b) = (a + 1..self.end).find(|&b| self.mate[b] == NONE && compatible(a, b)) {
                self.join(a, b);
            }
        }
    }

    /// Whether `v` belongs to `N`.
    fn in_n(&self, v: usize) -> bool {
        (self.start..self.end).contains(&v)
    }

    /// Makes `x` the left-over bracket players and repairs the pairing. Returns the players of
    /// `N` left unpaired (none, or one when `|N| - |X|` is odd), or `None` when no such pairing
    /// was found.
    pub fn absorb(
        &mut self,
        x: &[usize],
        compatible: &dyn Fn(usize, usize) -> bool,
    ) -> Option<Vec<usize>> {
        for v in std::mem::take(&mut self.x) {
            if !x.contains(&v) {
                self.unjoin(v);
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
        // Each player of `X` to a free player of `N`, or to one of an `N`-`N` pair (whose
        // partner is then free).
        for &a in x {
            if self.mate[a] != NONE {
                continue;
            }
            let free = (self.start..self.end).find(|&b| self.mate[b] == NONE && compatible(a, b));
            let b = match free {
                Some(b) => b,
                None => {
                    (self.start..self.end).find(|&b| self.in_n(self.mate[b]) && compatible(a, b))?
                }
            };
            self.unjoin(b);
            self.join(a, b);
        }
        // The free players of `N` among themselves, directly or through one pair.
        let free: Vec<usize> = (self.start..self.end)
            .filter(|&v| self.mate[v] == NONE)
            .collect();
        let pool: Vec<usize> = (self.start..self.end).collect();
        pair_free(&mut self.mate, &free, &pool, compatible);
        let left: Vec<usize> = (self.start..self.end)
            .filter(|&v| self.mate[v] == NONE)
            .collect();
        (left.len() <= 1).then_some(left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every vertex of `x ∪ N` is paired with a compatible partner, `X` only into `N`, except
    /// the returned left-overs.
    fn check(g: &NextGroup, x: &[usize], compatible: &dyn Fn(usize, usize) -> bool) -> Vec<usize> {
        let mut left = Vec::new();
        for &v in x {
            let m = g.mate[v];
            assert!(g.in_n(m), "{v} not into N");
            assert_eq!(g.mate[m], v);
            assert!(compatible(v, m));
        }
        for v in g.start..g.end {
            let m = g.mate[v];
            if m == NONE {
                left.push(v);
                continue;
            }
            assert_eq!(g.mate[m], v);
            assert!(compatible(v, m), "{v}-{m}");
        }
        left
    }

    #[test]
    fn places_left_over_players_and_repairs_the_group() {
        // N = 3..9; 3-4, 5-6, 7-8 met before; bracket player 0 met 3..8, so it can only take 8.
        let met = |a: usize, b: usize| {
            let (a, b) = (a.min(b), a.max(b));
            matches!((a, b), (3, 4) | (5, 6) | (7, 8)) || (a == 0 && (3..8).contains(&b))
        };
        let compatible = |a: usize, b: usize| a != b && !met(a, b);
        let mut g = NextGroup::new(10);
        g.rebuild(3, 9, &compatible);
        // The greedy pass pairs 3-5 and 4-6 and leaves 7 and 8 (they have met).
        assert_eq!(check(&g, &[], &compatible), vec![7, 8]);
        assert_eq!(g.absorb(&[0, 1], &compatible), Some(vec![]));
        assert!(check(&g, &[0, 1], &compatible).is_empty());
        assert_eq!(g.mate[0], 8);
        // One left-over player: one of N stays free.
        assert_eq!(g.absorb(&[1], &compatible).map(|l| l.len()), Some(1));
        assert_eq!(check(&g, &[1], &compatible).len(), 1);
    }

    #[test]
    fn reports_a_player_nobody_in_the_group_can_take() {
        let compatible = |a: usize, b: usize| a != b && a != 0 && b != 0;
        let mut g = NextGroup::new(6);
        g.rebuild(2, 6, &compatible);
        assert_eq!(g.absorb(&[0, 1], &compatible), None);
    }
}
