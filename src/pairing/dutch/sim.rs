//! Simulated tournaments for property tests and benchmarks: a field of players, then round after
//! round paired by the engine with results drawn from a seeded generator (recorded seed, so every
//! run is reproducible).

use crate::model::Colour;
use crate::pairing::Pairing;

use super::state::{DutchTournament, Player, PointValues, Round, RoundOutcome};

/// A small deterministic generator (xorshift64*), seeded by the caller.
#[derive(Debug, Clone)]
pub struct Rng(u64);

impl Rng {
    /// A generator from `seed` (any value; zero is replaced).
    pub fn new(seed: u64) -> Rng {
        Rng(seed.max(1).wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// The next value.
    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// A value in `0..n` (`0` when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 { 0 } else { self.next_u64() % n }
    }
}

/// A tournament of `n` players (starting ranks 1..=n) and `rounds` rounds, nothing played yet.
pub fn new_tournament(n: u16, rounds: usize, initial: Colour) -> DutchTournament {
    DutchTournament {
        players: (1..=n)
            .map(|start_no| Player {
                start_no,
                rounds: Vec::new(),
            })
            .collect(),
        played_rounds: 0,
        total_rounds: rounds,
        points: PointValues::default(),
        initial_colour: initial,
        bonus: Vec::new(),
        acceleration: Vec::new(),
        prohibited: Vec::new(),
    }
}

/// Marks about `percent`% of the players absent from the next round (a `Z` or `H` entry),
/// as an arbiter does for requested byes.
pub fn mark_absences(t: &mut DutchTournament, percent: u64, rng: &mut Rng) {
    let next = t.played_rounds;
    for p in &mut t.players {
        if p.rounds.len() == next && rng.below(100) < percent {
            let outcome = if rng.below(2) == 0 {
                RoundOutcome::Loss
            } else {
                RoundOutcome::Draw
            };
            p.rounds.push(Round {
                outcome,
                ..Round::ABSENT
            });
        }
    }
}

/// Records `pairing` as the next round with random results: the higher-rated (lower starting
/// rank) side wins more often, `draw_percent`% are drawn, and about one game in fifty is
/// forfeited.
pub fn record(t: &mut DutchTournament, pairing: &Pairing, draw_percent: u64, rng: &mut Rng) {
    let next = t.played_rounds;
    let index = |t: &DutchTournament, no: u16| t.players.iter().position(|p| p.start_no == no);
    for &(w, b) in &pairing.pairs {
        let (Some(wi), Some(bi)) = (index(t, w), index(t, b)) else {
            continue;
        };
        let forfeit = rng.below(50) == 0;
        let roll = rng.below(100);
        let favourite_white = w < b;
        let white = if roll < draw_percent {
            RoundOutcome::Draw
        } else if roll.is_multiple_of(3) != favourite_white {
            RoundOutcome::Win
        } else {
            RoundOutcome::Loss
        };
        let white = if forfeit && white == RoundOutcome::Draw {
            RoundOutcome::Win
        } else {
            white
        };
        let black = match white {
            RoundOutcome::Win => RoundOutcome::Loss,
            RoundOutcome::Loss => RoundOutcome::Win,
            RoundOutcome::Draw => RoundOutcome::Draw,
        };
        for (i, o, c, out) in [
            (wi, bi, Colour::White, white),
            (bi, wi, Colour::Black, black),
        ] {
            t.players[i].rounds.push(Round {
                opponent: Some(o),
                colour: Some(c),
                outcome: out,
                played: !forfeit,
                participated: true,
            });
        }
    }
    if let Some(p) = pairing.bye.and_then(|no| index(t, no)) {
        t.players[p].rounds.push(Round {
            outcome: RoundOutcome::Win,
            participated: true,
            ..Round::ABSENT
        });
    }
    t.played_rounds = next + 1;
    for p in &mut t.players {
        if p.rounds.len() < t.played_rounds {
            p.rounds.push(Round::ABSENT);
        }
    }
}

/// A field of `n` players after `rounds` rounds paired greedily (players sorted by score, each
/// with the nearest opponent not met before; colours by fewer whites) with seeded results: a
/// realistic history made in milliseconds, for benchmarks of the real engine.
pub fn greedy_field(n: u16, rounds: usize, seed: u64) -> DutchTournament {
    let mut rng = Rng::new(seed);
    let mut t = new_tournament(n, rounds + 1, Colour::White);
    for _ in 0..rounds {
        let score = |t: &DutchTournament, i: usize| -> i32 {
            t.players[i].rounds.iter().map(|r| t.points.of(r)).sum()
        };
        let mut order: Vec<usize> = (0..t.players.len()).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(score(&t, i)), i));
        let mut used = vec![false; order.len()];
        let mut pairing = Pairing::default();
        for a in 0..order.len() {
            if used[a] {
                continue;
            }
            let pa = order[a];
            let partner = (a + 1..order.len()).find(|&b| {
                !used[b]
                    && !t.players[pa]
                        .rounds
                        .iter()
                        .any(|r| r.opponent == Some(order[b]))
            });
            used[a] = true;
            match partner {
                Some(b) => {
                    used[b] = true;
                    let pb = order[b];
                    let whites = |p: usize| {
                        t.players[p]
                            .rounds
                            .iter()
                            .filter(|r| r.colour == Some(Colour::White))
                            .count()
                    };
                    let (w, bl) = if whites(pa) <= whites(pb) {
                        (pa, pb)
                    } else {
                        (pb, pa)
                    };
                    pairing
                        .pairs
                        .push((t.players[w].start_no, t.players[bl].start_no));
                }
                None if pairing.bye.is_none() => pairing.bye = Some(t.players[pa].start_no),
                None => {}
            }
        }
        record(&mut t, &pairing, 30, &mut rng);
    }
    t
}
