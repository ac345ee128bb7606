//! The FIDE Dutch engine on a big open, round by round: rounds 1, 2, 3 and 8 of 2,000 and 5,000
//! players (10,000 on request).
//!
//! The fields are generated deterministically at bench time by `sim::greedy_field` (players by
//! score, each against the nearest one not met, seeded results); `benches/make_swiss_trf.py`
//! writes the same kind of field as a TRF for measuring `bianpai trf pair` from the command line
//! (`perf stat -e instructions`, `/usr/bin/time -v`), as docs/performance.md does.
//!
//! Which fields: `BIANPAI_BENCH_HUGE=1` measures 10,000 players instead of 2,000 and 5,000;
//! `BIANPAI_BENCH_SIZES=2000,10000` and `BIANPAI_BENCH_ROUNDS=3,8` choose sizes and rounds
//! (the round being paired, 1-based). Every round of 10,000 players pairs in under a second
//! (docs/performance.md, issue 48).

use std::hint::black_box;

use bianpai::pairing::dutch::{pair_tournament, sim};
use criterion::{Criterion, criterion_group, criterion_main};

/// A comma-separated list of numbers from the environment, or `default`.
fn list<T: std::str::FromStr + Copy>(var: &str, default: &[T]) -> Vec<T> {
    let Some(v) = std::env::var_os(var) else {
        return default.to_vec();
    };
    let parsed: Vec<T> = v
        .to_string_lossy()
        .split(',')
        .filter_map(|s| s.trim().parse().ok())
        .collect();
    if parsed.is_empty() {
        default.to_vec()
    } else {
        parsed
    }
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_scale");
    g.sample_size(10);
    let huge = std::env::var_os("BIANPAI_BENCH_HUGE").is_some();
    let default_sizes: &[u16] = if huge { &[10_000] } else { &[2_000, 5_000] };
    let sizes = list("BIANPAI_BENCH_SIZES", default_sizes);
    let rounds = list("BIANPAI_BENCH_ROUNDS", &[1usize, 2, 3, 8]);
    for &n in &sizes {
        for &round in rounds.iter().filter(|&&r| r >= 1) {
            let t = sim::greedy_field(n, round - 1, 20_260_205);
            g.bench_function(format!("{n}_players_round_{round}"), |b| {
                b.iter(|| pair_tournament(black_box(&t)).map(|p| p.pairs.len()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
