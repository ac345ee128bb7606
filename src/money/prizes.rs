//! Prize payouts: gross by place from the event's prize lists, tax withheld on prizes paid to
//! people, and the reconciliation with the total the regulation states.
//!
//! Ties (`[prizes] ties` in `event.toml`): by default (`ranking`) the tie-breaks decide and
//! each place gets its own amount. `shared-equally` pools the amounts of the places entries tied
//! on score cover and shares them equally; `hort` (the Hort system, after V. Hort: every tied
//! entry keeps half of its own place's prize, the other halves are pooled and shared equally
//! among the entries with the same score) shares half of them and pays the other half by place. Entries the ranking left on the same place (tie-breaks could not separate them)
//! are always pooled and shared. Every split is exact in fen: the fen that do not divide go one
//! each to the entries ranked higher ([`group_shares`]).
//!
//! Tax: `event.tax.rate_percent` of the gross, computed in fen as `gross × rate / 100` rounded
//! half up to the fen ([`crate::event::Tax::on`]); withheld only when the list pays individuals,
//! the tax applies to individuals, and the entry is not a unit.

use crate::event::{Event, PrizeList, Recipient, Ties};
use crate::findings::{Code, Finding, Source};
use crate::model::Fen;

use super::{FinalRanking, ListId, RankedEntry};

/// One prize paid.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Payout {
    /// The prize list (`open-men`, `team`).
    pub list: ListId,
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
    /// The tie group this prize was shared in, if any.
    pub shared: Option<Shared>,
    /// Clause of the prize list.
    pub clause: Option<String>,
    /// Withheld (暂缓发放) while the winner's eligibility is pending: listed, not payable.
    pub withheld: bool,
}

/// A prize shared by entries tied on score or place.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Shared {
    /// First place the tie group covers.
    pub from: u32,
    /// Last place the tie group covers.
    pub to: u32,
    /// How it was shared ([`Ties::Ranking`]: each entry kept its place's amount).
    pub rule: Ties,
}

impl Shared {
    /// The note printed next to the prize in `lang` (`第2-4名奖金平分`).
    pub fn note(&self, lang: crate::Lang) -> String {
        let (a, b) = (self.from, self.to);
        match (self.rule, lang) {
            (Ties::Ranking, crate::Lang::Zh) => format!("第{a}-{b}名同分，按破同分名次"),
            (Ties::SharedEqually, crate::Lang::Zh) => format!("第{a}-{b}名奖金平分"),
            (Ties::Hort, crate::Lang::Zh) => format!("第{a}-{b}名奖金按霍特制分配（半数平分）"),
            (Ties::Ranking, crate::Lang::En) => {
                format!("places {a}-{b} tied, paid by the tie-break order")
            }
            (Ties::SharedEqually, crate::Lang::En) => {
                format!("prizes of places {a}-{b} shared equally")
            }
            (Ties::Hort, crate::Lang::En) => {
                format!("prizes of places {a}-{b} shared by the Hort system (half shared)")
            }
        }
    }
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
    /// Of `gross`, what is withheld (暂缓发放) pending eligibility rulings.
    pub withheld_gross: Fen,
    /// Of `net`, what is withheld.
    pub withheld_net: Fen,
}

/// The printed name of a prize list: its `name`, else the ranking's name with the band's label
/// (`公开组 U1800`).
pub fn printed_name(event: &Event, list: &PrizeList) -> String {
    match (&list.name, &list.band) {
        (Some(n), _) => n.clone(),
        (None, Some(b)) => format!("{} {}", list_name(event, &list.ranking), b.label()),
        (None, None) => list_name(event, &list.ranking),
    }
}

/// The printed name of a ranking id: a section's name, the team ranking's name, or the id.
pub fn list_name(event: &Event, ranking: &str) -> String {
    if let Some(s) = event.section(ranking) {
        return s.name.clone();
    }
    match event.team_ranking() {
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
        out.extend(super::bands::pay_ranking(event, r));
    }
    let mut findings = Vec::new();
    let rec = reconcile(event, &out);
    if let Some(stated) = rec.stated {
        let source = Source::sheet(crate::event::EVENT_FILE, "prizes.total_yuan");
        let clause = event.prizes().clause.clone();
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
            .prizes()
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
    let f = Finding::new(Code::PrizeTotalMismatch, source, zh, en);
    match clause {
        Some(c) => f.clause(c),
        None => f,
    }
}

/// The totals of `payouts` and of the event's lists.
pub fn reconcile(event: &Event, payouts: &[Payout]) -> Reconciliation {
    Reconciliation {
        stated: event.prizes().total,
        listed: event.prizes().listed_total(),
        gross: payouts.iter().map(|p| p.gross).sum(),
        tax: payouts.iter().map(|p| p.tax).sum(),
        net: payouts.iter().map(|p| p.net).sum(),
        withheld_gross: payouts.iter().filter(|p| p.withheld).map(|p| p.gross).sum(),
        withheld_net: payouts.iter().filter(|p| p.withheld).map(|p| p.net).sum(),
    }
}

/// Pays one list: one payout per entry paid, with the index of the entry in `places`.
///
/// Entries are taken in place order (input order among equal places) and cut into tie groups:
/// entries the ranking left on the same place always form one group; under
/// [`Ties::SharedEqually`] and [`Ties::Hort`] so do consecutive entries with the same score. A
/// group of `k` entries starting at place `p` covers the amounts of places `p .. p + k - 1`
/// ([`group_shares`]).
pub(super) fn pay_list(
    event: &Event,
    list: &PrizeList,
    places: &[RankedEntry],
) -> Vec<(usize, Payout)> {
    let mut out = Vec::new();
    let mut order: Vec<(usize, &RankedEntry)> = places.iter().enumerate().collect();
    order.sort_by_key(|(_, e)| e.place);
    let sorted: Vec<&RankedEntry> = order.iter().map(|(_, e)| *e).collect();
    let index: Vec<usize> = order.iter().map(|(i, _)| *i).collect();
    let ties = event.prizes().ties;
    let name = printed_name(event, list);
    let id = ListId::new(list.id());
    let mut i = 0;
    while let Some(first) = sorted.get(i) {
        let mut group: Vec<&RankedEntry> = vec![*first];
        while let Some(next) = sorted.get(i + group.len()) {
            let Some(last) = group.last() else { break };
            let same_place = next.place == last.place;
            // Knockout places carry no score (`None`): two of them are never tied on it.
            let same_score =
                ties != Ties::Ranking && next.points.is_some() && next.points == last.points;
            if !(same_place || same_score) {
                break;
            }
            group.push(*next);
        }
        let start = i;
        i += group.len();
        let entry_places: Vec<u32> = group.iter().map(|e| e.place).collect();
        let rule = if entry_places.windows(2).all(|w| w.first() == w.last()) {
            // Nothing separates them: pooled and shared, whatever the rule.
            Ties::SharedEqually
        } else {
            ties
        };
        let amounts: Vec<Fen> = (0u32..)
            .zip(&group)
            .map(|(j, _)| list.amount(first.place.saturating_add(j)))
            .collect();
        let shares = group_shares(rule, &entry_places, &amounts);
        let k = u32::try_from(group.len()).unwrap_or(u32::MAX);
        let shared = (k > 1).then(|| Shared {
            from: first.place,
            to: first.place.saturating_add(k - 1),
            rule,
        });
        for ((e, gross), k) in group.iter().zip(shares).zip(start..) {
            // Places ranked (录取名次) may outnumber the places paid; those get no payout line.
            if gross == Fen::ZERO {
                continue;
            }
            let taxed = list.recipient == Recipient::Individual
                && !e.is_unit
                && event
                    .tax()
                    .is_some_and(|t| t.applies_to == Recipient::Individual);
            let tax = match (event.tax(), taxed) {
                (Some(t), true) => t.on(gross),
                _ => Fen::ZERO,
            };
            let at = index.get(k).copied().unwrap_or(usize::MAX);
            out.push((
                at,
                Payout {
                    list: id.clone(),
                    list_name: name.clone(),
                    place: e.place,
                    name: e.name.clone(),
                    team: e.team.clone(),
                    id_number: e.id_number.clone(),
                    is_unit: e.is_unit || list.recipient == Recipient::Unit,
                    gross,
                    tax,
                    net: gross - tax,
                    shared,
                    clause: list.clause.clone(),
                    withheld: e.withheld,
                },
            ));
        }
    }
    out
}

/// The gross of each entry of one tie group, exact to the fen.
///
/// `places` are the entries' places in ranking order, `amounts` the amounts of the places the
/// group covers (same length). Rounding, so that the shares always add up to the amounts:
///
/// - [`Ties::Ranking`]: each entry its place's amount;
/// - [`Ties::SharedEqually`]: the amounts are pooled and split into equal shares; the fen that
///   do not divide go one each to the entries ranked higher;
/// - [`Ties::Hort`]: each amount is halved, the odd fen staying with the place; the by-place
///   halves go to the entries in ranking order (entries still on the same place pool theirs),
///   the other halves are pooled and split as under `SharedEqually`.
pub fn group_shares(rule: Ties, places: &[u32], amounts: &[Fen]) -> Vec<Fen> {
    match rule {
        Ties::Ranking => amounts.to_vec(),
        Ties::SharedEqually => split(amounts.iter().copied().sum(), amounts.len()),
        Ties::Hort => {
            // Halving an odd amount leaves a fen: it stays with the place (by-place half) so
            // that the two halves still add up to the amount.
            let pooled: Fen = amounts.iter().map(|a| Fen(a.0 / 2)).sum();
            let by_place: Vec<Fen> = amounts.iter().map(|a| Fen(a.0 - a.0 / 2)).collect();
            // Entries the ranking left on one place share their by-place halves too.
            let mut own = Vec::with_capacity(by_place.len());
            let mut j = 0;
            while let Some(p) = places.get(j) {
                let run = places.iter().skip(j).take_while(|q| *q == p).count().max(1);
                let sum: Fen = by_place.iter().skip(j).take(run).copied().sum();
                own.extend(split(sum, run));
                j += run;
            }
            own.iter()
                .zip(split(pooled, amounts.len()))
                .map(|(a, b)| *a + b)
                .collect()
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
