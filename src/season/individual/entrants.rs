//! The entrants of an individual section: players of the roster whose 组别 names the section,
//! and for a pair section (家庭双人组) an adult and a child of one delegation and family name
//! as one entrant `成人/儿童`.
//!
//! Pairs are formed inside each (delegation, family name) group of the section: members are
//! ordered by birth date (oldest first, unknown last, then name) and the older half is paired
//! with the younger half in order (the oldest adult with the oldest child). The family name
//! is the first character of the name (compound surnames such as 欧阳 are not recognised: such
//! a pair still forms when both share the first character). A member left without a partner
//! plays alone and is reported (`pair.unmatched`).

use crate::event::{Entrant as EntrantKind, Event, Section};
use crate::findings::{Finding, Findings, Severity, Source};
use crate::model::roster::{Person, Roster};

/// One entrant of a section.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// The name as shown (`张三`, or `成人/儿童` for a pair).
    pub name: String,
    /// The delegation (the entry form's unit).
    pub unit: String,
    /// Rating, 0 when unrated (the pairing order's first key).
    pub rating: u16,
    /// The person, or the adult and the child of a pair: name and ID number.
    pub members: Vec<(String, Option<String>)>,
}

impl Entrant {
    /// The label in round workbooks: `姓名（单位）`.
    pub fn label(&self) -> String {
        format!("{}（{}）", self.name, self.unit)
    }
}

/// Whether `p`'s 组别 names `section` (by name, id, or group label with a matching sex).
pub fn in_section(p: &Person, section: &Section) -> bool {
    let Some(g) = p.group.as_ref() else {
        return false;
    };
    let g: String = g.value.chars().filter(|c| !c.is_whitespace()).collect();
    if g == section.name || g == section.id {
        return true;
    }
    section.group.as_deref() == Some(g.as_str())
        && section
            .sex
            .is_none_or(|s| p.sex.as_ref().map(|x| x.value) == Some(s))
}

/// The entrants of `section` in roster order (delegations, then entry order).
pub fn of_section(
    event: &Event,
    section: &Section,
    roster: &Roster,
    findings: &mut Findings,
) -> Vec<Entrant> {
    let _ = event;
    let mut out = Vec::new();
    // The same person entered by two delegations (person.duplicate) plays once: for the first
    // delegation in roster order, until the forms are corrected.
    let mut seen: Vec<(String, String)> = Vec::new();
    for team in &roster.teams {
        let mut members: Vec<&Person> = Vec::new();
        for p in team.players.iter().filter(|p| in_section(p, section)) {
            let key = person_key(p);
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == key) {
                findings.push(duplicate_entrant(
                    p,
                    section,
                    &team.unit.value,
                    first,
                    &team.file,
                ));
                continue;
            }
            seen.push((key, team.unit.value.clone()));
            members.push(p);
        }
        let rating = |p: &Person| {
            p.rating
                .as_ref()
                .map_or(0, |r| u16::try_from(r.value).unwrap_or(u16::MAX))
        };
        if section.entrant != EntrantKind::Pair {
            out.extend(members.iter().map(|p| Entrant {
                name: p.display_name().to_string(),
                unit: team.unit.value.clone(),
                rating: rating(p),
                members: vec![member(p)],
            }));
            continue;
        }
        let mut families: Vec<(String, Vec<&Person>)> = Vec::new();
        for p in members {
            let fam: String = p.display_name().chars().take(1).collect();
            match families.iter_mut().find(|f| f.0 == fam) {
                Some(f) => f.1.push(p),
                None => families.push((fam, vec![p])),
            }
        }
        for (_, mut ps) in families {
            ps.sort_by(|a, b| {
                let d = |p: &Person| p.birth.as_ref().map(|b| b.value.date);
                match (d(a), d(b)) {
                    (Some(x), Some(y)) => x.cmp(&y),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                }
                .then_with(|| a.display_name().cmp(b.display_name()))
            });
            let half = ps.len() / 2;
            for i in 0..half {
                let (Some(a), Some(c)) = (ps.get(i), ps.get(i + half)) else {
                    continue;
                };
                out.push(Entrant {
                    name: format!("{}/{}", a.display_name(), c.display_name()),
                    unit: team.unit.value.clone(),
                    rating: rating(a).max(rating(c)),
                    members: vec![member(a), member(c)],
                });
            }
            if ps.len() % 2 == 1
                && let Some(p) = ps.last()
            {
                let source = p
                    .name
                    .as_ref()
                    .map(|n| n.source.clone())
                    .unwrap_or_else(|| Source::file(&team.file));
                findings.push(
                    Finding::new(
                        "pair.unmatched",
                        Severity::Warning,
                        source,
                        format!(
                            "{}：{}没有同姓的搭档，单独编排",
                            section.name,
                            p.display_name()
                        ),
                        format!(
                            "{}: {} has no partner of the same family name; paired alone",
                            section.id,
                            p.display_name()
                        ),
                    )
                    .team(&team.unit.value)
                    .person(p.display_name()),
                );
                out.push(Entrant {
                    name: p.display_name().to_string(),
                    unit: team.unit.value.clone(),
                    rating: rating(p),
                    members: vec![member(p)],
                });
            }
        }
    }
    out
}

/// Who a person is: the ID number, else the name with the birth date.
fn person_key(p: &Person) -> String {
    match &p.id {
        Some(id) => id.value.number.clone(),
        None => format!(
            "{}|{:?}",
            p.name.as_ref().map_or("", |n| n.value.key.as_str()),
            p.birth.as_ref().map(|b| b.value.date)
        ),
    }
}

fn duplicate_entrant(
    p: &Person,
    section: &Section,
    unit: &str,
    first: &str,
    file: &str,
) -> Finding {
    let source = p
        .name
        .as_ref()
        .map(|n| n.source.clone())
        .unwrap_or_else(|| Source::file(file));
    Finding::new(
        "round.duplicate-entrant",
        Severity::Warning,
        source,
        format!(
            "{}：{}已作为{first}棋手编排，{unit}的同一人不重复编排（请更正报名表）",
            section.name,
            p.display_name()
        ),
        format!(
            "{}: {:?} is paired for {first:?}; the same person entered by {unit:?} is not paired \
             twice (correct the forms)",
            section.id,
            p.display_name()
        ),
    )
    .team(unit)
    .person(p.display_name())
}

fn member(p: &Person) -> (String, Option<String>) {
    (
        p.display_name().to_string(),
        p.id.as_ref().map(|i| i.value.number.clone()),
    )
}

/// Finds the entrant a workbook cell names: the exact label, else the name before `（`/`(`.
pub fn find(entrants: &[Entrant], text: &str) -> Option<usize> {
    let t = text.trim();
    if let Some(i) = entrants.iter().position(|e| e.label() == t) {
        return Some(i);
    }
    let name = t
        .split(['（', '('])
        .next()
        .unwrap_or("")
        .trim()
        .replace(char::is_whitespace, "");
    let hits: Vec<usize> = entrants
        .iter()
        .enumerate()
        .filter(|(_, e)| e.name.replace(char::is_whitespace, "") == name)
        .map(|(i, _)| i)
        .collect();
    match hits.as_slice() {
        [one] => Some(*one),
        _ => None,
    }
}
