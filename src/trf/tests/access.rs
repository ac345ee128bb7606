//! The typed accessors.

use super::ok;
use crate::model::{Colour, Points};
use crate::trf::{Bye240, ForfeitOutcome, ForfeitedMatch, ResultCode, ScoreTable, TeamPabs};

fn pts(halves: i32) -> Points {
    Points::from_halves(halves)
}

const TWO_PLAYERS: &str = "\
001    1      A                                 2000                             1.0    1     2 w 1  0000 - H
001    2      B                                 1900                             0.0    2     1 b 0  0000 - Z
";

#[test]
fn players_and_player() {
    let t = ok(TWO_PLAYERS);
    assert_eq!(
        t.players().map(|p| p.start_no).collect::<Vec<_>>(),
        vec![1, 2]
    );
    assert_eq!(t.player(2).map(|p| p.name.as_str()), Some("B"));
    assert!(t.player(3).is_none());
}

#[test]
fn rounds_planned_prefers_xxr_then_142_then_blocks() {
    assert_eq!(
        ok(&format!("XXR 7\n142 9\n{TWO_PLAYERS}")).rounds_planned(),
        7
    );
    assert_eq!(ok(&format!("142 9\n{TWO_PLAYERS}")).rounds_planned(), 9);
    assert_eq!(ok(TWO_PLAYERS).rounds_planned(), 2);
    assert_eq!(ok("012 empty").rounds_planned(), 0);
}

#[test]
fn rounds_played_ignores_announced_absences() {
    // Round 2 holds only H and Z entries: announced absences, not yet paired.
    assert_eq!(ok(TWO_PLAYERS).rounds_played(), 1);
    let t = ok(
        "001    1      A                                 2000                             1.0    1  0000 - U",
    );
    assert_eq!(t.rounds_played(), 1);
    // A paired game without a result is not played yet.
    let t = ok(
        "001    1      A                                 2000                             0.0    1     2 w",
    );
    assert_eq!(t.rounds_played(), 0);
}

#[test]
fn initial_colour_from_xxc_then_152() {
    assert_eq!(
        ok("XXC white1\n152 B").initial_colour(),
        Some(Colour::White)
    );
    assert_eq!(ok("XXC black1").initial_colour(), Some(Colour::Black));
    assert_eq!(ok("152 B").initial_colour(), Some(Colour::Black));
    assert_eq!(ok("152 w").initial_colour(), Some(Colour::White));
    assert_eq!(ok("XXC rank\n152 W").initial_colour(), Some(Colour::White));
    assert_eq!(ok("012 x").initial_colour(), None);
}

#[test]
fn game_scores_defaults_and_overrides() {
    assert_eq!(ok("012 x").game_scores(), ScoreTable::default());
    let xq = ok("162  W 2.0    D 1.0").game_scores();
    assert_eq!(
        xq,
        ScoreTable {
            win: pts(4),
            draw: pts(2),
            loss: pts(0),
            absent: pts(0),
            pab: pts(4),
            half_bye: pts(2),
        }
    );
    let full = ok("162  W 3.0    D 1.0    L 0.0    A 0.0    P 1.0    X 0.5").game_scores();
    assert_eq!(
        full,
        ScoreTable {
            win: pts(6),
            draw: pts(2),
            loss: pts(0),
            absent: pts(0),
            pab: pts(2),
            half_bye: pts(1),
        }
    );
    // Loose spacing and glued values read the same.
    assert_eq!(ok("162 W2 d1").game_scores(), xq);
}

#[test]
fn match_scores_default_2_1_0() {
    let d = ok("012 x").match_scores();
    assert_eq!((d.win, d.draw, d.loss), (pts(4), pts(2), pts(0)));
    // The team prefix (`TW`) some writers put before the symbol reads the same.
    assert_eq!(
        ok("362 TW 3.0   TD 1.0   TL 0.0").match_scores(),
        ok("362  W 3.0    D 1.0    L 0.0").match_scores()
    );
    let m = ok("362  W 3.0    D 1.0    L 0.0").match_scores();
    assert_eq!(
        (m.win, m.draw, m.loss, m.pab),
        (pts(6), pts(2), pts(0), pts(6))
    );
    // Every form FIDE's reader takes: the symbol at columns 6, 15, 24, whatever one character
    // precedes it, either case, the value anywhere in the 4 columns after it.
    for form in [
        "362 MW 3.0   MD 1.0   ML 0.0",
        "362 tw 3.0   td 1.0   tl 0.0",
        "362 TW3.0    TD1.0    TL0.0",
        "362 *W 3.0   *D 1.0   *L 0.0",
    ] {
        assert_eq!(ok(form).match_scores(), m, "{form}");
    }
    let p = ok("362 TW 3.0   TD 1.0   TL 0.0   TP 1.0").match_scores();
    assert_eq!((p.win, p.pab), (pts(6), pts(2)));
}

#[test]
fn board_colours_from_352() {
    use Colour::{Black as B, White as W};
    assert_eq!(ok("352 WBWBW").board_colours(), vec![W, B, W, B, W]);
    assert_eq!(ok("352 wbbw").board_colours(), vec![W, B, B, W]);
    assert!(ok("012 x").board_colours().is_empty());
}

#[test]
fn start_date_only_in_exact_form() {
    assert_eq!(
        ok("042 2026/03/01").start_date(),
        Some(jiff::civil::date(2026, 3, 1))
    );
    assert_eq!(ok("042 2026/03/01 ").start_date(), None);
    assert_eq!(ok("042  2026/03/01").start_date(), None);
    assert_eq!(ok("042 01.03.2026").start_date(), None);
    assert_eq!(ok("042 2026/02/30").start_date(), None);
    assert_eq!(ok("012 x").start_date(), None);
}

#[test]
fn tournament_type_and_system_code() {
    let t = ok("092 Team Round Robin (Berger)\n192 FIDE_TEAM_TYPEA_MP_GP ");
    assert_eq!(t.tournament_type(), Some("Team Round Robin (Berger)"));
    assert_eq!(t.system_code(), Some("FIDE_TEAM_TYPEA_MP_GP"));
    assert_eq!(t.header("012"), None);
    assert_eq!(ok("092").tournament_type(), Some(""));
}

#[test]
fn forfeited_matches_from_330() {
    let t = ok("330 +- 005 004 002\n330 -+ 010 005 006\n330 -- 011 001 012");
    assert_eq!(
        t.forfeited_matches(),
        vec![
            ForfeitedMatch {
                round: 5,
                first: 4,
                second: 2,
                outcome: ForfeitOutcome::FirstWins
            },
            ForfeitedMatch {
                round: 10,
                first: 5,
                second: 6,
                outcome: ForfeitOutcome::SecondWins
            },
            ForfeitedMatch {
                round: 11,
                first: 1,
                second: 12,
                outcome: ForfeitOutcome::Double
            },
        ]
    );
}

#[test]
fn team_pabs_from_320() {
    let t = ok("320  2.0 10.0 017 000 014");
    assert_eq!(
        t.team_pabs(),
        Some(TeamPabs {
            match_points: pts(4),
            game_points: pts(20),
            teams: vec![Some(17), None, Some(14)],
        })
    );
    assert_eq!(ok("012 x").team_pabs(), None);
    // Rounds without a PAB left blank, as FIDE's reader (columns 15-17, 19-21, ...) takes them.
    assert_eq!(
        ok("320  1.0  2.0          23").team_pabs().map(|p| p.teams),
        Some(vec![None, None, Some(23)])
    );
    // Numbers out of those columns are read in order.
    assert_eq!(
        ok("320 1.0 2.0 5 0 3").team_pabs().map(|p| p.teams),
        Some(vec![Some(5), None, Some(3)])
    );
}

#[test]
fn byes_from_240() {
    let t = ok("240 H 003    4   17\n240 F 005 12\n240 odd line");
    assert_eq!(
        t.byes_240(),
        vec![
            Bye240 {
                kind: ResultCode::HalfBye,
                round: 3,
                players: vec![4, 17]
            },
            Bye240 {
                kind: ResultCode::FullBye,
                round: 5,
                players: vec![12]
            },
        ]
    );
}

#[test]
fn teams_from_310_else_013() {
    let t = ok(
        "013 Alpha                              1    2\n013 Beta                               3    4",
    );
    let teams = t.teams();
    assert_eq!(teams.len(), 2);
    assert_eq!((teams[1].number, teams[1].name.as_str()), (2, "Beta"));
    assert_eq!(teams[1].members, vec![3, 4]);
    let t = ok(
        "013 Alpha                              1    2\n310   7 Gamma                                            0.0    0.0   1     1    2",
    );
    let teams = t.teams();
    assert_eq!(teams.len(), 1);
    assert_eq!((teams[0].number, teams[0].name.as_str()), (7, "Gamma"));
}

#[test]
fn score_of_every_code() {
    // 1 + W F = win; U = pab; = D = draw; H = half bye; 0 L = loss; - = 0; Z blank = absent.
    let p = super::one_player(
        "001    1      A                                 2000                             0.0    1     2 w 1     3 b +     4 w W  0000 - F  0000 - U     5 b =     6 w D  0000 - H     7 b 0     8 w L     9 b -  0000 - Z  0000 -  ",
    );
    assert_eq!(p.rounds.len(), 13);
    assert_eq!(p.score(&ScoreTable::default()), pts(2 * 5 + 3));
    let odd = ScoreTable {
        win: pts(6),
        draw: pts(2),
        loss: pts(1),
        absent: pts(20),
        pab: pts(100),
        half_bye: pts(1000),
    };
    assert_eq!(
        p.score(&odd),
        // wins 4×6, pab, draws 2×2, half bye, losses 2×1, forfeit loss 0, absences 2×20
        pts(6 * 4 + 100 + 2 * 2 + 1000 + 2 + 20 * 2)
    );
}
