//! Players of a xiangqi Swiss from a TRF file: `001` lines, units from `310`/`013` (else the
//! federation field), points under `162` (2/1/0 in xiangqi files), the bye as `U`.

use std::collections::BTreeMap;

use super::{XiangqiSwissOptions, XqPlayer, XqRound, XqRoundKind};
use crate::model::Points;
use crate::trf::{ResultCode, Trf};

/// The players of `trf`, the round to pair and the options (`152` sets the initial side).
pub fn read_trf(
    trf: &Trf,
    base: &XiangqiSwissOptions,
) -> (Vec<XqPlayer>, u32, XiangqiSwissOptions) {
    let mut opts = *base;
    if let Some(c) = trf.initial_colour() {
        opts.initial_side = c;
    }
    let mut unit_of: BTreeMap<u16, String> = BTreeMap::new();
    for t in trf.teams() {
        let name = if t.name.is_empty() {
            t.number.to_string()
        } else {
            t.name.clone()
        };
        for m in t.members {
            unit_of.entry(m).or_insert_with(|| name.clone());
        }
    }
    let table = trf.game_scores();
    let played = trf.rounds_played();
    let players = trf
        .players()
        .map(|p| {
            let history = p
                .rounds
                .iter()
                .take(played)
                .map(|e| {
                    let kind = match (e.opponent, e.result) {
                        (Some(_), ResultCode::ForfeitWin) => XqRoundKind::ForfeitWin,
                        (Some(_), ResultCode::ForfeitLoss) => XqRoundKind::ForfeitLoss,
                        (Some(_), r) if r.is_played() => XqRoundKind::Played,
                        (_, ResultCode::Pab) => XqRoundKind::Bye,
                        _ => XqRoundKind::Absent,
                    };
                    let points = match e.result {
                        ResultCode::Win | ResultCode::ForfeitWin | ResultCode::WinUnrated => {
                            table.win
                        }
                        ResultCode::FullBye => table.win,
                        ResultCode::Pab => table.pab,
                        ResultCode::Draw | ResultCode::DrawUnrated => table.draw,
                        ResultCode::HalfBye => table.half_bye,
                        ResultCode::Loss | ResultCode::LossUnrated => table.loss,
                        ResultCode::ZeroBye | ResultCode::Blank => table.absent,
                        ResultCode::ForfeitLoss => Points::ZERO,
                    };
                    XqRound {
                        opponent: e.opponent,
                        side: e.colour,
                        kind,
                        points,
                    }
                })
                .collect();
            let absent_next = p.rounds.get(played).is_some_and(|e| {
                e.opponent.is_none()
                    && matches!(
                        e.result,
                        ResultCode::HalfBye | ResultCode::FullBye | ResultCode::ZeroBye
                    )
            });
            XqPlayer {
                id: p.start_no,
                name: p.name.clone(),
                rating: p.rating,
                unit: unit_of
                    .get(&p.start_no)
                    .cloned()
                    .unwrap_or_else(|| p.federation.clone()),
                history,
                available: !absent_next,
            }
        })
        .collect();
    (players, u32::try_from(played + 1).unwrap_or(u32::MAX), opts)
}
