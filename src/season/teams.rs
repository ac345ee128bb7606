//! Teams of a team event as the season needs them: numbers, members for the line-up check, the
//! default line-up, and the players for the TRF export — all derived from the roster and the
//! event's board rules.

use crate::eligibility::standing::{Standing, Statuses};
use crate::event::{BoardRules, Event};
use std::collections::{BTreeMap, BTreeSet, HashMap};

use crate::findings::{Code, Finding, Source};
use crate::model::roster::{Board, Person, Roster, Team};
use crate::model::{Colour, Sex};
use crate::rounds::lineup::{Bar, BoardGroup, Member};

use super::matches::TeamInfo;

/// The matching key of a typed name (the roster's normalization).
pub fn key(name: &str) -> String {
    crate::normalize::name(name)
        .map(|n| n.key)
        .unwrap_or_default()
}

/// The roster's teams by unit name as entered (the draw's names are the roster's); of two teams
/// with one name, the first.
pub fn by_unit(roster: &Roster) -> std::collections::HashMap<&str, &Team> {
    let mut m = std::collections::HashMap::with_capacity(roster.teams.len());
    for t in &roster.teams {
        m.entry(t.unit.value.as_str()).or_insert(t);
    }
    m
}

/// Board groups: runs of consecutive boards of the same sex (boards 1-3 men, 4-5 women); open
/// boards (no sex) make a group of their own (`None`).
pub fn board_groups(rules: &BoardRules) -> Vec<(BoardGroup, Option<Sex>)> {
    let mut boards: Vec<(u32, Option<Sex>)> =
        rules.boards.iter().map(|b| (b.number, b.sex)).collect();
    boards.sort_by_key(|b| b.0);
    let mut out: Vec<(BoardGroup, Option<Sex>)> = Vec::new();
    for (n, sex) in boards {
        match out.last_mut() {
            Some((g, s)) if *s == sex && g.last_board + 1 == n => g.last_board = n,
            _ => out.push((
                BoardGroup {
                    first_board: n,
                    last_board: n,
                },
                sex,
            )),
        }
    }
    out
}

/// The first-named team's colour on each board (`WBWBW` by default).
pub fn board_colours(rules: &BoardRules) -> Vec<Colour> {
    let mut v = (rules.colours.as_ref())
        .and_then(|c| c.sequence())
        .unwrap_or_default();
    // Alternate from White for boards the sequence does not cover.
    while v.len() < rules.count() {
        v.push(if v.len().is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        });
    }
    v.truncate(rules.count().max(1));
    v
}

fn board_of(p: &Person) -> Option<Board> {
    p.board.as_ref().map(|b| b.value)
}

fn sex_of(p: &Person) -> Option<Sex> {
    p.sex.as_ref().map(|s| s.value)
}

/// The line-up members of a team: each player's board group and place among the group's main
/// players, reserves by their sex's group.
///
/// The place is the rank by declared board, then by entry order: a form that enters board 1
/// twice and no board 2 (规程: 台次按报名顺序依次上调) gives ranks 0, 1, 2 to boards 1, 1, 3, so
/// the default line-up fills every board and the line-up check accepts it.
pub fn members(team: &Team, groups: &[(BoardGroup, Option<Sex>)]) -> Vec<Member> {
    let group_of_board = |n: u32| {
        groups
            .iter()
            .position(|(g, _)| (g.first_board..=g.last_board).contains(&n))
    };
    // (group, declared board, entry index) of every main player, for the ranks.
    let mains: Vec<(usize, u32, usize)> = team
        .players
        .iter()
        .enumerate()
        .filter(|(_, p)| p.name.is_some())
        .filter_map(|(i, p)| match board_of(p) {
            Some(Board::Main(n)) => Some((group_of_board(u32::from(n))?, u32::from(n), i)),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for (i, p) in team.players.iter().enumerate() {
        let Some(name) = p.name.as_ref() else {
            continue;
        };
        let (group, main_order) = match board_of(p) {
            Some(Board::Main(n)) => {
                let Some(g) = group_of_board(u32::from(n)) else {
                    continue;
                };
                let me = (u32::from(n), i);
                let rank = mains
                    .iter()
                    .filter(|&&(mg, mb, mi)| mg == g && (mb, mi) < me)
                    .count();
                (g, Some(rank))
            }
            Some(Board::Reserve(_)) | None => {
                // A reserve plays in the group of its sex, else on the open boards.
                let of_sex = sex_of(p).and_then(|s| groups.iter().position(|g| g.1 == Some(s)));
                let Some(g) = of_sex.or_else(|| groups.iter().position(|g| g.1.is_none())) else {
                    continue;
                };
                (g, None)
            }
        };
        out.push(Member {
            key: name.value.key.clone(),
            group,
            main_order,
            bars: Vec::new(),
        });
    }
    out
}

/// The default line-up of a team: in each board group its main players in entry order from the
/// group's first board (the boards move up when a main player has withdrawn), a reserve on the
/// group's last board when the main players do not fill it; empty strings for empty boards.
///
/// The players whose name keys are in `left_out` (an open blocking finding of their own, a bar
/// on their boards: [`Fielding::left_out`]) are not fielded: the boards move up past them and
/// the group's reserve (乙级/甲级 九(二)(三): only on the group's last board) takes the last
/// board, or it stays empty.
pub fn default_lineup(
    team: &Team,
    groups: &[(BoardGroup, Option<Sex>)],
    boards: u32,
    left_out: &BTreeSet<String>,
) -> Vec<String> {
    let members: Vec<Member> = members(team, groups)
        .into_iter()
        .filter(|m| !left_out.contains(&m.key))
        .collect();
    let display = |key: &str| {
        team.players
            .iter()
            .filter_map(|p| p.name.as_ref())
            .find(|n| n.value.key == key)
            .map(|n| n.value.display.clone())
            .unwrap_or_default()
    };
    let mut out = vec![String::new(); boards as usize];
    for (gi, (g, _)) in groups.iter().enumerate() {
        let mut mains: Vec<_> = members
            .iter()
            .filter(|m| m.group == gi && m.main_order.is_some())
            .collect();
        mains.sort_by_key(|m| m.main_order);
        let reserve = members
            .iter()
            .find(|m| m.group == gi && m.main_order.is_none());
        let slots: Vec<u32> = (g.first_board..=g.last_board).collect();
        for (i, b) in slots.iter().enumerate() {
            let who = match mains.get(i) {
                Some(m) => Some(display(&m.key)),
                None if i + 1 == slots.len() => reserve.map(|m| display(&m.key)),
                None => None,
            };
            if let (Some(name), Some(cell)) =
                (who, b.checked_sub(1).and_then(|x| out.get_mut(x as usize)))
            {
                *cell = name;
            }
        }
    }
    out
}

/// Who a new round's default line-up leaves out (issue 44): a player with an open blocking
/// finding of their own (资格待查: `person.not-registered`, `team.woman-on-men-board-rating`, …)
/// or ruled out, and a player the regulation bars from the boards of their group (the bars
/// `lineup.ineligible` checks), so that bianpai never pre-fills a line-up it would flag.
pub struct Fielding<'a> {
    /// The teams' members with their bars.
    pub infos: &'a [TeamInfo],
    /// Each person's standing after the rulings.
    pub statuses: &'a Statuses,
}

impl Fielding<'_> {
    /// The name keys of `team`'s players left out, each with its display name.
    pub fn left_out(&self, team: &Team) -> BTreeMap<String, String> {
        let unit = team.unit.value.as_str();
        let info = self.infos.iter().find(|i| i.name == unit);
        team.players
            .iter()
            .filter_map(|p| p.name.as_ref())
            .filter(|n| {
                let barred = info
                    .and_then(|i| i.members.iter().find(|m| m.key == n.value.key))
                    .is_some_and(|m| m.bars.iter().any(|b| b.group.is_none_or(|g| g == m.group)));
                barred
                    || self
                        .statuses
                        .person_itself(unit, &n.value.display)
                        .is_some()
            })
            .map(|n| (n.value.key.clone(), n.value.display.clone()))
            .collect()
    }

    /// The default line-up of `team` without the players left out, and the boards that stay
    /// empty only because of them (board, the group's players left out).
    pub fn lineup(
        &self,
        team: &Team,
        groups: &[(BoardGroup, Option<Sex>)],
        boards: u32,
    ) -> (Vec<String>, Vec<(u32, Vec<String>)>) {
        let out = self.left_out(team);
        let keys: BTreeSet<String> = out.keys().cloned().collect();
        let lineup = default_lineup(team, groups, boards, &keys);
        if out.is_empty() {
            return (lineup, Vec::new());
        }
        let full = default_lineup(team, groups, boards, &BTreeSet::new());
        let members = members(team, groups);
        let mut empty = Vec::new();
        for (i, (now, before)) in lineup.iter().zip(&full).enumerate() {
            if !now.is_empty() || before.is_empty() {
                continue;
            }
            let board = u32::try_from(i + 1).unwrap_or(u32::MAX);
            let group = groups
                .iter()
                .position(|(g, _)| (g.first_board..=g.last_board).contains(&board));
            let names: Vec<String> = members
                .iter()
                .filter(|m| Some(m.group) == group)
                .filter_map(|m| out.get(&m.key).cloned())
                .collect();
            empty.push((board, names));
        }
        (lineup, empty)
    }
}

impl Fielding<'_> {
    /// The default line-up of `team` (none: no player) for the new round workbook `file`,
    /// with a `lineup.default-empty` finding for each board left empty.
    pub fn fielded(
        &self,
        team: Option<&Team>,
        groups: &[(BoardGroup, Option<Sex>)],
        boards: u32,
        file: &str,
        findings: &mut crate::findings::Findings,
    ) -> Vec<String> {
        let Some(team) = team else {
            return Vec::new();
        };
        let (lineup, empty) = self.lineup(team, groups, boards);
        for (board, names) in empty {
            findings.push(empty_board_finding(file, &team.unit.value, board, &names));
        }
        lineup
    }
}

/// `lineup.default-empty`: a board of a new round left empty because the players who would
/// have played it are left out of the default line-up ([`Fielding`]) and no legal reserve is
/// left: the team fills it (or forfeits the board) before the round.
fn empty_board_finding(file: &str, team: &str, board: u32, names: &[String]) -> Finding {
    Finding::new(
        Code::LineupDefaultEmpty,
        Source::file(format!("results/{file}.xlsx")),
        format!(
            "{team}第{board}台未预填出场棋手：{}资格待查或不得在该台出场，且无可上该台的替补；请领队填写或按弃权处理",
            names.join("、")
        ),
        format!(
            "{team} board {board} left empty in the default line-up: {} pending or barred from \
             the board and no reserve may play it; the captain fills it in or the board is \
             forfeited",
            names.join(", ")
        ),
    )
    .team(team)
}

/// Round-reader infos for numbered teams (`numbers[i]` is the team of number i + 1), with the
/// bars the line-up check applies every round ([`bars`]).
pub fn infos(
    roster: &Roster,
    numbers: &[String],
    groups: &[(BoardGroup, Option<Sex>)],
    event: &Event,
    rules: &BoardRules,
    statuses: &Statuses,
) -> Vec<TeamInfo> {
    // 七(三): the clause of the excluded events (one in practice).
    let excluded_clause = event
        .eligibility()
        .excluded
        .iter()
        .find_map(|e| e.clause.clone());
    numbers
        .iter()
        .enumerate()
        .filter_map(|(i, unit)| {
            let t = roster.teams.iter().find(|t| &t.unit.value == unit)?;
            let mut members = members(t, groups);
            // Each member's entry by name key (the first of a key), found once: a search per
            // member made a form of 100,000 rows take minutes (issue 46).
            let mut by_key: HashMap<&str, &Person> = HashMap::new();
            for p in &t.players {
                if let Some(n) = &p.name {
                    by_key.entry(n.value.key.as_str()).or_insert(p);
                }
            }
            for m in &mut members {
                if let Some(p) = by_key.get(m.key.as_str()) {
                    m.bars = bars(t, p, groups, rules, excluded_clause.as_deref(), statuses);
                }
            }
            Some(TeamInfo {
                number: i as u32 + 1,
                name: unit.clone(),
                members,
            })
        })
        .collect()
}

/// What keeps a registered player off boards, checked in every round he plays
/// (`lineup.ineligible`):
///
/// - a woman whose rating is below the floor for men's boards (乙级 九(三): 2350) may not play
///   a men's board, whichever board the form gave her;
/// - a player of an excluded event (七(三): `person.in-excluded-event`, not ruled on yet) plays
///   no board at all; once ruled (cleared or disqualified) the bar goes.
pub fn bars(
    team: &Team,
    p: &Person,
    groups: &[(BoardGroup, Option<Sex>)],
    rules: &BoardRules,
    excluded_clause: Option<&str>,
    statuses: &Statuses,
) -> Vec<Bar> {
    let mut out = Vec::new();
    let name = p.display_name();
    if let (Some(Sex::Female), Some(th)) = (sex_of(p), &rules.woman_on_men_board) {
        let rating = p.rating.as_ref().map_or(0, |r| r.value);
        if !th.allows(rating) {
            let mens = |g: &&(BoardGroup, Option<Sex>)| g.1 == Some(Sex::Male);
            for (gi, _) in groups.iter().enumerate().filter(|(_, g)| mens(g)) {
                out.push(Bar {
                    group: Some(gi),
                    zh: format!(
                        "{name}等级分{rating}低于{}，不得在男子台出场",
                        th.min_rating
                    ),
                    en: format!(
                        "{name} (rating {rating}, below {}) may not play a men's board",
                        th.min_rating
                    ),
                    clause: th.clause.clone(),
                });
            }
        }
    }
    // A disqualification is not a bar: the games already played stand (乙级 七(四)3) and must
    // not turn into errors after the ruling; the entrant is simply not paired again.
    match statuses.person(&team.unit.value, name) {
        Some(Standing::Pending(codes)) if codes.contains(&Code::PersonInExcludedEvent) => {
            out.push(Bar {
                group: None,
                zh: format!("{name}同时是被排除赛事的棋手（资格待查），不得出场"),
                en: format!(
                    "{name} is also a player of an excluded event (pending) and may not play"
                ),
                clause: excluded_clause.map(str::to_string),
            })
        }
        _ => {}
    }
    out
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::findings::Source;
    use crate::model::roster::{PersonName, Sourced};

    /// A player of a form `f.xlsx`, every cell at B2.
    pub(crate) fn player(name: &str, sex: Sex, board: Board) -> Person {
        let at = Source::cell("f.xlsx", "报名表", 1, 1);
        Person {
            name: Some(Sourced::new(
                PersonName {
                    display: name.into(),
                    key: name.into(),
                },
                at.clone(),
            )),
            sex: Some(Sourced::new(sex, at.clone())),
            board: Some(Sourced::new(board, at)),
            ..Person::default()
        }
    }

    /// The team 湖北江城队 of `f.xlsx`.
    pub(crate) fn team(players: Vec<Person>) -> Team {
        Team {
            unit: Sourced::new("湖北江城队".into(), Source::file("f.xlsx")),
            unit_key: "湖北江城队".into(),
            leader: None,
            coach: None,
            staff: Vec::new(),
            players,
            fill_date: None,
            file: "f.xlsx".into(),
            sheets: Vec::new(),
            rooms: Vec::new(),
        }
    }

    fn a_league_groups() -> Vec<(BoardGroup, Option<Sex>)> {
        vec![
            (
                BoardGroup {
                    first_board: 1,
                    last_board: 3,
                },
                Some(Sex::Male),
            ),
            (
                BoardGroup {
                    first_board: 4,
                    last_board: 5,
                },
                Some(Sex::Female),
            ),
        ]
    }

    /// 湖北江城队's form: rows 1, 1, 3, 替补, 4, 5, 替补 (board 1 typed twice, no board 2). The
    /// default line-up follows the form's order (台次按报名顺序依次上调): all five boards filled,
    /// the second "board 1" on board 2, and the line-up check finds nothing in it.
    #[test]
    fn a_form_with_board_1_twice_fills_every_board_in_form_order() {
        use Board::{Main, Reserve};
        let team = team(vec![
            player("尹伟朗", Sex::Male, Main(1)),
            player("戴然建", Sex::Male, Main(1)),
            player("江强建", Sex::Male, Main(3)),
            player("男替补", Sex::Male, Reserve(None)),
            player("史玲萱", Sex::Female, Main(4)),
            player("姜艺妍", Sex::Female, Main(5)),
            player("女替补", Sex::Female, Reserve(None)),
        ]);
        let groups = a_league_groups();
        let lineup = default_lineup(&team, &groups, 5, &BTreeSet::new());
        assert_eq!(lineup, ["尹伟朗", "戴然建", "江强建", "史玲萱", "姜艺妍"]);
        let members = members(&team, &groups);
        let orders: Vec<(&str, usize, Option<usize>)> = members
            .iter()
            .map(|m| (m.key.as_str(), m.group, m.main_order))
            .collect();
        assert_eq!(
            orders,
            [
                ("尹伟朗", 0, Some(0)),
                ("戴然建", 0, Some(1)),
                ("江强建", 0, Some(2)),
                ("男替补", 0, None),
                ("史玲萱", 1, Some(0)),
                ("姜艺妍", 1, Some(1)),
                ("女替补", 1, None),
            ]
        );
        let played = lineup
            .iter()
            .enumerate()
            .map(|(i, n)| (i as u32 + 1, Some(n.clone())))
            .collect();
        let defs: Vec<BoardGroup> = groups.iter().map(|(g, _)| g.clone()).collect();
        assert_eq!(crate::rounds::lineup::check(&defs, &members, &played), []);
    }

    /// Issue 44: the players left out of the default line-up (an open blocking finding, a bar)
    /// give way: a woman entered on men's board 3 to the men's reserve (规程 九(二)(三): a
    /// reserve only on the group's last board); a main woman and the women's reserve both left
    /// out leave board 5 empty, and the line-up check finds nothing in what is pre-filled.
    #[test]
    fn players_left_out_give_way_to_the_reserve_or_leave_the_board_empty() {
        use Board::{Main, Reserve};
        let team = team(vec![
            player("甲", Sex::Male, Main(1)),
            player("乙", Sex::Male, Main(2)),
            player("丙", Sex::Female, Main(3)),
            player("丁", Sex::Male, Reserve(None)),
            player("戊", Sex::Female, Main(4)),
            player("己", Sex::Female, Main(5)),
            player("庚", Sex::Female, Reserve(None)),
        ]);
        let groups = a_league_groups();
        let out = |keys: &[&str]| keys.iter().map(|k| k.to_string()).collect();
        let lineup = default_lineup(&team, &groups, 5, &out(&["丙"]));
        assert_eq!(lineup, ["甲", "乙", "丁", "戊", "己"]);
        let lineup = default_lineup(&team, &groups, 5, &out(&["丙", "己", "庚"]));
        assert_eq!(lineup, ["甲", "乙", "丁", "戊", ""]);
        let played = lineup
            .iter()
            .enumerate()
            .map(|(i, n)| (i as u32 + 1, (!n.is_empty()).then(|| n.clone())))
            .collect();
        let defs: Vec<BoardGroup> = groups.iter().map(|(g, _)| g.clone()).collect();
        assert_eq!(
            crate::rounds::lineup::check(&defs, &members(&team, &groups), &played),
            []
        );
    }

    /// A form with board 2 missing and no duplicate (1, 3 for the men): the men fill boards 1
    /// and 2, the men's reserve plays the group's last board 3.
    #[test]
    fn a_missing_board_moves_the_boards_up_and_the_reserve_takes_the_last() {
        use Board::{Main, Reserve};
        let team = team(vec![
            player("甲", Sex::Male, Main(1)),
            player("乙", Sex::Male, Main(3)),
            player("丙", Sex::Male, Reserve(None)),
            player("丁", Sex::Female, Main(4)),
            player("戊", Sex::Female, Main(5)),
        ]);
        assert_eq!(
            default_lineup(&team, &a_league_groups(), 5, &BTreeSet::new()),
            ["甲", "乙", "丙", "丁", "戊"]
        );
    }

    /// Open boards (no `sex`) are one group: a woman and a man play any of them, the reserve
    /// of either sex takes the last, and the line-up check accepts a woman on board 1.
    #[test]
    fn open_boards_are_one_group_for_either_sex() {
        use Board::{Main, Reserve};
        let text = crate::event::team_tests::open_team("红黑红");
        let ev = crate::event::parse(&text, std::path::Path::new("event.toml"))
            .unwrap_or_else(|e| panic!("{e}"));
        let rules = ev.boards().unwrap();
        let groups = board_groups(rules);
        assert_eq!(
            groups,
            [(
                BoardGroup {
                    first_board: 1,
                    last_board: 3
                },
                None
            )]
        );
        assert_eq!(
            board_colours(rules),
            [Colour::White, Colour::Black, Colour::White]
        );
        let team = team(vec![
            player("唐凯泽", Sex::Male, Main(1)),
            player("李丽", Sex::Female, Main(2)),
            player("王强", Sex::Male, Main(3)),
            player("赵敏", Sex::Female, Reserve(None)),
        ]);
        let members = members(&team, &groups);
        assert_eq!(
            members.iter().map(|m| m.group).collect::<Vec<_>>(),
            [0, 0, 0, 0]
        );
        // The reserve 赵敏 (a woman) on board 3 for 王强 (a man): no fault.
        let played = [(1, "唐凯泽"), (2, "李丽"), (3, "赵敏")]
            .into_iter()
            .map(|(b, n)| (b, Some(n.to_string())))
            .collect();
        let defs: Vec<BoardGroup> = groups.iter().map(|(g, _)| g.clone()).collect();
        assert_eq!(crate::rounds::lineup::check(&defs, &members, &played), []);
    }
}
