//! Rating-based tie-breaks (C.07 art. 10): ARO, TPR, PTP, APRO, APPO, RTNG, with the FIDE tables
//! 8.1.1 (dp) and 8.1.2 (PD).
//!
//! Only games played over the board count (15.2 keeps forfeits unplayed here even in round
//! robins). If any competitor is unrated the tie-breaks are undefined for everyone (10
//! preamble), unless the regulations gave a value for unrated players.

use super::rational::Rational;
use super::tournament::{PlayedOutcome, RoundResult, Tournament};

/// dp for p = 1.00, 0.99, …, 0.50 (FIDE Rating Regulations table 8.1.1).
const DP_HIGH: [i64; 51] = [
    800, 677, 589, 538, 501, 470, 444, 422, 401, 383, 366, 351, 336, 322, 309, 296, 284, 273, 262,
    251, 240, 230, 220, 211, 202, 193, 184, 175, 166, 158, 149, 141, 133, 125, 117, 110, 102, 95,
    87, 80, 72, 65, 57, 50, 43, 36, 29, 21, 14, 7, 0,
];

/// dp for a percentage score `p100` (0..=100); for p < 0.50, dp(p) = −dp(1 − p).
pub fn dp(p100: i64) -> i64 {
    let p = p100.clamp(0, 100);
    if p >= 50 {
        DP_HIGH
            .get(usize::try_from(100 - p).unwrap_or(0))
            .copied()
            .unwrap_or(0)
    } else {
        -DP_HIGH
            .get(usize::try_from(p).unwrap_or(0))
            .copied()
            .unwrap_or(0)
    }
}

/// The upper bound of the rating difference |D| for PD = 0.50, 0.51, …, 0.99 (FIDE Rating
/// Regulations table 8.1.2); above 735 PD is 1.00.
const PD_BOUNDS: [i64; 50] = [
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68, 76, 83, 91, 98, 106, 113, 121, 129, 137, 145, 153, 162,
    170, 179, 188, 197, 206, 215, 225, 235, 245, 256, 267, 278, 290, 302, 315, 328, 344, 357, 374,
    391, 411, 432, 456, 484, 517, 559, 619, 735,
];

/// The expected score, in hundredths, of a player rated `d` points above the opponent (table
/// 8.1.2, the full scale: no 400-point cut): PD for the higher-rated, 1 − PD for the lower.
pub fn pd(d: i64) -> i64 {
    let higher = PD_BOUNDS
        .iter()
        .position(|&b| d.abs() <= b)
        .map_or(100, |i| 50 + i64::try_from(i).unwrap_or(50));
    if d >= 0 { higher } else { 100 - higher }
}

/// PTP (10.3): the lowest whole rating R whose expected score against `ratings` (table 8.1.2)
/// reaches the score, given in half-points; for a zero score the lowest rating less 800.
/// `None` without games.
pub fn perfect_performance(ratings: &[i64], halves: i64) -> Option<i64> {
    let (&low, &high) = (ratings.iter().min()?, ratings.iter().max()?);
    if halves <= 0 {
        return Some(low - 800);
    }
    let target = halves * 50;
    let expected = |r: i64| -> i64 { ratings.iter().map(|&ri| pd(r - ri)).sum() };
    // expected(lo) is 0 (every opponent more than 735 above), expected(hi) every game won.
    let (mut lo, mut hi) = (low - 737, high + 736);
    if expected(hi) < target {
        // More points than games: not a valid file; the best a perfect score gives.
        return Some(hi);
    }
    while hi - lo > 1 {
        let mid = lo + (hi - lo) / 2;
        if expected(mid) >= target {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    Some(hi)
}

/// Which rating tie-break.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Which {
    /// 10.1 average rating of opponents.
    Aro,
    /// 10.2 tournament performance rating.
    Tpr,
    /// 10.3 perfect tournament performance.
    Ptp,
    /// 10.6 own rating.
    Rtng,
}

/// Values per competitor; `None` = undefined (unrated players, or no rated game).
pub fn compute(
    t: &Tournament,
    which: Which,
    unrated: Option<u16>,
    cut_low: usize,
    cut_high: usize,
) -> Vec<Option<Rational>> {
    let rating_of = |c: usize| {
        t.competitors
            .get(c)
            .and_then(|x| x.rating)
            .or(unrated)
            .map(i64::from)
    };
    let all_rated = (0..t.competitors.len()).all(|c| rating_of(c).is_some());
    t.competitors
        .iter()
        .enumerate()
        .map(|(c, comp)| {
            if !all_rated {
                return None;
            }
            if which == Which::Rtng {
                return rating_of(c).map(Rational::from_int);
            }
            // (rating, rating points ×2) of each game played over the board.
            let mut games: Vec<(i64, i64)> = comp
                .rounds
                .iter()
                .filter_map(|r| match r.result {
                    RoundResult::Played {
                        opponent, outcome, ..
                    } => {
                        let halves = match outcome {
                            PlayedOutcome::Win => 2,
                            PlayedOutcome::Draw => 1,
                            PlayedOutcome::Loss => 0,
                        };
                        rating_of(opponent).map(|rt| (rt, halves))
                    }
                    _ => None,
                })
                .collect();
            games.sort_by_key(|g| g.0);
            let low = cut_low.min(games.len());
            let high = cut_high.min(games.len() - low);
            let kept = games.get(low..games.len() - high).unwrap_or(&[]);
            if kept.is_empty() {
                return None;
            }
            let n = i64::try_from(kept.len()).unwrap_or(1);
            let sum: i64 = kept.iter().map(|g| g.0).sum();
            let aro = Rational::new(sum, n).round_half_up();
            match which {
                Which::Aro => Some(Rational::from_int(aro)),
                Which::Ptp => {
                    let ratings: Vec<i64> = kept.iter().map(|g| g.0).collect();
                    let halves: i64 = kept.iter().map(|g| g.1).sum();
                    perfect_performance(&ratings, halves).map(Rational::from_int)
                }
                _ => {
                    let halves: i64 = kept.iter().map(|g| g.1).sum();
                    // p in hundredths, rounded half up: (halves/2)/n*100.
                    let p100 = Rational::new(halves * 50, n).round_half_up();
                    Some(Rational::from_int(aro + dp(p100)))
                }
            }
        })
        .collect()
}

/// APRO (10.4) and APPO (10.5): the mean of `values` (each competitor's TPR, or PTP) over the
/// opponents played over the board that have one, rounded half up; `None` without any.
pub fn average_of_opponents(t: &Tournament, values: &[Option<Rational>]) -> Vec<Option<Rational>> {
    t.competitors
        .iter()
        .map(|c| {
            let vals: Vec<Rational> = c
                .rounds
                .iter()
                .filter_map(|r| match r.result {
                    RoundResult::Played { opponent, .. } => values.get(opponent).copied().flatten(),
                    _ => None,
                })
                .collect();
            let n = i64::try_from(vals.len()).ok().filter(|&n| n > 0)?;
            let sum: Rational = vals.into_iter().sum();
            Some(Rational::from_int(sum.div_int(n).round_half_up()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dp_table() {
        assert_eq!(dp(100), 800);
        assert_eq!(dp(61), 80);
        assert_eq!(dp(50), 0);
        assert_eq!(dp(39), -80);
        assert_eq!(dp(0), -800);
        // RULES §A.5: ARO 2400 with 5.5/9: p = 0.61, TPR 2480.
        assert_eq!(2400 + dp(Rational::new(11 * 50, 9).round_half_up()), 2480);
    }

    #[test]
    fn pd_table_and_ptp() {
        assert_eq!(
            (pd(0), pd(3), pd(4), pd(-4), pd(735), pd(736), pd(-736)),
            (50, 50, 51, 49, 99, 100, 0)
        );
        // 1 point against 1513, 1494, 1152, 2074: at 1246, .18 + .19 + .63 + 0 = 1.00; at 1245, .99.
        let r = [1513, 1494, 1152, 2074];
        assert_eq!(perfect_performance(&r, 2), Some(1246));
        // A zero score: the lowest rating less 800; a perfect score: above every opponent by 736.
        assert_eq!(perfect_performance(&r, 0), Some(1152 - 800));
        assert_eq!(perfect_performance(&r, 8), Some(2074 + 736));
        // A draw against 2000: PD is .50 down to 3 points below him (table 8.1.2), so 1997.
        assert_eq!(perfect_performance(&[2000], 1), Some(1997));
        assert_eq!(perfect_performance(&[], 1), None);
    }

    #[test]
    fn aro_and_tpr_by_hand() {
        use crate::model::GameResult::{Draw, Loss, Win};
        use crate::scoring::tournament::ResultPoints;
        use crate::tournament::{History, ViewOptions};
        let entrants = [2450, 2400, 2501, 2300, 2000]
            .iter()
            .zip(1u16..)
            .map(|(&r, i)| (i, format!("P{i}"), Some(r)))
            .collect();
        let mut h = History::individual(entrants, 3, ResultPoints::CHESS, false);
        h.add_game(1, 0, 1, Win).unwrap();
        h.add_game(2, 2, 0, Draw).unwrap();
        h.add_game(3, 0, 3, Draw).unwrap();
        h.add_game(1, 2, 4, Loss).unwrap();
        let t = h.scored(ViewOptions::default());
        // Player 1 met 2400, 2501, 2300: ARO 7201 / 3 = 2400.33 → 2400; 2/3 → p 0.67, dp 125.
        let aro = compute(&t, Which::Aro, None, 0, 0);
        let tpr = compute(&t, Which::Tpr, None, 0, 0);
        assert_eq!(aro[0], Some(Rational::from_int(2400)));
        assert_eq!(tpr[0], Some(Rational::from_int(2525)));
        // ARO/C1 drops the lowest rating: (2400 + 2501) / 2 = 2450.5 → 2451.
        assert_eq!(
            compute(&t, Which::Aro, None, 1, 0)[0],
            Some(Rational::from_int(2451))
        );
        // Player 5 (index 4) played once and won against 2501: ARO 2501, TPR 2501 + 800.
        assert_eq!(tpr[4], Some(Rational::from_int(3301)));
        // An unrated player makes the rating tie-breaks undefined for everyone (10 preamble).
        let mut u = t.clone();
        u.competitors[3].rating = None;
        assert!(
            compute(&u, Which::Aro, None, 0, 0)
                .iter()
                .all(Option::is_none)
        );
        assert_eq!(
            compute(&u, Which::Aro, Some(1400), 0, 0)[0],
            Some(Rational::from_int(2100))
        );
    }
}
