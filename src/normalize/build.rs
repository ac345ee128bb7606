//! Submissions → [`Roster`]: teams assembled per unit, resubmissions resolved, room requests
//! attached, duplicates found.

use std::collections::BTreeMap;

use crate::findings::{Code, Finding, Findings, Source};
use crate::forms::{Field, RawRow, Submission, SubmissionKind};
use crate::ingest::Cell;
use crate::model::roster::{Person, Role, Roster, Sourced, Team};

use super::person::{RowContext, labelled_person, person_from_row, room_from_row};
use super::{DateSystem, date, unit_key, unit_name};

/// A team read from one file, with the findings its rows produced (reported only if the team
/// is not superseded).
struct Candidate {
    team: Team,
    findings: Vec<Finding>,
    file_index: usize,
    modified: Option<i64>,
}

/// Words of file and folder names that say nothing about the unit.
const GENERIC_NAME_PARTS: &[&str] = &[
    "报名表",
    "报名单",
    "报名",
    "参赛表",
    "名单",
    "汇总",
    "修改版",
    "修改",
    "最终版",
    "终版",
    "更新",
    "副本",
    "新版",
    "表格",
    "表",
    "copy",
    "final",
    "new",
];

/// A unit name guessed from a path component: extension, bracketed notes, digits,
/// punctuation and generic words removed (`北京队报名表(修改)2.xlsx` → `北京队`).
fn unit_from_name(component: &str) -> Option<String> {
    let stem = match component.rsplit_once('.') {
        Some((stem, ext)) if !stem.is_empty() && ext.len() <= 4 => stem,
        _ => component,
    };
    let mut s = String::new();
    let mut depth = 0u32;
    for c in stem.chars() {
        match c {
            '(' | '（' | '[' | '【' => depth = depth.saturating_add(1),
            ')' | '）' | ']' | '】' => depth = depth.saturating_sub(1),
            _ if depth > 0 => {}
            c if c.is_ascii_digit() || c.is_ascii_punctuation() => {}
            c => s.push(c),
        }
    }
    for word in GENERIC_NAME_PARTS {
        s = s.replace(word, "");
    }
    // `2025年` left a lone 年 behind.
    let s = s.split_whitespace().collect::<Vec<_>>().join(" ");
    let s = s.trim_start_matches('年').trim().to_string();
    (!s.is_empty()).then_some(s)
}

/// The unit of a submission: its label or 单位 cell; else the file name, else the folder
/// (teams often send `北京/报名表.xlsx`), else the file stem. The source is then the sheet.
fn unit_of(sub: &Submission) -> (Sourced<String>, String) {
    if let Some((u, raw)) = sub
        .unit
        .as_ref()
        .and_then(|raw| unit_name(&raw.cell.display()).map(|u| (u, raw)))
    {
        let key = unit_key(&u);
        return (Sourced::new(u, raw.source.clone()), key);
    }
    let mut parts = sub.file.rsplit('/');
    let file = parts.next().unwrap_or(&sub.file);
    let guess = unit_from_name(file)
        .or_else(|| parts.next().and_then(unit_from_name))
        .unwrap_or_else(|| file.to_string());
    let key = unit_key(&guess);
    (
        Sourced::new(guess, Source::sheet(&sub.file, &sub.sheet)),
        key,
    )
}

fn add_person(team: &mut Team, p: Person) {
    match p.role() {
        Role::Player => team.players.push(p),
        Role::Leader if team.leader.is_none() => team.leader = Some(p),
        Role::Coach if team.coach.is_none() => team.coach = Some(p),
        _ => team.staff.push(p),
    }
}

/// The row without its error cells (`#N/A`, `#REF!`…: a formula that failed), each one a
/// `cell.error` finding at the cell: an error is never read as a value. `None` when the name
/// itself is an error (the row names nobody; its finding says so).
fn without_error_cells(row: &RawRow, team: &str, found: &mut Findings) -> Option<RawRow> {
    if !row
        .values
        .values()
        .any(|v| matches!(v.cell, Cell::Error(_)))
    {
        return Some(row.clone());
    }
    let mut clean = row.clone();
    let mut name_is_error = false;
    for (field, v) in &row.values {
        let Cell::Error(e) = &v.cell else { continue };
        let (zh, en) = field.label();
        let cause = if e.eq_ignore_ascii_case("#N/A") {
            (
                "（多为公式查找失败）",
                " (usually a lookup formula that found nothing)",
            )
        } else {
            ("（公式出错）", " (a formula error)")
        };
        found.push(
            Finding::new(
                Code::CellError,
                v.source.clone(),
                format!("单元格是错误值 {e}{}，未作为{zh}读取：请在原表中改正", cause.0),
                format!(
                    "the cell holds the error value {e}{}; it was not read as the {en}: correct it in the form",
                    cause.1
                ),
            )
            .team(team),
        );
        clean.values.remove(field);
        name_is_error |= *field == Field::Name;
    }
    (!name_is_error).then_some(clean)
}

fn build_candidate(sub: &Submission, system: DateSystem) -> Candidate {
    let system = if sub.date1904 {
        DateSystem::Excel1904
    } else {
        system
    };
    let (unit, key) = unit_of(sub);
    let mut found = Findings::new();
    let fill_date = sub.fill_date.as_ref().and_then(|raw| {
        date(&raw.cell, system)
            .ok()
            .flatten()
            .map(|b| Sourced::new(b.date, raw.source.clone()))
    });
    let mut team = Team {
        unit: unit.clone(),
        unit_key: key,
        leader: None,
        coach: None,
        staff: Vec::new(),
        players: Vec::new(),
        fill_date,
        file: sub.file.to_string(),
        sheets: vec![sub.sheet.to_string()],
        rooms: Vec::new(),
    };
    let ctx = RowContext {
        team: &unit.value,
        sub,
        system,
        require_birth_and_sex: true,
    };
    // At most one player a row: reserved once, not grown by doubling (a `Person` holds sixteen
    // values with their cells; a form of 99,000 rows, issue 46).
    team.players.reserve_exact(sub.rows.len());
    for row in &sub.rows {
        let Some(row) = without_error_cells(row, &unit.value, &mut found) else {
            continue;
        };
        if let Some(p) = person_from_row(&row, &ctx, &mut found) {
            add_person(&mut team, p);
        }
    }
    team.players.shrink_to_fit();
    if team.leader.is_none() {
        team.leader = sub
            .leader
            .as_ref()
            .and_then(|r| labelled_person(r, Role::Leader));
    }
    if team.coach.is_none() {
        team.coach = sub
            .coach
            .as_ref()
            .and_then(|r| labelled_person(r, Role::Coach));
    }
    Candidate {
        team,
        findings: found.into_vec(),
        file_index: sub.file_index,
        modified: sub.modified,
    }
}

/// Merges a second sheet of the same unit in the same file.
fn merge_into(into: &mut Candidate, other: Candidate) {
    let t = other.team;
    for sheet in t.sheets {
        if !into.team.sheets.contains(&sheet) {
            into.team.sheets.push(sheet);
        }
    }
    into.team.players.extend(t.players);
    for p in t.leader.into_iter().chain(t.coach).chain(t.staff) {
        add_person(&mut into.team, p);
    }
    if into.team.fill_date.is_none() {
        into.team.fill_date = t.fill_date;
    }
    into.findings.extend(other.findings);
}

fn people_keys(t: &Team) -> Vec<String> {
    let mut v: Vec<String> = t
        .players
        .iter()
        .map(|p| {
            p.name
                .as_ref()
                .map(|n| n.value.key.clone())
                .unwrap_or_default()
        })
        .collect();
    v.sort();
    v
}

/// Builds the roster from the submissions of [`crate::inputs::read_forms`], with number cells read as
/// 1900-system Excel serials. See [`build_roster_with`].
pub fn build_roster(subs: &[Submission], findings: &mut Findings) -> Roster {
    build_roster_with(subs, DateSystem::Excel1900, findings)
}

/// Builds the roster from the submissions of [`crate::inputs::read_forms`].
///
/// - Every entry-form submission becomes a team; sheets of one file naming the same unit are
///   merged. A submission without a unit is named after its file or folder (see `unit_of`).
/// - The same unit (by [`unit_key`]) in several files is a resubmission: the latest 填表日期
///   wins (when every form of the unit is dated), then the latest modification time, then the
///   file later in path order. Each loser
///   gives `file.superseded` (warning); a loser with the same 填表日期 and different players
///   also gives `file.duplicate-team` (warning). Findings of superseded teams' rows are dropped;
///   their teams are kept in [`Roster::earlier`].
/// - Room requests are attached to the team of their file, else to the team of their unit,
///   else kept in [`Roster::unattached_rooms`] (so are those of a superseded form: a
///   correction's rooms replace them). Registration lists land in
///   [`Roster::registrations`] without findings.
/// - `person.duplicate` (error) once per pair for a player whose valid ID number, or normalized
///   name and full birth date, appears more than once in the roster (one team or several), at
///   the later occurrence in path order (file, then row); the message names the earlier one.
///
/// Teams come out sorted by unit key. The result depends only on the input.
pub fn build_roster_with(
    subs: &[Submission],
    system: DateSystem,
    findings: &mut Findings,
) -> Roster {
    let mut roster = Roster::default();
    // (unit key, file index) → candidate.
    // Boxed: a candidate holds a whole team, moved about by the maps below.
    let mut per_file: BTreeMap<(String, usize), Box<Candidate>> = BTreeMap::new();
    // A blank form (only the example row) or an empty sheet has no people.
    let forms: Vec<&Submission> = subs
        .iter()
        .filter(|s| s.kind == SubmissionKind::EntryForm)
        .filter(|s| !s.rows.is_empty() || s.leader.is_some() || s.coach.is_some())
        .collect();
    // Each form's people are parsed on the machine's cores (a pure function of the form: the
    // result, in form order, is the same as on one thread); merged in order below.
    let built = crate::par::map(&forms, |sub| Box::new(build_candidate(sub, system)));
    for (sub, cand) in forms.iter().zip(built) {
        match per_file.entry((cand.team.unit_key.clone(), sub.file_index)) {
            std::collections::btree_map::Entry::Occupied(mut e) => merge_into(e.get_mut(), *cand),
            std::collections::btree_map::Entry::Vacant(e) => {
                e.insert(cand);
            }
        }
    }
    // unit key → candidates from different files.
    let mut per_unit: BTreeMap<String, Vec<Box<Candidate>>> = BTreeMap::new();
    for ((key, _), c) in per_file {
        per_unit.entry(key).or_default().push(c);
    }
    roster.teams.reserve(per_unit.len());
    for (_, mut cands) in per_unit {
        // Dates decide only when every form of the unit has one; an undated form is
        // compared with the others by modification time (then path order).
        let all_dated = cands.iter().all(|c| c.team.fill_date.is_some());
        cands.sort_by_key(|c| {
            let date = c
                .team
                .fill_date
                .as_ref()
                .map(|d| d.value)
                .filter(|_| all_dated);
            (date, c.modified, c.file_index)
        });
        let Some(winner) = cands.pop() else { continue };
        for loser in cands.iter().rev() {
            let (used, old) = (&winner.team.file, &loser.team.file);
            let unit = &winner.team.unit.value;
            findings.push(
                Finding::new(
                    Code::FileSuperseded,
                    Source::file(old),
                    format!("{unit}的报名表有多份：使用{used}，{old}已被替代"),
                    format!("{unit} sent several forms: {used} is used, {old} is superseded"),
                )
                .team(unit.clone()),
            );
            roster.superseded.push((used.clone(), old.clone()));
            let same_date = matches!(
                (&winner.team.fill_date, &loser.team.fill_date),
                (Some(a), Some(b)) if a.value == b.value
            );
            if same_date && people_keys(&winner.team) != people_keys(&loser.team) {
                let day = winner
                    .team
                    .fill_date
                    .as_ref()
                    .map(|d| d.value.to_string())
                    .unwrap_or_default();
                findings.push(
                    Finding::new(
                        Code::FileDuplicateTeam,
                        Source::file(old),
                        format!("{used}与{old}都是{unit}的报名表，填表日期同为{day}，但人员不同；已按文件时间使用{used}，请确认"),
                        format!("{used} and {old} are both forms of {unit} dated {day} with different players; {used} is used by file time, please confirm"),
                    )
                    .team(unit.clone()),
                );
            }
        }
        let winner = *winner;
        findings.extend(winner.findings);
        roster.teams.push(winner.team);
        roster.earlier.extend(cands.into_iter().map(|c| c.team));
    }
    attach_rooms(subs, system, &mut roster);
    for sub in subs
        .iter()
        .filter(|s| s.kind == SubmissionKind::Registration)
    {
        let (unit, _) = unit_of(sub);
        let ctx = RowContext {
            team: &unit.value,
            sub,
            system,
            require_birth_and_sex: false,
        };
        let mut ignored = Findings::new();
        for row in &sub.rows {
            if let Some(p) = person_from_row(row, &ctx, &mut ignored) {
                roster.registrations.push(p);
            }
        }
    }
    find_duplicates(&roster, findings);
    roster
}

fn attach_rooms(subs: &[Submission], system: DateSystem, roster: &mut Roster) {
    // Indexed once: n room requests are attached in O(n).
    let mut by_key: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut by_file: std::collections::HashMap<String, Vec<usize>> =
        std::collections::HashMap::new();
    for (i, t) in roster.teams.iter().enumerate() {
        by_key.entry(t.unit_key.clone()).or_insert(i);
        by_file.entry(t.file.clone()).or_default().push(i);
    }
    for sub in subs
        .iter()
        .filter(|s| s.kind == SubmissionKind::RoomRequest)
    {
        // A superseded form's room sheet is replaced with the form: never booked or billed.
        let superseded = roster
            .superseded
            .iter()
            .any(|(_, old)| old.as_str() == &*sub.file);
        let system = if sub.date1904 {
            DateSystem::Excel1904
        } else {
            system
        };
        let key = sub
            .unit
            .as_ref()
            .map(|u| unit_key(&u.cell.display()))
            .filter(|k| !k.is_empty());
        let same_file = by_file.get(&*sub.file).map_or(&[][..], Vec::as_slice);
        let target = match &key {
            Some(k) => by_key.get(k).copied(),
            None if same_file.len() == 1 => same_file.first().copied(),
            None => None,
        };
        // `8月5日` has no year: the year of the 填表日期 (the form's own, else the team's).
        let fill = |d: &Option<crate::forms::RawValue>| {
            d.as_ref()
                .and_then(|raw| date(&raw.cell, system).ok().flatten())
                .map(|b| b.date)
        };
        let team = target.and_then(|i| roster.teams.get_mut(i));
        let filled = fill(&sub.fill_date).or_else(|| {
            team.as_ref()
                .and_then(|t| t.fill_date.as_ref().map(|d| d.value))
        });
        let rooms: Vec<_> = sub
            .rows
            .iter()
            .map(|r| room_from_row(r, system, filled))
            .collect();
        match team {
            Some(t) if !superseded => t.rooms.extend(rooms),
            _ => roster.unattached_rooms.extend(rooms),
        }
    }
}

/// `person.duplicate` for a player entered more than once (same valid ID number, or same name
/// key and full birth date): one finding for each occurrence after the first in path order
/// (file, then row), naming the first.
fn find_duplicates(roster: &Roster, findings: &mut Findings) {
    // Every player with a name: (team, name, source, keys), in path order.
    let mut players: Vec<(&str, &str, &Source, Vec<String>)> = Vec::new();
    for team in &roster.teams {
        for p in &team.players {
            let Some(name) = &p.name else { continue };
            let mut keys = Vec::new();
            if let Some(id) = &p.id {
                keys.push(format!("id:{}", id.value.number));
            }
            if let Some(b) = p
                .birth
                .as_ref()
                .filter(|b| b.value.precision == crate::model::roster::DatePrecision::Day)
            {
                keys.push(format!("nb:{}:{}", name.value.key, b.value.date));
            }
            players.push((&team.unit.value, &name.value.display, &name.source, keys));
        }
    }
    players.sort_by(|a, b| {
        (a.2.file.as_bytes(), &a.2.sheet, a.2.cell).cmp(&(
            b.2.file.as_bytes(),
            &b.2.sheet,
            b.2.cell,
        ))
    });
    // Key → the first occurrence (team, source).
    let mut first: BTreeMap<&str, (&str, &Source)> = BTreeMap::new();
    for (team, who, source, keys) in &players {
        let earlier = keys.iter().find_map(|k| first.get(k.as_str()).copied());
        match earlier {
            Some((other_team, other_src)) => {
                let (zh, en) = if other_team == *team {
                    (
                        format!("同一队（{other_src}）"),
                        format!("the same team ({other_src})"),
                    )
                } else {
                    (
                        format!("{other_team}（{other_src}）"),
                        format!("{other_team} ({other_src})"),
                    )
                };
                findings.push(
                    Finding::new(
                        Code::PersonDuplicate,
                        (*source).clone(),
                        format!("{who}重复报名：已见于{zh}"),
                        format!("{who} is entered twice: already in {en}"),
                    )
                    .team(*team)
                    .person(*who),
                );
            }
            None => {
                for k in keys {
                    first.insert(k.as_str(), (team, source));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::unit_from_name;

    #[test]
    fn unit_names_from_paths() {
        let got = |s: &str| unit_from_name(s);
        assert_eq!(got("北京队报名表(修改)2.xlsx").as_deref(), Some("北京队"));
        assert_eq!(
            got("2025年乙级联赛报名表-上海.xlsx").as_deref(),
            Some("乙级联赛上海")
        );
        assert_eq!(got("报名表.xlsx"), None);
        assert_eq!(got("报名表（最终版）.xls"), None);
        assert_eq!(got("北京"), Some("北京".to_string()));
        assert_eq!(got("team list.csv").as_deref(), Some("team list"));
    }
}
