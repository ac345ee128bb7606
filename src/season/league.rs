//! A team round robin (the A-league regular season) carried through its rounds: the draw, the
//! Berger schedule, one round at a time, results read back, standings over the complete rounds,
//! then the knockout finals ([`super::finals`]) once the season is over.
//!
//! Round N is to be written once round N-1 is complete (round 1 at once); an existing workbook
//! is the arbiter's and is only read.

use std::collections::BTreeMap;

use super::finals::FinalsOutcome;
use super::groups::{self as stage_groups, Group};
use super::matches::{self, Context, MatchScoring, RoundResults};
use super::numbers::Numbers;
use super::pairing_check;
use super::teams;
use super::walk::{self, StageRounds, Walked};
use super::{RoundCounts, RoundPaper, StageInput, TeamIndex, TeamName, TeamNo};
use crate::Result;
use crate::event::{Event, Stage};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::roster::Roster;
use crate::model::{Colour, Points, Sex};
use crate::rounds::lines::{Lines, TeamLine};
use crate::rounds::lineup::BoardGroup;
use crate::rounds::marker::Marker;
use crate::rounds::sheet::{RoundSheet, Rows};
use crate::scoring;

/// The stage of the draw workbook's marker.
pub const DRAW_STAGE: &str = "draw";

/// What a round-robin stage (and its finals) came to.
#[derive(Debug, Clone)]
pub struct LeagueOutcome {
    /// The team numbers and where they came from.
    pub numbers: Numbers,
    /// Team numbers and names (`numbers.teams[i]` is team `i + 1`).
    pub names: Vec<TeamName>,
    /// The Berger schedule of the planned rounds: `(first-named, second-named)` per match.
    pub schedule: Vec<Vec<(u32, u32)>>,
    /// Rounds read back, then the round to be played next.
    pub papers: Vec<RoundPaper>,
    /// Round counts of the round robin.
    pub counts: RoundCounts,
    /// The complete rounds.
    pub complete: Vec<RoundResults>,
    /// Game and match scoring.
    pub scoring: MatchScoring,
    /// The first-named team's colour per board.
    pub colours: Vec<Colour>,
    /// The C.07 standings over the complete rounds (`None` when the tie-break list is unusable).
    pub standings: Option<scoring::Standings>,
    /// Team number → place.
    pub places: BTreeMap<u32, u32>,
    /// The knockout finals, once the round robin is complete.
    pub finals: Option<FinalsOutcome>,
    /// The groups of a round robin played in groups (`[stages.groups]`), each with its
    /// schedule and standings; empty when the stage is one field. `standings` is then the
    /// groups' combined ranking (group place first).
    pub groups: Vec<Group>,
}

impl LeagueOutcome {
    /// Whether every planned round of the round robin is complete.
    pub fn season_complete(&self) -> bool {
        self.counts.complete == self.counts.planned
    }

    /// The round counts of the stage being played: the finals' once they started.
    pub fn current_counts(&self) -> RoundCounts {
        self.finals.as_ref().map_or(self.counts, |f| f.counts)
    }

    /// The ranking of the round robin by team name: `(place, team)` (disqualified teams have
    /// no place).
    pub fn ranking(&self) -> Vec<(u32, String)> {
        self.standings
            .iter()
            .flat_map(|st| &st.rows)
            .filter(|r| r.rank > 0)
            .map(|r| (r.rank, name_or_number(&self.names, r.start_no)))
            .collect()
    }

    /// The final places of the team event, once every stage is over: the finals' places, or
    /// the round robin's when there are no finals.
    pub fn final_places(&self, event: &Event) -> Option<Vec<(u32, String)>> {
        let has_finals = event
            .stages()
            .iter()
            .any(|s| s.system == crate::event::System::Knockout);
        let counts = self.current_counts();
        if counts.planned == 0 || counts.complete != counts.planned {
            return None;
        }
        match &self.finals {
            Some(f) => f.places.clone(),
            None if has_finals => None,
            None => self.standings.as_ref().map(|_| self.ranking()),
        }
    }
}

/// The name of team `n`; `None` when `names` has no such team.
pub fn name_of(names: &[TeamName], n: u32) -> Option<&str> {
    // `names[i]` is team `i + 1` as the stages build them; a scan for any other list.
    let at = (n as usize).checked_sub(1).and_then(|i| names.get(i));
    match at {
        Some(t) if t.0 == TeamNo(n) => Some(t.1.as_str()),
        _ => names
            .iter()
            .find(|t| t.0 == TeamNo(n))
            .map(|t| t.1.as_str()),
    }
}

/// The name of team `n` for a table cell: its number (`#7`) when `names` has no such team, so
/// that a row never shows an empty name (standings rows come from `names`, so it does not
/// happen).
pub fn name_or_number(names: &[TeamName], n: u32) -> String {
    name_of(names, n).map_or_else(|| format!("#{n}"), str::to_string)
}

/// Whether team `n` of `names` is ruled out of the event.
pub(super) fn team_disqualified(inp: &StageInput<'_>, names: &[TeamName], n: u32) -> bool {
    name_of(names, n)
        .and_then(|name| inp.statuses.team(name))
        .is_some_and(|s| s.is_disqualified())
}

/// The event's game and match scoring.
pub fn scoring_of(event: &Event) -> MatchScoring {
    let g = &event.scoring().game;
    let m = event.scoring().team_match.as_ref();
    MatchScoring {
        game_win: g.win,
        game_draw: g.draw,
        match_win: m.map_or(Points::from_whole(2), |m| m.win),
        match_draw: m.map_or(Points::from_whole(1), |m| m.draw),
        sport: event.meta().sport,
    }
}

/// Computes the round-robin stage (and its finals) from the round workbooks as read.
///
/// # Errors
///
/// [`Error::Event`] when the event has no `[boards]`, [`Error::Pairing`] when the schedule cannot be made or the
/// bracket of the finals is unusable.
pub fn run(inp: &StageInput<'_>, findings: &mut Findings) -> Result<Option<LeagueOutcome>> {
    let rules = super::board_rules(inp.event)?;
    if inp.roster.teams.len() < 2 {
        return Ok(None);
    }
    // A round robin's numbers are drawn by lot (`numbers = "draw"`).
    super::numbers::given_by(inp.stage, crate::event::Numbering::Draw)?;
    let numbers = super::numbers::numbers(inp, findings);
    let n = u32::try_from(numbers.teams.len()).unwrap_or(u32::MAX);
    let public_seed = inp
        .event
        .draw()
        .seed
        .unwrap_or_else(|| super::draw::seed_from(&[&inp.event.meta().name]));
    // Each group's Berger table; the stage's round r is every group's round r. Rounds too few
    // to complete them are refused here, never cut short.
    let mut rr_groups = stage_groups::make(inp.stage, n, public_seed)?;
    let (schedule, _) = stage_groups::combined(&rr_groups);
    let planned = inp
        .stage
        .rounds
        .unwrap_or(schedule.len() as u32)
        .min(schedule.len() as u32);
    let largest = rr_groups.iter().map(|g| g.teams.len()).max().unwrap_or(0);
    if let Some(f) = rounds_mismatch(inp.stage, largest, schedule.len()) {
        findings.push(f);
    }
    let names: Vec<TeamName> = numbers
        .teams
        .iter()
        .enumerate()
        .map(|(i, u)| (TeamNo(i as u32 + 1), u.clone()))
        .collect();
    let index = TeamIndex::new(&names);
    let groups = teams::board_groups(rules);
    let colours = teams::board_colours(rules);
    let boards = colours.len() as u32;
    let infos = teams::infos(
        inp.roster,
        &numbers.teams,
        &groups,
        inp.event,
        rules,
        inp.statuses,
    );
    let group_defs: Vec<_> = groups.iter().map(|(g, _)| g.clone()).collect();
    let scoring = scoring_of(inp.event);
    let key_fn = |s: &str| teams::key(s);
    let cx = Context {
        teams: &infos,
        groups: &group_defs,
        boards,
        colours: &colours,
        key: &key_fn,
        lineup_clause: rules.clause.as_deref().unwrap_or(""),
    };
    let labels = stage_groups::labels(&rr_groups, &names);
    let mut rounds = LeagueRounds {
        inp,
        schedule: &schedule,
        labels: &labels,
        cx: &cx,
        index: &index,
        numbers: &numbers.teams,
        groups: &groups,
        results: Vec::new(),
    };
    let mstage = inp.event.marker_stage(&inp.stage.id);
    walk::within_planned(inp.sheets, &mstage, &inp.stage.id, planned)?;
    let Walked { papers, paired } = walk::walk(
        inp.sheets,
        &mstage,
        planned,
        !inp.event.draw().pair,
        &mut rounds,
        findings,
    )?;
    let results = rounds.results;
    let complete: Vec<RoundResults> = results.into_iter().filter(|r| r.complete).collect();
    let counts = RoundCounts {
        planned,
        paired,
        complete: complete.len() as u32,
    };

    // Standings over the complete rounds; a disqualified team leaves the ranking.
    let mut standings = super::team_standings::standings(
        inp.event,
        &inp.stage.id,
        &names,
        &complete,
        &scoring,
        planned,
        &colours,
    );
    // The season's order before any disqualification: the seeds of a bracket paired before
    // the ruling.
    let season_order: Vec<u32> = standings
        .iter()
        .flat_map(|st| &st.rows)
        .filter(|r| r.rank > 0)
        .map(|r| r.start_no)
        .collect();
    if let Some(st) = standings.as_mut() {
        let dq = |n: u32| team_disqualified(inp, &names, n);
        super::disqualify_rows(&mut st.rows, |r| dq(r.start_no));
    }
    if inp.stage.groups.is_some() {
        stage_groups::standings(inp, &mut rr_groups, &names, &complete, &scoring, &colours);
        if let Some(st) = standings.as_mut() {
            stage_groups::combine(st, &rr_groups);
        }
    } else {
        rr_groups.clear();
    }
    let places: BTreeMap<u32, u32> = standings
        .iter()
        .flat_map(|st| &st.rows)
        .filter(|row| row.rank > 0)
        .map(|row| (row.start_no, row.rank))
        .collect();
    let mut out = LeagueOutcome {
        numbers,
        names,
        schedule: schedule.into_iter().take(planned as usize).collect(),
        papers,
        counts,
        complete,
        scoring,
        colours: colours.clone(),
        standings,
        places,
        finals: None,
        groups: rr_groups,
    };

    out.finals = finals(inp, &out, &cx, (&groups, &season_order), findings)?;
    Ok(Some(out))
}

/// The knockout finals seeded from the round robin, once its season is over (`None` before,
/// or without a knockout stage seeded from it).
fn finals(
    inp: &StageInput<'_>,
    out: &LeagueOutcome,
    cx: &Context<'_>,
    (groups, season_order): (&[(BoardGroup, Option<Sex>)], &[u32]),
    findings: &mut Findings,
) -> Result<Option<FinalsOutcome>> {
    let finals_stage = inp.event.stages().iter().find(|st| {
        st.system == crate::event::System::Knockout
            && st
                .knockout
                .as_ref()
                .is_some_and(|k| k.seeds_from == inp.stage.id)
    });
    if let (Some(fs), Some(k), Some(st), true) = (
        finals_stage,
        finals_stage.and_then(|f| f.knockout.as_ref()),
        out.standings.as_ref(),
        out.season_complete(),
    ) {
        let seed_teams: Vec<u32> = if out.groups.is_empty() {
            let now: Vec<u32> = st
                .rows
                .iter()
                .filter(|r| r.rank > 0)
                .map(|r| r.start_no)
                .collect();
            let index = TeamIndex::new(&out.names);
            if super::ruled_out::paired_before_ruling(
                inp.sheets,
                &inp.event.marker_stage(&fs.id),
                season_order,
                &now,
                &index,
            ) {
                season_order.to_vec()
            } else {
                now
            }
        } else {
            stage_groups::seeds_checked(inp.stage, &out.groups)?
        };
        let finals_inp = StageInput { stage: fs, ..*inp };
        let season = super::finals::Season {
            names: &out.names,
            numbers: &out.numbers.teams,
            seed_teams: &seed_teams,
            cx,
            scoring: out.scoring,
            colours: &out.colours,
            groups,
        };
        return super::finals::run_stage(&finals_inp, k, &season, findings).map(Some);
    }
    Ok(None)
}

/// The round robin's rounds for the walker: each round is the Berger schedule's, checked
/// against the workbook (or the workbook's own matches once a change is confirmed).
struct LeagueRounds<'a> {
    inp: &'a StageInput<'a>,
    schedule: &'a [Vec<(u32, u32)>],
    /// Team name → its group's label, for the round papers (empty without groups).
    labels: &'a BTreeMap<String, String>,
    cx: &'a Context<'a>,
    index: &'a TeamIndex<'a>,
    numbers: &'a [String],
    groups: &'a [(BoardGroup, Option<Sex>)],
    /// Every round read back, complete or not.
    results: Vec<RoundResults>,
}

impl LeagueRounds<'_> {
    fn expected(&self, r: u32) -> Vec<(u32, u32)> {
        self.schedule
            .get(r as usize - 1)
            .cloned()
            .unwrap_or_default()
    }
}

impl StageRounds for LeagueRounds<'_> {
    fn read(&mut self, r: u32, sheet: &RoundSheet, findings: &mut Findings) -> (RoundPaper, bool) {
        let (event, cx) = (self.inp.event, self.cx);
        let expected = self.expected(r);
        let fallback = pairing_check::team_record(&expected, None, cx.teams, cx.boards);
        let holds = pairing_check::holds(
            event,
            sheet,
            pairing_check::Fallback::Fixed(fallback),
            &team_keys(cx.key),
            findings,
        );
        // A confirmed change counts as the workbook says: its matches are the round's.
        let read_against = if pairing_check::confirmation(event, sheet).is_some() {
            sheet_pairs(sheet, self.index)
        } else {
            expected
        };
        let mut rr = matches::read_round(sheet, &read_against, cx, findings);
        rr.complete &= holds;
        let complete = rr.complete;
        self.results.push(rr);
        let lines = lines_of(sheet, cx.colours);
        let mut paper = paper(event, self.inp.stage, r, lines, false);
        paper.groups = self.labels.clone();
        (paper, complete)
    }

    fn pair(&mut self, r: u32, findings: &mut Findings) -> Result<Option<RoundPaper>> {
        let expected = self.expected(r);
        let (roster, colours) = (self.inp.roster, self.cx.colours);
        let fielding = teams::Fielding {
            infos: self.cx.teams,
            statuses: self.inp.statuses,
        };
        let file = self.inp.event.round_stem(self.inp.stage, r);
        let lines = default_lines(
            roster,
            self.numbers,
            &expected,
            colours,
            self.groups,
            &fielding,
            &file,
            findings,
        );
        let mut paper = paper(self.inp.event, self.inp.stage, r, lines, true);
        paper.groups = self.labels.clone();
        Ok(Some(paper))
    }
}

/// `round.count-mismatch` when the stage's `rounds` are not its Berger schedule's for `teams`
/// teams (one cycle: n − 1 rounds, n with an odd number): event.toml cannot know the number of
/// teams, so it is told here, not at load.
fn rounds_mismatch(stage: &Stage, teams: usize, schedule: usize) -> Option<Finding> {
    let rounds = stage.rounds?;
    if usize::try_from(rounds).ok() == Some(schedule) {
        return None;
    }
    let played = (rounds as usize).min(schedule);
    Some(Finding::new(
        Code::RoundCountMismatch,
        Source::file(crate::event::EVENT_FILE),
        format!(
            "赛段 {} 规定 {rounds} 轮，但 {teams} 队单循环共 {schedule} 轮：只编排 {played} 轮",
            stage.id
        ),
        format!(
            "stage {}: rounds = {rounds}, but a single round robin of {teams} teams has \
             {schedule} rounds; {played} are paired",
            stage.id
        ),
    ))
}

/// The paper of round `r` of a team stage.
pub(super) fn paper(event: &Event, stage: &Stage, r: u32, lines: Lines, fresh: bool) -> RoundPaper {
    RoundPaper {
        marker: Marker {
            event: event.meta().name.clone(),
            stage: event.marker_stage(&stage.id),
            round: r,
        },
        file: event.round_stem(stage, r),
        name: stage.name.clone(),
        id: stage.id.to_string(),
        lines,
        fresh,
        replaces: None,
        marks: Vec::new(),
        groups: BTreeMap::new(),
    }
}

/// The rows of a new round: every match of the schedule with the default line-ups (without
/// the players [`teams::Fielding`] leaves out; a board left empty is a finding on `file`).
#[allow(clippy::too_many_arguments)]
pub(super) fn default_lines(
    roster: &Roster,
    numbers: &[String],
    pairs: &[(u32, u32)],
    colours: &[Colour],
    groups: &[(BoardGroup, Option<Sex>)],
    fielding: &teams::Fielding<'_>,
    file: &str,
    findings: &mut Findings,
) -> Lines {
    let boards = colours.len() as u32;
    let by_unit = teams::by_unit(roster);
    let unit = |no: u32| numbers.get((no as usize).wrapping_sub(1));
    let mut lines = Vec::new();
    for (mi, &(h, a)) in pairs.iter().enumerate() {
        let [hl, al] = [h, a].map(|no| {
            let team = unit(no).and_then(|u| by_unit.get(u.as_str()).copied());
            fielding.fielded(team, groups, boards, file, findings)
        });
        for b in 1..=boards {
            let i = b as usize - 1;
            lines.push(TeamLine {
                match_no: mi as u32 + 1,
                board: b,
                home_team: unit(h).cloned().unwrap_or_default(),
                home_player: hl.get(i).cloned().unwrap_or_default(),
                home_colour: colours.get(i).copied().unwrap_or(Colour::White),
                result: None,
                away_player: al.get(i).cloned().unwrap_or_default(),
                away_team: unit(a).cloned().unwrap_or_default(),
            });
        }
    }
    Lines::Team(lines)
}

/// The rows of a round workbook as the arbiter left them (results where valid), for the
/// printable copy.
/// The keys of a team round's comparison: the roster's name key; no special rows.
pub(super) fn team_keys<'a>(key: &'a dyn Fn(&str) -> String) -> crate::rounds::compare::Keys<'a> {
    crate::rounds::compare::Keys {
        key,
        special: &|_| false,
    }
}

/// The matches `(home, away)` of a round workbook by team number, in sheet order.
pub(super) fn sheet_pairs(sheet: &RoundSheet, teams: &TeamIndex<'_>) -> Vec<(u32, u32)> {
    let Rows::Team(rows) = &sheet.rows else {
        return Vec::new();
    };
    let no = |s: &str| teams.number(s).map(|n| n.0);
    let mut v: Vec<(u32, u32)> = Vec::new();
    for r in rows {
        if let (Some(h), Some(a)) = (no(&r.home_team), no(&r.away_team))
            && !v.contains(&(h, a))
        {
            v.push((h, a));
        }
    }
    v
}

pub(super) fn lines_of(sheet: &RoundSheet, colours: &[Colour]) -> Lines {
    let Rows::Team(rows) = &sheet.rows else {
        return Lines::Team(Vec::new());
    };
    let lines = rows
        .iter()
        .map(|r| {
            let board = r.board.unwrap_or(0);
            let expected = board
                .checked_sub(1)
                .and_then(|i| colours.get(i as usize))
                .copied();
            let home_colour = r.home_colour.or(expected);
            TeamLine {
                match_no: r.match_no.unwrap_or(0),
                board,
                home_team: r.home_team.clone(),
                home_player: r.home_player.clone(),
                home_colour: home_colour.unwrap_or(Colour::White),
                // A colour word (`黑胜`) is the home player's result by their colour.
                result: r.result.for_left(home_colour),
                away_player: r.away_player.clone(),
                away_team: r.away_team.clone(),
            }
        })
        .collect();
    Lines::Team(lines)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::findings::Severity;

    /// A-league's 11 rounds: right for 12 teams; more than the 9 of 10 teams is an error
    /// finding (the 9 are played). Fewer rounds than the schedule are refused before anything
    /// is paired ([`super::super::groups::make`]).
    #[test]
    fn rounds_other_than_the_schedule_are_an_error() {
        let ev = crate::event::templates::find("cca-a-league-2023")
            .and_then(|t| t.event())
            .unwrap();
        let stage = ev.stage("regular").unwrap();
        assert!(rounds_mismatch(stage, 12, 11).is_none());
        let f = rounds_mismatch(stage, 10, 9).unwrap();
        assert_eq!(
            (f.code, f.severity, f.source.file.as_ref()),
            (Code::RoundCountMismatch, Severity::Error, "event.toml")
        );
        assert_eq!(
            f.message_zh,
            "赛段 regular 规定 11 轮，但 10 队单循环共 9 轮：只编排 9 轮"
        );
    }
}
