//! The `--json` summary of a run (SPEC §7): one object on stdout.

use serde::Serialize;

use crate::Lang;
use crate::findings::{Code, Finding, Severity};
use crate::model::Points;
use crate::money::MoneyOutcome;
use crate::outcome::{StageKind, StageOutcome, Statuses};
use crate::season::TeamName;
use crate::season::individual::IndividualOutcome;

/// What an input file turned out to be (the summary writes the kebab-case word).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum FileKind {
    /// A team's entry form.
    EntryForm,
    /// A blank entry form (as `bianpai init` writes it): not a team.
    BlankForm,
    /// An entry form replaced by a later one of the same team.
    Superseded,
    /// A round workbook (`results/rNN.xlsx`).
    RoundWorkbook,
    /// The draw workbook of a league (`results/draw.xlsx`).
    Draw,
    /// A quota table (名额分配表) read for the quota check.
    QuotaTable,
    /// A room request list.
    RoomRequest,
    /// A registration list.
    RegistrationList,
    /// A file bianpai does not read (a readme, a picture).
    Ignored,
    /// A file that could not be read.
    Unreadable,
    /// A readable file that is none of the above.
    Unrecognized,
}

/// One input file and what the run made of it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FileEntry {
    /// Path relative to the event folder.
    pub path: String,
    /// What the file is.
    pub kind: FileKind,
    /// The team the file belongs to, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// A short note (why it was ignored, which file superseded it).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A finding as printed in the summary.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FindingEntry {
    /// The stable code.
    pub code: Code,
    /// `error` or `warning`.
    pub severity: Severity,
    /// The team.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team: Option<String>,
    /// The person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub person: Option<String>,
    /// `file!sheet!cell`.
    pub source: String,
    /// The regulation clause.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clause: Option<String>,
    /// The message in the run's language.
    pub message: String,
}

impl FindingEntry {
    /// The summary form of a finding.
    pub fn from_finding(f: &Finding, lang: Lang) -> FindingEntry {
        FindingEntry {
            code: f.code,
            severity: f.severity,
            team: f.team.clone(),
            person: f.person.clone(),
            source: f.source.to_string(),
            clause: f.clause.clone(),
            message: f.message(lang).to_string(),
        }
    }
}

pub use crate::season::RoundCounts;

/// The round counts of the stage being played, and of each section where there are several.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, Default)]
pub struct Rounds {
    /// The stage's counts (paired: the most of any section; complete: the fewest).
    #[serde(flatten)]
    pub counts: RoundCounts,
    /// Each section's counts (individual events).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub sections: Vec<SectionRounds>,
}

/// One section's round counts.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SectionRounds {
    /// The section's name.
    pub section: String,
    /// Its counts.
    #[serde(flatten)]
    pub counts: RoundCounts,
}

/// The round counts of a stage.
pub fn rounds(stage: &StageOutcome) -> Rounds {
    let sections = match &stage.kind {
        StageKind::Individual(o) => o
            .sections
            .iter()
            .map(|s| SectionRounds {
                section: s.name.clone(),
                counts: RoundCounts {
                    planned: s.planned,
                    paired: s.paired,
                    complete: s.complete.len() as u32,
                },
            })
            .collect(),
        _ => Vec::new(),
    };
    Rounds {
        counts: stage.counts(),
        sections,
    }
}

/// The rounds, standings, workbooks to fill and whether all is over, of an event of several
/// team sections: each section's counts and standings (named by the section), the stage's
/// counts as for individual sections (paired: the most of any section; complete: the fewest).
pub fn of_sections(
    sections: &[crate::outcome::sections::SectionOutcome],
    statuses: &Statuses,
) -> (Rounds, Vec<StandingEntry>, Vec<String>, bool) {
    let mut rounds = Rounds {
        counts: RoundCounts::default(),
        sections: Vec::new(),
    };
    let (mut standings_all, mut fill) = (Vec::new(), Vec::new());
    let mut over = !sections.is_empty();
    for (i, s) in sections.iter().enumerate() {
        let c = s.stage.counts();
        let all = &mut rounds.counts;
        all.planned = all.planned.max(c.planned);
        all.paired = all.paired.max(c.paired);
        all.complete = if i == 0 {
            c.complete
        } else {
            all.complete.min(c.complete)
        };
        rounds.sections.push(SectionRounds {
            section: s.name.clone(),
            counts: c,
        });
        standings_all.extend(standings(&s.stage, statuses).into_iter().map(|mut e| {
            e.section = Some(s.name.clone());
            e
        }));
        let f = to_fill(&s.stage);
        over &= f.is_empty() && c.planned > 0 && c.complete >= c.planned && !places_open(&s.stage);
        fill.extend(f);
    }
    (rounds, standings_all, fill, over)
}

/// One line of the current ranking.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct StandingEntry {
    /// Place (tied places share it).
    pub rank: u32,
    /// Team or player.
    pub name: String,
    /// Section, where there are several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub section: Option<String>,
    /// Primary score (match points in team events). A decimal for readers; exact in half-points.
    pub points: serde_json::Number,
    /// Game points (team events).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<serde_json::Number>,
    /// Tie-break values keyed by code.
    pub tiebreaks: serde_json::Map<String, serde_json::Value>,
    /// `pending` while an open blocking eligibility finding awaits a ruling (资格待查).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<&'static str>,
}

/// A prize line.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct PrizeEntry {
    /// Section.
    pub section: String,
    /// Place.
    pub place: u32,
    /// Winner.
    pub name: String,
    /// Team or delegation.
    pub team: String,
    /// Gross amount in fen.
    pub gross_fen: i64,
    /// Tax withheld in fen.
    pub tax_fen: i64,
    /// Net amount in fen.
    pub net_fen: i64,
    /// Withheld (暂缓发放) while the winner's eligibility is pending.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
}

/// Whether an amount in fen is zero (left out of the JSON).
fn is_zero(fen: &i64) -> bool {
    *fen == 0
}

/// A team's balance with the organizers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CostEntry {
    /// The team.
    pub team: String,
    /// What it owes, in fen.
    pub owes_fen: i64,
    /// What it receives, in fen (withheld prizes are not in it).
    pub receives_fen: i64,
    /// Its unit prizes withheld (暂缓发放) while its eligibility is pending, in fen: outside the
    /// balance until a ruling.
    #[serde(skip_serializing_if = "is_zero")]
    pub withheld_fen: i64,
    /// What it settles with the hotel itself (outside the balance with the organizers), in fen.
    pub hotel_fen: i64,
}

/// The whole summary.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct Summary {
    /// Event name.
    pub event: String,
    /// Template the event was made from.
    pub template: String,
    /// The event's own id (`[event] id`, else the event folder's name), which the terminal's
    /// header shows (not in `--json`, which keeps `template`).
    #[serde(skip)]
    pub id: Option<String>,
    /// Every input file.
    pub files: Vec<FileEntry>,
    /// Number of teams (delegations).
    pub teams: usize,
    /// Number of people (players and officials).
    pub people: usize,
    /// Number of players.
    pub players: usize,
    /// Findings, errors first.
    pub findings: Vec<FindingEntry>,
    /// Round counts.
    pub rounds: Rounds,
    /// Current standings of every section.
    pub standings: Vec<StandingEntry>,
    /// Prizes, once the event is over.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub prizes: Vec<PrizeEntry>,
    /// Costs, once known.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub costs: Vec<CostEntry>,
    /// Files written, relative to the event folder.
    pub outputs: Vec<String>,
    /// The round workbooks waiting for results (`results/r03.xlsx`), relative to the event
    /// folder: the next thing to do.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub to_fill: Vec<String>,
    /// Every round of the event is complete (the finals' too): nothing is left to pair.
    pub finished: bool,
    /// Round 1 is held back by `[draw] pair = false` and nothing is paired yet (the terminal's
    /// next-step line says so; not in `--json`).
    #[serde(skip)]
    pub held: bool,
}

/// Whether the places are still undetermined though every round is in: knockout finals with
/// a match waiting for a ruling (a walkover after a disqualification, a play-off winner).
pub fn places_open(stage: &StageOutcome) -> bool {
    match &stage.kind {
        StageKind::League(l) => l.finals.as_ref().is_some_and(|f| f.places.is_none()),
        StageKind::TeamSwiss(_) | StageKind::Individual(_) => false,
    }
}

/// The round workbooks waiting for results: each part's paired rounds past its complete ones
/// (the round robin and its finals, the team Swiss, each individual section).
pub fn to_fill(stage: &StageOutcome) -> Vec<String> {
    let pending = |papers: &[crate::season::RoundPaper], complete: u32| -> Vec<String> {
        papers
            .iter()
            .filter(|p| p.round() > complete)
            .map(|p| format!("results/{}.xlsx", p.file))
            .collect()
    };
    match &stage.kind {
        StageKind::League(l) => {
            let mut v = pending(&l.papers, l.counts.complete);
            if let Some(f) = &l.finals {
                v.extend(pending(&f.papers, f.counts.complete));
            }
            v
        }
        StageKind::TeamSwiss(t) => pending(&t.papers, t.counts.complete),
        StageKind::Individual(o) => o
            .sections
            .iter()
            .flat_map(|sec| {
                let done = u32::try_from(sec.complete.len()).unwrap_or(u32::MAX);
                o.papers
                    .iter()
                    .filter(move |p| p.id == sec.id && p.round() > done)
                    .map(|p| format!("results/{}.xlsx", p.file))
            })
            .collect(),
    }
}

/// A score in half-points as a JSON number with one decimal's worth of precision (`6.0`, `19.5`).
pub fn points_number(p: crate::model::Points) -> serde_json::Number {
    let v = f64::from(p.halves()) / 2.0;
    serde_json::Number::from_f64(v).unwrap_or_else(|| serde_json::Number::from(0))
}

/// A tie-break value as a JSON number at the precision it is printed with (`7`, `16.5`, a
/// place as a whole number); `null` when it is undefined.
fn json_value(v: crate::scoring::Value, decimals: usize) -> serde_json::Value {
    use crate::scoring::Value;
    match v {
        Value::Undefined => serde_json::Value::Null,
        Value::Place(p) => serde_json::Value::from(p),
        Value::Num(r) => match i32::try_from(decimals) {
            Ok(0) => serde_json::Value::from(r.scaled(0)),
            Ok(d) => serde_json::Value::from(r.scaled(decimals) as f64 / 10f64.powi(d)),
            Err(_) => serde_json::Value::Null,
        },
    }
}

/// The current ranking of a stage: the final places once the finals are decided, else the
/// team standings with their tie-breaks, or every section's places (individual sections).
/// Disqualified entrants have left the ranking; pending ones have `status: "pending"`.
pub fn standings(stage: &StageOutcome, statuses: &Statuses) -> Vec<StandingEntry> {
    let team_status = |name: &str| {
        statuses
            .team(name)
            .filter(|s| !s.is_disqualified())
            .map(|s| s.code())
    };
    let mut out = match &stage.kind {
        StageKind::League(o) => match o.finals.as_ref().and_then(|f| f.places.as_ref()) {
            Some(places) => final_places(places, team_standings(o.standings.as_ref(), &o.names)),
            None => team_standings(o.standings.as_ref(), &o.names),
        },
        StageKind::TeamSwiss(o) => team_standings(o.standings.as_ref(), &o.names),
        StageKind::Individual(o) => return individual_standings(o),
    };
    for e in &mut out {
        e.status = team_status(&e.name);
    }
    out
}

/// The finals' places, each team with its regular-season record (match points, game points
/// and tie-breaks: the knockout matches have no common table).
fn final_places(places: &[(u32, String)], season: Vec<StandingEntry>) -> Vec<StandingEntry> {
    places
        .iter()
        .map(|(rank, name)| {
            let found = season.iter().find(|e| e.name == *name);
            StandingEntry {
                rank: *rank,
                name: name.clone(),
                section: None,
                points: found.map_or(points_number(Points::ZERO), |e| e.points.clone()),
                game_points: found.and_then(|e| e.game_points.clone()),
                tiebreaks: found.map(|e| e.tiebreaks.clone()).unwrap_or_default(),
                status: None,
            }
        })
        .collect()
}

/// Team standings rows: match points, game points and the tie-breaks after them.
fn team_standings(
    st: Option<&crate::scoring::Standings>,
    names: &[TeamName],
) -> Vec<StandingEntry> {
    let Some(st) = st else { return Vec::new() };
    let codes: Vec<String> = st.keys.iter().map(|k| k.to_string()).collect();
    st.rows
        .iter()
        .filter(|row| row.rank > 0)
        .map(|row| {
            let mut tiebreaks = serde_json::Map::new();
            for ((code, &v), &d) in codes.iter().zip(&row.values).zip(&st.decimals).skip(2) {
                tiebreaks.insert(code.clone(), json_value(v, d));
            }
            StandingEntry {
                rank: row.rank,
                name: crate::season::league::name_or_number(names, row.start_no),
                section: None,
                points: points_number(row.primary),
                game_points: Some(points_number(row.secondary)),
                tiebreaks,
                status: None,
            }
        })
        .collect()
}

/// Every section's places with their CXA chain values.
fn individual_standings(o: &IndividualOutcome) -> Vec<StandingEntry> {
    let mut out = Vec::new();
    for (s, group) in o.sections.iter().zip(&o.groups) {
        let codes = &s.codes;
        for (row, p) in s.standings.rows.iter().zip(&group.places) {
            let mut tiebreaks = serde_json::Map::new();
            let decimals = &s.standings.decimals;
            for ((code, &v), &d) in codes.iter().zip(&row.values).zip(decimals).skip(1) {
                tiebreaks.insert(code.clone(), json_value(v, d));
            }
            out.push(StandingEntry {
                rank: p.place,
                name: format!("{}（{}）", p.name, p.unit),
                section: Some(s.name.clone()),
                points: points_number(p.points),
                game_points: None,
                tiebreaks,
                status: p.pending.then_some("pending"),
            });
        }
    }
    out
}

/// Every payout as a prize line.
pub fn prizes(m: &MoneyOutcome) -> Vec<PrizeEntry> {
    m.payouts
        .iter()
        .map(|p| PrizeEntry {
            section: p.list_name.clone(),
            place: p.place,
            name: p.name.clone(),
            team: p.team.clone(),
            gross_fen: p.gross.0,
            tax_fen: p.tax.0,
            net_fen: p.net.0,
            withheld: p.withheld,
        })
        .collect()
}

/// Every team's balance, when a team has a cost line (else none).
pub fn costs(m: &MoneyOutcome) -> Vec<CostEntry> {
    if !m.has_costs() {
        return Vec::new();
    }
    m.statements
        .iter()
        .map(|(s, _)| {
            let b = s.balance();
            CostEntry {
                team: s.team.clone(),
                owes_fen: b.0.max(0),
                receives_fen: (-b.0).max(0),
                withheld_fen: s.total(crate::money::Side::Withheld).0,
                hotel_fen: s.total(crate::money::Side::Hotel).0,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::json_value;
    use crate::scoring::{Rational, Value};

    #[test]
    fn tie_break_values_are_numbers_or_null() {
        assert_eq!(
            json_value(Value::Num(Rational::new(7, 2)), 1).to_string(),
            "3.5"
        );
        assert_eq!(
            json_value(Value::Num(Rational::from_int(14)), 1).to_string(),
            "14.0"
        );
        assert_eq!(
            json_value(Value::Num(Rational::new(4_570, 3)), 2).to_string(),
            "1523.33"
        );
        assert_eq!(
            json_value(Value::Num(Rational::from_int(2)), 0).to_string(),
            "2"
        );
        assert_eq!(json_value(Value::Place(3), 0).to_string(), "3");
        // An undefined value (a rating tie-break among unrated players) is no number: it was
        // written "-0" and read back as 0 before.
        assert_eq!(json_value(Value::Undefined, 2), serde_json::Value::Null);
    }
}
