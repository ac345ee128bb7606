//! Checks of teams: how many men and women, whether the boards can be fielded, the declared
//! board order, women on men's boards (rating threshold), and the entry deadline.

use std::collections::BTreeMap;

use crate::event::Event;
use crate::findings::{Finding, Findings, Severity, Source};
use crate::model::Sex;
use crate::model::roster::{Board, Roster, Team};

fn team_finding(
    code: &'static str,
    team: &Team,
    source: Source,
    zh: String,
    en: String,
    clause: Option<&String>,
) -> Finding {
    let mut f = Finding::new(code, Severity::Error, source, zh, en).team(&team.unit.value);
    if let Some(c) = clause {
        f = f.clause(c.clone());
    }
    f
}

/// Runs the team checks.
pub fn check(event: &Event, roster: &Roster, findings: &mut Findings) {
    for team in &roster.teams {
        composition(event, team, findings);
        deadline(event, team, findings);
    }
}

fn composition(event: &Event, team: &Team, findings: &mut Findings) {
    let (Some(rules), Some(boards)) = (&event.team, &event.boards) else {
        return;
    };
    let board_sex: BTreeMap<u32, Sex> = boards.boards.iter().map(|b| (b.number, b.sex)).collect();
    let file_src = Source::file(&team.file);
    // A player's place: the sex of the entered board (a woman on a men's board takes a men's
    // place), a reserve by the player's own sex.
    let mut men = 0u32;
    let mut women = 0u32;
    let mut mains: BTreeMap<u32, Vec<&crate::model::roster::Person>> = BTreeMap::new();
    for p in &team.players {
        let sex = p.sex.as_ref().map(|s| s.value);
        let place_sex = match p.board.as_ref().map(|b| b.value) {
            Some(Board::Main(n)) => {
                mains.entry(u32::from(n)).or_default().push(p);
                board_sex.get(&u32::from(n)).copied().or(sex)
            }
            _ => sex,
        };
        match place_sex {
            Some(Sex::Male) => men += 1,
            Some(Sex::Female) => women += 1,
            None => {}
        }
        // A woman entered on a men's board needs the rating threshold.
        if let (Some(Board::Main(n)), Some(Sex::Female), Some(th)) = (
            p.board.as_ref().map(|b| b.value),
            sex,
            &boards.woman_on_men_board,
        ) && board_sex.get(&u32::from(n)) == Some(&Sex::Male)
        {
            let rating = p.rating.as_ref().map_or(0, |r| r.value);
            if !th.allows(rating) {
                let src = p
                    .board
                    .as_ref()
                    .map(|b| b.source.clone())
                    .unwrap_or_else(|| file_src.clone());
                findings.push(
                    team_finding(
                        "team.woman-on-men-board-rating",
                        team,
                        src,
                        format!(
                            "{}报名男子第{n}台，等级分{rating}低于{}",
                            p.display_name(),
                            th.min_rating
                        ),
                        format!(
                            "{} is entered on men's board {n} with rating {rating}, below {}",
                            p.display_name(),
                            th.min_rating
                        ),
                        th.clause.as_ref(),
                    )
                    .person(p.display_name()),
                );
            }
        }
    }
    if let Some(max) = rules.max_men()
        && men > max
    {
        findings.push(team_finding(
            "team.too-many-men",
            team,
            file_src.clone(),
            format!("{}报名男子{men}人，超过{max}人", team.unit.value),
            format!("{} enters {men} men, more than {max}", team.unit.value),
            rules.clause.as_ref(),
        ));
    }
    if let Some(max) = rules.max_women()
        && women > max
    {
        findings.push(team_finding(
            "team.too-many-women",
            team,
            file_src.clone(),
            format!("{}报名女子{women}人，超过{max}人", team.unit.value),
            format!("{} enters {women} women, more than {max}", team.unit.value),
            rules.clause.as_ref(),
        ));
    }
    let needed = boards.count();
    if team.players.len() < needed {
        findings.push(team_finding(
            "team.too-few-players",
            team,
            file_src.clone(),
            format!(
                "{}只有{}名棋手，不足{needed}台",
                team.unit.value,
                team.players.len()
            ),
            format!(
                "{} has {} players for {needed} boards",
                team.unit.value,
                team.players.len()
            ),
            rules.clause.as_ref(),
        ));
    }
    // Board order: every board declared exactly once.
    let mut problems_zh = Vec::new();
    let mut problems_en = Vec::new();
    let mut src = file_src.clone();
    for b in boards.boards.iter().map(|b| b.number) {
        match mains.get(&b).map(Vec::len).unwrap_or(0) {
            0 => {
                problems_zh.push(format!("缺第{b}台"));
                problems_en.push(format!("board {b} missing"));
            }
            1 => {}
            k => {
                problems_zh.push(format!("第{b}台报了{k}人"));
                problems_en.push(format!("board {b} entered {k} times"));
                if let Some(p) = mains.get(&b).and_then(|v| v.get(1)) {
                    src = p.board.as_ref().map(|x| x.source.clone()).unwrap_or(src);
                }
            }
        }
    }
    if !problems_zh.is_empty() {
        findings.push(team_finding(
            "team.board-order",
            team,
            src,
            format!("{}台次有误：{}", team.unit.value, problems_zh.join("，")),
            format!(
                "{} board order: {}",
                team.unit.value,
                problems_en.join(", ")
            ),
            boards.clause.as_ref(),
        ));
    }
}

fn deadline(event: &Event, team: &Team, findings: &mut Findings) {
    let (Some(dl), Some(fill)) = (&event.deadlines.entry, &team.fill_date) else {
        return;
    };
    if !dl.in_time(fill.value) {
        findings.push(team_finding(
            "team.late",
            team,
            fill.source.clone(),
            format!(
                "{}填表日期{}晚于报名截止日{}",
                team.unit.value, fill.value, dl.date
            ),
            format!(
                "{} filled in the form on {}, after the deadline {}",
                team.unit.value, fill.value, dl.date
            ),
            dl.clause.as_ref(),
        ));
    }
}
