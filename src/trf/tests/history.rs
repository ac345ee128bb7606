//! The tournament history read from a file: dense indices, slots, requested byes, games.

use super::ok;
use crate::model::{Colour, GameResult};
use crate::tournament::{ByeKind, Game, Outcome, Slot};
use crate::trf::history;

/// Three players listed out of order: round 1 a forfeit on both sides between 3 and 1 and a
/// PAB for 2; round 2 a game 2-1 won by Black; round 3 asked ahead (3 a half-point bye).
const THREE: &str = "\
001    3      C                                    0                             1.0    3     1 b -  0000 - U  0000 - H
001    1      A                                 2000                             0.0    1     3 w -     2 b 1
001    2      B                                 1900                             1.0    2  0000 - U     1 w 0
";

#[test]
fn entrants_are_in_start_number_order_with_dense_opponents() {
    let h = history(&ok(THREE)).expect("reads");
    let nos: Vec<u16> = h.entrants.iter().map(|e| e.start_no).collect();
    assert_eq!(nos, [1, 2, 3]);
    assert_eq!(h.entrants[1].rating, Some(1900));
    assert_eq!(h.entrants[2].rating, None);
    assert_eq!(
        h.slot(0, 1),
        Some(&Slot {
            opponent: Some(1),
            colour: Some(Colour::Black),
            outcome: Outcome::Win,
        })
    );
    assert_eq!((h.rounds_played, h.rounds_planned), (2, 3));
}

#[test]
fn games_byes_and_requested_byes() {
    let h = history(&ok(THREE)).expect("reads");
    assert_eq!(
        h.games(0),
        [Game {
            white: 0,
            black: 2,
            result: GameResult::DoubleForfeit,
        }]
    );
    assert_eq!(
        h.games(1),
        [Game {
            white: 1,
            black: 0,
            result: GameResult::Loss,
        }]
    );
    assert_eq!(h.byes(0), [(1, ByeKind::Pab)]);
    assert_eq!(h.requested_bye(2), Some(ByeKind::Half));
    assert_eq!(h.requested_bye(0), None);
}

#[test]
fn an_unknown_opponent_or_member_is_refused() {
    let e = history(&ok(&THREE.replace("     2 b 1", "     9 b 1"))).expect_err("refused");
    assert!(e.0.contains("opponent 9"), "{e}");
    let teams = format!("{THREE}013 Team                               1    7\n");
    let e = history(&ok(&teams)).expect_err("refused");
    assert!(e.0.contains("member 7"), "{e}");
}

#[test]
fn units_come_from_teams_else_the_federation() {
    let text = "\
001    1      A                                 2000 CHN                         0.0    1
001    2      B                                 1900 HKG                         0.0    2
013 Red                                1
";
    let h = history(&ok(text)).expect("reads");
    assert_eq!(
        (h.unit(0), h.unit(1)),
        ("Red".to_string(), "HKG".to_string())
    );
}
