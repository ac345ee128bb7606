//! Scores, standings and FIDE C.07 tie-breaks (2024-08 and 2026-03 editions), in exact
//! arithmetic, and the Chinese Xiangqi Association ranking chains.
//!
//! - [`tournament`]: the scoring model (competitors with typed per-round results);
//! - [`codes`]: the tie-break code grammar;
//! - [`standings()`]: the ranking engine, [`team_standings`] for team events;
//! - [`boards`]: game points by board and the board count (art. 12), below the ranking;
//! - [`cxa`]: 对手分 / 累进分 chains for xiangqi Swiss events;
//! - [`history_standings`]: `bianpai trf standings` once the file is read.
//!
//! Where C.07 leaves a choice (RULES §H.4), the reference calculator TieBreakServer decides,
//! since its output is the test oracle:
//! - TPR: p = rating points ÷ games over the board, rounded half up to hundredths;
//! - PS-C1 drops the round-1 term whatever happened in round 1;
//! - `/P`: forfeits count as games played for BH/SB/ESB/DE (round robins always, 15.2);
//! - DE 6.3 (Swiss, not all met): a competitor is placed first if its mini-score beats every
//!   rival's mini-score plus a win for each game the rival has not played inside the group;
//!   then the next, and so on; the rest go round again on their own;
//! - EDE: primary score, then secondary, then the art. 12 steps for exactly two teams, each
//!   step repeated until it separates no more; a new tied group goes back to the primary score.

pub mod boards;
pub mod buchholz;
pub mod codes;
pub mod cxa;
pub mod direct;
pub mod individual;
pub mod rating;
pub mod rational;
pub mod standings;
pub mod team;
pub mod unplayed;

pub use crate::tournament::scored as tournament;

pub use crate::tournament::Layout;
pub use codes::{Kind, TieBreak, UnknownCode, parse_list};
pub use rational::Rational;
pub use standings::{Row, Standings, Value, standings, to_tsv};
pub use team::team_standings;
pub use tournament::{
    BoardGame, BoardResult, Competitor, Edition, PlayedOutcome, ResultPoints, Round, RoundResult,
    ScoreKind, Tournament, TournamentKind,
};

use crate::tournament::History;

/// The ranking the run pipeline prints: the primary score first (for teams MP and GP, or GP
/// and MP), then `tie_breaks` in order. Scores already in `tie_breaks` are not repeated.
pub fn rank(t: &Tournament, tie_breaks: &[TieBreak]) -> Standings {
    if t.is_team() {
        return team_standings(t, tie_breaks);
    }
    let mut keys: Vec<TieBreak> = Vec::with_capacity(tie_breaks.len() + 1);
    keys.extend(TieBreak::parse("PTS").ok());
    keys.extend(
        tie_breaks
            .iter()
            .filter(|k| !matches!(k.kind, Kind::Pts | Kind::Mpts | Kind::Gpts))
            .cloned(),
    );
    standings(t, &keys)
}

/// Options of `bianpai trf standings`.
#[derive(Debug, Clone, Default)]
pub struct TrfStandingsOptions {
    /// The tie-break list, primary score first (`"PTS BH/C1 SB"`).
    pub tiebreaks: String,
    /// Rules edition; `None` = the event's (TRF record 042).
    pub edition: Option<Edition>,
    /// Round robin or Swiss; [`Layout::Auto`] = as the event states (TRF record 092).
    pub layout: Layout,
}

/// The ranking of a tournament as `trf standings` prints it (SPEC §3), tab-separated, with
/// the scored view it ranks.
///
/// # Errors
///
/// A message when the tie-break list names an unknown code, or a team tie-break for an event
/// without teams.
pub fn history_standings(
    h: &History,
    opts: &TrfStandingsOptions,
) -> Result<(String, Tournament), String> {
    let keys = parse_list(&opts.tiebreaks).map_err(|e| e.to_string())?;
    if keys.is_empty() {
        return Err("empty tie-break list / 破同分规则为空".into());
    }
    let t = h.scored(crate::tournament::ViewOptions {
        edition: opts.edition,
        layout: opts.layout,
    });
    if !t.is_team()
        && let Some(k) = keys.iter().find(|k| k.kind == Kind::Sssc)
    {
        return Err(format!(
            "{k} is a team tie-break (C.07 13.4), this file has no teams / {k} 仅用于团体赛，此文件没有队伍"
        ));
    }
    Ok((to_tsv(&standings(&t, &keys)), t))
}

#[cfg(test)]
mod tests;
