//! Cross-field checks of a knockout stage (`[stages.knockout]`): the stage its seeds come from,
//! every bracket slot naming a seed, a group or a match that exists, the places it decides.

use std::collections::BTreeSet;

use super::super::error::KeyPath;
use super::super::{Knockout, RawEvent as Event, Slot};
use super::{Check, fail, unique};

/// Checks a knockout stage: where its seeds come from, its matches and bracket slots, the
/// places it decides and how a level match is decided.
pub(super) fn check(ev: &Event, k: &Knockout, p: &KeyPath) -> Check {
    if ev.stage(&k.seeds_from).is_none() {
        return fail(
            p.key("seeds_from"),
            &format!("没有标识为 {:?} 的赛段", k.seeds_from),
            "no stage with this id",
        );
    }
    unique(k.matches.iter().map(|m| m.id.as_str()), |i| {
        p.key("matches").index(i).key("id")
    })?;
    unique(k.groups.iter().map(|g| g.id.as_str()), |i| {
        p.key("groups").index(i).key("id")
    })?;
    // A slot may only name matches and groups defined before it is used, so the bracket can be
    // played in order.
    let mut done: BTreeSet<&str> = BTreeSet::new();
    let mut groups: BTreeSet<&str> = BTreeSet::new();
    let bad_slot = |path: KeyPath, s: &Slot| {
        fail(
            path,
            &format!("对阵位置 {s} 引用了尚未定义的场次或分组"),
            "the slot names a match or group not defined before it",
        )
    };
    // Groups may draw on any match of an earlier phase; process groups and matches by phase.
    let mut phases: Vec<u32> = k.matches.iter().map(|m| m.phase).collect();
    phases.sort_unstable();
    phases.dedup();
    let mut pending_groups: Vec<usize> = (0..k.groups.len()).collect();
    for phase in phases {
        release_groups(k, &mut pending_groups, &done, &mut groups);
        for (i, m) in k
            .matches
            .iter()
            .enumerate()
            .filter(|(_, m)| m.phase == phase)
        {
            let mp = p.key("matches").index(i);
            if m.rounds == 0 {
                return fail(mp.key("rounds"), "对抗轮数须大于 0", "rounds must be > 0");
            }
            if !slot_ok(&m.home, &done, &groups) {
                return bad_slot(mp.key("home"), &m.home);
            }
            if !slot_ok(&m.away, &done, &groups) {
                return bad_slot(mp.key("away"), &m.away);
            }
        }
        for m in k.matches.iter().filter(|m| m.phase == phase) {
            done.insert(m.id.as_str());
        }
    }
    release_groups(k, &mut pending_groups, &done, &mut groups);
    if let Some(&gi) = pending_groups.first() {
        return fail(
            p.key("groups").index(gi).key("members"),
            "分组成员引用了不存在的场次",
            "a group member names an unknown match",
        );
    }
    let mut placed = BTreeSet::new();
    for (i, pr) in k.places.iter().enumerate() {
        let pp = p.key("places").index(i);
        if pr.places.len() != pr.teams.len() {
            return fail(
                pp.key("teams"),
                "名次个数与队伍个数不一致",
                "as many teams as places",
            );
        }
        for (j, t) in pr.teams.iter().enumerate() {
            if !slot_ok(t, &done, &groups) {
                return bad_slot(pp.key("teams").index(j), t);
            }
        }
        for (j, pl) in pr.places.iter().enumerate() {
            if !placed.insert(*pl) {
                return fail(
                    pp.key("places").index(j),
                    &format!("第 {pl} 名重复"),
                    "a place given twice",
                );
            }
        }
    }
    for (i, t) in k.relegated.iter().enumerate() {
        if !slot_ok(t, &done, &groups) {
            return bad_slot(p.key("relegated").index(i), t);
        }
    }
    if k.tie_resolution.value.is_empty() {
        return fail(
            p.key("tie_resolution"),
            "需要说明平局时如何决出胜者",
            "say how a level match is decided",
        );
    }
    Ok(())
}

/// Whether a slot names a seed, or a match or group defined before it.
fn slot_ok(s: &Slot, done: &BTreeSet<&str>, groups: &BTreeSet<&str>) -> bool {
    match s {
        Slot::Seed(_) => true,
        Slot::Winner(m) | Slot::Loser(m) => done.contains(m.as_str()),
        Slot::Group(g, _) => groups.contains(g.as_str()),
        // A group place is checked against the seeding stage's groups (`stages::groups`).
        Slot::Place(..) => true,
    }
}

/// Makes available the pending groups whose members are all known (in order: a group released
/// here may complete a later one), leaving the others pending.
fn release_groups<'a>(
    k: &'a Knockout,
    pending: &mut Vec<usize>,
    done: &BTreeSet<&str>,
    groups: &mut BTreeSet<&'a str>,
) {
    pending.retain(|&gi| {
        let ready = k
            .groups
            .get(gi)
            .is_some_and(|g| g.members.iter().all(|m| slot_ok(m, done, groups)));
        if ready && let Some(g) = k.groups.get(gi) {
            groups.insert(g.id.as_str());
        }
        !ready
    });
}
