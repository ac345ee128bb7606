//! FIDE team Swiss (C.04.6, 2026): hand-checked rounds, one test per colour rule of art. 4, the
//! floater criteria [C7] and [C10], the TRF adapter against the reference files, and property
//! tests on random tournaments.

use super::{
    ColourPreferenceType, ColourRule, MatchRecord, RecordKind, TeamEntry, TeamPairing, TeamRecords,
    TeamSwissOptions, pair_teams, read_history,
};
use crate::model::Colour::{self, Black as B, White as W};
use crate::model::Points;
use proptest::prelude::*;

mod colour_rules;
mod reference;

fn pts(x: f64) -> Points {
    Points::from_halves((x * 2.0) as i32)
}

fn played(opp: u16, colour: Colour, gp: f64, opp_gp: f64) -> MatchRecord {
    let mp = if gp > opp_gp {
        4
    } else if gp == opp_gp {
        2
    } else {
        0
    };
    MatchRecord {
        opponent: Some(opp),
        colour: Some(colour),
        kind: RecordKind::Played,
        match_points: Points::from_halves(mp),
        game_points: pts(gp),
    }
}

fn pab() -> MatchRecord {
    // 1.4: a drawn match on 4 boards, 1 MP and 2 GP.
    MatchRecord {
        opponent: None,
        colour: None,
        kind: RecordKind::Pab,
        match_points: pts(1.0),
        game_points: pts(2.0),
    }
}

fn team(tpn: u16, history: Vec<MatchRecord>) -> TeamEntry {
    TeamEntry {
        tpn,
        history,
        available: true,
        records: TeamRecords::default(),
    }
}

fn pairs(p: &TeamPairing) -> Vec<(u16, u16)> {
    p.pairs.iter().map(|x| (x.white, x.black)).collect()
}

/// Plays one round: `results` are `(white, black, white GP, black GP)`; `forfeit` makes the
/// first listed pair a forfeit won by the team named in it.
struct Event {
    teams: Vec<TeamEntry>,
    opts: TeamSwissOptions,
    round: u32,
}

impl Event {
    fn new(n: u16, rounds: u32) -> Event {
        Event {
            teams: (1..=n).map(|t| team(t, Vec::new())).collect(),
            opts: TeamSwissOptions {
                total_rounds: Some(rounds),
                ..TeamSwissOptions::default()
            },
            round: 1,
        }
    }

    fn pair(&self) -> TeamPairing {
        pair_teams(&self.teams, self.round, &self.opts).unwrap()
    }

    fn push(&mut self, tpn: u16, r: MatchRecord) {
        self.teams
            .iter_mut()
            .find(|t| t.tpn == tpn)
            .unwrap()
            .history
            .push(r);
    }

    fn play(
        &mut self,
        p: &TeamPairing,
        results: &[(u16, u16, f64, f64)],
        forfeit: Option<(u16, u16)>,
    ) {
        for &(w, b, gw, gb) in results {
            assert!(pairs(p).contains(&(w, b)), "({w}, {b}) not paired");
            self.push(w, played(b, W, gw, gb));
            self.push(b, played(w, B, gb, gw));
        }
        if let Some((winner, loser)) = forfeit {
            let (col_w, col_l) = if pairs(p).contains(&(winner, loser)) {
                (W, B)
            } else {
                (B, W)
            };
            self.push(
                winner,
                MatchRecord {
                    opponent: Some(loser),
                    colour: Some(col_w),
                    kind: RecordKind::ForfeitWin,
                    match_points: pts(2.0),
                    game_points: pts(4.0),
                },
            );
            self.push(
                loser,
                MatchRecord {
                    opponent: Some(winner),
                    colour: Some(col_l),
                    kind: RecordKind::ForfeitLoss,
                    match_points: Points::ZERO,
                    game_points: Points::ZERO,
                },
            );
        }
        if let Some(t) = p.bye {
            self.push(t, pab());
        }
        self.round += 1;
    }
}

/// Nine teams, five rounds, 4 boards, Type A, MP then GP. Every step below is derived from the
/// rule text (RULES §B.3); "first" is the 4.2 first team.
#[test]
fn nine_teams_five_rounds_by_hand() {
    let mut e = Event::new(9, 5);
    let rules = |p: &TeamPairing| p.pairs.iter().map(|x| x.rule).collect::<Vec<_>>();

    // Round 1. Odd field: PAB (3.4) to the lowest score, fewest... all equal, so the largest
    // TPN, 9. One bracket 1-8: the first identifier is tops 1,2,3,4 with 5,6,7,8. Colours 4.3.1:
    // first team odd -> initial colour (White), even -> Black.
    let p = e.pair();
    assert_eq!(p.bye, Some(9));
    assert_eq!(pairs(&p), vec![(1, 5), (6, 2), (3, 7), (8, 4)]);
    assert!(rules(&p).iter().all(|r| *r == ColourRule::Initial));
    // 1 beats 5, 6 beats 2, 3-7 drawn; 8 does not show: 4 wins by forfeit (not "played": 4 and 8
    // have not met and have no colour).
    e.play(
        &p,
        &[(1, 5, 3.0, 1.0), (6, 2, 2.5, 1.5), (3, 7, 2.0, 2.0)],
        Some((4, 8)),
    );

    // Round 2. PAB: 4 (forfeit win) and 9 (PAB) are barred by [C2]; lowest score 0 = {2, 5, 8};
    // 3.4.3 most matches played: 2 and 5 played one, 8 none (forfeit); 3.4.4 largest TPN: 5.
    // Top {1, 4, 6} (2 MP) is odd: one upfloater from {3, 7, 9}; {3} is legal, leaves {7, 9, 2, 8}
    // pairable, [C6] holds ({7, 9} pair) and nobody floated in round 1: {3}. Bracket 1,3,4,6:
    // no preferences yet, so the first identifier: tops 1,3 -> 1-4, 3-6.
    // 1-4: 4 is first (equal MP, GP 4.0 > 3.0); 4.3.5: CD 0 < +1, 4 White.
    // 3-6: 6 first (2 MP); CDs equal (+1), histories W/W, no preference: 4.3.8, 6 alternates
    // its White -> Black.
    // Then {7, 9} (1 MP) pair without upfloaters: 7 first (equal scores, smaller TPN), CD -1 < 0
    // -> 7 White. {2, 8}: 2 first (GP 1.5 > 0), CD -1 < 0 -> 2 White.
    let p = e.pair();
    assert_eq!(p.bye, Some(5));
    assert_eq!(pairs(&p), vec![(4, 1), (3, 6), (7, 9), (2, 8)]);
    assert_eq!(
        rules(&p),
        vec![
            ColourRule::LowerDifference,
            ColourRule::FirstAlternates,
            ColourRule::LowerDifference,
            ColourRule::LowerDifference
        ]
    );
    e.play(
        &p,
        &[
            (4, 1, 1.5, 2.5),
            (3, 6, 2.0, 2.0),
            (7, 9, 1.0, 3.0),
            (2, 8, 3.0, 1.0),
        ],
        None,
    );

    // Round 3 (MP: 1=4, 6=3, 9=3, 2=2, 3=2, 4=2, 5=1, 7=1, 8=0). PAB to 8 (lowest, eligible).
    // Top {1}: upfloater from {6, 9}; both legal and pass [C6], but 6 floated in round 2 (1 MP
    // team 3 met 2 MP team 6) so [C7] picks {9}: 1-9. Neither has a preference; 4.3.5: 9 (CD -1)
    // White. Top {6}: it met 2 and 3, so the upfloater is 4: 6 first, CD 0 < +1 -> 6 White.
    // {2, 3}: 3 has W,W (CD +2) -> Black preference; 4.3.2 grants it: 2 White.
    // {5, 7}: equal, 5 first; CD -1 < 0 -> 5 White.
    let p = e.pair();
    assert_eq!(p.bye, Some(8));
    assert_eq!(pairs(&p), vec![(9, 1), (6, 4), (2, 3), (5, 7)]);
    assert_eq!(rules(&p)[2], ColourRule::OnlyPreference);
    e.play(
        &p,
        &[
            (9, 1, 1.5, 2.5),
            (6, 4, 3.0, 1.0),
            (2, 3, 2.0, 2.0),
            (5, 7, 1.5, 2.5),
        ],
        None,
    );

    // Round 4, one of the last two: [C7]/[C10] off. PAB: eligible lowest {2, 3, 7} (3 MP), all
    // played 3, largest TPN 7. Top {1}: upfloater 6 (5 MP). 1 has B,B (CD -1) -> White
    // preference, 6 none: 1 White. Top {2, 3, 9} odd + upfloater 4 (2 MP); 2-3 met, so the first
    // identifier is tops 2,3 -> 2-4, 3-9. 2 has W,W -> Black preference: 4 White. 3-9: 9 first
    // (GP 6.5 > 6.0), CD 0 < +1 -> 9 White. {5, 8}: 5 first (GP 4.5 > 3.0), CD 8 -1 < 0 -> 8 White.
    let p = e.pair();
    assert_eq!(p.bye, Some(7));
    assert_eq!(pairs(&p), vec![(1, 6), (4, 2), (9, 3), (8, 5)]);
    e.play(
        &p,
        &[
            (1, 6, 2.0, 2.0),
            (4, 2, 2.5, 1.5),
            (9, 3, 3.0, 1.0),
            (8, 5, 2.5, 1.5),
        ],
        None,
    );

    // Round 5 (last). PAB: eligible {1, 2, 3, 6}, lowest 3 MP {2, 3}, largest TPN 3. Top {1}
    // (7 MP) met 6, 9, 4: [C5] gives the highest legal upfloater, 7 (4 MP); 7 has CD -1 -> 7
    // White. Top {6} + 9 (5 MP): 9 has W,W -> Black preference: 6 White. Top {4} met 2, so 8:
    // CD 0 < +1 -> 8 White. Last {2, 5}: 5 CD -1 < 0 -> 5 White.
    let p = e.pair();
    assert_eq!(p.bye, Some(3));
    assert_eq!(pairs(&p), vec![(7, 1), (6, 9), (8, 4), (5, 2)]);
}

/// A phantom team that only supplies a score for the float test of the previous round.
fn phantom(tpn: u16, mp: i32) -> TeamEntry {
    TeamEntry {
        tpn,
        history: vec![MatchRecord {
            match_points: Points::from_whole(mp),
            ..played(99, W, 2.0, 2.0)
        }],
        available: false,
        records: TeamRecords::default(),
    }
}

#[test]
fn c7_prefers_an_upfloater_that_did_not_float_last_round() {
    // After two rounds: 1 has 4 MP alone; 2, 3, 4, 6 have 2; 5 has 0. In round 2 team 2 (2 MP)
    // lost to team 4 (0 MP): both floated. 1 met 4 and 6, so the candidates are {2} and {3};
    // both are legal and pass [C6]. [C7] prefers {3} (did not float) over the first set {2}.
    let mut e = Event::new(6, 5);
    let p = e.pair();
    assert_eq!(pairs(&p), vec![(1, 4), (5, 2), (3, 6)]);
    e.play(
        &p,
        &[(1, 4, 3.0, 1.0), (5, 2, 1.0, 3.0), (3, 6, 1.0, 3.0)],
        None,
    );
    let mut two = e.teams.clone();
    // Round 2 as the arbiter paired it: 1-6, 4-2 (a float), 3-5.
    for (a, b, ga, gb, ca) in [
        (1u16, 6u16, 3.0, 1.0, B),
        (4, 2, 2.5, 1.5, W),
        (3, 5, 3.0, 1.0, B),
    ] {
        two.iter_mut()
            .find(|t| t.tpn == a)
            .unwrap()
            .history
            .push(played(b, ca, ga, gb));
        two.iter_mut()
            .find(|t| t.tpn == b)
            .unwrap()
            .history
            .push(played(a, !ca, gb, ga));
    }
    let opts = TeamSwissOptions {
        total_rounds: Some(5),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&two, 3, &opts).unwrap();
    let has = |p: &TeamPairing, a, b| pairs(p).iter().any(|&x| x == (a, b) || x == (b, a));
    assert!(has(&p, 1, 3), "{p:?}");
    // In one of the last two rounds [C7] is off: the first set {2} is taken.
    let opts = TeamSwissOptions {
        total_rounds: Some(4),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&two, 3, &opts).unwrap();
    assert!(has(&p, 1, 2), "{p:?}");
}

#[test]
fn c10_keeps_the_upfloater_away_from_last_rounds_floater() {
    // Teams 1, 2, 3 on 4 MP, team 4 on 2 MP (the one upfloater); all had W then B (no
    // preference). In round 2 only team 2 floated (it beat phantom 15, which had 0 MP).
    // Bracket {1,2,3,4}: the first identifier is 1-3, 2-4, giving the upfloater 4 the floater 2.
    // [C10] moves to the first pairing without that: 1-4, 2-3 (identifier 1 2 4 3).
    let mk = |tpn: u16, r1: u16, r2: u16, r2_mp_win: bool| {
        let mut h = vec![played(r1, W, 3.0, 1.0), played(r2, B, 3.0, 1.0)];
        if !r2_mp_win {
            h[1] = played(r2, B, 1.0, 3.0);
        }
        team(tpn, h)
    };
    let mut teams = vec![
        mk(1, 11, 12, true),
        mk(2, 14, 15, true),
        mk(3, 16, 17, true),
        mk(4, 18, 19, false),
    ];
    for (t, mp) in [
        (11, 0),
        (12, 2),
        (14, 0),
        (15, 0),
        (16, 0),
        (17, 2),
        (18, 0),
        (19, 2),
    ] {
        teams.push(phantom(t, mp));
    }
    let has = |p: &TeamPairing, a, b| pairs(p).iter().any(|&x| x == (a, b) || x == (b, a));
    let opts = TeamSwissOptions {
        total_rounds: Some(5),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&teams, 3, &opts).unwrap();
    assert!(has(&p, 1, 4) && has(&p, 2, 3), "{p:?}");
    let opts = TeamSwissOptions {
        total_rounds: Some(4),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&teams, 3, &opts).unwrap();
    assert!(has(&p, 1, 3) && has(&p, 2, 4), "{p:?}");
}

#[test]
fn forfeit_reading_is_configurable() {
    // Round 1: 1-2 double forfeit (0 MP each), 3-4 and 5-6 drawn. By default 1 and 2 have not
    // met (GHR 3.5) and pair again at the bottom; counted as played they may not.
    let f = |opp: u16, c: Colour| MatchRecord {
        opponent: Some(opp),
        colour: Some(c),
        kind: RecordKind::DoubleForfeit,
        match_points: Points::ZERO,
        game_points: Points::ZERO,
    };
    let teams = vec![
        team(1, vec![f(2, W)]),
        team(2, vec![f(1, B)]),
        team(3, vec![played(4, W, 2.0, 2.0)]),
        team(4, vec![played(3, B, 2.0, 2.0)]),
        team(5, vec![played(6, W, 2.0, 2.0)]),
        team(6, vec![played(5, B, 2.0, 2.0)]),
    ];
    let met12 = |p: &TeamPairing| {
        pairs(p)
            .iter()
            .any(|&(a, b)| (a, b) == (1, 2) || (a, b) == (2, 1))
    };
    let mut opts = TeamSwissOptions::default();
    let p = pair_teams(&teams, 2, &opts).unwrap();
    assert!(met12(&p), "{p:?}");
    // 1 and 2 have not played: neither has a colour, so 4.3.1 colours their match.
    let x = p.pairs.iter().find(|x| x.first_team == 1).unwrap();
    assert_eq!((x.white, x.rule), (1, ColourRule::Initial));
    opts.forfeit_counts_as_played = true;
    let p = pair_teams(&teams, 2, &opts).unwrap();
    assert!(!met12(&p), "{p:?}");
}

/// No rematch of a played match, every available team exactly once, the PAB only for an odd
/// field and never to a team barred by [C2].
fn check_round(teams: &[TeamEntry], p: &TeamPairing, n: usize) {
    let mut seen = std::collections::BTreeSet::new();
    for x in &p.pairs {
        assert!(seen.insert(x.white) && seen.insert(x.black));
        let t = teams.iter().find(|t| t.tpn == x.white).unwrap();
        assert!(
            !t.history
                .iter()
                .any(|h| h.kind == RecordKind::Played && h.opponent == Some(x.black)),
            "rematch {} {}",
            x.white,
            x.black
        );
    }
    if let Some(b) = p.bye {
        assert!(seen.insert(b));
        let t = teams.iter().find(|t| t.tpn == b).unwrap();
        assert!(!t.history.iter().any(|h| matches!(
            h.kind,
            RecordKind::Pab | RecordKind::ForfeitWin | RecordKind::FullBye
        )));
    }
    let available = teams.iter().filter(|t| t.available).count();
    assert_eq!(seen.len(), available);
    assert_eq!(p.bye.is_some(), available % 2 == 1);
    let _ = n;
}

/// Brute force: can `teams` (indices) be paired with no played rematch, one PAB if odd?
fn pairable(teams: &[TeamEntry]) -> bool {
    fn go(left: &[usize], teams: &[TeamEntry], bye_done: bool) -> bool {
        let Some((&a, rest)) = left.split_first() else {
            return true;
        };
        if !bye_done && left.len() % 2 == 1 {
            return left.iter().enumerate().any(|(i, &c)| {
                let t = &teams[c];
                !t.history.iter().any(|h| {
                    matches!(
                        h.kind,
                        RecordKind::Pab | RecordKind::ForfeitWin | RecordKind::FullBye
                    )
                }) && go(&[&left[..i], &left[i + 1..]].concat(), teams, true)
            });
        }
        rest.iter().enumerate().any(|(i, &b)| {
            let met = teams[a]
                .history
                .iter()
                .any(|h| h.kind == RecordKind::Played && h.opponent == Some(teams[b].tpn));
            !met && go(&[&rest[..i], &rest[i + 1..]].concat(), teams, bye_done)
        })
    }
    let idx: Vec<usize> = (0..teams.len()).filter(|&i| teams[i].available).collect();
    go(&idx, teams, false)
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 48,
        // A recorded seed: the same random events on every run.
        rng_seed: proptest::test_runner::RngSeed::Fixed(2026),
        .. ProptestConfig::default()
    })]

    /// Random events: results, forfeits and the colour type vary; every round either pairs
    /// legally or (only when brute force agrees) reports that no legal pairing exists.
    #[test]
    fn random_events_pair_legally(
        n in 3u16..12,
        rounds in 1u32..7,
        type_b in any::<bool>(),
        results in prop::collection::vec((0u8..9, 0u8..20), 80),
    ) {
        let mut e = Event::new(n, rounds);
        if type_b {
            e.opts.colour_preference = ColourPreferenceType::B;
        }
        let mut k = 0;
        for _ in 0..rounds {
            let res = pair_teams(&e.teams, e.round, &e.opts);
            let p = match res {
                Ok(p) => p,
                Err(_) => {
                    prop_assert!(!pairable(&e.teams));
                    break;
                }
            };
            check_round(&e.teams, &p, n as usize);
            let mut played_r = Vec::new();
            let mut forfeit = None;
            for x in &p.pairs {
                let (g, f) = results[k % results.len()];
                k += 1;
                if f == 0 && forfeit.is_none() {
                    forfeit = Some((x.black, x.white));
                } else {
                    played_r.push((x.white, x.black, f64::from(g) / 2.0, 4.0 - f64::from(g) / 2.0));
                }
            }
            e.play(&p, &played_r, forfeit);
        }
    }
}

#[test]
fn c6_pass_fail_and_graded() {
    // The FIDE reference engine probe case: pairing round 4 of 5 ([C7]/[C10] off). Team 1 (6 MP)
    // is alone at the top; the following scoregroup {2,3,4,5,6} has 3 MP, and 3-6 have all met
    // each other; 2 met 8, 9, 10. Below: 7 (0 MP), 8, 9, 10 (1 MP).
    // Every single upfloater leaves 4 teams of that scoregroup that cannot all pair among
    // themselves, so [C6] pass/fail fails for every set and the first, {2}, is taken: 1-2.
    // Graded: {2} leaves {3,4,5,6} needing 4 upfloaters, {3} leaves {2,4,5,6} needing 2: 1-3.
    let draw = |opp: u16, c: Colour| played(opp, c, 2.0, 2.0);
    let win = |opp: u16, c: Colour| played(opp, c, 3.0, 1.0);
    let loss = |opp: u16, c: Colour| played(opp, c, 1.0, 3.0);
    let mut teams = vec![
        team(1, vec![win(51, W), win(52, B), win(53, W)]),
        team(2, vec![draw(8, B), draw(9, W), draw(10, B)]),
        team(7, vec![loss(54, W), loss(55, B), loss(56, W)]),
        team(8, vec![draw(2, W), loss(57, B), loss(58, W)]),
        team(9, vec![draw(2, B), loss(59, W), loss(60, B)]),
        team(10, vec![draw(2, W), loss(61, B), loss(62, W)]),
    ];
    for t in 3..=6u16 {
        let others: Vec<u16> = (3..=6).filter(|&o| o != t).collect();
        let cols = if t % 2 == 1 { [W, B, W] } else { [B, W, B] };
        teams.push(team(
            t,
            others.iter().zip(cols).map(|(&o, c)| draw(o, c)).collect(),
        ));
    }
    let has = |p: &TeamPairing, a, b| pairs(p).iter().any(|&x| x == (a, b) || x == (b, a));
    let mut opts = TeamSwissOptions {
        total_rounds: Some(5),
        ..TeamSwissOptions::default()
    };
    let p = pair_teams(&teams, 4, &opts).unwrap();
    assert!(has(&p, 1, 2), "{p:?}");
    opts.c6_graded = true;
    let p = pair_teams(&teams, 4, &opts).unwrap();
    assert!(has(&p, 1, 3), "{p:?}");
}
