//! The tables of the results book (成绩册), once the event is over: in the order a federation
//! publishes them, the team ranking (团体总成绩) and, with knockout finals, their matches
//! (`总决赛对阵`), the individual results (台次成绩 of a team event; each group's 名次 of an
//! individual one), then the crosstables. The cover and the
//! prize list are added by [`crate::report::book`].

use super::individual::section_marks;
use super::individual_tables::{delegation_table, section_crosstable, section_table};
use super::{Target, finals, league, tables, team_swiss};
use crate::Lang;
use crate::outcome::{StageKind, StageOutcome};
use crate::report::tables::SheetDoc;

/// The results book's sheets for the stage being played, or `None` while the event is not over
/// (a round robin with finals: until the finals are decided).
pub fn book_sheets(t: &Target<'_>, stage: &StageOutcome) -> Option<Vec<SheetDoc>> {
    let lang = t.lang;
    let sheet = |zh: &str, en: &str, table, landscape| SheetDoc {
        name: lang.pick(zh, en).to_string(),
        title: lang.pick(zh, en).to_string(),
        table,
        landscape,
    };
    let mut v = Vec::new();
    match &stage.kind {
        StageKind::League(o) => {
            o.final_places(t.event)?;
            let st = o.standings.as_ref()?;
            let ranking = league::ranking_table(st, &o.names, t, &stage.stage, o.finals.is_none());
            match o.finals.as_ref() {
                Some(f) => {
                    let table = finals::final_ranking(f, &o.names, t)?;
                    v.push(sheet("团体总成绩", "Team ranking", table, false));
                    v.extend(finals_bracket(t, f, &o.names));
                    v.push(sheet("常规赛排名", "Regular season", ranking, false));
                }
                None => v.push(sheet("团体总成绩", "Team ranking", ranking, false)),
            }
            let (player_names, ratings) = league::player_facts(t.roster, &o.numbers.teams);
            let boards = tables::board_performance(
                &o.names,
                &player_names,
                &ratings,
                &o.complete,
                &o.scoring,
                lang,
            );
            v.push(sheet("台次成绩", "By board", boards, false));
            let cross = tables::crosstable(&o.names, &o.complete, &o.scoring, &o.places, lang);
            v.push(sheet("交叉表", "Crosstable", cross, true));
        }
        StageKind::TeamSwiss(o) => {
            let st = o.standings.as_ref().filter(|_| o.finished())?;
            let ranking = team_swiss::final_table(t, st, &o.names);
            v.push(sheet("团体总成绩", "Team ranking", ranking, false));
            let (player_names, ratings) = league::player_facts(t.roster, &o.numbers);
            let boards = tables::board_performance(
                &o.names,
                &player_names,
                &ratings,
                &o.results(),
                &o.scoring,
                lang,
            );
            v.push(sheet("台次成绩", "By board", boards, false));
            let cross = team_swiss::outcome_crosstable(o, lang);
            v.push(sheet("交叉表", "Crosstable", cross, true));
        }
        StageKind::Individual(o) => {
            if o.groups.is_empty() || !o.groups.iter().all(|g| g.is_final()) {
                return None;
            }
            if let Some(tr) = t.event.team_ranking() {
                v.push(SheetDoc {
                    name: tr.name.clone(),
                    title: format!("{}{}", tr.name, lang.pick("总成绩", " final ranking")),
                    table: delegation_table(&o.delegations, lang),
                    landscape: false,
                });
            }
            for s in &o.sections {
                let marks = section_marks(t.event, s, lang);
                let (name, cross) = match lang {
                    Lang::Zh => (format!("{}名次", s.name), format!("{}交叉表", s.name)),
                    Lang::En => (format!("{} ranking", s.id), format!("{} crosstable", s.id)),
                };
                v.push(SheetDoc {
                    name: name.clone(),
                    title: name,
                    table: section_table(&s.standings, &s.codes, &s.entrants, &marks, lang),
                    landscape: false,
                });
                v.push(SheetDoc {
                    name: cross.clone(),
                    title: cross,
                    table: section_crosstable(t, s, &marks),
                    landscape: true,
                });
            }
        }
    }
    Some(v)
}

/// The knockout finals' matches (as `finals.xlsx!对阵`), named after the stage in the book:
/// `总决赛对阵` (`Finals bracket` in English).
fn finals_bracket(
    t: &Target<'_>,
    f: &crate::season::finals::FinalsOutcome,
    names: &[crate::season::TeamName],
) -> Option<SheetDoc> {
    let mut sheet = finals::bracket_sheet(t, f, names)?;
    let stage = t.event.stages().iter().find(|s| s.id == f.stage)?;
    sheet.name = match t.lang {
        Lang::Zh => format!("{}对阵", stage.name),
        Lang::En => format!("{} bracket", stage.id),
    };
    Some(sheet)
}
