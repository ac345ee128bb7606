//! Checks of teams: how many men and women, whether the boards can be fielded, the declared
//! board order, women on men's boards (rating threshold), and (by [`super::late`]) the entry
//! deadline.
//!
//! Every finding names the cell that causes it: the 台次 cell of the first player beyond a
//! limit, of the last player of the sex that is short, of the repeated board or of the reserve
//! listed too early; the 等级分 cell of a woman on a men's board.

use std::collections::BTreeMap;

use super::Layout;
use crate::event::{BoardRules, Event};
use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::forms::Field;
use crate::model::Sex;
use crate::model::roster::{Board, Person, Roster, Team};

fn team_finding(
    code: Code,
    team: &Team,
    source: Source,
    zh: String,
    en: String,
    clause: Option<&String>,
) -> Finding {
    let mut f = Finding::new(code, source, zh, en).team(&team.unit.value);
    if let Some(c) = clause {
        f = f.clause(c.clone());
    }
    f
}

/// Runs the team checks; `layout` locates the empty 等级分 cell of an unrated woman. The
/// people a ruling takes out are not counted ([`super::counted`]); the entry deadline is
/// [`super::late`]'s.
pub(crate) fn check_with(event: &Event, roster: &Roster, layout: &Layout, findings: &mut Findings) {
    // Several team sections: each team's players in each section are a team of their own.
    if event.has_team_sections() {
        for s in event.team_sections() {
            let ev = event.for_team_section(&s.id);
            let r = crate::event::section_roster(roster, &s.id);
            for t in &super::counted(&ev, &r).teams {
                composition(&ev, t, layout, findings);
                other_sex(s, t, findings);
            }
        }
        for team in &roster.teams {
            super::late::check_team(event, roster, team, findings);
        }
        return;
    }
    let counted = super::counted(event, roster);
    for (team, as_counted) in roster.teams.iter().zip(&counted.teams) {
        composition(event, as_counted, layout, findings);
        super::late::check_team(event, roster, team, findings);
    }
}

/// A player of the other sex in a team section of one sex (a woman in 男子团体 by her 组别
/// cell): `team.too-many-women` (`team.too-many-men`) at his 组别 cell, else his sex cell.
fn other_sex(section: &crate::event::Section, team: &Team, findings: &mut Findings) {
    let Some(only) = section.sex else { return };
    for p in &team.players {
        let Some(sex) = p.sex.as_ref().filter(|s| s.value != only) else {
            continue;
        };
        let code = match sex.value {
            Sex::Female => Code::TeamTooManyWomen,
            Sex::Male => Code::TeamTooManyMen,
        };
        let at = p.group.as_ref().map_or(&sex.source, |g| &g.source).clone();
        let name = p.display_name();
        findings.push(
            team_finding(
                code,
                team,
                at,
                format!(
                    "{}的{name}（{}）报在{}，该组别只限{}子",
                    team.unit.value,
                    sex_zh(sex.value),
                    section.name,
                    sex_zh(only)
                ),
                format!(
                    "{}: {name} ({}) is entered in {}, a section for {} only",
                    team.unit.value,
                    sex_en(sex.value),
                    section.id,
                    sex_en(only)
                ),
                section.clause.as_ref(),
            )
            .person(name),
        );
    }
}

/// The 台次 cell of a player, else the name cell, else the team's file.
fn board_cell(p: &Person, team: &Team) -> Source {
    p.board
        .as_ref()
        .map(|b| b.source.clone())
        .or_else(|| p.name.as_ref().map(|n| n.source.clone()))
        .unwrap_or_else(|| Source::file(&team.file))
}

fn main_board(p: &Person) -> Option<u32> {
    match p.board.as_ref().map(|b| b.value) {
        Some(Board::Main(n)) => Some(u32::from(n)),
        _ => None,
    }
}

fn sex_of(p: &Person) -> Option<Sex> {
    p.sex.as_ref().map(|s| s.value)
}

fn sex_zh(s: Sex) -> &'static str {
    match s {
        Sex::Male => "男",
        Sex::Female => "女",
    }
}

fn sex_en(s: Sex) -> &'static str {
    match s {
        Sex::Male => "men",
        Sex::Female => "women",
    }
}

fn composition(event: &Event, team: &Team, layout: &Layout, findings: &mut Findings) {
    let (Some(rules), Some(boards)) = (event.team(), event.boards()) else {
        return;
    };
    let board_sex: BTreeMap<u32, Sex> = (boards.boards.iter())
        .filter_map(|b| Some((b.number, b.sex?)))
        .collect();
    let open_boards: Vec<u32> = (boards.boards.iter())
        .filter(|b| b.sex.is_none())
        .map(|b| b.number)
        .collect();
    // A player's place: the sex of the entered board (a woman on a men's board takes a men's
    // place), an open board's open place; a reserve by the player's own sex where the
    // regulation counts that sex, else an open place. In row order.
    let sex_counted = |s: Sex| match s {
        Sex::Male => rules.max_men().is_some(),
        Sex::Female => rules.max_women().is_some(),
    };
    let mut places: BTreeMap<Option<Sex>, Vec<&Person>> = BTreeMap::new();
    for p in &team.players {
        let place = match main_board(p) {
            Some(n) if open_boards.contains(&n) => Some(None),
            Some(n) if board_sex.contains_key(&n) => board_sex.get(&n).copied().map(Some),
            _ => sex_of(p).map(|s| sex_counted(s).then_some(s)),
        };
        if let Some(s) = place {
            places.entry(s).or_default().push(p);
        }
        woman_on_mens_board(boards, &board_sex, team, p, layout, findings);
    }
    for (sex, max) in [
        (Some(Sex::Male), rules.max_men()),
        (Some(Sex::Female), rules.max_women()),
        (None, rules.max_open()),
    ] {
        let list = places.get(&sex).map(Vec::as_slice).unwrap_or_default();
        let Some(max) = max else { continue };
        let n = list.len();
        let Some(first_over) = list.get(usize::try_from(max).unwrap_or(usize::MAX)) else {
            continue;
        };
        let (code, zh, en) = match sex {
            Some(Sex::Male) => (Code::TeamTooManyMen, "男子", "men"),
            Some(Sex::Female) => (Code::TeamTooManyWomen, "女子", "women"),
            None => (
                Code::TeamTooManyPlayers,
                "不限性别的棋手",
                "players for the open boards",
            ),
        };
        findings.push(
            team_finding(
                code,
                team,
                board_cell(first_over, team),
                format!(
                    "{}报名{zh}{n}人，超过{max}人（从{}起超出）",
                    team.unit.value,
                    first_over.display_name()
                ),
                format!(
                    "{} enters {n} {en}, more than {max} (from {} on)",
                    team.unit.value,
                    first_over.display_name()
                ),
                rules.clause.as_ref(),
            )
            .person(first_over.display_name()),
        );
    }
    let short = too_few(boards, team, rules.clause.as_ref(), findings);
    board_order(boards, &board_sex, team, short, findings);
}

/// A woman entered on a men's board needs the rating threshold.
fn woman_on_mens_board(
    boards: &BoardRules,
    board_sex: &BTreeMap<u32, Sex>,
    team: &Team,
    p: &Person,
    layout: &Layout,
    findings: &mut Findings,
) {
    let (Some(n), Some(Sex::Female), Some(th)) =
        (main_board(p), sex_of(p), &boards.woman_on_men_board)
    else {
        return;
    };
    if board_sex.get(&n) != Some(&Sex::Male) {
        return;
    }
    let rating = p.rating.as_ref().map_or(0, |r| r.value);
    if th.allows(rating) {
        return;
    }
    let src = p
        .rating
        .as_ref()
        .map(|r| r.source.clone())
        .or_else(|| {
            p.name
                .as_ref()
                .and_then(|nm| layout.cell(&nm.source, Field::Rating))
        })
        .unwrap_or_else(|| board_cell(p, team));
    findings.push(
        team_finding(
            Code::TeamWomanOnMenBoardRating,
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

/// `team.too-few-players` when the team cannot field every board: women play women's boards
/// (and may take men's boards), men only men's boards. Returns whether it was raised, so that
/// the boards left empty are not also a board-order fault.
fn too_few(
    boards: &BoardRules,
    team: &Team,
    clause: Option<&String>,
    findings: &mut Findings,
) -> bool {
    let (men_boards, women_boards) = (
        boards.count_of(Some(Sex::Male)),
        boards.count_of(Some(Sex::Female)),
    );
    let of = |s: Sex| -> Vec<&Person> {
        team.players
            .iter()
            .filter(|p| sex_of(p) == Some(s))
            .collect()
    };
    let (men, women) = (of(Sex::Male), of(Sex::Female));
    let spare_women = women.len().saturating_sub(women_boards);
    // Open boards take anyone left once the boards of each sex are filled: short when the
    // team has fewer players than boards.
    let (all, all_boards) = (team.players.len(), boards.count());
    let short = if women.len() < women_boards {
        Some((
            Some(Sex::Female),
            women.len(),
            women_boards,
            women.last().copied(),
        ))
    } else if men.len() + spare_women < men_boards {
        Some((Some(Sex::Male), men.len(), men_boards, men.last().copied()))
    } else if all < all_boards {
        Some((None, all, all_boards, team.players.last()))
    } else {
        None
    };
    let Some((sex, have, need, last)) = short else {
        return false;
    };
    let src = last
        .or(team.players.last())
        .map(|p| board_cell(p, team))
        .unwrap_or_else(|| Source::file(&team.file));
    let (zh, en) = match sex {
        Some(sex) => (
            format!(
                "{}只有{have}名{}棋手，不足{need}个{}子台次",
                team.unit.value,
                sex_zh(sex),
                sex_zh(sex)
            ),
            format!(
                "{} has {have} {} for {need} {}'s boards",
                team.unit.value,
                match (have, sex) {
                    (1, Sex::Male) => "man",
                    (1, Sex::Female) => "woman",
                    _ => sex_en(sex),
                },
                sex_en(sex)
            ),
        ),
        None => (
            format!("{}只有{have}名棋手，不足{need}个台次", team.unit.value),
            format!(
                "{} has {have} {} for {need} boards",
                team.unit.value,
                if have == 1 { "player" } else { "players" }
            ),
        ),
    };
    let mut f = team_finding(Code::TeamTooFewPlayers, team, src, zh, en, clause);
    if let Some(p) = last {
        f = f.person(p.display_name());
    }
    findings.push(f);
    true
}

/// Board order: every board declared once, reserves after the main boards of their sex. One
/// finding per team listing every problem, at the cell of the first in row order.
fn board_order(
    boards: &BoardRules,
    board_sex: &BTreeMap<u32, Sex>,
    team: &Team,
    short: bool,
    findings: &mut Findings,
) {
    // (row position, zh, en, cell, person)
    let mut problems: Vec<(usize, String, String, Source, String)> = Vec::new();
    let mut seen: BTreeMap<u32, usize> = BTreeMap::new();
    for (i, p) in team.players.iter().enumerate() {
        if let Some(n) = main_board(p) {
            let k = seen.entry(n).or_insert(0);
            *k += 1;
            if *k == 2 {
                problems.push((
                    i,
                    format!("第{n}台重复"),
                    format!("board {n} entered twice"),
                    board_cell(p, team),
                    p.display_name().to_string(),
                ));
            }
        }
        if !matches!(p.board.as_ref().map(|b| b.value), Some(Board::Reserve(_))) {
            continue;
        }
        let rsex = sex_of(p);
        let later_main = team.players.iter().skip(i + 1).find_map(|q| {
            let n = main_board(q)?;
            let bs = board_sex.get(&n).copied();
            (rsex.is_none() || bs.is_none() || bs == rsex).then_some(n)
        });
        if let Some(n) = later_main {
            problems.push((
                i,
                format!("替补{}列在第{n}台之前", p.display_name()),
                format!("reserve {} is listed before board {n}", p.display_name()),
                board_cell(p, team),
                p.display_name().to_string(),
            ));
        }
    }
    if !short {
        for b in boards.boards.iter().map(|b| b.number) {
            if seen.contains_key(&b) {
                continue;
            }
            // The cell where the board is missing: the first player entered on a later board.
            let at = team
                .players
                .iter()
                .enumerate()
                .find(|(_, p)| main_board(p).is_some_and(|n| n > b))
                .or_else(|| team.players.iter().enumerate().next_back());
            let (i, src, who) = at.map_or(
                (usize::MAX, Source::file(&team.file), String::new()),
                |(i, p)| (i, board_cell(p, team), p.display_name().to_string()),
            );
            problems.push((
                i,
                format!("缺第{b}台"),
                format!("board {b} missing"),
                src,
                who,
            ));
        }
    }
    problems.sort_by_key(|p| p.0);
    let Some(first) = problems.first() else {
        return;
    };
    let zh: Vec<&str> = problems.iter().map(|p| p.1.as_str()).collect();
    let en: Vec<&str> = problems.iter().map(|p| p.2.as_str()).collect();
    // A warning, not an error: the default line-up follows the form's order (台次按报名顺序依次
    // 上调), so no board is left empty and the arbiter can still correct the round workbook.
    let mut f = team_finding(
        Code::TeamBoardOrder,
        team,
        first.3.clone(),
        format!(
            "{}台次有误：{}；默认出场按报名顺序依次排台",
            team.unit.value,
            zh.join("，")
        ),
        format!(
            "{} board order: {}; the default line-up follows the form's order",
            team.unit.value,
            en.join(", ")
        ),
        boards.clause.as_ref(),
    );
    f.severity = Severity::Warning;
    if !first.4.is_empty() {
        f = f.person(first.4.clone());
    }
    findings.push(f);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::roster::Sourced;
    use crate::season::teams::tests::team;

    /// A player whose 台次 cell is on form row `row`.
    fn player(name: &str, row: u32, sex: Sex, board: Board) -> Person {
        let mut p = crate::season::teams::tests::player(name, sex, board);
        p.board = Some(Sourced::new(
            board,
            Source::cell("f.xlsx", "报名表", row, 1),
        ));
        p
    }

    fn codes(players: Vec<Person>) -> Vec<(Code, String, String)> {
        let ev = crate::event::parse(
            &crate::event::team_tests::open_team("WBW"),
            std::path::Path::new("event.toml"),
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let team = team(players);
        let roster = Roster {
            teams: vec![team],
            ..Roster::default()
        };
        let mut f = Findings::new();
        check_with(&ev, &roster, &Layout::default(), &mut f);
        f.all()
            .iter()
            .map(|x| (x.code, x.source.to_string(), x.message_zh.clone()))
            .collect()
    }

    /// An open team (3 boards of either sex, 1 reserve): men and women on any board, a woman's
    /// reserve included, raise nothing; a fifth player is one too many, two players too few.
    #[test]
    fn open_boards_take_either_sex() {
        use Board::{Main, Reserve};
        let four = vec![
            player("甲", 2, Sex::Female, Main(1)),
            player("乙", 3, Sex::Male, Main(2)),
            player("丙", 4, Sex::Female, Main(3)),
            player("丁", 5, Sex::Female, Reserve(None)),
        ];
        assert_eq!(codes(four.clone()), vec![]);
        let mut five = four.clone();
        five.push(player("戊", 6, Sex::Male, Reserve(None)));
        assert_eq!(
            codes(five),
            vec![(
                Code::TeamTooManyPlayers,
                "f.xlsx!报名表!B7".to_string(),
                "湖北江城队报名不限性别的棋手5人，超过4人（从戊起超出）".to_string()
            )]
        );
        let two = four.into_iter().take(2).collect();
        assert_eq!(
            codes(two),
            vec![(
                Code::TeamTooFewPlayers,
                "f.xlsx!报名表!B4".to_string(),
                "湖北江城队只有2名棋手，不足3个台次".to_string()
            )]
        );
    }
}
