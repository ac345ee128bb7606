//! `trf standings` from a file: the file read as a [`crate::tournament::History`], ranked by
//! [`crate::scoring::history_standings`], and the `310` team totals held to what the rounds give.

use super::import::history;
use super::model::{Line, Trf};
use crate::scoring::{ScoreKind, Tournament, TrfStandingsOptions};

/// The ranking of a TRF tournament as `trf standings` prints it (SPEC §3), tab-separated.
///
/// # Errors
///
/// A message when the tie-break list names an unknown code, or the file names players that are
/// not in it.
pub fn standings(trf: &Trf, opts: &TrfStandingsOptions) -> Result<String, String> {
    standings_checked(trf, opts).map(|(tsv, _)| tsv)
}

/// [`standings`] and its warnings: the `310` team totals that are not what the rounds give
/// ([`check_310`]), each naming its line and column.
///
/// # Errors
///
/// As [`standings`].
pub fn standings_checked(
    trf: &Trf,
    opts: &TrfStandingsOptions,
) -> Result<(String, Vec<String>), String> {
    let h = history(trf).map_err(|e| e.to_string())?;
    let (tsv, t) = crate::scoring::history_standings(&h, opts)?;
    Ok((tsv, check_310(trf, &t)))
}

/// The `310` records whose match or game points (columns 55-60, 62-67) are not what the rounds
/// of `t` (built from the same file) give: one warning per field, naming the line and column.
pub fn check_310(trf: &Trf, t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    if !t.is_team() {
        return out;
    }
    for (i, l) in trf.lines.iter().enumerate() {
        let Line::Team(rec) = l else { continue };
        let Some(c) = t
            .competitors
            .iter()
            .find(|c| c.start_no == u32::from(rec.number))
        else {
            continue;
        };
        let no = rec.number;
        for (written, counted, col, zh, en) in [
            (
                rec.match_points,
                c.standing_total(ScoreKind::Match),
                55,
                "场分",
                "match points",
            ),
            (
                rec.game_points,
                c.standing_total(ScoreKind::Game),
                62,
                "局分",
                "game points",
            ),
        ] {
            if let Some(w) = written
                && w != counted
            {
                out.push(format!(
                    "line {}, column {col}: 第{no}队310记录的{zh}{w}与各轮结果之和{counted}不符 / team {no}: 310 gives {w} {en}, the rounds give {counted}",
                    i + 1
                ));
            }
        }
    }
    out
}
