//! The file's standings (rank column, and for players the points column) held to the ranking
//! its tie-break order makes.

use std::collections::BTreeMap;

use crate::model::Points;
use crate::tournament::{History, Layout, ViewOptions};
use crate::trf::Trf;

/// One competitor whose line in the file is not what the ranking gives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RankDiff {
    /// The file's rank is outside the places the ranking gives (`lo..=hi`: competitors tied on
    /// every tie-break share them, in any order).
    Rank {
        /// Start (pairing) number.
        start_no: u16,
        /// Name.
        name: String,
        /// The file's rank.
        file: u16,
        /// The first place the ranking gives.
        lo: u32,
        /// The last place (equal to `lo` unless tied).
        hi: u32,
    },
    /// A player's points column (81-84) is not the sum of the rounds.
    Points {
        /// Start number.
        start_no: u16,
        /// Name.
        name: String,
        /// The file's points.
        file: Points,
        /// The rounds' total.
        counted: Points,
    },
}

/// The verdict on the standings.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RankReport {
    /// The tie-break list used, as written.
    pub tiebreaks: String,
    /// The competitors with a rank in the file (those without one, e.g. withdrawn, are left
    /// out and the others ranked among themselves).
    pub ranked: usize,
    /// What differs.
    pub diffs: Vec<RankDiff>,
}

/// Checks the file's ranks against `tiebreaks`, else the file's `212` order; `Ok(None)` when
/// neither gives a list.
///
/// # Errors
///
/// A message when the list names an unknown code.
pub fn ranks(
    trf: &Trf,
    h: &History,
    tiebreaks: Option<&str>,
) -> Result<Option<RankReport>, String> {
    let Some(list) = tiebreaks
        .map(str::to_string)
        .or_else(|| trf.header("212").map(str::to_string))
        .filter(|l| !l.trim().is_empty())
    else {
        return Ok(None);
    };
    let keys = crate::scoring::parse_list(&list).map_err(|e| e.to_string())?;
    let t = h.scored(ViewOptions {
        edition: None,
        layout: Layout::Auto,
    });
    let s = crate::scoring::standings(&t, &keys);
    let team = t.is_team();
    let file_rank: BTreeMap<u32, u16> = if team {
        trf.teams()
            .iter()
            .filter_map(|r| Some((u32::from(r.number), r.rank?)))
            .collect()
    } else {
        trf.players()
            .filter_map(|p| Some((u32::from(p.start_no), p.rank?)))
            .collect()
    };
    let ranked: Vec<&crate::scoring::Row> = s
        .rows
        .iter()
        .filter(|r| file_rank.contains_key(&r.start_no))
        .collect();
    let mut diffs = Vec::new();
    for r in &ranked {
        let ahead = ranked.iter().filter(|x| x.rank < r.rank).count();
        let with = ranked.iter().filter(|x| x.rank <= r.rank).count();
        let (lo, hi) = (ahead as u32 + 1, with as u32);
        let name = t
            .competitors
            .get(r.competitor)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        let no = u16::try_from(r.start_no).unwrap_or(u16::MAX);
        if let Some(&file) = file_rank.get(&r.start_no)
            && !(lo..=hi).contains(&u32::from(file))
        {
            diffs.push(RankDiff::Rank {
                start_no: no,
                name,
                file,
                lo,
                hi,
            });
        }
    }
    if !team {
        for p in trf.players() {
            let counted = t
                .competitors
                .iter()
                .find(|c| c.start_no == u32::from(p.start_no))
                .map(|c| c.total(t.primary));
            if let (Some(file), Some(counted)) = (p.points, counted)
                && file != counted
            {
                diffs.push(RankDiff::Points {
                    start_no: p.start_no,
                    name: p.name.clone(),
                    file,
                    counted,
                });
            }
        }
    }
    Ok(Some(RankReport {
        tiebreaks: list,
        ranked: ranked.len(),
        diffs,
    }))
}
