//! The groups of a team round robin (`[stages.groups]`): which teams play in which group (snake
//! over the stage's numbers, or a draw from the public seed), each group's Berger schedule, the
//! stage's rounds made of every group's round, and the groups' standings and places, from which
//! a later stage is seeded (1A, 1B, 2A, 2B, …).
//!
//! A stage without groups is one group of every team, so one code path serves both.

use std::collections::BTreeMap;

use super::matches::RoundResults;
use super::{TeamName, TeamNo};
use crate::event::{EVENT_FILE, EventError, GroupsBy, Stage, StageGroups};
use crate::scoring;
use crate::{Error, Result};

/// Rounds of `(first-named, second-named)` matches by stage number.
pub type Schedule = Vec<Vec<(u32, u32)>>;

/// One group of a round robin stage.
#[derive(Debug, Clone)]
pub struct Group {
    /// The group's name (`A`); empty for a stage without groups.
    pub name: String,
    /// Its teams by stage number, ascending: team `teams[j]` is Berger number `j + 1`.
    pub teams: Vec<u32>,
    /// The group's schedule by stage number: its Berger table (both cycles for a double round
    /// robin), `(first-named, second-named)` per match.
    pub schedule: Vec<Vec<(u32, u32)>>,
    /// The group's standings over the complete rounds (`None` before any, or when the tie-break
    /// list is unusable).
    pub standings: Option<scoring::Standings>,
    /// Team number → place in the group.
    pub places: BTreeMap<u32, u32>,
}

impl Group {
    /// The group's teams as `(number, name)` out of the stage's names.
    pub fn names(&self, all: &[TeamName]) -> Vec<TeamName> {
        self.teams
            .iter()
            .map(|&t| (TeamNo(t), super::league::name_or_number(all, t)))
            .collect()
    }

    /// The complete rounds' matches between teams of this group.
    pub fn rounds(&self, complete: &[RoundResults]) -> Vec<RoundResults> {
        complete
            .iter()
            .map(|rr| RoundResults {
                round: rr.round,
                matches: rr
                    .matches
                    .iter()
                    .filter(|m| self.teams.contains(&m.home) && self.teams.contains(&m.away))
                    .cloned()
                    .collect(),
                complete: rr.complete,
            })
            .collect()
    }

    /// The label of the group as printed (`A组`, `Group A`); empty without groups.
    pub fn label(&self, lang: crate::Lang) -> String {
        match (self.name.is_empty(), lang) {
            (true, _) => String::new(),
            (false, crate::Lang::Zh) => format!("{}组", self.name),
            (false, crate::Lang::En) => format!("Group {}", self.name),
        }
    }
}

/// The teams (stage numbers 1..=n) of each group. Snake: number k goes to row (k-1)/count,
/// left to right on even rows and right to left on odd ones (1→A, 2→B, 3→B, 4→A for two
/// groups). Draw: the numbers shuffled with a seed from the public seed, dealt to the groups
/// in turn.
pub fn members(g: &StageGroups, n: u32, public_seed: u64) -> Vec<Vec<u32>> {
    let count = g.count.max(1) as usize;
    let order: Vec<u32> = match g.by {
        GroupsBy::Snake => (1..=n).collect(),
        GroupsBy::Draw => {
            let mut v: Vec<u32> = (1..=n).collect();
            let seed = super::draw::seed_from(&["groups", &public_seed.to_string()]);
            let mut rng = super::draw::SplitMix64::new(seed);
            for i in (1..v.len()).rev() {
                let j = usize::try_from(rng.below(i as u64 + 1)).unwrap_or(0);
                v.swap(i, j);
            }
            v
        }
    };
    let mut out = vec![Vec::new(); count];
    for (i, t) in order.into_iter().enumerate() {
        let (row, col) = (i / count, i % count);
        let gi = match g.by {
            GroupsBy::Snake if row % 2 == 1 => count - 1 - col,
            _ => col,
        };
        if let Some(v) = out.get_mut(gi) {
            v.push(t);
        }
    }
    for v in &mut out {
        v.sort_unstable();
    }
    out
}

/// The groups of `stage` over `n` teams, each with its Berger schedule.
///
/// # Errors
///
/// [`Error::Event`] at `stages[id].rounds` when the rounds cannot complete the largest group's
/// round robin (naming the teams, the rounds needed and the rounds given), at
/// `stages[id].groups.count` when a group would have fewer than two teams;
/// [`Error::Pairing`] when a Berger table cannot be made.
pub fn make(stage: &Stage, n: u32, public_seed: u64) -> Result<Vec<Group>> {
    let (sets, names): (Vec<Vec<u32>>, Vec<String>) = match &stage.groups {
        Some(g) => (
            members(g, n, public_seed),
            (0..g.count as usize).map(|i| g.name(i)).collect(),
        ),
        None => (vec![(1..=n).collect()], vec![String::new()]),
    };
    let cycles = stage.cycles.unwrap_or(1).max(1);
    let mut groups = Vec::with_capacity(sets.len());
    for (teams, name) in sets.into_iter().zip(names) {
        if teams.len() < 2 {
            return Err(event_error(
                stage,
                "groups.count",
                format!(
                    "{n} 队分为 {} 组，{name}组不足 2 队 ({n} teams in {} groups leave group \
                     {name} with fewer than 2)",
                    stage.groups.as_ref().map_or(1, |g| g.count),
                    stage.groups.as_ref().map_or(1, |g| g.count),
                ),
            ));
        }
        let size = u16::try_from(teams.len()).unwrap_or(u16::MAX);
        let single: Vec<Vec<(u32, u32)>> = crate::pairing::berger::schedule(size)
            .map_err(|e| Error::pairing("event.toml [stages]", e))?
            .into_iter()
            .map(|r| {
                r.pairs
                    .into_iter()
                    .filter_map(|(a, b)| {
                        let at = |x: u16| teams.get(usize::from(x).checked_sub(1)?).copied();
                        Some((at(a)?, at(b)?))
                    })
                    .collect()
            })
            .collect();
        // The second cycle repeats the first with the colours reversed (FIDE C.05 Annex 1).
        let mut schedule = single.clone();
        for _ in 1..cycles {
            schedule.extend(
                single
                    .iter()
                    .map(|r| r.iter().map(|&(a, b)| (b, a)).collect::<Vec<_>>()),
            );
        }
        groups.push(Group {
            name,
            teams,
            schedule,
            standings: None,
            places: BTreeMap::new(),
        });
    }
    check_rounds(stage, &groups)?;
    Ok(groups)
}

/// The rounds of a round robin must complete every group's schedule: fewer is an event.toml
/// error naming the numbers, never a schedule cut short.
fn check_rounds(stage: &Stage, groups: &[Group]) -> Result<()> {
    let Some(given) = stage.rounds else {
        return Ok(());
    };
    // The first of the largest groups (`max_by_key` keeps the last of equals).
    let Some(big) = groups.iter().rev().max_by_key(|g| g.schedule.len()) else {
        return Ok(());
    };
    let needed = u32::try_from(big.schedule.len()).unwrap_or(u32::MAX);
    if given >= needed {
        return Ok(());
    }
    let teams = big.teams.len();
    let cycle = match stage.cycles.unwrap_or(1) {
        2 => ("双循环", "double"),
        _ => ("单循环", "single"),
    };
    let (zh_of, en_of) = if big.name.is_empty() {
        (String::new(), String::new())
    } else {
        (format!("{}组", big.name), format!(" (group {})", big.name))
    };
    Err(event_error(
        stage,
        "rounds",
        format!(
            "{zh_of}{teams} 队{}需要 {needed} 轮，但 rounds = {given}：轮数不足以完成循环 \
             ({teams} teams{en_of} need {needed} rounds for a {} round robin, but rounds = \
             {given})",
            cycle.0, cycle.1
        ),
    ))
}

fn event_error(stage: &Stage, key: &str, message: String) -> Error {
    EventError::Invalid {
        path: EVENT_FILE.into(),
        key: format!("stages[{}].{key}", stage.id),
        line: 0,
        column: 0,
        message,
    }
    .into()
}

/// The stage's schedule: round r holds every group's round r (a group with fewer rounds has
/// none in the last ones), group after group; and each match's group index.
pub fn combined(groups: &[Group]) -> (Schedule, Vec<Vec<usize>>) {
    let rounds = groups.iter().map(|g| g.schedule.len()).max().unwrap_or(0);
    let mut schedule = Vec::with_capacity(rounds);
    let mut of = Vec::with_capacity(rounds);
    for r in 0..rounds {
        let mut pairs = Vec::new();
        let mut gis = Vec::new();
        for (gi, g) in groups.iter().enumerate() {
            for &p in g.schedule.get(r).into_iter().flatten() {
                pairs.push(p);
                gis.push(gi);
            }
        }
        schedule.push(pairs);
        of.push(gis);
    }
    (schedule, of)
}

/// The seeds of a stage seeded from the groups' places: place by place, group by group (1A, 1B,
/// 2A, 2B, …; [`crate::event::place_seed`]); a disqualified team has no place and is left
/// out. `None` while a group has no standings.
pub fn seeds(groups: &[Group]) -> Option<Vec<u32>> {
    let mut by_place: Vec<(u32, usize, u32)> = Vec::new();
    for (gi, g) in groups.iter().enumerate() {
        let st = g.standings.as_ref()?;
        by_place.extend(
            st.rows
                .iter()
                .filter(|r| r.rank > 0)
                .map(|r| (r.rank, gi, r.start_no)),
        );
    }
    by_place.sort_unstable();
    Some(by_place.into_iter().map(|(_, _, t)| t).collect())
}

/// Team name → the name of its group, for the round papers (empty without groups).
pub(super) fn labels(groups: &[Group], names: &[TeamName]) -> BTreeMap<String, String> {
    groups
        .iter()
        .filter(|g| !g.name.is_empty())
        .flat_map(|g| {
            g.teams
                .iter()
                .filter_map(|&t| super::league::name_of(names, t))
                .map(|n| (n.to_string(), g.name.clone()))
        })
        .collect()
}

/// Each group's standings over its own matches of the complete rounds (the event's tie-break
/// list, as the stage's); a disqualified team leaves its group's ranking.
pub(super) fn standings(
    inp: &super::StageInput<'_>,
    groups: &mut [Group],
    names: &[TeamName],
    complete: &[RoundResults],
    scoring: &super::matches::MatchScoring,
    colours: &[crate::model::Colour],
) {
    for g in groups.iter_mut() {
        let gnames = g.names(names);
        let rounds = g.rounds(complete);
        let planned = u32::try_from(g.schedule.len()).unwrap_or(u32::MAX);
        let mut st = super::team_standings::standings(
            inp.event,
            &inp.stage.id,
            &gnames,
            &rounds,
            scoring,
            planned,
            colours,
        );
        if let Some(st) = st.as_mut() {
            let dq = |n: u32| super::league::team_disqualified(inp, names, n);
            super::disqualify_rows(&mut st.rows, |r| dq(r.start_no));
        }
        g.places = st
            .iter()
            .flat_map(|st| &st.rows)
            .filter(|row| row.rank > 0)
            .map(|row| (row.start_no, row.rank))
            .collect();
        g.standings = st;
    }
}

/// The groups' combined ranking: place in the group first, then the stage's standings across
/// the groups (its tie-break order over all complete rounds); teams level on both share the
/// place. A team without a group place (disqualified) keeps no place.
pub(super) fn combine(st: &mut scoring::Standings, groups: &[Group]) {
    let group_place = |t: u32| {
        groups
            .iter()
            .find_map(|g| g.places.get(&t).copied())
            .unwrap_or(u32::MAX)
    };
    let old: Vec<(u32, u32)> = st.rows.iter().map(|r| (r.start_no, r.rank)).collect();
    let overall = |t: u32| {
        old.iter()
            .find(|(n, _)| *n == t)
            .map_or(u32::MAX, |(_, r)| if *r == 0 { u32::MAX } else { *r })
    };
    st.rows
        .sort_by_key(|r| (r.rank == 0, group_place(r.start_no), overall(r.start_no)));
    let mut last: Option<((u32, u32), u32)> = None;
    for (i, r) in st.rows.iter_mut().enumerate() {
        if r.rank == 0 {
            continue;
        }
        let key = (group_place(r.start_no), overall(r.start_no));
        let rank = match last {
            Some((k, rank)) if k == key => rank,
            _ => u32::try_from(i + 1).unwrap_or(u32::MAX),
        };
        r.rank = rank;
        last = Some((key, rank));
    }
}

/// The seeds of the knockout seeded from the groups. Seeds run place by place across the
/// groups, so the groups must be of one size for `place:G:N` to be the seed it names.
///
/// # Errors
///
/// [`Error::Event`] at `stages[id].groups.count` when the groups differ in size.
pub(super) fn seeds_checked(stage: &Stage, groups: &[Group]) -> Result<Vec<u32>> {
    let sizes: Vec<usize> = groups.iter().map(|g| g.teams.len()).collect();
    if sizes.windows(2).any(|w| w.first() != w.get(1)) {
        let list = sizes
            .iter()
            .map(usize::to_string)
            .collect::<Vec<_>>()
            .join("/");
        return Err(event_error(
            stage,
            "groups.count",
            format!(
                "各组队数不同（{list}），不能按小组名次排定淘汰赛种子 (groups of {list} teams: a                  knockout is seeded from groups of one size)"
            ),
        ));
    }
    Ok(seeds(groups).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Error;

    fn groups(count: u32, by: GroupsBy) -> StageGroups {
        StageGroups {
            count,
            by,
            names: Vec::new(),
            clause: None,
        }
    }

    fn regular(edit: impl FnOnce(&mut Stage)) -> Stage {
        let ev = crate::event::templates::find("cca-a-league-2023")
            .and_then(|t| t.event())
            .expect("template");
        let mut st = ev.stage("regular").expect("regular").clone();
        edit(&mut st);
        st
    }

    /// 16 teams as one field with 7 rounds (two groups of eight entered without
    /// `[stages.groups]`): refused with the numbers, never a schedule cut at 7 of 15 rounds.
    #[test]
    fn rounds_too_few_for_the_round_robin_are_an_event_error_naming_the_numbers() {
        let st = regular(|s| s.rounds = Some(7));
        let Err(Error::Event(e)) = make(&st, 16, 1) else {
            panic!("refused")
        };
        assert_eq!(e.key(), Some("stages[regular].rounds"));
        let msg = e.to_string();
        assert!(
            msg.contains("16 队单循环需要 15 轮，但 rounds = 7")
                && msg.contains("16 teams need 15 rounds for a single round robin, but rounds = 7"),
            "{msg}"
        );
        // In two groups of eight, 7 rounds complete each group's table.
        let st = regular(|s| {
            s.rounds = Some(7);
            s.groups = Some(groups(2, GroupsBy::Snake));
        });
        let g = make(&st, 16, 1).expect("two groups of eight");
        assert_eq!(
            g.iter().map(|g| g.schedule.len()).collect::<Vec<_>>(),
            [7, 7]
        );
        // A double round robin of a group of eight needs 14.
        let st = regular(|s| {
            s.rounds = Some(7);
            s.cycles = Some(2);
            s.groups = Some(groups(2, GroupsBy::Snake));
        });
        let Err(Error::Event(e)) = make(&st, 16, 1) else {
            panic!("refused")
        };
        assert!(
            e.to_string()
                .contains("A组8 队双循环需要 14 轮，但 rounds = 7"),
            "{e}"
        );
    }

    /// Each group's schedule is its Berger table over its teams; the second cycle reverses
    /// the colours; the stage's round holds group A's matches, then group B's.
    #[test]
    fn each_group_plays_its_berger_table_and_a_round_holds_every_group() {
        let st = regular(|s| {
            s.rounds = Some(6);
            s.cycles = Some(2);
            s.groups = Some(groups(2, GroupsBy::Snake));
        });
        let g = make(&st, 8, 1).expect("groups");
        // A = 1, 4, 5, 8: Berger 1-4 2-3 / 4-3 1-2 / 2-4 3-1 over them.
        assert_eq!(g[0].teams, [1, 4, 5, 8]);
        assert_eq!(
            g[0].schedule,
            [
                vec![(1, 8), (4, 5)],
                vec![(8, 5), (1, 4)],
                vec![(4, 8), (5, 1)],
                vec![(8, 1), (5, 4)],
                vec![(5, 8), (4, 1)],
                vec![(8, 4), (1, 5)],
            ]
        );
        let (rounds, of) = combined(&g);
        assert_eq!(rounds[0], [(1, 8), (4, 5), (2, 7), (3, 6)]);
        assert_eq!(of[0], [0, 0, 1, 1]);
    }

    #[test]
    fn snake_turns_back_at_each_row() {
        let m = members(&groups(2, GroupsBy::Snake), 8, 0);
        assert_eq!(m, vec![vec![1, 4, 5, 8], vec![2, 3, 6, 7]]);
        let m = members(&groups(3, GroupsBy::Snake), 7, 0);
        assert_eq!(m, vec![vec![1, 6, 7], vec![2, 5], vec![3, 4]]);
    }

    #[test]
    fn a_draw_deals_every_team_once_and_is_the_same_from_the_same_seed() {
        let a = members(&groups(2, GroupsBy::Draw), 16, 20_260_501);
        assert_eq!(a, members(&groups(2, GroupsBy::Draw), 16, 20_260_501));
        assert_ne!(a, members(&groups(2, GroupsBy::Draw), 16, 7));
        let mut all: Vec<u32> = a.concat();
        all.sort_unstable();
        assert_eq!(all, (1..=16).collect::<Vec<_>>());
        assert!(a.iter().all(|g| g.len() == 8));
    }
}
