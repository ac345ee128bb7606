//! Committing the files of a run at its end: the data of every temporary file synced at once
//! (`syncfs` on Linux, each file elsewhere), every temporary file renamed over its target in the
//! order put, and each folder written into synced once, so that the renames are on disk too.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use crate::Error;

/// A temporary file waiting to be renamed over its target.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) tmp: PathBuf,
    pub(super) dest: PathBuf,
    /// A file already at `dest` when the run ends wins (round workbooks belong to the arbiter
    /// once written).
    pub(super) keep_existing: bool,
}

/// Renames every entry into place once its data is on disk; the first error, after trying all.
pub(super) fn commit(entries: Vec<Entry>) -> Result<(), Error> {
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
