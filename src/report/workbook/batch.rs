//! Outputs written atomically, and synced to disk once for a whole run instead of once per file
//! (a run of 2,000 forms writes over 2,000 files; 2,000 fsyncs cost seconds on their own).
//!
//! Outside a batch, [`super::write_atomic`] writes a temporary file, syncs it and renames it over
//! the target, one file at a time. Inside [`batched`], it writes the temporary file only; when
//! the batch ends, the data of every temporary file is synced at once (`syncfs` on Linux, each
//! file elsewhere), every temporary file is renamed over its target in the order written, and
//! each folder written into is synced once, so that the renames are on disk too. A reader never
//! sees a half-written output either way, and after a crash a target holds either its old or its
//! complete new content.
//!
//! [`par_map`] spreads independent outputs over the machine's cores; its threads write into the
//! batch of the thread that called it.

use std::cell::RefCell;
use std::collections::{BTreeSet, HashSet};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use crate::Error;

/// A temporary file waiting to be renamed over its target.
#[derive(Debug)]
struct Entry {
    tmp: PathBuf,
    dest: PathBuf,
    /// A file already at `dest` when the batch ends wins (round workbooks belong to the arbiter
    /// once written).
    keep_existing: bool,
}

/// The queued files, and their targets for lookups.
#[derive(Debug, Default)]
struct Pending {
    entries: Vec<Entry>,
    dests: HashSet<PathBuf>,
}

type Shared = Arc<Mutex<Pending>>;

thread_local! {
    static CURRENT: RefCell<Option<Shared>> = const { RefCell::new(None) };
}

/// Puts `batch` in place on this thread until dropped, restoring what was there.
struct Installed(Option<Shared>);

impl Installed {
    fn new(batch: Option<Shared>) -> Installed {
        Installed(CURRENT.with(|c| c.replace(batch)))
    }
}

impl Drop for Installed {
    fn drop(&mut self) {
        let prev = self.0.take();
        CURRENT.with(|c| *c.borrow_mut() = prev);
    }
}

fn current() -> Option<Shared> {
    CURRENT.with(|c| c.borrow().clone())
}

/// Runs `f` with every output it writes (on this thread or through [`par_map`]) collected, then
/// commits them: one data sync, the renames, one sync per folder. Returns what `f` returned and
/// the commit's result; the files `f` wrote before an error of its own are committed too.
pub fn batched<R>(f: impl FnOnce() -> R) -> (R, Result<(), Error>) {
    let batch: Shared = Arc::default();
    let r = {
        let _installed = Installed::new(Some(batch.clone()));
        f()
    };
    let pending = std::mem::take(&mut *batch.lock().unwrap_or_else(PoisonError::into_inner));
    (r, commit(pending.entries))
}

/// Whether an output for `path` is waiting in this thread's batch.
pub fn pending(path: &Path) -> bool {
    current().is_some_and(|b| {
        b.lock()
            .unwrap_or_else(PoisonError::into_inner)
            .dests
            .contains(path)
    })
}

/// Writes `bytes` into the temporary file of `path` and queues it in this thread's batch;
/// `Ok(false)` when there is no batch (the caller writes the file itself).
pub(super) fn queue(
    tmp: &Path,
    path: &Path,
    bytes: &[u8],
    keep_existing: bool,
) -> Result<bool, Error> {
    let Some(batch) = current() else {
        return Ok(false);
    };
    if let Err(e) = fs::write(tmp, bytes) {
        let _ = fs::remove_file(tmp);
        return Err(Error::io(tmp, e));
    }
    let mut pending = batch.lock().unwrap_or_else(PoisonError::into_inner);
    // The same target written again: its temporary file now holds the later bytes.
    if !pending.dests.insert(path.to_path_buf()) {
        pending.entries.retain(|e| e.dest != path);
    }
    pending.entries.push(Entry {
        tmp: tmp.to_path_buf(),
        dest: path.to_path_buf(),
        keep_existing,
    });
    Ok(true)
}

fn commit(entries: Vec<Entry>) -> Result<(), Error> {
    if entries.is_empty() {
        return Ok(());
    }
    let mut first_error = None;
    if let Err(e) = sync_data(&entries) {
        // Nothing is renamed over a target unless its new content is on disk.
        for e in &entries {
            let _ = fs::remove_file(&e.tmp);
        }
        return Err(e);
    }
    let mut dirs = BTreeSet::new();
    for e in entries {
        if e.keep_existing && fs::symlink_metadata(&e.dest).is_ok() {
            let _ = fs::remove_file(&e.tmp);
            continue;
        }
        match fs::rename(&e.tmp, &e.dest) {
            Ok(()) => {
                if let Some(d) = e.dest.parent() {
                    dirs.insert(d.to_path_buf());
                }
            }
            Err(err) => {
                let _ = fs::remove_file(&e.tmp);
                first_error.get_or_insert(Error::io(&e.dest, err));
            }
        }
    }
    for d in dirs {
        sync_dir(&d);
    }
    first_error.map_or(Ok(()), Err)
}

/// Puts the data of every queued temporary file on disk: one `syncfs` of their file system on
/// Linux, else (or when `syncfs` fails) each file's `fsync`.
fn sync_data(entries: &[Entry]) -> Result<(), Error> {
    #[cfg(target_os = "linux")]
    {
        use std::os::fd::AsRawFd;
        let mut devices = BTreeSet::new();
        let mut all_ok = true;
        for e in entries {
            use std::os::unix::fs::MetadataExt;
            let Ok(m) = fs::metadata(&e.tmp) else {
                all_ok = false;
                break;
            };
            if devices.insert(m.dev()) {
                let synced = fs::File::open(&e.tmp)
                    // SAFETY: `syncfs` only reads the descriptor, which stays open for the call.
                    .is_ok_and(|f| unsafe { libc::syncfs(f.as_raw_fd()) } == 0);
                if !synced {
                    all_ok = false;
                    break;
                }
            }
        }
        if all_ok {
            return Ok(());
        }
    }
    for e in entries {
        fs::File::options()
            .write(true)
            .open(&e.tmp)
            .and_then(|f| f.sync_all())
            .map_err(|err| Error::io(&e.tmp, err))?;
    }
    Ok(())
}

/// Syncs a folder so that the renames into it are on disk (Unix; Windows has no folder handle
/// to sync and commits renames with the file system's journal).
fn sync_dir(dir: &Path) {
    #[cfg(unix)]
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    #[cfg(not(unix))]
    let _ = dir;
}

/// Threads writing outputs, per core. rust_xlsxwriter assembles each worksheet on a thread of
/// its own and waits for them all before zipping; while one output waits so, a second thread
/// on the core writes another (issue 20: 1.08× on the 200-form run on two cores; three or
/// four per core are no faster).
const THREADS_PER_CORE: usize = 2;

/// `f` applied to every item on the machine's cores ([`crate::par::map_per_core`], two threads
/// a core: the results in the items' order, each item handled whole by one thread, so the
/// outputs are the same bytes as one thread writes). Outputs written by `f` go into the
/// caller's batch.
pub fn par_map<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let batch = current();
    crate::par::map_per_core(items, THREADS_PER_CORE, |item| {
        let _installed = Installed::new(batch.clone());
        f(item)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn batched_files_appear_when_the_batch_ends() {
        let dir = tempfile::tempdir().unwrap();
        let a = dir.path().join("a.txt");
        let b = dir.path().join("sub/b.txt");
        let (r, commit) = batched(|| {
            super::super::write_atomic(&a, b"one").unwrap();
            super::super::write_atomic(&b, b"two").unwrap();
            // The same file written twice: the later bytes.
            super::super::write_atomic(&a, b"three").unwrap();
            assert!(!a.exists(), "not renamed before the batch ends");
            assert!(pending(&a));
            7
        });
        commit.unwrap();
        assert_eq!(r, 7);
        assert_eq!(fs::read(&a).unwrap(), b"three");
        assert_eq!(fs::read(&b).unwrap(), b"two");
        assert!(!pending(&a));
        // No temporary file is left.
        let names: Vec<String> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 2, "{names:?}");
    }

    #[test]
    fn par_map_keeps_order_and_writes_into_the_batch() {
        let dir = tempfile::tempdir().unwrap();
        let items: Vec<usize> = (0..50).collect();
        let (paths, commit) = batched(|| {
            par_map(&items, |i| {
                let p = dir.path().join(format!("{i:02}.txt"));
                super::super::write_atomic(&p, i.to_string().as_bytes()).unwrap();
                p
            })
        });
        commit.unwrap();
        for (i, p) in paths.iter().enumerate() {
            assert_eq!(p, &dir.path().join(format!("{i:02}.txt")));
            assert_eq!(fs::read_to_string(p).unwrap(), i.to_string());
        }
    }
}
