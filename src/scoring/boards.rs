//! Game points by board and the board count (C.07 art. 12): the per-board facts that the team
//! tie-breaks are computed from (the EDE board steps in `direct`, BC in `standings`). It reads
//! only the scoring model.

use crate::model::Points;

use super::rational::Rational;
use super::tournament::{RoundResult, Tournament};

/// Game points per board over the whole event (index 0 = board 1).
///
/// Art. 12 preamble: forfeits count as ordinary results and a team PAB counts as a win on every
/// board; a forfeited match or a bye counts its per-board result on every board.
pub fn board_points(t: &Tournament, c: usize) -> Vec<Points> {
    let mut bp = vec![Points::ZERO; t.boards()];
    let Some(comp) = t.competitors.get(c) else {
        return bp;
    };
    for r in &comp.rounds {
        if r.result.is_otb() {
            for b in &r.boards {
                if let Some(x) = bp.get_mut(usize::from(b.board).wrapping_sub(1)) {
                    *x += b.points;
                }
            }
            continue;
        }
        let per_board = match r.result {
            RoundResult::ForfeitWin { .. } | RoundResult::FullBye | RoundResult::Pab => {
                t.game_scoring.win
            }
            RoundResult::HalfBye => t.game_scoring.draw,
            _ => t.game_scoring.loss.min(Points::ZERO),
        };
        bp.iter_mut().for_each(|x| *x += per_board);
    }
    bp
}

/// Board count (12.1): Σ board number × game points on that board. Lower is better.
pub fn board_count(t: &Tournament) -> Vec<Rational> {
    (0..t.competitors.len())
        .map(|c| {
            board_points(t, c)
                .into_iter()
                .zip(1i64..)
                .map(|(p, b)| Rational::from(p) * Rational::from_int(b))
                .sum()
        })
        .collect()
}
