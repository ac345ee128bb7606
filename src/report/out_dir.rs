//! The output folder of a run, as one value: renderers return files ([`Rendered`]) and the
//! pipeline saves them through the [`OutDir`] it prepared, which keeps every guarantee of the
//! outputs (SPEC §9) in one place:
//!
//! - [`OutDir::prepare`]: the previous run's outputs move to `out/previous/`, the organizer's
//!   files stay and are held (see the steps there);
//! - [`OutDir::put`]: an output bianpai owns; a file of the organizer's under its name is moved
//!   aside first (`standings.xlsx` → `standings（保留）.xlsx`), never overwritten;
//! - [`OutDir::put_new`]: a file that belongs to the arbiter once written (a round workbook under
//!   `results/`): never overwritten;
//! - [`OutDir::finish`]: the manifest, then every file at once (`commit`): one data sync for the
//!   run (`syncfs` on Linux; a run of 2,000 forms writes over 2,000 files, and 2,000 fsyncs cost
//!   seconds on their own), the renames, one sync per folder.
//!
//! Each file is written whole into a temporary file `.<name>.bianpai-tmp` beside its target (same
//! file system, so the rename is atomic): a reader never sees a half-written output, and after a
//! crash a target holds either its old or its complete new content. The manifest is renamed into
//! place first, so a run killed while renaming leaves a manifest that owns every new output
//! already there (the next run moves them to `previous/` instead of taking them for the
//! organizer's edits); the temporary files such a run leaves are recognised by their suffix and
//! removed by the next [`OutDir::prepare`] ([`remove_leftovers`] for `results/`). The value is shared by the threads
//! that render in parallel (`&OutDir` is `Sync`); nothing is process-wide, so runs of different
//! folders in one process (the tests) do not see each other.

mod commit;
#[cfg(test)]
mod tests;

use std::collections::{BTreeMap, BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};

use rust_xlsxwriter::{Workbook, XlsxError};

use crate::{Error, Result};
use commit::Entry;

/// The marker file that identifies a folder as bianpai's output folder.
pub const OUT_MARKER: &str = ".bianpai-out";
/// The suffix of the temporary file of every file bianpai writes (`.<name>.bianpai-tmp`).
pub const TEMP_SUFFIX: &str = ".bianpai-tmp";
/// The sub-folder of `out/` that keeps the previous run's outputs.
pub const PREVIOUS_DIR: &str = "previous";
/// The file in `out/` listing what the last run wrote there: a `/`-separated path and its
/// stamp (its length and CRC-32, `<len>:<crc hex>`) a line.
pub const MANIFEST: &str = ".bianpai-manifest";

/// Where a rendered file goes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// An output of the run: its `/`-separated name in the output folder (`standings.xlsx`,
    /// `teams/北京队.xlsx`).
    Out(String),
    /// A file that belongs to the arbiter once written (a round workbook, the draw), by its full
    /// path: written only when nothing is there.
    New(PathBuf),
}

/// A file rendered and not yet written: where it goes and its bytes.
#[derive(Debug)]
pub struct Rendered {
    /// Where it goes.
    pub place: Place,
    /// Its content.
    pub bytes: Vec<u8>,
}

impl Rendered {
    /// An output named `name` in the output folder.
    pub fn out(name: impl Into<String>, bytes: Vec<u8>) -> Rendered {
        Rendered {
            place: Place::Out(name.into()),
            bytes,
        }
    }

    /// A workbook serialized for `place`.
    ///
    /// # Errors
    ///
    /// [`Error::Output`] naming the place when the workbook could not be built or serialized.
    pub fn xlsx(place: Place, built: Result<Workbook, XlsxError>) -> Result<Rendered> {
        let named = |e| {
            let name = match &place {
                Place::Out(n) => PathBuf::from(n),
                Place::New(p) => p.clone(),
            };
            Error::output(name, e)
        };
        let bytes = built
            .and_then(|mut wb| wb.save_to_buffer())
            .map_err(named)?;
        Ok(Rendered { place, bytes })
    }
}

/// What [`OutDir::prepare`] did.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PreparedOut {
    /// Entries moved from `out/` to `out/previous/`, as names relative to `out/`, sorted.
    pub moved: Vec<String>,
    /// Files the last run wrote that were changed since (an arbiter's edits): left in place as
    /// the organizer's, relative to `out/`, sorted.
    pub edited: Vec<String>,
}

/// What a run's [`OutDir::finish`] reports.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Report {
    /// The organizer's files moved aside from under an output's name: (the output's path, where
    /// the file went), in the order it happened.
    pub aside: Vec<(PathBuf, PathBuf)>,
}

/// The output folder of one run: see the module documentation.
#[derive(Debug)]
pub struct OutDir {
    out: PathBuf,
    prepared: PreparedOut,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    /// The files in `out/` that are not bianpai's (full paths), held for the run.
    foreign: BTreeSet<PathBuf>,
    /// What was moved aside, in order.
    aside: Vec<(PathBuf, PathBuf)>,
    /// The files waiting to be renamed into place, in the order put.
    pending: Vec<Entry>,
    /// Their targets.
    dests: HashSet<PathBuf>,
    /// Each output put in `out/`, by name, with its stamp: the manifest.
    stamps: BTreeMap<String, String>,
}

impl OutDir {
    /// Makes `out` ready for a run's outputs, keeping the previous run's in `out/previous/`.
    ///
    /// Exactly:
    ///
    /// 1. `out` is created if missing, with the marker file `.bianpai-out` in it.
    /// 2. If `out` exists, holds anything besides the marker and `previous/`, and has **no**
    ///    marker, nothing is touched and an error is returned: the folder was not made by
    ///    bianpai (e.g. `--out` pointed at a folder of the user's own files).
    /// 3. Only what the last run wrote is bianpai's: the files listed in `out/.bianpai-manifest`
    ///    (written by [`OutDir::finish`]). When some of them are there, the old `out/previous/`
    ///    is deleted and each is moved into a new `out/previous/` at the same relative path (a
    ///    folder such as `teams/` left empty is removed). Every other file in `out/` (the
    ///    organizer's notes, a checked copy of the standings) stays where it is, untouched; so
    ///    does everything when there is no manifest (a copied marker does not make a folder's
    ///    files bianpai's). A listed file whose content no longer matches what bianpai wrote
    ///    (its size and CRC-32 in the manifest) was edited and is the organizer's now: it stays
    ///    too.
    /// 4. The files that stay are held for the run: an output put under the name of one of them
    ///    moves it aside first ([`OutDir::put`]).
    /// 5. If none of the listed files is there (the last run wrote nothing, or this is a re-run
    ///    after a failure), `previous/` is kept as it is.
    ///
    /// Nothing outside `out` is ever touched.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the entry that could not be created, read, moved or removed, or
    /// `out` itself when it is not bianpai's folder.
    pub fn prepare(out: &Path) -> Result<OutDir> {
        let marker = out.join(OUT_MARKER);
        remove_leftovers(out);
        if !out.exists() {
            fs::create_dir_all(out).map_err(|e| Error::io(out, e))?;
            let dir = OutDir::holding(out, PreparedOut::default(), BTreeSet::new());
            dir.queue(&marker, MARKER_TEXT, false)?;
            return Ok(dir);
        }
        let mut foreign = false;
        for e in fs::read_dir(out).map_err(|e| Error::io(out, e))? {
            let name = e.map_err(|e| Error::io(out, e))?.file_name();
            if name != OUT_MARKER && name != PREVIOUS_DIR && name != MANIFEST {
                foreign = true;
            }
        }
        let marked = marker.exists();
        if !marked && foreign {
            return Err(Error::io(
                out,
                std::io::Error::other(
                    "输出文件夹中有不是 bianpai 生成的文件，未做改动 \
                     (the output folder holds files bianpai did not write; left untouched)",
                ),
            ));
        }
        let (listed, edited) = last_run(out);
        if !listed.is_empty() {
            rotate_previous(out, &listed)?;
        }
        let prepared = PreparedOut {
            moved: listed,
            edited,
        };
        let dir = OutDir::holding(out, prepared, foreign_files(out));
        if !marked {
            dir.queue(&marker, MARKER_TEXT, false)?;
        }
        Ok(dir)
    }

    fn holding(out: &Path, prepared: PreparedOut, foreign: BTreeSet<PathBuf>) -> OutDir {
        OutDir {
            out: out.to_path_buf(),
            prepared,
            state: Mutex::new(State {
                foreign,
                ..State::default()
            }),
        }
    }

    /// The folder.
    pub fn path(&self) -> &Path {
        &self.out
    }

    /// What [`OutDir::prepare`] moved to `out/previous/` and found edited.
    pub fn prepared(&self) -> &PreparedOut {
        &self.prepared
    }

    fn lock(&self) -> MutexGuard<'_, State> {
        // A panic on another thread while holding the lock leaves consistent data: take it.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Puts the output `name` (`/`-separated, in the folder): when a file of the organizer's has
    /// that name, it is first moved aside to the first free `<stem>（保留）<ext>`,
    /// `<stem>（保留2）<ext>`, … beside it. The same name put again holds the later bytes.
    /// Returns the output's path.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the file that could not be moved aside or written.
    pub fn put(&self, name: &str, bytes: &[u8]) -> Result<PathBuf> {
        let path = self.out.join(name);
        {
            let mut s = self.lock();
            // The organizer's file under the output's name, or under the name of a folder the
            // output goes in (a file called `web` or `teams`), is moved aside first.
            let mut at = self.out.clone();
            for part in name.split('/') {
                at.push(part);
                if s.foreign.remove(&at) {
                    let aside = free_name(&at);
                    fs::rename(&at, &aside).map_err(|e| Error::io(&at, e))?;
                    s.aside.push((at.clone(), aside));
                }
            }
            s.stamps.insert(name.to_string(), stamp_text(bytes));
        }
        self.queue(&path, bytes, false)?;
        Ok(path)
    }

    /// Puts a file that is never overwritten (a round workbook, the draw): nothing is written
    /// when a file is at `path` already, or one was put there in this run, or one appears there
    /// before [`OutDir::finish`]. Returns whether it was put.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming `path` when it cannot be written, or when something other than a
    /// file (a folder) is in its place.
    pub fn put_new(&self, path: &Path, bytes: &[u8]) -> Result<bool> {
        match fs::symlink_metadata(path) {
            Ok(m) if m.is_file() => return Ok(false),
            Ok(_) => {
                return Err(Error::io(
                    path,
                    std::io::Error::other(
                        "不是文件，无法写入成绩表 (not a file: the round workbook cannot be written)",
                    ),
                ));
            }
            Err(_) => {}
        }
        // Claimed before it is written: the first put wins.
        if !self.lock().dests.insert(path.to_path_buf()) {
            return Ok(false);
        }
        self.queue(path, bytes, true)?;
        Ok(true)
    }

    /// Puts a rendered file in its place ([`OutDir::put`], [`OutDir::put_new`]); returns its
    /// path, or `None` when a file that is never overwritten was there.
    ///
    /// # Errors
    ///
    /// As [`OutDir::put`] and [`OutDir::put_new`].
    pub fn save(&self, r: Rendered) -> Result<Option<PathBuf>> {
        match r.place {
            Place::Out(name) => self.put(&name, &r.bytes).map(Some),
            Place::New(path) => Ok(self.put_new(&path, &r.bytes)?.then_some(path)),
        }
    }

    /// Writes `bytes` into the temporary file of `dest` and queues it.
    fn queue(&self, dest: &Path, bytes: &[u8], keep_existing: bool) -> Result<()> {
        let tmp = temp_file(dest)?;
        if let Err(e) = fs::write(&tmp, bytes) {
            let _ = fs::remove_file(&tmp);
            return Err(Error::io(&tmp, e));
        }
        let mut s = self.lock();
        // The same target put again: its temporary file now holds the later bytes.
        if !s.dests.insert(dest.to_path_buf()) {
            s.pending.retain(|e| e.dest != dest);
        }
        s.pending.push(Entry {
            tmp,
            dest: dest.to_path_buf(),
            keep_existing,
        });
        Ok(())
    }

    /// Ends the run: writes the manifest (every output put in the folder, with its stamp: the
    /// next run moves only those to `out/previous/`), then commits every file put.
    ///
    /// # Errors
    ///
    /// [`Error::Io`] naming the file that could not be written or renamed.
    pub fn finish(self) -> Result<Report> {
        let (pending, report) = self.closing()?;
        commit::commit(pending)?;
        Ok(report)
    }

    /// Queues the manifest and takes what is to be committed, the manifest first (see the
    /// module documentation), with what was moved aside.
    fn closing(&self) -> Result<(Vec<Entry>, Report)> {
        let mut text: String = self
            .lock()
            .stamps
            .iter()
            .filter(|(name, _)| is_plain_relative(name))
            .map(|(name, stamp)| format!("{name}\t{stamp}\n"))
            .collect();
        if text.is_empty() {
            text.push('\n');
        }
        let manifest = self.out.join(MANIFEST);
        self.queue(&manifest, text.as_bytes(), false)?;
        let mut s = std::mem::take(&mut *self.lock());
        s.pending.sort_by_key(|e| e.dest != manifest);
        Ok((s.pending, Report { aside: s.aside }))
    }

    /// Ends a run whose rendering failed: the files put so far are committed all the same
    /// (whole, as always), without a manifest. Errors are dropped: the run reports its own.
    pub fn abandon(self) {
        let s = std::mem::take(&mut *self.lock());
        let _ = commit::commit(s.pending);
    }
}

impl Drop for OutDir {
    /// Neither finished nor abandoned (a panic): no temporary file is left behind.
    fn drop(&mut self) {
        for e in std::mem::take(&mut self.lock().pending) {
            let _ = fs::remove_file(&e.tmp);
        }
    }
}

const MARKER_TEXT: &[u8] = b"bianpai output folder\n";

/// The temporary file `.<name>.bianpai-tmp` beside `path`, its folder created if needed.
fn temp_file(path: &Path) -> Result<PathBuf> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let name = path
        .file_name()
        .ok_or_else(|| Error::io(path, std::io::Error::other("no file name")))?;
    let mut tmp_name = std::ffi::OsString::from(".");
    tmp_name.push(name);
    tmp_name.push(TEMP_SUFFIX);
    Ok(dir.join(tmp_name))
}

/// Writes one file atomically outside a run (`bianpai init`): its temporary file, synced, then
/// renamed over `path`; the folder is created if needed. On failure `path` is left as it was.
///
/// # Errors
///
/// [`Error::Io`] naming the path that could not be created, written or renamed.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<()> {
    use std::io::Write;
    let tmp = temp_file(path)?;
    let written = fs::File::create(&tmp).and_then(|mut f| {
        f.write_all(bytes)?;
        f.sync_all()
    });
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(Error::io(&tmp, e));
    }
    fs::rename(&tmp, path).map_err(|e| {
        let _ = fs::remove_file(&tmp);
        Error::io(path, e)
    })
}

/// A file's stamp in the manifest: its length and CRC-32 (`<len>:<crc hex>`).
pub(crate) fn stamp_text(bytes: &[u8]) -> String {
    format!("{}:{:08x}", bytes.len(), crc32fast::hash(bytes))
}

/// The files the manifest of `out` lists that are there: (unchanged, edited), each sorted.
fn last_run(out: &Path) -> (Vec<String>, Vec<String>) {
    let manifest = fs::read_to_string(out.join(MANIFEST)).unwrap_or_default();
    let mut listed: Vec<String> = Vec::new();
    let mut edited: Vec<String> = Vec::new();
    for line in manifest.lines() {
        let mut parts = line.split('\t');
        let rel = parts.next().unwrap_or_default().trim();
        let stamp = parts.next().map(str::trim);
        let path = out.join(rel);
        if !is_plain_relative(rel) || !fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            continue;
        }
        // A manifest of an older bianpai has no stamps: its files count as unchanged.
        let changed = stamp
            .is_some_and(|st| st != fs::read(&path).map(|b| stamp_text(&b)).unwrap_or_default());
        if changed { &mut edited } else { &mut listed }.push(rel.to_string());
    }
    for v in [&mut listed, &mut edited] {
        v.sort();
        v.dedup();
    }
    (listed, edited)
}

/// Replaces in `out/previous/` the files an earlier rotation moved there (its own manifest)
/// with the files `listed`, moved there at the same relative path, and lists them in its
/// manifest. Anything else in `previous/` (a file the organizer put there, one edited since)
/// stays; one in the way of a file moved there is moved aside (`（保留）`). A `previous/` of an
/// older bianpai, without a manifest, was all bianpai's and is replaced whole.
fn rotate_previous(out: &Path, listed: &[String]) -> Result<()> {
    let previous = out.join(PREVIOUS_DIR);
    let own = previous.join(MANIFEST);
    if previous.is_dir() && own.is_file() {
        let (unchanged, _edited) = last_run(&previous);
        for rel in unchanged {
            let path = previous.join(&rel);
            fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
            remove_empty_parents(&path, &previous);
        }
        fs::remove_file(&own).map_err(|e| Error::io(&own, e))?;
    } else if previous.is_dir() {
        fs::remove_dir_all(&previous).map_err(|e| Error::io(&previous, e))?;
    } else if previous.exists() {
        let aside = free_name(&previous);
        fs::rename(&previous, &aside).map_err(|e| Error::io(&previous, e))?;
    }
    fs::create_dir_all(&previous).map_err(|e| Error::io(&previous, e))?;
    let mut manifest = String::new();
    for rel in listed {
        let from = out.join(rel);
        let to = previous.join(rel);
        if let Some(parent) = to.parent() {
            fs::create_dir_all(parent).map_err(|e| Error::io(parent, e))?;
        }
        if fs::symlink_metadata(&to).is_ok() {
            let aside = free_name(&to);
            fs::rename(&to, &aside).map_err(|e| Error::io(&to, e))?;
        }
        fs::rename(&from, &to).map_err(|e| Error::io(&from, e))?;
        let stamp = fs::read(&to).map(|b| stamp_text(&b)).unwrap_or_default();
        manifest.push_str(&format!("{rel}\t{stamp}\n"));
        // A sub-folder the run made (teams/) goes once it is empty.
        remove_empty_parents(&from, out);
    }
    fs::write(&own, manifest).map_err(|e| Error::io(&own, e))?;
    Ok(())
}

/// Removes the temporary files a killed run left under `dir` (its sub-folders included, at
/// most a few levels down): hidden files named `.<name>.bianpai-tmp`, which only bianpai writes.
pub fn remove_leftovers(dir: &Path) {
    let mut stack = vec![(dir.to_path_buf(), 0u8)];
    while let Some((d, depth)) = stack.pop() {
        let Ok(entries) = fs::read_dir(&d) else {
            continue;
        };
        for e in entries.flatten() {
            let name = e.file_name();
            let name = name.to_string_lossy();
            match e.file_type() {
                Ok(t) if t.is_dir() && depth < 4 => stack.push((e.path(), depth + 1)),
                Ok(t) if t.is_file() && name.starts_with('.') && name.ends_with(TEMP_SUFFIX) => {
                    let _ = fs::remove_file(e.path());
                }
                _ => {}
            }
        }
    }
}

/// Removes the folders above `path` up to `root` (excluded) while they are empty.
fn remove_empty_parents(path: &Path, root: &Path) {
    let mut dir = path.parent();
    while let Some(d) = dir {
        if d == root || fs::remove_dir(d).is_err() {
            break;
        }
        dir = d.parent();
    }
}

/// Every file in `out` outside `previous/` that is not the marker, the manifest or a
/// temporary file of an interrupted write: what is left once bianpai's own have moved.
fn foreign_files(out: &Path) -> BTreeSet<PathBuf> {
    let mut found = BTreeSet::new();
    let mut stack = vec![out.to_path_buf()];
    while let Some(dir) = stack.pop() {
        let Ok(entries) = fs::read_dir(&dir) else {
            continue;
        };
        for e in entries.flatten() {
            let path = e.path();
            let name = e.file_name();
            if dir == out && (name == OUT_MARKER || name == MANIFEST || name == PREVIOUS_DIR) {
                continue;
            }
            match e.file_type() {
                Ok(t) if t.is_dir() => stack.push(path),
                Ok(_) => {
                    found.insert(path);
                }
                Err(_) => {}
            }
        }
    }
    found
}

/// A manifest line bianpai may act on: relative, `/`-separated, no `..`, no empty part.
fn is_plain_relative(rel: &str) -> bool {
    !rel.is_empty()
        && !rel.starts_with('/')
        && !rel.contains('\\')
        && rel
            .split('/')
            .all(|p| !p.is_empty() && p != "." && p != ".." && !p.contains(':'))
        && rel != OUT_MARKER
        && rel != MANIFEST
        && !rel.starts_with("previous/")
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
