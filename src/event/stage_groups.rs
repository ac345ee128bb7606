//! Groups of a team round robin (`[stages.groups]`): the teams split into groups, each playing
//! its own Berger schedule, and the bracket slots (`place:A:1`) by which a later knockout stage is
//! seeded from the groups' places.

use serde::Deserialize;

use super::error::KeyPath;
use super::validate::{Check, Found, fail, root, unique};
use super::{Knockout, RawEvent, Slot, System};

/// How the teams of a stage are split into groups (`[stages.groups]`).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StageGroups {
    /// Number of groups (2 or more).
    pub count: u32,
    /// How the teams are put into groups.
    pub by: GroupsBy,
    /// The groups' names (`["A", "B"]`); by default the letters A, B, C, ….
    #[serde(default)]
    pub names: Vec<String>,
    /// Clause (`规程 五(一)`).
    #[serde(default)]
    pub clause: Option<String>,
}

impl StageGroups {
    /// The name of group `i` (0-based): its `names` entry, else its letter.
    pub fn name(&self, i: usize) -> String {
        self.names.get(i).cloned().unwrap_or_else(|| letter(i))
    }

    /// The index of the group named `id`.
    pub fn index(&self, id: &str) -> Option<usize> {
        (0..self.count as usize).find(|&i| self.name(i) == id)
    }
}

/// The i-th letter (A, B, …, Z, then A1-style names are not produced: 26 groups at most).
fn letter(i: usize) -> String {
    u8::try_from(i).ok().filter(|n| *n < 26).map_or_else(
        || format!("G{}", i + 1),
        |n| char::from(b'A' + n).to_string(),
    )
}

/// How teams are put into groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum GroupsBy {
    /// Snake (蛇形) over the stage's numbers: 1→A, 2→B, …, then back from the last group.
    Snake,
    /// A draw from the event's public seed (`[draw] seed`): the teams in drawn order are dealt
    /// to the groups in turn.
    Draw,
}

/// The seed of the knockout stage a group place is: the seeds of a stage over groups run place
/// by place, group by group (1A, 1B, 2A, 2B, …), so `place:B:2` of two groups is seed 4.
pub fn place_seed(count: u32, group: usize, place: u32) -> u32 {
    (place.saturating_sub(1))
        .saturating_mul(count)
        .saturating_add(u32::try_from(group).unwrap_or(u32::MAX))
        .saturating_add(1)
}

/// The groups of the stage a knockout is seeded from, when it has groups.
pub(super) fn seeding_groups<'a>(ev: &'a RawEvent, k: &Knockout) -> Option<&'a StageGroups> {
    ev.stage(&k.seeds_from)
        .filter(|s| s.system == System::RoundRobin)
        .and_then(|s| s.groups.as_ref())
}

/// Replaces every `place:G:N` slot of the knockout stages by the seed it is (the checks have
/// made sure each names a group of the stage the knockout is seeded from).
pub(super) fn resolve_places(ev: &mut RawEvent) {
    let seeding: Vec<Option<StageGroups>> = ev
        .stages
        .iter()
        .map(|s| {
            s.knockout
                .as_ref()
                .and_then(|k| seeding_groups(ev, k).cloned())
        })
        .collect();
    for (st, groups) in ev.stages.iter_mut().zip(seeding) {
        let (Some(k), Some(g)) = (st.knockout.as_mut(), groups) else {
            continue;
        };
        let fix = |s: &mut Slot| {
            if let Slot::Place(id, n) = s
                && let Some(i) = g.index(id)
            {
                *s = Slot::Seed(place_seed(g.count, i, *n));
            }
        };
        for m in &mut k.matches {
            fix(&mut m.home);
            fix(&mut m.away);
        }
        k.groups
            .iter_mut()
            .flat_map(|g| g.members.iter_mut())
            .chain(k.places.iter_mut().flat_map(|p| p.teams.iter_mut()))
            .chain(k.relegated.iter_mut())
            .for_each(fix);
    }
}

/// Checks every stage's `[stages.groups]` (a team round robin's, 2 groups or more, names
/// unique) and every `place:G:N` slot (a group of the round robin the knockout is seeded from).
pub(super) fn check(ev: &RawEvent, f: &mut Found) {
    for (i, st) in ev.stages.iter().enumerate() {
        let p = root("stages").index(i);
        if let Some(g) = &st.groups {
            f.note(groups_ok(st.system, g, &p.key("groups")));
        }
        if let Some(k) = &st.knockout {
            f.note(places_ok(ev, k, &p.key("knockout")));
        }
    }
}

fn groups_ok(system: System, g: &StageGroups, p: &KeyPath) -> Check {
    if system != System::RoundRobin {
        return fail(
            p.clone(),
            "只有循环赛赛段可以分组（[stages.groups]）",
            "only a round robin stage is played in groups",
        );
    }
    if !(2..=26).contains(&g.count) {
        return fail(
            p.key("count"),
            &format!("分组数 {} 应在 2 到 26 之间", g.count),
            "count is 2 to 26 groups",
        );
    }
    if !g.names.is_empty() && g.names.len() != g.count as usize {
        return fail(
            p.key("names"),
            &format!("列出 {} 个组名，但分为 {} 组", g.names.len(), g.count),
            "as many names as groups",
        );
    }
    unique(g.names.iter().map(String::as_str), |i| {
        p.key("names").index(i)
    })
}

/// Every `place:G:N` of a knockout names a group of the round robin it is seeded from.
fn places_ok(ev: &RawEvent, k: &Knockout, p: &KeyPath) -> Check {
    let groups = seeding_groups(ev, k);
    let slots = k
        .matches
        .iter()
        .enumerate()
        .flat_map(|(i, m)| {
            let mp = p.key("matches").index(i);
            [(mp.key("home"), &m.home), (mp.key("away"), &m.away)]
        })
        .chain(k.places.iter().enumerate().flat_map(|(i, pr)| {
            let pp = p.key("places").index(i).key("teams");
            pr.teams
                .iter()
                .enumerate()
                .map(move |(j, t)| (pp.index(j), t))
        }))
        .chain(
            k.relegated
                .iter()
                .enumerate()
                .map(|(i, t)| (p.key("relegated").index(i), t)),
        );
    for (path, slot) in slots {
        let Slot::Place(id, _) = slot else { continue };
        match groups {
            None => {
                return fail(
                    path,
                    &format!(
                        "对阵位置 {slot} 引用小组名次，但种子来源赛段 {} 没有分组（[stages.groups]）",
                        k.seeds_from
                    ),
                    "a group place needs the seeding round robin to have groups",
                );
            }
            Some(g) if g.index(id).is_none() => {
                return fail(
                    path,
                    &format!("对阵位置 {slot} 引用了不存在的小组 {id}"),
                    "the slot names no group of the seeding stage",
                );
            }
            Some(_) => {}
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn group_places_are_seeds_place_by_place() {
        // Two groups: 1A 1B 2A 2B → seeds 1 2 3 4.
        assert_eq!(place_seed(2, 0, 1), 1);
        assert_eq!(place_seed(2, 1, 1), 2);
        assert_eq!(place_seed(2, 0, 2), 3);
        assert_eq!(place_seed(2, 1, 2), 4);
        assert_eq!(place_seed(3, 2, 3), 9);
        assert_eq!(letter(1), "B");
        assert_eq!(letter(26), "G27");
    }
}
