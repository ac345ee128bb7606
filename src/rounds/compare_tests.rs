use super::*;
use crate::rounds::marker::Marker;
use crate::rounds::record::RecordedGame;
use crate::rounds::sheet::ResultCell;

fn team_row(row: u32, board: u32, home: &str, away: &str) -> TeamBoardRow {
    TeamBoardRow {
        row,
        match_no: Some(1),
        board: Some(board),
        home_team: home.into(),
        home_player: String::new(),
        home_colour: None,
        result: ResultCell::Missing,
        away_player: String::new(),
        away_team: away.into(),
    }
}

fn sheet(rows: Rows) -> RoundSheet {
    RoundSheet {
        marker: Marker {
            event: "E".into(),
            stage: "regular".into(),
            round: 2,
        },
        file: "results/r02.xlsx".into(),
        sheet: "第2轮".into(),
        rows,
        recorded: None,
        settings: Vec::new(),
        results: Vec::new(),
    }
}

/// A – B and C – D on two boards each.
fn recorded() -> Recorded {
    let g = |m, b, l: &str, r: &str| RecordedGame {
        match_no: m,
        board: b,
        left: l.into(),
        right: Some(r.into()),
    };
    Recorded {
        team: true,
        games: vec![
            g(1, 1, "A", "B"),
            g(1, 2, "A", "B"),
            g(2, 1, "C", "D"),
            g(2, 2, "C", "D"),
        ],
        line_ups: None,
    }
}

fn run(rows: Vec<TeamBoardRow>) -> Vec<(ChangeKind, String, String)> {
    let key = |s: &str| s.trim().to_string();
    let keys = Keys {
        key: &key,
        special: &|_| false,
    };
    compare(&sheet(Rows::Team(rows)), Some(&recorded()), &keys)
        .into_iter()
        .map(|c| (c.kind, c.source.to_string(), c.en))
        .collect()
}

#[test]
fn the_pairing_as_written_raises_nothing() {
    let rows = vec![
        team_row(2, 1, "A", "B"),
        team_row(3, 2, "A", "B"),
        team_row(4, 1, "C", "D"),
        team_row(5, 2, "C", "D"),
    ];
    assert_eq!(run(rows), vec![]);
}

#[test]
fn swapped_changed_deleted_and_added_are_each_named() {
    use ChangeKind::*;
    // Home and away of match 1 swapped.
    let swapped = vec![
        team_row(2, 1, "B", "A"),
        team_row(3, 2, "B", "A"),
        team_row(4, 1, "C", "D"),
        team_row(5, 2, "C", "D"),
    ];
    assert_eq!(
        run(swapped),
        vec![(
            Changed,
            "results/r02.xlsx!第2轮!C3".into(),
            "round 2: B – A has home and away swapped (bianpai paired match 1 A – B)".into()
        )]
    );
    // Opponents exchanged: A – C and B – D.
    let exchanged = vec![
        team_row(2, 1, "A", "C"),
        team_row(3, 2, "A", "C"),
        team_row(4, 1, "B", "D"),
        team_row(5, 2, "B", "D"),
    ];
    let got = run(exchanged);
    assert_eq!(got.len(), 4, "{got:#?}");
    assert_eq!(
        got[0],
        (
            Changed,
            "results/r02.xlsx!第2轮!C3".into(),
            "round 2: the match A – C is not the pairing bianpai wrote (match 1 A – B)".into()
        )
    );
    assert_eq!(
        got[2].2,
        "round 2: match 1 A – B, paired by bianpai, was deleted from the workbook"
    );
    assert_eq!(got[2].1, "results/r02.xlsx!第2轮");
    // A board row deleted, a board row added, a whole match deleted.
    let edited = vec![
        team_row(2, 1, "A", "B"),
        team_row(3, 2, "A", "B"),
        team_row(4, 3, "A", "B"),
    ];
    assert_eq!(
        run(edited),
        vec![
            (
                Changed,
                "results/r02.xlsx!第2轮!B5".into(),
                "round 2, A – B: board 3 is not in the pairing bianpai wrote (match 1 has 2 boards)"
                    .into()
            ),
            (
                Changed,
                "results/r02.xlsx!第2轮".into(),
                "round 2: match 2 C – D, paired by bianpai, was deleted from the workbook".into()
            ),
        ]
    );
    let one_board = vec![
        team_row(2, 1, "A", "B"),
        team_row(4, 1, "C", "D"),
        team_row(5, 2, "C", "D"),
    ];
    assert_eq!(
        run(one_board),
        vec![(
            Changed,
            "results/r02.xlsx!第2轮!B3".into(),
            "round 2, A – B: board(s) 2 deleted (bianpai paired them)".into()
        )]
    );
}

#[test]
fn impossible_pairings_are_found_without_a_record() {
    let key = |s: &str| s.trim().to_string();
    let keys = Keys {
        key: &key,
        special: &|_| false,
    };
    let rows = vec![
        team_row(2, 1, "A", "A"),
        team_row(3, 1, "B", "C"),
        team_row(4, 1, "C", "D"),
    ];
    let got: Vec<_> = compare(&sheet(Rows::Team(rows)), None, &keys)
        .into_iter()
        .map(|c| (c.kind, c.source.to_string(), c.en))
        .collect();
    assert_eq!(
        got,
        vec![
            (
                ChangeKind::Impossible,
                "results/r02.xlsx!第2轮!H3".into(),
                "round 2: A is paired against itself".into()
            ),
            (
                ChangeKind::Impossible,
                "results/r02.xlsx!第2轮!C5".into(),
                "round 2: C plays two matches in this round".into()
            ),
        ]
    );
}

#[test]
fn individual_swaps_changes_and_the_bye() {
    let rec = Recorded {
        team: false,
        games: vec![
            RecordedGame {
                match_no: 0,
                board: 1,
                left: "甲（北京）".into(),
                right: Some("乙（上海）".into()),
            },
            RecordedGame {
                match_no: 0,
                board: 2,
                left: "丙（广东）".into(),
                right: None,
            },
        ],
        line_ups: None,
    };
    let row = |row, left: &str, right: &str| IndividualRow {
        row,
        board: Some(row - 1),
        left: left.into(),
        result: ResultCell::Missing,
        right: right.into(),
    };
    let key = |s: &str| s.replace("退赛", "").trim().to_string();
    let keys = Keys {
        key: &key,
        special: &|_| false,
    };
    let run = |rows| -> Vec<String> {
        compare(&sheet(Rows::Individual(rows)), Some(&rec), &keys)
            .into_iter()
            .map(|c| format!("{} {}", c.source, c.en))
            .collect()
    };
    assert_eq!(
        run(vec![
            row(2, "甲（北京）退赛", "乙（上海）"),
            row(3, "丙（广东）", "轮空")
        ]),
        Vec::<String>::new()
    );
    assert_eq!(
        run(vec![
            row(2, "乙（上海）", "甲（北京）"),
            row(3, "丙（广东）", "轮空")
        ]),
        vec![
            "results/r02.xlsx!第2轮!B3 round 2: 乙（上海） – 甲（北京） has the colours swapped (bianpai paired 甲（北京） – 乙（上海）)"
        ]
    );
    assert_eq!(
        run(vec![
            row(2, "甲（北京）", "丙（广东）"),
            row(3, "乙（上海）", "乙（上海）"),
        ]),
        vec![
            "results/r02.xlsx!第2轮!D4 round 2: 乙（上海） is paired against themself",
            "results/r02.xlsx!第2轮!B3 round 2: 甲（北京） – 丙（广东） is not the pairing bianpai wrote (bianpai paired 甲（北京） – 乙（上海）)",
            "results/r02.xlsx!第2轮 round 2: 甲（北京） – 乙（上海）, paired by bianpai, was deleted from the workbook",
            "results/r02.xlsx!第2轮 round 2: 丙（广东）（轮空）, paired by bianpai, was deleted from the workbook",
        ]
    );
    // The game bianpai paired is named by the first player's game on either side: 乙 played
    // 甲 on the right; 丁 was not paired at all.
    assert_eq!(
        run(vec![
            row(2, "乙（上海）", "丙（广东）"),
            row(3, "丁（江苏）", "甲（北京）"),
        ]),
        vec![
            "results/r02.xlsx!第2轮!B3 round 2: 乙（上海） – 丙（广东） is not the pairing bianpai wrote (bianpai paired 甲（北京） – 乙（上海）)",
            "results/r02.xlsx!第2轮!B4 round 2: 丁（江苏） – 甲（北京） is not the pairing bianpai wrote (bianpai paired nothing for this player)",
            "results/r02.xlsx!第2轮 round 2: 甲（北京） – 乙（上海）, paired by bianpai, was deleted from the workbook",
            "results/r02.xlsx!第2轮 round 2: 丙（广东）（轮空）, paired by bianpai, was deleted from the workbook",
        ]
    );
}
