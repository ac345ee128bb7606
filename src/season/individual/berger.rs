//! What an individual round robin (`system = "round-robin"` over individual sections) adds to
//! the individual sections: the numbers of the draw, the Berger schedule (FIDE C.05 Annex 1,
//! [`crate::pairing::berger`]) and its size limits.
//!
//! Decisions:
//!
//! - Numbers (C.05: by lot): `[draw.sections] <section> = ["name", …]`, the public draw typed
//!   in number order (a name, or `姓名（单位）` when two players share a name), which must
//!   name every player of the section once; else bianpai draws: the players taken by name
//!   then unit, shuffled (Fisher-Yates, SplitMix64) with `[draw] seed` mixed with the
//!   section's id; without a seed, one derived from the event's name (默认值（规程未规定，
//!   请组织者确认）), so the same folder always draws the same numbers.
//! - A section has 2 to [`MAX_PLAYERS`] players; `rounds` is the schedule's length (n − 1 for
//!   an even n, n for an odd one, twice that for `cycles = 2`): anything else is refused at
//!   its key with the numbers, as the schedule cannot be played otherwise.
//! - The pairing of round r is row r of the Berger table, the first-named White; a double
//!   round robin is the single schedule with its last two rounds swapped, then reversed
//!   (RULES.md §C). With an odd number the player who meets the dummy rests: the round
//!   workbook's `轮空` line, worth nothing (no `[stages.bye]` in a round robin).
//! - A withdrawal (退赛) or a disqualification does not change the schedule: the arbiter types
//!   the remaining games as forfeits (`+`/`-`), as C.05 leaves their treatment to the
//!   regulation.
//! - Standings: the section's history as a round robin (C.07: no Buchholz), by the stage's
//!   order, default `PTS DE WIN SB KS` (C.07's recommendation for an individual round robin).

use super::entrants::Entrant;
use crate::event::{Event, Section, Stage};
use crate::pairing::berger::{self, Round};
use crate::pairing::{Error as PairingError, Pairing};
use crate::season::draw::{SplitMix64, seed_from};
use crate::season::refusal;

/// The largest individual round robin section bianpai plays.
pub const MAX_PLAYERS: usize = 20;

/// The default tie-break order of an individual round robin without `[[tiebreaks]]`.
pub(super) const DEFAULT_ORDER: &str = "PTS DE WIN SB KS";

/// The stage's cycles: 1 (single) or 2 (double).
pub(super) fn cycles(stage: &Stage) -> u32 {
    stage.cycles.unwrap_or(1)
}

/// The key of the stage in event.toml.
fn stage_key(event: &Event, stage: &Stage) -> String {
    let i = event.stages().iter().position(|s| s.id == stage.id);
    format!("stages[{}]", i.unwrap_or(0))
}

/// The number of rounds of a round robin of `n` players over `cycles`.
pub fn rounds_of(n: usize, cycles: u32) -> usize {
    (n + n % 2).saturating_sub(1) * cycles as usize
}

/// Refuses a section the schedule cannot play: more than [`MAX_PLAYERS`], or a stage whose
/// `rounds` is not the schedule's length.
///
/// # Errors
///
/// [`crate::event::EventError::Invalid`] at the stage's `sections` / `rounds` key, naming the
/// numbers.
pub(super) fn check_size(
    event: &Event,
    stage: &Stage,
    section: &Section,
    n: usize,
) -> crate::Result<()> {
    let key = stage_key(event, stage);
    if n > MAX_PLAYERS {
        return Err(refusal(
            format!("{key}.system"),
            format!(
                "个人循环赛组别“{}”有{n}名棋手，超过{MAX_PLAYERS}名上限",
                section.name
            ),
            format!(
                "the round robin section {:?} has {n} players, over the limit of {MAX_PLAYERS}",
                section.id
            ),
        ));
    }
    let want = rounds_of(n, cycles(stage));
    let rounds = stage.rounds.unwrap_or(0) as usize;
    if n >= 2 && rounds != want {
        let kind = if cycles(stage) == 2 {
            ("双循环", "double")
        } else {
            ("单循环", "single")
        };
        return Err(refusal(
            format!("{key}.rounds"),
            format!(
                "组别“{}”{n}名棋手{}共{want}轮，rounds = {rounds} 不符",
                section.name, kind.0
            ),
            format!(
                "{n} players of {:?} play a {} round robin of {want} rounds, not rounds = {rounds}",
                section.id, kind.1
            ),
        ));
    }
    Ok(())
}

/// Puts the entrants in the order of the draw: the typed public draw, else bianpai's.
///
/// # Errors
///
/// [`crate::event::EventError::Invalid`] at `draw.sections.<id>` when the typed draw does not
/// name every player of the section exactly once.
pub(super) fn order(
    event: &Event,
    section: &Section,
    entrants: &mut Vec<Entrant>,
) -> crate::Result<()> {
    if let Some(names) = event.draw().sections.get(section.id.as_str()) {
        return typed(section, names, entrants);
    }
    entrants.sort_by(|a, b| a.name.cmp(&b.name).then_with(|| a.unit.cmp(&b.unit)));
    let base = event
        .draw()
        .seed
        .unwrap_or_else(|| seed_from(&[&event.meta().name]));
    let mut rng = SplitMix64::new(base ^ seed_from(&[&section.id]));
    for i in (1..entrants.len()).rev() {
        let j = usize::try_from(rng.below(i as u64 + 1)).unwrap_or(0);
        entrants.swap(i, j);
    }
    Ok(())
}

/// The entrants in the order of the typed draw.
fn typed(section: &Section, names: &[String], entrants: &mut Vec<Entrant>) -> crate::Result<()> {
    let key = |s: &str| -> String { s.chars().filter(|c| !c.is_whitespace()).collect() };
    let key_of = |e: &Entrant| (key(&e.name), key(&e.label()));
    let mut pool: Vec<Option<Entrant>> = std::mem::take(entrants).into_iter().map(Some).collect();
    let path = format!("draw.sections.{}", section.id);
    for (k, typed) in names.iter().enumerate() {
        let t = key(typed);
        let hits: Vec<usize> = pool
            .iter()
            .enumerate()
            .filter(|(_, e)| {
                e.as_ref()
                    .is_some_and(|e| key_of(e).0 == t || key_of(e).1 == t)
            })
            .map(|(i, _)| i)
            .collect();
        let [i] = hits[..] else {
            let (zh, en) = if hits.is_empty() {
                (
                    "不是本组别（尚未排号）的棋手",
                    "is not an unnumbered player of the section",
                )
            } else {
                (
                    "同名棋手不止一人，请写“姓名（单位）”",
                    "names several players: write 姓名（单位）",
                )
            };
            return Err(refusal(
                format!("{path}[{k}]"),
                format!("{}第{}号“{typed}”{zh}", section.name, k + 1),
                format!("{}: number {} {typed:?} {en}", section.id, k + 1),
            ));
        };
        if let Some(e) = pool.get_mut(i).and_then(Option::take) {
            entrants.push(e);
        }
    }
    let missing: Vec<String> = pool.iter().flatten().map(Entrant::label).collect();
    if !missing.is_empty() {
        return Err(refusal(
            path,
            format!(
                "{}的抽签序号缺少{}名棋手：{}",
                section.name,
                missing.len(),
                missing.join("、")
            ),
            format!(
                "{}'s draw leaves out {} players: {}",
                section.id,
                missing.len(),
                missing.join(", ")
            ),
        ));
    }
    Ok(())
}

/// The schedule of a section of `n` players over `cycles`.
fn schedule(n: usize, cycles: u32) -> Result<Vec<Round>, PairingError> {
    let n = u16::try_from(n).map_err(|_| PairingError::BadInput(format!("{n} players")))?;
    if cycles == 2 {
        berger::double_schedule(n)
    } else {
        berger::schedule(n)
    }
}

/// Round `index + 1` of the schedule as a pairing: its pairs by board, the rest as the bye.
///
/// # Errors
///
/// [`PairingError::BadInput`] beyond the schedule or for fewer than 2 players.
pub(super) fn round(n: usize, cycles: u32, index: usize) -> Result<Pairing, PairingError> {
    let rounds = schedule(n, cycles)?;
    let len = rounds.len();
    let r = rounds
        .into_iter()
        .nth(index)
        .ok_or_else(|| PairingError::BadInput(format!("the schedule has {len} rounds")))?;
    Ok(Pairing {
        pairs: r.pairs,
        bye: r.rest,
    })
}
