//! Blossom solver tests: hand cases and a brute-force oracle on small random graphs.

use super::stage::{NONE, State};
use super::*;

/// The best total weight over all matchings, by exhaustive search.
fn brute(n: usize, w: &[Vec<u64>], used: &mut Vec<bool>) -> u64 {
    let Some(v) = (0..n).find(|&v| !used[v]) else {
        return 0;
    };
    used[v] = true;
    // v unmatched
    let mut best = brute(n, w, used);
    for u in v + 1..n {
        if !used[u] && w[v][u] > 0 {
            used[u] = true;
            best = best.max(w[v][u] + brute(n, w, used));
            used[u] = false;
        }
    }
    used[v] = false;
    best
}

/// A seeded xorshift generator for random graphs.
fn xorshift(mut seed: u64) -> impl FnMut() -> u64 {
    move || {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed
    }
}

#[test]
fn odd_cycle_needs_a_blossom() {
    // Triangle 0-1-2 with a pendant 3 on 2: best is 0-1 + 2-3.
    let mut m = Matcher::<u64>::new(4);
    m.set_weight(0, 1, 6);
    m.set_weight(1, 2, 6);
    m.set_weight(0, 2, 6);
    m.set_weight(2, 3, 1);
    assert_eq!(m.compute(), &[1, 0, 3, 2]);
}

#[test]
fn forced_pairs_stay_paired() {
    let mut m = Matcher::<u64>::new(5);
    m.set_weight(0, 4, 9);
    m.set_weight(1, 2, 3);
    m.set_weight(2, 3, 4);
    assert_eq!(m.compute(), &[4, 1, 3, 2, 0]);
}

#[test]
#[allow(clippy::needless_range_loop)] // a weight matrix reads clearest by index
fn matches_brute_force_on_random_graphs() {
    let mut next = xorshift(0x2545_f491_4f6c_dd1d);
    for round in 0..3000 {
        let n = 2 + (next() % 9) as usize;
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        let dense = next() % 3;
        for a in 0..n {
            for b in a + 1..n {
                if next() % 3 <= dense {
                    let x = 1 + next() % if round % 2 == 0 { 5 } else { 1000 };
                    w[a][b] = x;
                    w[b][a] = x;
                    m.set_weight(a, b, x);
                }
            }
        }
        let mates = m.compute().to_vec();
        let mut total = 0;
        for v in 0..n {
            let u = mates[v];
            assert_eq!(mates[u], v, "not symmetric");
            if u > v {
                assert!(w[v][u] > 0, "non-edge used");
                total += w[v][u];
            }
        }
        assert_eq!(
            total,
            brute(n, &w, &mut vec![false; n]),
            "round {round}: {w:?}"
        );
    }
}

#[test]
fn wide_weights_agree_with_u64() {
    let mut m = Matcher::<Wide<3>>::new(6);
    let mut s = Matcher::<u64>::new(6);
    let ws = [
        (0, 1, 7),
        (1, 2, 9),
        (2, 3, 7),
        (3, 4, 9),
        (4, 5, 7),
        (5, 0, 9),
        (0, 3, 3),
    ];
    for (a, b, x) in ws {
        // The same weights shifted far up must give the same matching.
        m.set_weight(a, b, Wide::from_u64(x).wrapping_shl(150));
        s.set_weight(a, b, x);
    }
    assert_eq!(m.compute().to_vec(), s.compute().to_vec());
}

/// The total weight of `mates` under `w`, checking that it is a matching on existing edges.
fn total_of(w: &[Vec<u64>], mates: &[usize]) -> u64 {
    let mut total = 0;
    for (v, &u) in mates.iter().enumerate() {
        assert_eq!(mates[u], v, "not symmetric");
        if u > v {
            assert!(w[v][u] > 0, "non-edge used");
            total += w[v][u];
        }
    }
    total
}

#[test]
fn warm_starts_match_brute_force_after_changes() {
    let mut next = xorshift(0x9e37_79b9_7f4a_7c15);
    for round in 0..400 {
        let n = 2 + (next() % 10) as usize;
        let range = if round % 2 == 0 { 6 } else { 1000 };
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        let set = |m: &mut Matcher<u64>, w: &mut Vec<Vec<u64>>, a: usize, b: usize, x: u64| {
            w[a][b] = x;
            w[b][a] = x;
            m.set_weight(a, b, x);
        };
        for a in 0..n {
            for b in a + 1..n {
                if !next().is_multiple_of(3) {
                    let x = 1 + next() % range;
                    set(&mut m, &mut w, a, b, x);
                }
            }
        }
        for step in 0..12 {
            let mates = m.compute().to_vec();
            assert_eq!(
                total_of(&w, &mates),
                brute(n, &w, &mut vec![false; n]),
                "round {round} step {step}: {w:?}"
            );
            // Change the edges of one or two vertices, as the bracket procedure does.
            for _ in 0..1 + next() % 2 {
                let v = (next() % n as u64) as usize;
                match next() % 4 {
                    0 => {
                        let keep = (next() % n as u64) as usize;
                        for u in 0..n {
                            if u != v && u != keep {
                                set(&mut m, &mut w, v, u, 0);
                            }
                        }
                    }
                    _ => {
                        for u in 0..n {
                            if u != v && next().is_multiple_of(2) {
                                let x = if next().is_multiple_of(4) {
                                    0
                                } else {
                                    1 + next() % range
                                };
                                set(&mut m, &mut w, v, u, x);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The best total of a matching that pairs `a` with `b`.
fn brute_with(n: usize, w: &[Vec<u64>], a: usize, b: usize) -> Option<u64> {
    if w[a][b] == 0 {
        return None;
    }
    let mut used = vec![false; n];
    used[a] = true;
    used[b] = true;
    Some(w[a][b] + brute(n, w, &mut used))
}

#[test]
#[allow(clippy::needless_range_loop)] // a weight matrix reads clearest by index
fn duals_rule_out_edges_and_tight_cycles_keep_the_optimum() {
    let mut next = xorshift(0x1234_5678_9abc_def1);
    let (mut ruled_out, mut swapped, mut swapped_in_blossoms) = (0, 0, 0);
    for round in 0..2000 {
        let n = 4 + (next() % 7) as usize;
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if !next().is_multiple_of(4) {
                    // Few distinct values: many ties, so many tight edges.
                    let x = 1 + next() % if round % 2 == 0 { 3 } else { 40 };
                    w[a][b] = x;
                    w[b][a] = x;
                    m.set_weight(a, b, x);
                }
            }
        }
        let best = total_of(&w, m.compute());
        assert_eq!(best, brute(n, &w, &mut vec![false; n]));
        for a in 0..n {
            for b in 0..n {
                if a != b && m.loose(a, b) {
                    ruled_out += 1;
                    assert!(
                        brute_with(n, &w, a, b).is_none_or(|t| t < best),
                        "round {round}: {a}-{b} ruled out but optimal in {w:?}"
                    );
                }
            }
        }
        // A few swaps in a row, each checked, then the duals must still rule edges out
        // soundly and a fresh solve must find nothing better.
        for _ in 0..3 {
            let p = (next() % n as u64) as usize;
            let f = (next() % n as u64) as usize;
            let before = m.mates().to_vec();
            let through_blossom = m.in_blossom(p) || m.in_blossom(f);
            if let Some(changed) = m.swap_through(p, f) {
                swapped += 1;
                swapped_in_blossoms += usize::from(through_blossom);
                let mates = m.mates().to_vec();
                assert_eq!(mates[p], f);
                assert_eq!(mates[f], p);
                assert_eq!(total_of(&w, &mates), best, "round {round}: {w:?}");
                for v in 0..n {
                    assert_eq!(mates[mates[v]], v, "round {round}: not a matching");
                    assert!(
                        mates[v] == before[v] || changed.contains(&v),
                        "round {round}: {v} changed unreported"
                    );
                }
                check_state(m.state(), &format!("round {round}"));
            }
        }
        for a in 0..n {
            for b in 0..n {
                if a != b && m.loose(a, b) {
                    assert!(brute_with(n, &w, a, b).is_none_or(|t| t < best));
                }
            }
        }
        let p = (next() % n as u64) as usize;
        let q = (next() % n as u64) as usize;
        // The duals still certify the matching: a solve after an unchanged weight keeps it.
        m.set_weight(p, q, w[p][q]);
        assert_eq!(total_of(&w, m.compute()), best);
    }
    assert!(
        ruled_out > 1000 && swapped > 100 && swapped_in_blossoms > 10,
        "{ruled_out} {swapped} {swapped_in_blossoms}"
    );
}

/// Asserts the solver's invariants: every edge's reduced cost non-negative and zero on the
/// matching, exposed vertices at dual zero, and every blossom an odd cycle of tight edges
/// matched away from its base child, with consistent parents, bases and top-level map.
fn check_state(s: &State<u64>, at: &str) {
    let n = s.n;
    let inside = |v: usize, b: usize| {
        let mut x = v;
        while x != NONE && x != b {
            x = s.blossomparent[x];
        }
        x == b
    };
    let reduced = |a: usize, b: usize| {
        let mut shared = 0;
        for c in n..2 * n {
            if s.blossombase[c] != NONE && inside(a, c) && inside(b, c) {
                shared += 2 * s.dual[c];
            }
        }
        (s.dual[a] + s.dual[b] + shared) as i128 - 2 * s.weight(a, b) as i128
    };
    for a in 0..n {
        let mut top = a;
        while s.blossomparent[top] != NONE {
            top = s.blossomparent[top];
        }
        assert_eq!(s.inblossom[a], top, "{at}: inblossom of {a}");
        let m = s.partner(a);
        if m == NONE {
            assert_eq!(s.dual[a], 0, "{at}: exposed {a} with a positive dual");
        } else {
            assert_eq!(s.partner(m), a, "{at}: mates of {a}");
            assert!(s.weight(a, m) > 0, "{at}: matched non-edge {a}-{m}");
            assert_eq!(reduced(a, m), 0, "{at}: matched {a}-{m} not tight");
        }
        for b in 0..n {
            if a != b && s.weight(a, b) > 0 {
                assert!(reduced(a, b) >= 0, "{at}: {a}-{b} violated");
            }
        }
    }
    for b in n..2 * n {
        if s.blossombase[b] == NONE {
            continue;
        }
        let childs = &s.blossomchilds[b];
        let endps = &s.blossomendps[b];
        let len = childs.len();
        assert!(
            len >= 3 && len % 2 == 1,
            "{at}: blossom {b} of {len} children"
        );
        assert_eq!(endps.len(), len, "{at}: blossom {b} edges");
        let base_of = |c: usize| if c < n { c } else { s.blossombase[c] };
        assert_eq!(s.blossombase[b], base_of(childs[0]), "{at}: base of {b}");
        for (i, &c) in childs.iter().enumerate() {
            assert_eq!(s.blossomparent[c], b, "{at}: parent of {c}");
            let p = endps[i];
            let (from, to) = (p / n, p % n);
            assert!(inside(to, c), "{at}: blossom {b} edge {i} end");
            assert!(
                inside(from, childs[(i + 1) % len]),
                "{at}: blossom {b} edge {i} start"
            );
            assert_eq!(reduced(from, to), 0, "{at}: blossom {b} edge {i} not tight");
            if i % 2 == 1 {
                assert_eq!(s.partner(to), from, "{at}: blossom {b} edge {i} unmatched");
                assert_eq!(base_of(c), to, "{at}: base of child {c}");
                assert_eq!(base_of(childs[(i + 1) % len]), from, "{at}: base of child");
            }
        }
    }
}

/// Whether `a` and `b` lie in one top-level blossom.
fn shared_blossom(s: &State<u64>, a: usize, b: usize) -> bool {
    s.inblossom[a] == s.inblossom[b] && a != b
}

#[test]
#[allow(clippy::needless_range_loop)] // a weight matrix reads clearest by index
fn swaps_inside_blossoms_and_to_exposed_vertices_give_a_solve_s_optimum() {
    let mut next = xorshift(0x0dd_ba11_cafe_f00d);
    let (mut nested, mut exposing, mut optimal_pairs, mut swapped) = (0, 0, 0, 0);
    for round in 0..2000 {
        let n = 5 + (next() % 6) as usize;
        let mut w = vec![vec![0u64; n]; n];
        let mut m = Matcher::<u64>::new(n);
        let dense = round % 3 != 0;
        for a in 0..n {
            for b in a + 1..n {
                if dense || !next().is_multiple_of(3) {
                    // Few distinct values: ties, blossoms and vertices left over at dual zero.
                    let x = 1 + next() % [2, 3, 5][round % 3];
                    w[a][b] = x;
                    w[b][a] = x;
                    m.set_weight(a, b, x);
                }
            }
        }
        let at = format!("round {round}: {w:?}");
        let mut best = total_of(&w, m.compute());
        assert_eq!(best, brute(n, &w, &mut vec![false; n]), "{at}");
        check_state(m.state(), &at);
        for step in 0..6 {
            let p = (next() % n as u64) as usize;
            let f = (next() % n as u64) as usize;
            if p == f {
                continue;
            }
            let inner = shared_blossom(m.state(), p, f);
            let before = m.mates().to_vec();
            let possible = brute_with(n, &w, p, f) == Some(best);
            optimal_pairs += usize::from(possible);
            match m.swap_through(p, f) {
                Some(changed) => {
                    assert!(possible, "{at}: swapped {p}-{f} into no optimum");
                    swapped += 1;
                    nested += usize::from(inner);
                    let mates = m.mates().to_vec();
                    assert_eq!((mates[p], mates[f]), (f, p), "{at}");
                    assert_eq!(total_of(&w, &mates), best, "{at} step {step}");
                    exposing += usize::from((0..n).any(|v| (mates[v] == v) != (before[v] == v)));
                    for v in 0..n {
                        assert!(mates[v] == before[v] || changed.contains(&v), "{at}");
                    }
                    check_state(m.state(), &format!("{at} after {p}-{f}"));
                }
                None => assert_eq!(m.mates(), &before[..], "{at}: a refused swap changed"),
            }
            // Sometimes change a vertex's edges and solve again from the swapped state.
            if next().is_multiple_of(3) {
                let v = (next() % n as u64) as usize;
                for u in 0..n {
                    if u != v && next().is_multiple_of(2) {
                        let x = if next().is_multiple_of(3) {
                            0
                        } else {
                            1 + next() % 3
                        };
                        w[v][u] = x;
                        w[u][v] = x;
                        m.set_weight(v, u, x);
                    }
                }
                best = total_of(&w, m.compute());
                assert_eq!(best, brute(n, &w, &mut vec![false; n]), "{at} step {step}");
                check_state(m.state(), &format!("{at} step {step}"));
            }
        }
    }
    assert!(
        nested > 100 && exposing > 20 && swapped > 1000,
        "{nested} {exposing} {swapped} of {optimal_pairs}"
    );
    eprintln!(
        "swapped {swapped} ({nested} inside blossoms, {exposing} exposing) of {optimal_pairs}"
    );
}
