//! An individual Swiss stage with one section per group (the xiangqi finals: 公开组男子,
//! 公开组女子, 少年组男子, 少年组女子, 家庭双人组 as pairs) carried through its rounds: each
//! section is paired with the xiangqi Swiss ([`crate::pairing::xiangqi_swiss`]), one round
//! workbook per section and round (`results/<section-id>-rNN.xlsx`, `台号 | 红方 | 结果 | 黑方`,
//! names as `姓名（单位）`), standings by the template's CXA chain, and the delegation ranking.
//!
//! Decisions:
//!
//! - The engine is fed the players' histories directly
//!   ([`crate::pairing::xiangqi_swiss::pair_players`]; the unit is the delegation, for 同队不相遇),
//!   the same facts an individual TRF would carry. Ids are the entrants' order in the section
//!   (delegations in roster order, entry order inside); the engine orders them by rating, then
//!   name.
//! - A round's marker stage is `<stage>:<section>`; an existing workbook is never rewritten,
//!   and the pairing it records is the one used (a Swiss pairing is not known in advance).
//! - The bye scores `[stages.bye] points` (a win, 2, by default); in 对手分 it counts as the
//!   lowest final score (`as_opponent = "lowest-with-points"`, 14.4) or nothing (`zero`).
//! - The chain is the template's `[[tiebreaks]] order` (`PTS BH WIN BWG BPG DROP-LAST`, or the
//!   累进分 chain `PTS PS WIN BWG BPG DROP-FIRST`); an unknown code falls back to the 对手分 chain
//!   with a finding.
//! - Every entrant is available every round (withdrawals are not modelled yet).

pub mod delegations;
pub mod entrants;
mod tables;

use tables::{delegation_table, section_table};

use std::collections::BTreeMap;

use super::league::{Input, Output};
use crate::event::{Entrant as EntrantKind, Section, Stage};
use crate::findings::{Finding, Findings, Severity, Source};
use crate::model::{Colour, GameResult, Points};
use crate::pairing::xiangqi_swiss::{self, XiangqiSwissOptions, XqPlayer, XqRound, XqRoundKind};
use crate::pipeline::summary::{RoundCounts, StandingEntry, points_number};
use crate::report::tables::SheetDoc;
use crate::rounds::marker::Marker;
use crate::rounds::sheet::{BYE_WORDS, ResultCell, RoundSheet, Rows};
use crate::rounds::write::{IndividualLine, Lines, RoundDoc};
use crate::scoring::cxa::{self, ByeOpponent, CxaKey};
use crate::scoring::{self, RoundResult};
use crate::{Lang, Result};
use entrants::Entrant;

/// A round of a section: its games (red, black, result from red's side) and the bye.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct XqRoundData {
    /// `(red, black, result)` by entrant index.
    pub games: Vec<(usize, usize, Option<GameResult>)>,
    /// The entrant with the bye.
    pub bye: Option<usize>,
}

impl XqRoundData {
    fn complete(&self) -> bool {
        self.games.iter().all(|g| g.2.is_some())
    }
}

/// The CXA chain of a tie-break list (`PTS BH WIN BWG BPG DROP-LAST`); `None` for an unknown
/// code.
pub fn chain_of(order: &[String], bye: ByeOpponent) -> Option<Vec<CxaKey>> {
    order
        .iter()
        .map(|c| {
            Some(match c.trim().to_ascii_uppercase().as_str() {
                "PTS" => CxaKey::Points,
                "BH" => CxaKey::OpponentScore(bye),
                "PS" => CxaKey::Progressive,
                "SB" => CxaKey::SmallScore,
                "WIN" => CxaKey::Wins,
                "BWG" => CxaKey::BlackWins,
                "BPG" => CxaKey::BlackGames,
                "RWG" | "WWG" => CxaKey::RedWins,
                "DE" => CxaKey::DirectEncounter,
                "DROP-LAST" => CxaKey::RemoveLastRounds,
                "DROP-FIRST" => CxaKey::RemoveFirstRounds,
                _ => return None,
            })
        })
        .collect()
}

/// The players' histories for the engine over the complete rounds.
pub fn histories(
    entrants: &[Entrant],
    rounds: &[XqRoundData],
    win: Points,
    draw: Points,
    bye_points: Points,
) -> Vec<XqPlayer> {
    entrants
        .iter()
        .enumerate()
        .map(|(i, e)| XqPlayer {
            id: u16::try_from(i + 1).unwrap_or(u16::MAX),
            name: e.name.clone(),
            rating: e.rating,
            unit: e.unit.clone(),
            history: rounds
                .iter()
                .map(|r| record(i, r, win, draw, bye_points))
                .collect(),
            available: true,
        })
        .collect()
}

fn record(i: usize, r: &XqRoundData, win: Points, draw: Points, bye: Points) -> XqRound {
    let id = |x: usize| u16::try_from(x + 1).ok();
    if r.bye == Some(i) {
        return XqRound {
            opponent: None,
            side: None,
            kind: XqRoundKind::Bye,
            points: bye,
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
        let (kind, side, points) = match res {
            Some(GameResult::Win) => (XqRoundKind::Played, Some(side), win),
            Some(GameResult::Draw) => (XqRoundKind::Played, Some(side), draw),
            Some(GameResult::Loss) | None => (XqRoundKind::Played, Some(side), Points::ZERO),
            Some(GameResult::ForfeitWin) => (XqRoundKind::ForfeitWin, None, win),
            Some(GameResult::ForfeitLoss | GameResult::DoubleForfeit) => {
                (XqRoundKind::ForfeitLoss, None, Points::ZERO)
            }
        };
        return XqRound {
            opponent: id(opp),
            side,
            kind,
            points,
        };
    }
    XqRound {
        opponent: None,
        side: None,
        kind: XqRoundKind::Absent,
        points: Points::ZERO,
    }
}

/// Reads a section's round workbook into games and the bye, with findings for unknown names.
fn read_round(
    sheet: &RoundSheet,
    entrants: &[Entrant],
    findings: &mut Findings,
) -> (XqRoundData, bool) {
    let mut data = XqRoundData::default();
    let mut ok = true;
    let Rows::Individual(rows) = &sheet.rows else {
        return (data, false);
    };
    let round = sheet.marker.round;
    for r in rows {
        let src = |c: u32| Source::cell(&sheet.file, &sheet.sheet, r.row, c);
        let unknown = |c: u32, who: &str| {
            Finding::new(
                "result.pairing-changed",
                Severity::Error,
                src(c),
                format!("第{round}轮：“{who}”不是本组棋手"),
                format!("round {round}: {who:?} is not an entrant of the section"),
            )
        };
        let Some(left) = entrants::find(entrants, &r.left) else {
            findings.push(unknown(1, &r.left));
            ok = false;
            continue;
        };
        if r.right.trim().is_empty() || BYE_WORDS.contains(&r.right.trim()) {
            data.bye = Some(left);
            continue;
        }
        let Some(right) = entrants::find(entrants, &r.right) else {
            findings.push(unknown(3, &r.right));
            ok = false;
            continue;
        };
        data.games.push((left, right, r.result.valid()));
        if let ResultCell::Invalid(_) = r.result {
            ok = false;
        }
    }
    (data, ok)
}

/// One section's state after reading and pairing.
struct SectionRun<'a> {
    section: &'a Section,
    entrants: Vec<Entrant>,
    complete: Vec<XqRoundData>,
    paired: u32,
}

/// Runs the individual Swiss stage, every section of it.
///
/// # Errors
///
/// [`crate::Error::Io`] when a workbook cannot be written.
pub fn run(inp: &Input<'_>, findings: &mut Findings) -> Result<Output> {
    let mut out = Output::default();
    let stage = inp.stage;
    let planned = stage.rounds.unwrap_or(7);
    let g = &inp.event.scoring.game;
    let bye_points = stage.bye.as_ref().map_or(g.win, |b| b.points);
    let bye_opp = match stage.bye.as_ref().and_then(|b| b.as_opponent.as_deref()) {
        Some("zero") => ByeOpponent::Zero,
        _ => ByeOpponent::LowestScore,
    };
    let opts = XiangqiSwissOptions {
        avoid_same_unit: stage.pairing.as_ref().is_none_or(|p| p.avoid_same_unit),
        max_same_side_in_row: stage
            .pairing
            .as_ref()
            .and_then(|p| p.max_same_colour_run)
            .map_or(2, |n| n as usize),
        initial_side: Colour::White,
    };
    let sections: Vec<&Section> = inp
        .event
        .sections
        .iter()
        .filter(|s| stage.plays(&s.id))
        .filter(|s| matches!(s.entrant, EntrantKind::Individual | EntrantKind::Pair))
        .collect();
    let mut runs = Vec::new();
    for section in sections {
        let entrants = entrants::of_section(inp.event, section, inp.roster, findings);
        let mut sr = SectionRun {
            section,
            entrants,
            complete: Vec::new(),
            paired: 0,
        };
        if sr.entrants.len() >= 2 {
            play_section(inp, &mut sr, planned, bye_points, &opts, findings, &mut out)?;
        }
        runs.push(sr);
    }
    out.rounds = RoundCounts {
        planned,
        paired: runs.iter().map(|r| r.paired).max().unwrap_or(0),
        complete: runs
            .iter()
            .filter(|r| r.entrants.len() >= 2)
            .map(|r| r.complete.len() as u32)
            .min()
            .unwrap_or(0),
    };
    // Standings per section.
    let order = inp
        .event
        .tiebreaks_for(&stage.id, "")
        .map(|t| t.order.clone())
        .unwrap_or_default();
    let keys = match chain_of(&order, bye_opp) {
        Some(k) if !k.is_empty() => k,
        _ => {
            if !order.is_empty() {
                findings.push(Finding::new(
                    "event.tiebreak-unknown",
                    Severity::Warning,
                    Source::file("event.toml"),
                    format!("破同分顺序“{}”无法识别，改用对手分方案", order.join(" ")),
                    format!(
                        "tie-break order {:?} not recognised; the 对手分 chain is used",
                        order.join(" ")
                    ),
                ));
            }
            cxa::opponent_score_chain(bye_opp)
        }
    };
    let mut sheets = Vec::new();
    let mut placed: BTreeMap<String, Vec<delegations::Placed>> = BTreeMap::new();
    let ranking = inp.event.team_ranking.as_ref();
    let counted: Vec<&str> = match ranking {
        Some(t) if !t.sections.is_empty() => t.sections.iter().map(String::as_str).collect(),
        _ => runs
            .iter()
            .filter(|r| r.section.official)
            .map(|r| r.section.id.as_str())
            .collect(),
    };
    let mut largest = 0u32;
    for sr in &runs {
        let st = standings(sr, bye_points, &keys, inp);
        for row in &st.rows {
            let Some(e) = sr.entrants.get(row.competitor) else {
                continue;
            };
            let mut tiebreaks = serde_json::Map::new();
            for (h, v) in st.headers.iter().zip(&row.display).skip(1) {
                tiebreaks.insert(h.clone(), serde_json::Value::from(v.clone()));
            }
            out.standings.push(StandingEntry {
                rank: row.rank,
                name: e.label(),
                section: Some(sr.section.name.clone()),
                points: points_number(row.primary),
                game_points: None,
                tiebreaks,
            });
            if counted.contains(&sr.section.id.as_str()) {
                placed
                    .entry(e.unit.clone())
                    .or_default()
                    .push(delegations::Placed {
                        place: row.rank,
                        points: row.primary,
                    });
            }
        }
        if counted.contains(&sr.section.id.as_str()) {
            largest = largest.max(sr.entrants.len() as u32);
        }
        sheets.push(SheetDoc {
            name: sr.section.name.clone(),
            title: match inp.lang {
                Lang::Zh => format!("{} 第{}轮后排名", sr.section.name, sr.complete.len()),
                Lang::En => format!("{} after round {}", sr.section.id, sr.complete.len()),
            },
            table: section_table(&st, &sr.entrants, inp.lang),
            landscape: false,
        });
    }
    if let Some(tr) = ranking {
        // Every delegation with a player in a counted group, even with no one placed yet.
        for sr in runs
            .iter()
            .filter(|r| counted.contains(&r.section.id.as_str()))
        {
            for e in &sr.entrants {
                placed.entry(e.unit.clone()).or_default();
            }
        }
        let units: Vec<(String, Vec<delegations::Placed>)> = placed.into_iter().collect();
        let rows = delegations::rank(&units, tr.count as usize, largest + 1);
        sheets.push(SheetDoc {
            name: tr.name.clone(),
            title: format!("{}{}", tr.name, inp.lang.pick("成绩", " ranking")),
            table: delegation_table(&rows, inp.lang),
            landscape: false,
        });
    }
    let st_path = inp.out.join("standings.xlsx");
    crate::report::tables::write(&st_path, &inp.event.event.name, &sheets, inp.lang)?;
    out.written.push(st_path);
    Ok(out)
}

/// The marker stage of a section's rounds.
pub fn marker_stage(stage: &Stage, section: &Section) -> String {
    format!("{}:{}", stage.id, section.id)
}

#[allow(clippy::too_many_arguments)]
fn play_section(
    inp: &Input<'_>,
    sr: &mut SectionRun<'_>,
    planned: u32,
    bye_points: Points,
    opts: &XiangqiSwissOptions,
    findings: &mut Findings,
    out: &mut Output,
) -> Result<()> {
    let g = &inp.event.scoring.game;
    let mstage = marker_stage(inp.stage, sr.section);
    for r in 1..=planned {
        let sheet = inp
            .sheets
            .iter()
            .find(|s| s.marker.stage == mstage && s.marker.round == r);
        if let Some(sheet) = sheet {
            sr.paired = r;
            write_printable(inp, sr.section, r, &lines_of(sheet), out)?;
            let (data, ok) = read_round(sheet, &sr.entrants, findings);
            if ok && data.complete() {
                sr.complete.push(data);
                continue;
            }
            break;
        }
        let players = histories(&sr.entrants, &sr.complete, g.win, g.draw, bye_points);
        let file = format!("{}-r{r:02}.xlsx", sr.section.id);
        let pairing = match xiangqi_swiss::pair_players(&players, r, opts) {
            Ok(p) => p,
            Err(e) => {
                findings.push(Finding::new(
                    "pairing.impossible",
                    Severity::Error,
                    Source::file(format!("results/{file}")),
                    format!("{}第{r}轮无法编排（{e}），请裁判长决定", sr.section.name),
                    format!(
                        "{} round {r} cannot be paired ({e}); the chief arbiter decides",
                        sr.section.id
                    ),
                ));
                break;
            }
        };
        let label = |id: u16| {
            sr.entrants
                .get(usize::from(id).saturating_sub(1))
                .map(Entrant::label)
                .unwrap_or_default()
        };
        let mut lines: Vec<IndividualLine> = pairing
            .pairs
            .iter()
            .enumerate()
            .map(|(i, &(red, black))| IndividualLine {
                board: i as u32 + 1,
                left: label(red),
                result: None,
                right: Some(label(black)),
            })
            .collect();
        if let Some(b) = pairing.bye {
            lines.push(IndividualLine {
                board: lines.len() as u32 + 1,
                left: label(b),
                result: None,
                right: None,
            });
        }
        let lines = Lines::Individual(lines);
        let marker = Marker {
            event: inp.event.event.name.clone(),
            stage: mstage.clone(),
            round: r,
        };
        let round_label = match inp.lang {
            Lang::Zh => format!("{} 第{r}轮", sr.section.name),
            Lang::En => format!("{} round {r}", sr.section.id),
        };
        let doc = RoundDoc {
            event_title: &inp.event.event.name,
            marker: &marker,
            round_label: &round_label,
            sport: inp.event.event.sport,
            lang: inp.lang,
        };
        let path = inp.dir.join("results").join(&file);
        if crate::rounds::write::write_new(&path, &doc, &lines)? {
            out.written.push(path);
        }
        sr.paired = r;
        write_printable(inp, sr.section, r, &lines, out)?;
        break;
    }
    Ok(())
}

/// The rows of a section's round workbook as the arbiter left them.
fn lines_of(sheet: &RoundSheet) -> Lines {
    let Rows::Individual(rows) = &sheet.rows else {
        return Lines::Individual(Vec::new());
    };
    Lines::Individual(
        rows.iter()
            .map(|r| {
                let bye = r.right.trim().is_empty() || BYE_WORDS.contains(&r.right.trim());
                IndividualLine {
                    board: r.board.unwrap_or(0),
                    left: r.left.clone(),
                    result: r.result.valid(),
                    right: (!bye).then(|| r.right.clone()),
                }
            })
            .collect(),
    )
}

/// The printable copy `out/pairings-<section>-rNN.xlsx` (no marker: never read back).
fn write_printable(
    inp: &Input<'_>,
    section: &Section,
    r: u32,
    lines: &Lines,
    out: &mut Output,
) -> Result<()> {
    let marker = Marker {
        event: inp.event.event.name.clone(),
        stage: marker_stage(inp.stage, section),
        round: r,
    };
    let label = match inp.lang {
        Lang::Zh => format!("{} 第{r}轮", section.name),
        Lang::En => format!("{} round {r}", section.id),
    };
    let doc = RoundDoc {
        event_title: &inp.event.event.name,
        marker: &marker,
        round_label: &label,
        sport: inp.event.event.sport,
        lang: inp.lang,
    };
    let path = inp
        .out
        .join(format!("pairings-{}-r{r:02}.xlsx", section.id));
    crate::rounds::write::write_printable(&path, &doc, lines)?;
    out.written.push(path);
    Ok(())
}

fn standings(
    sr: &SectionRun<'_>,
    bye_points: Points,
    keys: &[CxaKey],
    inp: &Input<'_>,
) -> cxa::CxaStandings {
    let g = &inp.event.scoring.game;
    let entrants: Vec<(u32, String, Option<u16>)> = sr
        .entrants
        .iter()
        .enumerate()
        .map(|(i, e)| (i as u32 + 1, e.label(), Some(e.rating).filter(|r| *r > 0)))
        .collect();
    let mut b = scoring::IndividualBuilder::new(
        entrants,
        // Over the rounds played so far: future rounds are not unplayed rounds.
        sr.complete.len(),
        scoring::Scoring {
            win: g.win,
            draw: g.draw,
            loss: Points::ZERO,
        },
        false,
        scoring::Edition::E2024,
    );
    for (ri, r) in sr.complete.iter().enumerate() {
        for &(red, black, res) in &r.games {
            if let Some(res) = res {
                let _ = b.game(ri + 1, red, black, res);
            }
        }
        if let Some(p) = r.bye {
            let _ = b.bye(ri + 1, p, RoundResult::Pab, bye_points);
        }
    }
    cxa::ranking(&b.build(), keys)
}

#[cfg(test)]
mod tests;
