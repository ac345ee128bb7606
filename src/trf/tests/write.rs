//! Writing: canonical layout for records built in code, in-place patches for changed records.

use super::{RULES_EXAMPLE, ok, one_player};
use crate::model::{Colour, Points};
use crate::trf::{
    Layout, Line, PlayerRecord, ResultCode, RoundEntry, Team013Record, TeamRecord, Trf, parse,
    write,
};

fn written(line: Line) -> String {
    write(&Trf { lines: vec![line] })
}

#[test]
fn canonical_player_line_is_the_rules_example() {
    let mut p = one_player(RULES_EXAMPLE);
    p.layout = Layout::default();
    assert_eq!(written(Line::Player(p)), format!("{RULES_EXAMPLE}\n"));
}

#[test]
fn canonical_blanks_and_absent_values() {
    let p = PlayerRecord {
        start_no: 12,
        name: "Wang, Fang".into(),
        rounds: vec![
            RoundEntry {
                opponent: None,
                colour: None,
                result: ResultCode::ZeroBye,
            },
            RoundEntry {
                opponent: Some(3),
                colour: Some(Colour::Black),
                result: ResultCode::Blank,
            },
        ],
        ..PlayerRecord::default()
    };
    let text = written(Line::Player(p.clone()));
    assert_eq!(
        text,
        // The blank result of the last block keeps its column (bbpPairings refuses a block
        // cut short).
        "001   12      Wang, Fang                                                                   0000 - Z     3 b  \n"
    );
    let back = one_player(text.trim_end());
    assert_eq!(back, p);
}

#[test]
fn changed_field_is_patched_in_place() {
    let mut p = one_player(RULES_EXAMPLE);
    p.points = Some(Points::from_whole(4));
    p.rank = Some(12);
    let expected = RULES_EXAMPLE.replacen(" 3.5    1 ", " 4.0   12 ", 1);
    assert_eq!(written(Line::Player(p)), format!("{expected}\n"));
}

#[test]
fn left_aligned_title_survives_a_name_change() {
    let line = "001    3 wFM  Liang, Xiangfu                    2386 CHN     8835073 1982/09/07  7.0    4    48 w 1";
    let mut p = one_player(line);
    p.name = "Liang, Xiaofu".into();
    let expected = line.replace("Liang, Xiangfu", "Liang, Xiaofu ");
    assert_eq!(written(Line::Player(p)), format!("{expected}\n"));
}

#[test]
fn rounds_added_changed_and_cut() {
    let mut p = one_player(RULES_EXAMPLE);
    p.rounds.push(RoundEntry {
        opponent: Some(10),
        colour: Some(Colour::Black),
        result: ResultCode::Loss,
    });
    assert_eq!(
        written(Line::Player(p.clone())),
        format!("{RULES_EXAMPLE}    10 b 0\n")
    );
    if let Some(e) = p.rounds.get_mut(2) {
        e.result = ResultCode::Win;
    }
    p.rounds.truncate(3);
    let cut = RULES_EXAMPLE.replace("    2 b =     3 w +", "    2 b 1");
    assert_eq!(written(Line::Player(p)), format!("{cut}\n"));
}

#[test]
fn a_kept_blank_block_that_becomes_last_is_written_out() {
    let line = "001    1      A                                 2000                             1.0    1     2 w 1               3 b 0";
    let mut p = one_player(line);
    assert_eq!(p.rounds.len(), 3);
    p.rounds.truncate(2);
    let text = written(Line::Player(p.clone()));
    assert!(text.ends_with("     2 w 1  0000 -  \n"), "{text:?}");
    assert_eq!(one_player(text.trim_end()), p);
}

#[test]
fn team_records_canonical_and_patched() {
    let line = "310  17 Sichuan Zhongxin                 SICHU   2076    7.0   21.5  19    81   82   83   84   85";
    let t = match ok(line).lines.into_iter().next() {
        Some(Line::Team(t)) => t,
        other => panic!("{other:?}"),
    };
    let canonical = TeamRecord {
        layout: Layout::default(),
        ..t.clone()
    };
    assert_eq!(written(Line::Team(canonical)), format!("{line}\n"));
    let mut changed = t;
    changed.members = vec![81, 86];
    changed.match_points = Some(Points::from_halves(17));
    assert_eq!(
        written(Line::Team(changed)),
        "310  17 Sichuan Zhongxin                 SICHU   2076    8.5   21.5  19    81   86\n"
    );
    let t013 = Team013Record {
        name: "Beijing Dragons".into(),
        members: vec![1, 2, 105],
        layout: Layout::default(),
    };
    let text = written(Line::Team013(t013.clone()));
    assert_eq!(text, "013 Beijing Dragons                    1    2  105\n");
    assert_eq!(ok(&text).lines, vec![Line::Team013(t013)]);
}

#[test]
fn whole_file_with_odd_lines() {
    let text = "012 T\n\n### note  \nXXR 3\n001    1      A\n310   1 X\n013 Y\n";
    assert_eq!(write(&ok(text)), text);
    // Lines of spaces come out empty; CRLF becomes LF.
    assert_eq!(write(&ok("012 T\r\n   \r\n")), "012 T\n\n");
    let t = parse("012 T\n   \n").expect("reads");
    assert_eq!(parse(&write(&t)).expect("reads"), t);
}

#[test]
fn points_too_wide_for_one_decimal_use_compact_forms() {
    for (raw, shown) in [
        ("999½", "999½"),
        ("1000", "1000"),
        ("-99½", "-99½"),
        (" 0,5", " 0.5"),
    ] {
        let line = format!(
            "001    1      A                                 2000                            {raw}    1"
        );
        let mut p = one_player(&line);
        p.layout = Layout::default();
        let text = written(Line::Player(p.clone()));
        assert!(text.contains(&format!(" {shown}    1")), "{text:?}");
        assert_eq!(one_player(text.trim_end()), p);
    }
    let t = ok("310   1 X                                             99999½ 123456");
    let Some(Line::Team(team)) = t.lines.first().cloned() else {
        panic!("team line");
    };
    assert_eq!(team.match_points, Some(Points::from_halves(199_999)));
    let canonical = TeamRecord {
        layout: Layout::default(),
        ..team.clone()
    };
    let text = written(Line::Team(canonical));
    assert!(text.ends_with("99999½ 123456\n"), "{text:?}");
    assert_eq!(ok(&text).lines, vec![Line::Team(team)]);
}
