//! The team standings API the league pipeline calls: the primary and secondary scores (C.07
//! art. 11), then the tie-breaks, ranked by [`super::standings()`].

use super::codes::{Kind, TieBreak};
use super::standings::{Standings, standings};
use super::tournament::{ScoreKind, Tournament};

/// The team ranking: primary score, secondary score, then `keys` (C.07 11, 13).
///
/// The first two columns are `MPTS` and `GPTS` (or the reverse when game points are primary);
/// `keys` should not repeat them.
pub fn team_standings(t: &Tournament, keys: &[TieBreak]) -> Standings {
    let (first, second) = match t.primary {
        ScoreKind::Match => ("MPTS", "GPTS"),
        ScoreKind::Game => ("GPTS", "MPTS"),
    };
    let mut all: Vec<TieBreak> = [first, second]
        .iter()
        .filter_map(|c| TieBreak::parse(c).ok())
        .collect();
    all.extend(
        keys.iter()
            .filter(|k| !matches!(k.kind, Kind::Mpts | Kind::Gpts | Kind::Pts))
            .cloned(),
    );
    standings(t, &all)
}
