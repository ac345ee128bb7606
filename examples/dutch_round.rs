//! Pairs one round of a generated field and prints the time taken: a quick probe for profiling
//! (`perf record`); the measured figures come from `benches/pairing.rs`.
//!
//! `cargo run --release --example dutch_round -- <players> <rounds played> [repeats]`

use bianpai::pairing::dutch::{pair_tournament, sim};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |i: usize, d: u64| args.get(i).and_then(|a| a.parse().ok()).unwrap_or(d);
    let n = u16::try_from(arg(1, 2_000)).unwrap_or(u16::MAX);
    let rounds = arg(2, 7) as usize;
    let repeats = arg(3, 1);
    let t = sim::greedy_field(n, rounds, 20_260_201);
    let mut groups = std::collections::BTreeMap::<i32, usize>::new();
    for p in &t.players {
        *groups
            .entry(p.rounds.iter().map(|r| t.points.of(r)).sum())
            .or_default() += 1;
    }
    println!("score groups (half-points, players): {groups:?}");
    for _ in 0..repeats {
        let start = std::time::Instant::now();
        match pair_tournament(&t) {
            Ok(p) => {
                let elapsed = start.elapsed();
                // A checksum of the pairing, to compare two builds.
                let sum = p.pairs.iter().enumerate().fold(0u64, |h, (i, &(w, b))| {
                    h.wrapping_mul(1_000_003)
                        .wrapping_add((i as u64) << 32 | u64::from(w) << 16 | u64::from(b))
                });
                println!(
                    "{n} players: {} pairs (checksum {sum:016x}, bye {:?}) in {elapsed:?}",
                    p.pairs.len(),
                    p.bye
                )
            }
            Err(e) => println!("{n} players: {e} after {:?}", start.elapsed()),
        }
    }
}
