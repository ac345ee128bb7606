//! Buchholz (C.07 8.1), Sonneborn-Berger (9.1), the extended team SB (13.2) and Koya (9.2), with
//! the Cut and Median modifiers (14.1-14.4) and the art. 16 rules for unplayed rounds.

use super::rational::Rational;
use super::tournament::{Edition, ScoreKind, Tournament};
use super::unplayed::{adjusted_scores, dummy_score};

/// What to sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The opponents' score used (BH:MP → Match).
    pub opponent_score: ScoreKind,
    /// The own score multiplied in (SB only).
    pub own_score: ScoreKind,
    /// Sonneborn-Berger (opponent's score × own result) instead of Buchholz.
    pub sonneborn: bool,
    /// Values cut from the bottom (14.1, 14.2).
    pub cut_low: usize,
    /// Values cut from the top (14.3, 14.4).
    pub cut_high: usize,
    /// Forfeits count as played games (`/P`; always in round robins, 15.2).
    pub forfeits_played: bool,
    /// Round-robin rules (15.2) instead of Swiss (art. 16).
    pub round_robin: bool,
    /// Rules edition for 16.4.
    pub edition: Edition,
}

/// One round's contribution.
#[derive(Debug, Clone, Copy)]
struct Entry {
    vur: bool,
    score: Rational,
    value: Rational,
}

/// The value of every competitor, in competitor order.
pub fn compute(t: &Tournament, spec: &Spec) -> Vec<Rational> {
    let adjusted = adjusted_scores(t, spec.opponent_score);
    let rounds = t.rounds;
    t.competitors
        .iter()
        .map(|comp| {
            let own_total = Rational::from(comp.total(spec.opponent_score));
            let mut entries = Vec::with_capacity(comp.rounds.len());
            for r in &comp.rounds {
                let opp = r.result.opponent();
                let counts_played = spec.forfeits_played || r.result.is_otb();
                let (score, vur) = match opp {
                    Some(o) if counts_played => {
                        (adjusted.get(o).copied().unwrap_or(Rational::ZERO), false)
                    }
                    _ if !spec.round_robin => {
                        let scheduled = opp.and_then(|o| adjusted.get(o).copied());
                        let d =
                            dummy_score(t, spec.edition, spec.opponent_score, own_total, scheduled);
                        (d, r.result.is_vur())
                    }
                    _ => (Rational::ZERO, r.result.is_vur()),
                };
                let value = if spec.sonneborn {
                    score * Rational::from(r.score(spec.own_score))
                } else {
                    score
                };
                if opp.is_some() || !spec.round_robin {
                    entries.push(Entry { vur, score, value });
                }
            }
            let low = spec.cut_low.min(rounds);
            let high = spec.cut_high.min(rounds - low);
            apply_cuts(&mut entries, low, high);
            entries.iter().map(|e| e.value).sum()
        })
        .collect()
}

/// Cuts per 14.1-14.4 with the 16.5 exception: the least significant value is the one of the
/// lowest-scored opponent (ties: the smaller product); when the competitor has voluntary
/// unplayed rounds, the lowest VUR contribution goes instead, unless (SB) the least significant
/// value is higher than it.
fn apply_cuts(entries: &mut Vec<Entry>, low: usize, high: usize) {
    for _ in 0..low {
        let Some(least) = argmin(entries, |e| (e.score, e.value)) else {
            return;
        };
        let vur = entries
            .iter()
            .enumerate()
            .filter(|(_, e)| e.vur)
            .min_by(|(i, a), (j, b)| (a.value, a.score, *i).cmp(&(b.value, b.score, *j)))
            .map(|(i, _)| i);
        let drop = match (vur, entries.get(least)) {
            (Some(v), Some(l)) if entries.get(v).is_some_and(|ve| l.value <= ve.value) => v,
            _ => least,
        };
        entries.remove(drop);
    }
    for _ in 0..high {
        let most = entries
            .iter()
            .enumerate()
            .max_by(|(i, a), (j, b)| (a.score, a.value, *j).cmp(&(b.score, b.value, *i)))
            .map(|(i, _)| i);
        match most {
            Some(i) => {
                entries.remove(i);
            }
            None => return,
        }
    }
}

fn argmin<K: Ord>(entries: &[Entry], key: impl Fn(&Entry) -> K) -> Option<usize> {
    entries
        .iter()
        .enumerate()
        .min_by(|(i, a), (j, b)| (key(a), *i).cmp(&(key(b), *j)))
        .map(|(i, _)| i)
}

/// Koya (9.2): points scored against opponents who finished on at least half the maximum
/// possible score, the limit shifted by `shift` half-points (14.5).
pub fn koya(t: &Tournament, kind: ScoreKind, shift: i32) -> Vec<Rational> {
    let rounds = i64::try_from(t.rounds).unwrap_or(0);
    let mut games = rounds;
    if t.round_robin {
        let n = i64::try_from(t.competitors.len()).unwrap_or(1).max(1);
        if rounds % n == 0 {
            games -= rounds / n;
        }
    }
    let max = Rational::from(t.win_points(kind)) * Rational::from_int(games);
    let limit = max.div_int(2) + Rational::new(i64::from(shift), 2);
    let totals: Vec<Rational> = t
        .competitors
        .iter()
        .map(|c| Rational::from(c.total(kind)))
        .collect();
    t.competitors
        .iter()
        .map(|c| {
            c.rounds
                .iter()
                .filter_map(|r| {
                    let o = r.result.opponent()?;
                    (totals.get(o)? >= &limit).then(|| Rational::from(r.score(kind)))
                })
                .sum()
        })
        .collect()
}
