//! Buchholz (C.07 8.1), its average over the opponents (AOB, 8.2), Fore Buchholz (FB, 8.3),
//! Sonneborn-Berger (9.1), the extended team SB (13.2) and Koya (9.2), with
//! the Cut and Median modifiers (14.1-14.4) and the art. 16 rules for unplayed rounds.

use super::rational::Rational;
use super::tournament::{Edition, PlayedOutcome, RoundResult, ScoreKind, Tournament};
use super::unplayed::{adjusted_scores, dummy_score};

/// What to sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// The opponents' score used (BH:MP → Match).
    pub opponent_score: ScoreKind,
    /// What each round adds: the opponent's score, or that score times the own result.
    pub weight: Weight,
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

/// What one round adds to the sum.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Weight {
    /// Buchholz: the opponent's score.
    Buchholz,
    /// Sonneborn-Berger: the opponent's score times the own result in that round, counted as
    /// this score (`SB:MG` multiplies by the match's game points).
    SonnebornBerger {
        /// The own score multiplied in.
        own: ScoreKind,
    },
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
                let value = match spec.weight {
                    Weight::SonnebornBerger { own } => score * Rational::from(r.score(own)),
                    Weight::Buchholz => score,
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

/// The tournament as Fore Buchholz sees it (8.3): every game of the final round between two
/// paired competitors (played or forfeited) a draw, with a draw's points in each score.
pub fn fore(t: &Tournament) -> Tournament {
    let mut f = t.clone();
    let Some(last) = t.rounds.checked_sub(1) else {
        return f;
    };
    let (mp, gp) = (t.draw_points(t.primary), t.draw_points(ScoreKind::Game));
    for c in &mut f.competitors {
        let Some(r) = c.rounds.get_mut(last) else {
            continue;
        };
        let (opponent, colour) = match r.result {
            RoundResult::Played {
                opponent, colour, ..
            }
            | RoundResult::ForfeitWin { opponent, colour }
            | RoundResult::ForfeitLoss { opponent, colour }
            | RoundResult::DoubleForfeit { opponent, colour } => (opponent, colour),
            _ => continue,
        };
        r.result = RoundResult::Played {
            opponent,
            colour,
            outcome: PlayedOutcome::Draw,
        };
        if t.is_team() {
            r.points = t.draw_points(ScoreKind::Match);
            r.game_points = gp;
        } else {
            r.points = mp;
            r.game_points = mp;
        }
    }
    f
}

/// Decimals of an average of Buchholz values (AOB) over `rounds` rounds: as many as keep the
/// average exact enough to rank (2 up to 8 rounds, 3 up to 26, 4 up to 72, then 5), as the
/// reference calculator rounds it.
pub fn average_decimals(rounds: usize) -> usize {
    match rounds {
        0..=8 => 2,
        9..=26 => 3,
        27..=72 => 4,
        _ => 5,
    }
}

/// AOB (8.2): the mean of `values` (each competitor's Buchholz) over the opponents played over
/// the board, rounded half up to [`average_decimals`]; zero without any such opponent.
pub fn average_of_opponents(t: &Tournament, values: &[Rational]) -> Vec<Rational> {
    let scale = 10i64.pow(u32::try_from(average_decimals(t.rounds)).unwrap_or(2));
    t.competitors
        .iter()
        .map(|c| {
            let vals: Vec<Rational> = c
                .rounds
                .iter()
                .filter(|r| r.result.is_otb())
                .filter_map(|r| r.result.opponent().and_then(|o| values.get(o).copied()))
                .collect();
            let n = i64::try_from(vals.len()).unwrap_or(0);
            if n == 0 {
                return Rational::ZERO;
            }
            let mean: Rational = vals.into_iter().sum::<Rational>().div_int(n);
            Rational::new((mean * Rational::from_int(scale)).round_half_up(), scale)
        })
        .collect()
}

/// The normalising factor of SSSC (13.4.2): the highest primary score achievable in the
/// tournament divided by the highest secondary score achievable in one match, rounded toward
/// zero (at least 1).
pub fn normalising_factor(t: &Tournament, primary: ScoreKind) -> i64 {
    let rounds = i64::try_from(t.rounds).unwrap_or(0);
    let top = Rational::from(t.win_points(primary)) * Rational::from_int(rounds);
    let per_match = Rational::from(t.win_points(primary.other()));
    if per_match <= Rational::ZERO {
        return 1;
    }
    // top / per_match, toward zero: both are non-negative.
    let q = i128::from(top.numer()) * i128::from(per_match.denom());
    let d = i128::from(top.denom()) * i128::from(per_match.numer());
    i64::try_from(q / d).unwrap_or(1).max(1)
}

/// SSSC (13.4): each team's secondary score plus its Schedule Strength, the Buchholz `bh` on
/// the primary score divided by `factor`.
pub fn score_strength(
    t: &Tournament,
    primary: ScoreKind,
    bh: &[Rational],
    factor: i64,
) -> Vec<Rational> {
    t.competitors
        .iter()
        .zip(bh)
        .map(|(c, &b)| Rational::from(c.total(primary.other())) + b.div_int(factor.max(1)))
        .collect()
}
