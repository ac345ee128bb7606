//! Hand-computed checks: the RULES §A.7 worked 4-team example, the TEC 2024/2026 Buchholz
//! numbers of §A.4, and the SB-C1 tie rule (14.1, 2024-08).

use crate::model::{Colour, GameResult, Points};

use super::boards::board_points;
use super::codes::{TieBreak, parse_list};
use super::rational::Rational;
use super::standings::{Standings, Value, standings};
use super::team::team_standings;
use super::tournament::{Edition, ResultPoints, Tournament};
use crate::tournament::ByeKind;

fn h(x: f64) -> Points {
    // Test literals only: halves are exact in binary.
    Points::from_halves((x * 2.0).round() as i32)
}

/// A team round robin over four boards (chess game points, 2/1/0 match points) as its
/// [`History`](crate::tournament::History) scores it: `matches` are (round, first team, second
/// team, the first team's results by board), teams 0-based; the first-named team is White on
/// boards 1 and 3.
fn team_event(
    names: &[&str],
    rounds: usize,
    matches: &[(usize, usize, usize, [GameResult; 4])],
) -> Tournament {
    use crate::tournament::{Entrant, History, ScoreTable, Slot, Team, ViewOptions};
    let cols = [Colour::White, Colour::Black, Colour::White, Colour::Black];
    let mut hist = History {
        rounds_played: rounds,
        match_points: ScoreTable {
            win: h(2.0),
            draw: h(1.0),
            ..ScoreTable::default()
        },
        board_colours: cols.to_vec(),
        round_robin: Some(true),
        edition: Some(Edition::E2026),
        ..History::default()
    };
    for (t, name) in names.iter().enumerate() {
        let members: Vec<usize> = (t * 4..t * 4 + 4).collect();
        for &m in &members {
            hist.entrants.push(Entrant {
                start_no: u16::try_from(m + 1).unwrap(),
                name: format!("{name}{}", m % 4 + 1),
                rating: None,
                federation: String::new(),
                team: Some(t),
                rounds: vec![Slot::UNPAIRED; rounds],
            });
        }
        hist.teams.push(Team {
            number: u16::try_from(t + 1).unwrap(),
            name: name.to_string(),
            members,
        });
    }
    for &(r, a, b, results) in matches {
        for (board, (&res, &c)) in results.iter().zip(&cols).enumerate() {
            let (x, y) = (a * 4 + board, b * 4 + board);
            hist.entrants[x].rounds[r - 1] = Slot {
                opponent: Some(y),
                colour: Some(c),
                outcome: res.into(),
            };
            hist.entrants[y].rounds[r - 1] = Slot {
                opponent: Some(x),
                colour: Some(!c),
                outcome: res.reversed().into(),
            };
        }
    }
    hist.scored(ViewOptions::default())
}

/// RULES §A.7: A=0, B=1, C=2, D=3; the first-named team is White on boards 1 and 3.
fn a7() -> Tournament {
    use GameResult::{Draw as D, Loss as L, Win as X};
    team_event(
        &["A", "B", "C", "D"],
        3,
        &[
            (1, 0, 3, [X, D, D, D]),
            (1, 1, 2, [D, D, X, L]),
            (2, 3, 2, [X, X, D, D]),
            (2, 0, 1, [L, D, D, D]),
            (3, 1, 3, [D, D, D, D]),
            (3, 2, 0, [L, L, D, D]),
        ],
    )
}

fn column(s: &Standings, code: &str) -> Vec<(u32, String)> {
    let k = s.keys.iter().position(|k| k.text == code).unwrap();
    let mut v: Vec<(u32, String)> = s
        .rows
        .iter()
        .map(|r| (r.start_no, r.values[k].text(s.decimals[k])))
        .collect();
    v.sort();
    v
}

fn order(s: &Standings) -> Vec<u32> {
    s.rows.iter().map(|r| r.start_no).collect()
}

#[test]
fn a7_scores_and_extended_sb() {
    let t = a7();
    let s = standings(
        &t,
        &parse_list("MPTS GPTS EMMSB EMGSB EGMSB EGGSB BC BH:MP").unwrap(),
    );
    let pairs = |v: &[&str]| -> Vec<(u32, String)> {
        v.iter()
            .zip(1u32..)
            .map(|(s, i)| (i, s.to_string()))
            .collect()
    };
    // Teams in start order A, B, C, D.
    assert_eq!(column(&s, "MPTS"), pairs(&["4.0", "4.0", "1.0", "3.0"]));
    assert_eq!(column(&s, "GPTS"), pairs(&["7.0", "6.5", "4.0", "6.5"]));
    assert_eq!(
        column(&s, "EMMSB"),
        pairs(&["8.00", "12.00", "4.00", "6.00"])
    );
    assert_eq!(
        column(&s, "EMGSB"),
        pairs(&["16.50", "18.00", "15.00", "17.00"])
    );
    assert_eq!(
        column(&s, "EGMSB"),
        pairs(&["21.00", "24.50", "6.50", "14.50"])
    );
    assert_eq!(
        column(&s, "EGGSB"),
        pairs(&["38.00", "38.50", "26.50", "35.50"])
    );
    assert_eq!(column(&s, "BC"), pairs(&["16.5", "15.0", "12.5", "16.0"]));
    assert_eq!(column(&s, "BH:MP"), pairs(&["8.0", "8.0", "11.0", "9.0"]));
    let bp = |c: usize| board_points(&t, c);
    assert_eq!(bp(0), vec![h(2.0), h(2.0), h(1.5), h(1.5)]);
    assert_eq!(bp(1), vec![h(2.0), h(1.5), h(2.0), h(1.0)]);
    assert_eq!(bp(2), vec![h(0.5), h(0.5), h(1.0), h(2.0)]);
    assert_eq!(bp(3), vec![h(1.5), h(2.0), h(1.5), h(1.5)]);
}

#[test]
fn a7_the_list_decides_a_against_b() {
    let t = a7();
    let by = |list: &str| order(&team_standings(&t, &parse_list(list).unwrap()));
    // MP, GP: A (7.0) before B (6.5), then D, C.
    assert_eq!(by(""), vec![1, 2, 4, 3]);
    // MPvGP directly after MP: A first.
    let s = standings(&t, &parse_list("MPTS MPvGP").unwrap());
    assert_eq!(order(&s), vec![1, 2, 4, 3]);
    // EDE directly after MP: B won the match 2.5-1.5.
    let s = standings(&t, &parse_list("MPTS EDE").unwrap());
    assert_eq!(order(&s), vec![2, 1, 4, 3]);
    assert_eq!(s.rows[0].values[1], Value::Place(1));
    assert_eq!(s.rows[1].values[1], Value::Place(2));
    assert_eq!(s.rows[2].values[1], Value::Place(0));
    // EMGSB directly after MP: 18 > 16.5.
    let s = standings(&t, &parse_list("MPTS EMGSB").unwrap());
    assert_eq!(order(&s), vec![2, 1, 4, 3]);
    // Team BH on MP does not separate them (8 each): start order.
    let s = standings(&t, &parse_list("MPTS BH:MP").unwrap());
    assert_eq!(order(&s), vec![1, 2, 4, 3]);
    assert_eq!((s.rows[0].rank, s.rows[1].rank), (1, 1));
}

#[test]
fn a7_board_tie_breaks_between_b_and_d() {
    // B and D are level on GP (6.5): BC 15 < 16, TBR 2 > 1.5, BBE 5.5 > 5.0, all for B.
    let t = a7();
    for list in ["GPTS BC", "GPTS TBR", "GPTS BBE"] {
        let s = standings(&t, &parse_list(list).unwrap());
        let pos = |n: u32| s.rows.iter().position(|r| r.start_no == n).unwrap();
        assert!(pos(2) < pos(4), "{list}: B before D");
        assert_ne!(
            s.rows[pos(2)].rank,
            s.rows[pos(4)].rank,
            "{list} separates them"
        );
    }
}

/// An individual Swiss event with fillers: each `game` not involving the named players takes
/// a fresh filler as opponent.
struct Ev {
    b: crate::tournament::History,
    edition: Edition,
    next: usize,
}

impl Ev {
    fn new(named: usize, rounds: usize, edition: Edition) -> Ev {
        let entrants = (0..named + 40)
            .map(|i| (u16::try_from(i + 1).unwrap(), format!("P{i}"), Some(2000)))
            .collect();
        Ev {
            b: crate::tournament::History::individual(entrants, rounds, ResultPoints::CHESS, false),
            edition,
            next: named,
        }
    }
    fn game(&mut self, r: usize, a: usize, b: usize, res: GameResult) -> &mut Self {
        self.b.add_game(r, a, b, res).unwrap();
        self
    }
    /// `a` against a fresh filler.
    fn filler(&mut self, r: usize, a: usize, res: GameResult) -> &mut Self {
        let f = self.next;
        self.next += 1;
        self.game(r, a, f, res)
    }
    fn bye(&mut self, r: usize, a: usize, kind: ByeKind) -> &mut Self {
        self.b.add_bye(r, a, kind).unwrap();
        self
    }
    fn value(self, player: usize, code: &str) -> Rational {
        let t = self.b.scored(crate::tournament::ViewOptions {
            edition: Some(self.edition),
            ..Default::default()
        });
        let s = standings(&t, &[TieBreak::parse(code).unwrap()]);
        let row = s.rows.iter().find(|r| r.competitor == player).unwrap();
        match row.values[0] {
            Value::Num(r) => r,
            v => panic!("{v:?}"),
        }
    }
}

/// RULES §A.4: 3.5/5 with a half-point bye in round 2 (category 16.2.3); opponents 11.5.
fn half_bye_case(edition: Edition) -> Rational {
    use crate::tournament::ByeKind::{Full as FullBye, Half as HalfBye};
    use GameResult::{Draw, Loss, Win};
    let (p, a, b, c, d) = (0, 1, 2, 3, 4);
    let mut e = Ev::new(5, 5, edition);
    e.game(1, p, a, Win).bye(2, p, HalfBye).game(3, p, b, Win);
    e.game(4, p, c, Draw).game(5, p, d, Draw);
    // A = 3.0: byes in rounds 2-4, a loss in round 5.
    e.bye(2, a, FullBye).bye(3, a, FullBye).bye(4, a, FullBye);
    e.filler(5, a, Loss);
    // B = 3.0.
    e.bye(1, b, FullBye).bye(2, b, FullBye).bye(4, b, FullBye);
    e.filler(5, b, Loss);
    // C = 2.5.
    e.bye(1, c, FullBye).bye(2, c, FullBye).filler(3, c, Loss);
    e.filler(5, c, Loss);
    // D = 3.0.
    e.bye(1, d, FullBye).bye(2, d, FullBye).filler(3, d, Loss);
    e.filler(4, d, Draw);
    e.value(p, "BH")
}

#[test]
fn tec_half_bye_dummy_2024_vs_2026() {
    assert_eq!(half_bye_case(Edition::E2024), Rational::new(15, 1));
    assert_eq!(half_bye_case(Edition::E2026), Rational::new(14, 1));
}

/// RULES §A.4: 2.5/5 with a forfeit win over an opponent whose adjusted score is 1.5;
/// the other opponents total 11.0.
fn forfeit_case(edition: Edition) -> Rational {
    use crate::tournament::ByeKind::Full as FullBye;
    use GameResult::{Draw, ForfeitWin, Loss, Win};
    let (q, e1, f, g, hh, i) = (0, 1, 2, 3, 4, 5);
    let mut e = Ev::new(6, 5, edition);
    e.game(1, q, e1, ForfeitWin)
        .game(2, f, q, Win)
        .game(3, g, q, Win);
    e.game(4, q, hh, Draw).game(5, q, i, Win);
    // E = 1.5 (forfeit loss, then a bye and a draw).
    e.bye(2, e1, FullBye)
        .filler(3, e1, Draw)
        .filler(4, e1, Loss);
    e.filler(5, e1, Loss);
    // F = 3.0, G = 3.0, H = 3.0, I = 2.0.
    e.bye(1, f, FullBye).bye(3, f, FullBye).filler(4, f, Loss);
    e.filler(5, f, Loss);
    e.bye(1, g, FullBye).bye(2, g, FullBye).filler(4, g, Loss);
    e.filler(5, g, Loss);
    e.bye(1, hh, FullBye)
        .bye(2, hh, FullBye)
        .filler(3, hh, Draw);
    e.filler(5, hh, Loss);
    e.bye(1, i, FullBye).bye(2, i, FullBye).filler(3, i, Loss);
    e.filler(4, i, Loss);
    e.value(q, "BH")
}

#[test]
fn tec_forfeit_dummy_2024_vs_2026() {
    assert_eq!(forfeit_case(Edition::E2024), Rational::new(27, 2));
    assert_eq!(forfeit_case(Edition::E2026), Rational::new(25, 2));
}

#[test]
fn sb_cut1_drops_the_smaller_product_among_the_lowest_opponents() {
    // P beats A (2.0), draws B (2.0), loses to C (3.0). Products 2, 1, 0. The lowest opponent
    // score is 2.0 (A and B): drop B's 1.0, keep C's 0 (the pre-2024 rule dropped C's).
    use crate::tournament::ByeKind::Full as FullBye;
    use GameResult::{Draw, Loss, Win};
    let (p, a, b, c) = (0, 1, 2, 3);
    let mut e = Ev::new(4, 3, Edition::E2026);
    e.game(1, p, a, Win).game(2, p, b, Draw).game(3, p, c, Loss);
    e.bye(2, a, FullBye).bye(3, a, FullBye);
    e.bye(1, b, FullBye).filler(3, b, Draw);
    e.bye(1, c, FullBye).bye(2, c, FullBye);
    let sb = |e: Ev| e.value(p, "SB/C1");
    assert_eq!(sb(e), Rational::new(2, 1));
}

#[test]
fn rank_puts_the_scores_first() {
    let t = a7();
    let s = super::rank(&t, &parse_list("MP GP EDE").unwrap());
    let codes: Vec<&str> = s.keys.iter().map(|k| k.text.as_str()).collect();
    assert_eq!(codes, vec!["MPTS", "GPTS", "EDE"]);
    assert_eq!(order(&s), vec![1, 2, 4, 3]);
    assert_eq!((s.rows[0].primary, s.rows[0].secondary), (h(4.0), h(7.0)));
}

#[test]
fn ranks_are_shared_and_skip() {
    let t = a7();
    let s = standings(&t, &parse_list("MPTS").unwrap());
    let ranks: Vec<u32> = s.rows.iter().map(|r| r.rank).collect();
    assert_eq!(ranks, vec![1, 1, 3, 4]);
    assert_eq!(order(&s), vec![1, 2, 4, 3]);
}

/// A and B tie on MP (4) and GP (7) and drew their match 2-2, A winning board 1 and losing
/// board 2; C and D tie on 2 MP / 5 GP after a 2-2 of four draws.
fn edet_event() -> Tournament {
    use GameResult::{Draw as D, Loss as L, Win as X};
    team_event(
        &["T1", "T2", "T3", "T4"],
        3,
        &[
            (1, 0, 1, [X, L, D, D]),
            (1, 2, 3, [D, D, D, D]),
            (2, 0, 2, [X, X, D, D]),
            (2, 1, 3, [X, X, D, D]),
            (3, 0, 3, [D, D, D, D]),
            (3, 1, 2, [D, D, D, D]),
        ],
    )
}

#[test]
fn ede_with_board_steps_decides_a_drawn_match() {
    let t = edet_event();
    let places = |list: &str| -> Vec<(u32, u32, Value)> {
        let s = standings(&t, &parse_list(list).unwrap());
        s.rows
            .iter()
            .map(|r| (r.start_no, r.rank, *r.values.last().unwrap()))
            .collect()
    };
    // EDE alone: the match was drawn on MP and GP, nothing separates A and B.
    assert_eq!(
        places("MPTS GPTS EDE"),
        vec![
            (1, 1, Value::Place(0)),
            (2, 1, Value::Place(0)),
            (3, 3, Value::Place(0)),
            (4, 3, Value::Place(0))
        ]
    );
    // EDET: board 1 of the mutual match (A won it); C-D stay level.
    let sep = vec![
        (1, 1, Value::Place(1)),
        (2, 2, Value::Place(2)),
        (3, 3, Value::Place(0)),
        (4, 3, Value::Place(0)),
    ];
    assert_eq!(places("MPTS GPTS EDET"), sep);
    // EDEB: boards 1-3 equal (1.5 each), boards 1-2 equal (1 each), board 1 alone: A.
    assert_eq!(places("MPTS GPTS EDEB"), sep);
    // Stand-alone board tie-breaks over all matches: BC 16 < 17, TBR 2.5 > 1.5.
    let s = standings(&t, &parse_list("MPTS GPTS BC TBR").unwrap());
    let texts = |r: &super::standings::Row| -> Vec<String> {
        r.values
            .iter()
            .zip(&s.decimals)
            .map(|(v, &d)| v.text(d))
            .collect()
    };
    assert_eq!(texts(&s.rows[0]), vec!["4.0", "7.0", "16.0", "0"]);
    assert_eq!(texts(&s.rows[1]), vec!["4.0", "7.0", "17.0", "0"]);
    let s = standings(&t, &parse_list("MPTS GPTS TBR").unwrap());
    assert_eq!(s.rows[0].values[2], Value::Place(1));
    assert_eq!(s.rows[1].values[2], Value::Place(2));
}

mod properties {
    use proptest::prelude::*;

    use super::*;

    /// A random Swiss: `n` players, `rounds` rounds; each round pairs players in a rotating
    /// order, with results, forfeits and byes drawn from `codes`.
    fn random_swiss(n: usize, rounds: usize, codes: &[u8], edition: Edition) -> Tournament {
        let entrants = (0..n)
            .map(|i| {
                (
                    u16::try_from(i + 1).unwrap(),
                    format!("P{i}"),
                    Some(1500 + 10 * i as u16),
                )
            })
            .collect();
        let mut b =
            crate::tournament::History::individual(entrants, rounds, ResultPoints::CHESS, false);
        let mut k = 0usize;
        let mut next = || {
            k += 1;
            codes.get(k % codes.len().max(1)).copied().unwrap_or(0)
        };
        for r in 1..=rounds {
            let order: Vec<usize> = (0..n).map(|i| (i * (r + 1) + r) % n).collect();
            let mut seen = vec![false; n];
            let order: Vec<usize> = order
                .into_iter()
                .filter(|&i| !std::mem::replace(&mut seen[i], true))
                .collect();
            let mut it = order.chunks(2);
            for pair in &mut it {
                match *pair {
                    [a, c] => {
                        let res = match next() % 8 {
                            0 | 1 => GameResult::Win,
                            2 | 3 => GameResult::Draw,
                            4 | 5 => GameResult::Loss,
                            6 => GameResult::ForfeitWin,
                            _ => GameResult::DoubleForfeit,
                        };
                        b.add_game(r, a, c, res).unwrap();
                    }
                    [a] => {
                        let kind = match next() % 4 {
                            0 => ByeKind::Pab,
                            1 => ByeKind::Half,
                            2 => ByeKind::Zero,
                            _ => ByeKind::Full,
                        };
                        b.add_bye(r, a, kind).unwrap();
                    }
                    _ => {}
                }
            }
        }
        // Players left Absent in a round stay so: withdrawals.
        b.scored(crate::tournament::ViewOptions {
            edition: Some(edition),
            ..Default::default()
        })
    }

    fn num(s: &Standings, start_no: u32, k: usize) -> Rational {
        let row = s.rows.iter().find(|r| r.start_no == start_no).unwrap();
        row.values[k].as_rational().unwrap_or_default()
    }

    proptest! {
        // Regression seeds are kept next to this file, not in a top-level folder.
        #![proptest_config(ProptestConfig {
            cases: 64,
            failure_persistence: Some(Box::new(
                proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
            )),
            ..ProptestConfig::default()
        })]

        #[test]
        fn swiss_invariants(n in 2usize..24, rounds in 1usize..9, codes in proptest::collection::vec(any::<u8>(), 1..64)) {
            let list = "PTS BH BH/C1 BH/M1 SB SB/C1 DE WIN WON BPG BWG PS REP ARO TPR KS TPN";
            let keys = parse_list(list).unwrap();
            let t24 = random_swiss(n, rounds, &codes, Edition::E2024);
            let t26 = random_swiss(n, rounds, &codes, Edition::E2026);
            let s24 = standings(&t24, &keys);
            let s26 = standings(&t26, &keys);
            prop_assert_eq!(s26.rows.len(), n);
            // Ranks never go down, and the first is 1.
            prop_assert_eq!(s26.rows[0].rank, 1);
            for w in s26.rows.windows(2) {
                prop_assert!(w[0].rank <= w[1].rank);
                prop_assert!(num(&s26, w[0].start_no, 0) >= num(&s26, w[1].start_no, 0));
            }
            for c in &t26.competitors {
                let s = c.start_no;
                // Cuts only remove values; the 2026 dummy never exceeds the 2024 one.
                prop_assert!(num(&s26, s, 2) <= num(&s26, s, 1));
                prop_assert!(num(&s26, s, 3) <= num(&s26, s, 2));
                prop_assert!(num(&s26, s, 1) <= num(&s24, s, 1));
                prop_assert!(num(&s26, s, 5) <= num(&s26, s, 4));
                // WON ≤ WIN, BWG ≤ BPG, BWG ≤ WON.
                prop_assert!(num(&s26, s, 8) <= num(&s26, s, 7));
                prop_assert!(num(&s26, s, 10) <= num(&s26, s, 9));
                prop_assert!(num(&s26, s, 10) <= num(&s26, s, 8));
            }
        }
    }
}
