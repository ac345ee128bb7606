//! The `run` pipeline: everything `bianpai run <dir>` does, in the order the data flows.
//!
//! 1. load `event.toml` (a missing or malformed file stops the run: exit 2);
//! 2. ingest every file of the folder into tables (`ingest`), and say once what each file is:
//!    round workbooks by their marker, the draw, quota tables, entry forms, room requests and
//!    registration lists by their headers ([`crate::inputs::classify`]);
//! 3. build the roster (`normalize`);
//! 4. check eligibility (`eligibility`, against the excluded events' rosters, read before 3);
//! 5. compute the event's outcome from the rounds as read: pairings, standings, places, prizes
//!    and statements ([`crate::outcome::compute`]);
//! 6. render it: workbooks (`report`), the TRF (`trf::export`);
//! 7. the summary, read off the outcome (`summary`).
//!
//! Steps 3 to 5 are [`compute`], with no I/O (the fuzz targets run it too).
//!
//! Every stage pushes its problems into one [`Findings`] sink; the exit status is decided once at
//! the end from it.

pub mod lock;
pub mod print;
pub mod summary;
pub mod superseded;

use std::path::{Path, PathBuf};

use crate::findings::{Code, Finding, Findings, Source};
use crate::model::roster::Roster;
use crate::report::out_dir::{OutDir, Rendered};
use crate::{Error, Lang, Result};
use summary::{FileEntry, FileKind, FindingEntry, Summary};

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
pub struct RunOutcome {
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
/// event that cannot be carried through, an output that cannot be written.
pub fn run(opts: &Options) -> Result<RunOutcome> {
    if !opts.dir.is_dir() {
        return Err(Error::Usage(format!(
            "{}: 不是文件夹 (not a folder)",
            opts.dir.display()
        )));
    }
    refuse_out_inside(opts)?;
    refuse_results_outside(&opts.dir)?;
    let event = crate::event::load(&opts.dir)?;
    // One run at a time; released when the run ends, whatever the outcome.
    let _lock = lock::acquire(&opts.dir)?;
    // The temporary files of a round workbook a killed run was writing.
    crate::report::out_dir::remove_leftovers(&opts.dir.join("results"));
    // The system's CJK font (for the pictures) is looked up while the forms are read.
    let font = std::thread::spawn(crate::report::web::picture::system_cjk_font);
    let mut findings = Findings::new();
    let loaded = crate::ingest::load(&opts.dir, &crate::ingest::Limits::default(), &mut findings);
    let inputs = crate::inputs::classify(&event, &loaded, &mut findings);
    // The tables as read are not needed past this point.
    drop(loaded);
    let excluded = excluded_rosters(&event, &opts.dir);
    let c = compute(&event, &excluded, &inputs, &mut findings);
    let mut outcome = c.outcome?;
    // Round 1 workbooks that a new pairing replaces go to results/superseded/ first.
    superseded::move_replaced(&opts.dir, &mut outcome, &mut findings)?;
    // What the run made of each input file, listed now: the forms and round sheets are not
    // needed past this point, and are freed before the outputs are written (whose workbooks
    // then take their memory instead of fresh pages).
    let files = file_list(&inputs, &c.roster, &findings, opts.lang);
    let roster = c.roster;
    drop((inputs, excluded));
    // Every output is saved through the output folder and committed once, at its end.
    let out = OutDir::prepare(&opts.out)?;
    let written = match render(opts, &event, &roster, &outcome, font, &out, &mut findings) {
        Ok(written) => written,
        Err(e) => {
            out.abandon();
            return Err(e);
        }
    };
    // The organizer's files moved aside from under an output's name.
    let aside = out.finish()?.aside;
    for (name, kept) in &aside {
        let (name, kept) = (display_path(&opts.dir, name), display_path(&opts.dir, kept));
        findings.push(Finding::new(
            Code::OutputKept,
            Source::file(name.clone()),
            format!("{name} 不是 bianpai 上次写出的（或写出后被改过），已改名保留为 {kept}，新结果写入 {name}"),
            format!("{name} was not written by bianpai's last run (or was changed since): kept as {kept}; the new output is {name}"),
        ));
    }

    let mut summary = Summary {
        event: event.meta().name.clone(),
        template: event.template().unwrap_or_default().to_string(),
        id: Some(header_id(&event, &opts.dir)),
        files,
        teams: roster.teams.len(),
        people: roster.people(),
        players: roster.players(),
        prizes: summary::prizes(&outcome.money),
        costs: summary::costs(&outcome.money),
        outputs: written.iter().map(|p| display_path(&opts.dir, p)).collect(),
        ..Summary::default()
    };
    if let Some(stage) = &outcome.stage {
        summary.rounds = summary::rounds(stage);
        summary.standings = summary::standings(stage, &outcome.statuses);
        summary.to_fill = summary::to_fill(stage);
        let c = &summary.rounds.counts;
        // Never over while a place is undetermined (a bracket match waiting for a ruling).
        summary.finished = summary.to_fill.is_empty()
            && c.planned > 0
            && c.complete >= c.planned
            && !summary::places_open(stage);
        summary.held = !event.draw().pair && c.paired == 0;
    }
    if !outcome.sections.is_empty() {
        let (rounds, standings, to_fill, over) =
            summary::of_sections(&outcome.sections, &outcome.statuses);
        summary.held = !event.draw().pair && rounds.counts.paired == 0;
        (summary.rounds, summary.standings, summary.to_fill) = (rounds, standings, to_fill);
        summary.finished = over;
    }
    summary.findings = findings
        .sorted()
        .iter()
        .map(|f| FindingEntry::from_finding(f, opts.lang))
        .collect();
    Ok(RunOutcome {
        blocking: findings.has_errors(),
        summary,
    })
}

/// The event's id as the terminal's header shows it: `[event] id`, else the event folder's
/// name (the template's name never: a folder made from a template is another event).
fn header_id(event: &crate::event::Event, dir: &Path) -> String {
    event
        .meta()
        .id
        .clone()
        .filter(|s| !s.trim().is_empty())
        .or_else(|| crate::trf::export::folder_name(dir))
        .unwrap_or_else(|| crate::trf::export::event_id(event, dir))
}

/// What a run makes of the files it read, before anything is written ([`compute`]).
#[derive(Debug)]
pub struct Computed {
    /// The roster built from the forms.
    pub roster: Roster,
    /// The event's outcome, without the papers of a round that follows a missing one
    /// (`round.missing-workbook`); an error when the event cannot be carried through.
    pub outcome: Result<crate::outcome::EventOutcome>,
}

/// Steps 3 to 5 of [`run`] on the classified files, in its order, with no I/O: roster,
/// eligibility (against the excluded events' rosters, read beforehand by
/// [`excluded_rosters`]), the gaps between rounds, the outcome. The fuzz targets run the same
/// function.
pub fn compute(
    event: &crate::event::Event,
    excluded: &[Option<Roster>],
    inputs: &crate::inputs::Inputs,
    findings: &mut Findings,
) -> Computed {
    let mut roster = crate::normalize::build_roster(&inputs.forms, findings);
    crate::event::rename(event, &mut roster);
    crate::eligibility::place(event, &inputs.forms, &mut roster, findings);
    crate::eligibility::run(
        &crate::eligibility::CheckInput {
            event,
            excluded,
            quotas: &inputs.quotas,
            subs: &inputs.forms,
            roster: &roster,
        },
        findings,
    );
    let mut gaps = crate::inputs::rounds::gaps(&inputs.rounds, event, findings);
    // A round whose workbook lies outside results/ is not paired again either.
    gaps.extend(inputs.held.iter().cloned());
    // A seeding name that is no team stops the run before anything is paired.
    // So does a setting changed since a round was paired, without the arbiter's ruling.
    if let Err(e) = crate::event::check_seeding(event, &roster)
        .and_then(|()| crate::event::check_in_force(event, &inputs.rounds))
    {
        return Computed {
            roster,
            outcome: Err(e.into()),
        };
    }
    // A result changed since a later round was paired from it (result.changed).
    crate::season::changed::check(event, &inputs.rounds, findings);
    let outcome = crate::outcome::compute(
        &crate::outcome::EventInput {
            event,
            roster: &roster,
            sheets: &inputs.rounds,
            draw: inputs.draw.as_ref(),
            section_draws: &inputs.section_draws,
        },
        findings,
    )
    .map(|mut outcome| {
        // A round missing before a later one, or found only outside results/, is not paired
        // again (round.missing-workbook, round.outside-results).
        for papers in outcome.papers_mut() {
            papers
                .retain(|p| !(p.fresh && gaps.contains(&(p.marker.stage.clone(), p.marker.round))));
        }
        outcome
    });
    Computed { roster, outcome }
}

/// The rosters of the excluded events of `event` (`[[eligibility.excluded]] roster`, a folder
/// or a single roster file relative to the event folder), read the same way `run` reads its
/// own; their findings are not ours and are dropped. One per excluded event, `None` where none
/// is named or it cannot be read.
pub fn excluded_rosters(event: &crate::event::Event, dir: &Path) -> Vec<Option<Roster>> {
    event
        .eligibility()
        .excluded
        .iter()
        .map(|ex| ex.roster.as_deref().and_then(|rel| read_roster(dir, rel)))
        .collect()
}

/// Reads the roster of a folder or a single roster file, inside or beside the event folder
/// (a path leading elsewhere is not read), under the limits of any input.
fn read_roster(dir: &Path, rel: &str) -> Option<Roster> {
    let path = dir.join(rel);
    let real = crate::ingest::resolved(&path)?;
    let home = crate::ingest::resolved(dir)?;
    if !real.starts_with(home.parent().unwrap_or(&home)) {
        return None;
    }
    let mut scratch = Findings::new();
    let limits = crate::ingest::Limits::default();
    let files = if real.is_dir() {
        crate::ingest::load(&real, &limits, &mut scratch).files
    } else {
        let bytes = crate::ingest::bounded::read(&real, limits.max_file_bytes).ok()?;
        crate::ingest::read_bytes(rel, &bytes, &limits, 0).ok()?
    };
    let subs = crate::inputs::read_forms(&files, &mut scratch);
    Some(crate::normalize::build_roster(&subs, &mut scratch))
}

/// The people (of the roster, or of a packet's team) from which a workbook listing them is
/// built while no other such workbook is: 20,000 rows take ≈ 350 MB while written (issue 46).
const HEAVY_PEOPLE: usize = 20_000;

/// Renders every output and saves it in `out`: the roster, the stage's workbooks and TRF,
/// prizes and costs, the results book, the results page and its pictures (`out/web/`), then the
/// eligibility workbook and the team packets (which list every finding of the run). Returns the
/// files written, in order.
fn render(
    opts: &Options,
    event: &crate::event::Event,
    roster: &Roster,
    outcome: &crate::outcome::EventOutcome,
    font: std::thread::JoinHandle<Option<crate::report::web::picture::Font>>,
    out: &OutDir,
    findings: &mut Findings,
) -> Result<Vec<PathBuf>> {
    let title = event.meta().name.clone();
    let target = crate::report::season::Target {
        event,
        roster,
        dir: &opts.dir,
        lang: opts.lang,
        statuses: &outcome.statuses,
    };
    // Saved in order; a file that is never overwritten and was there already is not listed.
    let save = |files: Vec<Rendered>| -> Result<Vec<PathBuf>> {
        let mut written = Vec::with_capacity(files.len());
        for f in files {
            written.extend(out.save(f)?);
        }
        Ok(written)
    };
    // The results page first: a missing CJK font is a finding that the eligibility workbook
    // and the packets list.
    let page = crate::report::season::web::page(&target, outcome.stage.as_ref(), &outcome.sections);
    // A lookup that panicked found no font.
    let font = font.join().ok().flatten();
    let (index, pictures) =
        crate::report::web::render_page(&page, font.as_ref(), opts.lang, findings);
    let mut web = save(vec![index])?;
    let sorted = findings.sorted();
    // Errors still open: the results book is a draft.
    let draft = sorted
        .iter()
        .any(|f| f.severity == crate::findings::Severity::Error);
    let packets = crate::report::eligibility::Packets::new(
        &opts.out,
        &opts.dir,
        &title,
        roster,
        &sorted,
        outcome,
        event.meta().sport,
        opts.lang,
    )
    .mask_phones(event.privacy().mask_phones);
    // Every output is independent of the others: one queue of jobs over the machine's cores,
    // the largest first, each rendered and saved by one thread, the results listed in the
    // order below.
    #[derive(Clone, Copy)]
    enum Job {
        Roster,
        Outcome,
        Eligibility,
        Picture(usize),
        Packet(usize),
    }
    let mut jobs = vec![Job::Roster, Job::Outcome, Job::Eligibility];
    jobs.extend((0..pictures.len()).map(Job::Picture));
    jobs.extend((0..packets.len()).map(Job::Packet));
    // A workbook of tens of thousands of rows takes hundreds of MB while it is built and
    // saved (rust_xlsxwriter keeps every cell): such workbooks are built one at a time, the
    // other outputs beside them (issue 46). The files are the same bytes either way.
    let heavy = std::sync::Mutex::new(());
    let people = roster.people();
    let size = |job: &Job| match *job {
        Job::Roster | Job::Eligibility => people,
        Job::Packet(i) => packets.people(i),
        Job::Outcome | Job::Picture(_) => 0,
    };
    let done = crate::report::workbook::par_map(&jobs, |job| -> Result<Vec<PathBuf>> {
        let _one_at_a_time = (size(job) >= HEAVY_PEOPLE).then(|| {
            heavy
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
        });
        let files = match *job {
            Job::Roster => vec![crate::report::roster::render_roster(
                &title, roster, opts.lang,
            )?],
            Job::Outcome => crate::report::render_outcome(&target, outcome, draft)?,
            Job::Eligibility => vec![crate::report::eligibility::render_eligibility(
                &opts.out, &opts.dir, &title, roster, &sorted, opts.lang,
            )?],
            Job::Picture(i) => match (pictures.get(i), font.as_ref()) {
                (Some(p), Some(f)) => vec![crate::report::web::draw(p, f, opts.lang)?],
                _ => Vec::new(),
            },
            Job::Packet(i) => vec![packets.render(i)?],
        };
        save(files)
    });
    // The roster, the stage's workbooks, the eligibility workbook, the page and its pictures,
    // the packets.
    let mut written = Vec::new();
    let mut rest = Vec::new();
    for (job, files) in jobs.iter().zip(done) {
        let files = files?;
        match job {
            Job::Roster | Job::Outcome | Job::Eligibility => written.extend(files),
            Job::Picture(_) => web.extend(files),
            Job::Packet(_) => rest.extend(files),
        }
    }
    written.extend(web);
    written.extend(rest);
    Ok(written)
}

/// Every input file and what the run made of it, by path.
fn file_list(
    inputs: &crate::inputs::Inputs,
    roster: &Roster,
    findings: &Findings,
    lang: Lang,
) -> Vec<FileEntry> {
    let mut files = file_kinds(inputs, roster, lang);
    for i in &inputs.ignored {
        files.push(FileEntry {
            path: i.path.clone(),
            kind: FileKind::Ignored,
            team: None,
            note: Some(lang.pick(&i.reason_zh, &i.reason_en).to_string()),
        });
    }
    for f in findings
        .all()
        .iter()
        .filter(|f| f.code == Code::FileUnreadable)
    {
        files.push(FileEntry {
            path: f.source.file.to_string(),
            kind: FileKind::Unreadable,
            team: None,
            note: Some(f.message(lang).to_string()),
        });
    }
    files.sort_by(|a, b| a.path.cmp(&b.path));
    files
}

/// `--out` inside the event folder (other than `<dir>/out`) would be read back as input on the
/// next run: refused (exit 2).
fn refuse_out_inside(opts: &Options) -> Result<()> {
    // The folder itself may not exist yet: resolve its nearest existing ancestor.
    fn resolve(p: &Path) -> PathBuf {
        let mut tail = Vec::new();
        let mut cur = p.to_path_buf();
        loop {
            if let Ok(c) = cur.canonicalize() {
                return tail
                    .into_iter()
                    .rev()
                    .fold(c, |acc: PathBuf, t| acc.join(t));
            }
            match (cur.parent(), cur.file_name()) {
                (Some(parent), Some(name)) => {
                    tail.push(name.to_os_string());
                    cur = parent.to_path_buf();
                }
                _ => return p.to_path_buf(),
            }
        }
    }
    let dir = resolve(&opts.dir);
    let out = resolve(&opts.out);
    if out.starts_with(&dir) && out != dir.join("out") {
        return Err(Error::Usage(format!(
            "--out {}：输出文件夹在活动文件夹内，下次运行会被当作报名材料读入；请用活动文件夹外的路径，或省略 --out（即 {}/out） (the output folder is inside the event folder and would be read back as input: use a folder outside it, or leave --out out for <dir>/out)",
            opts.out.display(),
            opts.dir.display()
        )));
    }
    Ok(())
}

/// `results/` as a link leading out of the event folder (or nowhere) is refused: bianpai
/// would read and write round workbooks in a folder the event does not hold. A link to a
/// folder inside the event folder is followed ([`crate::ingest::linked_results`]).
fn refuse_results_outside(dir: &Path) -> Result<()> {
    match crate::ingest::linked_results(dir) {
        Ok(_) => Ok(()),
        Err(target) => Err(Error::Usage(format!(
            "{}：results 是指向活动文件夹外（{}）的链接，bianpai 不在活动文件夹外读写成绩表；请把成绩表文件夹放回活动文件夹内（或让链接指向活动文件夹内的文件夹） (results is a link leading outside the event folder, to {}: bianpai does not read or write round workbooks outside the event folder; put the results folder back inside it, or link to a folder inside it)",
            dir.join("results").display(),
            target.display(),
            target.display()
        ))),
    }
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

/// What each read file turned out to be: a round workbook, the draw, a quota table, an entry
/// form of a team (or superseded by a later one, or blank), a room request, a registration
/// list, or nothing bianpai recognises.
fn file_kinds(inputs: &crate::inputs::Inputs, roster: &Roster, lang: Lang) -> Vec<FileEntry> {
    use crate::forms::SubmissionKind;
    use crate::inputs::Part;
    use std::collections::HashMap;
    // Indexed by path once: a folder of n forms is listed in O(n).
    let mut teams: HashMap<&str, &str> = HashMap::new();
    for t in &roster.teams {
        teams
            .entry(t.file.as_str())
            .or_insert(t.unit.value.as_str());
    }
    let mut superseded_by: HashMap<&str, &str> = HashMap::new();
    for (used, old) in &roster.superseded {
        superseded_by.entry(old.as_str()).or_insert(used.as_str());
    }
    let subs = &inputs.forms;
    let mut kinds_of: HashMap<&str, Vec<SubmissionKind>> = HashMap::new();
    for s in subs {
        kinds_of.entry(&*s.file).or_default().push(s.kind);
    }
    let note = |zh, en| Some(lang.pick(zh, en).to_string());
    let mut out = Vec::new();
    for (path, part) in &inputs.files {
        let path = path.as_str();
        let team = teams.get(path).map(|u| (*u).to_string());
        let kinds: &[SubmissionKind] = kinds_of.get(path).map_or(&[], Vec::as_slice);
        let (kind, note) = match part {
            Part::Round => (FileKind::RoundWorkbook, None),
            Part::Draw => (FileKind::Draw, None),
            Part::SetAside => (
                FileKind::RoundWorkbook,
                note(
                    "未读取（重复或标记不符，见发现）",
                    "not read (a duplicate or a contradicting marker: see the findings)",
                ),
            ),
            Part::Quota => (FileKind::QuotaTable, None),
            Part::Unrecognised => (
                FileKind::Unrecognized,
                note("没有找到姓名表头", "no header row with a name column"),
            ),
            Part::Forms => match superseded_by.get(path) {
                Some(used) => (
                    FileKind::Superseded,
                    Some(format!(
                        "{}{used}",
                        lang.pick("已被更新的报名表取代：", "superseded by ")
                    )),
                ),
                // The blank form `bianpai init` writes (or a team's unfilled copy): not a team.
                None if team.is_none()
                    && kinds.contains(&SubmissionKind::EntryForm)
                    && (subs.iter().filter(|s| &*s.file == path))
                        .all(|s| s.rows.is_empty() && s.unit.is_none()) =>
                {
                    (
                        FileKind::BlankForm,
                        note(
                            "空白报名表：未填写单位和人员，不计为参赛队",
                            "a blank entry form: no unit and nobody entered, not a team",
                        ),
                    )
                }
                None if team.is_some() || kinds.contains(&SubmissionKind::EntryForm) => {
                    (FileKind::EntryForm, None)
                }
                None if kinds.contains(&SubmissionKind::RoomRequest) => {
                    (FileKind::RoomRequest, None)
                }
                // A file of forms has a submission of some kind.
                None => (FileKind::RegistrationList, None),
            },
        };
        out.push(FileEntry {
            path: path.to_string(),
            kind,
            team,
            note,
        });
    }
    out
}
