//! The `--json` summary of a run (SPEC §7): one object on stdout.

use serde::Serialize;

use crate::Lang;
use crate::findings::{Finding, Severity};

/// One input file and what the run made of it.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct FileEntry {
    /// Path relative to the event folder.
    pub path: String,
    /// `entry-form`, `round-workbook`, `room-request`, `registration-list`, `ignored`,
    /// `unreadable`, `unrecognized` or `superseded`.
    pub kind: &'static str,
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
    pub code: &'static str,
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

/// Round counts of the stage being played.
#[derive(Debug, Clone, Copy, Serialize, PartialEq, Eq, Default)]
pub struct RoundCounts {
    /// Rounds the stage has.
    pub planned: u32,
    /// Rounds whose workbook exists.
    pub paired: u32,
    /// Rounds with every result in.
    pub complete: u32,
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
}

/// A team's balance with the organizers.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CostEntry {
    /// The team.
    pub team: String,
    /// What it owes, in fen.
    pub owes_fen: i64,
    /// What it receives, in fen.
    pub receives_fen: i64,
}

/// The whole summary.
#[derive(Debug, Clone, Serialize, PartialEq, Default)]
pub struct Summary {
    /// Event name.
    pub event: String,
    /// Template the event was made from.
    pub template: String,
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
    pub rounds: RoundCounts,
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
}

/// A score in half-points as a JSON number with one decimal's worth of precision (`6.0`, `19.5`).
pub fn points_number(p: crate::model::Points) -> serde_json::Number {
    let v = f64::from(p.halves()) / 2.0;
    serde_json::Number::from_f64(v).unwrap_or_else(|| serde_json::Number::from(0))
}
