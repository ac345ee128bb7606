use super::*;
use crate::findings::Severity;
use crate::rounds::marker::Marker;

fn row(
    r: u32,
    board: u32,
    home: &str,
    hp: &str,
    res: ResultCell,
    ap: &str,
    away: &str,
) -> TeamBoardRow {
    TeamBoardRow {
        row: r,
        match_no: Some(1),
        board: Some(board),
        home_team: home.into(),
        home_player: hp.into(),
        home_colour: None,
        result: res,
        away_player: ap.into(),
        away_team: away.into(),
    }
}

fn team(number: u32, name: &str, players: &[&str]) -> TeamInfo {
    let members = players
        .iter()
        .enumerate()
        .map(|(i, p)| Member {
            key: p.to_string(),
            group: usize::from(i >= 2),
            main_order: Some(i % 2),
            bars: Vec::new(),
        })
        .collect();
    TeamInfo {
        number,
        name: name.into(),
        members,
    }
}

/// 甲队 (A1, A2, …) and 乙队 (B1, B2, …) with `boards` players each.
fn two_teams(boards: usize) -> [TeamInfo; 2] {
    let names = |p: &str| (1..=boards).map(|i| format!("{p}{i}")).collect::<Vec<_>>();
    let (a, b) = (names("A"), names("B"));
    let a: Vec<&str> = a.iter().map(String::as_str).collect();
    let b: Vec<&str> = b.iter().map(String::as_str).collect();
    [team(1, "甲队", &a), team(2, "乙队", &b)]
}

/// A team round's sheet: `results/rNN.xlsx`, sheet `第N轮`.
fn sheet(round: u32, rows: Vec<TeamBoardRow>) -> RoundSheet {
    RoundSheet {
        marker: Marker {
            event: "E".into(),
            stage: "regular".into(),
            round,
        },
        file: format!("results/r{round:02}.xlsx"),
        sheet: format!("第{round}轮"),
        recorded: None,
        settings: Vec::new(),
        results: Vec::new(),
        rows: Rows::Team(rows),
    }
}

/// Two board groups: boards 1..=`split`, then `split + 1..=last`.
fn groups(split: u32, last: u32) -> [BoardGroup; 2] {
    [
        BoardGroup {
            first_board: 1,
            last_board: split,
        },
        BoardGroup {
            first_board: split + 1,
            last_board: last,
        },
    ]
}

#[test]
fn a_match_with_a_forfeit_and_a_missing_result() {
    use GameResult::*;
    let v = ResultCell::Valid;
    let sheet = sheet(
        3,
        vec![
            row(2, 1, "甲队", "A1", v(Win), "B1", "乙队"),
            row(3, 2, "甲队", "A2", v(Draw), "B2", "乙队"),
            row(4, 3, "甲队", "A3", v(ForfeitLoss), "B3", "乙队"),
            row(5, 4, "甲队", "A4", ResultCell::Missing, "B4", "乙队"),
        ],
    );
    let teams = two_teams(4);
    let groups = groups(2, 4);
    let key = |s: &str| s.trim().to_string();
    let cx = Context {
        teams: &teams,
        groups: &groups,
        boards: 4,
        colours: &[Colour::White, Colour::Black, Colour::White, Colour::Black],
        key: &key,
        lineup_clause: "规程 五(三)",
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert!(!rr.complete);
    let m = &rr.matches[0];
    assert_eq!((m.home, m.away, m.complete), (1, 2, false));
    let s = MatchScoring::default();
    // 1 + ½ + 0 (forfeit loss) = 1.5 for 甲; 0 + ½ + 1 = 1.5 for 乙.
    assert_eq!(
        m.game_points(&s),
        (Points::from_halves(3), Points::from_halves(3))
    );
    assert_eq!(
        m.match_points(&s),
        (Points::from_whole(1), Points::from_whole(1))
    );
    assert_eq!(m.boards[1].home_colour, Colour::Black);
    let codes: Vec<_> = f
        .all()
        .iter()
        .map(|x| (x.code, x.source.to_string()))
        .collect();
    assert_eq!(
        codes,
        vec![(Code::ResultMissing, "results/r03.xlsx!第3轮!F6".to_string())]
    );
}

/// A result typed on a board where one side named nobody is kept as typed: `0-1` against an
/// empty away board is an error at the result cell and the match stays incomplete (never
/// rescored `+-`); `+-` there is the board forfeit it says.
#[test]
fn a_typed_result_on_an_empty_board_is_an_error_not_a_forfeit() {
    use GameResult::*;
    let v = ResultCell::Valid;
    let sheet = sheet(
        1,
        vec![
            row(2, 1, "甲队", "A1", v(Win), "B1", "乙队"),
            row(3, 2, "甲队", "A2", v(Loss), "", "乙队"),
            row(4, 3, "甲队", "A3", v(ForfeitWin), "", "乙队"),
            row(5, 4, "甲队", "A4", v(Draw), "B4", "乙队"),
        ],
    );
    let teams = two_teams(4);
    let key = |s: &str| s.trim().to_string();
    let cx = Context {
        teams: &teams,
        groups: &groups(2, 4),
        boards: 4,
        colours: &[Colour::White, Colour::Black, Colour::White, Colour::Black],
        key: &key,
        lineup_clause: "",
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert!(!rr.complete);
    let m = &rr.matches[0];
    assert!(!m.complete);
    let played: Vec<(u32, GameResult)> = m.boards.iter().map(|b| (b.board, b.result)).collect();
    assert_eq!(played, vec![(1, Win), (3, ForfeitWin), (4, Draw)]);
    let errors: Vec<(Code, Severity, String, String)> = f
        .all()
        .iter()
        .filter(|x| x.code == Code::ResultInvalid)
        .map(|x| {
            (
                x.code,
                x.severity,
                x.source.to_string(),
                x.message_zh.clone(),
            )
        })
        .collect();
    assert_eq!(
        errors,
        vec![(
            Code::ResultInvalid,
            Severity::Error,
            "results/r01.xlsx!第1轮!F4".to_string(),
            "第1轮 甲队 – 乙队 第2台：结果“0-1”，但客队未填棋手；请填写棋手姓名，或把结果改为“+-”（弃权）"
                .to_string()
        )]
    );
}

#[test]
fn a_changed_pairing_is_read_as_the_workbook_says() {
    let sheet = RoundSheet {
        marker: Marker {
            event: "E".into(),
            stage: "regular".into(),
            round: 1,
        },
        file: "r.xlsx".into(),
        sheet: "S".into(),
        recorded: None,
        settings: Vec::new(),
        results: Vec::new(),
        rows: Rows::Team(vec![row(
            2,
            1,
            "乙队",
            "B1",
            ResultCell::Valid(GameResult::Win),
            "A1",
            "甲队",
        )]),
    };
    let teams = two_teams(1);
    let key = |s: &str| s.to_string();
    let cx = Context {
        teams: &teams,
        groups: &[BoardGroup {
            first_board: 1,
            last_board: 1,
        }],
        boards: 1,
        colours: &[Colour::White],
        key: &key,
        lineup_clause: "",
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert_eq!((rr.matches[0].home, rr.matches[0].away), (2, 1));
    assert!(rr.complete);
    // Comparing with the pairing written is pairing_check's (tests/pairing_changes.rs).
    assert!(f.all().is_empty());
}

/// The round 1, match 5: on board 2 the home player had black (`[boards.colours]
/// first_named = "红黑红"`), `黑胜` was typed, and the home player won; the match is 5:1 in
/// 2/1/0 scoring, not 3:3. A `红负` typed where the 执色 column says the home player had
/// black is the home player's win too.
#[test]
fn a_colour_word_scores_the_player_of_that_colour() {
    use GameResult::*;
    let word = |colour, result, typed: &str| ResultCell::ByColour {
        colour,
        result,
        typed: typed.into(),
    };
    let mut b3 = row(4, 3, "甲队", "A3", ResultCell::Valid(Draw), "B3", "乙队");
    b3.home_colour = Some(Colour::White);
    let sheet = sheet(
        1,
        vec![
            row(2, 1, "甲队", "A1", ResultCell::Valid(Win), "B1", "乙队"),
            row(
                3,
                2,
                "甲队",
                "A2",
                word(Colour::Black, Win, "黑胜"),
                "B2",
                "乙队",
            ),
            b3,
        ],
    );
    let teams = two_teams(3);
    let key = |s: &str| s.trim().to_string();
    let groups = groups(2, 3);
    let cx = Context {
        teams: &teams,
        groups: &groups,
        boards: 3,
        colours: &[Colour::White, Colour::Black, Colour::White],
        key: &key,
        lineup_clause: "",
    };
    let xiangqi = MatchScoring {
        game_win: Points::from_whole(2),
        game_draw: Points::from_whole(1),
        match_win: Points::from_whole(2),
        match_draw: Points::from_whole(1),
        sport: crate::model::Sport::Xiangqi,
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert!(rr.complete);
    let m = &rr.matches[0];
    let results: Vec<_> = m.boards.iter().map(|b| (b.result, b.home_colour)).collect();
    assert_eq!(
        results,
        vec![
            (Win, Colour::White),
            (Win, Colour::Black),
            (Draw, Colour::White)
        ]
    );
    assert_eq!(
        m.game_points(&xiangqi),
        (Points::from_whole(5), Points::from_whole(1))
    );
    assert_eq!(
        m.match_points(&xiangqi),
        (Points::from_whole(2), Points::ZERO)
    );
    assert!(f.all().is_empty());

    // The 执色 column wins over the rules: home had black on board 3, and 红负 is theirs.
    let Rows::Team(mut rows) = sheet.rows.clone() else {
        unreachable!()
    };
    rows[2].home_colour = Some(Colour::Black);
    rows[2].result = word(Colour::White, Loss, "红负");
    let sheet = RoundSheet {
        rows: Rows::Team(rows),
        ..sheet
    };
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert_eq!(rr.matches[0].boards[2].result, Win);
    assert_eq!(
        rr.matches[0].game_points(&xiangqi),
        (Points::from_whole(6), Points::ZERO)
    );
}

/// A colour word on a board whose colour is not known (a board number beyond the rules,
/// the 执色 cell blank) is an error at the result cell, never a guess: the board stays
/// unscored and the round incomplete.
#[test]
fn a_colour_word_without_a_known_colour_is_an_error_at_its_cell() {
    use GameResult::*;
    let sheet = sheet(
        2,
        vec![
            row(2, 1, "甲队", "A1", ResultCell::Valid(Win), "B1", "乙队"),
            row(
                3,
                7,
                "甲队",
                "A2",
                ResultCell::ByColour {
                    colour: Colour::White,
                    result: Win,
                    typed: "红胜".into(),
                },
                "B2",
                "乙队",
            ),
        ],
    );
    let teams = two_teams(2);
    let key = |s: &str| s.trim().to_string();
    let cx = Context {
        teams: &teams,
        groups: &[BoardGroup {
            first_board: 1,
            last_board: 2,
        }],
        boards: 2,
        colours: &[Colour::White, Colour::Black],
        key: &key,
        lineup_clause: "",
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert!(!rr.complete);
    assert_eq!(rr.matches[0].boards.len(), 1);
    let errors: Vec<(Code, String, String)> = f
        .all()
        .iter()
        .filter(|x| x.code == Code::ResultInvalid)
        .map(|x| (x.code, x.source.to_string(), x.message_zh.clone()))
        .collect();
    assert_eq!(
        errors,
        vec![(
            Code::ResultInvalid,
            "results/r02.xlsx!第2轮!F4".to_string(),
            "第2轮 甲队 – 乙队 第7台：结果“红胜”按执色计分，但本台主队执色不明；\
             请在执色列填写主队棋手的执色，或按主队一方填写结果"
                .to_string()
        )]
    );
}

/// Issue 46: the rows of one match are grouped by the names' keys, the ones the pairing check
/// compares: a zero-width space in one 主队 cell does not split the match (a 3-2 win of 5
/// boards read as a 2-2 draw and a 1-0 fragment).
#[test]
fn rows_are_grouped_into_matches_by_the_name_key() {
    use GameResult::*;
    let v = ResultCell::Valid;
    let sheet = sheet(
        1,
        vec![
            row(2, 1, "甲队", "A1", v(Win), "B1", "乙队"),
            row(3, 2, "甲\u{200B}队", "A2", v(Win), "B2", "乙队"),
            row(4, 3, "甲队", "A3", v(Win), "B3", "乙队"),
            row(5, 4, "甲队", "A4", v(Loss), "B4", "乙队"),
            row(6, 5, "甲队", "A5", v(Loss), "B5", "乙队"),
        ],
    );
    let teams = two_teams(5);
    let groups = groups(2, 5);
    let key = |s: &str| crate::season::teams::key(s);
    let cx = Context {
        teams: &teams,
        groups: &groups,
        boards: 5,
        colours: &[
            Colour::White,
            Colour::Black,
            Colour::White,
            Colour::Black,
            Colour::White,
        ],
        key: &key,
        lineup_clause: "",
    };
    let mut f = Findings::new();
    let rr = read_round(&sheet, &[(1, 2)], &cx, &mut f);
    assert_eq!(rr.matches.len(), 1);
    let m = &rr.matches[0];
    assert_eq!((m.home, m.away, m.boards.len()), (1, 2, 5));
    let s = MatchScoring::default();
    assert_eq!(
        m.game_points(&s),
        (Points::from_whole(3), Points::from_whole(2))
    );
    assert_eq!(m.match_points(&s), (Points::from_whole(2), Points::ZERO));
}
