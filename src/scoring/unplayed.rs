//! FIDE C.07 art. 16: how unplayed rounds enter opponent-based tie-breaks (BH, SB, ESB).
//!
//! Three views per competitor: the raw score, the score as seen by opponents (16.3: a
//! requested bye or absence that is followed only by voluntary unplayed rounds counts as a
//! draw), and the dummy opponent's score for each of the competitor's own unplayed rounds
//! (16.4: the competitor's own score; from 2026-03 capped per 16.4.1 and 16.4.2).

use super::rational::Rational;
use super::tournament::{Edition, ScoreKind, Tournament};

/// The last round (1-based) that was not a voluntary unplayed round; 0 if none.
pub fn last_non_vur_round(t: &Tournament, c: usize) -> usize {
    t.competitors.get(c).map_or(0, |comp| {
        comp.rounds
            .iter()
            .enumerate()
            .filter(|(_, r)| !r.result.is_vur())
            .map(|(i, _)| i + 1)
            .max()
            .unwrap_or(0)
    })
}

/// The score each competitor shows to its opponents (16.3).
///
/// Rounds after the last non-VUR round that have no scheduled opponent (requested byes and
/// absence at the end, i.e. category 16.2.5) count as draws in Swiss events. In round robins
/// no such rounds exist; they count at nothing.
pub fn adjusted_scores(t: &Tournament, kind: ScoreKind) -> Vec<Rational> {
    let draw = Rational::from(t.draw_points(kind));
    (0..t.competitors.len())
        .map(|c| {
            let lna = last_non_vur_round(t, c);
            t.competitors.get(c).map_or(Rational::ZERO, |comp| {
                comp.rounds
                    .iter()
                    .enumerate()
                    .map(|(i, r)| {
                        if i < lna || r.result.opponent().is_some() {
                            Rational::from(r.score(kind))
                        } else if t.round_robin {
                            Rational::ZERO
                        } else {
                            draw
                        }
                    })
                    .sum()
            })
        })
        .collect()
}

/// The dummy opponent's score for one unplayed round of competitor `c` (16.4).
///
/// `own` is the competitor's final score; `scheduled` the 16.3 score of the scheduled opponent
/// of a forfeit.
pub fn dummy_score(
    t: &Tournament,
    edition: Edition,
    kind: ScoreKind,
    own: Rational,
    scheduled: Option<Rational>,
) -> Rational {
    match edition {
        Edition::E2024 => own,
        Edition::E2026 => match scheduled {
            // 16.4.1: a forfeit; the cap is the scheduled opponent's score.
            Some(opp) => own.min(opp),
            // 16.4.2: a bye; the cap is a draw in every round.
            None => {
                let rounds = i64::try_from(t.rounds).unwrap_or(i64::MAX);
                own.min(Rational::from(t.draw_points(kind)) * Rational::from_int(rounds))
            }
        },
    }
}
