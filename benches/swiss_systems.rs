//! Pairing speed of the team Swiss (C.04.6) and the xiangqi Swiss on synthetic events.
//!
//! Each event is played out with the engine itself and results from a fixed linear
//! congruential sequence (seeded, so every run measures the same pairings); the benchmark then
//! pairs the first round and a middle round.

use bianpai::model::{Colour, Points};
use bianpai::pairing::team_swiss::{
    MatchRecord, RecordKind, TeamEntry, TeamSwissOptions, pair_teams,
};
use bianpai::pairing::xiangqi_swiss::{
    XiangqiSwissOptions, XqPlayer, XqRound, XqRoundKind, pair_players,
};
use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;

struct Lcg(u64);

impl Lcg {
    fn next(&mut self, m: u32) -> u32 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as u32) % m
    }
}

/// `n` teams of 5 boards after `rounds` rounds (with a PAB when `n` is odd).
fn team_event(n: u16, rounds: u32) -> (Vec<TeamEntry>, TeamSwissOptions) {
    let opts = TeamSwissOptions {
        total_rounds: Some(9),
        ..TeamSwissOptions::default()
    };
    let mut teams: Vec<TeamEntry> = (1..=n)
        .map(|tpn| TeamEntry {
            tpn,
            history: Vec::new(),
            available: true,
        })
        .collect();
    let mut rng = Lcg(2026);
    for r in 1..=rounds {
        let p = pair_teams(&teams, r, &opts).expect("synthetic event pairs");
        for x in &p.pairs {
            // Game points out of 5 boards in half-points (0..=10); the stronger team (smaller
            // TPN) is favoured a little.
            let mut gw = rng.next(11) as i32;
            if x.white < x.black && gw < 10 && rng.next(3) == 0 {
                gw += 1;
            }
            let mp = |a: i32, b: i32| {
                Points::from_whole(if a > b {
                    2
                } else if a == b {
                    1
                } else {
                    0
                })
            };
            let rec = |opp, c, g: i32, og: i32| MatchRecord {
                opponent: Some(opp),
                colour: Some(c),
                kind: RecordKind::Played,
                match_points: mp(g, og),
                game_points: Points::from_halves(g),
            };
            let (w, b) = (x.white, x.black);
            teams[usize::from(w - 1)]
                .history
                .push(rec(b, Colour::White, gw, 10 - gw));
            teams[usize::from(b - 1)]
                .history
                .push(rec(w, Colour::Black, 10 - gw, gw));
        }
        if let Some(t) = p.bye {
            teams[usize::from(t - 1)].history.push(MatchRecord {
                opponent: None,
                colour: None,
                kind: RecordKind::Pab,
                match_points: Points::from_whole(1),
                game_points: Points::from_halves(5),
            });
        }
    }
    (teams, opts)
}

/// `n` players from `n / 25` units after `rounds` rounds.
fn xiangqi_event(n: u16, rounds: u32) -> Vec<XqPlayer> {
    let units = (n / 25).max(3);
    let mut rng = Lcg(7);
    let mut players: Vec<XqPlayer> = (1..=n)
        .map(|id| XqPlayer {
            id,
            name: format!("Player {id:04}"),
            rating: 2600 - (id % 1500),
            unit: format!("U{:02}", rng.next(u32::from(units))),
            history: Vec::new(),
            available: true,
        })
        .collect();
    let opts = XiangqiSwissOptions::default();
    for r in 1..=rounds {
        let p = pair_players(&players, r, &opts).expect("synthetic event pairs");
        for &(red, black) in &p.pairs {
            let s = match rng.next(10) {
                0..=3 => 2,
                4..=6 => 1,
                _ => 0,
            };
            let rec = |opp, side, pts: i32| XqRound {
                opponent: Some(opp),
                side: Some(side),
                kind: XqRoundKind::Played,
                points: Points::from_whole(pts),
            };
            players[usize::from(red - 1)]
                .history
                .push(rec(black, Colour::White, s));
            players[usize::from(black - 1)]
                .history
                .push(rec(red, Colour::Black, 2 - s));
        }
        if let Some(b) = p.bye {
            players[usize::from(b - 1)].history.push(XqRound {
                opponent: None,
                side: None,
                kind: XqRoundKind::Bye,
                points: Points::from_whole(2),
            });
        }
    }
    players
}

fn team_swiss(c: &mut Criterion) {
    for n in [24u16, 200] {
        let (fresh, opts) = team_event(n, 0);
        c.bench_function(&format!("team_swiss/{n}_teams/round_1"), |b| {
            b.iter(|| pair_teams(black_box(&fresh), 1, &opts))
        });
        let (mid, opts) = team_event(n, 4);
        c.bench_function(&format!("team_swiss/{n}_teams/round_5"), |b| {
            b.iter(|| pair_teams(black_box(&mid), 5, &opts))
        });
    }
}

fn xiangqi_swiss(c: &mut Criterion) {
    let opts = XiangqiSwissOptions::default();
    for n in [300u16, 2000] {
        let fresh = xiangqi_event(n, 0);
        c.bench_function(&format!("xiangqi_swiss/{n}_players/round_1"), |b| {
            b.iter(|| pair_players(black_box(&fresh), 1, &opts))
        });
        let mid = xiangqi_event(n, 4);
        c.bench_function(&format!("xiangqi_swiss/{n}_players/round_5"), |b| {
            b.iter(|| pair_players(black_box(&mid), 5, &opts))
        });
    }
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(10);
    targets = team_swiss, xiangqi_swiss
}
criterion_main!(benches);
