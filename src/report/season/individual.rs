//! The workbooks of an individual Swiss stage: each section's round workbooks and printable
//! pairings, and `standings.xlsx` with each group's ranking and crosstable and the delegation
//! ranking (团体).

use super::individual_tables::{delegation_table, section_crosstable, section_table};
use super::{Target, render_papers};
use crate::model::Points;
use crate::report::out_dir::Rendered;
use crate::report::tables::SheetDoc;
use crate::season::individual::{IndividualOutcome, SectionOutcome};
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
        let marks = section_marks(t.event, s, lang);
        sheets.push(SheetDoc {
            name: s.name.clone(),
            title: match lang {
                Lang::Zh => format!("{} 第{after}轮后排名", s.name),
                Lang::En => format!("{} after round {after}", s.id),
            },
            table: section_table(&s.standings, &s.codes, &s.entrants, &marks, lang),
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
    if let Some(tr) = t.event.team_ranking() {
        sheets.push(SheetDoc {
            name: tr.name.clone(),
            title: format!("{}{}", tr.name, lang.pick("成绩", " ranking")),
            table: delegation_table(&o.delegations, lang),
            landscape: false,
        });
    }
    rendered.push(super::standings(t, &sheets)?);
    // The FIDE-format report of each section that has played a round, by the stage that plays
    // it.
    let g = &t.event.scoring().game;
    for s in o.sections.iter().filter(|s| !s.complete.is_empty()) {
        let own = t.event.stages().iter().find(|x| x.id == s.stage);
        if let Some(stage) = own.or(stage) {
            let bye = stage.bye.as_ref().map_or(g.win, |b| b.points);
            let x = section_trf(t, stage, s, (g.win, g.draw, bye));
            // The stage of the section's round workbooks' marker (`swiss:open`).
            let marker = format!("{}:{}", stage.id, s.id);
            rendered.push(super::trf(t, &x, &format!("-{}", s.id), &marker));
        }
    }
    Ok(rendered)
}

/// The FIDE report of a section from its history: each entrant's person from the roster (a
/// pair: its two FIDE names only), its place from the standings.
fn section_trf(
    t: &Target<'_>,
    stage: &crate::event::Stage,
    s: &SectionOutcome,
    scoring: (Points, Points, Points),
) -> crate::trf::Trf {
    use crate::trf::export::{Facts, Person};
    let out = |i: usize| {
        s.entrant_standings
            .get(i)
            .is_some_and(|x| x.as_ref().is_some_and(|x| x.is_disqualified()))
    };
    let mut h = crate::season::individual::history(&s.entrants, &s.complete, scoring, out);
    // The round to be paired, entered ahead (FIDE Dutch): the byes requested for it, as
    // bbpPairings reads a TRF (the entrants not paired again already have their `Z`).
    for &(i, kind) in &s.upcoming {
        if let Some(e) = h.entrants.get_mut(i)
            && e.rounds.len() == h.rounds_played
        {
            e.rounds.push(crate::tournament::Slot {
                opponent: None,
                colour: None,
                outcome: crate::tournament::Outcome::Bye(kind),
            });
        }
    }
    let people: Vec<Person> = s
        .entrants
        .iter()
        .map(|e| match roster_person(t.roster, e) {
            Some(p) => Person::of(p),
            None => Person {
                name: Some(e.fide_name.clone()),
                ..Person::default()
            },
        })
        .collect();
    let ranks: Vec<u32> = (1..=s.entrants.len() as u32)
        .map(|no| {
            s.standings
                .rows
                .iter()
                .find(|r| r.start_no == no)
                .map_or(0, |r| r.rank)
        })
        .collect();
    let facts = Facts::of_section(t.event, stage, &s.id);
    let mut trf = crate::trf::export::section(&h, &people, &ranks, &facts);
    // Baku acceleration's virtual points (`250`), before the players, as the run paired with
    // them: `trf pair` and bbpPairings pair every round of the file as the run did.
    let at = trf
        .lines
        .iter()
        .position(|l| matches!(l, crate::trf::Line::Player(_)))
        .unwrap_or(trf.lines.len());
    let records = s.accelerations.iter().map(crate::trf::acceleration_line);
    trf.lines.splice(at..at, records);
    let gone: Vec<u16> = h
        .entrants
        .iter()
        .enumerate()
        .filter(|&(i, _)| out(i))
        .map(|(_, e)| e.start_no)
        .collect();
    crate::trf::export::disqualify(&mut trf, &gone);
    trf
}

/// The roster's person of a one-person entrant: the player of the entrant's delegation with
/// its name (and ID number, when the entry gives one).
fn roster_person<'a>(
    roster: &'a crate::model::roster::Roster,
    e: &crate::season::individual::entrants::Entrant,
) -> Option<&'a crate::model::roster::Person> {
    let [(name, id)] = e.members.as_slice() else {
        return None;
    };
    roster
        .teams
        .iter()
        .filter(|team| team.unit.value == e.unit)
        .flat_map(|team| &team.players)
        .find(|p| {
            p.display_name() == name
                && id
                    .as_ref()
                    .is_none_or(|id| p.id.as_ref().is_some_and(|x| &x.value.number == id))
        })
}

/// Each entrant's 备注 in the tables, by entrant index: once the section's last round is
/// complete, the titles `[[prizes.honours]]` prints beside its final place in this section
/// (`in_standings = true`: 冠军, 全国业余棋王), then its mark (资格待查, 取消资格; nothing in good standing).
pub(super) fn section_marks(
    event: &crate::event::Event,
    s: &SectionOutcome,
    lang: Lang,
) -> Vec<String> {
    let over = s.planned > 0 && s.complete.len() >= s.planned as usize;
    let mut place = vec![0; s.entrant_standings.len()];
    for r in &s.standings.rows {
        if let Some(p) = place.get_mut(r.competitor) {
            *p = r.rank;
        }
    }
    (s.entrant_standings.iter().zip(place))
        .map(|(st, place)| {
            let mut note: Vec<String> = if over {
                (event.prizes().honours.iter())
                    .filter_map(|h| h.printed(&s.id, place, false))
                    .map(String::from)
                    .collect()
            } else {
                Vec::new()
            };
            let mark = st.as_ref().map(|x| x.mark(lang)).unwrap_or_default();
            if !mark.is_empty() {
                note.push(mark.to_string());
            }
            note.join(lang.pick("，", ", "))
        })
        .collect()
}
