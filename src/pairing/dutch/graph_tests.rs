//! [`Graph::set_sum`] against the path it replaces: the sum built in full, encoded and
//! interned by value ([`Graph::set`]).

use super::*;
use crate::pairing::dutch::engine::SHORTCUT;
use crate::pairing::dutch::state::DutchTournament;
use crate::pairing::dutch::{pair_tournament, sim};

/// The field of `t` and its players sorted as the engine sorts them.
fn sorted_field(t: &DutchTournament) -> (Field, Vec<usize>) {
    let f = Field::new(t);
    let mut sorted = f.present.clone();
    sorted.sort_by(|&a, &b| {
        let (x, y) = (&f.states[a], &f.states[b]);
        y.score.cmp(&x.score).then(x.rank.cmp(&y.rank))
    });
    (f, sorted)
}

/// The addend of step `step` for the pair `{larger, smaller}`, in the shapes the bracket
/// procedure uses: none, the remainder's (S1 flag and BSN term), nudged by one, an order.
fn addend(step: usize, larger: usize, smaller: usize, band: i64) -> i64 {
    let remainder = i64::from(smaller < 9) * band - 2 * smaller as i64;
    match step {
        1 | 5 => remainder,
        2 => remainder + 1,
        3 => remainder - 1,
        4 => (larger + 2 * smaller) as i64,
        _ => 0,
    }
}

#[test]
fn set_sum_writes_exactly_the_weights_of_the_wide_sums() {
    // A bracket of a generated field after two rounds: its top score group, the next one
    // below it, the rest as `L`; every mode of the graph.
    let t = sim::greedy_field(121, 2, 5);
    let (f, sorted) = sorted_field(&t);
    let lay = Layout::new(&t, &f, &sorted);
    let bye = ByeInfo::default();
    let score = |v: usize| f.states[sorted[v]].score;
    let b_len = (0..sorted.len())
        .take_while(|&v| score(v) == score(0))
        .count();
    let u_len = (b_len..sorted.len())
        .take_while(|&v| score(v) == score(b_len))
        .count()
        + b_len;
    let u: Vec<usize> = (0..u_len).collect();
    let mut base = Base::<4>::new();
    base.reset(u_len);
    for larger in 0..u_len {
        for smaller in 0..larger {
            let (hi, lo) = (&f.states[sorted[smaller]], &f.states[sorted[larger]]);
            let inside = larger < b_len;
            let w = edge_weight::<4>(&lay, &f, hi, lo, inside, !inside, &bye);
            let id = base.intern(w);
            base.push_id(larger, id);
        }
    }
    let band = 1i64 << (2 * lay.size_bits + 1);
    let mut modes = Vec::new();
    for (full, bracket) in [(false, true), (false, false), (true, false)] {
        BRACKET_MODE.with(|c| c.set((bracket, 0, 0)));
        let mut fast = Graph::<4>::new(&lay, &f, &sorted, &bye);
        let mut wide = Graph::<4>::new(&lay, &f, &sorted, &bye);
        assert!(fast.begin(&u, b_len, 0, u_len, full, &lay));
        assert!(wide.begin(&u, b_len, 0, u_len, full, &lay));
        fast.set_band(band);
        modes.push(fast.mode);
        SUMS.with(|c| c.set((0, 0)));
        for step in 0..6 {
            for larger in 0..u_len {
                for smaller in 0..larger {
                    let (bid, a) = (
                        base.id(larger, smaller),
                        addend(step, larger, smaller, band),
                    );
                    fast.set_sum(larger, smaller, &base, bid, a);
                    let w = if bid == 0 {
                        Wide::ZERO
                    } else {
                        sum(base.value(bid), a)
                    };
                    wide.set(larger, smaller, w);
                }
            }
            let len = fast.m.len();
            assert_eq!(len, wide.m.len());
            for i in 0..len {
                for j in 0..len {
                    assert_eq!(fast.m.weight(i, j), wide.m.weight(i, j), "step {step}");
                }
            }
            assert_eq!(fast.m.compute(), wide.m.compute(), "step {step}");
        }
        // Not vacuous: weights were written, most of them found in the tables (step 5
        // repeats step 1), and the steps changed the matrix (zero stays zero).
        let (written, hits) = SUMS.with(|c| c.get());
        assert!(
            written >= 6 * b_len * (b_len - 1) / 2 && b_len > 8,
            "{written}"
        );
        assert!(hits * 2 > written, "{hits} of {written}");
    }
    BRACKET_MODE.with(|c| c.set((true, 0, 0)));
    assert_eq!(modes, vec![Mode::Bracket, Mode::Groups, Mode::Full]);
}

#[test]
fn the_bracket_procedure_writes_its_weights_through_the_tables() {
    // Every weight the procedure writes through `set_sum` is checked there against the
    // wide sum; rounds of generated fields, even and odd, without the shortcut and with
    // every remainder weighted (none skipped by the proof that it needs no exchange).
    SHORTCUT.with(|c| c.set((false, 0)));
    crate::pairing::dutch::engine::NO_EXCHANGE_PROOF.with(|c| c.set((false, 0)));
    SUMS.with(|c| c.set((0, 0)));
    for (n, rounds, seed) in [(40, 2, 3), (71, 4, 8), (150, 6, 9), (201, 8, 10)] {
        let t = sim::greedy_field(n, rounds, seed);
        assert!(pair_tournament(&t).is_ok(), "{n} players");
    }
    SHORTCUT.with(|c| c.set((true, 0)));
    crate::pairing::dutch::engine::NO_EXCHANGE_PROOF.with(|c| c.set((true, 0)));
    let (written, hits) = SUMS.with(|c| c.get());
    assert!(written > 10_000, "{written}");
    assert!(hits * 10 > written * 7, "{hits} of {written}");
}
