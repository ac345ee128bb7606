//! The `run` pipeline: everything `bianpai run <dir>` does, in the order the data flows.
//!
//! 1. read `event.toml` (a missing or malformed file stops the run: exit 2);
//! 2. ingest every file of the folder into tables (`ingest`);
//! 3. recognise round workbooks by their marker, entry forms and room requests by their headers
//!    (`rounds`, `forms`), build the roster (`normalize`);
//! 4. check eligibility, read the rounds, pair the next one, score (`eligibility`, `season`);
//! 5. write the workbooks (`report`) and the summary.
//!
//! Every stage pushes its problems into one [`Findings`] sink; the exit status is decided once at
//! the end from it.

pub mod print;
pub mod summary;

use std::path::{Path, PathBuf};

use crate::findings::Findings;
use crate::{Error, Lang, Result};
use summary::{FileEntry, FindingEntry, Summary};

/// What `run` needs to know.
#[derive(Debug, Clone)]
pub struct Options {
    /// The event folder.
    pub dir: PathBuf,
    /// Where outputs go (`<dir>/out` by default).
    pub out: PathBuf,
    /// Language of messages and labels.
    pub lang: Lang,
}

/// The outcome of a run: the summary and whether blocking findings exist.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The summary (printed as JSON with `--json`).
    pub summary: Summary,
    /// Whether any finding has error severity (exit status 1).
    pub blocking: bool,
}

/// Runs the whole pipeline on an event folder.
///
/// # Errors
///
/// [`Error`] when the run cannot happen at all: no folder, no or malformed `event.toml`, an
/// output that cannot be written.
pub fn run(opts: &Options) -> Result<Outcome> {
    if !opts.dir.is_dir() {
        return Err(Error::Usage(format!(
            "{}: 不是文件夹 (not a folder)",
            opts.dir.display()
        )));
    }
    let event = crate::event::load(&opts.dir).map_err(|e| Error::Usage(e.to_string()))?;
    let mut findings = Findings::new();
    let loaded = crate::ingest::load(&opts.dir, &crate::ingest::Limits::default(), &mut findings);
    let mut summary = Summary {
        event: event.event.name.clone(),
        template: event.template.clone().unwrap_or_default(),
        ..Summary::default()
    };

    // Round workbooks first: recognised by their marker, whatever their name.
    let sport = event.event.sport;
    let mut rounds = Vec::new();
    let mut others = Vec::new();
    for f in &loaded.files {
        match crate::rounds::sheet::read(f, sport, &mut findings) {
            Some(sheet) => {
                summary.files.push(FileEntry {
                    path: f.path.clone(),
                    kind: if sheet.marker.stage == crate::season::league::DRAW_STAGE {
                        "draw"
                    } else {
                        "round-workbook"
                    },
                    team: None,
                    note: None,
                });
                rounds.push(sheet);
            }
            None => others.push(f.clone()),
        }
    }
    let subs = crate::forms::read(&others, &mut findings);
    let roster = crate::normalize::build_roster(&subs, &mut findings);
    let checked = crate::eligibility::run(
        &crate::eligibility::Input {
            event: &event,
            dir: &opts.dir,
            files: &others,
            subs: &subs,
            roster: &roster,
        },
        &mut findings,
    );
    file_kinds(&others, &subs, &roster, opts.lang, &mut summary.files);
    for e in &mut summary.files {
        if checked.quota_files.contains(&e.path) {
            e.kind = "quota-table";
            e.note = None;
        }
    }
    for i in &loaded.ignored {
        summary.files.push(FileEntry {
            path: i.path.clone(),
            kind: "ignored",
            team: None,
            note: Some(opts.lang.pick(&i.reason_zh, &i.reason_en).to_string()),
        });
    }
    for f in findings
        .all()
        .iter()
        .filter(|f| f.code == "file.unreadable")
    {
        summary.files.push(FileEntry {
            path: f.source.file.clone(),
            kind: "unreadable",
            team: None,
            note: Some(f.message(opts.lang).to_string()),
        });
    }
    summary.files.sort_by(|a, b| a.path.cmp(&b.path));
    summary.teams = roster.teams.len();
    summary.people = roster.people();
    summary.players = roster.players();

    // Outputs.
    crate::report::workbook::prepare_out_dir(&opts.out)?;
    let title = event.event.name.clone();
    let roster_path = opts.out.join("roster.xlsx");
    crate::report::roster::write_roster(&roster_path, &title, &roster, opts.lang)?;
    summary.outputs.push(display_path(&opts.dir, &roster_path));

    // The competition itself, as far as the folder's state allows.
    let mut rankings: Vec<crate::money::FinalRanking> = Vec::new();
    let rr_stage = event
        .stages
        .iter()
        .find(|s| s.system == crate::event::System::RoundRobin);
    if let (Some(stage), true) = (rr_stage, event.is_team_event()) {
        let inp = crate::season::league::Input {
            event: &event,
            stage,
            roster: &roster,
            sheets: &rounds,
            files: &loaded.files,
            dir: &opts.dir,
            out: &opts.out,
            lang: opts.lang,
        };
        let league = crate::season::league::run(&inp, &mut findings)?;
        // The final ranking of the team event decides the team prizes (paid to units).
        if let (Some(places), true) = (&league.final_places, league_finished(&event, &league)) {
            rankings.push(crate::money::FinalRanking {
                list: "team".into(),
                places: places
                    .iter()
                    .map(|(place, name)| crate::money::RankedEntry {
                        place: *place,
                        name: name.clone(),
                        team: name.clone(),
                        id_number: None,
                        is_unit: true,
                        points: None,
                    })
                    .collect(),
            });
        }
        summary.rounds = league.rounds;
        summary.standings = league.standings;
        for p in &league.written {
            summary.outputs.push(display_path(&opts.dir, p));
        }
    }
    // Swiss stages: the team Swiss (B-league) and individual Swiss sections (xiangqi groups).
    let swiss_stage = event.stages.iter().find(|s| {
        matches!(
            s.system,
            crate::event::System::TeamSwiss
                | crate::event::System::XiangqiSwiss
                | crate::event::System::Swiss
        )
    });
    if let (Some(stage), None) = (swiss_stage, rr_stage) {
        let inp = crate::season::league::Input {
            event: &event,
            stage,
            roster: &roster,
            sheets: &rounds,
            files: &loaded.files,
            dir: &opts.dir,
            out: &opts.out,
            lang: opts.lang,
        };
        let run = if stage.system == crate::event::System::TeamSwiss {
            crate::season::team_swiss::run(&inp, &mut findings)?
        } else {
            // The xiangqi groups' final rankings pay the individual prizes once finished.
            let full = crate::season::individual::run_full(&inp, &mut findings)?;
            rankings.extend(crate::season::individual::final_rankings(&full));
            full.output
        };
        summary.rounds = run.rounds;
        summary.standings = run.standings;
        for p in &run.written {
            summary.outputs.push(display_path(&opts.dir, p));
        }
    }

    // Money: costs come from the roster and event.toml alone; prizes from the final rankings
    // of the stages that are over.
    let money = crate::money::run(
        &event,
        &roster,
        &rankings,
        &opts.out,
        opts.lang,
        &mut findings,
    )?;
    summary.prizes = money.prizes;
    summary.costs = money.costs;
    for p in &money.written {
        summary.outputs.push(display_path(&opts.dir, p));
    }

    let sorted = findings.sorted();
    let elig_path = opts.out.join("eligibility.xlsx");
    crate::report::eligibility::write_eligibility(
        &elig_path, &opts.dir, &title, &roster, &sorted, opts.lang,
    )?;
    summary.outputs.push(display_path(&opts.dir, &elig_path));
    for p in crate::report::eligibility::write_team_packets(
        &opts.out.join("teams"),
        &opts.dir,
        &title,
        &roster,
        &sorted,
        &money.statements,
        opts.lang,
    )? {
        summary.outputs.push(display_path(&opts.dir, &p));
    }
    summary.findings = findings
        .sorted()
        .iter()
        .map(|f| FindingEntry::from_finding(f, opts.lang))
        .collect();
    Ok(Outcome {
        blocking: findings.has_errors(),
        summary,
    })
}

/// The output folder: `--out` if given, else `<dir>/out`.
pub fn out_dir(dir: &Path, out: Option<&Path>) -> PathBuf {
    out.map(Path::to_path_buf)
        .unwrap_or_else(|| dir.join("out"))
}

/// A path as shown to the user: relative to the event folder when inside it, `/`-separated.
fn display_path(dir: &Path, p: &Path) -> String {
    let rel = p.strip_prefix(dir).unwrap_or(p);
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect::<Vec<_>>()
        .join("/")
}

/// What each read file turned out to be: an entry form of a team (or superseded by a later
/// one), a room request, a registration list, or nothing bianpai recognises.
fn file_kinds(
    files: &[crate::ingest::LoadedFile],
    subs: &[crate::forms::Submission],
    roster: &crate::model::roster::Roster,
    lang: Lang,
    out: &mut Vec<FileEntry>,
) {
    use crate::forms::SubmissionKind;
    for f in files {
        let team = roster
            .teams
            .iter()
            .find(|t| t.file == f.path)
            .map(|t| t.unit.value.clone());
        let superseded = roster.superseded.iter().find(|(_, old)| old == &f.path);
        let kinds: Vec<SubmissionKind> = subs
            .iter()
            .filter(|s| s.file == f.path)
            .map(|s| s.kind)
            .collect();
        let (kind, note) = if let Some((used, _)) = superseded {
            (
                "superseded",
                Some(format!(
                    "{}{used}",
                    lang.pick("已被更新的报名表取代：", "superseded by ")
                )),
            )
        } else if team.is_some() || kinds.contains(&SubmissionKind::EntryForm) {
            ("entry-form", None)
        } else if kinds.contains(&SubmissionKind::RoomRequest) {
            ("room-request", None)
        } else if kinds.contains(&SubmissionKind::Registration) {
            ("registration-list", None)
        } else {
            (
                "unrecognized",
                Some(
                    lang.pick("没有找到姓名表头", "no header row with a name column")
                        .to_string(),
                ),
            )
        };
        out.push(FileEntry {
            path: f.path.clone(),
            kind,
            team,
            note,
        });
    }
}

/// Whether the league's ranking is final: every stage of the team event is over (the finals
/// decided every place, or there are no finals and the round robin is complete).
fn league_finished(event: &crate::event::Event, out: &crate::season::league::Output) -> bool {
    let has_finals = event
        .stages
        .iter()
        .any(|s| s.system == crate::event::System::Knockout);
    let all_played = out.rounds.planned > 0 && out.rounds.complete == out.rounds.planned;
    all_played && (!has_finals || out.standings.iter().all(|e| e.game_points.is_none()))
}
