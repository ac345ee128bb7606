//! The knockout finals of a league (A-league 总决赛): the bracket of event.toml, seeded by the
//! regular season's final places, played in phases of two-team matches over several rounds,
//! every round a round workbook like the regular season's; match winners by match points, then
//! game points, then a play-off; final places 1-12 and the relegated teams.
//!
//! Finals rounds are numbered across the stage: phase 1 takes rounds 1..=its longest match,
//! phase 2 the next ones, and so on. A match shorter than its phase plays the phase's first
//! rounds. Colours: the better regular-season seed is first-named in the match's first round,
//! then the teams alternate (event.toml `colours`, a template default).

use std::collections::{BTreeMap, BTreeSet};

use super::matches::{self, Context, MatchScoring, RoundResults};
use super::{RoundCounts, RoundPaper};
use crate::event::{Knockout, Slot, Stage};
use crate::findings::{Code, Finding, Findings, Source};
use crate::pairing::knockout::{
    self, Bracket, MatchDef, PlaceRule, RoundScore, SidePoints, Source as KSource,
};
use crate::rounds::sheet::RoundSheet;

/// The bracket of event.toml in the knockout engine's terms.
///
/// # Errors
///
/// A message when a slot names an unknown group.
pub fn bracket(k: &Knockout) -> Result<Bracket, String> {
    let conv = |s: &Slot| -> Result<KSource, String> {
        Ok(match s {
            Slot::Seed(n) => KSource::Seed(u16::try_from(*n).map_err(|e| e.to_string())?),
            Slot::Winner(m) => KSource::Winner(m.clone()),
            Slot::Loser(m) => KSource::Loser(m.clone()),
            Slot::Group(g, n) => {
                let group = k
                    .groups
                    .iter()
                    .find(|x| &x.id == g)
                    .ok_or_else(|| format!("unknown group {g}"))?;
                let among = group
                    .members
                    .iter()
                    .map(|m| match m {
                        Slot::Seed(n) => Ok(KSource::Seed(u16::try_from(*n).unwrap_or(u16::MAX))),
                        Slot::Winner(x) => Ok(KSource::Winner(x.clone())),
                        Slot::Loser(x) => Ok(KSource::Loser(x.clone())),
                        Slot::Group(..) => Err(format!("group {g} nests a group")),
                        Slot::Place(..) => Err(format!("unresolved group place in {g}")),
                    })
                    .collect::<Result<Vec<_>, _>>()?;
                KSource::Ranked {
                    among,
                    rank: u16::try_from(*n).unwrap_or(u16::MAX),
                }
            }
            // Resolved to seeds when event.toml is read.
            Slot::Place(..) => return Err(format!("unresolved group place {s}")),
        })
    };
    let mut matches = Vec::new();
    let mut sorted: Vec<_> = k.matches.iter().collect();
    sorted.sort_by_key(|m| m.phase);
    for m in sorted {
        matches.push(MatchDef {
            id: m.id.clone(),
            stage: m.name.clone(),
            first: conv(&m.home)?,
            second: conv(&m.away)?,
            rounds: u8::try_from(m.rounds).unwrap_or(u8::MAX),
        });
    }
    let mut places = Vec::new();
    for p in &k.places {
        let first = p.places.iter().copied().min().unwrap_or(1);
        if p.order_by_seed || p.teams.len() == 1 {
            places.push(PlaceRule {
                first_place: u16::try_from(first).unwrap_or(u16::MAX),
                teams: p.teams.iter().map(conv).collect::<Result<_, _>>()?,
            });
        } else {
            for (place, team) in p.places.iter().zip(&p.teams) {
                places.push(PlaceRule {
                    first_place: u16::try_from(*place).unwrap_or(u16::MAX),
                    teams: vec![conv(team)?],
                });
            }
        }
    }
    let seeds = k
        .matches
        .iter()
        .flat_map(|m| [&m.home, &m.away])
        .chain(k.groups.iter().flat_map(|g| g.members.iter()))
        // A place may go to a seed no match names (the groups' 3rd and 4th, `place:A:3`).
        .chain(k.places.iter().flat_map(|p| p.teams.iter()))
        .chain(k.relegated.iter())
        .filter_map(|s| {
            if let Slot::Seed(n) = s {
                Some(*n)
            } else {
                None
            }
        })
        .max()
        .unwrap_or(0);
    Ok(Bracket {
        seeds: u16::try_from(seeds).unwrap_or(u16::MAX),
        matches,
        places,
        relegated: k.relegated.iter().map(conv).collect::<Result<_, _>>()?,
        tie_resolution: k.tie_resolution.value.clone(),
    })
}

/// The finals rounds each match plays: `(first round, last round)` in stage numbering.
pub fn windows(k: &Knockout) -> BTreeMap<String, (u32, u32)> {
    let mut phases: BTreeMap<u32, u32> = BTreeMap::new();
    for m in &k.matches {
        let e = phases.entry(m.phase).or_default();
        *e = (*e).max(m.rounds);
    }
    let mut offset: BTreeMap<u32, u32> = BTreeMap::new();
    let mut acc = 0;
    for (p, len) in &phases {
        offset.insert(*p, acc);
        acc += len;
    }
    k.matches
        .iter()
        .map(|m| {
            let o = offset.get(&m.phase).copied().unwrap_or(0);
            (m.id.clone(), (o + 1, o + m.rounds))
        })
        .collect()
}

/// Total rounds of the finals stage.
pub fn total_rounds(k: &Knockout) -> u32 {
    windows(k).values().map(|w| w.1).max().unwrap_or(0)
}

/// The state of the finals after reading the workbooks.
#[derive(Debug, Clone)]
pub struct State {
    /// Round results read, by finals round.
    pub rounds: Vec<RoundResults>,
    /// The engine's outcome (matches, places, relegation).
    pub outcome: knockout::BracketOutcome,
    /// Seed → team number.
    pub seeds: BTreeMap<u16, u32>,
}

/// Reads the finals rounds and decides what can be decided. `seed_teams[i]` is the team number
/// of seed `i + 1`. Each round's pairing is checked against the bracket (or its record) and
/// counts once it holds ([`super::pairing_check`]). Rounds are read in order and reading stops at the first incomplete one.
/// `out` are the team numbers ruled out: a match of theirs not in a round's workbook is not
/// expected there, and a match left with one team waits for the walkover ruling
/// ([`super::ruled_out`]).
#[allow(clippy::too_many_arguments)]
pub fn read(
    event: &crate::event::Event,
    k: &Knockout,
    stage: &Stage,
    seed_teams: &[u32],
    sheets: &[RoundSheet],
    cx: &Context<'_>,
    s: &MatchScoring,
    out: &BTreeSet<u32>,
    findings: &mut Findings,
) -> Result<State, String> {
    let b = bracket(k)?;
    let seeds: BTreeMap<u16, u32> = seed_teams
        .iter()
        .enumerate()
        .map(|(i, t)| (u16::try_from(i + 1).unwrap_or(u16::MAX), *t))
        .collect();
    let team_seed = |t: u32| seeds.iter().find(|(_, v)| **v == t).map(|(k, _)| *k);
    let names: Vec<super::TeamName> = cx
        .teams
        .iter()
        .map(|t| (super::TeamNo(t.number), t.name.clone()))
        .collect();
    let index = super::TeamIndex::new(&names);
    let win = windows(k);
    let mut results: BTreeMap<String, knockout::MatchResult> = BTreeMap::new();
    let mut rounds = Vec::new();
    let mstage = event.marker_stage(&stage.id);
    for r in 1..=total_rounds(k) {
        let Some(sheet) = sheets
            .iter()
            .find(|x| x.marker.stage == mstage && x.marker.round == r)
        else {
            break;
        };
        super::playoffs::apply(k, &b, &seeds, cx, &mut results, None)?;
        super::ruled_out::apply_walkovers(event, &b, &seeds, out, cx.teams, &mut results)?;
        let outcome = knockout::decide(&b, &results).map_err(|e| e.to_string())?;
        let mut expected = pairs_for_round(k, &outcome, &seeds, &win, r);
        // A ruled-out team's match is expected only where the workbook has it (paired before
        // the ruling).
        let on_sheet = super::league::sheet_pairs(sheet, &index);
        expected.retain(|p| !(out.contains(&p.0) || out.contains(&p.1)) || on_sheet.contains(p));
        let fallback = super::pairing_check::team_record(&expected, None, cx.teams, cx.boards);
        let holds = super::pairing_check::holds(
            event,
            sheet,
            super::pairing_check::Fallback::Fixed(fallback),
            &super::league::team_keys(cx.key),
            findings,
        );
        let read_against = if super::pairing_check::confirmation(event, sheet).is_some() {
            super::league::sheet_pairs(sheet, &index)
        } else {
            expected
        };
        let mut rr = matches::read_round(sheet, &read_against, cx, findings);
        rr.complete &= holds;
        record_scores(
            &rr,
            r,
            (sheet, &outcome, &team_seed),
            s,
            &mut results,
            findings,
        );
        let complete = rr.complete;
        rounds.push(rr);
        if !complete {
            break;
        }
    }
    super::playoffs::apply(k, &b, &seeds, cx, &mut results, Some(findings))?;
    super::ruled_out::apply_walkovers(event, &b, &seeds, out, cx.teams, &mut results)?;
    let outcome = knockout::decide(&b, &results).map_err(|e| e.to_string())?;
    super::ruled_out::ask_walkovers(k, &outcome, &seeds, out, cx.teams, findings);
    super::playoffs::ask(&outcome, &seeds, cx, findings);
    Ok(State {
        rounds,
        outcome,
        seeds,
    })
}

/// Adds the scores of a round's complete matches to the results of their bracket matches,
/// oriented to the bracket's first and second seed; a match the bracket does not have is a
/// finding.
fn record_scores(
    rr: &RoundResults,
    r: u32,
    (sheet, outcome, team_seed): (
        &RoundSheet,
        &knockout::BracketOutcome,
        &dyn Fn(u32) -> Option<u16>,
    ),
    s: &MatchScoring,
    results: &mut BTreeMap<String, knockout::MatchResult>,
    findings: &mut Findings,
) {
    for m in rr.matches.iter().filter(|m| m.complete) {
        let (Some(hs), Some(as_)) = (team_seed(m.home), team_seed(m.away)) else {
            continue;
        };
        let Some(mo) = outcome.matches.iter().find(|mo| {
            (mo.first == Some(hs) && mo.second == Some(as_))
                || (mo.first == Some(as_) && mo.second == Some(hs))
        }) else {
            findings.push(Finding::new(
                Code::ResultPairingChanged,
                Source::sheet(&sheet.file, &sheet.sheet),
                format!("总决赛第{r}轮：{}号与{}号不在对阵图中", m.home, m.away),
                format!(
                    "finals round {r}: teams {} and {} do not meet in the bracket",
                    m.home, m.away
                ),
            ));
            continue;
        };
        let (hm, am) = m.match_points(s);
        let (hg, ag) = m.game_points(s);
        let side = |home: crate::model::Points, away: crate::model::Points| {
            if mo.first == Some(hs) {
                SidePoints {
                    first: home,
                    second: away,
                }
            } else {
                SidePoints {
                    first: away,
                    second: home,
                }
            }
        };
        let score = RoundScore {
            match_points: side(hm, am),
            game_points: side(hg, ag),
        };
        results.entry(mo.id.clone()).or_default().rounds.push(score);
    }
}

/// The `(first-named, second-named)` team numbers of finals round `r`: every match whose window
/// contains `r` and whose teams are known; the better regular-season seed is first-named in odd
/// rounds of the match, the other team in even ones (规程: 序号靠前的队伍为先).
pub fn pairs_for_round(
    k: &Knockout,
    outcome: &knockout::BracketOutcome,
    seeds: &BTreeMap<u16, u32>,
    win: &BTreeMap<String, (u32, u32)>,
    r: u32,
) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    for m in &k.matches {
        let Some(&(from, to)) = win.get(&m.id) else {
            continue;
        };
        if r < from || r > to {
            continue;
        }
        let Some(mo) = outcome.matches.iter().find(|x| x.id == m.id) else {
            continue;
        };
        let (Some(a), Some(b)) = (
            mo.first.and_then(|s| seeds.get(&s)),
            mo.second.and_then(|s| seeds.get(&s)),
        ) else {
            continue;
        };
        // The better (lower) seed is first-named in the match's first round, whichever slot
        // it came from (a third-place match can bring seed 7 in the home slot against seed 4).
        let (a, b) = match (mo.first, mo.second) {
            (Some(sa), Some(sb)) if sb < sa => (b, a),
            _ => (a, b),
        };
        if (r - from).is_multiple_of(2) {
            out.push((*a, *b))
        } else {
            out.push((*b, *a))
        }
    }
    out
}

/// Everything the finals driver needs from the regular season.
pub(super) struct Season<'a> {
    /// Team names by number.
    pub names: &'a [super::TeamName],
    /// Team units in number order.
    pub numbers: &'a [String],
    /// Team numbers of seeds 1, 2, ... (the regular season's final order).
    pub seed_teams: &'a [u32],
    /// The round reader's context.
    pub cx: &'a Context<'a>,
    /// Points per game and per match.
    pub scoring: MatchScoring,
    /// Board colours of the first-named team.
    pub colours: &'a [crate::model::Colour],
    /// Board groups with their sex, for the default line-ups.
    pub groups: &'a [(crate::rounds::lineup::BoardGroup, Option<crate::model::Sex>)],
}

/// What the finals came to.
#[derive(Debug, Clone)]
pub struct FinalsOutcome {
    /// The finals stage's id.
    pub stage: String,
    /// The rounds read and what the bracket decided.
    pub state: State,
    /// Rounds read back, then the round to be played next.
    pub papers: Vec<RoundPaper>,
    /// Round counts of the finals.
    pub counts: RoundCounts,
    /// Final places 1..n by team name, once every match is decided.
    pub places: Option<Vec<(u32, String)>>,
}

impl FinalsOutcome {
    /// The finals rounds whose every match is in (a round being played is not a result).
    pub fn complete_rounds(&self) -> Vec<RoundResults> {
        self.state
            .rounds
            .iter()
            .filter(|r| r.complete)
            .cloned()
            .collect()
    }
}

/// Runs the finals stage: reads its rounds, pairs the next one, and once every match is
/// decided gives the final ranking 1..n.
///
/// # Errors
///
/// [`crate::Error::Pairing`] when the bracket is unusable.
pub(super) fn run_stage(
    inp: &super::StageInput<'_>,
    k: &Knockout,
    season: &Season<'_>,
    findings: &mut Findings,
) -> crate::Result<FinalsOutcome> {
    use super::league::{default_lines, lines_of, paper};

    let stage = inp.stage;
    let out: BTreeSet<u32> = (season.names.iter())
        .map(|t| t.0.0)
        .filter(|n| super::league::team_disqualified(inp, season.names, *n))
        .collect();
    let state = read(
        inp.event,
        k,
        stage,
        season.seed_teams,
        inp.sheets,
        season.cx,
        &season.scoring,
        &out,
        findings,
    )
    .map_err(|e| crate::Error::pairing("event.toml [stages.knockout]", e))?;
    let total = total_rounds(k);
    let win = windows(k);
    let mut papers = Vec::new();
    for rr in &state.rounds {
        if let Some(sheet) = inp.sheets.iter().find(|x| {
            x.marker.stage == inp.event.marker_stage(&stage.id) && x.marker.round == rr.round
        }) {
            let lines = lines_of(sheet, season.colours);
            papers.push(paper(inp.event, stage, rr.round, lines, false));
        }
    }
    let paired = state.rounds.len() as u32;
    let complete = state.rounds.iter().filter(|r| r.complete).count() as u32;
    let mut paired_now = paired;
    if complete == paired && paired < total {
        let r = paired + 1;
        let mut pairs = pairs_for_round(k, &state.outcome, &state.seeds, &win, r);
        // A ruled-out team is not paired again.
        pairs.retain(|p| !(out.contains(&p.0) || out.contains(&p.1)));
        if !pairs.is_empty() {
            let fielding = super::teams::Fielding {
                infos: season.cx.teams,
                statuses: inp.statuses,
            };
            let lines = default_lines(
                inp.roster,
                season.numbers,
                &pairs,
                season.colours,
                season.groups,
                &fielding,
                &inp.event.round_stem(stage, r),
                findings,
            );
            papers.push(paper(inp.event, stage, r, lines, true));
            paired_now = r;
        }
    }
    let counts = RoundCounts {
        planned: total,
        paired: paired_now,
        complete,
    };
    let places = state.outcome.is_complete().then(|| {
        state
            .outcome
            .places
            .iter()
            .enumerate()
            .filter_map(|(i, seed)| {
                let n = seed.and_then(|s| state.seeds.get(&s))?;
                let name = super::league::name_of(season.names, *n)?.to_string();
                Some((u32::try_from(i + 1).unwrap_or(u32::MAX), name))
            })
            .collect()
    });
    // The ruled-out teams' places go and the places below move up (递补); a seed left empty
    // has no place.
    let gone: BTreeSet<String> = (out.iter())
        .filter_map(|n| super::league::name_of(season.names, *n).map(str::to_string))
        .collect();
    let places = places.map(|p| super::ruled_out::without(p, &gone));
    Ok(FinalsOutcome {
        stage: stage.id.to_string(),
        state,
        papers,
        counts,
        places,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A four-round third-place match whose home slot holds seed 4 (loser of semi-final 1)
    /// against seed 2 (loser of semi-final 2), and a final of seeds 1 and 3. Seed n is team
    /// 10·n here. The better seed is first-named in each match's first round, then the teams
    /// alternate: 序号靠前的队伍为先.
    #[test]
    fn the_better_seed_is_first_named_in_leg_1_whichever_slot_it_came_from() {
        let k: Knockout = toml::from_str(
            r#"
            seeds_from = "regular"
            tie_resolution = ["game-points"]
            colours = "higher-seed-first-then-alternate"
            [[matches]]
            id = "F"
            name = "冠亚军决赛"
            phase = 1
            home = "seed:1"
            away = "seed:3"
            rounds = 4
            [[matches]]
            id = "B"
            name = "三四名决赛"
            phase = 1
            home = "seed:4"
            away = "seed:2"
            rounds = 4
            [[places]]
            places = [1, 2]
            teams = ["winner:F", "loser:F"]
            [[places]]
            places = [3, 4]
            teams = ["winner:B", "loser:B"]
            "#,
        )
        .expect("knockout");
        let b = bracket(&k).expect("bracket");
        let outcome = knockout::decide(&b, &BTreeMap::new()).expect("decide");
        let seeds: BTreeMap<u16, u32> = (1..=4).map(|s| (s, u32::from(s) * 10)).collect();
        let win = windows(&k);
        let legs: Vec<Vec<(u32, u32)>> = (1..=4)
            .map(|r| pairs_for_round(&k, &outcome, &seeds, &win, r))
            .collect();
        assert_eq!(
            legs,
            [
                vec![(10, 30), (20, 40)],
                vec![(30, 10), (40, 20)],
                vec![(10, 30), (20, 40)],
                vec![(30, 10), (40, 20)],
            ]
        );
    }
}
