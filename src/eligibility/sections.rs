//! Placement: the section each player plays in, chosen once after the roster is built, so that
//! nobody vanishes (issue 43): a player is in exactly one section, or named by a finding.
//!
//! - The 组别 cell names a section ([`Section::named_by`]): he plays there. A cell naming two
//!   sections is settled by a section of his sex before an open one, then by birth date.
//! - It names none (`U9` where there is no U9, an empty cell, no 组别 column): he is placed by
//!   birth date and sex in the one individual section of his own age ([`own_sections`]), with
//!   `person.section-assumed` (warning) at the 组别 cell. An event of one individual section
//!   places a player whose form has no 组别 there without a word: there is nothing to choose.
//! - Otherwise `person.section-unplaced` (error) at the 组别 cell, naming the sections he could go
//!   to. In an event with team sections, a player whose 组别 names nothing plays for his team.
//!
//! The last step walks the whole roster again and reports every player no section holds and no
//! team takes: the check that nobody is left out without a finding.

use jiff::civil::Date;

use super::Layout;
use crate::event::{Entrant, Event, Section};
use crate::findings::{Code, Finding, Findings, Source};
use crate::forms::Field;
use crate::model::Sex;
use crate::model::roster::{Person, Placement, Roster, Team};

/// What the placement made of one player.
enum Choice<'a> {
    /// The 组别 names this section.
    Named(&'a Section),
    /// The 组别 names none; birth date and sex fit this one only.
    Assumed(&'a Section),
    /// No section could be chosen; the sections he could go to.
    Unplaced(Vec<&'a Section>),
    /// A player of a team event whose 组别 names no individual section.
    Team,
}

/// The individual sections of a player's own age: among those his sex and birth date fit (a
/// section without a window fits anyone; a player without a birth date fits only those), the
/// narrowest window ([`crate::event::DateWindow::narrowness`]: U10 before U12), a section of
/// his sex before an open one. Pair sections are never chosen this way.
pub(crate) fn own_sections(event: &Event, birth: Option<Date>, sex: Option<Sex>) -> Vec<&Section> {
    narrowest(event, birth, |s| s.sex.is_none() || s.sex == sex)
}

fn narrowest(
    event: &Event,
    birth: Option<Date>,
    sex_ok: impl Fn(&Section) -> bool,
) -> Vec<&Section> {
    let fit: Vec<&Section> = event
        .sections()
        .iter()
        .filter(|s| s.entrant == Entrant::Individual && sex_ok(s))
        .filter(|s| match (&s.birth, birth) {
            (None, _) => true,
            (Some(w), Some(d)) => w.contains(d),
            (Some(_), None) => false,
        })
        .collect();
    let key = |s: &Section| s.birth.as_ref().map(|w| w.narrowness());
    let Some(best) = fit.iter().map(|s| key(s)).max() else {
        return fit;
    };
    prefer_sexed(fit.into_iter().filter(|s| key(s) == best).collect())
}

/// Sections of a stated sex before open ones (a girl's `U10` is U10 girls, not the open U10).
fn prefer_sexed(v: Vec<&Section>) -> Vec<&Section> {
    if v.iter().any(|s| s.sex.is_some()) && v.iter().any(|s| s.sex.is_none()) {
        v.into_iter().filter(|s| s.sex.is_some()).collect()
    } else {
        v
    }
}

fn choose<'a>(event: &'a Event, p: &Person) -> Choice<'a> {
    let sex = p.sex.as_ref().map(|s| s.value);
    let birth = p.birth.as_ref().map(|b| b.value.date);
    let text = p.group.as_ref().map(|g| g.value.as_str()).unwrap_or("");
    let folded = crate::event::fold_group(text);
    if let Some(s) = (event.sections().iter()).find(|s| {
        !folded.is_empty()
            && (crate::event::fold_group(&s.name) == folded
                || crate::event::fold_group(&s.id) == folded)
    }) {
        return Choice::Named(s);
    }
    let named = prefer_sexed(
        event
            .sections()
            .iter()
            .filter(|s| s.named_by(text, sex))
            .collect(),
    );
    match named.as_slice() {
        [one] => return Choice::Named(one),
        [] => {}
        several => {
            let by_birth: Vec<&Section> = several
                .iter()
                .copied()
                .filter(|s| match (&s.birth, birth) {
                    (Some(w), Some(d)) => w.contains(d),
                    (None, _) => true,
                    (Some(_), None) => false,
                })
                .collect();
            return match by_birth.as_slice() {
                [one] => Choice::Named(one),
                _ => Choice::Unplaced(named),
            };
        }
    }
    if event.has_team_sections() {
        return team_section(event, p, sex);
    }
    if event.is_team_event() {
        return Choice::Team;
    }
    match own_sections(event, birth, sex).as_slice() {
        [one] => {
            let individual = event
                .sections()
                .iter()
                .filter(|s| s.entrant != Entrant::Team);
            if p.group.is_none() && individual.count() == 1 {
                Choice::Named(one)
            } else {
                Choice::Assumed(one)
            }
        }
        // Without a sex, the sections his birth date fits are the ones he could go to.
        [] if sex.is_none() => Choice::Unplaced(narrowest(event, birth, |_| true)),
        [] => Choice::Unplaced(Vec::new()),
        several => Choice::Unplaced(several.to_vec()),
    }
}

/// A player of an event of several team sections whose 组别 names none of them: the one team
/// section of his sex (a section of his sex before an open one), silently when his form has no
/// 组别, with `person.section-assumed` when it names something else; unplaced otherwise.
fn team_section<'a>(event: &'a Event, p: &Person, sex: Option<Sex>) -> Choice<'a> {
    let fit = prefer_sexed(
        (event.team_sections().into_iter())
            .filter(|s| s.sex.is_none() || (sex.is_some() && s.sex == sex))
            .collect(),
    );
    match fit.as_slice() {
        [one] if group_text(p).is_none() => Choice::Named(one),
        [one] => Choice::Assumed(one),
        _ if sex.is_none() => Choice::Unplaced(event.team_sections()),
        _ => Choice::Unplaced(fit),
    }
}

/// Places every player of `roster` in a section (see the module). Only events with individual
/// or pair sections place anyone; the forms locate an empty 组别 cell.
pub fn place(
    event: &Event,
    subs: &[crate::forms::Submission],
    roster: &mut Roster,
    findings: &mut Findings,
) {
    if event.sections().iter().all(|s| s.entrant == Entrant::Team) && !event.has_team_sections() {
        return;
    }
    let layout = Layout::new(subs);
    let choices: Vec<Vec<Choice<'_>>> = (roster.teams.iter())
        .map(|t| t.players.iter().map(|p| choose(event, p)).collect())
        .collect();
    for (team, choices) in roster.teams.iter_mut().zip(&choices) {
        for (p, choice) in team.players.iter_mut().zip(choices) {
            p.section = match choice {
                Choice::Named(s) | Choice::Assumed(s) => Placement::In(s.id.to_string()),
                Choice::Unplaced(_) | Choice::Team => Placement::Nowhere,
            };
        }
    }
    for (team, choices) in roster.teams.iter().zip(&choices) {
        for (p, choice) in team.players.iter().zip(choices) {
            if let Choice::Assumed(s) = choice {
                findings.push(assumed(team, p, s, group_cell(team, p, &layout)));
            }
            // Nobody vanishes: a player no section holds is named, whatever the reason.
            let placed = event.sections().iter().any(|s| s.holds(p));
            if !placed && !matches!(choice, Choice::Team) {
                let could = match choice {
                    Choice::Unplaced(v) => v.as_slice(),
                    _ => &[],
                };
                findings.push(unplaced(team, p, could, group_cell(team, p, &layout)));
            }
        }
    }
}

/// The player's 组别 cell, empty or not; else his row's name cell; else the file.
fn group_cell(team: &Team, p: &Person, layout: &Layout) -> Source {
    p.group
        .as_ref()
        .map(|g| g.source.clone())
        .or_else(|| {
            let name = &p.name.as_ref()?.source;
            layout
                .cell(name, Field::Group)
                .or_else(|| Some(name.clone()))
        })
        .unwrap_or_else(|| Source::file(&team.file))
}

/// The 组别 as written, when the cell has text.
fn group_text(p: &Person) -> Option<&str> {
    p.group
        .as_ref()
        .map(|g| g.value.trim())
        .filter(|g| !g.is_empty())
}

/// What the form says of the player's 组别, as a sentence's start: `张三的组别“U9”不是本赛事的
/// 组别` or `张三未填写组别`, and in English.
fn written(p: &Person) -> (String, String) {
    let name = p.display_name();
    match group_text(p) {
        Some(g) => (
            format!("{name}的组别“{g}”不是本赛事的组别"),
            format!("{name}: 组别 {g:?} names no section"),
        ),
        None => (format!("{name}未填写组别"), format!("{name}: no 组别")),
    }
}

/// `出生日期2017-03-02、性别男` / `birth date 2017-03-02 and sex M`, of what is known.
fn basis(p: &Person) -> (String, String) {
    let birth = p.birth.as_ref().map(|b| b.value.date);
    let sex = p.sex.as_ref().map(|s| s.value);
    let parts = [
        birth.map(|d| (format!("出生日期{d}"), format!("birth date {d}"))),
        sex.map(|s| (format!("性别{}", s.zh()), format!("sex {}", s.en()))),
    ];
    let (zh, en): (Vec<String>, Vec<String>) = parts.into_iter().flatten().unzip();
    (zh.join("、"), en.join(" and "))
}

fn person_finding(
    code: Code,
    team: &Team,
    p: &Person,
    at: Source,
    zh: String,
    en: String,
) -> Finding {
    Finding::new(code, at, zh, en)
        .team(&team.unit.value)
        .person(p.display_name())
}

fn assumed(team: &Team, p: &Person, s: &Section, at: Source) -> Finding {
    let (w_zh, w_en) = written(p);
    let (b_zh, b_en) = basis(p);
    let mut f = person_finding(
        Code::PersonSectionAssumed,
        team,
        p,
        at,
        format!("{w_zh}，按{b_zh}编入{}，请核实", s.name),
        format!("{w_en}; placed in {} by {b_en}", s.id),
    );
    if let Some(c) = &s.clause {
        f = f.clause(c.clone());
    }
    f
}

fn unplaced(team: &Team, p: &Person, could: &[&Section], at: Source) -> Finding {
    let (b_zh, b_en) = basis(p);
    let (c_zh, c_en) = if could.is_empty() {
        (
            format!("没有与{b_zh}相符的组别"),
            format!("no section fits {b_en}"),
        )
    } else {
        let zh: Vec<&str> = could.iter().map(|s| s.name.as_str()).collect();
        let en: Vec<&str> = could.iter().map(|s| s.id.as_str()).collect();
        (
            format!("不能确定所在组别，可报：{}", zh.join("、")),
            format!("could go to {}", en.join(", ")),
        )
    };
    let name = p.display_name();
    let (g_zh, g_en) = match group_text(p) {
        Some(_) if could.is_empty() => {
            let (zh, en) = written(p);
            (format!("{zh}，"), en)
        }
        Some(g) => (format!("{name}的组别“{g}”"), format!("{name}: 组别 {g:?}")),
        None => (format!("{name}未填写组别，"), format!("{name}: no 组别")),
    };
    person_finding(
        Code::PersonSectionUnplaced,
        team,
        p,
        at,
        format!("{g_zh}{c_zh}；请更正报名表，更正前不编排"),
        format!("{g_en}, {c_en}: in no section, not paired until the form is corrected"),
    )
}
