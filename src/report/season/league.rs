//! The workbooks of a round robin: the draw (`results/draw.xlsx`, when bianpai drew the
//! numbers), the round workbooks and printable pairings, `schedule.xlsx`, `standings.xlsx`
//! (排名, 交叉表, 台次成绩), the TRF report, then the finals.

use super::{Target, render_papers, tables, trf};
use crate::event::Stage;
use crate::model::roster::Roster;
use crate::report::cell::Cell;
use crate::report::out_dir::{Place, Rendered};
use crate::report::tables::{SheetDoc, TextTable};
use crate::rounds::marker::Marker;
use crate::scoring;
use crate::season::TeamName;
use crate::season::league::LeagueOutcome;
use crate::{Lang, Result};
use std::collections::BTreeMap;

/// Every workbook of the round-robin stage `stage` and its finals.
///
/// # Errors
///
/// [`crate::Error::Output`] naming the workbook that cannot be built.
pub fn render_league(t: &Target<'_>, stage: &Stage, o: &LeagueOutcome) -> Result<Vec<Rendered>> {
    let lang = t.lang;
    let mut rendered = Vec::new();
    if let Some(seed) = o.numbers.drawn {
        rendered.push(draw(t, &o.numbers.teams, seed)?);
    }
    rendered.extend(render_papers(t, &o.papers)?);
    let schedule = crate::report::tables::workbook(
        &t.event.meta().name,
        &[
            SheetDoc {
                name: lang.pick("按轮次", "By round").into(),
                title: lang.pick("赛程（按轮次）", "schedule by round").into(),
                table: tables::schedule_by_round(&o.schedule, &o.names, lang),
                landscape: false,
            },
            SheetDoc {
                name: lang.pick("按队", "By team").into(),
                title: lang.pick("赛程（按队）", "schedule by team").into(),
                table: tables::schedule_by_team(&o.schedule, &o.names, lang),
                landscape: true,
            },
        ],
        lang,
    );
    rendered.push(Rendered::xlsx(
        Place::Out("schedule.xlsx".into()),
        schedule,
    )?);
    let (player_names, ratings) = player_facts(t.roster, &o.numbers.teams);
    let mut sheets = Vec::new();
    let after = o.complete.len();
    if let Some(st) = &o.standings {
        sheets.push(SheetDoc {
            name: lang.pick("排名", "Ranking").into(),
            title: match lang {
                Lang::Zh => format!("第{after}轮后排名"),
                Lang::En => format!("ranking after round {after}"),
            },
            table: ranking_table(
                st,
                &o.names,
                t,
                &stage.id,
                o.finals.is_none() && o.final_places(t.event).is_some(),
            ),
            landscape: false,
        });
    }
    sheets.push(SheetDoc {
        name: lang.pick("交叉表", "Crosstable").into(),
        title: lang.pick("交叉表", "crosstable").into(),
        table: tables::crosstable(&o.names, &o.complete, &o.scoring, &o.places, lang),
        landscape: true,
    });
    sheets.extend(group_sheets(t, stage, o));
    sheets.push(SheetDoc {
        name: lang.pick("台次成绩", "By board").into(),
        title: lang.pick("台次成绩", "results by board").into(),
        table: tables::board_performance(
            &o.names,
            &player_names,
            &ratings,
            &o.complete,
            &o.scoring,
            lang,
        ),
        landscape: false,
    });
    rendered.push(super::standings(t, &sheets)?);
    if let Some(x) = crate::trf::export::stages::league(t.event, stage, t.roster, o) {
        rendered.push(trf(t, &x, "", &t.event.marker_stage(&stage.id)));
    }
    if let Some(x) = crate::trf::export::stages::finals(t.event, t.roster, o) {
        let finals = t
            .event
            .stages()
            .iter()
            .find(|s| s.system == crate::event::System::Knockout)
            .map_or("finals", |s| s.id.as_str());
        rendered.push(trf(t, &x, "-finals", finals));
    }
    if let Some(f) = &o.finals {
        rendered.extend(super::finals::render_finals(
            t,
            f,
            &o.names,
            o.standings.as_ref(),
        )?);
    }
    Ok(rendered)
}

/// Each group's ranking and crosstable, over its own matches (none without groups).
fn group_sheets(t: &Target<'_>, stage: &Stage, o: &LeagueOutcome) -> Vec<SheetDoc> {
    let lang = t.lang;
    let mut sheets = Vec::new();
    for g in &o.groups {
        let label = g.label(lang);
        let names = g.names(&o.names);
        if let Some(st) = &g.standings {
            sheets.push(SheetDoc {
                name: format!("{label}{}", lang.pick("排名", " ranking")),
                title: format!("{label}{}", lang.pick("排名", " ranking")),
                table: ranking_table(st, &o.names, t, &stage.id, false),
                landscape: false,
            });
        }
        sheets.push(SheetDoc {
            name: format!("{label}{}", lang.pick("交叉表", " crosstable")),
            title: format!("{label}{}", lang.pick("交叉表", " crosstable")),
            table: tables::crosstable(&names, &g.rounds(&o.complete), &o.scoring, &g.places, lang),
            landscape: true,
        });
    }
    sheets
}

/// `results/draw.xlsx`: the numbers bianpai drew and the seed (with the marker by which the
/// next run reads them back), a file that is never overwritten.
fn draw(t: &Target<'_>, drawn: &[String], seed: u64) -> Result<Rendered> {
    let lang = t.lang;
    let table = TextTable {
        headers: vec![
            lang.pick("序号", "No.").to_string(),
            lang.pick("队名", "Team").to_string(),
        ],
        rows: drawn
            .iter()
            .enumerate()
            .map(|(i, n)| vec![(i + 1).into(), n.as_str().into()])
            .collect(),
        centred: vec![0],
        ..Default::default()
    };
    let sheet = SheetDoc {
        name: lang.pick("抽签", "Draw").to_string(),
        title: format!("{} (seed {seed})", lang.pick("抽签序号", "draw")),
        table,
        landscape: false,
    };
    let marker = Marker {
        event: t.event.meta().name.clone(),
        stage: t.event.draw_marker(),
        round: 0,
    };
    let wb =
        crate::report::tables::marked_workbook(&t.event.meta().name, &[sheet], lang, Some(&marker));
    let path = t
        .dir
        .join("results")
        .join(format!("{}.xlsx", t.event.draw_stem()));
    Rendered::xlsx(Place::New(path), wb)
}

/// Display names and FIDE ratings of the registered players, by (team number, name key).
#[allow(clippy::type_complexity)]
pub(super) fn player_facts(
    roster: &Roster,
    numbers: &[String],
) -> (
    BTreeMap<(u32, String), String>,
    BTreeMap<(u32, String), u16>,
) {
    let mut names = BTreeMap::new();
    let mut ratings = BTreeMap::new();
    // The first team of each name, looked up rather than searched for.
    let mut team_of = std::collections::HashMap::new();
    for t in &roster.teams {
        team_of.entry(t.unit.value.as_str()).or_insert(t);
    }
    for (i, u) in numbers.iter().enumerate() {
        let Some(t) = team_of.get(u.as_str()) else {
            continue;
        };
        let no = i as u32 + 1;
        for p in &t.players {
            let Some(n) = p.name.as_ref() else { continue };
            names.insert((no, n.value.key.clone()), n.value.display.clone());
            if let Some(r) = p.rating.as_ref().and_then(|r| u16::try_from(r.value).ok()) {
                ratings.insert((no, n.value.key.clone()), r);
            }
        }
    }
    (names, ratings)
}

/// The 排名 table: place, number, team, then every column of the list (named as event.toml
/// names them in Chinese).
pub(super) fn ranking_table(
    st: &scoring::Standings,
    names: &[TeamName],
    t: &Target<'_>,
    stage: &str,
    is_final: bool,
) -> TextTable {
    let (event, lang) = (t.event, t.lang);
    let labels: Vec<String> = match event.tiebreaks_for(stage, "team") {
        Some(t) if t.names.len() == st.keys.len() && lang == Lang::Zh => t.names.clone(),
        _ => st
            .keys
            .iter()
            .map(|k| crate::report::labels::tiebreak_label(&k.to_string(), lang))
            .collect(),
    };
    let mut headers = vec![
        lang.pick("名次", "Place").to_string(),
        lang.pick("序号", "No.").to_string(),
        lang.pick("队名", "Team").to_string(),
    ];
    headers.extend(
        labels
            .iter()
            .map(|l| crate::report::labels::column_label(l, lang)),
    );
    // The honours of the final ranking (冠军) beside the place, then the team's mark.
    let marks: Vec<Cell> = st
        .rows
        .iter()
        .map(|r| {
            let mut note = if is_final {
                team_honours(event, r.rank)
            } else {
                Vec::new()
            };
            let mark = team_mark(t, &crate::season::league::name_or_number(names, r.start_no));
            if !mark.is_empty() {
                note.push(mark);
            }
            Cell::Text(note.join(lang.pick("，", ", ")))
        })
        .collect();
    let marked = marks.iter().any(|m| *m != Cell::default());
    if marked {
        headers.push(lang.pick("备注", "Note").to_string());
    }
    let rows = st
        .rows
        .iter()
        .zip(marks)
        .map(|(r, mark)| {
            let mut v = vec![
                Cell::place(r.rank),
                r.start_no.into(),
                crate::season::league::name_or_number(names, r.start_no).into(),
            ];
            v.extend(crate::report::labels::value_cells(&r.values, &st.decimals));
            if marked {
                v.push(mark);
            }
            v
        })
        .collect();
    let n = headers.len();
    let mut centred = vec![0, 1];
    centred.extend(3..n);
    TextTable {
        headers,
        rows,
        centred,
        ..Default::default()
    }
}

/// The mark of a team in the tables: 资格待查 or 取消资格, empty in good standing.
pub(super) fn team_mark(t: &Target<'_>, team: &str) -> String {
    t.statuses
        .team(team)
        .map(|s| s.mark(t.lang).to_string())
        .unwrap_or_default()
}

/// The titles `[[prizes.honours]]` gives place `place` of the final team ranking (an honour
/// whose `rankings` name a section of teams), in file order.
pub(super) fn team_honours(event: &crate::event::Event, place: u32) -> Vec<String> {
    let team_section = |id: &String| {
        event
            .section(id)
            .is_some_and(|s| s.entrant == crate::event::Entrant::Team)
    };
    (event.prizes().honours.iter())
        .filter(|h| h.in_standings != Some(false))
        .filter(|h| place > 0 && h.place == place && h.rankings.iter().any(team_section))
        .map(|h| h.title.clone())
        .collect()
}
