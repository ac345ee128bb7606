//! A team round robin (the A-league regular season) carried through its rounds: the draw, the
//! Berger schedule, one round workbook at a time, results read back, standings after every
//! complete round, the schedule and standings workbooks, and the TRF report.
//!
//! Round N's workbook is written once round N-1 is complete (round 1 at once); an existing
//! workbook is the arbiter's and is only read.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use super::matches::{self, Context, RoundResults, Scoring};
use super::tables::{self, TeamName};
use super::teams;
use super::trf_build::{self, ExportHeader};
use crate::event::{Event, Stage};
use crate::findings::Findings;
use crate::ingest::LoadedFile;
use crate::model::roster::Roster;
use crate::model::{Colour, Points};
use crate::pipeline::summary::{RoundCounts, StandingEntry, points_number};
use crate::report::round_workbook::RoundDoc;
use crate::report::tables::SheetDoc;
use crate::rounds::lines::{Lines, TeamLine};
use crate::rounds::marker::Marker;
use crate::rounds::sheet::{RoundSheet, Rows};
use crate::{Error, Lang, Result};

/// The stage of the draw workbook's marker.
pub const DRAW_STAGE: &str = "draw";

/// Everything a league run reads.
#[derive(Clone, Copy)]
pub struct Input<'a> {
    /// The event.
    pub event: &'a Event,
    /// The round-robin stage.
    pub stage: &'a Stage,
    /// The roster.
    pub roster: &'a Roster,
    /// Round workbooks found in the folder (any stage; this one picks its own).
    pub sheets: &'a [RoundSheet],
    /// All loaded files (to find the draw workbook).
    pub files: &'a [LoadedFile],
    /// The event folder.
    pub dir: &'a Path,
    /// The output folder.
    pub out: &'a Path,
    /// Language.
    pub lang: Lang,
}

/// What the league run produced.
#[derive(Debug, Clone, Default)]
pub struct Output {
    /// Round counts of the stage.
    pub rounds: RoundCounts,
    /// The current ranking.
    pub standings: Vec<StandingEntry>,
    /// Files written (absolute paths).
    pub written: Vec<PathBuf>,
    /// Final places of the stage by team name, once every round is complete.
    pub final_places: Option<Vec<(u32, String)>>,
}

/// The event's game and match scoring.
pub fn scoring_of(event: &Event) -> Scoring {
    let g = &event.scoring.game;
    let m = event.scoring.team_match.as_ref();
    Scoring {
        game_win: g.win,
        game_draw: g.draw,
        match_win: m.map_or(Points::from_whole(2), |m| m.win),
        match_draw: m.map_or(Points::from_whole(1), |m| m.draw),
    }
}

/// Runs the round-robin stage.
///
/// # Errors
///
/// [`Error::Io`] when a workbook cannot be written.
pub fn run(inp: &Input<'_>, findings: &mut Findings) -> Result<Output> {
    let mut out = Output::default();
    let Some(rules) = inp.event.boards.as_ref() else {
        return Err(Error::Usage(
            "event.toml: 团体赛缺少 [boards] (a team event needs [boards])".into(),
        ));
    };
    if inp.roster.teams.len() < 2 {
        return Ok(out);
    }
    let numbers = super::numbers::numbers(inp, findings, &mut out.written)?;
    let n = u16::try_from(numbers.len()).unwrap_or(u16::MAX);
    let schedule: Vec<Vec<(u32, u32)>> = crate::pairing::berger::schedule(n)
        .map_err(|e| Error::Usage(e.to_string()))?
        .into_iter()
        .map(|r| {
            r.pairs
                .into_iter()
                .map(|(a, b)| (u32::from(a), u32::from(b)))
                .collect()
        })
        .collect();
    let planned = inp
        .stage
        .rounds
        .unwrap_or(schedule.len() as u32)
        .min(schedule.len() as u32);
    let names: Vec<TeamName> = numbers
        .iter()
        .enumerate()
        .map(|(i, u)| (i as u32 + 1, u.clone()))
        .collect();
    let groups = teams::board_groups(rules);
    let colours = teams::board_colours(rules);
    let boards = colours.len() as u32;
    let infos = teams::infos(inp.roster, &numbers, &groups);
    let group_defs: Vec<_> = groups.iter().map(|(g, _)| g.clone()).collect();
    let scoring = scoring_of(inp.event);
    let key_fn = |s: &str| teams::key(s);
    let cx = Context {
        teams: &infos,
        groups: &group_defs,
        boards,
        colours: &colours,
        key: &key_fn,
        lineup_clause: rules.clause.as_deref().unwrap_or(""),
    };
    let sport = inp.event.event.sport;
    let mut results: Vec<RoundResults> = Vec::new();
    let mut paired = 0;
    for r in 1..=planned {
        let expected = schedule.get(r as usize - 1).cloned().unwrap_or_default();
        let sheet = inp
            .sheets
            .iter()
            .find(|s| s.marker.stage == inp.stage.id && s.marker.round == r);
        let lines = match sheet {
            Some(sheet) => {
                paired = r;
                let rr = matches::read_round(sheet, &expected, &cx, findings);
                let complete = rr.complete;
                let lines = lines_of(sheet, &colours);
                results.push(rr);
                write_printable(inp, r, sport, &lines, &mut out)?;
                if !complete {
                    break;
                }
                continue;
            }
            None => default_lines(inp.roster, &numbers, &expected, &colours, boards),
        };
        // Round r may be paired: the previous one is complete.
        write_round(inp, r, sport, &lines, &mut out)?;
        paired = r;
        break;
    }
    let complete: Vec<RoundResults> = results.iter().filter(|r| r.complete).cloned().collect();
    out.rounds = RoundCounts {
        planned,
        paired,
        complete: complete.len() as u32,
    };

    // Standings over the complete rounds.
    let standings = super::team_standings::standings(
        inp.event,
        &inp.stage.id,
        &names,
        &complete,
        &scoring,
        planned,
        boards as usize,
        &colours,
    );
    let mut places: BTreeMap<u32, u32> = BTreeMap::new();
    let tb_codes: Vec<String> = standings
        .as_ref()
        .map(|s| s.keys.iter().map(|k| k.to_string()).collect())
        .unwrap_or_default();
    if let Some(st) = &standings {
        for row in &st.rows {
            let number = row.start_no;
            places.insert(number, row.rank);
            let mut tiebreaks = serde_json::Map::new();
            for (code, text) in tb_codes.iter().zip(&row.display).skip(2) {
                tiebreaks.insert(code.clone(), json_value(text));
            }
            out.standings.push(StandingEntry {
                rank: row.rank,
                name: names
                    .iter()
                    .find(|t| t.0 == number)
                    .map(|t| t.1.clone())
                    .unwrap_or_default(),
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
                    .map(|r| {
                        (
                            r.rank,
                            names
                                .iter()
                                .find(|t| t.0 == r.start_no)
                                .map(|t| t.1.clone())
                                .unwrap_or_default(),
                        )
                    })
                    .collect(),
            );
        }
    }

    // Workbooks.
    let lang = inp.lang;
    let sched_path = inp.out.join("schedule.xlsx");
    crate::report::tables::write(
        &sched_path,
        &inp.event.event.name,
        &[
            SheetDoc {
                name: lang.pick("按轮次", "By round").into(),
                title: lang.pick("赛程（按轮次）", "schedule by round").into(),
                table: tables::schedule_by_round(&schedule[..planned as usize], &names, lang),
                landscape: false,
            },
            SheetDoc {
                name: lang.pick("按队", "By team").into(),
                title: lang.pick("赛程（按队）", "schedule by team").into(),
                table: tables::schedule_by_team(&schedule[..planned as usize], &names, lang),
                landscape: true,
            },
        ],
        lang,
    )?;
    out.written.push(sched_path);
    let (player_names, ratings) = player_facts(inp.roster, &numbers);
    let mut sheets = Vec::new();
    if let Some(st) = &standings {
        sheets.push(SheetDoc {
            name: lang.pick("排名", "Ranking").into(),
            title: match lang {
                Lang::Zh => format!("第{}轮后排名", complete.len()),
                Lang::En => format!("ranking after round {}", complete.len()),
            },
            table: super::team_standings::ranking_table(st, &names, inp.event, &inp.stage.id, lang),
            landscape: false,
        });
    }
    sheets.push(SheetDoc {
        name: lang.pick("交叉表", "Crosstable").into(),
        title: lang.pick("交叉表", "crosstable").into(),
        table: tables::crosstable(&names, &complete, &scoring, &places, lang),
        landscape: true,
    });
    sheets.push(SheetDoc {
        name: lang.pick("台次成绩", "By board").into(),
        title: lang.pick("台次成绩", "results by board").into(),
        table: tables::board_performance(
            &names,
            &player_names,
            &ratings,
            &complete,
            &scoring,
            lang,
        ),
        landscape: false,
    });
    let st_path = inp.out.join("standings.xlsx");
    crate::report::tables::write(&st_path, &inp.event.event.name, &sheets, lang)?;
    out.written.push(st_path);

    // TRF report of the complete rounds.
    if !complete.is_empty() {
        let export = teams::export_teams(&numbers, inp.roster);
        let head = header(
            inp.event,
            inp.stage,
            planned,
            true,
            colours.clone(),
            scoring,
        );
        let trf = trf_build::team_event(&head, &export, &complete, &[]);
        let path = inp.out.join(format!("{}.trf", trf_file_stem(inp.event)));
        crate::report::workbook::write_atomic(&path, crate::trf::write(&trf).as_bytes())?;
        out.written.push(path);
    }
    // The knockout finals, once the regular season is over.
    let finals_stage = inp.event.stages.iter().find(|st| {
        st.system == crate::event::System::Knockout
            && st
                .knockout
                .as_ref()
                .is_some_and(|k| k.seeds_from == inp.stage.id)
    });
    if let (Some(fs), Some(k), Some(st), true) = (
        finals_stage,
        finals_stage.and_then(|f| f.knockout.as_ref()),
        standings.as_ref(),
        complete.len() as u32 == planned,
    ) {
        let seed_teams: Vec<u32> = st.rows.iter().map(|r| r.start_no).collect();
        let finals_inp = Input { stage: fs, ..*inp };
        let season = super::finals::Season {
            names: &names,
            numbers: &numbers,
            seed_teams: &seed_teams,
            cx: &cx,
            scoring,
            colours: &colours,
        };
        super::finals::run_stage(&finals_inp, k, &season, &mut out, findings)?;
    }
    Ok(out)
}

/// Display names and FIDE ratings of the registered players, by (team number, name key).
#[allow(clippy::type_complexity)]
fn player_facts(
    roster: &Roster,
    numbers: &[String],
) -> (
    BTreeMap<(u32, String), String>,
    BTreeMap<(u32, String), u16>,
) {
    let mut names = BTreeMap::new();
    let mut ratings = BTreeMap::new();
    for (i, u) in numbers.iter().enumerate() {
        let Some(t) = roster.teams.iter().find(|t| &t.unit.value == u) else {
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

/// The ASCII file stem of the TRF report: the template name, else `event`.
pub fn trf_file_stem(event: &Event) -> String {
    event
        .template
        .clone()
        .filter(|t| t.is_ascii() && !t.is_empty())
        .unwrap_or_else(|| "event".into())
}

/// The TRF header facts of a stage.
pub fn header(
    event: &Event,
    stage: &Stage,
    rounds: u32,
    round_robin: bool,
    colours: Vec<Colour>,
    scoring: Scoring,
) -> ExportHeader {
    ExportHeader {
        name: event.event.name.clone(),
        city: stage
            .city
            .clone()
            .unwrap_or_else(|| event.venue.city.clone()),
        start: stage.start.or(Some(event.dates.start)),
        end: stage.end.or(Some(event.dates.end)),
        rounds,
        round_robin,
        colours,
        scoring,
        pab: (
            scoring.match_draw,
            scoring.game_draw * i32::try_from(boards_len(event)).unwrap_or(0),
        ),
    }
}

fn boards_len(event: &Event) -> usize {
    event.boards.as_ref().map_or(0, |b| b.count())
}

/// A displayed figure as a JSON number (text when it is not one), for the summary.
pub(super) fn json_value(text: &str) -> serde_json::Value {
    text.parse::<i64>()
        .map(serde_json::Value::from)
        .or_else(|_| text.parse::<f64>().map(serde_json::Value::from))
        .unwrap_or_else(|_| serde_json::Value::from(text))
}

/// The file stem of a round workbook: `r03` for the round robin or the team Swiss, `<stage>-r03`
/// for later stages (the finals), so that stages never share a file.
pub(super) fn round_file(stage: &Stage, r: u32) -> String {
    if matches!(
        stage.system,
        crate::event::System::RoundRobin | crate::event::System::TeamSwiss
    ) {
        format!("r{r:02}")
    } else {
        format!("{}-r{r:02}", stage.id)
    }
}

pub(super) fn round_label(stage: &Stage, r: u32, lang: Lang) -> String {
    match lang {
        Lang::Zh => format!("{} 第{r}轮", stage.name),
        Lang::En => format!("{} round {r}", stage.id),
    }
}

/// The marker of round `r` of the input's stage.
fn round_marker(inp: &Input<'_>, r: u32) -> Marker {
    Marker {
        event: inp.event.event.name.clone(),
        stage: inp.stage.id.clone(),
        round: r,
    }
}

/// Writes the workbook of round `r` (`results/<stem>.xlsx`, only when it does not exist yet:
/// a round workbook is never overwritten) and its printable copy.
pub(super) fn write_round(
    inp: &Input<'_>,
    r: u32,
    sport: crate::model::Sport,
    lines: &Lines,
    out: &mut Output,
) -> Result<()> {
    let path = inp
        .dir
        .join("results")
        .join(format!("{}.xlsx", round_file(inp.stage, r)));
    let marker = round_marker(inp, r);
    let label = round_label(inp.stage, r, inp.lang);
    let doc = RoundDoc {
        event_title: &inp.event.event.name,
        marker: &marker,
        round_label: &label,
        sport,
        lang: inp.lang,
    };
    if crate::report::round_workbook::write_new(&path, &doc, lines)? {
        out.written.push(path);
    }
    write_printable(inp, r, sport, lines, out)
}

/// Writes `out/pairings-<stem>.xlsx`, the printable copy of round `r` (no marker sheet).
pub(super) fn write_printable(
    inp: &Input<'_>,
    r: u32,
    sport: crate::model::Sport,
    lines: &Lines,
    out: &mut Output,
) -> Result<()> {
    let marker = round_marker(inp, r);
    let label = round_label(inp.stage, r, inp.lang);
    let doc = RoundDoc {
        event_title: &inp.event.event.name,
        marker: &marker,
        round_label: &label,
        sport,
        lang: inp.lang,
    };
    let path = inp
        .out
        .join(format!("pairings-{}.xlsx", round_file(inp.stage, r)));
    crate::report::round_workbook::write_printable(&path, &doc, lines)?;
    out.written.push(path);
    Ok(())
}

/// The rows of a new round: every match of the schedule with the default line-ups.
pub(super) fn default_lines(
    roster: &Roster,
    numbers: &[String],
    pairs: &[(u32, u32)],
    colours: &[Colour],
    boards: u32,
) -> Lines {
    let lineup = |no: u32| -> Vec<String> {
        numbers
            .get((no as usize).wrapping_sub(1))
            .and_then(|u| roster.teams.iter().find(|t| &t.unit.value == u))
            .map(|t| teams::default_lineup(t, boards))
            .unwrap_or_default()
    };
    let mut lines = Vec::new();
    for (mi, &(h, a)) in pairs.iter().enumerate() {
        let (hl, al) = (lineup(h), lineup(a));
        for b in 1..=boards {
            let i = b as usize - 1;
            lines.push(TeamLine {
                match_no: mi as u32 + 1,
                board: b,
                home_team: numbers
                    .get((h as usize).wrapping_sub(1))
                    .cloned()
                    .unwrap_or_default(),
                home_player: hl.get(i).cloned().unwrap_or_default(),
                home_colour: colours.get(i).copied().unwrap_or(Colour::White),
                result: None,
                away_player: al.get(i).cloned().unwrap_or_default(),
                away_team: numbers
                    .get((a as usize).wrapping_sub(1))
                    .cloned()
                    .unwrap_or_default(),
            });
        }
    }
    Lines::Team(lines)
}

/// The rows of a round workbook as the arbiter left them (results where valid), for the
/// printable copy.
pub(super) fn lines_of(sheet: &RoundSheet, colours: &[Colour]) -> Lines {
    let Rows::Team(rows) = &sheet.rows else {
        return Lines::Team(Vec::new());
    };
    let lines = rows
        .iter()
        .map(|r| {
            let board = r.board.unwrap_or(0);
            let expected = board
                .checked_sub(1)
                .and_then(|i| colours.get(i as usize))
                .copied();
            TeamLine {
                match_no: r.match_no.unwrap_or(0),
                board,
                home_team: r.home_team.clone(),
                home_player: r.home_player.clone(),
                home_colour: r.home_colour.or(expected).unwrap_or(Colour::White),
                result: r.result.valid(),
                away_player: r.away_player.clone(),
                away_team: r.away_team.clone(),
            }
        })
        .collect();
    Lines::Team(lines)
}
