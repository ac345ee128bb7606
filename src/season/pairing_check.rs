//! Whether a round workbook's pairing may count: the rows compared with the pairing bianpai
//! recorded when it wrote the workbook ([`crate::rounds::compare`]), and the arbiter's
//! confirmation (`[[rulings]]` with `round = N`, `decision = "pairing-confirmed"`).
//!
//! A workbook without a record (written before the record existed) is compared with the
//! pairing the season computes for that round ([`Fallback`]): the round robin's schedule and
//! the knockout bracket are fixed, so a difference is an error as against a record; a Swiss
//! pairing recomputed from the rounds before also changes with a late entry or a roster change
//! since, so there a difference is a warning.

use crate::event::Event;
use crate::event::{Decision, Ruling};
use crate::findings::{Code, Finding, Findings, Severity};
use crate::rounds::compare::{self, ChangeKind, Keys};
use crate::rounds::record::{Recorded, RecordedGame};
use crate::rounds::sheet::{RoundSheet, Rows};

use super::matches::TeamInfo;

/// The recorded form of a team pairing `(home, away)` by team number, every match on boards
/// `1..=boards`, then the bye (a team Swiss's `bye`, as its row is written: team – `轮空`).
pub fn team_record(
    pairs: &[(u32, u32)],
    bye: Option<u32>,
    teams: &[TeamInfo],
    boards: u32,
) -> Recorded {
    let name = |n: u32| {
        teams
            .iter()
            .find(|t| t.number == n)
            .map(|t| t.name.clone())
            .unwrap_or_default()
    };
    let mut games = Vec::new();
    for (i, &(h, a)) in pairs.iter().enumerate() {
        for board in 1..=boards {
            games.push(RecordedGame {
                match_no: u32::try_from(i + 1).unwrap_or(u32::MAX),
                board,
                left: name(h),
                right: Some(name(a)),
            });
        }
    }
    if let Some(b) = bye {
        games.push(RecordedGame {
            match_no: u32::try_from(pairs.len() + 1).unwrap_or(u32::MAX),
            board: 1,
            left: name(b),
            right: Some(crate::rounds::sheet::BYE_WORDS[0].to_string()),
        });
    }
    Recorded {
        team: true,
        games,
        line_ups: None,
    }
}

/// The ruling confirming the pairing of the sheet's round, if any: `round` equal, `stage`
/// absent or naming the marker's stage (`finals`, or a section: `open-men` matches the marker
/// stage `swiss:open-men`).
pub fn confirmation<'a>(event: &'a Event, sheet: &RoundSheet) -> Option<&'a Ruling> {
    let m = &sheet.marker;
    event.rulings().iter().find(|r| {
        r.decision == Decision::PairingConfirmed
            && r.round == Some(m.round)
            && r.stage.as_deref().is_none_or(|s| {
                let s = s.trim();
                s == m.stage || m.stage.split(':').any(|part| part == s)
            })
    })
}

/// What a workbook without a record is compared with.
#[derive(Debug, Clone)]
pub enum Fallback {
    /// The pairing is fixed (a round robin's schedule, the knockout bracket): a difference is
    /// as much an error as against a record.
    Fixed(Recorded),
    /// The pairing recomputed from the rounds before (a Swiss): a late entry or a roster
    /// change since the workbook was written changes it too, so a difference is a warning.
    Recomputed(Recorded),
    /// Nothing to compare with: only impossible pairings are looked for.
    None,
}

/// The keys of every team or player named in the sheet's rows.
fn present(sheet: &RoundSheet, keys: &Keys<'_>) -> std::collections::BTreeSet<String> {
    let mut out = std::collections::BTreeSet::new();
    match &sheet.rows {
        Rows::Team(rows) => {
            for r in rows {
                out.insert((keys.key)(&r.home_team));
                out.insert((keys.key)(&r.away_team));
            }
        }
        Rows::Individual(rows) => {
            for r in rows {
                out.insert((keys.key)(&r.left));
                out.insert((keys.key)(&r.right));
            }
        }
    }
    out
}

/// Compares the sheet's pairing with its record (else the fallback), pushes a
/// `result.pairing-changed` finding per difference, and says whether the round may count as
/// the workbook says: no impossible pairing, and no difference unless confirmed.
pub fn holds(
    event: &Event,
    sheet: &RoundSheet,
    fallback: Fallback,
    keys: &Keys<'_>,
    findings: &mut Findings,
) -> bool {
    let (recorded, lenient) = match (&sheet.recorded, fallback) {
        (Some(r), _) => (Some(r.clone()), false),
        (None, Fallback::Fixed(r)) => (Some(r), false),
        (None, Fallback::Recomputed(mut r)) => {
            // Someone absent from the whole sheet joined later (a late entry, reported as
            // such): their games are not looked for.
            let present = present(sheet, keys);
            r.games.retain(|g| {
                present.contains(&(keys.key)(&g.left))
                    && g.right
                        .as_deref()
                        .is_none_or(|x| present.contains(&(keys.key)(x)))
            });
            (Some(r), true)
        }
        (None, Fallback::None) => (None, false),
    };
    let changes = compare::compare(sheet, recorded.as_ref(), keys);
    let ruling = confirmation(event, sheet);
    let round = sheet.marker.round;
    let mut ok = true;
    for c in changes {
        let (severity, zh, en) = match (c.kind, ruling) {
            (ChangeKind::Impossible, _) => (Severity::Error, c.zh, c.en),
            (ChangeKind::Changed, None) if lenient => (
                Severity::Warning,
                format!(
                    "{}（该成绩表没有 bianpai 的编排记录，按重新计算的编排核对；晚报名或名单变化也会造成差异，请裁判长核实）",
                    c.zh
                ),
                format!(
                    "{} (the workbook has no record of bianpai's pairing and is compared with the pairing recomputed; a late entry or a roster change also makes a difference: the arbiter checks)",
                    c.en
                ),
            ),
            (ChangeKind::Changed, Some(r)) => (
                Severity::Warning,
                format!("{}；已由裁判长确认（event.toml 第{}行）", c.zh, r.line),
                format!(
                    "{}; confirmed by the arbiter (event.toml line {})",
                    c.en, r.line
                ),
            ),
            (ChangeKind::Changed, None) => (
                Severity::Error,
                format!(
                    "{}；本轮暂不计入，如属裁判长决定，请在 event.toml 中加入 [[rulings]] round = {round}, decision = \"pairing-confirmed\"",
                    c.zh
                ),
                format!(
                    "{}; the round does not count until the arbiter confirms it in event.toml ([[rulings]] round = {round}, decision = \"pairing-confirmed\")",
                    c.en
                ),
            ),
        };
        if severity == Severity::Error {
            ok = false;
        }
        let mut f = Finding::new(Code::ResultPairingChanged, c.source, zh, en).severity(severity);
        if let Some(clause) = ruling.and_then(|r| r.clause.as_deref()) {
            f = f.clause(clause);
        }
        findings.push(f);
    }
    ok
}
