//! Sections by age and sex as organizers write them (issue 41 item 4, issue 43 "nobody
//! vanishes"), on `tests/fixtures/sections/` (made by `make.py` there): a 2026 youth event with
//! U10/U12 boys and girls by `age = "U.."` and a boys' section by an open-ended birth window,
//! and two clubs' forms whose 组别 cells name sections as forms write them, or name none.
//!
//! Every player of the roster ends in exactly one section or is named by
//! `person.section-unplaced` at his 组别 cell; a player placed by birth date and sex carries
//! `person.section-assumed` naming the section chosen; playing down is an eligibility error.

mod util;

use bianpai::findings::{Finding, Findings, Severity};
use bianpai::ingest::{Limits, load};

const A: &str = "a-星河棋院报名表.csv!a-星河棋院报名表!";
const B: &str = "b-启明俱乐部报名表.csv!b-启明俱乐部报名表!";

struct Run {
    event: bianpai::event::Event,
    roster: bianpai::model::roster::Roster,
    findings: Vec<Finding>,
}

fn run() -> Run {
    let dir = util::fixture("sections");
    let event = bianpai::event::load(&dir).expect("event.toml");
    let mut findings = Findings::new();
    let loaded = load(&dir, &Limits::default(), &mut findings);
    let inputs = bianpai::inputs::classify(&event, &loaded, &mut findings);
    let computed = bianpai::pipeline::compute(&event, &[], &inputs, &mut findings);
    Run {
        event,
        roster: computed.roster,
        findings: findings.into_vec(),
    }
}

/// Each player's name and the ids of the sections that hold him.
fn placements(r: &Run) -> Vec<(String, Vec<String>)> {
    let mut v = Vec::new();
    for team in &r.roster.teams {
        for p in &team.players {
            let ids = (r.event.sections().iter())
                .filter(|s| s.holds(p))
                .map(|s| s.id.to_string())
                .collect();
            v.push((p.display_name().to_string(), ids));
        }
    }
    v
}

/// (code, severity, person, cell, message) of the findings with `code`.
fn of(r: &Run, code: &str) -> Vec<(Severity, String, String, String)> {
    let mut v: Vec<_> = (r.findings.iter())
        .filter(|f| f.code.as_str() == code)
        .map(|f| {
            (
                f.severity,
                f.person.clone().unwrap_or_default(),
                f.source.to_string(),
                f.message_zh.clone(),
            )
        })
        .collect();
    v.sort();
    v
}

#[test]
fn every_player_is_in_one_section_or_named_at_his_cell() {
    let r = run();
    let got = placements(&r);
    let want: Vec<(&str, &[&str])> = vec![
        ("林小川", &["u10-boys"]),  // U10男子组: the section's name
        ("周子墨", &["u10-boys"]),  // 男子U10
        ("吴浩然", &["u10-boys"]),  // U10男
        ("郑雨桐", &["u10-girls"]), // 10岁以下女子组
        ("王诗琪", &["u12-girls"]), // Ｕ１２（女）
        ("陈一鸣", &["u12-boys"]),  // U12, born 2017: plays up
        ("赵志强", &["u10-boys"]),  // U10, born 2013: plays down (an eligibility error)
        ("孙可欣", &["u12-girls"]), // empty: by birth date and sex
        ("钱多多", &["u10-boys"]),  // U9: no such section
        ("李大力", &[]),            // 少年组, born 2010: nothing fits
        ("何安", &[]),              // empty, no sex: U10 boys or girls
        ("冯晓雪", &[]),            // U14, a girl born 2013: nothing fits
        ("马骏", &["u10-boys"]),    // no 组别 column; U10, not U12 boys
    ];
    let want: Vec<(String, Vec<String>)> = want
        .into_iter()
        .map(|(n, ids)| (n.to_string(), ids.iter().map(|s| s.to_string()).collect()))
        .collect();
    let mut got_sorted = got.clone();
    got_sorted.sort();
    let mut want_sorted = want.clone();
    want_sorted.sort();
    assert_eq!(got_sorted, want_sorted);

    // Nobody vanishes: the roster's players are the placed ones and the ones named.
    let placed = got.iter().filter(|(_, ids)| ids.len() == 1).count();
    let named = of(&r, "person.section-unplaced").len();
    assert_eq!((r.roster.players(), placed, named), (13, 10, 3));
}

#[test]
fn a_player_whose_group_names_no_section_is_named_at_the_group_cell() {
    let r = run();
    assert_eq!(
        of(&r, "person.section-assumed"),
        vec![
            (
                Severity::Warning,
                "孙可欣".into(),
                format!("{A}B11"),
                "孙可欣未填写组别，按出生日期2014-09-09、性别女编入U12女子组，请核实".into(),
            ),
            (
                Severity::Warning,
                "钱多多".into(),
                format!("{A}B12"),
                "钱多多的组别“U9”不是本赛事的组别，按出生日期2017-01-01、性别男编入U10男子组，请核实"
                    .into(),
            ),
            // No 组别 column: the name cell.
            (
                Severity::Warning,
                "马骏".into(),
                format!("{B}B4"),
                "马骏未填写组别，按出生日期2018-01-01、性别男编入U10男子组，请核实".into(),
            ),
        ]
    );
    assert_eq!(
        of(&r, "person.section-unplaced"),
        vec![
            (
                Severity::Error,
                "何安".into(),
                format!("{A}B14"),
                "何安未填写组别，不能确定所在组别，可报：U10男子组、U10女子组；请更正报名表，更正前不编排"
                    .into(),
            ),
            (
                Severity::Error,
                "冯晓雪".into(),
                format!("{A}B15"),
                "冯晓雪的组别“U14”不是本赛事的组别，没有与出生日期2013-01-01、性别女相符的组别；请更正报名表，更正前不编排"
                    .into(),
            ),
            (
                Severity::Error,
                "李大力".into(),
                format!("{A}B13"),
                "李大力的组别“少年组”不是本赛事的组别，没有与出生日期2010-01-01、性别男相符的组别；请更正报名表，更正前不编排"
                    .into(),
            ),
        ]
    );
}

#[test]
fn a_player_may_play_up_but_not_down() {
    let r = run();
    // 陈一鸣 (born 2017, U12) plays up without a finding; 赵志强 (born 2013, U10) may not play
    // down: an error at his birth date cell naming the section of his age.
    assert_eq!(
        of(&r, "person.birth-out-of-range"),
        vec![(
            Severity::Error,
            "赵志强".into(),
            format!("{A}E10"),
            "出生日期2013-04-04不符合U10男子组（2016-01-01及以后），不得降组参赛，应报少年男子甲组"
                .into(),
        )]
    );
}
