//! The worked 4-team example of RULES.md §A.7 as a season, exported to TRF.

use super::*;
use crate::season::matches::{BoardGame, MatchResult, RoundResults};

/// Teams A=1, B=2, C=3, D=4, four boards, players `A1`..`D4`.
pub(crate) fn example_teams() -> Vec<ExportTeam> {
    ["A", "B", "C", "D"]
        .iter()
        .enumerate()
        .map(|(i, t)| ExportTeam {
            number: i as u32 + 1,
            name: format!("Team {t}"),
            players: (1..=4)
                .map(|b| ExportPlayer {
                    key: format!("{t}{b}"),
                    name: format!("{t}, Player{b}"),
                    sex: Some(Sex::Male),
                    rating: 2000,
                    fide_id: String::new(),
                    birth: None,
                })
                .collect(),
        })
        .collect()
}

/// A match from the first-named team's board scores (in half-points: 2 win, 1 draw, 0 loss).
fn m(round: u32, home: u32, away: u32, halves: [i32; 4]) -> MatchResult {
    let letter = |n: u32| ["A", "B", "C", "D"][n as usize - 1];
    let boards = halves
        .iter()
        .enumerate()
        .map(|(i, h)| BoardGame {
            board: i as u32 + 1,
            home_player: Some(format!("{}{}", letter(home), i + 1)),
            away_player: Some(format!("{}{}", letter(away), i + 1)),
            home_colour: if i % 2 == 0 {
                Colour::White
            } else {
                Colour::Black
            },
            result: match h {
                2 => GameResult::Win,
                1 => GameResult::Draw,
                _ => GameResult::Loss,
            },
        })
        .collect();
    MatchResult {
        round,
        home,
        away,
        boards,
        complete: true,
    }
}

/// The six matches of RULES.md §A.7.
pub(crate) fn example_rounds() -> Vec<RoundResults> {
    let r = |round, matches| RoundResults {
        round,
        matches,
        complete: true,
    };
    vec![
        r(1, vec![m(1, 1, 4, [2, 1, 1, 1]), m(1, 2, 3, [1, 1, 2, 0])]),
        r(2, vec![m(2, 4, 3, [2, 2, 1, 1]), m(2, 1, 2, [0, 1, 1, 1])]),
        r(3, vec![m(3, 2, 4, [1, 1, 1, 1]), m(3, 3, 1, [0, 0, 1, 1])]),
    ]
}

pub(crate) fn example_header() -> ExportHeader {
    ExportHeader {
        name: "Example A.7".into(),
        city: "Beijing".into(),
        start: Some(jiff::civil::date(2026, 6, 1)),
        end: Some(jiff::civil::date(2026, 6, 3)),
        rounds: 3,
        round_robin: true,
        colours: vec![Colour::White, Colour::Black, Colour::White, Colour::Black],
        scoring: Scoring::default(),
        pab: (Points::from_whole(1), Points::from_whole(2)),
    }
}

#[test]
fn example_exports_every_board_game() {
    let trf = team_event(&example_header(), &example_teams(), &example_rounds(), &[]);
    let text = crate::trf::write(&trf);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "012 Example A.7");
    assert!(lines.contains(&"352 WBWBW") || lines.contains(&"352 WBWB"));
    assert!(lines.contains(&"362  W  2.0    D  1.0    L  0.0"));
    // A1 (start 1): R1 vs D1 (13) white win, R2 vs B1 (5) white loss, R3 vs C1 (9) black win.
    let a1 = lines
        .iter()
        .find(|l| l.starts_with("001    1"))
        .expect("A1");
    assert!(a1.ends_with("  13 w 1     5 w 0     9 b 1"), "{a1}");
    assert_eq!(a1.get(80..84), Some(" 2.0"));
    // C1 (start 9), R3 home vs A1 with White, lost.
    let c1 = lines
        .iter()
        .find(|l| l.starts_with("001    9"))
        .expect("C1");
    assert!(c1.ends_with("   1 w 0"), "{c1}");
    let t1 = lines
        .iter()
        .find(|l| l.starts_with("310   1"))
        .expect("310");
    assert!(t1.ends_with("   1    2    3    4"), "{t1}");
    // Reading it back gives the same model.
    assert_eq!(
        crate::trf::parse(&text).map(|t| crate::trf::write(&t)),
        Ok(text.clone())
    );
}

#[test]
fn example_standings_from_the_export_match_rules_a7() {
    let trf = team_event(&example_header(), &example_teams(), &example_rounds(), &[]);
    let text = crate::trf::write(&trf);
    let parsed = crate::trf::parse(&text).expect("parse");
    let opts = crate::scoring::TrfStandingsOptions {
        tiebreaks: "MPTS GPTS ESB:MM ESB:MG ESB:GM ESB:GG BC".into(),
        edition: None,
        round_robin: Some(true),
    };
    let tsv = crate::scoring::trf_standings(&parsed, &opts).expect("standings");
    // RULES.md §A.7: A 4 7.0 8 16.5 21 38.0 16.5; B 4 6.5 12 18 24.5 38.5 15;
    // D 3 6.5 6 17 14.5 35.5 16; C 1 4.0 4 15 6.5 26.5 12.5.
    let expected = "Rank\tStartNo\tMPTS\tGPTS\tESB:MM\tESB:MG\tESB:GM\tESB:GG\tBC\n\
                    1\t1\t4.0\t7.0\t8.00\t16.50\t21.00\t38.00\t16.5\n\
                    2\t2\t4.0\t6.5\t12.00\t18.00\t24.50\t38.50\t15.0\n\
                    3\t4\t3.0\t6.5\t6.00\t17.00\t14.50\t35.50\t16.0\n\
                    4\t3\t1.0\t4.0\t4.00\t15.00\t6.50\t26.50\t12.5\n";
    assert_eq!(tsv, expected);
}
