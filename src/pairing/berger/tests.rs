//! Berger tables: Fox's n = 12 table of RULES.md §C, small tables by hand, properties for every
//! size, and the team round robins of the tie-break corpus.

use super::{Round, double_schedule, schedule};
use std::collections::BTreeSet;

/// Parses `"1-12 2-11"` into pairs.
fn pairs(s: &str) -> Vec<(u16, u16)> {
    s.split_whitespace()
        .map(|p| {
            let (a, b) = p.split_once('-').expect("a-b");
            (a.parse().expect("number"), b.parse().expect("number"))
        })
        .collect()
}

#[test]
fn twelve_is_fox_table() {
    let table = [
        "1-12 2-11 3-10 4-9 5-8 6-7",
        "12-7 8-6 9-5 10-4 11-3 1-2",
        "2-12 3-1 4-11 5-10 6-9 7-8",
        "12-8 9-7 10-6 11-5 1-4 2-3",
        "3-12 4-2 5-1 6-11 7-10 8-9",
        "12-9 10-8 11-7 1-6 2-5 3-4",
        "4-12 5-3 6-2 7-1 8-11 9-10",
        "12-10 11-9 1-8 2-7 3-6 4-5",
        "5-12 6-4 7-3 8-2 9-1 10-11",
        "12-11 1-10 2-9 3-8 4-7 5-6",
        "6-12 7-5 8-4 9-3 10-2 11-1",
    ];
    let s = schedule(12).expect("valid");
    assert_eq!(s.len(), 11);
    for (r, (round, expected)) in s.iter().zip(table).enumerate() {
        assert_eq!(round.pairs, pairs(expected), "round {}", r + 1);
        assert_eq!(round.rest, None);
    }
}

#[test]
fn four_and_six_by_hand() {
    // RULES.md §A example / C.05: R1 1-4 2-3, R2 4-3 1-2, R3 2-4 3-1.
    let four: Vec<Vec<(u16, u16)>> = schedule(4)
        .expect("valid")
        .into_iter()
        .map(|r| r.pairs)
        .collect();
    assert_eq!(
        four,
        vec![pairs("1-4 2-3"), pairs("4-3 1-2"), pairs("2-4 3-1")]
    );
    let six: Vec<Vec<(u16, u16)>> = schedule(6)
        .expect("valid")
        .into_iter()
        .map(|r| r.pairs)
        .collect();
    assert_eq!(
        six,
        vec![
            pairs("1-6 2-5 3-4"),
            pairs("6-4 5-3 1-2"),
            pairs("2-6 3-1 4-5"),
            pairs("6-5 1-4 2-3"),
            pairs("3-6 4-2 5-1"),
        ]
    );
}

#[test]
fn odd_five_rests_the_dummys_partner() {
    // The six table with 6 as the dummy.
    let s = schedule(5).expect("valid");
    let expected = [
        ("2-5 3-4", 1),
        ("5-3 1-2", 4),
        ("3-1 4-5", 2),
        ("1-4 2-3", 5),
        ("4-2 5-1", 3),
    ];
    assert_eq!(s.len(), 5);
    for (round, (p, rest)) in s.iter().zip(expected) {
        assert_eq!(round.pairs, pairs(p));
        assert_eq!(round.rest, Some(rest));
    }
}

#[test]
fn two_and_three() {
    assert_eq!(
        schedule(2).expect("valid"),
        vec![Round {
            pairs: vec![(1, 2)],
            rest: None
        }]
    );
    let three = schedule(3).expect("valid");
    assert_eq!(three.len(), 3);
    let rests: Vec<Option<u16>> = three.iter().map(|r| r.rest).collect();
    // The four table (1-4 2-3, 4-3 1-2, 2-4 3-1) with 4 as the dummy.
    assert_eq!(rests, vec![Some(1), Some(3), Some(2)]);
}

#[test]
fn out_of_range_sizes_are_errors() {
    assert!(schedule(0).is_err());
    assert!(schedule(1).is_err());
    assert!(schedule(super::MAX_PARTICIPANTS + 1).is_err());
    assert!(double_schedule(1).is_err());
}

/// Checks the structural properties of one schedule.
fn check_properties(n: u16, rounds: &[Round], cycles: usize) {
    let big_n = n + n % 2;
    assert_eq!(rounds.len(), cycles * usize::from(big_n - 1), "n = {n}");
    let mut met = std::collections::BTreeMap::<(u16, u16), usize>::new();
    let mut whites = vec![0usize; usize::from(n) + 1];
    for (r, round) in rounds.iter().enumerate() {
        let mut seen = BTreeSet::new();
        for &(w, b) in &round.pairs {
            assert!(w != b && (1..=n).contains(&w) && (1..=n).contains(&b));
            assert!(seen.insert(w) && seen.insert(b), "n = {n} round {r}: twice");
            *met.entry((w.min(b), w.max(b))).or_default() += 1;
            whites[usize::from(w)] += 1;
        }
        if let Some(x) = round.rest {
            assert!(seen.insert(x));
        }
        // Every round a perfect matching of everyone (but the one resting).
        assert_eq!(seen.len(), usize::from(n), "n = {n} round {r}");
        assert_eq!(round.rest.is_some(), n % 2 == 1);
    }
    assert_eq!(met.len(), usize::from(n) * usize::from(n - 1) / 2);
    assert!(
        met.values().all(|&c| c == cycles),
        "n = {n}: a pair met unevenly"
    );
    let games = cycles * usize::from(n - 1);
    for w in whites.iter().skip(1) {
        // Colour counts balanced: whites and blacks differ by at most one per cycle.
        let blacks = games - w;
        assert!(
            w.abs_diff(blacks) <= cycles,
            "n = {n}: {w} whites of {games}"
        );
    }
}

#[test]
fn properties_for_every_size_up_to_40() {
    for n in 2..=40 {
        check_properties(n, &schedule(n).expect("valid"), 1);
        check_properties(n, &double_schedule(n).expect("valid"), 2);
    }
}

#[test]
fn matches_the_congruence_definition() {
    // i + j ≡ r + 1 (mod N−1) for i, j < N; 2i ≡ r + 1 for N; colours per RULES.md §C.
    for n in (4..=30).step_by(2) {
        let m = u32::from(n) - 1;
        for (r, round) in schedule(n).expect("valid").iter().enumerate() {
            let key = (r as u32 + 2) % m;
            for &(w, b) in &round.pairs {
                let (lo, hi) = (w.min(b), w.max(b));
                if hi == n {
                    assert_eq!((2 * u32::from(lo)) % m, key);
                    let lo_white = lo <= n / 2;
                    assert_eq!(w == lo, lo_white, "n {n} r {r} {w}-{b}");
                } else {
                    assert_eq!((u32::from(lo) + u32::from(hi)) % m, key);
                    let lower_white = (lo + hi) % 2 == 1;
                    assert_eq!(w == lo, lower_white, "n {n} r {r} {w}-{b}");
                }
            }
        }
    }
}

#[test]
fn double_round_robin_reverses_and_avoids_three_in_a_row_at_the_turn() {
    for n in 3..=20u16 {
        let single = schedule(n).expect("valid");
        let double = double_schedule(n).expect("valid");
        let len = single.len();
        // First cycle: the single schedule with its last two rounds swapped.
        assert_eq!(double[len - 1], single[len - 2]);
        assert_eq!(double[len - 2], single[len - 1]);
        assert_eq!(double[..len - 2], single[..len - 2]);
        // Second cycle: the single schedule with colours reversed.
        for (a, b) in double[len..].iter().zip(&single) {
            let flipped: Vec<(u16, u16)> = b.pairs.iter().map(|&(w, bl)| (bl, w)).collect();
            assert_eq!(a.pairs, flipped);
        }
        for p in 1..=n {
            let colours: Vec<Option<bool>> = double
                .iter()
                .map(|r| {
                    r.pairs
                        .iter()
                        .find_map(|&(w, b)| (w == p).then_some(true).or((b == p).then_some(false)))
                })
                .collect();
            // Around the turn (last three of cycle 1, first three of cycle 2).
            let window = &colours[len - 3..len + 3];
            let played: Vec<bool> = window.iter().flatten().copied().collect();
            for w in played.windows(3) {
                assert!(
                    !(w[0] == w[1] && w[1] == w[2]),
                    "n = {n}, player {p}: {window:?}"
                );
            }
        }
    }
}
