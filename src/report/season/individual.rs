//! The workbooks of an individual Swiss stage: each section's round workbooks and printable
//! pairings, and `standings.xlsx` with each group's ranking and crosstable and the delegation
//! ranking (团体).

use super::individual_tables::{delegation_table, section_crosstable, section_table};
use super::{Target, render_papers};
use crate::report::out_dir::Rendered;
use crate::report::tables::SheetDoc;
use crate::season::individual::IndividualOutcome;
use crate::{Lang, Result};

/// Every workbook of the individual Swiss stage, and the TRF report of each section.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub fn render_individual(
    t: &Target<'_>,
    stage: Option<&crate::event::Stage>,
    o: &IndividualOutcome,
) -> Result<Vec<Rendered>> {
    let lang = t.lang;
    let mut rendered = render_papers(t, &o.papers)?;
    let mut sheets = Vec::new();
    for s in &o.sections {
        let after = s.complete.len();
        let marks = section_marks(s, lang);
        sheets.push(SheetDoc {
            name: s.name.clone(),
            title: match lang {
                Lang::Zh => format!("{} 第{after}轮后排名", s.name),
                Lang::En => format!("{} after round {after}", s.id),
            },
            table: section_table(&s.standings, &s.entrants, &marks, lang),
            landscape: false,
        });
        sheets.push(SheetDoc {
            name: match lang {
                Lang::Zh => format!("{}交叉表", s.name),
                Lang::En => format!("{} crosstable", s.id),
            },
            title: match lang {
                Lang::Zh => format!("{} 交叉表（第{after}轮后）", s.name),
                Lang::En => format!("{} crosstable after round {after}", s.id),
            },
            table: section_crosstable(t, s, &marks),
            landscape: true,
        });
    }
    if let Some(tr) = t.event.team_ranking.as_ref() {
        sheets.push(SheetDoc {
            name: tr.name.clone(),
            title: format!("{}{}", tr.name, lang.pick("成绩", " ranking")),
            table: delegation_table(&o.delegations, lang),
            landscape: false,
        });
    }
    rendered.push(super::standings(t, &sheets)?);
    // The FIDE-format report of each section that has played a round.
    if let Some(stage) = stage {
        let g = &t.event.scoring.game;
        let sc = crate::trf::export::individual::SectionScoring {
            win: g.win,
            draw: g.draw,
            bye: stage.bye.as_ref().map_or(g.win, |b| b.points),
        };
        for s in o.sections.iter().filter(|s| !s.complete.is_empty()) {
            let x = crate::trf::export::individual::section(t.event, stage, s, sc);
            rendered.push(super::trf(t, &x, &format!("-{}", s.id)));
        }
    }
    Ok(rendered)
}

/// Each entrant's mark in the tables (资格待查, 取消资格; empty in good standing), by entrant
/// index.
pub(super) fn section_marks(
    s: &crate::season::individual::SectionOutcome,
    lang: Lang,
) -> Vec<String> {
    s.entrant_standings
        .iter()
        .map(|st| {
            st.as_ref()
                .map(|x| x.mark(lang).to_string())
                .unwrap_or_default()
        })
        .collect()
}
