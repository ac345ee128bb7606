//! TRF reading and writing on the largest reference file (101 players × 11 rounds) and a
//! team file (120 players, 24 `310` records), and Berger schedules.

use criterion::{Criterion, criterion_group, criterion_main};
use std::path::PathBuf;

/// `tests/reference/`, the reference set checked in with the crate.
fn reference() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/reference"))
}

fn bench(c: &mut Criterion) {
    for rel in [
        "tiebreaks/individual/ind-23-101p-11r-xq-tb2026.trf",
        "tiebreaks/team-swiss/tsw-04-24t-5b-09r-std-2025.trf",
    ] {
        let text = std::fs::read_to_string(reference().join(rel)).expect("reference file");
        let name = rel.rsplit('/').next().unwrap_or(rel);
        c.bench_function(&format!("trf parse {name}"), |b| {
            b.iter(|| bianpai::trf::parse(std::hint::black_box(&text)))
        });
        let trf = bianpai::trf::parse(&text).expect("reads");
        c.bench_function(&format!("trf write {name}"), |b| {
            b.iter(|| bianpai::trf::write(std::hint::black_box(&trf)))
        });
        let bare = bianpai::trf::without_layout(&trf);
        c.bench_function(&format!("trf write canonical {name}"), |b| {
            b.iter(|| bianpai::trf::write(std::hint::black_box(&bare)))
        });
    }
    c.bench_function("berger double schedule 20", |b| {
        b.iter(|| bianpai::pairing::berger::double_schedule(std::hint::black_box(20)))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
