//! Standings with tie-breaks: a 12-team × 11-round league (5 boards, round robin) and a
//! 300-player, 9-round Swiss, with generated deterministic results.

use criterion::{Criterion, criterion_group, criterion_main};

use bianpai::model::{Colour, GameResult, Points};
use bianpai::scoring::{Edition, ResultPoints, Tournament, parse_list, standings};
use bianpai::tournament::{Entrant, History, ScoreTable, Slot, Team, ViewOptions};

/// A small deterministic generator (64-bit LCG), so the data is the same on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
    fn result(&mut self) -> GameResult {
        match self.next() % 10 {
            0..=3 => GameResult::Win,
            4..=6 => GameResult::Draw,
            7 => GameResult::ForfeitWin,
            _ => GameResult::Loss,
        }
    }
}

/// A 12-team round robin over five boards, as its history scores it.
fn league() -> Tournament {
    let (n, boards, rounds) = (12usize, 5usize, 11usize);
    let cols = [
        Colour::White,
        Colour::Black,
        Colour::White,
        Colour::Black,
        Colour::White,
    ];
    let mut h = History {
        rounds_played: rounds,
        match_points: ScoreTable {
            win: Points::from_whole(2),
            draw: Points::from_whole(1),
            ..ScoreTable::default()
        },
        board_colours: cols.to_vec(),
        round_robin: Some(true),
        edition: Some(Edition::E2026),
        ..History::default()
    };
    for t in 0..n {
        let members: Vec<usize> = (t * boards..(t + 1) * boards).collect();
        for &m in &members {
            h.entrants.push(Entrant {
                start_no: u16::try_from(m + 1).unwrap_or(0),
                name: format!("P{m}"),
                rating: None,
                federation: String::new(),
                team: Some(t),
                rounds: vec![Slot::UNPAIRED; rounds],
            });
        }
        h.teams.push(Team {
            number: u16::try_from(t + 1).unwrap_or(0),
            name: format!("Team {}", t + 1),
            members,
        });
    }
    let mut rng = Lcg(7);
    // Circle method: team 11 (0-based) fixed, the others rotate.
    for r in 0..rounds {
        let mut pairs = vec![(11usize, r)];
        for k in 1..6usize {
            pairs.push(((r + k) % 11, (r + 11 - k) % 11));
        }
        for (a, c) in pairs {
            for (b, &colour) in cols.iter().enumerate() {
                let res = rng.result();
                let (x, y) = (a * boards + b, c * boards + b);
                h.entrants[x].rounds[r] = Slot {
                    opponent: Some(y),
                    colour: Some(colour),
                    outcome: res.into(),
                };
                h.entrants[y].rounds[r] = Slot {
                    opponent: Some(x),
                    colour: Some(!colour),
                    outcome: res.reversed().into(),
                };
            }
        }
    }
    h.scored(ViewOptions::default())
}

fn swiss() -> Tournament {
    let n = 300usize;
    let rounds = 9;
    let entrants = (0..n)
        .map(|i| {
            let rating = 2600 - u16::try_from(i * 3).unwrap_or(0);
            (
                u16::try_from(i + 1).unwrap_or(0),
                format!("P{i}"),
                Some(rating),
            )
        })
        .collect();
    let mut b = History::individual(entrants, rounds, ResultPoints::CHESS, false);
    let mut rng = Lcg(11);
    let mut score = vec![0i32; n];
    let mut met = vec![vec![false; n]; n];
    for r in 1..=rounds {
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&i| (-score[i], i));
        let mut paired = vec![false; n];
        for idx in 0..n {
            let a = order[idx];
            if paired[a] {
                continue;
            }
            let opp = order[idx + 1..]
                .iter()
                .copied()
                .find(|&c| !paired[c] && !met[a][c]);
            let Some(c) = opp else { continue };
            paired[a] = true;
            paired[c] = true;
            met[a][c] = true;
            met[c][a] = true;
            let res = rng.result();
            let (wa, wc) = match res {
                GameResult::Win | GameResult::ForfeitWin => (2, 0),
                GameResult::Draw => (1, 1),
                _ => (0, 2),
            };
            score[a] += wa;
            score[c] += wc;
            let (w, bl) = if (r + idx) % 2 == 0 { (a, c) } else { (c, a) };
            let res = if w == a { res } else { res.reversed() };
            b.add_game(r, w, bl, res).expect("valid pairing");
        }
    }
    b.scored(ViewOptions {
        edition: Some(Edition::E2026),
        ..ViewOptions::default()
    })
}

fn bench(c: &mut Criterion) {
    let lg = league();
    let lg_keys = parse_list("MPTS GPTS EDE ESB:MG ESB:MM BC BH:MP").expect("codes");
    c.bench_function("league 12 teams x 11 rounds", |bch| {
        bch.iter(|| standings(&lg, &lg_keys))
    });
    let sw = swiss();
    let sw_keys = parse_list("PTS BH/C1 BH BH/M1 SB DE WIN WON BPG BWG PS ARO").expect("codes");
    c.bench_function("swiss 300 players x 9 rounds", |bch| {
        bch.iter(|| standings(&sw, &sw_keys))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
