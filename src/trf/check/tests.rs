//! Each fault `check` refuses, with its exact message, line and column.

use super::*;
use crate::model::Points;
use crate::trf::{RoundEntry, TeamRecord};

fn entry(opponent: u16, colour: Colour, result: ResultCode) -> RoundEntry {
    RoundEntry {
        opponent: Some(opponent),
        colour: Some(colour),
        result,
    }
}

fn player(start_no: u16, points: &str, round: RoundEntry) -> Line {
    Line::Player(PlayerRecord {
        start_no,
        sex: 'm',
        name: format!("Player, {start_no}"),
        points: points.parse::<Points>().ok(),
        rounds: vec![round],
        ..PlayerRecord::default()
    })
}

/// Line 1 `012`, lines 2-5 players 1-4: 1 beats 2, 3 and 4 draw.
fn base() -> Trf {
    use Colour::{Black, White};
    use ResultCode::{Draw, Loss, Win};
    Trf {
        lines: vec![
            Line::Other {
                code: "012".into(),
                raw: "012 Check".into(),
            },
            player(1, "1.0", entry(2, White, Win)),
            player(2, "0.0", entry(1, Black, Loss)),
            player(3, "0.5", entry(4, White, Draw)),
            player(4, "0.5", entry(3, Black, Draw)),
        ],
    }
}

fn round_of(trf: &mut Trf, start: u16) -> &mut RoundEntry {
    trf.lines
        .iter_mut()
        .find_map(|l| match l {
            Line::Player(p) if p.start_no == start => p.rounds.first_mut(),
            _ => None,
        })
        .expect("player")
}

fn refused(trf: &Trf) -> (usize, usize, String) {
    let e = check(trf).expect_err("refused");
    (e.line, e.column, e.message)
}

#[test]
fn a_file_that_adds_up_passes_without_warning() {
    assert_eq!(check(&base()), Ok(Vec::new()));
}

#[test]
fn a_player_against_himself() {
    let mut t = base();
    round_of(&mut t, 1).opponent = Some(1);
    assert_eq!(
        refused(&t),
        (
            2,
            92,
            "第1轮：棋手1的对手是他自己 / round 1: player 1 is paired against himself".into()
        )
    );
}

#[test]
fn an_opponent_without_a_line() {
    let mut t = base();
    round_of(&mut t, 1).opponent = Some(9);
    assert_eq!(
        refused(&t),
        (
            2,
            92,
            "第1轮：棋手1的对手9不存在 / round 1: player 1's opponent 9 has no 001 line".into()
        )
    );
}

#[test]
fn histories_that_disagree() {
    let mut t = base();
    round_of(&mut t, 2).opponent = Some(3);
    assert_eq!(
        refused(&t),
        (
            2,
            92,
            "第1轮：棋手1的对手为2，但2的对手为3 / round 1: player 1 names 2 as opponent, 2 names 3"
                .into()
        )
    );
}

#[test]
fn both_players_winning_one_game() {
    let mut t = base();
    round_of(&mut t, 2).result = ResultCode::Win;
    assert_eq!(
        refused(&t),
        (
            2,
            99,
            "第1轮：棋手1的结果“1”与2的结果“1”不可能同时成立 / round 1: result 1 of player 1 and 1 of 2 cannot both hold".into()
        )
    );
}

#[test]
fn both_players_with_white() {
    let mut t = base();
    round_of(&mut t, 4).colour = Some(Colour::White);
    assert_eq!(
        refused(&t),
        (
            4,
            97,
            "第1轮：棋手3与4同为w方 / round 1: players 3 and 4 both have colour w".into()
        )
    );
}

#[test]
fn a_round_half_entered() {
    // Round 1 of 3 and 4 paired, White and Black, no results yet.
    let mut t = base();
    round_of(&mut t, 3).result = ResultCode::Blank;
    round_of(&mut t, 4).result = ResultCode::Blank;
    assert_eq!(
        refused(&t),
        (
            4,
            99,
            "第1轮：棋手3与4已配对但没有结果（该轮未录完） / round 1: players 3 and 4 are paired without a result (the round is half entered)".into()
        )
    );
}

fn team(number: u16, members: Vec<u16>) -> Line {
    Line::Team(TeamRecord {
        number,
        name: format!("Team {number}"),
        members,
        ..TeamRecord::default()
    })
}

#[test]
fn a_member_without_a_line_and_a_player_in_two_teams() {
    let mut t = base();
    t.lines.push(team(1, vec![1, 5]));
    assert_eq!(
        refused(&t),
        (6, 79, "队员5不存在 / member 5 has no 001 line".into())
    );
    let mut t = base();
    t.lines.push(team(1, vec![1, 2]));
    t.lines.push(team(2, vec![3, 2]));
    assert_eq!(
        refused(&t),
        (
            7,
            79,
            "棋手2同时属于两支队（另见第6行） / player 2 is in two teams (also line 6)".into()
        )
    );
}

#[test]
fn a_points_field_that_disagrees_is_a_warning() {
    let mut t = base();
    if let Some(Line::Player(p)) = t.lines.get_mut(1) {
        p.points = "0.5".parse().ok();
    }
    let w = check(&t).expect("a warning, not a refusal");
    assert_eq!(w.len(), 1);
    assert_eq!(
        (w[0].line, w[0].column, w[0].message.as_str()),
        (
            2,
            81,
            "棋手1的积分0.5与各轮结果之和1.0不符 / player 1: points 0.5 but the rounds give 1.0"
        )
    );
}

#[test]
fn long_lines_and_too_many_lines_are_refused_before_parsing() {
    let long = format!("012 {}", "x".repeat(MAX_LINE_CHARS));
    let e = bounds(&long).expect_err("long line");
    assert_eq!((e.line, e.column), (1, MAX_LINE_CHARS + 1));
    let many = "###\n".repeat(MAX_LINES + 1);
    let e = bounds(&many).expect_err("many lines");
    assert_eq!(
        (e.line, e.message.as_str()),
        (MAX_LINES + 1, "文件超过100000行 / more than 100000 lines")
    );
    assert_eq!(bounds(&"###\n".repeat(MAX_LINES)), Ok(()));
}
