//! An individual Swiss stage with one section per group (the xiangqi finals: 公开组男子,
//! 公开组女子, 少年组男子, 少年组女子, 家庭双人组 as pairs) carried through its rounds: each
//! section is paired with the xiangqi Swiss ([`crate::pairing::xiangqi_swiss`]) — in a chess
//! event with the FIDE Dutch through the same [`History`] ([`dutch`]: C.04.2 numbers, requested
//! byes, C.07 standings; round workbooks `台号 | 白方 | 结果 | 黑方`) — one round
//! workbook per section and round (`results/<section-id>-rNN.xlsx`, `台号 | 红方 | 结果 | 黑方`,
//! names as `姓名（单位）`), standings by the template's CXA chain with a crosstable per group,
//! and the delegation ranking. [`run_full`] also returns the rankings as data
//! ([`GroupRanking`], [`delegations::DelegationRow`]) for the prizes.
//!
//! Decisions:
//!
//! - The engine is fed the players' histories directly
//!   ([`crate::pairing::xiangqi_swiss::pair_players`]; the unit is the delegation, for 同队不相遇),
//!   the same facts an individual TRF would carry. Ids are the entrants' order in the section
//!   (delegations in roster order, entry order inside); the engine orders them by rating, then
//!   name (`[stages.pairing] numbers = "rating"`, the only value a xiangqi Swiss takes).
//! - A round's marker stage is `<stage>:<section>`; an existing workbook is never rewritten,
//!   and the pairing it records is the one used (a Swiss pairing is not known in advance).
//! - The bye scores `[stages.bye] points` (a win, 2, by default); in 对手分 it counts as the
//!   lowest final score among the players with points (`as_opponent = "lowest-with-points"`,
//!   14.4), the lowest in the field (`lowest`) or nothing (`zero`).
//! - The chain is the template's `[[tiebreaks]] order` (`PTS BH WIN BWG BPG DROP-LAST`, or the
//!   累进分 chain `PTS PS WIN BWG BPG DROP-FIRST`); an unknown code falls back to the 对手分 chain
//!   with a finding.
//! - 退赛 (withdrawal): marked after the name in the round workbook of the player's last round
//!   ([`read`]); that round's result stands, the player is not paired again, keeps the points
//!   and stays in the ranking (finding `round.withdrawal`).
//! - Late entry (迟到、补报): an entrant of the roster who is in none of the earlier round
//!   workbooks (the form came in after round 1 was paired, or the arbiter took the player out
//!   of a round) is paired from the next round on; the rounds missed score 0 and count as not
//!   played (no opponent for 对手分, no side), as 象棋竞赛规则 gives no score for a round not
//!   played (finding `round.late-entry`).

pub mod baku;
pub mod berger;
pub mod delegations;
pub mod dutch;
pub mod entrants;
mod play;
pub mod ranking;
pub mod read;

pub use ranking::{
    GroupMember, GroupPlace, GroupRanking, IndividualOutcome, SectionOutcome, final_rankings,
};

use std::collections::BTreeMap;

use super::{RoundCounts, RoundPaper, StageInput};
use crate::eligibility::standing::Standing;
use crate::event::{Entrant as EntrantKind, Section, Stage, System};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::{Colour, GameResult, Points};
use crate::scoring;
use crate::scoring::cxa::{self, ByeOpponent, CxaKey};
pub use crate::scoring::cxa::{chain_of, code_of};
use crate::tournament::{
    ByeKind, Entrant as HistoryEntrant, History, Layout, Outcome, ScoreTable, Slot, ViewOptions,
};
use entrants::Entrant;
use play::Engine;

/// A round of a section: its games (red, black, result from red's side), the bye and the
/// withdrawals marked in it.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XqRoundData {
    /// `(red, black, result)` by entrant index.
    pub games: Vec<(usize, usize, Option<GameResult>)>,
    /// The entrant with the bye.
    pub bye: Option<usize>,
    /// Entrants marked 退赛 in this round (not paired from the next round on), ascending.
    pub withdrawn: Vec<usize>,
    /// The byes requested for this round (FIDE Dutch: `H`, `Z`) by entrants not on a board.
    pub requested: Vec<(usize, ByeKind)>,
}

impl XqRoundData {
    fn complete(&self) -> bool {
        self.games.iter().all(|g| g.2.is_some())
    }

    /// Whether entrant `i` is on a board of the round or has its bye.
    fn seated(&self, i: usize) -> bool {
        self.bye == Some(i) || self.games.iter().any(|g| g.0 == i || g.1 == i)
    }

    /// Whether entrant `i` takes part in the round: seated, or on a bye it requested.
    fn takes_part(&self, i: usize) -> bool {
        self.seated(i) || self.requested.iter().any(|r| r.0 == i)
    }
}

/// The summary's key of each ranking column (SPEC §7: the template's codes): a key with
/// several columns (the round-removal comparison) numbers them, `DROP-LAST-1`, `DROP-LAST-2`, ….
pub fn summary_codes(column_keys: &[CxaKey]) -> Vec<String> {
    let mut out = Vec::with_capacity(column_keys.len());
    for (i, &k) in column_keys.iter().enumerate() {
        let several = column_keys.iter().filter(|&&x| x == k).count() > 1;
        if several {
            let n = column_keys.iter().take(i + 1).filter(|&&x| x == k).count();
            out.push(format!("{}-{n}", code_of(k)));
        } else {
            out.push(code_of(k).to_string());
        }
    }
    out
}

/// The section's history over the complete rounds, as every pairing system reads it: entrant
/// `i` has pairing number `i + 1` and its delegation as its unit (the same-unit rule); games
/// score by the event's table, the bye `bye_points`. An entrant marked withdrawn (退赛) in one
/// of the rounds, or `out` (disqualified), has a zero-point bye entered for the round to be
/// paired, which is how a history says that an entrant is not paired.
pub fn history(
    entrants: &[Entrant],
    rounds: &[XqRoundData],
    (win, draw, bye_points): (Points, Points, Points),
    out: impl Fn(usize) -> bool,
) -> History {
    let entrants = entrants
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let mut slots: Vec<Slot> = rounds.iter().map(|r| slot(i, r)).collect();
            if out(i) || rounds.iter().any(|r| r.withdrawn.contains(&i)) {
                slots.push(Slot {
                    opponent: None,
                    colour: None,
                    outcome: Outcome::Bye(ByeKind::Zero),
                });
            }
            HistoryEntrant {
                start_no: u16::try_from(i + 1).unwrap_or(u16::MAX),
                name: e.name.clone(),
                rating: Some(e.rating),
                federation: e.unit.clone(),
                team: None,
                rounds: slots,
            }
        })
        .collect();
    History {
        entrants,
        rounds_played: rounds.len(),
        game_points: ScoreTable {
            win,
            draw,
            loss: Points::ZERO,
            absent: Points::ZERO,
            pab: bye_points,
            half_bye: draw,
        },
        ..History::default()
    }
}

/// Entrant `i`'s slot in one complete round. A forfeit keeps its scheduled colour, as a TRF
/// writes it (RULES.md §D: "the real opponent, the scheduled colour"); the pairing systems
/// count the colours of played games only. A game without a result in a complete round cannot
/// happen and reads as lost.
fn slot(i: usize, r: &XqRoundData) -> Slot {
    if r.bye == Some(i) {
        return Slot {
            opponent: None,
            colour: None,
            outcome: Outcome::Bye(ByeKind::Pab),
        };
    }
    if let Some(&(_, kind)) = r.requested.iter().find(|q| q.0 == i) {
        return Slot {
            opponent: None,
            colour: None,
            outcome: Outcome::Bye(kind),
        };
    }
    for &(red, black, res) in &r.games {
        let (opp, side, res) = if red == i {
            (black, Colour::White, res)
        } else if black == i {
            (red, Colour::Black, res.map(GameResult::reversed))
        } else {
            continue;
        };
        let outcome = match res {
            Some(GameResult::Win) => Outcome::Win,
            Some(GameResult::Draw) => Outcome::Draw,
            Some(GameResult::Loss) | None => Outcome::Loss,
            Some(GameResult::ForfeitWin) => Outcome::ForfeitWin,
            Some(GameResult::ForfeitLoss | GameResult::DoubleForfeit) => Outcome::ForfeitLoss,
        };
        return Slot {
            opponent: Some(opp),
            colour: Some(side),
            outcome,
        };
    }
    Slot {
        opponent: None,
        colour: None,
        outcome: Outcome::Unpaired,
    }
}

/// One section's state after reading and pairing.
struct SectionRun<'a> {
    section: &'a Section,
    entrants: Vec<Entrant>,
    /// Each entrant's standing with the regulation (a pair: the worse of its two people).
    standings: Vec<Option<Standing>>,
    complete: Vec<XqRoundData>,
    paired: u32,
    /// The byes requested by the section's players (FIDE Dutch; empty for the xiangqi Swiss).
    requested: Vec<dutch::Requested>,
    /// Whether the section is paired with Baku acceleration ([`baku`]).
    baku: bool,
    /// Per entrant, the first round a `withdrawn` ruling takes it out of.
    withdrawn_from: Vec<Option<u32>>,
}

impl SectionRun<'_> {
    fn disqualified(&self, i: usize) -> bool {
        self.standings
            .get(i)
            .is_some_and(|s| s.as_ref().is_some_and(Standing::is_disqualified))
    }

    /// Whether a ruling withdraws entrant `i` from round `round`.
    fn withdrawn_by_ruling(&self, i: usize, round: u32) -> bool {
        self.withdrawn_from
            .get(i)
            .copied()
            .flatten()
            .is_some_and(|from| from <= round)
    }
}

/// The 对手分 value of the bye from `[stages.bye] as_opponent`.
fn bye_opponent(stage: &Stage) -> ByeOpponent {
    use crate::event::ByeAsOpponent;
    match stage.bye.as_ref().and_then(|b| b.as_opponent) {
        Some(ByeAsOpponent::Zero) => ByeOpponent::Zero,
        Some(ByeAsOpponent::LowestScore) => ByeOpponent::LowestScore,
        Some(ByeAsOpponent::LowestWithPoints) | None => ByeOpponent::LowestWithPoints,
    }
}

/// The tie-break chain of the stage: event.toml's order (its codes checked as a CXA chain when
/// the file was read), else the 对手分 scheme.
fn keys_of(inp: &StageInput<'_>, bye_opp: ByeOpponent) -> Vec<CxaKey> {
    inp.event
        .cxa_chain(&inp.stage.id, "", bye_opp)
        .unwrap_or_else(|| cxa::opponent_score_chain(bye_opp))
}

/// Computes the individual Swiss stage, every section of it: the rounds read, the next
/// round's pairings, each group's standings and ranking, and the delegation ranking.
///
/// # Errors
///
/// [`crate::Error::Event`] when a round robin section cannot be played as event.toml
/// describes it ([`berger::check_size`], [`berger::order`]).
pub fn run(inp: &StageInput<'_>, findings: &mut Findings) -> crate::Result<IndividualOutcome> {
    let stage = inp.stage;
    let planned = stage.rounds.unwrap_or(7);
    let g = &inp.event.scoring().game;
    // A round robin's rest scores nothing (C.05).
    let bye_points = match stage.system {
        System::RoundRobin => Points::ZERO,
        _ => stage.bye.as_ref().map_or(g.win, |b| b.points),
    };
    let bye_opp = bye_opponent(stage);
    let engine = if stage.system == System::Swiss {
        Engine::Dutch
    } else if stage.system == System::RoundRobin {
        Engine::Berger(berger::cycles(stage))
    } else {
        Engine::Xiangqi(play::xiangqi_options(stage, planned))
    };
    let sections: Vec<&Section> = inp
        .event
        .sections()
        .iter()
        .filter(|s| stage.plays(&s.id))
        .filter(|s| matches!(s.entrant, EntrantKind::Individual | EntrantKind::Pair))
        .collect();
    // The sections are played on the machine's cores: each reads only the stage's input and
    // writes its own findings and papers, merged below in section order (the same order as on
    // one thread).
    let played = crate::par::map(&sections, |&section| {
        play_one(inp, section, planned, bye_points, &engine)
    });
    let mut runs = Vec::new();
    let mut papers = Vec::new();
    for one in played {
        let (sr, found, p) = one?;
        findings.extend(found.into_vec());
        papers.extend(p);
        runs.push(sr);
    }
    let counts = RoundCounts {
        planned,
        paired: runs.iter().map(|r| r.paired).max().unwrap_or(0),
        complete: runs
            .iter()
            .filter(|r| r.entrants.len() >= 2)
            .map(|r| r.complete.len() as u32)
            .min()
            .unwrap_or(0),
    };
    let keys = keys_of(inp, bye_opp);
    let ranking = inp.event.team_ranking();
    let counted: Vec<&str> = match ranking {
        Some(t) if !t.sections.is_empty() => t.sections.iter().map(String::as_str).collect(),
        _ => runs
            .iter()
            .filter(|r| r.section.official)
            .map(|r| r.section.id.as_str())
            .collect(),
    };
    let mut sections = Vec::new();
    let mut groups = Vec::new();
    let mut placed: BTreeMap<String, Vec<delegations::Placed>> = BTreeMap::new();
    let mut largest = 0u32;
    let mut delegations_final = true;
    for sr in runs {
        let g = &inp.event.scoring().game;
        let points = (g.win, g.draw, bye_points);
        let (mut st, codes, upcoming) = match engine {
            Engine::Dutch => {
                let (st, codes) = dutch::standings(inp.event, stage, &sr, points, planned);
                (st, codes, dutch::upcoming(&sr, points, planned))
            }
            Engine::Berger(_) => {
                let (st, codes) = dutch::standings(inp.event, stage, &sr, points, planned);
                (st, codes, Vec::new())
            }
            Engine::Xiangqi(_) => {
                let st = standings(&sr, bye_points, &keys, inp);
                let codes = summary_codes(&st.column_keys);
                (st, codes, Vec::new())
            }
        };
        super::disqualify_rows(&mut st.rows, |r| sr.disqualified(r.competitor));
        let group = group_ranking(&sr, &st, planned);
        if counted.contains(&sr.section.id.as_str()) {
            for p in &group.places {
                placed
                    .entry(p.unit.clone())
                    .or_default()
                    .push(delegations::Placed {
                        place: p.place,
                        points: p.points,
                    });
            }
            largest = largest.max(sr.entrants.len() as u32);
            delegations_final &= group.is_final();
            // Every delegation with a player in a counted group, even with no one placed yet.
            for e in &sr.entrants {
                placed.entry(e.unit.clone()).or_default();
            }
        }
        let accelerations = baku::accelerations(&sr, planned, (g.win, g.draw));
        sections.push(SectionOutcome {
            id: sr.section.id.to_string(),
            stage: stage.id.to_string(),
            planned,
            name: sr.section.name.clone(),
            entrants: sr.entrants,
            paired: sr.paired,
            entrant_standings: sr.standings,
            complete: sr.complete,
            standings: st,
            upcoming,
            codes,
            accelerations,
        });
        groups.push(group);
    }
    let mut delegation_rows = Vec::new();
    if let Some(tr) = ranking {
        let ruled_out = |u: &String| {
            inp.statuses
                .team_itself(u)
                .is_some_and(Standing::is_disqualified)
        };
        let units: Vec<_> = placed.into_iter().filter(|(u, _)| !ruled_out(u)).collect();
        delegation_rows = delegations::rank(&units, tr.count as usize, largest + 1);
    }
    Ok(IndividualOutcome {
        papers,
        counts,
        sections,
        groups,
        delegations: delegation_rows,
        delegation_list: ranking.map(|t| t.id.clone()),
        delegations_final: ranking.is_some() && delegations_final,
    })
}

/// One section played: its entrants (in pairing-number order for the FIDE Dutch), its rounds
/// read and the next one paired, with the section's findings and papers.
fn play_one<'a>(
    inp: &StageInput<'_>,
    section: &'a Section,
    planned: u32,
    bye_points: Points,
    engine: &Engine,
) -> crate::Result<(SectionRun<'a>, Findings, Vec<RoundPaper>)> {
    let mut found = Findings::new();
    let mut papers = Vec::new();
    let mut entrants = entrants::of_section(inp.event, section, inp.roster, &mut found);
    let mut requested = Vec::new();
    match engine {
        Engine::Dutch => {
            dutch::order(inp.event, inp.stage, section, inp.roster, &mut entrants);
            requested = dutch::requests(inp.event, inp.stage, section, &entrants, &mut found);
        }
        Engine::Berger(_) => {
            berger::check_size(inp.event, inp.stage, section, entrants.len())?;
            berger::order(inp.event, section, &mut entrants)?;
        }
        Engine::Xiangqi(_) => {}
    }
    let standings = entrants.iter().map(|e| e.standing(inp.statuses)).collect();
    // A round robin's schedule does not change (the validation keeps the ruling to Swiss stages).
    let withdrawn_from = match engine {
        Engine::Berger(_) => vec![None; entrants.len()],
        Engine::Dutch | Engine::Xiangqi(_) => {
            super::withdrawn::of_section(inp, section, &entrants, &mut found)
        }
    };
    let mut sr = SectionRun {
        section,
        entrants,
        standings,
        complete: Vec::new(),
        paired: 0,
        requested,
        baku: inp.stage.pairing.as_ref().is_some_and(|p| p.baku()),
        withdrawn_from,
    };
    let mstage = marker_stage(inp.stage, section);
    super::walk::within_planned(inp.sheets, &mstage, &inp.stage.id, planned)?;
    if sr.entrants.len() >= 2 {
        play::play_section(
            inp,
            &mut sr,
            planned,
            bye_points,
            engine,
            &mut found,
            &mut papers,
        );
        comings_and_goings(&sr, &mut found);
    }
    Ok((sr, found, papers))
}

fn group_ranking(sr: &SectionRun<'_>, st: &cxa::CxaStandings, planned: u32) -> GroupRanking {
    let withdrawn: Vec<usize> = sr
        .complete
        .iter()
        .flat_map(|r| r.withdrawn.iter().copied())
        .collect();
    GroupRanking {
        section_id: sr.section.id.to_string(),
        section: sr.section.name.clone(),
        official: sr.section.official,
        rounds_planned: planned,
        rounds_complete: sr.complete.len() as u32,
        places: st
            .rows
            .iter()
            .filter(|row| row.rank > 0)
            .filter_map(|row| {
                let e = sr.entrants.get(row.competitor)?;
                Some(GroupPlace {
                    place: row.rank,
                    name: e.name.clone(),
                    unit: e.unit.clone(),
                    points: row.primary,
                    members: e
                        .members
                        .iter()
                        .map(|(name, id)| GroupMember {
                            name: name.clone(),
                            id_number: id.clone(),
                        })
                        .collect(),
                    withdrawn: withdrawn.contains(&row.competitor)
                        || sr
                            .withdrawn_from
                            .get(row.competitor)
                            .is_some_and(Option::is_some),
                    pending: sr
                        .standings
                        .get(row.competitor)
                        .is_some_and(|s| matches!(s, Some(Standing::Pending(_)))),
                    rating: (e.rating > 0).then_some(u32::from(e.rating)),
                })
            })
            .collect(),
    }
}

/// Findings for the withdrawals marked and the late entries of a section.
fn comings_and_goings(sr: &SectionRun<'_>, findings: &mut Findings) {
    let name = &sr.section.name;
    for (k, r) in sr.complete.iter().enumerate() {
        let round = k + 1;
        for e in r.withdrawn.iter().filter_map(|&i| sr.entrants.get(i)) {
            findings.push(
                Finding::new(
                    Code::RoundWithdrawal,
                    Source::file(format!("results/{}-r{round:02}.xlsx", sr.section.id)),
                    format!(
                        "{name}：{}第{round}轮后退赛，此后不再编排，已得积分保留",
                        e.label()
                    ),
                    format!(
                        "{}: {:?} withdrew after round {round}; not paired again, points kept",
                        sr.section.id,
                        e.label()
                    ),
                )
                .team(&e.unit)
                .person(&e.name),
            );
        }
    }
    if sr.complete.is_empty() {
        return;
    }
    for (i, e) in sr.entrants.iter().enumerate() {
        let missed = sr.complete.iter().take_while(|r| !r.takes_part(i)).count();
        if missed == 0 {
            continue;
        }
        let rounds = if missed == 1 {
            "1".to_string()
        } else {
            format!("1-{missed}")
        };
        findings.push(
            Finding::new(
                Code::RoundLateEntry,
                Source::file(format!("results/{}-r01.xlsx", sr.section.id)),
                format!(
                    "{name}：{}未参加第{rounds}轮（迟到或补报），自第{}轮起编排，缺赛轮次计0分",
                    e.label(),
                    missed + 1
                ),
                format!(
                    "{}: {:?} missed round(s) {rounds} (late entry); paired from round {}, the \
                     rounds missed score 0",
                    sr.section.id,
                    e.label(),
                    missed + 1
                ),
            )
            .team(&e.unit)
            .person(&e.name),
        );
    }
}

/// The marker stage of a section's rounds.
pub fn marker_stage(stage: &Stage, section: &Section) -> String {
    format!("{}:{}", stage.id, section.id)
}

/// The CXA ranking of the complete rounds, read from the section's history (the one the
/// engine pairs from) over the rounds played so far: future rounds are not unplayed rounds.
///
/// The history's scored view differs from a game-by-game reading in two places, neither of
/// which a CXA key sees: a round without a game and without a bye is a zero-point bye (not an
/// absence), and a forfeit carries no colour. Every key scores both the same (no opponent, no
/// points), and the colour keys (`BWG`, `BPG`, red wins) count games played over the board only.
fn standings(
    sr: &SectionRun<'_>,
    bye_points: Points,
    keys: &[CxaKey],
    inp: &StageInput<'_>,
) -> cxa::CxaStandings {
    let g = &inp.event.scoring().game;
    let h = history(
        &sr.entrants,
        &sr.complete,
        (g.win, g.draw, bye_points),
        |_| false,
    );
    let view = ViewOptions {
        edition: Some(scoring::Edition::E2024),
        layout: Layout::Swiss,
    };
    cxa::ranking(&h.scored(view), keys)
}

#[cfg(test)]
mod tests;
