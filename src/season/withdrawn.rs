//! Withdrawals ruled by the arbiter (`[[rulings]] decision = "withdrawn"`, `round = N`): the
//! person or team is not paired from round N on, the games played stay and the entrant stays
//! in the ranking. The same as the 退赛 mark in the round workbook of round N - 1, written in
//! `event.toml` where the arbiter records every other decision.

use crate::eligibility::standing::target;
use crate::event::{Decision, EVENT_FILE, Event, Ruling};
use crate::findings::{Code, Finding, Source};
use crate::model::roster::Roster;

/// The `withdrawn` rulings that concern `stage` (one naming no stage concerns every stage).
pub(crate) fn rulings<'a>(event: &'a Event, stage: &'a str) -> impl Iterator<Item = &'a Ruling> {
    event.rulings().iter().filter(move |r| {
        r.decision == Decision::Withdrawn && r.stage.as_deref().is_none_or(|s| s == stage)
    })
}

/// The ruling that takes an entrant of `unit` with these members out earliest: one naming
/// one of its members, or its unit alone. `roster` resolves the ruling's team (aliases).
pub(crate) fn of_entrant<'a>(
    event: &'a Event,
    stage: &'a str,
    roster: &Roster,
    unit: &str,
    members: &[&str],
) -> Option<&'a Ruling> {
    let unit = crate::normalize::unit_key(unit);
    let keys: Vec<String> = members.iter().map(|n| name_key(n)).collect();
    rulings(event, stage)
        .filter(|r| match target(r, roster) {
            Some((team, person)) => team == unit && person.is_none_or(|p| keys.contains(&p)),
            None => false,
        })
        .min_by_key(|r| r.round.unwrap_or(0))
}

fn name_key(n: &str) -> String {
    crate::normalize::name(n).map(|n| n.key).unwrap_or_default()
}

/// `round.withdrawal` for a ruled withdrawal of `who`, at the ruling's line.
pub(crate) fn finding(r: &Ruling, who: &str) -> Finding {
    let round = r.round.unwrap_or(1);
    let clause = r
        .clause
        .as_deref()
        .map(|c| format!("，{c}"))
        .unwrap_or_default();
    let f = Finding::new(
        Code::RoundWithdrawal,
        Source::sheet(EVENT_FILE, format!("第{}行", r.line)),
        format!(
            "{who}经裁定自第{round}轮起退赛：不再编排，已赛成绩保留（event.toml 第{}行{clause}）",
            r.line
        ),
        format!(
            "{who} ruled withdrawn from round {round} on: not paired again, the games played \
             stand (event.toml line {})",
            r.line
        ),
    );
    match &r.person {
        Some(p) => f.person(p),
        None => f,
    }
}

/// Per entrant, the first round a `withdrawn` ruling takes it out of; a warning for each.
pub(crate) fn of_section(
    inp: &super::StageInput<'_>,
    section: &crate::event::Section,
    entrants: &[super::individual::entrants::Entrant],
    found: &mut crate::findings::Findings,
) -> Vec<Option<u32>> {
    entrants
        .iter()
        .map(|e| {
            let members: Vec<&str> = if e.members.is_empty() {
                vec![e.name.as_str()]
            } else {
                e.members.iter().map(|(n, _)| n.as_str()).collect()
            };
            let r = of_entrant(inp.event, &inp.stage.id, inp.roster, &e.unit, &members)?;
            found.push(finding(r, &format!("{}：{}", section.name, e.label())).team(&e.unit));
            r.round
        })
        .collect()
}
