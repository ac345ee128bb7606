//! Players of a xiangqi Swiss from a [`History`]: units from the teams (else the federation),
//! points under the game points table (2/1/0 in xiangqi files), the bye as the PAB.

use super::{XiangqiSwissOptions, XqPlayer, XqRecords, XqRound, XqRoundKind};
use crate::tournament::{ByeKind, History, Outcome};

/// The players of `h`, the round to pair and the options (a stated initial colour sets the
/// initial side).
pub fn read_history(
    h: &History,
    base: &XiangqiSwissOptions,
) -> (Vec<XqPlayer>, u32, XiangqiSwissOptions) {
    let mut opts = *base;
    if let Some(c) = h.initial_colour {
        opts.initial_side = c;
    }
    let played = h.rounds_played;
    let id = |o: usize| h.entrants.get(o).map(|e| e.start_no);
    let players = h
        .entrants
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let history = p
                .rounds
                .iter()
                .take(played)
                .map(|e| {
                    let kind = match (e.opponent, e.outcome) {
                        (Some(_), Outcome::ForfeitWin) => XqRoundKind::ForfeitWin,
                        (Some(_), Outcome::ForfeitLoss) => XqRoundKind::ForfeitLoss,
                        (Some(_), r) if r.is_played() => XqRoundKind::Played,
                        (_, Outcome::Bye(ByeKind::Pab)) => XqRoundKind::Bye,
                        _ => XqRoundKind::Absent,
                    };
                    XqRound {
                        opponent: e.opponent.and_then(id),
                        side: e.colour,
                        kind,
                        points: h.game_points.points(e.outcome),
                    }
                })
                .collect();
            XqPlayer {
                id: p.start_no,
                name: p.name.clone(),
                rating: p.rating.unwrap_or(0),
                unit: h.unit(i),
                history,
                available: h.requested_bye(i).is_none(),
            }
        })
        .collect();
    (players, u32::try_from(played + 1).unwrap_or(u32::MAX), opts)
}

/// What records `299`, `250` and `260` of `h` say for the round after the ones played.
pub(super) fn records(h: &History) -> XqRecords {
    let next = h.rounds_played + 1;
    XqRecords {
        bonus: h
            .entrants
            .iter()
            .map(|e| (e.start_no, h.pairing_bonus(e.start_no, next).1))
            .filter(|&(_, b)| b != crate::model::Points::ZERO)
            .collect(),
        prohibited: h.prohibited_pairs(next),
    }
}
