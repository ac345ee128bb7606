//! Seasons: carrying an event through its rounds from the round workbooks as read — the draw,
//! the schedule, which rounds are paired and complete, match results and line-up checks — into
//! plain data: each stage's outcome (rounds, the round to be written next, standings, places).
//!
//! - [`league`]: a team round robin, then [`finals`] (knockout);
//! - [`team_swiss`]: a team Swiss (FIDE C.04.6);
//! - [`individual`]: individual Swiss sections (xiangqi groups) and the delegation ranking.
//!
//! Nothing here reads or writes a file: the round workbooks come in as [`RoundSheet`]s, the
//! rounds to print go out as [`RoundPaper`]s, which the report layer writes.

pub mod changed;
pub mod draw;
pub mod finals;
pub mod groups;
pub mod individual;
pub mod league;
pub mod matches;
pub mod numbers;
pub mod pairing_check;
mod playoffs;
mod ruled_out;
pub(crate) mod shrunk;
mod stale;
pub(crate) mod team_history;
pub mod team_standings;
pub mod team_swiss;
pub mod teams;
pub(crate) mod walk;
pub(crate) mod withdrawn;

use std::collections::HashMap;

use crate::eligibility::standing::{Standing, Statuses};
use crate::event::{Event, Stage};
use crate::model::roster::Roster;
use crate::rounds::lines::Lines;
use crate::rounds::marker::Marker;
use crate::rounds::sheet::RoundSheet;
use crate::scoring::standings::Row;

/// A team's number from the draw (1, 2, …): its pairing number in every team stage, and the
/// start number of its standings row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TeamNo(pub u32);

impl std::fmt::Display for TeamNo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A team's number in the stage and its name.
pub type TeamName = (TeamNo, String);

/// Everything a stage is computed from.
#[derive(Clone, Copy)]
pub struct StageInput<'a> {
    /// The event.
    pub event: &'a Event,
    /// The stage.
    pub stage: &'a Stage,
    /// The roster.
    pub roster: &'a Roster,
    /// Round workbooks found in the folder (any stage; each stage picks its own).
    pub sheets: &'a [RoundSheet],
    /// The draw workbook's team numbers, when the folder has one.
    pub draw: Option<&'a crate::inputs::Draw>,
    /// Each entrant's standing with the regulation (pending, disqualified).
    pub statuses: &'a Statuses,
}

/// Takes the rows of disqualified entrants out of a ranking and moves the places below up (递补):
/// a remaining row's place is one more than the number of remaining rows ranked above it (rows
/// are in rank order, shared places stay shared). The disqualified rows follow, in their old
/// order, with place 0 (no place): their results stay in the crosstables.
pub fn disqualify_rows(rows: &mut Vec<Row>, out: impl Fn(&Row) -> bool) {
    let (mut kept, mut gone): (Vec<Row>, Vec<Row>) =
        std::mem::take(rows).into_iter().partition(|r| !out(r));
    let old: Vec<u32> = kept.iter().map(|r| r.rank).collect();
    for r in kept.iter_mut() {
        let above = old.iter().filter(|&&o| o < r.rank).count();
        r.rank = u32::try_from(above + 1).unwrap_or(u32::MAX);
    }
    for r in gone.iter_mut() {
        r.rank = 0;
    }
    kept.append(&mut gone);
    *rows = kept;
}

/// Round counts of the stage being played.
#[derive(Debug, Clone, Copy, serde::Serialize, PartialEq, Eq, Default)]
pub struct RoundCounts {
    /// Rounds the stage has.
    pub planned: u32,
    /// Rounds whose workbook exists.
    pub paired: u32,
    /// Rounds with every result in.
    pub complete: u32,
}

/// One round as it is printed: a round workbook read back (its rows as the arbiter left them)
/// or the round to be played next (its pairing with the default line-ups).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundPaper {
    /// The marker of the round workbook (event, marker stage, round).
    pub marker: Marker,
    /// The file stem: `r03` (round robin, team Swiss), `<stage>-r03` (finals), `<section>-r03`
    /// (individual sections). The round workbook is `results/<file>.xlsx`, the printable copy
    /// `out/pairings-<file>.xlsx`.
    pub file: String,
    /// The stage or section name for titles (`总决赛`, `公开组男子`).
    pub name: String,
    /// The stage or section id for English titles.
    pub id: String,
    /// The rows.
    pub lines: Lines,
    /// A new pairing: `results/<file>.xlsx` is to be written (unless it exists, as a round
    /// workbook is never overwritten).
    pub fresh: bool,
    /// The round workbook this new pairing replaces (`results/r01.xlsx`: round 1 unused and
    /// paired otherwise now); the run moves it to `results/superseded/` before writing.
    pub replaces: Option<String>,
    /// The individual entrants of the round that are not in good standing (资格待查, 取消资格),
    /// as their cells read, in order of appearance. Empty for team rounds: their marks come
    /// from the teams' standings.
    pub marks: Vec<(String, Standing)>,
    /// Team name → its group's name (`A`), when the stage is played in groups: each match of
    /// the round is labelled with its home team's group. Empty otherwise.
    pub groups: std::collections::BTreeMap<String, String>,
}

impl RoundPaper {
    /// The round's number.
    pub fn round(&self) -> u32 {
        self.marker.round
    }
}

/// An event.toml refusal at `key`, worded in Chinese then English.
pub(crate) fn refusal(key: String, zh: String, en: String) -> crate::Error {
    crate::event::EventError::Invalid {
        path: crate::event::EVENT_FILE.into(),
        key,
        line: 0,
        column: 0,
        message: format!("{zh} ({en})"),
    }
    .into()
}

/// The `[boards]` of a team event; a team stage cannot be computed without them.
///
/// # Errors
///
/// [`crate::Error::Event`] naming the key when event.toml has no `[boards]`; a guard only, since
/// [`crate::event::parse`] already refuses a team event without them.
pub(crate) fn board_rules(event: &crate::event::Event) -> crate::Result<&crate::event::BoardRules> {
    event.boards().ok_or_else(|| {
        crate::event::EventError::Invalid {
            path: crate::event::EVENT_FILE.into(),
            key: "boards".into(),
            line: 0,
            column: 0,
            message: "团体赛缺少 [boards] (a team event needs [boards])".into(),
        }
        .into()
    })
}

/// The teams of a stage by number and by name key, built once: the lookups a stage makes for
/// each row of each round workbook, without a scan of the teams (and a normalization of each
/// name) per row.
#[derive(Debug, Clone)]
pub struct TeamIndex<'a> {
    names: &'a [TeamName],
    by_no: HashMap<TeamNo, usize>,
    by_key: HashMap<String, TeamNo>,
}

impl<'a> TeamIndex<'a> {
    /// The index of `names`, keyed by [`teams::key`]; of two names with one key, the first.
    pub fn new(names: &'a [TeamName]) -> Self {
        let mut by_no = HashMap::with_capacity(names.len());
        let mut by_key = HashMap::with_capacity(names.len());
        for (i, (no, name)) in names.iter().enumerate() {
            by_no.entry(*no).or_insert(i);
            by_key.entry(teams::key(name)).or_insert(*no);
        }
        TeamIndex {
            names,
            by_no,
            by_key,
        }
    }

    /// The name of team `no`; `None` when the stage has no such team.
    pub fn name(&self, no: TeamNo) -> Option<&'a str> {
        let i = *self.by_no.get(&no)?;
        self.names.get(i).map(|t| t.1.as_str())
    }

    /// The number of the team a cell names (compared by [`teams::key`]).
    pub fn number(&self, name: &str) -> Option<TeamNo> {
        self.by_key.get(&teams::key(name)).copied()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn teams_are_found_by_number_and_by_name_key_or_not_at_all() {
        let names: Vec<TeamName> = vec![
            (TeamNo(1), "北京京西队".into()),
            (TeamNo(2), "上海浦东队".into()),
        ];
        let ix = TeamIndex::new(&names);
        assert_eq!(ix.name(TeamNo(2)), Some("上海浦东队"));
        assert_eq!(ix.name(TeamNo(3)), None);
        // A cell typed with full-width spaces around the name is the same team.
        assert_eq!(ix.number("　北京京西队 "), Some(TeamNo(1)));
        assert_eq!(ix.number("天津队"), None);
        assert_eq!(league::name_of(&names, 2), Some("上海浦东队"));
        assert_eq!(league::name_of(&names, 0), None);
        assert_eq!(league::name_or_number(&names, 7), "#7");
    }
}
