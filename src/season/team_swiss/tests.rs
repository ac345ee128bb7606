use super::*;
use crate::season::matches::MatchBoard;

fn m(round: u32, home: u32, away: u32, results: &[GameResult]) -> MatchResult {
    let cols = [Colour::White, Colour::Black, Colour::White];
    MatchResult {
        round,
        home,
        away,
        boards: results
            .iter()
            .enumerate()
            .map(|(i, r)| MatchBoard {
                board: i as u32 + 1,
                home_player: Some(format!("h{i}")),
                away_player: Some(format!("a{i}")),
                home_colour: cols[i % 3],
                result: *r,
            })
            .collect(),
        complete: true,
    }
}

#[test]
fn histories_record_matches_forfeits_and_the_bye() {
    use GameResult::*;
    let s = MatchScoring::default();
    let rounds = vec![
        SwissRound {
            results: RoundResults {
                round: 1,
                matches: vec![m(1, 2, 1, &[Win, Draw, Loss])],
                complete: true,
            },
            bye: Some(3),
        },
        SwissRound {
            results: RoundResults {
                round: 2,
                matches: vec![m(2, 3, 2, &[ForfeitLoss, ForfeitLoss, ForfeitLoss])],
                complete: true,
            },
            bye: Some(1),
        },
    ];
    let bye = (Points::from_whole(1), Points::from_halves(3));
    let h = histories(3, &rounds, &s, bye, &Withdrawals::default());
    let t1 = &h[0].history;
    // Team 1 was away in round 1: Black on board 1, 1.5 game points, a drawn match.
    assert_eq!(t1[0].opponent, Some(2));
    assert_eq!(t1[0].colour, Some(Colour::Black));
    assert_eq!(t1[0].kind, RecordKind::Played);
    assert_eq!(
        (t1[0].match_points, t1[0].game_points),
        (Points::from_whole(1), Points::from_halves(3))
    );
    assert_eq!(t1[1].kind, RecordKind::Pab);
    assert_eq!(h[2].history[0].kind, RecordKind::Pab);
    assert_eq!(h[2].history[1].kind, RecordKind::ForfeitLoss);
    assert_eq!(h[1].history[1].kind, RecordKind::ForfeitWin);
    assert_eq!(h[1].history[1].match_points, Points::from_whole(2));
    // A forfeited match is no meeting; the played one is.
    assert!(met(&rounds, 1, 2));
    assert!(!met(&rounds, 2, 3));
}

#[test]
fn a_match_neither_team_turned_up_for_is_lost_by_both() {
    use GameResult::*;
    let s = MatchScoring::default();
    let none = m(1, 2, 1, &[DoubleForfeit, DoubleForfeit, DoubleForfeit]);
    let rounds = vec![SwissRound {
        results: RoundResults {
            round: 1,
            matches: vec![none.clone()],
            complete: true,
        },
        bye: None,
    }];
    let bye = (Points::from_whole(1), Points::from_halves(3));
    let h = histories(2, &rounds, &s, bye, &Withdrawals::default());
    for (team, opponent) in [(0, 2), (1, 1)] {
        let r = &h[team].history[0];
        // No meeting (they may be paired again), no match or game points.
        assert_eq!(r.kind, RecordKind::DoubleForfeit);
        assert_eq!(r.opponent, Some(opponent));
        assert_eq!(
            (r.match_points, r.game_points),
            (Points::ZERO, Points::ZERO)
        );
    }
    // The standings see two lost matches (before: the home team won by forfeit).
    let unit = |w| crate::scoring::ResultPoints {
        win: w,
        draw: Points::from_halves(1),
        loss: Points::ZERO,
    };
    let mut b = crate::scoring::TeamBuilder::new(
        vec![(1, "甲".into()), (2, "乙".into())],
        1,
        3,
        unit(Points::from_whole(1)),
        unit(Points::from_whole(2)),
        false,
        crate::scoring::Edition::E2026,
    );
    add_match(&mut b, 1, &none, &s);
    let t = b.build();
    for c in &t.competitors {
        let r = &c.rounds[0];
        assert_eq!(r.points, Points::ZERO);
        assert!(matches!(
            r.result,
            crate::scoring::RoundResult::DoubleForfeit { .. }
        ));
    }
}
