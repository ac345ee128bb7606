//! The FIDE Dutch engine on a big open, round by round: rounds 1, 2, 3 and 8 of 2,000 and 5,000
//! players (10,000 on request, `BIANPAI_BENCH_HUGE=1`).
//!
//! The fields are generated deterministically at bench time by `sim::greedy_field` (players by
//! score, each against the nearest one not met, seeded results); `benches/make_swiss_trf.py`
//! writes the same kind of field as a TRF for measuring `bianpai trf pair` from the command line
//! (`perf stat -e instructions`, `/usr/bin/time -v`), as docs/performance.md does.

use std::hint::black_box;

use bianpai::pairing::dutch::{pair_tournament, sim};
use criterion::{Criterion, criterion_group, criterion_main};

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("dutch_scale");
    g.sample_size(10);
    let huge = std::env::var_os("BIANPAI_BENCH_HUGE").is_some();
    let sizes: &[u16] = if huge { &[10_000] } else { &[2_000, 5_000] };
    for &n in sizes {
        for played in [0usize, 1, 2, 7] {
            let t = sim::greedy_field(n, played, 20_260_205);
            g.bench_function(format!("{n}_players_round_{}", played + 1), |b| {
                b.iter(|| pair_tournament(black_box(&t)).map(|p| p.pairs.len()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
