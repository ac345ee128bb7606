//! Reading each record type.

use super::{RULES_EXAMPLE, ok, one_player};
use crate::model::{Colour, Points};
use crate::trf::{Layout, Line, PlayerRecord, ResultCode, RoundEntry, Team013Record, TeamRecord};

fn entry(opponent: Option<u16>, colour: Option<Colour>, result: ResultCode) -> RoundEntry {
    RoundEntry {
        opponent,
        colour,
        result,
    }
}

#[test]
fn rules_example_player_line() {
    let p = one_player(RULES_EXAMPLE);
    let expected = PlayerRecord {
        start_no: 1,
        sex: 'm',
        title: "GM".into(),
        name: "Zhang, San".into(),
        rating: 2690,
        federation: "CHN".into(),
        fide_id: "8600001".into(),
        birth: "1990/01/01".into(),
        points: Some(Points::from_halves(7)),
        rank: Some(1),
        rounds: vec![
            entry(Some(4), Some(Colour::White), ResultCode::Win),
            entry(None, None, ResultCode::Pab),
            entry(Some(2), Some(Colour::Black), ResultCode::Draw),
            entry(Some(3), Some(Colour::White), ResultCode::ForfeitWin),
        ],
        layout: Layout::default(),
    };
    assert_eq!(p, expected);
    assert_eq!(p.layout.0.as_deref(), Some(RULES_EXAMPLE));
}

#[test]
fn bbp_line_without_sex_or_title() {
    let p = one_player(
        "001   12      Test0012 Player0012               1890                             2.0   11    10 b 0  0000 - H     7 w 1  0000 - Z     3 b -",
    );
    assert_eq!(p.start_no, 12);
    assert_eq!(p.sex, ' ');
    assert_eq!(p.title, "");
    assert_eq!(p.name, "Test0012 Player0012");
    assert_eq!(p.rating, 1890);
    assert_eq!(p.federation, "");
    assert_eq!(p.fide_id, "");
    assert_eq!(p.points, Some(Points::from_whole(2)));
    assert_eq!(p.rank, Some(11));
    assert_eq!(
        p.rounds,
        vec![
            entry(Some(10), Some(Colour::Black), ResultCode::Loss),
            entry(None, None, ResultCode::HalfBye),
            entry(Some(7), Some(Colour::White), ResultCode::Win),
            entry(None, None, ResultCode::ZeroBye),
            entry(Some(3), Some(Colour::Black), ResultCode::ForfeitLoss),
        ]
    );
}

#[test]
fn team_file_player_with_left_aligned_title() {
    let p = one_player(
        "001    3 wFM  Liang, Xiangfu                    2386 CHN     8835073 1982/09/07  7.0    4    48 w 1    33 w =",
    );
    assert_eq!((p.sex, p.title.as_str()), ('w', "FM"));
    assert_eq!(p.fide_id, "8835073");
    assert_eq!(p.birth, "1982/09/07");
    assert_eq!(p.rounds.len(), 2);
}

#[test]
fn short_line_has_blank_fields_and_no_rounds() {
    let p = one_player("001    7      Short, Line");
    assert_eq!(p.start_no, 7);
    assert_eq!(p.name, "Short, Line");
    assert_eq!(p.rating, 0);
    assert_eq!(p.points, None);
    assert_eq!(p.rank, None);
    assert!(p.rounds.is_empty());
}

#[test]
fn trailing_spaces_add_no_round_but_an_inner_blank_block_is_a_round() {
    let base = "001    1      A                                 2000                             1.0    1     2 w 1";
    let p = one_player(&format!("{base}          "));
    assert_eq!(p.rounds.len(), 1);
    // Round 2 left blank, round 3 present.
    let p = one_player(&format!("{base}               3 b 0"));
    assert_eq!(
        p.rounds,
        vec![
            entry(Some(2), Some(Colour::White), ResultCode::Win),
            entry(None, None, ResultCode::Blank),
            entry(Some(3), Some(Colour::Black), ResultCode::Loss),
        ]
    );
}

#[test]
fn truncated_last_block_reads_as_blank_result() {
    let p = one_player(
        "001    1      A                                 2000                             0.0    1     5 w",
    );
    assert_eq!(
        p.rounds,
        vec![entry(Some(5), Some(Colour::White), ResultCode::Blank)]
    );
}

#[test]
fn lower_case_codes_and_half_sign() {
    let p = one_player(
        "001    1      A                                 2000                             1.5    1     2 W h     3 b ½     4 w u     5 b f     6 w z     7 b d     8 w l     9 b w",
    );
    let results: Vec<ResultCode> = p.rounds.iter().map(|e| e.result).collect();
    assert_eq!(
        results,
        vec![
            ResultCode::HalfBye,
            ResultCode::Draw,
            ResultCode::Pab,
            ResultCode::FullBye,
            ResultCode::ZeroBye,
            ResultCode::DrawUnrated,
            ResultCode::LossUnrated,
            ResultCode::WinUnrated,
        ]
    );
    assert_eq!(p.rounds.first().and_then(|e| e.colour), Some(Colour::White));
}

#[test]
fn team_310_record() {
    let t = ok(
        "310  17 Sichuan Zhongxin                 SICHU   2076    7.0   21.5  19    81   82   83   84   85",
    );
    let expected = TeamRecord {
        number: 17,
        name: "Sichuan Zhongxin".into(),
        nickname: "SICHU".into(),
        strength: "2076".into(),
        match_points: Some(Points::from_whole(7)),
        game_points: Some(Points::from_halves(43)),
        rank: Some(19),
        members: vec![81, 82, 83, 84, 85],
        layout: Layout::default(),
    };
    assert_eq!(t.lines, vec![Line::Team(expected)]);
}

#[test]
fn team_013_record() {
    let t = ok("013 Beijing Dragons                    1    2    3    4    5  105");
    let expected = Team013Record {
        name: "Beijing Dragons".into(),
        members: vec![1, 2, 3, 4, 5, 105],
        layout: Layout::default(),
    };
    assert_eq!(t.lines, vec![Line::Team013(expected)]);
}

#[test]
fn other_records_comments_and_blank_lines_are_kept() {
    let text = "012 Test Open\n### a comment\n\n   \nXXR 9\nXXS something\n999 unknown record\n7\n";
    let t = ok(text);
    let codes: Vec<String> = t
        .lines
        .iter()
        .map(|l| match l {
            Line::Other { code, .. } => code.clone(),
            Line::Blank => "blank".into(),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(
        codes,
        vec!["012", "###", "blank", "blank", "XXR", "XXS", "999", "7"]
    );
    assert_eq!(
        t.lines.first(),
        Some(&Line::Other {
            code: "012".into(),
            raw: "012 Test Open".into()
        })
    );
}

#[test]
fn line_ends_crlf_cr_mixed_and_bom() {
    let t = ok("\u{feff}012 A\r\nXXR 3\r022 B\n\r\n092 C");
    let raws: Vec<&str> = t
        .lines
        .iter()
        .map(|l| match l {
            Line::Other { raw, .. } => raw.as_str(),
            Line::Blank => "",
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(raws, vec!["012 A", "XXR 3", "022 B", "", "092 C"]);
    assert!(ok("").lines.is_empty());
    assert_eq!(ok("\n").lines, vec![Line::Blank]);
}

#[test]
fn non_ascii_name_counts_characters_not_bytes() {
    let p = one_player(
        "001    5 w    张三丰                               2100 CHN                         3.0    2     1 b 1",
    );
    assert_eq!(p.name, "张三丰");
    assert_eq!(p.rating, 2100);
    assert_eq!(
        p.rounds,
        vec![entry(Some(1), Some(Colour::Black), ResultCode::Win)]
    );
}
