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

use std::collections::HashMap;

use crate::eligibility::standing::{Standing, Statuses};
use crate::event::{Entrant as EntrantKind, Event, Section};
use crate::findings::{Code, Finding, Findings, Source};
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
    /// The name as FIDE records it ([`Person::fide_name`]; `成人/儿童` for a pair).
    pub fide_name: String,
    /// A provisional entrant of a family the form does not pair (`pair.unmatched`): 资格待查
    /// until the form is corrected.
    pub in_question: bool,
}

impl Entrant {
    /// The entrant's standing: a disqualified member disqualifies it, else a pending one makes
    /// it pending; a provisional pair is pending (`pair.unmatched`) until a `cleared` ruling.
    pub fn standing(&self, statuses: &Statuses) -> Option<Standing> {
        let e = self;
        let all: Vec<&Standing> = if e.members.is_empty() {
            statuses.person(&e.unit, &e.name).into_iter().collect()
        } else {
            e.members
                .iter()
                .filter_map(|(name, _)| statuses.person(&e.unit, name))
                .collect()
        };
        all.iter()
            .find(|s| s.is_disqualified())
            .or(all.first())
            .map(|s| (*s).clone())
            .or_else(|| {
                let names: Vec<&str> = e.members.iter().map(|(n, _)| n.as_str()).collect();
                // A `cleared` ruling on the pair (a member or the delegation) decides it.
                (e.in_question && !statuses.cleared(&e.unit, &names))
                    .then(|| Standing::Pending(vec![Code::PairUnmatched]))
            })
    }

    /// The label in round workbooks: `姓名（单位）`.
    pub fn label(&self) -> String {
        format!("{}（{}）", self.name, self.unit)
    }
}

/// Whether `p`'s 组别 names `section` ([`Section::holds`]).
pub fn in_section(p: &Person, section: &Section) -> bool {
    section.holds(p)
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
    let mut seen: HashMap<String, String> = HashMap::new();
    for team in &roster.teams {
        let mut members: Vec<&Person> = Vec::new();
        for p in team.players.iter().filter(|p| in_section(p, section)) {
            let key = person_key(p);
            if let Some(first) = seen.get(&key) {
                findings.push(duplicate_entrant(
                    p,
                    section,
                    &team.unit.value,
                    first,
                    &team.file,
                ));
                continue;
            }
            seen.insert(key, team.unit.value.clone());
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
                fide_name: p.fide_name(),
                in_question: false,
            }));
            continue;
        }
        for (ps, problem) in families(members) {
            let mut ps = ps;
            ps.sort_by(|a, b| by_birth(a, b));
            if let (None, [a, c]) = (&problem, ps.as_slice()) {
                out.push(Entrant {
                    name: format!("{}/{}", a.display_name(), c.display_name()),
                    unit: team.unit.value.clone(),
                    rating: rating(a).max(rating(c)),
                    members: vec![member(a), member(c)],
                    fide_name: format!("{}/{}", a.fide_name(), c.fide_name()),
                    in_question: false,
                });
                continue;
            }
            // Not a pair the form states: until the form is corrected, provisional pairs (by
            // family name, without a 家庭编号 column) or each alone, each in question
            // (`pair.unmatched` naming its first member: 资格待查, its prize withheld).
            let names: Vec<String> = ps.iter().map(|p| p.display_name().to_string()).collect();
            let rows: Vec<String> = ps
                .iter()
                .filter_map(|p| p.name.as_ref())
                .map(|n| n.source.to_string())
                .collect();
            let groups = match problem {
                Some(Unpaired::NoColumn) => provisional(ps),
                _ => ps.into_iter().map(|p| vec![p]).collect(),
            };
            for g in &groups {
                if let Some(first) = g.first() {
                    let mut f = unmatched(
                        section,
                        &team.unit.value,
                        &team.file,
                        first,
                        problem,
                        (&names, &rows),
                    );
                    let members: Vec<&str> = g.iter().map(|p| p.display_name()).collect();
                    crate::eligibility::standing::clear_late(
                        event,
                        &mut f,
                        &team.unit.value,
                        &members,
                    );
                    findings.push(f);
                }
            }
            for g in groups {
                let half = g.len() / 2;
                for i in 0..half {
                    let (Some(a), Some(c)) = (g.get(i), g.get(i + half)) else {
                        continue;
                    };
                    out.push(Entrant {
                        name: format!("{}/{}", a.display_name(), c.display_name()),
                        unit: team.unit.value.clone(),
                        rating: rating(a).max(rating(c)),
                        members: vec![member(a), member(c)],
                        fide_name: format!("{}/{}", a.fide_name(), c.fide_name()),
                        in_question: true,
                    });
                }
                if g.len() % 2 == 1
                    && let Some(p) = g.last()
                {
                    out.push(Entrant {
                        name: p.display_name().to_string(),
                        unit: team.unit.value.clone(),
                        rating: rating(p),
                        members: vec![member(p)],
                        fide_name: p.fide_name(),
                        in_question: true,
                    });
                }
            }
        }
    }
    out
}

/// `pair.unmatched` for one provisional entrant of a family the form does not pair: the
/// family's names and rows, at its first member's row.
fn unmatched(
    section: &Section,
    unit: &str,
    file: &str,
    first: &Person,
    problem: Option<Unpaired>,
    (names, rows): (&[String], &[String]),
) -> Finding {
    let (zh, en) = match problem {
        Some(Unpaired::NoColumn) => (
            "报名表没有家庭编号（搭档）栏，且本队家庭组不止两人，无法确定搭档（暂按姓氏配对，请补填家庭编号并确认）",
            "the form has no \"家庭编号\" (partner) column and the delegation has more than two family entrants: partners cannot be told (paired by family name for now; add the family numbers and confirm)",
        ),
        _ => (
            "同一家庭编号下不是两人",
            "the family number does not hold exactly two people",
        ),
    };
    let source = first
        .name
        .as_ref()
        .map(|n| n.source.clone())
        .unwrap_or_else(|| Source::file(file));
    Finding::new(
        Code::PairUnmatched,
        source,
        format!(
            "{}：{}——{zh}（{}）",
            section.name,
            names.join("、"),
            rows.join("，")
        ),
        format!(
            "{}: {}: {en} ({})",
            section.id,
            names.join(", "),
            rows.join(", ")
        ),
    )
    .team(unit)
    .person(first.display_name())
}

/// A family tag in 备注 (`家庭1（父子）`, `家庭２`): `家庭1`, the pair's number when the form has
/// no 家庭编号 column.
fn remarks_family(remarks: &str) -> Option<String> {
    let (_, rest) = remarks.split_once("家庭")?;
    let digits: String = rest
        .chars()
        .map_while(|c| {
            // Full-width digits too (`家庭２`).
            c.to_digit(10)
                .or_else(|| (u32::from(c).checked_sub(u32::from('０'))).filter(|d| *d < 10))
        })
        .map(|d| char::from_digit(d, 10).unwrap_or('0'))
        .collect();
    (!digits.is_empty()).then(|| format!("家庭{digits}"))
}

/// Why family entrants could not be paired.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Unpaired {
    /// No 家庭编号 column and more than two family entrants in the delegation.
    NoColumn,
    /// A family number with one person or more than two.
    NotTwo,
}

/// The elder first (a person without a birth date last), then by name.
fn by_birth(a: &Person, b: &Person) -> std::cmp::Ordering {
    let d = |p: &Person| p.birth.as_ref().map(|b| b.value.date);
    match (d(a), d(b)) {
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => std::cmp::Ordering::Less,
        (None, Some(_)) => std::cmp::Ordering::Greater,
        (None, None) => std::cmp::Ordering::Equal,
    }
    .then_with(|| a.display_name().cmp(b.display_name()))
}

/// The families of one delegation's entrants of a pairs section: by the form's 家庭编号
/// (搭档) column or a 备注 tag `家庭N` when it has one, else the two of them when there are exactly two. Never by
/// surname: a grandparent and a grandchild often have different ones.
fn families(members: Vec<&Person>) -> Vec<(Vec<&Person>, Option<Unpaired>)> {
    if members.is_empty() {
        return Vec::new();
    }
    // The 家庭编号 column, else a family tag in 备注 (`家庭1（父子）`).
    let family = |p: &Person| {
        p.family
            .as_ref()
            .map(|f| f.value.trim().to_string())
            .filter(|f| !f.is_empty())
            .or_else(|| p.remarks.as_ref().and_then(|r| remarks_family(&r.value)))
    };
    if members.iter().any(|p| family(p).is_some()) {
        let mut members = members;
        // Families told by 备注 tags come in the order of their eldest member, as the families
        // of a delegation were ordered before the tags were read (the sections' pairing
        // numbers, and so the rounds already paired, stay as they were).
        let by_column = members.iter().any(|p| {
            p.family
                .as_ref()
                .is_some_and(|f| !f.value.trim().is_empty())
        });
        if !by_column {
            members.sort_by(|a, b| by_birth(a, b));
        }
        let mut groups: Vec<(Option<String>, Vec<&Person>)> = Vec::new();
        for p in members {
            let f = family(p);
            match groups.iter_mut().find(|g| g.0.is_some() && g.0 == f) {
                Some(g) => g.1.push(p),
                None => groups.push((f, vec![p])),
            }
        }
        return groups
            .into_iter()
            .map(|(_, ps)| {
                let problem = (ps.len() != 2).then_some(Unpaired::NotTwo);
                (ps, problem)
            })
            .collect();
    }
    if members.len() != 1 && members.len() != 2 {
        return vec![(members, Some(Unpaired::NoColumn))];
    }
    let problem = (members.len() == 1).then_some(Unpaired::NotTwo);
    vec![(members, problem)]
}

/// A provisional grouping of family entrants a form does not pair (no 家庭编号 column, more
/// than two of them): by family name, so that the section can be paired while the blocking
/// `pair.unmatched` finding waits for the corrected form.
fn provisional(ps: Vec<&Person>) -> Vec<Vec<&Person>> {
    let mut families: Vec<(String, Vec<&Person>)> = Vec::new();
    for p in ps {
        let fam: String = p.display_name().chars().take(1).collect();
        match families.iter_mut().find(|f| f.0 == fam) {
            Some(f) => f.1.push(p),
            None => families.push((fam, vec![p])),
        }
    }
    families.into_iter().map(|f| f.1).collect()
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
        Code::RoundDuplicateEntrant,
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
///
/// One lookup scans every entrant; [`Lookup`] answers the same from an index, for a whole
/// round workbook.
pub fn find(entrants: &[Entrant], text: &str) -> Option<usize> {
    Lookup::new(entrants).find(text)
}

/// The entrants of a section indexed by label and by name (whitespace removed), so that a
/// round workbook of n rows is read in O(n), not O(n²).
#[derive(Debug, Clone, Default)]
pub struct Lookup {
    /// Label → the first entrant with it.
    labels: HashMap<String, usize>,
    /// Name without whitespace → every entrant with it.
    names: HashMap<String, Vec<usize>>,
}

impl Lookup {
    /// Indexes `entrants`.
    pub fn new(entrants: &[Entrant]) -> Lookup {
        let mut l = Lookup::default();
        for (i, e) in entrants.iter().enumerate() {
            l.labels.entry(e.label()).or_insert(i);
            l.names
                .entry(e.name.replace(char::is_whitespace, ""))
                .or_default()
                .push(i);
        }
        l
    }

    /// As [`find`]: the exact label, else the one entrant of the name before `（`/`(`.
    pub fn find(&self, text: &str) -> Option<usize> {
        let t = text.trim();
        if let Some(&i) = self.labels.get(t) {
            return Some(i);
        }
        let name = t
            .split(['（', '('])
            .next()
            .unwrap_or("")
            .trim()
            .replace(char::is_whitespace, "");
        match self.names.get(&name).map(Vec::as_slice) {
            Some([one]) => Some(*one),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::remarks_family;

    #[test]
    fn a_family_tag_in_the_remarks_is_read_with_its_number() {
        assert_eq!(remarks_family("家庭1（父子）").as_deref(), Some("家庭1"));
        assert_eq!(remarks_family("家庭２（祖孙）").as_deref(), Some("家庭2"));
        assert_eq!(remarks_family("家庭12").as_deref(), Some("家庭12"));
        assert_eq!(remarks_family("家庭组"), None);
        assert_eq!(remarks_family("象棋之乡（荥阳市）直通名额"), None);
    }
}
