//! What a FIDE Dutch section (an individual chess Swiss, `system = "swiss"`) adds to the
//! individual sections: the pairing numbers of C.04.2, the byes the players requested
//! (`bye-half` / `bye-zero` rulings) and the standings by the stage's C.07 order.
//!
//! Decisions:
//!
//! - Pairing numbers (C.04.2 1.1 … 1.3): rating, highest first; then FIDE title (GM, IM, WGM,
//!   FM, WIM, CM, WFM, WCM, none); players equal on both (the unrated above all) by
//!   `[stages.pairing] unrated`: `pinyin` (the default, 默认值（规程未规定，请组织者确认）)
//!   orders them alphabetically by the name as FIDE writes it (the pinyin of the Chinese
//!   name), then the name and the unit; `draw` shuffles each such group, taken in that pinyin
//!   order, with `[draw] seed` mixed with the section's id (the same folder always draws the
//!   same numbers). The numbers are fixed from the roster at each run, as the TRF's start
//!   numbers are: a late entry takes its place by rating among the others.
//! - A requested bye is a ruling in `event.toml` (read at every run, before the round is
//!   paired): the player's slot of that round is an `H` or `Z` bye entered ahead, which is how
//!   the history tells the engine that a player is not paired (as bbpPairings reads a TRF). A
//!   request over `[stages.bye] requested_max`, an `H` after `half_point_rounds_until`, or one
//!   for a round beyond the stage is `round.bye-refused` at the ruling's line and is not
//!   honoured. A request for a round already paired with the player on a board changes nothing
//!   (the round workbook is never rewritten).
//! - Standings: the section's history over the complete rounds, scored and ranked by
//!   [`crate::scoring::standings`] — the computation of `trf standings` on the section's
//!   exported TRF — by the stage's `[[tiebreaks]] order` (default `PTS BH/C1 BH SB`), the
//!   columns titled by its `names` (the code where no name is given).

use std::collections::HashMap;

use super::entrants::Entrant;
use super::{SectionRun, XqRoundData, history};
use crate::event::{Decision, Event, Section, Stage, System, UnratedOrder};
use crate::findings::{Code, Finding, Findings, Source};
use crate::model::Points;
use crate::model::roster::Roster;
use crate::scoring::cxa::CxaStandings;
use crate::scoring::{self, Edition, TieBreak};
use crate::season::draw::{SplitMix64, seed_from};
use crate::tournament::{ByeKind, History, Layout, ViewOptions};

/// The order of FIDE titles in C.04.2 1.2 (a title not listed, or none, comes after them).
const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];

/// The default tie-break order of a FIDE Dutch stage without `[[tiebreaks]]`.
const DEFAULT_ORDER: &str = "PTS BH/C1 BH SB";

/// A bye a player requested: the round (1-based), the entrant and the kind (`H` or `Z`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Requested {
    /// The round, 1-based.
    pub round: u32,
    /// The entrant's index in the section.
    pub entrant: usize,
    /// [`ByeKind::Half`] or [`ByeKind::Zero`].
    pub kind: ByeKind,
}

/// The FIDE title of an entrant, from the roster (empty when none is given).
fn title_of(roster: &Roster, e: &Entrant) -> String {
    roster
        .teams
        .iter()
        .filter(|t| t.unit.value == e.unit)
        .flat_map(|t| &t.players)
        .find(|p| p.display_name() == e.name)
        .and_then(|p| p.title.as_ref())
        .map(|t| t.value.trim().to_ascii_uppercase())
        .unwrap_or_default()
}

/// The rank of a title in C.04.2 1.2 (lower first).
fn title_rank(title: &str) -> usize {
    TITLES
        .iter()
        .position(|t| *t == title)
        .unwrap_or(TITLES.len())
}

/// Puts the entrants of a FIDE Dutch section in pairing-number order (C.04.2).
pub(super) fn order(
    event: &Event,
    stage: &Stage,
    section: &Section,
    roster: &Roster,
    entrants: &mut Vec<Entrant>,
) {
    let mut keyed: Vec<(u16, usize, String, Entrant)> = std::mem::take(entrants)
        .into_iter()
        .map(|e| {
            let title = title_rank(&title_of(roster, &e));
            (e.rating, title, e.fide_name.to_lowercase(), e)
        })
        .collect();
    keyed.sort_by(|a, b| {
        b.0.cmp(&a.0)
            .then(a.1.cmp(&b.1))
            .then_with(|| a.2.cmp(&b.2))
            .then_with(|| a.3.name.cmp(&b.3.name))
            .then_with(|| a.3.unit.cmp(&b.3.unit))
    });
    let drawn = stage.pairing.as_ref().and_then(|p| p.unrated) == Some(UnratedOrder::Draw);
    if let (true, Some(seed)) = (drawn, event.draw().seed) {
        let mut rng = SplitMix64::new(seed ^ seed_from(&[&section.id]));
        let mut start = 0;
        while start < keyed.len() {
            let key = keyed.get(start).map(|k| (k.0, k.1));
            let len = keyed
                .iter()
                .skip(start)
                .take_while(|k| Some((k.0, k.1)) == key)
                .count();
            // Fisher-Yates over the group, from its pinyin order.
            if let Some(group) = keyed.get_mut(start..start + len) {
                for i in (1..group.len()).rev() {
                    let j = usize::try_from(rng.below(i as u64 + 1)).unwrap_or(0);
                    group.swap(i, j);
                }
            }
            start += len.max(1);
        }
    }
    *entrants = keyed.into_iter().map(|k| k.3).collect();
}

/// The byes the players of the section requested (rulings `bye-half` / `bye-zero`), each
/// checked against the stage's limits; a refused one is a finding at its line.
pub(super) fn requests(
    event: &Event,
    stage: &Stage,
    section: &Section,
    entrants: &[Entrant],
    findings: &mut Findings,
) -> Vec<Requested> {
    let key = |n: &str| crate::normalize::name(n).map(|n| n.key).unwrap_or_default();
    let limits = stage.bye.as_ref();
    let max = limits.and_then(|b| b.requested_max);
    let half_until = limits.and_then(|b| b.half_point_rounds_until);
    let planned = stage.rounds.unwrap_or(0);
    let mut out: Vec<Requested> = Vec::new();
    let mut count: HashMap<usize, u32> = HashMap::new();
    for r in event.rulings() {
        let kind = match r.decision {
            Decision::ByeHalf => ByeKind::Half,
            Decision::ByeZero => ByeKind::Zero,
            _ => continue,
        };
        if r.stage.as_ref().is_some_and(|s| *s != stage.id) {
            continue;
        }
        let (Some(person), Some(round)) = (&r.person, r.round) else {
            continue;
        };
        let unit = r.team.as_deref().map(crate::normalize::unit_key);
        let Some(i) = entrants.iter().position(|e| {
            key(&e.name) == key(person)
                && unit
                    .as_ref()
                    .is_none_or(|u| *u == crate::normalize::unit_key(&e.unit))
        }) else {
            continue;
        };
        if out.iter().any(|q| q.entrant == i && q.round == round) {
            continue;
        }
        let n = count.entry(i).or_insert(0);
        let why = if round > planned {
            Some((
                format!("第{round}轮超出本赛段轮数（{planned}轮）"),
                format!("round {round} is beyond the stage's {planned} rounds"),
            ))
        } else if max.is_some_and(|m| *n >= m) {
            let m = max.unwrap_or(0);
            Some((
                format!("超过每人请假轮空上限（requested_max = {m}）"),
                format!("over the limit of {m} requested byes a player (requested_max)"),
            ))
        } else if kind == ByeKind::Half && half_until.is_some_and(|u| round > u) {
            let u = half_until.unwrap_or(0);
            Some((
                format!("半分轮空只限第1-{u}轮（half_point_rounds_until = {u}）"),
                format!("half-point byes only for rounds 1-{u} (half_point_rounds_until)"),
            ))
        } else {
            None
        };
        let Some(e) = entrants.get(i) else { continue };
        if let Some((zh, en)) = why {
            findings.push(
                Finding::new(
                    Code::RoundByeRefused,
                    Source::sheet(crate::event::EVENT_FILE, format!("第{}行", r.line)),
                    format!(
                        "{}：{}第{round}轮请假轮空不予受理：{zh}，照常编排",
                        section.name,
                        e.label()
                    ),
                    format!(
                        "{}: {:?} requested a bye for round {round}: refused, {en}; paired as \
                         usual",
                        section.id,
                        e.label()
                    ),
                )
                .team(&e.unit)
                .person(&e.name),
            );
            continue;
        }
        *n += 1;
        out.push(Requested {
            round,
            entrant: i,
            kind,
        });
    }
    out
}

/// The requested byes of round `round` (1-based) for the entrants not on a board of `data`.
pub(super) fn of_round(
    requested: &[Requested],
    round: u32,
    data: &XqRoundData,
) -> Vec<(usize, ByeKind)> {
    requested
        .iter()
        .filter(|q| q.round == round && !data.takes_part(q.entrant))
        .map(|q| (q.entrant, q.kind))
        .collect()
}

/// The history the FIDE Dutch pairs round `complete + 1` from: the complete rounds, the
/// planned rounds (C.04.3's last-round rules), and the byes requested for that round entered
/// ahead, next to the zero-point byes of the players not paired (`out`, withdrawn).
pub(super) fn pairing_history(
    sr: &SectionRun<'_>,
    points: (Points, Points, Points),
    planned: u32,
    out: impl Fn(usize) -> bool,
) -> History {
    let mut h = history(&sr.entrants, &sr.complete, points, out);
    h.rounds_planned = planned as usize;
    h.accelerations = super::baku::accelerations(sr, planned, (points.0, points.1));
    let next = sr.complete.len();
    let round = u32::try_from(next + 1).unwrap_or(u32::MAX);
    for q in sr.requested.iter().filter(|q| q.round == round) {
        if let Some(e) = h.entrants.get_mut(q.entrant)
            && e.rounds.len() == next
        {
            e.rounds.push(crate::tournament::Slot {
                opponent: None,
                colour: None,
                outcome: crate::tournament::Outcome::Bye(q.kind),
            });
        }
    }
    h
}

/// The round to be paired, as the pairing history enters it ahead: `(entrant, bye)` for the
/// byes requested and the entrants not paired (withdrawn, disqualified); empty once the
/// section's rounds are over.
pub(super) fn upcoming(
    sr: &SectionRun<'_>,
    points: (Points, Points, Points),
    planned: u32,
) -> Vec<(usize, ByeKind)> {
    let next = sr.complete.len();
    if next >= planned as usize {
        return Vec::new();
    }
    let round = u32::try_from(next + 1).unwrap_or(u32::MAX);
    let h = pairing_history(sr, points, planned, |i| {
        sr.disqualified(i) || sr.withdrawn_by_ruling(i, round)
    });
    (0..h.entrants.len())
        .filter_map(|i| Some((i, h.requested_bye(i)?)))
        .collect()
}

/// The section's standings over its complete rounds by the stage's C.07 order, and the codes
/// of its columns (the summary's keys); a round robin's ([`super::berger`]) scored as one.
pub(super) fn standings(
    event: &Event,
    stage: &Stage,
    sr: &SectionRun<'_>,
    points: (Points, Points, Points),
    planned: u32,
) -> (CxaStandings, Vec<String>) {
    // A round robin (C.05) is scored as one: no Buchholz, its own default order.
    let (default, layout) = if stage.system == System::RoundRobin {
        (super::berger::DEFAULT_ORDER, Layout::RoundRobin)
    } else {
        (DEFAULT_ORDER, Layout::Swiss)
    };
    let keys: Vec<TieBreak> = match event.tiebreak_keys(&stage.id, &sr.section.id) {
        Some(k) => k.to_vec(),
        None => scoring::parse_list(default).unwrap_or_default(),
    };
    let names = event
        .tiebreaks_for(&stage.id, &sr.section.id)
        .map(|t| t.names.clone())
        .unwrap_or_default();
    let mut h = history(&sr.entrants, &sr.complete, points, |_| false);
    h.rounds_planned = planned as usize;
    // The rules in force on the stage's first day, as the TRF's 042 says.
    let start = stage.start.unwrap_or(event.dates().start).to_string();
    let edition = Edition::for_start_date(&start).unwrap_or(Edition::E2026);
    let t = h.scored(ViewOptions {
        edition: Some(edition),
        layout,
    });
    let s = scoring::standings(&t, &keys);
    let codes: Vec<String> = keys.iter().map(|k| k.text.clone()).collect();
    let headers = codes
        .iter()
        .enumerate()
        .map(|(i, c)| names.get(i).cloned().unwrap_or_else(|| c.clone()))
        .collect();
    (
        CxaStandings {
            headers,
            column_keys: Vec::new(),
            decimals: s.decimals,
            rows: s.rows,
        },
        codes,
    )
}
