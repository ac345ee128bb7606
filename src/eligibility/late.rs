//! The entry deadline (`[deadlines.entry]`): a form filled in after it is late (`team.late`),
//! unless it corrects a form of the same team sent in time. A correction is late only for what
//! it adds: each person not on any earlier form sent in time is `person.late` at his name cell,
//! the rest of the team is not. The people it removes and the entries it changes are not
//! lateness; `late_changes = "warning"` names them in one `team.late-change` warning at the
//! correction's 填表日期 cell.
//!
//! An earlier form counts as sent in time when its 填表日期 is in time: an undated one proves
//! nothing, and the correction is judged as a first entry. People are matched across forms by
//! name, else by ID number (a correction may fix either).

use crate::event::{Deadline, Event, LateChanges, LateEntry};
use crate::findings::{Code, Finding, Findings};
use crate::model::roster::{Person, Roster, Sourced, Team};

/// The deadline check of one team of the roster against its earlier forms
/// ([`Roster::earlier`]).
pub(crate) fn check_team(event: &Event, roster: &Roster, team: &Team, findings: &mut Findings) {
    let Some(dl) = &event.deadlines().entry else {
        return;
    };
    let Some(fill) = team.fill_date.as_ref().filter(|d| !dl.in_time(d.value)) else {
        return;
    };
    let in_time: Vec<&Team> = (roster.earlier.iter())
        .filter(|t| t.unit_key == team.unit_key)
        .filter(|t| t.fill_date.as_ref().is_some_and(|d| dl.in_time(d.value)))
        .collect();
    if in_time.is_empty() {
        findings.push(late_team(dl, team, fill));
        return;
    }
    for p in team
        .everyone()
        .filter(|p| !in_time.iter().any(|t| find(t, p).is_some()))
    {
        findings.push(late_person(dl, team, fill, in_time.last().copied(), p));
    }
    if dl.late_changes.value == LateChanges::Warning {
        late_changes(dl, team, fill, &in_time, findings);
    }
}

/// A late entry's finding (`team.late`, `person.late`) with the deadline's clause, and under
/// 逾期报名无效 read as `late_entry = "excluded"` what it gives: `who` is out (not ranked, no
/// prize), not withheld.
fn late_entry(mut f: Finding, dl: &Deadline, who: &str) -> Finding {
    if dl.late_invalid && dl.late_entry.value == LateEntry::Excluded {
        f.message_zh.push_str(&format!(
            "；规程规定逾期报名无效：{who}不予参赛，不列名次、不获奖"
        ));
        f.message_en.push_str(&format!(
            "; late entries are invalid under the regulation: {who} is excluded (not ranked, no prize)"
        ));
    }
    with_clause(f, dl)
}

fn with_clause(f: Finding, dl: &Deadline) -> Finding {
    match &dl.clause {
        Some(c) => f.clause(c.clone()),
        None => f,
    }
}

fn late_team(dl: &Deadline, team: &Team, fill: &Sourced<jiff::civil::Date>) -> Finding {
    let f = Finding::new(
        Code::TeamLate,
        fill.source.clone(),
        format!(
            "{}填表日期{}晚于报名截止日{}",
            team.unit.value, fill.value, dl.date
        ),
        format!(
            "{} filled in the form on {}, after the deadline {}",
            team.unit.value, fill.value, dl.date
        ),
    )
    .team(&team.unit.value);
    late_entry(f, dl, &team.unit.value)
}

fn late_person(
    dl: &Deadline,
    team: &Team,
    fill: &Sourced<jiff::civil::Date>,
    earlier: Option<&Team>,
    p: &Person,
) -> Finding {
    let who = p.display_name();
    let before = earlier.map_or(String::new(), |t| t.file.clone());
    let source = p
        .name
        .as_ref()
        .map_or_else(|| fill.source.clone(), |n| n.source.clone());
    let f = Finding::new(
        Code::PersonLate,
        source,
        format!(
            "{who}是{}在报名截止日{}后的更正报名表（填表日期{}）中新增的，按时报送的{before}中没有此人",
            team.unit.value, dl.date, fill.value
        ),
        format!(
            "{who} is added by {}'s correction filled in on {}, after the deadline {}; {before}, sent in time, does not enter him",
            team.unit.value, fill.value, dl.date
        ),
    )
    .team(&team.unit.value)
    .person(who);
    late_entry(f, dl, who)
}

/// The person of `team` who is `p`: the same name, else the same ID number.
fn find<'a>(team: &'a Team, p: &Person) -> Option<&'a Person> {
    let name = p.name.as_ref().map(|n| n.value.key.as_str());
    let id = p.id.as_ref().map(|i| i.value.number.as_str());
    let same_name =
        |q: &&Person| name.is_some() && q.name.as_ref().map(|n| n.value.key.as_str()) == name;
    let same_id =
        |q: &&Person| id.is_some() && q.id.as_ref().map(|i| i.value.number.as_str()) == id;
    team.everyone()
        .find(same_name)
        .or_else(|| team.everyone().find(same_id))
}

/// The entry fields a correction may change: (zh label, en label, value as written).
fn fields(p: &Person) -> [(&'static str, &'static str, String); 8] {
    fn opt<T: ToString>(v: &Option<Sourced<T>>) -> String {
        v.as_ref().map(|s| s.value.to_string()).unwrap_or_default()
    }
    [
        ("姓名", "name", p.display_name().to_string()),
        (
            "性别",
            "sex",
            p.sex
                .as_ref()
                .map(|s| s.value.zh())
                .unwrap_or_default()
                .to_string(),
        ),
        ("出生日期", "birth date", opt(&p.birth)),
        (
            "证件号码",
            "ID number",
            p.id.as_ref()
                .map(|i| i.value.number.clone())
                .unwrap_or_default(),
        ),
        ("国际棋联ID", "FIDE ID", opt(&p.fide_id)),
        ("等级分", "rating", opt(&p.rating)),
        ("台次", "board", opt(&p.board)),
        ("组别", "group", opt(&p.group)),
    ]
}

/// `team.late-change`: the people the late correction removes from the latest form sent in
/// time, and the fields it changes of the people both give.
fn late_changes(
    dl: &Deadline,
    team: &Team,
    fill: &Sourced<jiff::civil::Date>,
    in_time: &[&Team],
    findings: &mut Findings,
) {
    let Some(before) = in_time.last() else {
        return;
    };
    let mut zh: Vec<String> = Vec::new();
    let mut en: Vec<String> = Vec::new();
    for old in before.everyone() {
        let Some(new) = find(team, old) else {
            zh.push(format!("删除{}", old.display_name()));
            en.push(format!("removes {}", old.display_name()));
            continue;
        };
        for ((lz, le, was), (_, _, is)) in fields(old).into_iter().zip(fields(new)) {
            if was != is {
                zh.push(format!("{}的{lz}由“{was}”改为“{is}”", old.display_name()));
                en.push(format!(
                    "{}'s {le} from {was:?} to {is:?}",
                    old.display_name()
                ));
            }
        }
    }
    if zh.is_empty() {
        return;
    }
    let f = Finding::new(
        Code::TeamLateChange,
        fill.source.clone(),
        format!(
            "{}在报名截止日{}后报送更正报名表（填表日期{}，替代{}）：{}",
            team.unit.value,
            dl.date,
            fill.value,
            before.file,
            zh.join("；")
        ),
        format!(
            "{}'s correction filled in on {}, after the deadline {}, replacing {}: {}",
            team.unit.value,
            fill.value,
            dl.date,
            before.file,
            en.join("; ")
        ),
    )
    .team(&team.unit.value);
    findings.push(with_clause(f, dl));
}
