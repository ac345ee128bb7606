//! The workbooks of the stages, rendered from their outcomes: round workbooks and their
//! printable copies, the draw, the schedule, the standings workbooks (排名, crosstables, 台次成绩,
//! 总排名), `finals.xlsx`, and the TRF report built by [`crate::trf::export`].
//!
//! Each renderer returns its files in order, for the pipeline to save
//! ([`crate::report::out_dir::OutDir::save`]).

pub mod book;
mod default_notes;
mod finals;
mod individual;
mod individual_tables;
mod league;
mod packet_finals;
pub mod packets;
pub mod tables;
mod team_swiss;
pub mod web;

use std::path::Path;

pub use individual::render_individual;
pub use league::render_league;
pub use team_swiss::render_team_swiss;

use super::out_dir::{Place, Rendered};
use super::round_workbook::{self, RoundDoc};
use crate::event::Event;
use crate::model::roster::Roster;
use crate::season::RoundPaper;
use crate::{Lang, Result};

/// What the outputs of an event are rendered from.
#[derive(Debug, Clone, Copy)]
pub struct Target<'a> {
    /// The event.
    pub event: &'a Event,
    /// The roster (names and ratings for the tables).
    pub roster: &'a Roster,
    /// The event folder (round workbooks go to `<dir>/results/`).
    pub dir: &'a Path,
    /// Language of labels.
    pub lang: Lang,
    /// Each entrant's standing with the regulation (the marks 资格待查 and 取消资格).
    pub statuses: &'a crate::outcome::Statuses,
}

/// Each paper: a fresh one's round workbook `results/<file>.xlsx` (a file that is never
/// overwritten), then its printable copy `pairings-<file>.xlsx`.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub fn render_papers(t: &Target<'_>, papers: &[RoundPaper]) -> Result<Vec<Rendered>> {
    let mut rendered = Vec::new();
    for p in papers {
        let label = match t.lang {
            Lang::Zh => format!("{} 第{}轮", p.name, p.round()),
            Lang::En => format!("{} round {}", p.id, p.round()),
        };
        let notes = status_notes(t, p);
        let settings = crate::event::in_force(t.event, &p.marker.stage);
        let results = if p.fresh {
            crate::season::changed::earlier_results(papers, p)
        } else {
            Vec::new()
        };
        let doc = RoundDoc {
            event_title: &t.event.meta().name,
            marker: &p.marker,
            round_label: &label,
            sport: t.event.meta().sport,
            lang: t.lang,
            notes: &[],
            groups: Some(&p.groups),
            settings: &settings,
            results: &results,
        };
        if p.fresh {
            let path = t.dir.join("results").join(format!("{}.xlsx", p.file));
            let wb = round_workbook::for_arbiter(&doc, &p.lines);
            rendered.push(Rendered::xlsx(Place::New(path), wb)?);
        }
        let printable = RoundDoc {
            notes: &notes,
            ..doc
        };
        let name = Place::Out(format!("pairings-{}.xlsx", p.file));
        rendered.push(Rendered::xlsx(
            name,
            round_workbook::printable(&printable, &p.lines),
        )?);
    }
    Ok(rendered)
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

/// `standings.xlsx`: the signed sheets of the stage's standings.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook when it cannot be built.
fn standings(t: &Target<'_>, sheets: &[crate::report::tables::SheetDoc]) -> Result<Rendered> {
    let wb = crate::report::tables::signed_workbook(&t.event.meta().name, sheets, t.lang);
    Rendered::xlsx(Place::Out("standings.xlsx".into()), wb)
}

/// The TRF report `<event-id><suffix>.trf` (`-finals` for a round robin's finals, `-<section>`
/// for each section of an individual stage; [`crate::trf::export::event_id`]), CRLF line ends.
///
/// The manual interventions concerning the marker's stage `stage` (`swiss:open`, `regular`)
/// follow the records as `###` comment lines ([`crate::event::Intervention::trf_comment`]).
fn trf(t: &Target<'_>, trf: &crate::trf::Trf, suffix: &str, stage: &str) -> Rendered {
    let stem = crate::trf::export::event_id(t.event, t.dir);
    let mut trf = trf.clone();
    for i in crate::event::interventions_for(t.event, stage) {
        trf.lines.push(crate::trf::Line::Other {
            code: "###".into(),
            raw: i.trf_comment(),
        });
    }
    Rendered::out(
        format!("{stem}{suffix}.trf"),
        crate::trf::export::text(&trf).into_bytes(),
    )
}
