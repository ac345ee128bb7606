//! Carrying one section through its rounds: read each round workbook, and pair the next round
//! once the previous ones are complete (withdrawn players left out).

use super::entrants::Entrant;
use super::read::{lines_of, read_round, strip_withdrawal};
use super::{SectionRun, berger, dutch, history, marker_stage};
use crate::eligibility::standing::Standing;
use crate::event::Stage;
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::{Colour, Points};
use crate::pairing::dutch::Dutch;
use crate::pairing::xiangqi_swiss::{XiangqiSwiss, XiangqiSwissOptions};
use crate::pairing::{Pairing, PairingSystem};
use crate::rounds::compare::Keys;
use crate::rounds::lines::{IndividualLine, Lines};
use crate::rounds::marker::Marker;
use crate::rounds::record::Recorded;
use crate::rounds::sheet::RoundSheet;
use crate::season::pairing_check;
use crate::season::walk::{self, StageRounds};
use crate::season::{RoundPaper, StageInput};
use crate::tournament::History;

/// The engine that pairs a section: the xiangqi Swiss, or the FIDE Dutch (a chess `swiss`).
#[derive(Debug, Clone, Copy)]
pub(super) enum Engine {
    /// The xiangqi Swiss with its options.
    Xiangqi(XiangqiSwissOptions),
    /// The FIDE Dutch (C.04.3).
    Dutch,
    /// The Berger schedule of a round robin (C.05 Annex 1) over its cycles (1 or 2).
    Berger(u32),
}

/// Reads the section's round workbooks in order and pairs the first round that has none, once
/// every earlier one is complete.
#[allow(clippy::too_many_arguments)]
pub(super) fn play_section(
    inp: &StageInput<'_>,
    sr: &mut SectionRun<'_>,
    planned: u32,
    bye_points: Points,
    engine: &Engine,
    findings: &mut Findings,
    papers: &mut Vec<RoundPaper>,
) {
    let mstage = marker_stage(inp.stage, sr.section);
    let mut rounds = SectionRounds {
        inp,
        sr,
        bye_points,
        engine,
        planned,
    };
    // The xiangqi section's pairing never fails with an error: a round that cannot be paired
    // is a finding and the walk stops there.
    if let Ok(w) = walk::walk(
        inp.sheets,
        &mstage,
        planned,
        !inp.event.draw().pair,
        &mut rounds,
        findings,
    ) {
        rounds.sr.paired = w.paired;
        papers.extend(w.papers);
    }
}

/// A section's rounds for the walker: each workbook read back against the pairing recomputed
/// from the rounds before; the next round paired by the xiangqi Swiss engine.
struct SectionRounds<'a, 'b> {
    inp: &'a StageInput<'a>,
    sr: &'a mut SectionRun<'b>,
    bye_points: Points,
    engine: &'a Engine,
    planned: u32,
}

impl SectionRounds<'_, '_> {
    /// The section's history over the complete rounds; `out` entrants are not paired.
    fn history(&self, out: impl Fn(usize) -> bool) -> History {
        let g = &self.inp.event.scoring().game;
        let points = (g.win, g.draw, self.bye_points);
        match self.engine {
            Engine::Xiangqi(_) | Engine::Berger(_) => {
                history(&self.sr.entrants, &self.sr.complete, points, out)
            }
            Engine::Dutch => dutch::pairing_history(self.sr, points, self.planned, out),
        }
    }

    /// Pairs the round after the complete ones.
    fn pair_next(&self, out: impl Fn(usize) -> bool) -> Result<Pairing, crate::pairing::Error> {
        match *self.engine {
            Engine::Xiangqi(options) => XiangqiSwiss { options }.pair(&self.history(out)),
            Engine::Dutch => Dutch.pair(&self.history(out)),
            // The schedule is fixed: the round after the complete ones.
            Engine::Berger(cycles) => {
                berger::round(self.sr.entrants.len(), cycles, self.sr.complete.len())
            }
        }
    }
}

impl StageRounds for SectionRounds<'_, '_> {
    fn read(&mut self, r: u32, sheet: &RoundSheet, findings: &mut Findings) -> (RoundPaper, bool) {
        let paper = paper(self.inp, self.sr, r, lines_of(sheet), false);
        // Without a record, the pairing is recomputed from the rounds before (as written).
        let fallback = if sheet.recorded.is_none() {
            // The pairing of round `r` from the `r - 1` complete rounds before it.
            self.pair_next(|_| false)
                .ok()
                .map(|p| Recorded::of(&pairing_lines(self.sr, &p)))
        } else {
            None
        };
        let key = |s: &str| name_key(s);
        let keys = Keys {
            key: &key,
            special: &|_| false,
        };
        let fallback = fallback.map_or(
            pairing_check::Fallback::None,
            pairing_check::Fallback::Recomputed,
        );
        let holds = pairing_check::holds(self.inp.event, sheet, fallback, &keys, findings);
        let (mut data, ok) = read_round(sheet, &self.sr.entrants, findings);
        data.requested = dutch::of_round(&self.sr.requested, r, &data);
        let complete = ok && holds && data.complete();
        if complete {
            self.sr.complete.push(data);
        }
        (paper, complete)
    }

    fn pair(&mut self, r: u32, findings: &mut Findings) -> crate::Result<Option<RoundPaper>> {
        let sr = &*self.sr;
        let file = format!("{}-r{r:02}.xlsx", sr.section.id);
        // A disqualified entrant is not paired again, nor one ruled withdrawn from this round.
        match self.pair_next(|i| sr.disqualified(i) || sr.withdrawn_by_ruling(i, r)) {
            Ok(p) => Ok(Some(paper(self.inp, sr, r, pairing_lines(sr, &p), true))),
            Err(e) => {
                findings.push(Finding::new(
                    Code::PairingImpossible,
                    Source::file(format!("results/{file}")),
                    format!("{}第{r}轮无法编排（{e}），请裁判长决定", sr.section.name),
                    format!(
                        "{} round {r} cannot be paired ({e}); the chief arbiter decides",
                        sr.section.id
                    ),
                ));
                Ok(None)
            }
        }
    }
}

/// The rows of a new pairing: each game red – black by board, then the bye.
fn pairing_lines(sr: &SectionRun<'_>, pairing: &Pairing) -> Lines {
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
    Lines::Individual(lines)
}

/// The key a player cell is compared by: the name without its withdrawal mark, spaces and
/// bracket widths folded.
fn name_key(cell: &str) -> String {
    strip_withdrawal(cell)
        .0
        .chars()
        .filter(|c| !c.is_whitespace())
        .map(|c| match c {
            '(' => '（',
            ')' => '）',
            c => c,
        })
        .collect()
}

/// The paper of round `r` of a section: `results/<section>-rNN.xlsx`.
fn paper(
    inp: &StageInput<'_>,
    sr: &SectionRun<'_>,
    r: u32,
    lines: Lines,
    fresh: bool,
) -> RoundPaper {
    let section = sr.section;
    let marks = marks(sr, &lines);
    RoundPaper {
        marker: Marker {
            event: inp.event.meta().name.clone(),
            stage: marker_stage(inp.stage, section),
            round: r,
        },
        file: format!("{}-r{r:02}", section.id),
        name: section.name.clone(),
        id: section.id.to_string(),
        lines,
        fresh,
        replaces: None,
        marks,
        groups: Default::default(),
    }
}

/// The entrants of a round's rows that are not in good standing, as their cells read, in
/// order of appearance (a cell matched to its entrant by [`name_key`]).
fn marks(sr: &SectionRun<'_>, lines: &Lines) -> Vec<(String, Standing)> {
    let Lines::Individual(rows) = lines else {
        return Vec::new();
    };
    let marked: Vec<(String, &Standing)> = sr
        .entrants
        .iter()
        .zip(&sr.standings)
        .filter_map(|(e, s)| Some((name_key(&e.label()), s.as_ref()?)))
        .collect();
    let mut out: Vec<(String, Standing)> = Vec::new();
    for cell in rows
        .iter()
        .flat_map(|l| std::iter::once(l.left.as_str()).chain(l.right.as_deref()))
    {
        let key = name_key(cell);
        if let Some((_, s)) = marked.iter().find(|(k, _)| *k == key)
            && !out.iter().any(|(c, _)| name_key(c) == key)
        {
            out.push((strip_withdrawal(cell).0.trim().to_string(), (*s).clone()));
        }
    }
    out
}

/// The xiangqi Swiss's options from the stage's `[stages.pairing]` (absent: the engine's
/// defaults, 同队不相遇 on): `three_in_a_row = "last-round"` lifts the run limit in round
/// `planned`, `forfeit_rematch = "never"` counts a forfeit as a meeting.
pub(super) fn xiangqi_options(stage: &Stage, planned: u32) -> XiangqiSwissOptions {
    use crate::event::{ForfeitRematch, ThreeInARow};
    let p = stage.pairing.as_ref();
    XiangqiSwissOptions {
        avoid_same_unit: p.is_none_or(|p| p.avoid_same_unit),
        max_same_side_in_row: p
            .and_then(|p| p.max_same_colour_run)
            .map_or(2, |n| n as usize),
        initial_side: Colour::White,
        run_limit_lifted_in: p
            .is_some_and(|p| p.three_in_a_row == Some(ThreeInARow::LastRound))
            .then_some(planned),
        forfeit_is_meeting: p.is_some_and(|p| p.forfeit_rematch == Some(ForfeitRematch::Never)),
    }
}
