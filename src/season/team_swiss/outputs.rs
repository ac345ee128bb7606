//! What a team Swiss run writes after reading its rounds: the summary standings,
//! `standings.xlsx` (排名, 交叉表, 台次成绩, and 总排名 once every round is complete) and the
//! TRF-26 report.

use std::collections::BTreeMap;

use super::entries::Withdrawals;
use super::tables_swiss::{self, swiss_crosstable};
use super::{Input, Output, SwissRound};
use crate::model::roster::Roster;
use crate::model::{Colour, Points};
use crate::pipeline::summary::{StandingEntry, points_number};
use crate::report::tables::{SheetDoc, TextTable};
use crate::season::league;
use crate::season::matches::{RoundResults, Scoring};
use crate::season::tables::{self, TeamName};
use crate::season::teams;
use crate::season::trf_build;
use crate::{Lang, Result, scoring};

/// The state of the stage after reading its rounds.
pub(super) struct Season<'a> {
    /// Team names in number order.
    pub numbers: &'a [String],
    /// `(number, name)`.
    pub names: &'a [TeamName],
    /// The complete rounds.
    pub complete: &'a [SwissRound],
    /// Game and match scoring.
    pub scoring: Scoring,
    /// Rounds of the stage.
    pub planned: u32,
    /// Match and game points of the bye.
    pub bye: (Points, Points),
    /// The first-named team's colour per board.
    pub colours: &'a [Colour],
    /// Withdrawals marked so far.
    pub withdrawals: &'a Withdrawals,
}

/// Outputs after the rounds: summary standings, `standings.xlsx`, the TRF.
pub(super) fn finish(
    inp: &Input<'_>,
    season: &Season<'_>,
    st: Option<scoring::Standings>,
    out: &mut Output,
) -> Result<()> {
    let Season {
        numbers,
        names,
        complete,
        planned,
        bye,
        colours,
        ..
    } = *season;
    let scoring = &season.scoring;
    let name_of = |n: u32| {
        names
            .iter()
            .find(|t| t.0 == n)
            .map(|t| t.1.clone())
            .unwrap_or_default()
    };
    let mut places: BTreeMap<u32, u32> = BTreeMap::new();
    if let Some(st) = &st {
        let codes: Vec<String> = st.keys.iter().map(|k| k.to_string()).collect();
        for row in &st.rows {
            places.insert(row.start_no, row.rank);
            let mut tiebreaks = serde_json::Map::new();
            for (code, text) in codes.iter().zip(&row.display).skip(2) {
                tiebreaks.insert(code.clone(), json_value(text));
            }
            out.standings.push(StandingEntry {
                rank: row.rank,
                name: name_of(row.start_no),
                section: None,
                points: points_number(row.primary),
                game_points: Some(points_number(row.secondary)),
                tiebreaks,
            });
        }
        if complete.len() as u32 == planned {
            out.final_places = Some(
                st.rows
                    .iter()
                    .map(|r| (r.rank, name_of(r.start_no)))
                    .collect(),
            );
        }
    }
    let lang = inp.lang;
    let results: Vec<RoundResults> = complete.iter().map(|r| r.results.clone()).collect();
    let mut sheets = Vec::new();
    if let Some(st) = &st {
        // The template's order stands in for the supplementary rules until they are known.
        let default_order = inp
            .event
            .tiebreaks_for(&inp.stage.id, "team")
            .is_none_or(|t| t.is_default);
        let note = match (default_order, lang) {
            (false, _) => "",
            (true, Lang::Zh) => "（破同分顺序为默认值，待补充细则确认）",
            (true, Lang::En) => " (default tie-break order, to be confirmed)",
        };
        sheets.push(SheetDoc {
            name: lang.pick("排名", "Ranking").into(),
            title: match lang {
                Lang::Zh => format!("第{}轮后排名{note}", complete.len()),
                Lang::En => format!("ranking after round {}{note}", complete.len()),
            },
            table: tables_swiss::ranking_table(st, names, inp.event, &inp.stage.id, lang),
            landscape: false,
        });
    }
    sheets.push(SheetDoc {
        name: lang.pick("交叉表", "Crosstable").into(),
        title: lang.pick("瑞士制交叉表", "Swiss crosstable").into(),
        table: swiss_crosstable(
            names,
            complete,
            scoring,
            bye,
            season.withdrawals,
            &places,
            lang,
        ),
        landscape: true,
    });
    if let (Some(st), true) = (&st, complete.len() as u32 == planned) {
        sheets.push(SheetDoc {
            name: lang.pick("总排名", "Final ranking").into(),
            title: lang.pick("总排名", "final ranking").into(),
            table: final_table(inp, st, names, lang),
            landscape: false,
        });
    }
    let player_names = player_names(inp.roster, numbers);
    sheets.push(SheetDoc {
        name: lang.pick("台次成绩", "By board").into(),
        title: lang.pick("台次成绩", "results by board").into(),
        table: tables::board_results(names, &player_names, &results, scoring, lang),
        landscape: false,
    });
    let st_path = inp.out.join("standings.xlsx");
    crate::report::tables::write(&st_path, &inp.event.event.name, &sheets, lang)?;
    out.written.push(st_path);

    if !complete.is_empty() {
        let export = teams::export_teams(numbers, inp.roster);
        let mut head = league::header(
            inp.event,
            inp.stage,
            planned,
            false,
            colours.to_vec(),
            *scoring,
        );
        head.pab = bye;
        let pabs: Vec<(u32, u32)> = complete
            .iter()
            .filter_map(|r| r.bye.map(|t| (r.results.round, t)))
            .collect();
        let trf = trf_build::team_event(&head, &export, &results, &pabs);
        let path = inp
            .out
            .join(format!("{}.trf", league::trf_file_stem(inp.event)));
        crate::report::workbook::write_atomic(&path, crate::trf::write(&trf).as_bytes())?;
        out.written.push(path);
    }
    Ok(())
}

/// 总排名: every team by place; the places the regulation ranks (`[ranking] places`) are marked
/// 录取 and the first `promoted` of them 升级 (to `promoted_to`).
fn final_table(
    inp: &Input<'_>,
    st: &scoring::Standings,
    names: &[TeamName],
    lang: Lang,
) -> TextTable {
    let ranking = inp.event.ranking.as_ref();
    let ranked = ranking.map_or(0, |r| r.places);
    let promoted = ranking.map_or(0, |r| r.promoted);
    let to = ranking
        .and_then(|r| r.promoted_to.clone())
        .unwrap_or_default();
    let rows = st
        .rows
        .iter()
        .map(|r| {
            let name = names
                .iter()
                .find(|t| t.0 == r.start_no)
                .map(|t| t.1.clone())
                .unwrap_or_default();
            let mut note = Vec::new();
            if r.rank <= ranked {
                note.push(lang.pick("录取", "placed").to_string());
            }
            if r.rank <= promoted {
                note.push(match lang {
                    Lang::Zh if to.is_empty() => "升级".to_string(),
                    Lang::Zh => format!("升入{to}"),
                    Lang::En => "promoted".to_string(),
                });
            }
            vec![
                r.rank.to_string(),
                r.start_no.to_string(),
                name,
                r.primary.to_string(),
                r.secondary.to_string(),
                note.join(lang.pick("，", ", ")),
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
    }
}

fn player_names(roster: &Roster, numbers: &[String]) -> BTreeMap<(u32, String), String> {
    numbers
        .iter()
        .enumerate()
        .filter_map(|(i, u)| {
            roster
                .teams
                .iter()
                .find(|t| &t.unit.value == u)
                .map(|t| (i as u32 + 1, t))
        })
        .flat_map(|(no, t)| {
            t.players.iter().filter_map(move |p| {
                p.name
                    .as_ref()
                    .map(|n| ((no, n.value.key.clone()), n.value.display.clone()))
            })
        })
        .collect()
}

fn json_value(text: &str) -> serde_json::Value {
    text.parse::<i64>()
        .map(serde_json::Value::from)
        .or_else(|_| text.parse::<f64>().map(serde_json::Value::from))
        .unwrap_or_else(|_| serde_json::Value::from(text))
}
