//! Prize payouts: gross by place from the event's prize lists, tax withheld on prizes paid to
//! people, and the reconciliation with the total the regulation states.
//!
//! Ties: the event model has no switch for sharing tied prizes (`event.toml` cannot say "shared
//! equally" or "Hort"), so prizes follow the ranking: each distinct place gets its own amount.
//! A ranking that still holds equal places (tie-breaks could not separate them) is paid the only
//! fair way without a rule: the amounts of the places the tied entries cover are pooled and
//! shared equally, the fen that do not divide going one each to the entries listed first.
//!
//! Tax: `event.tax.rate_percent` of the gross, computed in fen as `gross × rate / 100` rounded
//! half up to the fen ([`crate::event::Tax::on`]); withheld only when the list pays individuals,
//! the tax applies to individuals, and the entry is not a unit.

use crate::event::{Event, PrizeList, Recipient};
use crate::findings::{Finding, Severity, Source};
use crate::model::Fen;

use super::{FinalRanking, RankedEntry};

/// One prize paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payout {
    /// The prize list's ranking id (`open-men`, `team`).
    pub list: String,
    /// The ranking as printed (`公开组男子`, `团体`).
    pub list_name: String,
    /// Place.
    pub place: u32,
    /// Winner (person, pair or team).
    pub name: String,
    /// Team or delegation.
    pub team: String,
    /// ID number of a person, for the tax return.
    pub id_number: Option<String>,
    /// Paid to a unit (no tax).
    pub is_unit: bool,
    /// Amount before tax.
    pub gross: Fen,
    /// Tax withheld.
    pub tax: Fen,
    /// Amount paid out.
    pub net: Fen,
    /// Shared with other entries of the same place.
    pub shared: bool,
    /// Clause of the prize list.
    pub clause: Option<String>,
}

/// The totals of the payouts against the regulation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Reconciliation {
    /// The total the regulation states, if it states one.
    pub stated: Option<Fen>,
    /// The sum of every amount of every prize list in `event.toml`.
    pub listed: Fen,
    /// Gross paid.
    pub gross: Fen,
    /// Tax withheld.
    pub tax: Fen,
    /// Net paid.
    pub net: Fen,
}

/// The printed name of a ranking id: a section's name, the team ranking's name, or the id.
pub fn list_name(event: &Event, ranking: &str) -> String {
    if let Some(s) = event.section(ranking) {
        return s.name.clone();
    }
    match &event.team_ranking {
        Some(t) if t.id == ranking => t.name.clone(),
        _ if ranking == "team" => "团体".to_string(),
        _ => ranking.to_string(),
    }
}

/// Pays the prizes of every ranking that has a prize list.
///
/// Entries beyond the paid places get nothing and no line; rankings without a prize list are
/// skipped. Findings (warnings, code `prize.total-mismatch`): the lists of `event.toml` do not
/// add up to the regulation's stated total; every list with money was ranked and the gross paid
/// differs from the stated total (fewer entrants than paid places).
pub fn payouts(event: &Event, rankings: &[FinalRanking]) -> (Vec<Payout>, Vec<Finding>) {
    let mut out = Vec::new();
    for r in rankings {
        let Some(list) = event.prizes.list(&r.list) else {
            continue;
        };
        pay_list(event, list, &r.places, &mut out);
    }
    let mut findings = Vec::new();
    let rec = reconcile(event, &out);
    if let Some(stated) = rec.stated {
        let source = Source::file(crate::event::EVENT_FILE);
        let clause = event.prizes.clause.clone();
        if rec.listed != stated {
            findings.push(mismatch(
                source.clone(),
                clause.clone(),
                format!(
                    "奖金表各名次金额合计 {} 元，与规程所列奖金总额 {} 元不符",
                    rec.listed, stated
                ),
                format!(
                    "the prize lists add up to {} yuan, the regulation states a total of {} yuan",
                    rec.listed, stated
                ),
            ));
        }
        let all_ranked = event
            .prizes
            .lists
            .iter()
            .filter(|l| !l.amounts.is_empty())
            .all(|l| rankings.iter().any(|r| r.list == l.ranking));
        if all_ranked && !rankings.is_empty() && rec.gross != stated {
            findings.push(mismatch(
                source,
                clause,
                format!(
                    "实发奖金税前合计 {} 元，与规程所列奖金总额 {} 元不符",
                    rec.gross, stated
                ),
                format!(
                    "the prizes paid total {} yuan gross, the regulation states {} yuan",
                    rec.gross, stated
                ),
            ));
        }
    }
    (out, findings)
}

fn mismatch(source: Source, clause: Option<String>, zh: String, en: String) -> Finding {
    let f = Finding::new("prize.total-mismatch", Severity::Warning, source, zh, en);
    match clause {
        Some(c) => f.clause(c),
        None => f,
    }
}

/// The totals of `payouts` and of the event's lists.
pub fn reconcile(event: &Event, payouts: &[Payout]) -> Reconciliation {
    Reconciliation {
        stated: event.prizes.total,
        listed: event.prizes.listed_total(),
        gross: payouts.iter().map(|p| p.gross).sum(),
        tax: payouts.iter().map(|p| p.tax).sum(),
        net: payouts.iter().map(|p| p.net).sum(),
    }
}

/// Pays one list. Entries are taken in place order; entries sharing a place pool the amounts of
/// the places they cover (places `p .. p + k - 1` for `k` entries at `p`).
fn pay_list(event: &Event, list: &PrizeList, places: &[RankedEntry], out: &mut Vec<Payout>) {
    let mut sorted: Vec<&RankedEntry> = places.iter().collect();
    sorted.sort_by_key(|e| e.place);
    let name = list_name(event, &list.ranking);
    let mut i = 0;
    while let Some(first) = sorted.get(i) {
        let place = first.place;
        let tied: Vec<&RankedEntry> = sorted
            .iter()
            .skip(i)
            .take_while(|e| e.place == place)
            .copied()
            .collect();
        let k = u32::try_from(tied.len()).unwrap_or(u32::MAX);
        i += tied.len();
        let pool: Fen = (0..k).map(|j| list.amount(place.saturating_add(j))).sum();
        if pool == Fen::ZERO {
            continue;
        }
        let shares = split(pool, tied.len());
        for (e, gross) in tied.iter().zip(shares) {
            let taxed = list.recipient == Recipient::Individual
                && !e.is_unit
                && event
                    .tax
                    .as_ref()
                    .is_some_and(|t| t.applies_to == Recipient::Individual);
            let tax = match (&event.tax, taxed) {
                (Some(t), true) => t.on(gross),
                _ => Fen::ZERO,
            };
            out.push(Payout {
                list: list.ranking.clone(),
                list_name: name.clone(),
                place,
                name: e.name.clone(),
                team: e.team.clone(),
                id_number: e.id_number.clone(),
                is_unit: e.is_unit || list.recipient == Recipient::Unit,
                gross,
                tax,
                net: gross - tax,
                shared: k > 1,
                clause: list.clause.clone(),
            });
        }
    }
}

/// `pool` split into `n` shares differing by at most one fen, the larger ones first.
fn split(pool: Fen, n: usize) -> Vec<Fen> {
    let Ok(d) = i64::try_from(n) else {
        return Vec::new();
    };
    if d == 0 {
        return Vec::new();
    }
    let base = pool.0 / d;
    let rest = pool.0 % d;
    (0..d).map(|j| Fen(base + i64::from(j < rest))).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn split_gives_the_odd_fen_to_the_first() {
        assert_eq!(split(Fen(1000), 3), vec![Fen(334), Fen(333), Fen(333)]);
        assert_eq!(split(Fen(600_000), 2), vec![Fen(300_000), Fen(300_000)]);
        assert!(split(Fen(5), 0).is_empty());
    }
}
