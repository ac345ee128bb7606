//! Hand-computed brackets: the A-league finals played out completely, partly, with a match
//! decided on game points and one needing a play-off; bracket checks; the TOML form.

use super::*;
use crate::model::Points;
use std::collections::BTreeMap;

/// A result from game points per round (in half-points, first-named team first); match points
/// follow 2/1/0 from the game points, as in the A-league.
fn res(rounds: &[(i32, i32)], playoff: Option<Side>) -> MatchResult {
    MatchResult {
        rounds: rounds
            .iter()
            .map(|&(a, b)| {
                let (ma, mb) = match a.cmp(&b) {
                    std::cmp::Ordering::Greater => (2, 0),
                    std::cmp::Ordering::Equal => (1, 1),
                    std::cmp::Ordering::Less => (0, 2),
                };
                RoundScore {
                    match_points: SidePoints {
                        first: Points::from_whole(ma),
                        second: Points::from_whole(mb),
                    },
                    game_points: SidePoints {
                        first: Points::from_halves(a),
                        second: Points::from_halves(b),
                    },
                }
            })
            .collect(),
        playoff_winner: playoff,
        walkover: None,
    }
}

/// The quarter-finals of the worked example (5 boards, games 1/½/0; halves below).
fn quarter_finals() -> BTreeMap<String, MatchResult> {
    let mut r = BTreeMap::new();
    // 1-8: 3-2, 2.5-2.5 → MP 3-1, seed 1 wins on match points.
    r.insert("QF1".into(), res(&[(6, 4), (5, 5)], None));
    // 2-7: 2-3, 3-2 → MP 2-2, GP 5-5: level, the play-off goes to 7.
    r.insert("QF2".into(), res(&[(4, 6), (6, 4)], Some(Side::Second)));
    // 3-6: 2.5-2.5, 2-3 → MP 1-3, seed 6 wins.
    r.insert("QF3".into(), res(&[(5, 5), (4, 6)], None));
    // 4-5: 4-1, 1.5-3.5 → MP 2-2, GP 5.5-4.5: seed 4 wins on game points.
    r.insert("QF4".into(), res(&[(8, 2), (3, 7)], None));
    r
}

/// Every match of the worked example.
fn full_results() -> BTreeMap<String, MatchResult> {
    let mut r = quarter_finals();
    // SF1 1-4: MP 2-0, 1-1, 0-2, 2-0 = 5-3 → 1.
    r.insert("SF1".into(), res(&[(6, 4), (5, 5), (4, 6), (7, 3)], None));
    // SF2 7-6: MP 0-2, 1-1, 2-0, 0-2 = 3-5 → 6.
    r.insert("SF2".into(), res(&[(4, 6), (5, 5), (6, 4), (3, 7)], None));
    // P5-8 8-5 → 8; P6-7 2-3 → 3.
    r.insert("P5-8".into(), res(&[(6, 4), (6, 4)], None));
    r.insert("P6-7".into(), res(&[(4, 6), (5, 5)], None));
    // F 1-6 → 6; P3-4 4-7 → 4.
    r.insert("F".into(), res(&[(5, 5), (4, 6), (5, 5), (5, 5)], None));
    r.insert("P3-4".into(), res(&[(6, 4), (5, 5), (5, 5), (5, 5)], None));
    // Lower half: 9-10 → 10; 11-12 → 11; L-final 9-11 → 11.
    r.insert("L9-10".into(), res(&[(4, 6), (5, 5)], None));
    r.insert("L11-12".into(), res(&[(7, 3), (5, 5)], None));
    r.insert("L-final".into(), res(&[(5, 5), (2, 8)], None));
    r
}

fn outcome(results: &BTreeMap<String, MatchResult>) -> BracketOutcome {
    decide(&Bracket::a_league(), results).expect("valid bracket and results")
}

fn find<'a>(o: &'a BracketOutcome, id: &str) -> &'a MatchOutcome {
    o.matches.iter().find(|m| m.id == id).expect("match exists")
}

#[test]
fn a_league_bracket_is_valid() {
    assert_eq!(Bracket::a_league().validate(), Ok(()));
}

#[test]
fn full_a_league_finals() {
    let o = outcome(&full_results());
    assert!(o.is_complete());
    assert_eq!(
        o.places,
        [6, 1, 4, 7, 3, 8, 2, 5, 10, 11, 9, 12].map(Some).to_vec()
    );
    assert_eq!(o.relegated, vec![Some(12), Some(9)]);
    assert_eq!(o.place_of(3), Some(5));
    let sf2 = find(&o, "SF2");
    assert_eq!((sf2.first, sf2.second), (Some(7), Some(6)));
    assert_eq!(
        sf2.match_points,
        SidePoints {
            first: Points::from_whole(3),
            second: Points::from_whole(5)
        }
    );
    assert_eq!(
        sf2.decision,
        Decision::Won {
            winner: Side::Second,
            by: DecidedBy::MatchPoints
        }
    );
}

#[test]
fn drawn_match_decided_by_game_points() {
    let o = outcome(&quarter_finals());
    let qf4 = find(&o, "QF4");
    assert_eq!(qf4.match_points.first, qf4.match_points.second);
    assert_eq!(
        (qf4.game_points.first, qf4.game_points.second),
        (Points::from_halves(11), Points::from_halves(9))
    );
    assert_eq!(
        qf4.decision,
        Decision::Won {
            winner: Side::First,
            by: DecidedBy::GamePoints
        }
    );
    assert_eq!((qf4.winner(), qf4.loser()), (Some(4), Some(5)));
}

#[test]
fn level_match_uses_the_playoff_or_waits_for_it() {
    let o = outcome(&quarter_finals());
    let qf2 = find(&o, "QF2");
    assert_eq!(
        qf2.decision,
        Decision::Won {
            winner: Side::Second,
            by: DecidedBy::Playoff
        }
    );
    assert_eq!(qf2.winner(), Some(7));
    let mut r = quarter_finals();
    r.insert("QF2".into(), res(&[(4, 6), (6, 4)], None));
    let o = outcome(&r);
    assert_eq!(
        find(&o, "QF2").decision,
        Decision::Open(Pending::NeedsPlayoff)
    );
    // Its winner and loser are unknown downstream.
    assert_eq!(
        find(&o, "SF2").decision,
        Decision::Open(Pending::TeamsUnknown)
    );
    assert_eq!(
        (find(&o, "SF2").first, find(&o, "SF2").second),
        (None, Some(6))
    );
    assert_eq!(find(&o, "P6-7").second, Some(3));
}

#[test]
fn playoff_is_ignored_when_points_decide() {
    let mut r = BTreeMap::new();
    r.insert("QF1".into(), res(&[(6, 4), (5, 5)], Some(Side::Second)));
    let o = outcome(&r);
    assert_eq!(find(&o, "QF1").winner(), Some(1));
}

#[test]
fn match_points_decide_before_game_points() {
    // 9-10: first wins two rounds narrowly, loses one... over 2 rounds: 3-2 and 0.5-4.5:
    // MP 2-2, GP 3.5-6.5 → 10 on game points. Entered MP 2-0 and 1-1 instead (a board
    // forfeit penalty, say) → MP 3-1 → 9 wins despite fewer game points.
    let mut r = BTreeMap::new();
    let mut m = res(&[(6, 4), (1, 9)], None);
    if let Some(round) = m.rounds.get_mut(1) {
        round.match_points = SidePoints {
            first: Points::from_whole(1),
            second: Points::from_whole(1),
        };
    }
    r.insert("L9-10".into(), m);
    let o = outcome(&r);
    let l = find(&o, "L9-10");
    assert_eq!(
        l.decision,
        Decision::Won {
            winner: Side::First,
            by: DecidedBy::MatchPoints
        }
    );
    assert_eq!(o.places.get(8), Some(&Some(9)));
    assert_eq!(o.relegated, vec![None, None]);
}

#[test]
fn partial_results_leave_later_places_open() {
    let o = outcome(&quarter_finals());
    assert!(!o.is_complete());
    let sf1 = find(&o, "SF1");
    assert_eq!((sf1.first, sf1.second), (Some(1), Some(4)));
    assert_eq!(
        sf1.decision,
        Decision::Open(Pending::Incomplete {
            entered: 0,
            planned: 4
        })
    );
    assert_eq!(
        find(&o, "F").decision,
        Decision::Open(Pending::TeamsUnknown)
    );
    assert!(o.places.iter().all(Option::is_none));
    // One semi-final round entered.
    let mut r = quarter_finals();
    r.insert("SF1".into(), res(&[(6, 4)], None));
    let o = outcome(&r);
    assert_eq!(
        find(&o, "SF1").decision,
        Decision::Open(Pending::Incomplete {
            entered: 1,
            planned: 4
        })
    );
}

#[test]
fn too_many_rounds_and_unknown_match_are_reported() {
    let mut r = BTreeMap::new();
    r.insert("QF1".into(), res(&[(6, 4), (5, 5), (5, 5)], None));
    let o = outcome(&r);
    assert_eq!(
        find(&o, "QF1").decision,
        Decision::Open(Pending::TooManyRounds {
            entered: 3,
            planned: 2
        })
    );
    r.insert("QF9".into(), MatchResult::default());
    assert_eq!(
        decide(&Bracket::a_league(), &r),
        Err(Error::UnknownMatch("QF9".into()))
    );
}

#[test]
fn inconsistent_brackets_are_rejected() {
    let base = Bracket::a_league();
    let check = |f: &dyn Fn(&mut Bracket), needle: &str| {
        let mut b = base.clone();
        f(&mut b);
        match b.validate() {
            Err(Error::Bracket(m)) => assert!(m.contains(needle), "{m} lacks {needle}"),
            other => panic!("expected an error containing {needle}, got {other:?}"),
        }
    };
    check(&|b| b.matches[1].id = "QF1".into(), "used twice");
    check(&|b| b.matches[0].rounds = 0, "no rounds");
    check(&|b| b.matches[0].second = Source::Seed(13), "outside");
    check(&|b| b.matches[0].second = Source::Seed(1), "itself");
    check(
        &|b| b.matches[6].first = Source::Winner("F".into()),
        "not defined before",
    );
    check(&|b| b.places[1].first_place = 1, "given twice");
    check(
        &|b| {
            b.places.pop();
        },
        "never given",
    );
    check(
        &|b| b.places[1].teams[0] = Source::Winner("F".into()),
        "used 2 times",
    );
    check(&|b| b.seeds = 1, "at least 2");
}

#[test]
fn brackets_read_from_toml() {
    // The A-league bracket survives TOML both ways.
    let text = toml::to_string(&Bracket::a_league()).expect("serializes");
    let back: Bracket = toml::from_str(&text).expect("deserializes");
    assert_eq!(back, Bracket::a_league());
    // A four-team knockout written by hand.
    let four: Bracket = toml::from_str(
        r#"
        seeds = 4
        [[matches]]
        id = "S1"
        stage = "semi"
        first = { seed = 1 }
        second = { seed = 4 }
        rounds = 1
        [[matches]]
        id = "S2"
        stage = "semi"
        first = { seed = 2 }
        second = { seed = 3 }
        rounds = 1
        [[matches]]
        id = "F"
        stage = "final"
        first = { winner = "S1" }
        second = { winner = "S2" }
        rounds = 1
        [[places]]
        first_place = 1
        teams = [{ winner = "F" }]
        [[places]]
        first_place = 2
        teams = [{ loser = "F" }]
        [[places]]
        first_place = 3
        teams = [{ loser = "S1" }, { loser = "S2" }]
        "#,
    )
    .expect("valid TOML");
    let mut r = BTreeMap::new();
    r.insert("S1".into(), res(&[(3, 5)], None));
    r.insert("S2".into(), res(&[(5, 3)], None));
    r.insert("F".into(), res(&[(4, 4)], Some(Side::First)));
    let o = decide(&four, &r).expect("valid");
    // S1: 4 beats 1; S2: 2 beats 3; F 4-2 level, play-off to 4. 3rd/4th by seed: 1, 3.
    assert_eq!(o.places, vec![Some(4), Some(2), Some(1), Some(3)]);
    assert!(o.relegated.is_empty());
}

#[test]
fn reseeded_reading_orders_semi_finals_by_regular_season_place() {
    assert_eq!(Bracket::a_league_reseeded().validate(), Ok(()));
    // QF winners of the worked example: 1, 7, 6, 4 → re-seeded 1, 4, 6, 7: SF1 1-7, SF2 4-6.
    // Losers 8, 2, 3, 5 → 2, 3, 5, 8: P5-8 2-8, P6-7 3-5.
    let o = decide(&Bracket::a_league_reseeded(), &quarter_finals()).expect("valid");
    let teams = |id: &str| {
        let m = find(&o, id);
        (m.first, m.second)
    };
    assert_eq!(teams("SF1"), (Some(1), Some(7)));
    assert_eq!(teams("SF2"), (Some(4), Some(6)));
    assert_eq!(teams("P5-8"), (Some(2), Some(8)));
    assert_eq!(teams("P6-7"), (Some(3), Some(5)));
    // With the slot reading the same results give 1-4 and 7-6.
    let slot = outcome(&quarter_finals());
    assert_eq!(
        (find(&slot, "SF1").second, find(&slot, "SF2").first),
        (Some(4), Some(7))
    );
    // One quarter-final open: no ranked semi-final team is known yet.
    let mut r = quarter_finals();
    r.remove("QF3");
    let o = decide(&Bracket::a_league_reseeded(), &r).expect("valid");
    assert_eq!(find(&o, "SF1").first, None);
}

#[test]
fn ranked_groups_are_checked() {
    let mut b = Bracket::a_league_reseeded();
    // Hand out rank 1 twice and rank 3 never.
    if let Some(m) = b.matches.iter_mut().find(|m| m.id == "SF2")
        && let Source::Ranked { rank, .. } = &mut m.second
    {
        *rank = 1;
    }
    match b.validate() {
        Err(Error::Bracket(m)) => assert!(m.contains("ranks [1, 1, 2, 4]"), "{m}"),
        other => panic!("{other:?}"),
    }
    let mut b = Bracket::a_league_reseeded();
    if let Some(m) = b.matches.iter_mut().find(|m| m.id == "SF2") {
        m.first = Source::Ranked {
            among: vec![],
            rank: 1,
        };
    }
    assert!(b.validate().is_err());
    // The TOML form of a ranked source.
    let text = toml::to_string(&Bracket::a_league_reseeded()).expect("serializes");
    assert!(text.contains("ranked"), "{text}");
    let back: Bracket = toml::from_str(&text).expect("deserializes");
    assert_eq!(back, Bracket::a_league_reseeded());
}

#[test]
fn tie_resolution_is_applied_in_the_order_given() {
    // QF4, 4-5: MP 2-2, GP 5.5-4.5. With the play-off first, the play-off winner typed (5)
    // decides, not the game points; with the play-off alone and none typed, the match waits.
    let mut b = Bracket::a_league();
    b.tie_resolution = vec![TieResolution::Playoff, TieResolution::GamePoints];
    let mut r = quarter_finals();
    r.insert("QF4".into(), res(&[(8, 2), (3, 7)], Some(Side::Second)));
    let o = decide(&b, &r).expect("decide");
    assert_eq!(
        find(&o, "QF4").decision,
        Decision::Won {
            winner: Side::Second,
            by: DecidedBy::Playoff
        }
    );
    assert_eq!(find(&o, "QF4").winner(), Some(5));
    b.tie_resolution = vec![TieResolution::Playoff];
    let o = decide(&b, &quarter_finals()).expect("decide");
    assert_eq!(
        find(&o, "QF4").decision,
        Decision::Open(Pending::NeedsPlayoff)
    );
    // The standard order decides QF4 on game points (4 wins).
    let o = decide(&Bracket::a_league(), &quarter_finals()).expect("decide");
    assert_eq!(find(&o, "QF4").winner(), Some(4));
}
