//! Pairing speed of the team Swiss (C.04.6) and the xiangqi Swiss on synthetic events.
//!
//! Each event is played out with the engine itself and results from a fixed linear
//! congruential sequence (seeded, so every run measures the same pairings); the benchmark then
//! pairs the first round and a middle round.

use bianpai::model::Colour::{self, Black as B, White as W};
use bianpai::model::Points;
use bianpai::pairing::PairingSystem;
use bianpai::pairing::team_swiss::TeamSwiss;
use bianpai::pairing::xiangqi_swiss::{
    XiangqiSwissOptions, XqPlayer, XqRound, XqRoundKind, pair_players,
};
use bianpai::tournament::{ByeKind, Entrant, History, Outcome, Slot, Team};
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

/// `n` teams of 5 boards after `rounds` rounds (with a PAB when `n` is odd), as the history
/// the engine reads.
fn team_event(n: u16, rounds: u32) -> History {
    const SEQ: [Colour; 5] = [W, B, W, B, W];
    let mut h = History {
        rounds_planned: 9,
        board_colours: SEQ.to_vec(),
        initial_colour: Some(W),
        ..History::default()
    };
    for number in 1..=n {
        let first = h.entrants.len();
        h.entrants.extend((0..SEQ.len()).map(|b| Entrant {
            start_no: (first + b + 1) as u16,
            name: format!("Player {number}.{b}"),
            rating: None,
            federation: String::new(),
            team: Some(usize::from(number - 1)),
            rounds: Vec::new(),
        }));
        h.teams.push(Team {
            number,
            name: format!("Team {number}"),
            members: (first..first + SEQ.len()).collect(),
        });
    }
    let mut rng = Lcg(2026);
    for _ in 0..rounds {
        let p = TeamSwiss::default()
            .pair(&h)
            .expect("synthetic event pairs");
        for &(w, b) in &p.pairs {
            let (tw, tb) = (usize::from(w - 1), usize::from(b - 1));
            for (board, &c) in SEQ.iter().enumerate() {
                // The stronger team (smaller TPN) is favoured a little.
                let (ow, ob) = match rng.next(if w < b { 7 } else { 6 }) {
                    0..=1 | 6 => (Outcome::Win, Outcome::Loss),
                    2..=3 => (Outcome::Draw, Outcome::Draw),
                    _ => (Outcome::Loss, Outcome::Win),
                };
                let (x, y) = (h.teams[tw].members[board], h.teams[tb].members[board]);
                for (me, opp, colour, outcome) in [(x, y, c, ow), (y, x, !c, ob)] {
                    h.entrants[me].rounds.push(Slot {
                        opponent: Some(opp),
                        colour: Some(colour),
                        outcome,
                    });
                }
            }
        }
        if let Some(t) = p.bye {
            for m in h.teams[usize::from(t - 1)].members.clone() {
                h.entrants[m].rounds.push(Slot {
                    opponent: None,
                    colour: None,
                    outcome: Outcome::Bye(ByeKind::Pab),
                });
            }
        }
        h.rounds_played += 1;
    }
    h
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
        let fresh = team_event(n, 0);
        c.bench_function(&format!("team_swiss/{n}_teams/round_1"), |b| {
            b.iter(|| TeamSwiss::default().pair(black_box(&fresh)))
        });
        let mid = team_event(n, 4);
        c.bench_function(&format!("team_swiss/{n}_teams/round_5"), |b| {
            b.iter(|| TeamSwiss::default().pair(black_box(&mid)))
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
