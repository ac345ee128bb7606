//! The files in `out/` that are not bianpai's, held for the length of a run: an output about
//! to be written under such a name first moves the file aside (`standings.xlsx` →
//! `standings（保留）.xlsx`), so that nothing the organizer keeps in `out/` is overwritten.
//!
//! [`super::workbook::prepare_out_dir`] holds them, [`super::workbook::write_atomic`] makes room,
//! the pipeline releases them at the end of the run and reports what was moved aside. Runs of
//! different output folders in one process (the tests) do not see each other's files: every
//! entry is a full path.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use crate::Error;

#[derive(Default)]
struct Held {
    /// Foreign files by output folder.
    foreign: BTreeMap<PathBuf, BTreeSet<PathBuf>>,
    /// What was moved aside, by output folder: (the name bianpai wrote, where the file went).
    moved: BTreeMap<PathBuf, Vec<(PathBuf, PathBuf)>>,
    /// The stamp of each file written ([`stamp_text`]), by full path.
    stamps: BTreeMap<PathBuf, String>,
}

/// A file's stamp in the manifest: its length and CRC-32 (`<len>:<crc hex>`).
pub(crate) fn stamp_text(bytes: &[u8]) -> String {
    format!("{}:{:08x}", bytes.len(), crc32fast::hash(bytes))
}

/// Notes the stamp of `bytes` written to `path`, when `path` is in an output folder of a run
/// (round workbooks and files outside `out/` are not in the manifest).
pub(crate) fn stamp(path: &Path, bytes: &[u8]) {
    let mut g = held();
    let Some(h) = g.as_mut() else {
        return;
    };
    if h.foreign.keys().any(|out| path.starts_with(out)) {
        h.stamps.insert(path.to_path_buf(), stamp_text(bytes));
    }
}

/// The stamp of what was last written to `path` in this process, if anything.
pub(crate) fn stamp_of(path: &Path) -> Option<String> {
    held().as_ref()?.stamps.get(path).cloned()
}

static HELD: Mutex<Option<Held>> = Mutex::new(None);

fn held() -> MutexGuard<'static, Option<Held>> {
    // A panic elsewhere while holding the lock leaves consistent data: take it anyway.
    HELD.lock().unwrap_or_else(PoisonError::into_inner)
}

/// Holds the foreign files of `out` for this run (replacing what an earlier run held).
pub(crate) fn hold(out: &Path, files: BTreeSet<PathBuf>) {
    let mut g = held();
    let h = g.get_or_insert_with(Held::default);
    h.moved.remove(out);
    h.foreign.insert(out.to_path_buf(), files);
}

/// Before `path` is written: when it is a held foreign file, moves it aside to the first free
/// `<stem>（保留）<ext>`, `<stem>（保留2）<ext>`, … in the same folder.
///
/// # Errors
///
/// [`Error::Io`] naming the file when it cannot be moved.
pub(crate) fn make_room(path: &Path) -> Result<(), Error> {
    let mut g = held();
    let Some(h) = g.as_mut() else {
        return Ok(());
    };
    let Some((out, set)) = h
        .foreign
        .iter_mut()
        .find(|(out, set)| path.starts_with(out) && set.contains(path))
    else {
        return Ok(());
    };
    let out = out.clone();
    set.remove(path);
    let aside = free_name(path);
    std::fs::rename(path, &aside).map_err(|e| Error::io(path, e))?;
    h.moved
        .entry(out)
        .or_default()
        .push((path.to_path_buf(), aside));
    Ok(())
}

/// Ends the run on `out`: what was moved aside, in the order it happened.
pub(crate) fn release(out: &Path) -> Vec<(PathBuf, PathBuf)> {
    let mut g = held();
    let Some(h) = g.as_mut() else {
        return Vec::new();
    };
    h.foreign.remove(out);
    h.stamps.retain(|p, _| !p.starts_with(out));
    h.moved.remove(out).unwrap_or_default()
}

/// The first name `<stem>（保留N）<ext>` beside `path` that does not exist.
fn free_name(path: &Path) -> PathBuf {
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    let ext = path
        .extension()
        .map(|e| format!(".{}", e.to_string_lossy()))
        .unwrap_or_default();
    let dir = path.parent().unwrap_or(Path::new(""));
    (1u32..)
        .map(|n| {
            let tag = if n == 1 { String::new() } else { n.to_string() };
            dir.join(format!("{stem}（保留{tag}）{ext}"))
        })
        .find(|p| std::fs::symlink_metadata(p).is_err())
        .unwrap_or_else(|| dir.join(format!("{stem}（保留）{ext}")))
}
