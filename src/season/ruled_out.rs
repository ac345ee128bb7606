//! A team ruled out (`decision = "disqualified"`) in a league with knockout finals (SPEC §7a,
//! 乙级规程 七(四)3: 已经完成的比赛结果不再改变，其被取消的名次依次递补): the bracket is
//! re-seeded only before it is paired; once paired it keeps its seeds, results played stand,
//! and the ruled-out team's final place goes, the places below moving up. A bracket match left
//! with one team (its opponent ruled out, or a seed left empty) waits for the chief arbiter's
//! walkover (`decision = "walkover"`, `team` = the team that goes through); until then the
//! finals are not over.

use std::collections::{BTreeMap, BTreeSet};

use super::TeamIndex;
use super::league::sheet_pairs;
use crate::event::{Decision, Event};
use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::pairing::knockout::{self, Bracket, Side};
use crate::rounds::sheet::RoundSheet;

/// Whether the finals bracket was paired before a disqualification (SPEC §7a, 乙级规程 七(四)3:
/// 已经完成的比赛结果不再改变): a team ruled out since (in the season's order, not in `now`)
/// stands in the finals' first round workbook. The bracket then keeps its seeds and the places
/// below the ruled-out team move up once the finals are over; a bracket is re-seeded from the
/// ranking without the team only before it is paired.
pub(super) fn paired_before_ruling(
    sheets: &[RoundSheet],
    finals: &str,
    season_order: &[u32],
    now: &[u32],
    index: &TeamIndex<'_>,
) -> bool {
    let Some(first) = sheets
        .iter()
        .find(|s| s.marker.stage == finals && s.marker.round == 1)
    else {
        return false;
    };
    let paired = sheet_pairs(first, index);
    season_order
        .iter()
        .filter(|t| !now.contains(t))
        .any(|t| paired.iter().any(|(h, a)| h == t || a == t))
}

/// A bracket match with one team left: the match, the side still in, the side gone.
struct Lone<'a> {
    id: &'a str,
    present: u16,
    gone: u16,
    side: Side,
}

/// The open matches of `outcome` with exactly one side gone: a seed with no team (left empty
/// by a disqualification before the bracket was paired) or a team in `out`.
fn lone<'a>(
    outcome: &'a knockout::BracketOutcome,
    seeds: &BTreeMap<u16, u32>,
    out: &BTreeSet<u32>,
) -> Vec<Lone<'a>> {
    let gone = |s: u16| seeds.get(&s).is_none_or(|t| out.contains(t));
    outcome
        .matches
        .iter()
        .filter(|m| matches!(m.decision, knockout::Decision::Open(_)))
        .filter_map(|m| {
            let (a, b) = (m.first?, m.second?);
            let (present, gone_seed, side) = match (gone(a), gone(b)) {
                (false, true) => (a, b, Side::First),
                (true, false) => (b, a, Side::Second),
                _ => return None,
            };
            Some(Lone {
                id: &m.id,
                present,
                gone: gone_seed,
                side,
            })
        })
        .collect()
}

/// Sets the walkovers the chief arbiter ruled (`decision = "walkover"` naming the team still
/// in) on the results of the bracket's lone matches, match by match as the bracket unfolds.
pub(super) fn apply_walkovers(
    event: &Event,
    b: &Bracket,
    seeds: &BTreeMap<u16, u32>,
    out: &BTreeSet<u32>,
    teams: &[super::matches::TeamInfo],
    results: &mut BTreeMap<String, knockout::MatchResult>,
) -> Result<(), String> {
    let ruled: BTreeSet<String> = (event.rulings().iter())
        .filter(|r| r.decision == Decision::Walkover)
        .filter_map(|r| r.team.as_deref().map(crate::normalize::unit_key))
        .collect();
    if ruled.is_empty() {
        return Ok(());
    }
    for _ in 0..b.matches.len() {
        let outcome = knockout::decide(b, results).map_err(|e| e.to_string())?;
        let next = lone(&outcome, seeds, out).into_iter().find(|l| {
            team_name(teams, seeds, l.present)
                .is_some_and(|n| ruled.contains(&crate::normalize::unit_key(&n)))
        });
        let Some(l) = next else {
            break;
        };
        results.entry(l.id.to_string()).or_default().walkover = Some(l.side);
    }
    Ok(())
}

/// The name of the team of `seed`.
fn team_name(
    teams: &[super::matches::TeamInfo],
    seeds: &BTreeMap<u16, u32>,
    seed: u16,
) -> Option<String> {
    let n = seeds.get(&seed)?;
    teams
        .iter()
        .find(|t| t.number == *n)
        .map(|t| t.name.clone())
}

/// A finding for each bracket match left with one team and no walkover ruled: the chief
/// arbiter decides (the finals are not over until then).
pub(super) fn ask_walkovers(
    k: &crate::event::Knockout,
    outcome: &knockout::BracketOutcome,
    seeds: &BTreeMap<u16, u32>,
    out: &BTreeSet<u32>,
    teams: &[super::matches::TeamInfo],
    findings: &mut Findings,
) {
    for l in lone(outcome, seeds, out) {
        let name = k
            .matches
            .iter()
            .find(|m| m.id == l.id)
            .map(|m| m.name.as_str())
            .unwrap_or(l.id);
        let present = team_name(teams, seeds, l.present).unwrap_or_default();
        let (gone_zh, gone_en) = match team_name(teams, seeds, l.gone) {
            Some(t) => (format!("{t}已被取消资格"), format!("{t} is disqualified")),
            None => (
                format!("序号{}空缺（取消资格后重新排定）", l.gone),
                format!(
                    "seed {} is empty (re-seeded after a disqualification)",
                    l.gone
                ),
            ),
        };
        findings.push(
            Finding::new(
                Code::ResultMissing,
                Source::file(crate::event::EVENT_FILE),
                format!(
                    "总决赛{}（{name}）只剩{present}一队：{gone_zh}。请总裁判长裁定，\
                     在 event.toml 中写明 [[rulings]] team = \"{present}\"，decision = \"walkover\"\
                     （不战而胜）；裁定前总决赛名次不能确定",
                    l.id
                ),
                format!(
                    "finals match {} ({name}) has one team left, {present}: {gone_en}. The chief \
                     arbiter rules the walkover in event.toml: [[rulings]] team = {present:?}, \
                     decision = \"walkover\"; until then the final places are undetermined",
                    l.id
                ),
            )
            .team(&present)
            .severity(Severity::Error),
        );
    }
}

/// The final places without the teams in `out`, the places below moving up (递补).
pub(super) fn without(places: Vec<(u32, String)>, out: &BTreeSet<String>) -> Vec<(u32, String)> {
    places
        .into_iter()
        .filter(|(_, name)| !out.contains(name))
        .enumerate()
        .map(|(i, (_, name))| (u32::try_from(i + 1).unwrap_or(u32::MAX), name))
        .collect()
}
