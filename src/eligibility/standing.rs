//! Each entrant's standing with the regulation as the run stands: open blocking eligibility
//! findings make a person or team *pending* (资格待查: still paired, marked, prizes withheld)
//! until the arbiter rules in `event.toml` (`[[rulings]]`): `cleared` turns those findings into
//! information citing the ruling, `disqualified` takes the entrant out of the ranking.
//!
//! Eligibility findings are the `person.*` and `team.*` codes of error severity that name a
//! team. A team finding (no person) concerns the whole team: every member of it is pending too
//! (a late form, a team in an excluded event). In team events a team is pending while any of
//! its people is.

use std::collections::{BTreeMap, BTreeSet};

use crate::event::{Decision, Event, Ruling};
use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::model::roster::Roster;

/// Where an entrant stands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Standing {
    /// Open blocking findings, not ruled on yet (资格待查): the finding codes.
    Pending(Vec<Code>),
    /// Ruled out (取消资格) by the ruling at this line of event.toml.
    Disqualified {
        /// The clause applied.
        clause: Option<String>,
        /// The arbiter's note.
        note: Option<String>,
    },
}

impl Standing {
    /// Whether the entrant is out of the ranking.
    pub(crate) fn is_disqualified(&self) -> bool {
        matches!(self, Standing::Disqualified { .. })
    }

    /// The mark printed next to the entrant.
    pub fn mark(&self, lang: crate::Lang) -> &'static str {
        match self {
            Standing::Pending(_) => lang.pick("资格待查", "eligibility pending"),
            Standing::Disqualified { .. } => lang.pick("取消资格", "disqualified"),
        }
    }

    /// The summary's word: `pending` or `disqualified`.
    pub fn code(&self) -> &'static str {
        match self {
            Standing::Pending(_) => "pending",
            Standing::Disqualified { .. } => "disqualified",
        }
    }
}

/// The standings of every team and person that has one (the others are in good standing).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Statuses {
    /// By team key: the team's own findings or ruling.
    teams: BTreeMap<String, Standing>,
    /// By (team key, name key).
    people: BTreeMap<(String, String), Standing>,
    /// By team key: the distinct codes, in order, of the open findings of the team's people
    /// (a disqualified member's left out), gathered once from `people` when it is complete
    /// (issue 46: [`Statuses::team`] scanned 99,000 people of one team at every call).
    team_pending: BTreeMap<String, Vec<Code>>,
    /// The `cleared` rulings: (team key, name key), `None` for a whole team.
    cleared: BTreeSet<(String, Option<String>)>,
}

fn team_key(team: &str) -> String {
    crate::normalize::unit_key(team)
}

fn name_key(name: &str) -> String {
    crate::normalize::name(name)
        .map(|n| n.key)
        .unwrap_or_default()
}

/// Adds a pending code, unless the entrant is disqualified already.
fn add_pending(slot: &mut Standing, code: Code) {
    if let Standing::Pending(codes) = slot
        && !codes.contains(&code)
    {
        codes.push(code);
    }
}

impl Statuses {
    /// Whether a `cleared` ruling names one of `names` of `team`, or the team itself: what the
    /// findings on them left in question is decided (a provisional pair is cleared too).
    pub fn cleared(&self, team: &str, names: &[&str]) -> bool {
        let t = team_key(team);
        self.cleared.contains(&(t.clone(), None))
            || names
                .iter()
                .any(|n| self.cleared.contains(&(t.clone(), Some(name_key(n)))))
    }

    /// A person's standing: a ruling or open findings of their own, else their team's.
    pub fn person(&self, team: &str, name: &str) -> Option<&Standing> {
        let t = team_key(team);
        // A disqualification, the person's or the team's, outranks any pending finding: the
        // person is out of the ranking whatever else is open.
        self.people
            .get(&(t.clone(), name_key(name)))
            .filter(|s| s.is_disqualified())
            .or_else(|| self.teams.get(&t).filter(|s| s.is_disqualified()))
            .or_else(|| self.people.get(&(t.clone(), name_key(name))))
            .or_else(|| self.teams.get(&t))
    }

    /// A person's own standing: a ruling on the person or open findings naming the person,
    /// not the team's.
    pub fn person_itself(&self, team: &str, name: &str) -> Option<&Standing> {
        self.people.get(&(team_key(team), name_key(name)))
    }

    /// A team's standing as an entrant of a team event: its own ruling or findings, else
    /// pending while any of its people has an open finding.
    pub fn team(&self, team: &str) -> Option<Standing> {
        let t = team_key(team);
        if let Some(s) = self.teams.get(&t) {
            return Some(s.clone());
        }
        self.team_pending
            .get(&t)
            .filter(|codes| !codes.is_empty())
            .map(|codes| Standing::Pending(codes.clone()))
    }

    /// A team's own standing: its ruling or its team findings (a late form, an excluded
    /// unit), not its people's.
    pub(crate) fn team_itself(&self, team: &str) -> Option<&Standing> {
        self.teams.get(&team_key(team))
    }
}

/// Whether a finding is an eligibility finding that blocks.
fn blocks(f: &Finding) -> bool {
    // A pair the form does not state (`pair.unmatched`) is in question like an eligibility
    // finding: ranked, its prize withheld until the form is corrected or a ruling clears it.
    f.severity == Severity::Error
        && f.team.is_some()
        && (f.code.is_eligibility() || f.code == Code::PairUnmatched)
}

/// What a ruling names on the roster: `(team key, Some(name key))` for a person, `(team key,
/// None)` for a team; `None` when it names nobody.
pub(crate) fn target(r: &Ruling, roster: &Roster) -> Option<(String, Option<String>)> {
    let team = r.team.as_deref().map(team_key);
    match r.person.as_deref() {
        Some(person) => {
            let key = name_key(person);
            roster
                .teams
                .iter()
                // A ruling may name a person without the team: the first team with someone
                // of that name.
                .filter(|t| team.as_ref().is_none_or(|k| &t.unit_key == k))
                .find(|t| t.enters(&key))
                .map(|t| (t.unit_key.clone(), Some(key)))
        }
        None => {
            let k = team?;
            roster
                .teams
                .iter()
                .any(|t| t.unit_key == k)
                .then_some((k, None))
        }
    }
}

/// The name key a person is ruled on by.
pub(crate) fn person_key(p: &crate::model::roster::Person) -> String {
    p.name
        .as_ref()
        .map(|n| n.value.key.clone())
        .unwrap_or_default()
}

/// The people a ruling takes out of the entry (`disqualified`): `(team key, name key)`.
pub(crate) fn ruled_out(event: &Event, roster: &Roster) -> BTreeSet<(String, String)> {
    (event.rulings().iter())
        .filter(|r| r.decision == Decision::Disqualified)
        .filter_map(|r| match target(r, roster)? {
            (team, Some(person)) => Some((team, person)),
            (_, None) => None,
        })
        .collect()
}

/// Whether the finding is about what a correction changed: a `cleared` ruling on it accepts
/// the correction (准予更正), not an entrant (准予参赛).
fn about_correction(code: Code) -> bool {
    matches!(code, Code::PersonLate | Code::TeamLateChange)
}

/// Decides a finding raised after the rulings were applied (a provisional pair's
/// `pair.unmatched`): a `cleared` ruling on `team` or one of `names` makes it a warning
/// saying so, as [`resolve`] does for the findings it sees.
pub(crate) fn clear_late(event: &Event, f: &mut Finding, team: &str, names: &[&str]) {
    let t = team_key(team);
    let keys: Vec<String> = names.iter().map(|n| name_key(n)).collect();
    let ruling = event.rulings().iter().find(|r| {
        r.decision == Decision::Cleared
            && r.team.as_deref().is_none_or(|rt| team_key(rt) == t)
            && (r.team.is_some() || r.person.is_some())
            && r.person
                .as_deref()
                .is_none_or(|p| keys.contains(&name_key(p)))
    });
    if let Some(r) = ruling {
        f.severity = Severity::Warning;
        f.message_zh
            .push_str(&ruling_note(r, f.code, crate::Lang::Zh));
        f.message_en
            .push_str(&ruling_note(r, f.code, crate::Lang::En));
    }
}

/// Under 逾期报名无效 with `late_entry = "excluded"`, a late entry's standing: out, as
/// disqualified under the deadline's clause.
fn late_excluded(event: &Event, code: Code) -> Option<Standing> {
    let d = event.deadlines().entry.as_ref()?;
    (d.late_invalid
        && d.late_entry.value == crate::event::LateEntry::Excluded
        && matches!(code, Code::TeamLate | Code::PersonLate))
    .then(|| Standing::Disqualified {
        clause: d.clause.clone(),
        note: Some("逾期报名无效".into()),
    })
}

/// What a ruling decided, as the note on the findings it decides says it.
fn ruling_note(r: &Ruling, code: Code, lang: crate::Lang) -> String {
    let what = match (r.decision, lang) {
        (Decision::Cleared, crate::Lang::Zh) if about_correction(code) => "已裁定准予更正",
        (Decision::Cleared, crate::Lang::En) if about_correction(code) => "correction accepted",
        (Decision::Cleared, crate::Lang::Zh) if code == Code::PairUnmatched => "已裁定配对有效",
        (Decision::Cleared, crate::Lang::En) if code == Code::PairUnmatched => "pair confirmed",
        (Decision::Cleared, crate::Lang::Zh) => "已裁定准予参赛",
        (Decision::Cleared, crate::Lang::En) => "ruled eligible",
        (Decision::Disqualified, crate::Lang::Zh) => "已裁定取消资格",
        (Decision::Disqualified, crate::Lang::En) => "ruled disqualified",
        (Decision::PairingConfirmed, crate::Lang::Zh) => "已确认对阵",
        (Decision::PairingConfirmed, crate::Lang::En) => "pairing confirmed",
        (Decision::ByeHalf, crate::Lang::Zh) => "请假（半分轮空）",
        (Decision::ByeHalf, crate::Lang::En) => "half-point bye requested",
        (Decision::ByeZero, crate::Lang::Zh) => "请假（零分轮空）",
        (Decision::ByeZero, crate::Lang::En) => "zero-point bye requested",
        (Decision::Walkover, crate::Lang::Zh) => "判定不战而胜",
        (Decision::Walkover, crate::Lang::En) => "walkover",
        (Decision::SettingChanged, crate::Lang::Zh) => "已裁定更改设定",
        (Decision::SettingChanged, crate::Lang::En) => "setting change accepted",
        (Decision::ResultChanged, crate::Lang::Zh) => "已裁定更改成绩",
        (Decision::ResultChanged, crate::Lang::En) => "result change accepted",
        (Decision::Withdrawn, crate::Lang::Zh) => "已裁定退赛",
        (Decision::Withdrawn, crate::Lang::En) => "ruled withdrawn",
    };
    let mut parts = vec![what.to_string()];
    parts.extend(
        r.clause
            .as_deref()
            .map(|c| crate::findings::clause(c, lang)),
    );
    parts.extend(r.note.clone());
    match lang {
        crate::Lang::Zh => format!("（{}，event.toml 第{}行）", parts.join("，"), r.line),
        crate::Lang::En => format!(" ({}, event.toml line {})", parts.join(", "), r.line),
    }
}

/// The finding for a ruling that names nobody on the roster: `ruling.not-entered` (a warning)
/// when a superseded form of the team entered that person and its correction no longer does,
/// else `ruling.unknown`; either at the ruling's line.
fn unknown(r: &Ruling, roster: &Roster) -> Finding {
    let who = [r.person.as_deref(), r.team.as_deref()]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" / ");
    let at = Source::sheet(crate::event::EVENT_FILE, format!("第{}行", r.line));
    let removed = r.person.as_deref().and_then(|person| {
        let early = earlier(r, person, roster)?;
        let now = roster.teams.iter().find(|t| t.unit_key == early.unit_key)?;
        Some((early, now))
    });
    match removed {
        Some((early, now)) => Finding::new(
            Code::RulingNotEntered,
            at,
            format!(
                "裁定（event.toml 第{}行）中的“{who}”已不在报名名单中：见于{}，更正后的{}已将其删除；此裁定无需执行",
                r.line, early.file, now.file
            ),
            format!(
                "the ruling at event.toml line {} names {who:?}, whom {} entered and its correction {} no longer enters: nothing to decide",
                r.line, early.file, now.file
            ),
        )
        .team(&now.unit.value),
        None => Finding::new(
            Code::RulingUnknown,
            at,
            format!("裁定（event.toml 第{}行）中的“{who}”不在报名名单中", r.line),
            format!(
                "the ruling at event.toml line {} names {who:?}, who is not on the roster",
                r.line
            ),
        ),
    }
}

/// The latest superseded form (of the ruling's team, when it names one) that entered `person`.
fn earlier<'a>(
    r: &Ruling,
    person: &str,
    roster: &'a Roster,
) -> Option<&'a crate::model::roster::Team> {
    let team = r.team.as_deref().map(team_key);
    let key = name_key(person);
    roster
        .earlier
        .iter()
        .rev()
        .filter(|t| team.as_ref().is_none_or(|k| &t.unit_key == k))
        .find(|t| t.enters(&key))
}

/// Applies the rulings of `event.toml` to the findings and works out every entrant's standing.
///
/// A `cleared` person or team: its eligibility findings stay, as warnings citing the ruling
/// (准予参赛; 准予更正 on what a late correction added or changed). A `disqualified` one: its
/// findings stay errors, citing the ruling (取消资格). A ruling on a person or team that is
/// not on the roster is `ruling.unknown` at its line; on a person a correction removed,
/// `ruling.not-entered` (a warning).
pub fn resolve(event: &Event, roster: &Roster, findings: &mut Findings) -> Statuses {
    let mut cleared: Vec<(&Ruling, String, Option<String>)> = Vec::new();
    let mut disqualified: Vec<(&Ruling, String, Option<String>)> = Vec::new();
    let mut st = Statuses::default();
    for r in event.rulings() {
        // A confirmed pairing is a ruling on a round sheet (`rounds::compare`), not on anyone's
        // eligibility.
        if matches!(
            r.decision,
            Decision::PairingConfirmed | Decision::SettingChanged | Decision::ResultChanged
        ) {
            continue;
        }
        let Some((team, person)) = target(r, roster) else {
            findings.push(unknown(r, roster));
            continue;
        };
        match r.decision {
            Decision::Cleared => {
                st.cleared.insert((team.clone(), person.clone()));
                cleared.push((r, team, person));
            }
            Decision::Disqualified => {
                let d = Standing::Disqualified {
                    clause: r.clause.clone(),
                    note: r.note.clone(),
                };
                match &person {
                    Some(p) => st.people.insert((team.clone(), p.clone()), d),
                    None => st.teams.insert(team.clone(), d),
                };
                disqualified.push((r, team, person));
            }
            // A requested bye or a withdrawal is read by the stage's pairing
            // (`season::individual::byes`, `season::withdrawn`).
            Decision::PairingConfirmed
            | Decision::Withdrawn
            | Decision::SettingChanged
            | Decision::ResultChanged
            | Decision::ByeHalf
            | Decision::ByeZero
            | Decision::Walkover => {}
        }
    }
    // Changed in place (a form of 99,000 rows has as many findings: not copied).
    for f in findings.all_mut() {
        if blocks(f) {
            let t = team_key(f.team.as_deref().unwrap_or_default());
            let p = f.person.as_deref().map(name_key);
            let decides = |(_, rt, rp): &&(&Ruling, String, Option<String>)| {
                rt == &t && (rp.is_none() || rp.as_ref() == p.as_ref())
            };
            if let Some((r, _, _)) = cleared.iter().find(decides) {
                f.severity = Severity::Warning;
                f.message_zh
                    .push_str(&ruling_note(r, f.code, crate::Lang::Zh));
                f.message_en
                    .push_str(&ruling_note(r, f.code, crate::Lang::En));
            } else {
                // The finding that led to a disqualification says so; it stays as it is.
                if let Some((r, _, _)) = disqualified.iter().find(decides) {
                    f.message_zh
                        .push_str(&ruling_note(r, f.code, crate::Lang::Zh));
                    f.message_en
                        .push_str(&ruling_note(r, f.code, crate::Lang::En));
                }
                let fresh = || Standing::Pending(Vec::new());
                let slot = match p {
                    Some(p) => st.people.entry((t, p)).or_insert_with(fresh),
                    None => st.teams.entry(t).or_insert_with(fresh),
                };
                match late_excluded(event, f.code) {
                    Some(out) => *slot = out,
                    None => add_pending(slot, f.code),
                }
            }
        }
    }
    st.team_pending = team_pending(&st.people);
    st
}

/// The distinct codes, in order, of the open findings of each team's people (a disqualified
/// member is decided already: only open findings keep the team pending).
fn team_pending(people: &BTreeMap<(String, String), Standing>) -> BTreeMap<String, Vec<Code>> {
    let mut by_team: BTreeMap<String, Vec<Code>> = BTreeMap::new();
    for ((team, _), s) in people {
        if let Standing::Pending(codes) = s {
            by_team.entry(team.clone()).or_default().extend(codes);
        }
    }
    for codes in by_team.values_mut() {
        codes.sort_unstable();
        codes.dedup();
    }
    by_team
}
