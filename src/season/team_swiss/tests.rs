use super::*;
use crate::model::GameResult;
use crate::pairing::team_swiss::{MatchRecord, RecordKind, TeamSwissOptions, read_history};
use crate::season::matches::{MatchBoard, MatchResult};
use crate::tournament::History;

const COLOURS: [Colour; 3] = [Colour::White, Colour::Black, Colour::White];

const BYE: (Points, Points) = (Points::from_whole(1), Points::from_halves(3));

/// The history of `rounds` between teams 1..=n (players named by the boards); the teams for
/// which `out` holds are not paired next.
fn history(n: usize, rounds: &[SwissRound], out: impl Fn(u32) -> bool) -> History {
    let numbers: Vec<String> = (1..=n).map(|i| i.to_string()).collect();
    let roster = crate::model::roster::Roster::default();
    let field = Field {
        roster: &roster,
        numbers: &numbers,
        scoring: MatchScoring::default(),
        bye: BYE,
        colours: &COLOURS,
        planned: 9,
    };
    field.history(rounds, out)
}

/// The engine's reading of the history: each team's records.
fn records(n: usize, rounds: &[SwissRound]) -> Vec<Vec<MatchRecord>> {
    let h = history(n, rounds, |_| false);
    let input = read_history(&h, &TeamSwissOptions::default()).unwrap();
    input.teams.into_iter().map(|t| t.history).collect()
}

fn m(round: u32, home: u32, away: u32, results: &[GameResult]) -> MatchResult {
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
                home_colour: COLOURS[i % 3],
                result: *r,
            })
            .collect(),
        complete: true,
    }
}

#[test]
fn histories_record_matches_forfeits_and_the_bye() {
    use GameResult::*;
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
    let h = records(3, &rounds);
    let t1 = &h[0];
    // Team 1 was away in round 1: Black on board 1, 1.5 game points, a drawn match.
    assert_eq!(t1[0].opponent, Some(2));
    assert_eq!(t1[0].colour, Some(Colour::Black));
    assert_eq!(t1[0].kind, RecordKind::Played);
    assert_eq!(
        (t1[0].match_points, t1[0].game_points),
        (Points::from_whole(1), Points::from_halves(3))
    );
    assert_eq!(t1[1].kind, RecordKind::Pab);
    assert_eq!(h[2][0].kind, RecordKind::Pab);
    assert_eq!(h[2][1].kind, RecordKind::ForfeitLoss);
    assert_eq!(h[1][1].kind, RecordKind::ForfeitWin);
    assert_eq!(h[1][1].match_points, Points::from_whole(2));
    // A forfeited match is no meeting; the played one is.
    assert!(met(&rounds, 1, 2));
    assert!(!met(&rounds, 2, 3));
}

#[test]
fn a_match_neither_team_turned_up_for_is_lost_by_both() {
    use GameResult::*;
    let none = m(1, 2, 1, &[DoubleForfeit, DoubleForfeit, DoubleForfeit]);
    let rounds = vec![SwissRound {
        results: RoundResults {
            round: 1,
            matches: vec![none],
            complete: true,
        },
        bye: None,
    }];
    let h = records(2, &rounds);
    for (team, opponent) in [(0, 2), (1, 1)] {
        let r = &h[team][0];
        // No meeting (they may be paired again), no match or game points.
        assert_eq!(r.kind, RecordKind::DoubleForfeit);
        assert_eq!(r.opponent, Some(opponent));
        assert_eq!(
            (r.match_points, r.game_points),
            (Points::ZERO, Points::ZERO)
        );
    }
    // The standings see two lost matches (before: the home team won by forfeit).
    let t = history(2, &rounds, |_| false).scored(crate::tournament::ViewOptions::default());
    for c in &t.competitors {
        let r = &c.rounds[0];
        assert_eq!(r.points, Points::ZERO);
        assert!(matches!(
            r.result,
            crate::scoring::RoundResult::DoubleForfeit { .. }
        ));
    }
}

#[test]
fn empty_boards_still_name_the_match_and_an_out_team_is_not_paired() {
    use GameResult::*;
    // Nobody of team 2 came (team 1 wins every board against an empty one); nobody at all came
    // to the match of teams 3 and 4.
    let mut walkover = m(1, 1, 2, &[ForfeitWin, ForfeitWin, ForfeitWin]);
    let mut nobody = m(1, 3, 4, &[DoubleForfeit, DoubleForfeit, DoubleForfeit]);
    for b in &mut walkover.boards {
        b.away_player = None;
    }
    for b in &mut nobody.boards {
        (b.home_player, b.away_player) = (None, None);
    }
    let rounds = vec![SwissRound {
        results: RoundResults {
            round: 1,
            matches: vec![walkover, nobody],
            complete: true,
        },
        bye: None,
    }];
    let h = records(4, &rounds);
    let kinds: Vec<_> = h.iter().map(|t| (t[0].kind, t[0].opponent)).collect();
    assert_eq!(
        kinds,
        [
            (RecordKind::ForfeitWin, Some(2)),
            (RecordKind::ForfeitLoss, Some(1)),
            (RecordKind::DoubleForfeit, Some(4)),
            (RecordKind::DoubleForfeit, Some(3)),
        ]
    );
    assert_eq!(h[0][0].match_points, Points::from_whole(2));
    // Team 2 withdrew: a zero bye entered for round 2 on its members keeps it out.
    let h = history(4, &rounds, |t| t == 1);
    let input = read_history(&h, &TeamSwissOptions::default()).unwrap();
    let available: Vec<bool> = input.teams.iter().map(|t| t.available).collect();
    assert_eq!(available, [false, true, true, true]);
}
