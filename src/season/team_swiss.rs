//! A team Swiss stage (the B-league) carried through its rounds: pairing numbers, one round
//! workbook at a time paired with the FIDE team Swiss (C.04.6), results read back, the bye,
//! standings after every complete round, the Swiss crosstable, 台次成绩 and the TRF report.
//!
//! Decisions (each documented where it is applied):
//!
//! - **Pairing numbers** (`[stages.pairing] numbers = "average-rating-main"`, the only value a
//!   team Swiss takes): `event.toml` `[draw] public_numbers` when given; otherwise by the average
//!   rating of each team's main players (the players entered on a main board), highest first;
//!   an unrated main player counts as 0 (C.04.6 1.1 leaves the rating of unrated players to the
//!   regulations); equal averages are ordered by team name (Unicode order). Averages are
//!   compared exactly (sum × count cross-multiplied), never as floats.
//! - **Pairing**: round N is paired once rounds 1..N-1 are complete, by the C.04.6 engine
//!   ([`TeamSwiss`], a [`PairingSystem`]) from the complete rounds as a tournament history
//!   ([`history`]: the teams, their line-ups, the board games of each match, the byes as PABs).
//!   The first-named team of each match is the one with White on board 1; its board
//!   colours are `[boards.colours] first_named` (`WBWBW`).
//! - **Existing workbooks** are the arbiter's: never rewritten. A Swiss pairing is not known in
//!   advance, so a round is read against the pairs it records itself; a pair that already met
//!   over the board in an earlier round is reported (`result.rematch`, a warning: the
//!   arbiter's change is kept).
//! - **The bye**: written as a row whose away team is `轮空`; it scores `[stages.bye]`
//!   (match points, game points), else a drawn match (C.04.6 1.4). It counts as a PAB in
//!   tie-breaks and in the TRF (record 320).
//! - **Withdrawals and late entries** ([`entries`]): a `退赛` row in a round workbook takes a
//!   team (or one player, from the default line-ups) out of later rounds; a team that a
//!   complete round did not pair (a late entry) scores nothing there and is paired from then on.

use std::collections::BTreeMap;

use super::league::{self, paper};
use super::matches::{self, Context, MatchScoring, RoundResults};
use super::pairing_check;
use super::teams;
use super::walk::{self, StageRounds, Walked};
use super::{RoundCounts, RoundPaper, StageInput, TeamIndex, TeamName, TeamNo};
use crate::Result;
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::roster::{Board, Team};
use crate::model::{Colour, Points, Sex};
use crate::pairing::team_swiss::TeamSwiss;
use crate::pairing::{Pairing, PairingSystem};
use crate::rounds::lineup::BoardGroup;
use crate::rounds::sheet::{RoundSheet, Rows};
use crate::scoring;
use crate::tournament::{Layout, ViewOptions};

pub mod entries;
mod history;
mod lines;

use entries::Withdrawals;
use history::Field;
use lines::{default_lines, lines_of};

/// What a team Swiss stage came to.
#[derive(Debug, Clone)]
pub struct TeamSwissOutcome {
    /// Team units in pairing-number order (`numbers[i]` is number `i + 1`).
    pub numbers: Vec<String>,
    /// `(number, name)`.
    pub names: Vec<TeamName>,
    /// Rounds read back, then the round to be played next.
    pub papers: Vec<RoundPaper>,
    /// Round counts.
    pub counts: RoundCounts,
    /// The complete rounds with their byes.
    pub complete: Vec<SwissRound>,
    /// Game and match scoring.
    pub scoring: MatchScoring,
    /// Match and game points of the bye.
    pub bye: (Points, Points),
    /// The first-named team's colour per board.
    pub colours: Vec<Colour>,
    /// Withdrawals marked so far.
    pub withdrawals: Withdrawals,
    /// The C.07 standings over the complete rounds (`None` when the tie-break list is unusable).
    pub standings: Option<scoring::Standings>,
    /// Team number → place.
    pub places: BTreeMap<u32, u32>,
}

impl TeamSwissOutcome {
    /// Whether every planned round is complete.
    pub fn finished(&self) -> bool {
        self.counts.complete == self.counts.planned
    }

    /// The final places by team name, once every round is complete.
    pub fn final_places(&self) -> Option<Vec<(u32, String)>> {
        let st = self.standings.as_ref().filter(|_| self.finished())?;
        Some(
            st.rows
                .iter()
                .filter(|r| r.rank > 0)
                .map(|r| (r.rank, league::name_or_number(&self.names, r.start_no)))
                .collect(),
        )
    }

    /// The results of the complete rounds.
    pub fn results(&self) -> Vec<RoundResults> {
        self.complete.iter().map(|r| r.results.clone()).collect()
    }
}

/// One round as far as it is known: its matches and the team with the bye.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SwissRound {
    /// The matches read back (or paired).
    pub results: RoundResults,
    /// The team number with the pairing-allocated bye.
    pub bye: Option<u32>,
}

/// Pairing numbers by the average rating of the main players, highest first, then team name.
/// Returns the team names in number order.
pub fn numbers_by_average(teams: &[Team], boards: u32) -> Vec<String> {
    let mut v: Vec<(u64, u64, String)> = teams
        .iter()
        .map(|t| {
            let mains: Vec<u64> = t
                .players
                .iter()
                .filter(|p| {
                    matches!(p.board.as_ref().map(|b| b.value),
                        Some(Board::Main(n)) if u32::from(n) >= 1 && u32::from(n) <= boards)
                })
                .map(|p| p.rating.as_ref().map_or(0, |r| u64::from(r.value)))
                .collect();
            (mains.iter().sum(), mains.len() as u64, t.unit.value.clone())
        })
        .collect();
    // a/n > b/m  ⇔  a·m > b·n (an empty team averages 0).
    v.sort_by(|x, y| {
        let lhs = u128::from(x.0) * u128::from(y.1.max(1));
        let rhs = u128::from(y.0) * u128::from(x.1.max(1));
        rhs.cmp(&lhs).then_with(|| x.2.cmp(&y.2))
    });
    v.into_iter().map(|x| x.2).collect()
}

fn numbers(inp: &StageInput<'_>, boards: u32, findings: &mut Findings) -> Vec<String> {
    let by_rating = numbers_by_average(&inp.roster.teams, boards);
    if inp.event.draw().public_numbers.is_empty() {
        return by_rating;
    }
    let key = crate::normalize::unit_key;
    let mut out: Vec<String> = Vec::new();
    for name in &inp.event.draw().public_numbers {
        match by_rating.iter().find(|u| key(u) == key(name)) {
            Some(u) if !out.contains(u) => out.push(u.clone()),
            _ => findings.push(Finding::new(
                Code::ResultPairingChanged,
                Source::file("event.toml"),
                format!("序号中的“{name}”不是参赛队"),
                format!("{name:?} in the numbers is not a team of the event"),
            )),
        }
    }
    for u in by_rating {
        if !out.contains(&u) {
            out.push(u);
        }
    }
    out
}

/// The score of a team bye: `[stages.bye]`, else a drawn match.
pub fn bye_value(inp: &StageInput<'_>, s: &MatchScoring, boards: u32) -> (Points, Points) {
    let drawn = (
        s.match_draw,
        s.game_draw * i32::try_from(boards).unwrap_or(0),
    );
    match &inp.stage.bye {
        Some(b) => (b.points, b.game_points.unwrap_or(drawn.1)),
        None => drawn,
    }
}

/// For each team, the complete rounds it was neither paired in nor given the bye, before its
/// withdrawal (late entries, absences).
fn missed_rounds(
    n_teams: u32,
    rounds: &[SwissRound],
    withdrawals: &Withdrawals,
) -> BTreeMap<u32, Vec<u32>> {
    (1..=n_teams)
        .map(|team| {
            let missed = rounds
                .iter()
                .filter(|r| {
                    let round = r.results.round;
                    r.bye != Some(team)
                        && !withdrawals.team_out(team, round)
                        && !r
                            .results
                            .matches
                            .iter()
                            .any(|m| m.home == team || m.away == team)
                })
                .map(|r| r.results.round)
                .collect();
            (team, missed)
        })
        .collect()
}

/// Whether two teams met over the board in one of `rounds` (a forfeited match is no meeting).
fn met(rounds: &[SwissRound], a: u32, b: u32) -> bool {
    rounds.iter().any(|r| {
        r.results.matches.iter().any(|m| {
            !m.is_forfeited() && ((m.home == a && m.away == b) || (m.home == b && m.away == a))
        })
    })
}

/// Computes the team Swiss stage from the round workbooks as read: the rounds, the next
/// round's pairing, the standings (`None` with fewer than two teams).
///
/// # Errors
///
/// [`Error::Event`] without `[boards]`.
pub fn run(inp: &StageInput<'_>, findings: &mut Findings) -> Result<Option<TeamSwissOutcome>> {
    let rules = super::board_rules(inp.event)?;
    if inp.roster.teams.len() < 2 {
        return Ok(None);
    }
    let groups = teams::board_groups(rules);
    let colours = teams::board_colours(rules);
    let boards = colours.len() as u32;
    super::numbers::given_by(inp.stage, crate::event::Numbering::AverageRatingMain)?;
    let numbers = numbers(inp, boards, findings);
    let n_teams = numbers.len() as u32;
    let planned = inp.stage.rounds.unwrap_or(n_teams.saturating_sub(1).max(1));
    let names: Vec<TeamName> = numbers
        .iter()
        .enumerate()
        .map(|(i, u)| (TeamNo(i as u32 + 1), u.clone()))
        .collect();
    let index = TeamIndex::new(&names);
    let infos = teams::infos(
        inp.roster,
        &numbers,
        &groups,
        inp.event,
        rules,
        inp.statuses,
    );
    let group_defs: Vec<_> = groups.iter().map(|(g, _)| g.clone()).collect();
    let scoring = league::scoring_of(inp.event);
    let bye = bye_value(inp, &scoring, boards);
    let key_fn = |s: &str| teams::key(s);
    let cx = Context {
        teams: &infos,
        groups: &group_defs,
        boards,
        colours: &colours,
        key: &key_fn,
        lineup_clause: rules.clause.as_deref().unwrap_or(""),
    };
    let mut rounds = SwissRounds {
        inp,
        cx: &cx,
        index: &index,
        names: &names,
        groups: &groups,
        field: Field {
            roster: inp.roster,
            numbers: &numbers,
            scoring,
            bye,
            colours: &colours,
            planned,
        },
        complete: Vec::new(),
        withdrawals: Withdrawals::ruled(inp.event, &inp.stage.id, &index, inp.roster, findings),
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
    let SwissRounds {
        complete,
        withdrawals,
        field,
        ..
    } = rounds;
    let counts = RoundCounts {
        planned,
        paired,
        complete: complete.len() as u32,
    };
    for f in entries::not_paired(&missed_rounds(n_teams, &complete, &withdrawals), &names) {
        findings.push(f);
    }
    let mut standings = standings(inp, &field, &complete);
    if let Some(st) = standings.as_mut() {
        super::disqualify_rows(&mut st.rows, |r| {
            league::team_disqualified(inp, &names, r.start_no)
        });
    }
    let places = standings
        .iter()
        .flat_map(|st| &st.rows)
        .filter(|row| row.rank > 0)
        .map(|row| (row.start_no, row.rank))
        .collect();
    Ok(Some(TeamSwissOutcome {
        numbers,
        names,
        papers,
        counts,
        complete,
        scoring,
        bye,
        colours,
        withdrawals,
        standings,
        places,
    }))
}

/// The team Swiss's rounds for the walker: each workbook read back with its byes and
/// withdrawals; the next round paired by the C.04.6 engine from the complete rounds.
struct SwissRounds<'a> {
    inp: &'a StageInput<'a>,
    cx: &'a Context<'a>,
    index: &'a TeamIndex<'a>,
    names: &'a [TeamName],
    groups: &'a [(BoardGroup, Option<Sex>)],
    /// What the history is built from besides the rounds.
    field: Field<'a>,
    /// The complete rounds with their byes.
    complete: Vec<SwissRound>,
    /// Withdrawals marked so far.
    withdrawals: Withdrawals,
}

impl SwissRounds<'_> {
    /// Pairs the round after the complete ones (C.04.6, from their history). A team that
    /// withdrew before it is not paired (C.04.2), nor, with `drop_disqualified`, a disqualified
    /// one.
    fn pair_next(&self, drop_disqualified: bool) -> Result<Pairing, crate::pairing::Error> {
        self.pair_next_without(drop_disqualified, |_| false)
    }

    /// [`Self::pair_next`] with the teams `absent` names left out too.
    fn pair_next_without(
        &self,
        drop_disqualified: bool,
        absent: impl Fn(u32) -> bool,
    ) -> Result<Pairing, crate::pairing::Error> {
        let next = self.complete.len() as u32 + 1;
        let out = |t: u32| {
            self.withdrawals.team_out(t, next)
                || (drop_disqualified && league::team_disqualified(self.inp, self.names, t))
                || absent(t)
        };
        TeamSwiss::default().pair(&self.field.history(&self.complete, out))
    }

    /// Whether team `t` played or had the bye in a complete round.
    fn seen(&self, t: u32) -> bool {
        self.complete.iter().any(|r| {
            r.bye == Some(t) || r.results.matches.iter().any(|m| m.home == t || m.away == t)
        })
    }

    /// The pairing recomputed from the rounds before (as written), for a workbook without a
    /// record of its pairing. A team in neither this round (`present`) nor any before it was
    /// not entered yet (a late entry joins from the round after its entry): it is left out, so
    /// that its late entry does not change the pairing of the rounds played before it.
    fn recomputed(&self, present: &[u32]) -> Option<crate::rounds::record::Recorded> {
        let not_yet = |t: u32| !present.contains(&t) && !self.seen(t);
        let p = self.pair_next_without(false, not_yet).ok()?;
        let (teams, boards) = (self.cx.teams, self.cx.boards);
        Some(pairing_check::team_record(
            &wide(&p.pairs),
            p.bye.map(u32::from),
            teams,
            boards,
        ))
    }

    /// Findings on the matches of round `r`: a rematch (C.04.6 [C1]), a withdrawn team paired.
    fn check_matches(&self, sheet: &RoundSheet, r: u32, recorded: &[(u32, u32)], f: &mut Findings) {
        for &(h, a) in recorded {
            if met(&self.complete, h, a) {
                f.push(rematch_finding(sheet, r, self.names, h, a));
            }
            for t in [h, a] {
                if let (Some(&last), true) = (
                    self.withdrawals.teams.get(&t),
                    self.withdrawals.team_out(t, r),
                ) {
                    let name = league::name_or_number(self.names, t);
                    f.push(entries::paired_after_withdrawal(sheet, &name, last));
                }
            }
        }
    }
}

impl StageRounds for SwissRounds<'_> {
    fn read(
        &mut self,
        r: u32,
        original: &RoundSheet,
        findings: &mut Findings,
    ) -> (RoundPaper, bool) {
        let (inp, cx) = (self.inp, self.cx);
        let (mut sheet, special) =
            entries::split(original, cx.key, self.index, inp.roster, findings);
        // Withdrawal rows are the season's entries, not games, in the record as in the sheet.
        if let Some(rec) = &mut sheet.recorded {
            rec.games.retain(|g| {
                !entries::is_withdrawal(&g.left)
                    && !g.right.as_deref().is_some_and(entries::is_withdrawal)
            });
        }
        let recorded = league::sheet_pairs(&sheet, self.index);
        let fallback = if sheet.recorded.is_none() {
            let present: Vec<u32> = (recorded.iter())
                .flat_map(|&(h, a)| [h, a])
                .chain(special.bye)
                .collect();
            self.recomputed(&present)
        } else {
            None
        };
        // The pairing is checked with the bye rows in (the withdrawal rows out).
        let mut checked = sheet.clone();
        if let (Rows::Team(all), Rows::Team(kept)) = (&original.rows, &mut checked.rows) {
            kept.extend(all.iter().filter(|r| entries::is_bye_row(r)).cloned());
            kept.sort_by_key(|r| r.row);
        }
        let fallback = fallback.map_or(
            pairing_check::Fallback::None,
            pairing_check::Fallback::Recomputed,
        );
        let keys = league::team_keys(cx.key);
        let holds = pairing_check::holds(inp.event, &checked, fallback, &keys, findings);
        self.check_matches(&sheet, r, &recorded, findings);
        self.withdrawals.add(&special.withdrawals);
        let mut rr = matches::read_round(&sheet, &recorded, cx, findings);
        rr.complete &= holds;
        let lines = lines_of(&sheet, cx.colours, special.bye, self.names);
        let done = rr.complete;
        if done {
            self.complete.push(SwissRound {
                results: rr,
                bye: special.bye,
            });
        }
        (paper(inp.event, inp.stage, r, lines, false), done)
    }

    fn pair(&mut self, r: u32, findings: &mut Findings) -> Result<Option<RoundPaper>> {
        let inp = self.inp;
        // A disqualified team is not paired again.
        let pairing = match self.pair_next(true) {
            Ok(p) => p,
            Err(e) => {
                findings.push(Finding::new(
                    Code::PairingImpossible,
                    Source::file(format!("results/r{r:02}.xlsx")),
                    format!("第{r}轮无法编排（{e}），请裁判长决定"),
                    format!("round {r} cannot be paired ({e}); the chief arbiter decides"),
                ));
                return Ok(None);
            }
        };
        let pairs = wide(&pairing.pairs);
        let bye_team = pairing.bye.map(u32::from);
        let roster = self.withdrawals.roster_for(inp.roster, self.names, r);
        let colours = self.cx.colours;
        let fielding = teams::Fielding {
            infos: self.cx.teams,
            statuses: inp.statuses,
        };
        let lines = default_lines(
            &roster,
            self.field.numbers,
            &pairs,
            bye_team,
            colours,
            self.groups,
            &fielding,
            &inp.event.round_stem(inp.stage, r),
            findings,
        );
        Ok(Some(paper(inp.event, inp.stage, r, lines, true)))
    }
}

/// Team pairs as the round workbooks number teams.
fn wide(pairs: &[(u16, u16)]) -> Vec<(u32, u32)> {
    pairs
        .iter()
        .map(|&(w, b)| (u32::from(w), u32::from(b)))
        .collect()
}

fn rematch_finding(sheet: &RoundSheet, r: u32, names: &[TeamName], h: u32, a: u32) -> Finding {
    let n = |x: u32| league::name_or_number(names, x);
    Finding::new(
        Code::ResultRematch,
        Source::sheet(&sheet.file, &sheet.sheet),
        format!("第{r}轮：{} – {} 此前已经相遇（C.04.6 [C1]）", n(h), n(a)),
        format!("round {r}: {} – {} met before (C.04.6 [C1])", n(h), n(a)),
    )
}

/// The C.07 standings over the complete rounds (the history's scored view: byes as PABs,
/// forfeited matches as stated), over the rounds played so far, as the TRF report: future
/// rounds are not unplayed.
fn standings(
    inp: &StageInput<'_>,
    field: &Field<'_>,
    complete: &[SwissRound],
) -> Option<scoring::Standings> {
    let keys = match inp.event.tiebreak_keys(&inp.stage.id, "team") {
        Some(k) => k.to_vec(),
        None => scoring::parse_list("MPTS GPTS EDE EMGSB/C1 BH:MP/C1").ok()?,
    };
    let edition = if inp.event.dates().start >= jiff::civil::date(2026, 3, 1) {
        scoring::Edition::E2026
    } else {
        scoring::Edition::E2024
    };
    let view = ViewOptions {
        edition: Some(edition),
        layout: Layout::Swiss,
    };
    let t = field.history(complete, |_| false).scored(view);
    Some(scoring::standings(&t, &keys))
}

#[cfg(test)]
mod tests;
