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
        return Err(Error::Usage(format!("{}: 不是文件夹 (not a folder)", opts.dir.display())));
    }
    let event = crate::event::load(&opts.dir).map_err(|e| Error::Usage(e.to_string()))?;
    let mut findings = Findings::new();
    let loaded = crate::ingest::load(&opts.dir, &crate::ingest::Limits::default(), &mut findings);
    let mut summary = Summary {
        event: event.event.name.clone(),
        template: event.template.clone().unwrap_or_default(),
        ..Summary::default()
    };
    for f in &loaded.files {
        summary.files.push(FileEntry { path: f.path.clone(), kind: "unrecognized", team: None, note: None });
    }
    for i in &loaded.ignored {
        summary.files.push(FileEntry {
            path: i.path.clone(),
            kind: "ignored",
            team: None,
            note: Some(opts.lang.pick(&i.reason_zh, &i.reason_en).to_string()),
        });
    }
    crate::report::workbook::prepare_out_dir(&opts.out)?;
    summary.findings = findings.sorted().iter().map(|f| FindingEntry::from_finding(f, opts.lang)).collect();
    for f in findings.all().iter().filter(|f| f.code == "file.unreadable") {
        summary.files.push(FileEntry {
            path: f.source.file.clone(),
            kind: "unreadable",
            team: None,
            note: Some(f.message(opts.lang).to_string()),
        });
    }
    summary.files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(Outcome { blocking: findings.has_errors(), summary })
}

/// The output folder: `--out` if given, else `<dir>/out`.
pub fn out_dir(dir: &Path, out: Option<&Path>) -> PathBuf {
    out.map(Path::to_path_buf).unwrap_or_else(|| dir.join("out"))
}
