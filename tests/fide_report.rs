//! The FIDE report of an individual section, written from its history
//! (`bianpai::trf::export::section`): a five-player chess section over three rounds (a PAB, a
//! forfeit, a half-point bye, an absence; titles, FIDE IDs, a birth date known to the month)
//! gives exactly the expected file, reads back to the same history, and TieBreakServer's
//! checker accepts it with its `212` order.

mod util;

use bianpai::model::roster::{BirthDate, DatePrecision};
use bianpai::model::{Colour, Points, Sex};
use bianpai::tournament::{ByeKind, Edition, Entrant, History, Outcome, ScoreTable, Slot};
use bianpai::trf::export::{Facts, Person, section, text};
use jiff::civil::date;

fn game(opponent: usize, colour: Colour, outcome: Outcome) -> Slot {
    Slot {
        opponent: Some(opponent),
        colour: Some(colour),
        outcome,
    }
}

fn bye(kind: ByeKind) -> Slot {
    Slot {
        opponent: None,
        colour: None,
        outcome: Outcome::Bye(kind),
    }
}

/// Round 1: 1-4 1-0, 2-3 ½-½, 5 the PAB. Round 2: 3-1 0-1, 5-2 forfeited by 5, 4 a
/// half-point bye. Round 3: 1-2 ½-½, 4-5 1-0, 3 absent.
fn history() -> History {
    use Colour::{Black as B, White as W};
    use Outcome::{Draw, ForfeitLoss, ForfeitWin, Loss, Win};
    let entrant = |no: u16, name: &str, rating: Option<u16>, rounds: Vec<Slot>| Entrant {
        start_no: no,
        name: name.into(),
        rating,
        federation: "CHN".into(),
        team: None,
        rounds,
    };
    History {
        entrants: vec![
            entrant(
                1,
                "Ding, Liren",
                Some(2780),
                vec![game(3, W, Win), game(2, B, Win), game(1, W, Draw)],
            ),
            entrant(
                2,
                "Ju, Wenjun",
                Some(2560),
                vec![game(2, W, Draw), game(4, B, ForfeitWin), game(0, B, Draw)],
            ),
            entrant(
                3,
                "Wei, Yi",
                Some(2730),
                vec![game(1, B, Draw), game(0, W, Loss), bye(ByeKind::Zero)],
            ),
            entrant(
                4,
                "Lei, Tingjie",
                Some(2500),
                vec![game(0, B, Loss), bye(ByeKind::Half), game(4, W, Win)],
            ),
            entrant(
                5,
                "Zhang, San",
                None,
                vec![bye(ByeKind::Pab), game(1, W, ForfeitLoss), game(3, B, Loss)],
            ),
        ],
        rounds_planned: 3,
        rounds_played: 3,
        game_points: ScoreTable::default(),
        match_points: ScoreTable {
            win: Points::from_whole(2),
            draw: Points::from_whole(1),
            pab: Points::from_whole(2),
            half_bye: Points::from_whole(1),
            ..ScoreTable::default()
        },
        system: Some("FIDE_DUTCH_2026".into()),
        round_robin: Some(false),
        edition: Edition::for_start_date("2026/07/01"),
        ..History::default()
    }
}

fn people() -> Vec<Person> {
    let gm = |sex, id, birth: BirthDate| Person {
        title: "GM".into(),
        sex: Some(sex),
        fide_id: Some(id),
        birth: Some(birth),
        ..Person::default()
    };
    let day = |y, m, d| BirthDate {
        date: date(y, m, d),
        precision: DatePrecision::Day,
    };
    vec![
        gm(Sex::Male, 8603677, day(1992, 10, 24)),
        gm(Sex::Female, 8602980, day(1991, 1, 31)),
        gm(Sex::Male, 8603405, day(1999, 6, 2)),
        gm(
            Sex::Female,
            8603642,
            BirthDate {
                date: date(1997, 3, 1),
                precision: DatePrecision::Month,
            },
        ),
        Person {
            sex: Some(Sex::Male),
            ..Person::default()
        },
    ]
}

fn facts() -> Facts {
    Facts {
        name: "2026 Suzhou Open".into(),
        city: "Suzhou".into(),
        federation: "CHN".into(),
        start: Some(date(2026, 7, 1)),
        end: Some(date(2026, 7, 3)),
        kind: "Individual: Swiss-System".into(),
        chief_arbiter: Some("Li, Si".into()),
        deputies: vec!["Wang, Wu".into(), "Zhao, Liu".into()],
        time_control: Some((90, 30)),
        round_dates: vec![date(2026, 7, 1), date(2026, 7, 2), date(2026, 7, 3)],
        rounds: 3,
        system: Some("FIDE_DUTCH_2026".into()),
        tiebreaks: vec!["PTS".into(), "BH/C1".into(), "BH".into(), "SB".into()],
    }
}

const EXPECTED: &str = "\
012 2026 Suzhou Open\r
022 Suzhou\r
032 CHN\r
042 2026/07/01\r
052 2026/07/03\r
062 5\r
072 4\r
082 0\r
092 Individual: Swiss-System\r
102 Li, Si\r
112 Wang, Wu\r
112 Zhao, Liu\r
122 90 min + 30 s per move\r
132                                                                                        26/07/01  26/07/02  26/07/03\r
142 3\r
162  W 1.0    D 0.5    L 0.0\r
192 FIDE_DUTCH_2026\r
212 PTS BH/C1 BH SB\r
222 5400+30\r
001    1 m GM Ding, Liren                       2780 CHN     8603677 1992/10/24  2.5    1     4 w 1     3 b 1     2 w =\r
001    2 w GM Ju, Wenjun                        2560 CHN     8602980 1991/01/31  2.0    2     3 w =     5 b +     1 b =\r
001    3 m GM Wei, Yi                           2730 CHN     8603405 1999/06/02  0.5    5     2 b =     1 w 0  0000 - Z\r
001    4 w GM Lei, Tingjie                      2500 CHN     8603642 1997/00/00  1.5    3     1 b 0  0000 - H     5 w 1\r
001    5 m    Zhang, San                             CHN                         1.0    4  0000 - U     2 w -     4 b 0\r
";

#[test]
fn a_chess_section_exports_exactly() {
    let got = text(&section(&history(), &people(), &[1, 2, 5, 3, 4], &facts()));
    assert_eq!(got, EXPECTED);
}

/// The export is the inverse of `trf::history`: reading the file gives the history back.
#[test]
fn the_export_reads_back_to_the_same_history() {
    let h = history();
    let trf = section(&h, &people(), &[1, 2, 5, 3, 4], &facts());
    let back = bianpai::trf::history(&bianpai::trf::parse(&text(&trf)).unwrap()).unwrap();
    assert_eq!(back, h);
}

/// TieBreakServer reads the file without an error or a remark, computes the four tie-breaks of
/// `212`, and ranks the players as the `001` lines do.
#[test]
fn tiebreakserver_accepts_the_chess_section() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("suzhou-open-open.trf");
    std::fs::write(&path, EXPECTED).unwrap();
    let Some(answer) = util::gacrux::tiebreakchecker(&path) else {
        return;
    };
    assert_eq!(answer["status"]["code"], 0, "{:#}", answer["status"]);
    assert_eq!(answer["status"]["error"], serde_json::json!([]));
    assert_eq!(answer["status"]["info"], serde_json::json!([]));
    let names = answer["tiebreakResult"]["tiebreaks"].as_array().unwrap();
    assert_eq!(names.len(), 4, "{names:?}");
    let mut ranks: Vec<(u64, u64)> = answer["tiebreakResult"]["competitors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| (c["cid"].as_u64().unwrap(), c["rank"].as_u64().unwrap()))
        .collect();
    ranks.sort_unstable();
    assert_eq!(ranks, [(1, 1), (2, 2), (3, 5), (4, 3), (5, 4)]);
}
