//! `team.over-quota` (xiangqi delegations): places per group from the delegation's qualifying
//! season (stations, regional finals, players → the first `quotas.tiers` reached) or given
//! outright, plus the extra places of its hosts (象棋之乡, 特色学校, host cities), against the
//! players entered per group.
//!
//! The season comes from `[[quotas.delegations]]` in event.toml or from a quota workbook
//! (名额分配表, see [`table`]); event.toml wins for a delegation it names. Places count persons
//! (a 家庭双人组 family is two). Extra places cover any group (or the groups their rule
//! names, restricted ones first); what they cannot cover is one finding per group, at the
//! 组别 cell of the first player beyond the places.

pub mod table;

use crate::event::{Event, QuotaTier};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::roster::{Person, Roster, Sourced, Team};
use crate::normalize::unit_key;
pub use table::QuotaRow;

/// event.toml's `[[quotas.delegations]]` as quota lines.
fn toml_rows(event: &Event) -> Vec<QuotaRow> {
    let Some(q) = event.quotas() else {
        return Vec::new();
    };
    let src = || Source::file(crate::event::EVENT_FILE);
    q.delegations
        .iter()
        .map(|d| QuotaRow {
            unit: Sourced::new(d.unit.clone(), src()),
            stations: d.stations.map(|v| Sourced::new(v, src())),
            regional_finals: d.regional_finals.map(|v| Sourced::new(v, src())),
            players: d.players.map(|v| Sourced::new(v, src())),
            places: d
                .places
                .iter()
                .map(|p| (p.sections.clone(), Sourced::new(p.count, src())))
                .collect(),
            extras: d
                .extras
                .iter()
                .map(|(id, n)| (id.clone(), Sourced::new(*n, src())))
                .collect(),
        })
        .collect()
}

/// The line of a team: same unit key, else one name containing the other (`浙江省象棋协会`
/// and `浙江省`).
fn line_of<'a>(team: &Team, rows: &'a [QuotaRow]) -> Option<&'a QuotaRow> {
    let k = &team.unit_key;
    rows.iter()
        .find(|r| unit_key(&r.unit.value) == *k)
        .or_else(|| {
            rows.iter().find(|r| {
                let rk = unit_key(&r.unit.value);
                rk.chars().count() >= 2 && (k.contains(&rk) || rk.contains(k.as_str()))
            })
        })
}

/// The first tier the line's season reaches.
fn tier_of<'a>(tiers: &'a [QuotaTier], row: &QuotaRow) -> Option<&'a QuotaTier> {
    let (s, p) = (row.stations.as_ref()?, row.players.as_ref()?);
    let rf = row.regional_finals.as_ref().map_or(0, |v| v.value);
    tiers.iter().find(|t| t.reached(s.value, rf, p.value))
}

/// Places shared by some sections, and where the number comes from.
struct Group {
    sections: Vec<String>,
    allowed: u32,
    basis_zh: String,
    basis_en: String,
}

fn groups(event: &Event, row: &QuotaRow, tier: Option<&QuotaTier>) -> Vec<Group> {
    let mut out: Vec<Group> = row
        .places
        .iter()
        .map(|(ids, n)| Group {
            sections: ids.clone(),
            allowed: n.value,
            basis_zh: match tier {
                Some(t) => format!("{}档，名额见{}", t.name, n.source),
                None => format!("名额见{}", n.source),
            },
            basis_en: match tier {
                Some(t) => format!("tier {}, quota table {}", t.name, n.source),
                None => format!("quota table {}", n.source),
            },
        })
        .collect();
    let covered = |out: &[Group], id: &str| out.iter().any(|g| g.sections.iter().any(|s| s == id));
    if let Some(t) = tier {
        for pl in &t.places {
            let rest: Vec<String> = pl
                .sections
                .iter()
                .filter(|s| !covered(&out, s))
                .cloned()
                .collect();
            if !rest.is_empty() {
                out.push(Group {
                    sections: rest,
                    allowed: pl.count,
                    basis_zh: format!("{}档", t.name),
                    basis_en: format!("tier {}", t.name),
                });
            }
        }
    }
    // Sections some tier limits but this delegation has no place in.
    let limited = event
        .quotas()
        .into_iter()
        .flat_map(|q| q.tiers.iter())
        .flat_map(|t| t.places.iter())
        .flat_map(|p| p.sections.iter());
    for id in limited {
        if !covered(&out, id) {
            out.push(Group {
                sections: vec![id.clone()],
                allowed: 0,
                basis_zh: "该组别无名额".into(),
                basis_en: "no place in this group".into(),
            });
        }
    }
    out
}

fn warn(team: &Team, zh: String, en: String, clause: Option<&String>) -> Finding {
    let mut f =
        Finding::new(Code::CheckNotRun, Source::file(&team.file), zh, en).team(&team.unit.value);
    if let Some(c) = clause {
        f = f.clause(c.clone());
    }
    f
}

/// Checks every team against its places; `tables` are the lines of the folder's quota
/// workbooks, in file order.
pub fn check(event: &Event, roster: &Roster, tables: &[QuotaRow], findings: &mut Findings) {
    let Some(q) = event.quotas() else {
        return;
    };
    if q.tiers.is_empty() && q.delegations.is_empty() {
        return;
    }
    // event.toml wins for a delegation it names.
    let mut all = toml_rows(event);
    let rows: Vec<QuotaRow> = (tables.iter())
        .filter(|r| {
            !all.iter()
                .any(|t| unit_key(&t.unit.value) == unit_key(&r.unit.value))
        })
        .cloned()
        .collect();
    all.extend(rows);
    if all.is_empty() {
        findings.push(Finding::new(
            Code::CheckNotRun,
            Source::default(),
            "文件夹中没有名额分配表，event.toml 也没有 [[quotas.delegations]]，未能核查参赛名额",
            "no quota table in the folder and no [[quotas.delegations]] in event.toml: places were not checked",
        ));
        return;
    }
    for team in &roster.teams {
        let Some(row) = line_of(team, &all) else {
            findings.push(warn(
                team,
                format!("名额分配表中没有{}，未能核查其参赛名额", team.unit.value),
                format!(
                    "{} is not in the quota table; its places were not checked",
                    team.unit.value
                ),
                q.discretionary_clause.as_ref(),
            ));
            continue;
        };
        let tier = tier_of(&q.tiers, row);
        if tier.is_none() && row.places.is_empty() {
            findings.push(warn(
                team,
                format!(
                    "{}的预选赛站数、人数未达到任何名额档次（{}），名额由主办单位另定，未核查",
                    team.unit.value, row.unit.source
                ),
                format!(
                    "{}'s qualifying season ({}) reaches no tier: its places are discretionary and were not checked",
                    team.unit.value, row.unit.source
                ),
                q.discretionary_clause.as_ref(),
            ));
            continue;
        }
        check_team(event, team, row, tier, findings);
    }
}

fn check_team(
    event: &Event,
    team: &Team,
    row: &QuotaRow,
    tier: Option<&QuotaTier>,
    findings: &mut Findings,
) {
    let groups = groups(event, row, tier);
    let members: Vec<Vec<&Person>> = groups
        .iter()
        .map(|g| {
            team.players
                .iter()
                .filter(|p| {
                    super::people::section_of(event, p)
                        .is_some_and(|s| g.sections.iter().any(|x| *x == s.id))
                })
                .collect()
        })
        .collect();
    let mut excess: Vec<u32> = groups
        .iter()
        .zip(&members)
        .map(|(g, m)| {
            u32::try_from(m.len())
                .unwrap_or(u32::MAX)
                .saturating_sub(g.allowed)
        })
        .collect();
    // Extra places: restricted ones first, so that an any-group place is kept for the rest.
    let mut extras: Vec<(Vec<String>, u32)> = row
        .extras
        .iter()
        .filter_map(|(id, hosts)| {
            let x = event.quotas()?.extras.iter().find(|x| &x.id == id)?;
            Some((x.sections.clone(), hosts.value.saturating_mul(x.count)))
        })
        .collect();
    extras.sort_by_key(|(s, _)| (s.is_empty(), s.len()));
    let mut used = vec![0u32; groups.len()];
    for (sections, mut left) in extras {
        for (i, g) in groups.iter().enumerate() {
            let fits = sections.is_empty() || g.sections.iter().any(|s| sections.contains(s));
            let e = excess.get_mut(i);
            if let (true, Some(e)) = (fits, e) {
                let take = left.min(*e);
                *e -= take;
                left -= take;
                if let Some(u) = used.get_mut(i) {
                    *u += take;
                }
            }
        }
    }
    for (i, g) in groups.iter().enumerate() {
        let (Some(&left), Some(m), Some(&extra)) = (excess.get(i), members.get(i), used.get(i))
        else {
            continue;
        };
        if left == 0 {
            continue;
        }
        let n = m.len();
        let first = usize::try_from(g.allowed.saturating_add(extra)).unwrap_or(usize::MAX);
        let Some(p) = m.get(first) else { continue };
        let names: Vec<&str> = g
            .sections
            .iter()
            .filter_map(|id| event.section(id).map(|s| s.name.as_str()))
            .collect();
        let group = names.join("、");
        let (extra_zh, extra_en) = if extra > 0 {
            (
                format!("，已计入额外名额{extra}人"),
                format!(", {extra} extra place(s) counted"),
            )
        } else {
            (String::new(), String::new())
        };
        let source = p
            .group
            .as_ref()
            .map(|s| s.source.clone())
            .or_else(|| p.name.as_ref().map(|s| s.source.clone()))
            .unwrap_or_else(|| Source::file(&team.file));
        let mut f = Finding::new(
            Code::TeamOverQuota,
            source,
            format!(
                "{}{group}报名{n}人，名额{}人（{}{extra_zh}），{}超出名额",
                team.unit.value,
                g.allowed,
                g.basis_zh,
                p.display_name()
            ),
            format!(
                "{n} players in {group}; the delegation's quota is {} ({}{extra_en}); {} is beyond it",
                g.allowed,
                g.basis_en,
                p.display_name()
            ),
        )
        .team(&team.unit.value)
        .person(p.display_name());
        if let Some(c) = tier.and_then(|t| t.clause.clone()) {
            f = f.clause(c);
        }
        findings.push(f);
    }
}
