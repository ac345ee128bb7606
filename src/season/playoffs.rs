//! The play-offs of the knockout finals: a match level on match and game points is decided by
//! the winner event.toml names (`playoff_winners`), asked for by a finding until it is given.

use std::collections::BTreeMap;

use super::matches::Context;
use crate::event::Knockout;
use crate::findings::{Code, Finding, Findings, Severity, Source};
use crate::pairing::knockout::{self, Bracket};

/// A finding for every finals match level on match and game points whose play-off winner
/// event.toml does not give yet.
pub(super) fn ask(
    outcome: &knockout::BracketOutcome,
    seeds: &BTreeMap<u16, u32>,
    cx: &Context<'_>,
    findings: &mut Findings,
) {
    for mo in &outcome.matches {
        if matches!(
            mo.decision,
            knockout::Decision::Open(knockout::Pending::NeedsPlayoff)
        ) {
            let name = |seed: Option<u16>| {
                seed.and_then(|s| seeds.get(&s))
                    .and_then(|t| cx.teams.iter().find(|i| i.number == *t))
                    .map(|i| i.name.clone())
                    .unwrap_or_default()
            };
            let (a, b) = (name(mo.first), name(mo.second));
            findings.push(
                Finding::new(
                    Code::ResultMissing,
                    Source::default(),
                    format!(
                        "总决赛{}（{a} – {b}）场分、局分均相同，需要加赛；请在 event.toml 的 \
                     playoff_winners 中填写胜队，例如 {} = \"{a}\"",
                        mo.id, mo.id
                    ),
                    format!(
                        "finals match {} ({a} – {b}) is level on match and game points: enter the \
                     play-off winner under playoff_winners in event.toml, e.g. {} = \"{a}\"",
                        mo.id, mo.id
                    ),
                )
                .severity(Severity::Error),
            );
        }
    }
}

/// Sets the play-off winners typed into event.toml (`playoff_winners`) on the results of
/// their matches; a name that is not a team of the match is a finding (reported once, when
/// `findings` is given).
pub(super) fn apply(
    k: &Knockout,
    b: &Bracket,
    seeds: &BTreeMap<u16, u32>,
    cx: &Context<'_>,
    results: &mut BTreeMap<String, knockout::MatchResult>,
    mut findings: Option<&mut Findings>,
) -> Result<(), String> {
    let pre = knockout::decide(b, results).map_err(|e| e.to_string())?;
    for (id, winner) in &k.playoff_winners {
        let key = crate::normalize::unit_key(winner);
        let team = cx
            .teams
            .iter()
            .find(|t| crate::normalize::unit_key(&t.name) == key)
            .map(|t| t.number);
        let seed = team.and_then(|t| seeds.iter().find(|(_, v)| **v == t).map(|(s, _)| *s));
        let Some(mo) = pre.matches.iter().find(|m| &m.id == id) else {
            continue;
        };
        if mo.first.is_none() || mo.second.is_none() {
            continue;
        }
        let side = if seed.is_some() && mo.first == seed {
            Some(knockout::Side::First)
        } else if seed.is_some() && mo.second == seed {
            Some(knockout::Side::Second)
        } else {
            None
        };
        match (side, findings.as_deref_mut()) {
            (Some(sd), _) => results.entry(id.clone()).or_default().playoff_winner = Some(sd),
            (None, Some(f)) => f.push(Finding::new(
                Code::ResultPairingChanged,
                Source::file("event.toml"),
                format!("加赛胜者“{winner}”不是{id}的参赛队"),
                format!("play-off winner {winner:?} is not a team of match {id}"),
            )),
            (None, None) => {}
        }
    }
    Ok(())
}
