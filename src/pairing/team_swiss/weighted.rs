//! Maximum-weight matching for the team Swiss brackets, over the crate's one blossom solver
//! ([`crate::pairing::matching::Matcher`]).
//!
//! Used where a pairing rule says "minimise" over whole pairings (C.04.6 [C8]-[C10]): each pair
//! gets an integer weight whose digits encode the criteria in priority order, and the heaviest
//! matching is the best pairing.

use crate::pairing::matching::Matcher;

/// A maximum-weight matching of the graph with `n` vertices and `edges` `(u, v, weight)`.
/// Edges with weight ≤ 0 never help and are left out; of an edge given twice, the heavier
/// counts. Returns `mate[v]`.
pub(crate) fn max_weight_matching(n: usize, edges: &[(usize, usize, i64)]) -> Vec<Option<usize>> {
    let mut m = Matcher::<u64>::new(n);
    for &(u, v, w) in edges {
        let Ok(w) = u64::try_from(w) else { continue };
        if w > m.weight(u, v) {
            m.set_weight(u, v, w);
        }
    }
    m.compute()
        .iter()
        .enumerate()
        .map(|(v, &p)| (p != v).then_some(p))
        .collect()
}

#[cfg(test)]
#[allow(clippy::needless_range_loop)] // adjacency matrices indexed by vertex pairs
mod tests {
    use super::*;

    fn brute(n: usize, w: &[Vec<i64>], free: u32) -> i64 {
        if free == 0 {
            return 0;
        }
        let a = free.trailing_zeros() as usize;
        let rest = free & !(1 << a);
        let mut best = brute(n, w, rest);
        for b in a + 1..n {
            if rest & (1 << b) != 0 && w[a][b] > 0 {
                best = best.max(w[a][b] + brute(n, w, rest & !(1 << b)));
            }
        }
        best
    }

    #[test]
    fn optimal_on_random_graphs() {
        let mut seed: u64 = 99;
        let mut next = || {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            (seed >> 33) as i64
        };
        for round in 0..3000 {
            let n = (next() % 9) as usize + 1;
            let maxw = if round % 3 == 0 { 3 } else { 1000 };
            let mut w = vec![vec![0i64; n]; n];
            let mut edges = Vec::new();
            for u in 0..n {
                for v in u + 1..n {
                    if next() % 3 != 0 {
                        let x = next() % maxw + 1;
                        w[u][v] = x;
                        w[v][u] = x;
                        edges.push((u, v, x));
                    }
                }
            }
            let mate = max_weight_matching(n, &edges);
            let mut total = 0;
            for (v, m) in mate.iter().enumerate() {
                if let Some(m) = *m {
                    assert_eq!(mate[m], Some(v));
                    assert!(w[v][m] > 0);
                    if v < m {
                        total += w[v][m];
                    }
                }
            }
            assert_eq!(
                total,
                brute(n, &w, (1u32 << n) - 1),
                "n={n} edges={edges:?}"
            );
        }
    }
}
