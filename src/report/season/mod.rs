//! The workbooks of the stages, written from their outcomes: round workbooks and their
//! printable copies, the draw, the schedule, the standings workbooks (排名, crosstables, 台次成绩,
//! 总排名), `finals.xlsx`, and the TRF report built by [`crate::trf::export`].
//!
//! Each writer returns the files it wrote, in the order it wrote them.

pub mod book;
mod finals;
mod individual;
mod individual_tables;
mod league;
pub mod packets;
pub mod tables;
mod team_swiss;
pub mod web;

use std::path::{Path, PathBuf};

pub use individual::write_individual;
pub use league::write_league;
pub use team_swiss::write_team_swiss;

use super::round_workbook::{self, RoundDoc};
use crate::event::Event;
use crate::model::roster::Roster;
use crate::season::RoundPaper;
use crate::{Lang, Result};

/// Where and how the outputs of an event are written.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    /// The event.
    pub event: &'a Event,
    /// The roster (names and ratings for the tables).
    pub roster: &'a Roster,
    /// The event folder (round workbooks go to `<dir>/results/`).
    pub dir: &'a Path,
    /// The output folder.
    pub out: &'a Path,
    /// Language of labels.
    pub lang: Lang,
    /// Each entrant's standing with the regulation (the marks 资格待查 and 取消资格).
    pub statuses: &'a crate::outcome::Statuses,
}

/// Writes each paper: a fresh one's round workbook `results/<file>.xlsx` (only when it does
/// not exist yet: a round workbook is never overwritten), then its printable copy
/// `out/pairings-<file>.xlsx`.
///
/// # Errors
///
/// [`crate::Error::Io`] naming the path that cannot be written.
pub fn write_papers(t: &Target<'_>, papers: &[RoundPaper]) -> Result<Vec<PathBuf>> {
    let mut written = Vec::new();
    for p in papers {
        let label = match t.lang {
            Lang::Zh => format!("{} 第{}轮", p.name, p.round()),
            Lang::En => format!("{} round {}", p.id, p.round()),
        };
        let notes = status_notes(t, p);
        let doc = RoundDoc {
            event_title: &t.event.event.name,
            marker: &p.marker,
            round_label: &label,
            sport: t.event.event.sport,
            lang: t.lang,
            notes: &[],
        };
        let printable = RoundDoc {
            notes: &notes,
            ..doc
        };
        if p.fresh {
            let path = t.dir.join("results").join(format!("{}.xlsx", p.file));
            if round_workbook::write_new(&path, &doc, &p.lines)? {
                written.push(path);
            }
        }
        let path = t.out.join(format!("pairings-{}.xlsx", p.file));
        round_workbook::write_printable(&path, &printable, &p.lines)?;
        written.push(path);
    }
    Ok(written)
}

/// The notes under a printable round: the teams (team rounds) or entrants (individual
/// rounds) of the round that are 资格待查 or 取消资格, in order of appearance, one line per mark.
fn status_notes(t: &Target<'_>, p: &RoundPaper) -> Vec<String> {
    let marked: Vec<(String, crate::outcome::Standing)> = match &p.lines {
        crate::rounds::lines::Lines::Team(v) => v
            .iter()
            .flat_map(|l| [l.home_team.as_str(), l.away_team.as_str()])
            .filter_map(|team| Some((team.to_string(), t.statuses.team(team)?)))
            .collect(),
        crate::rounds::lines::Lines::Individual(_) => p.marks.clone(),
    };
    let mut by_mark: Vec<(&'static str, Vec<String>)> = Vec::new();
    for (who, s) in marked {
        let mark = s.mark(t.lang);
        match by_mark.iter_mut().find(|(m, _)| *m == mark) {
            Some((_, names)) if names.contains(&who) => {}
            Some((_, names)) => names.push(who),
            None => by_mark.push((mark, vec![who])),
        }
    }
    let (colon, comma) = match t.lang {
        Lang::Zh => ("：", "、"),
        Lang::En => (": ", ", "),
    };
    by_mark
        .into_iter()
        .map(|(mark, names)| format!("{mark}{colon}{}", names.join(comma)))
        .collect()
}

/// Writes the TRF report `out/<template>.trf`.
///
/// # Errors
///
/// [`crate::Error::Io`] naming the path that cannot be written.
fn write_trf(t: &Target<'_>, trf: &crate::trf::Trf) -> Result<PathBuf> {
    write_trf_named(t, trf, "")
}

/// Writes a TRF report `out/<template><suffix>.trf` (`-finals` for a round robin's finals).
///
/// # Errors
///
/// [`crate::Error::Io`] naming the path that cannot be written.
fn write_trf_named(t: &Target<'_>, trf: &crate::trf::Trf, suffix: &str) -> Result<PathBuf> {
    let path = t.out.join(format!(
        "{}{suffix}.trf",
        crate::trf::export::trf_file_stem(t.event)
    ));
    super::workbook::write_atomic(&path, crate::trf::write(trf).as_bytes())?;
    Ok(path)
}
