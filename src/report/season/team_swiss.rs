//! The workbooks of a team Swiss: its round workbooks and printable pairings,
//! `standings.xlsx` (排名, the Swiss crosstable, 总排名 once every round is complete, 台次成绩)
//! and the TRF report.

use std::collections::BTreeMap;

use super::{Target, render_papers, tables, trf};
use crate::event::Stage;
use crate::model::{Colour, Points};
use crate::report::cell::Cell;
use crate::report::out_dir::Rendered;
use crate::report::tables::{SheetDoc, TextTable};
use crate::scoring;
use crate::season::TeamName;
use crate::season::matches::MatchScoring;
use crate::season::team_swiss::entries::Withdrawals;
use crate::season::team_swiss::{SwissRound, TeamSwissOutcome};
use crate::{Lang, Result};

/// Every workbook of the team Swiss stage `stage`.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub fn render_team_swiss(
    t: &Target<'_>,
    stage: &Stage,
    o: &TeamSwissOutcome,
) -> Result<Vec<Rendered>> {
    let lang = t.lang;
    let mut rendered = render_papers(t, &o.papers)?;
    let after = o.complete.len();
    let results = o.results();
    let mut sheets = Vec::new();
    if let Some(st) = &o.standings {
        // The template's order stands in for the supplementary rules until they are known.
        let default_order = t
            .event
            .tiebreaks_for(&stage.id, "team")
            .is_none_or(|t| t.is_default);
        let mut table = super::league::ranking_table(st, &o.names, t, &stage.id, o.finished());
        if default_order {
            table
                .notes
                .push(crate::report::notes::default_tiebreaks(lang));
        }
        sheets.push(SheetDoc {
            name: lang.pick("排名", "Ranking").into(),
            title: match lang {
                Lang::Zh => format!("第{after}轮后排名"),
                Lang::En => format!("ranking after round {after}"),
            },
            table,
            landscape: false,
        });
    }
    sheets.push(SheetDoc {
        name: lang.pick("交叉表", "Crosstable").into(),
        title: lang.pick("瑞士制交叉表", "Swiss crosstable").into(),
        table: outcome_crosstable(o, lang),
        landscape: true,
    });
    if let (Some(st), true) = (&o.standings, o.finished()) {
        sheets.push(SheetDoc {
            name: lang.pick("总排名", "Final ranking").into(),
            title: lang.pick("总排名", "final ranking").into(),
            table: final_table(t, st, &o.names),
            landscape: false,
        });
    }
    let (player_names, ratings) = super::league::player_facts(t.roster, &o.numbers);
    sheets.push(SheetDoc {
        name: lang.pick("台次成绩", "By board").into(),
        title: lang.pick("台次成绩", "results by board").into(),
        table: tables::board_performance(
            &o.names,
            &player_names,
            &ratings,
            &results,
            &o.scoring,
            lang,
        ),
        landscape: false,
    });
    rendered.push(super::standings(t, &sheets)?);
    if let Some(x) = crate::trf::export::stages::team_swiss(t.event, stage, t.roster, o) {
        rendered.push(trf(t, &x, "", &t.event.marker_stage(&stage.id)));
    }
    Ok(rendered)
}

/// The Swiss crosstable: teams in number order; the cell of round r is the opponent's number,
/// the team's colour on board 1 (`白`/`黑`) and the game score of the match (`5白 3:2`), the
/// bye `轮空 2.5`, a round after the team's withdrawal `退赛`, another unpaired round (late
/// entry, absence) `未赛`; then match points, game points and the place.
pub fn swiss_crosstable(
    teams: &[TeamName],
    rounds: &[SwissRound],
    s: &MatchScoring,
    bye: (Points, Points),
    withdrawals: &Withdrawals,
    places: &BTreeMap<u32, u32>,
    lang: Lang,
) -> TextTable {
    let mut sorted: Vec<&TeamName> = teams.iter().collect();
    sorted.sort_by_key(|t| t.0);
    let mut headers = vec![
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend(rounds.iter().map(|r| match lang {
        Lang::Zh => format!("第{}轮", r.results.round),
        Lang::En => format!("R{}", r.results.round),
    }));
    headers.extend(
        [
            lang.pick("场分", "MP"),
            lang.pick("局分", "GP"),
            lang.pick("名次", "Place"),
        ]
        .map(str::to_string),
    );
    // The words of the round workbooks, one letter in English (`W`, `R`, `B`).
    let colour_word = |c: Colour| {
        let w = crate::report::round_workbook::colour_word(c, s.sport, lang);
        match lang {
            Lang::Zh => w,
            Lang::En => w.get(..1).unwrap_or(w),
        }
    };
    let rows = sorted
        .iter()
        .map(|(no, name)| {
            let no = &no.0;
            let mut row = vec![(*no).into(), name.as_str().into()];
            let (mut mp, mut gp) = (Points::ZERO, Points::ZERO);
            for r in rounds {
                if r.bye == Some(*no) {
                    mp += bye.0;
                    gp += bye.1;
                    let value = s.sport.points_text(bye.1);
                    row.push(format!("{} {value}", lang.pick("轮空", "bye")).into());
                    continue;
                }
                let cell = r
                    .results
                    .matches
                    .iter()
                    .find(|m| m.home == *no || m.away == *no)
                    .map(|m| {
                        let home = m.home == *no;
                        let (hg, ag) = m.game_points(s);
                        let (hm, am) = m.match_points(s);
                        let first = m
                            .boards
                            .iter()
                            .min_by_key(|b| b.board)
                            .map_or(Colour::White, |b| b.home_colour);
                        let (opp, c, g, og, p) = if home {
                            (m.away, first, hg, ag, hm)
                        } else {
                            (m.home, !first, ag, hg, am)
                        };
                        mp += p;
                        gp += g;
                        format!("{opp}{} {}", colour_word(c), s.sport.score_pair(g, og))
                    })
                    .unwrap_or_else(|| {
                        if withdrawals.team_out(*no, r.results.round) {
                            lang.pick("退赛", "withdrawn").to_string()
                        } else {
                            lang.pick("未赛", "not paired").to_string()
                        }
                    });
                row.push(cell.into());
            }
            row.push(Cell::points(s.sport, mp));
            row.push(Cell::points(s.sport, gp));
            row.push(places.get(no).map_or_else(Cell::default, |&p| p.into()));
            row
        })
        .collect();
    let n = headers.len();
    let mut centred: Vec<usize> = (2..n).collect();
    centred.insert(0, 0);
    TextTable {
        headers,
        rows,
        // Round cells wrap: `12白` over `3.5:1.5`.
        wrapped: (2..n.saturating_sub(3)).collect(),
        wrap_width: Some(8),
        centred,
        ..Default::default()
    }
}

/// 总排名: every team by place; the places the regulation ranks (`[ranking] places`) are marked
/// 录取 and the first `promoted` of them 升级 (to `promoted_to`).
/// The crosstable of a team Swiss outcome (see [`swiss_crosstable`]): in `standings.xlsx`, the
/// results book and on the page.
pub(super) fn outcome_crosstable(o: &TeamSwissOutcome, lang: Lang) -> TextTable {
    swiss_crosstable(
        &o.names,
        &o.complete,
        &o.scoring,
        o.bye,
        &o.withdrawals,
        &o.places,
        lang,
    )
}

pub(super) fn final_table(
    t: &Target<'_>,
    st: &scoring::Standings,
    names: &[TeamName],
) -> TextTable {
    let (event, lang) = (t.event, t.lang);
    let ranking = event.ranking();
    let ranked = ranking.map_or(0, |r| r.places);
    let promoted = ranking.map_or(0, |r| r.promoted);
    let to = ranking
        .and_then(|r| r.promoted_to.clone())
        .unwrap_or_default();
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let name = crate::season::league::name_or_number(names, r.start_no);
            let mut note = super::league::team_honours(event, r.rank);
            let mark = super::league::team_mark(t, &name);
            if !mark.is_empty() {
                note.push(mark);
            }
            if r.rank > 0 && r.rank <= ranked {
                note.push(lang.pick("录取", "placed").to_string());
            }
            if r.rank > 0 && r.rank <= promoted {
                note.push(match lang {
                    Lang::Zh if to.is_empty() => "升级".to_string(),
                    Lang::Zh => format!("升入{to}"),
                    Lang::En => "promoted".to_string(),
                });
            }
            vec![
                Cell::place(r.rank),
                r.start_no.into(),
                name.into(),
                Cell::points1(r.primary),
                Cell::points1(r.secondary),
                note.join(lang.pick("，", ", ")).into(),
            ]
        })
        .collect();
    TextTable {
        headers: vec![
            lang.pick("名次", "Place").into(),
            lang.pick("序号", "No.").into(),
            lang.pick("队名", "Team").into(),
            lang.pick("场分", "MP").into(),
            lang.pick("局分", "GP").into(),
            lang.pick("备注", "Note").into(),
        ],
        rows,
        centred: vec![0, 1, 3, 4],
        ..Default::default()
    }
}
