//! One round of the FIDE Dutch engine on generated fields.
//!
//! The history before the measured round is made quickly: players are sorted by score and paired
//! greedily with the nearest opponent they have not met (colours by preference), with seeded
//! random results (`sim::Rng`). The measured round is then paired by the real engine.

use std::hint::black_box;

use bianpai::pairing::dutch::{DutchTournament, pair_tournament, sim};
use criterion::{Criterion, criterion_group, criterion_main};

/// The score groups of `t` (half-points, group sizes), to show the field is a realistic Swiss
/// field: many groups, the middle ones largest.
fn groups(t: &DutchTournament) -> Vec<(i32, usize)> {
    let mut by: std::collections::BTreeMap<i32, usize> = std::collections::BTreeMap::new();
    for p in &t.players {
        let s: i32 = p.rounds.iter().map(|r| t.points.of(r)).sum();
        *by.entry(s).or_default() += 1;
    }
    by.into_iter().rev().collect()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_round");
    g.sample_size(10);
    // 10,000 players only on request (`BIANPAI_BENCH_HUGE=1`): about 5 s per sample, ~110 MB.
    let huge = std::env::var_os("BIANPAI_BENCH_HUGE").is_some();
    let sizes: &[(u16, usize)] = if huge {
        &[(10_000, 7)]
    } else {
        &[(64, 6), (300, 6), (2_000, 7)]
    };
    for &(n, rounds) in sizes {
        let t = sim::greedy_field(n, rounds, 20_260_201);
        eprintln!(
            "{n} players after {rounds} rounds, score groups {:?}",
            groups(&t)
        );
        g.bench_function(format!("{n}_players_round_{}", rounds + 1), |b| {
            b.iter(|| pair_tournament(black_box(&t)).map(|p| p.pairs.len()))
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
