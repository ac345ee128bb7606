//! Checks of individual players: minimum age, birth windows (overall and per group), FIDE ID,
//! ineligible titles, and registration with its loan rule.

use jiff::civil::Date;

use super::Layout;
use crate::event::{Event, Section, age_on};
use crate::findings::{Code, Finding, Findings, Source};
use crate::forms::Field;
use crate::model::roster::{Person, Roster, Team};

fn src_of(p: &Person, team: &Team) -> Source {
    p.name
        .as_ref()
        .map(|n| n.source.clone())
        .unwrap_or_else(|| Source::file(&team.file))
}

fn finding(
    code: Code,
    team: &Team,
    p: &Person,
    source: Source,
    zh: String,
    en: String,
    clause: Option<&String>,
) -> Finding {
    let mut f = Finding::new(code, source, zh, en)
        .team(&team.unit.value)
        .person(p.display_name());
    if let Some(c) = clause {
        f = f.clause(c.clone());
    }
    f
}

/// The section a player's 组别 names: by name or id, or by the group label and the player's sex
/// (`公开组` for a woman is 公开组女子).
pub(crate) fn section_of<'a>(event: &'a Event, p: &Person) -> Option<&'a Section> {
    event.sections().iter().find(|s| s.holds(p))
}

/// Whether the form reader already reported an unreadable FIDE ID in this person's row.
fn fide_id_invalid_in_row(p: &Person, findings: &Findings) -> bool {
    let Some(name) = p.name.as_ref().map(|n| &n.source) else {
        return false;
    };
    findings.all().iter().any(|f| {
        f.code == Code::PersonFideIdInvalid
            && f.source.file == name.file
            && f.source.sheet == name.sheet
            && f.source.cell.map(|c| c.0) == name.cell.map(|c| c.0)
    })
}

/// Runs the person checks; `layout` locates the empty cell of a missing FIDE ID.
pub(crate) fn check_with(event: &Event, roster: &Roster, layout: &Layout, findings: &mut Findings) {
    for team in &roster.teams {
        for p in &team.players {
            let birth = p.birth.as_ref().map(|b| (b.value.date, &b.source));
            if let Some(birth) = birth {
                min_age(event, team, p, birth, findings);
                birth_window(event, team, p, birth, findings);
                pair_child_age(event, team, p, birth, findings);
            }
            fide_id_missing(event, team, p, layout, findings);
            title_ineligible(event, team, p, findings);
        }
    }
    registration(event, roster, findings);
}

/// A player's birth date and the cell it was read from.
type Birth<'a> = (Date, &'a Source);

/// `person.too-young`: under the minimum age on the regulation's reference day.
fn min_age(event: &Event, team: &Team, p: &Person, birth: Birth<'_>, findings: &mut Findings) {
    let (Some(limit), (date, source)) = (&event.eligibility().min_age, birth) else {
        return;
    };
    let day = event.age_day(limit);
    let age = age_on(date, day);
    if age < i32::try_from(limit.years).unwrap_or(i32::MAX) {
        findings.push(finding(
            Code::PersonTooYoung,
            team,
            p,
            source.clone(),
            format!(
                "{}出生于{date}，{day}时{age}岁，未满{}岁",
                p.display_name(),
                limit.years
            ),
            format!(
                "{} born {date} is {age} on {day}, under {}",
                p.display_name(),
                limit.years
            ),
            limit.clause.as_ref(),
        ));
    }
}

/// `person.birth-out-of-range`: outside the overall birth window, or outside the window of
/// the player's own section (with the section of his age, if any). A window's young end is
/// open unless its `to` is written: a younger player plays up; one born before `from` would
/// play down, which no section allows.
fn birth_window(event: &Event, team: &Team, p: &Person, birth: Birth<'_>, findings: &mut Findings) {
    let (date, source) = birth;
    let section = section_of(event, p);
    // A group's own window (少年组, 家庭双人组 children) replaces the overall one: the
    // xiangqi regulation's 七(三) window is for the 正式组别 only.
    let own_window = section.is_some_and(|s| s.birth.is_some() || s.pair.is_some());
    if let (false, Some(w)) = (own_window, &event.eligibility().birth)
        && !w.contains(date)
    {
        let (zh, en) = w.span();
        let zh = match (w.from, w.to) {
            (Some(_), Some(_)) => format!("出生日期{date}不在{zh}之间"),
            _ => format!("出生日期{date}不符合参赛条件（须{zh}出生）"),
        };
        findings.push(finding(
            Code::PersonBirthOutOfRange,
            team,
            p,
            source.clone(),
            zh,
            format!("birth date {date} is outside {en}"),
            w.clause.as_ref(),
        ));
    } else if let Some(sec) = section
        && let Some(w) = &sec.birth
        && !w.contains(date)
    {
        // Name the section of the player's sex and age, so the team sees where he belongs.
        let sex = p.sex.as_ref().map(|s| s.value);
        let fits = match super::sections::own_sections(event, Some(date), sex).as_slice() {
            [one] if one.birth.is_some() => Some(*one),
            _ => None,
        };
        let hint_zh = fits
            .map(|s| format!("，应报{}", s.name))
            .unwrap_or_default();
        let hint_en = fits.map(|s| format!("; {} fits", s.id)).unwrap_or_default();
        // Born before an open-ended window: an older player in a younger section.
        let (down_zh, down_en) = if w.to.is_none() {
            ("，不得降组参赛", "; a player may not play down")
        } else {
            ("", "")
        };
        let (span_zh, span_en) = w.span();
        findings.push(finding(
            Code::PersonBirthOutOfRange,
            team,
            p,
            source.clone(),
            format!(
                "出生日期{date}不符合{}（{span_zh}）{down_zh}{hint_zh}",
                sec.name
            ),
            format!(
                "birth date {date} does not fit {} ({span_en}){down_en}{hint_en}",
                sec.id
            ),
            w.clause.as_ref().or(sec.clause.as_ref()),
        ));
    }
}

/// 家庭双人组: the child of a pair must be under the age limit on the first day. A member of
/// `adult_min_age` or more is the pair's adult, whose age has no upper limit.
fn pair_child_age(
    event: &Event,
    team: &Team,
    p: &Person,
    birth: Birth<'_>,
    findings: &mut Findings,
) {
    let (date, source) = birth;
    let Some(sec) = section_of(event, p) else {
        return;
    };
    let Some(rule) = &sec.pair else { return };
    let day = event.dates().start;
    let age = age_on(date, day);
    let child = age < i32::try_from(rule.adult_min_age).unwrap_or(i32::MAX);
    if child && age >= i32::try_from(rule.child_age_below).unwrap_or(i32::MAX) {
        findings.push(finding(
            Code::PersonBirthOutOfRange,
            team,
            p,
            source.clone(),
            format!(
                "{}的儿童{}出生于{date}，{day}时{age}岁，须未满{}岁",
                sec.name,
                p.display_name(),
                rule.child_age_below
            ),
            format!(
                "{} child {} born {date} is {age} on {day}, must be under {}",
                sec.id,
                p.display_name(),
                rule.child_age_below
            ),
            sec.clause.as_ref(),
        ));
    }
}

/// `person.fide-id-missing` at the empty FIDE ID cell, unless the row had an ID the form
/// reader could not read (already `person.fide-id-invalid`: one finding per cell).
fn fide_id_missing(
    event: &Event,
    team: &Team,
    p: &Person,
    layout: &Layout,
    findings: &mut Findings,
) {
    let Some(req) = &event.eligibility().fide_id else {
        return;
    };
    if !req.required || p.fide_id.is_some() || fide_id_invalid_in_row(p, findings) {
        return;
    }
    let src = p
        .name
        .as_ref()
        .and_then(|n| layout.cell(&n.source, Field::FideId))
        .unwrap_or_else(|| src_of(p, team));
    findings.push(finding(
        Code::PersonFideIdMissing,
        team,
        p,
        src,
        format!("{}没有填写国际棋联ID", p.display_name()),
        format!("{} has no FIDE ID", p.display_name()),
        req.clause.as_ref(),
    ));
}

/// `person.title-ineligible`: the 称号 cell names a title the regulation excludes (matched as
/// a substring, so a cell that says more than the title still counts).
fn title_ineligible(event: &Event, team: &Team, p: &Person, findings: &mut Findings) {
    let (Some(rule), Some(title)) = (&event.eligibility().titles, &p.title) else {
        return;
    };
    if !rule
        .ineligible
        .iter()
        .any(|t| title.value.contains(t.as_str()))
    {
        return;
    }
    findings.push(finding(
        Code::PersonTitleIneligible,
        team,
        p,
        title.source.clone(),
        format!(
            "{}具有“{}”称号，不符合参赛条件",
            p.display_name(),
            title.value
        ),
        format!(
            "{} holds the title {:?}, which the regulation excludes",
            p.display_name(),
            title.value
        ),
        rule.clause.as_ref(),
    ));
}

/// `person.not-registered` and `person.loan-missing` against a registration list found in the
/// folder; without one, a single warning that registration could not be checked.
fn registration(event: &Event, roster: &Roster, findings: &mut Findings) {
    let Some(reg) = &event.eligibility().registration else {
        return;
    };
    if roster.registrations.is_empty() {
        loans_from_forms(event, roster, findings);
        let mut f = Finding::new(
            Code::CheckNotRun,
            Source::default(),
            format!("文件夹中没有注册名单，未能核查{}年度注册", reg.year),
            format!(
                "no registration list in the folder: {} registration was not checked",
                reg.year
            ),
        );
        if let Some(c) = &reg.clause {
            f = f.clause(c.clone());
        }
        findings.push(f);
        return;
    }
    for team in &roster.teams {
        for p in &team.players {
            let key = p.name.as_ref().map(|n| n.value.key.clone());
            let found = roster.registrations.iter().find(|r| {
                let same_id = matches!((&r.id, &p.id), (Some(a), Some(b)) if a.value.number == b.value.number);
                let same_fide = matches!((&r.fide_id, &p.fide_id), (Some(a), Some(b)) if a.value == b.value);
                let same_name = key.is_some() && r.name.as_ref().map(|n| n.value.key.clone()) == key;
                same_id || same_fide || (same_name && r.id.is_none() && r.fide_id.is_none())
                    || (same_name && p.id.is_none() && p.fide_id.is_none())
            });
            match found {
                None => findings.push(finding(
                    Code::PersonNotRegistered,
                    team,
                    p,
                    src_of(p, team),
                    format!("{}不在{}年度注册名单中", p.display_name(), reg.year),
                    format!(
                        "{} is not in the {} registration list",
                        p.display_name(),
                        reg.year
                    ),
                    reg.clause.as_ref(),
                )),
                Some(r) => {
                    let Some(loan) = &event.eligibility().loan else {
                        continue;
                    };
                    let Some(unit) = &r.registered_unit else {
                        continue;
                    };
                    if event.team_key(&unit.value) != team.unit_key && !loan_noted(p) {
                        findings.push(finding(
                            Code::PersonLoanMissing,
                            team,
                            p,
                            src_of(p, team),
                            format!("{}注册单位为{}（{}），由{}报名，未注明商借协议", p.display_name(), unit.value, unit.source, team.unit.value),
                            format!("{} is registered with {} ({}) but entered by {} without a loan agreement", p.display_name(), unit.value, unit.source, team.unit.value),
                            loan.clause.as_ref(),
                        ));
                    }
                }
            }
        }
    }
}

/// Whether the 备注 notes a loan (商借协议, 借用, 租借).
fn loan_noted(p: &Person) -> bool {
    p.remarks.as_ref().is_some_and(|m| {
        m.value.contains("商借") || m.value.contains("借用") || m.value.contains("租借")
    })
}

/// Without a registration list, the form's own 注册单位 column: a player registered with another
/// unit needs the loan document noted in 备注 (`person.loan-missing` at the 注册单位 cell).
fn loans_from_forms(event: &Event, roster: &Roster, findings: &mut Findings) {
    let Some(loan) = &event.eligibility().loan else {
        return;
    };
    for team in &roster.teams {
        for p in &team.players {
            let Some(unit) = &p.registered_unit else {
                continue;
            };
            let other = event.team_key(&unit.value);
            if other.is_empty() || other == team.unit_key || loan_noted(p) {
                continue;
            }
            findings.push(finding(
                Code::PersonLoanMissing,
                team,
                p,
                unit.source.clone(),
                format!(
                    "{}注册单位为{}，由{}报名，备注未注明{}",
                    p.display_name(),
                    unit.value,
                    team.unit.value,
                    loan.document
                ),
                format!(
                    "{} is registered with {} but entered by {} and the remarks note no loan letter",
                    p.display_name(),
                    unit.value,
                    team.unit.value,
                ),
                loan.clause.as_ref(),
            ));
        }
    }
}
