//! One run at a time per event folder (SPEC §2; issue 17, point 6): the run holds
//! `<event>/.bianpai.lock` (a hidden file, which ingest ignores) holding its process id and the
//! folder, and removes it when it ends. A second run finds the lock and exits 2 naming it and
//! the running process; a lock whose process is gone (a run that was killed), or that was
//! copied with the folder from elsewhere, is taken over.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// The lock file's name in the event folder.
pub const LOCK_FILE: &str = ".bianpai.lock";

/// The lock held by this run; dropping it removes the file.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
}

impl Drop for Lock {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

/// Takes the event folder's lock.
///
/// # Errors
///
/// [`Error::Usage`] (exit 2) naming the lock and the process holding it when another run is
/// going on; [`Error::Io`] when the lock cannot be written.
pub fn acquire(dir: &Path) -> Result<Lock> {
    let path = dir.join(LOCK_FILE);
    let here = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
    for _ in 0..3 {
        match fs::OpenOptions::new()
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(mut f) => {
                writeln!(f, "{}\n{}", std::process::id(), here.display())
                    .map_err(|e| Error::io(&path, e))?;
                return Ok(Lock { path });
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => {
                let text = fs::read_to_string(&path).unwrap_or_default();
                let mut lines = text.lines();
                let pid = lines.next().and_then(|l| l.trim().parse::<u32>().ok());
                // A lock copied with the folder names the folder it was taken in.
                let same_folder = lines.next().is_none_or(|l| Path::new(l.trim()) == here);
                match pid {
                    Some(p) if same_folder && alive(p) => {
                        return Err(Error::Usage(format!(
                            "{}: 另一个 bianpai 正在处理这个文件夹（进程 {p}），请等它结束后再运行 (another bianpai run, process {p}, holds this lock: wait for it to end)",
                            path.display()
                        )));
                    }
                    // A run that was killed left its lock: take it over.
                    _ => {
                        fs::remove_file(&path).map_err(|e| Error::io(&path, e))?;
                    }
                }
            }
            Err(e) => return Err(Error::io(&path, e)),
        }
    }
    Err(Error::Usage(format!(
        "{}: 无法取得运行锁 (the run lock cannot be taken)",
        path.display()
    )))
}

/// Whether a process with this id is running.
fn alive(pid: u32) -> bool {
    if pid == 0 {
        return false;
    }
    #[cfg(target_os = "linux")]
    {
        Path::new(&format!("/proc/{pid}")).exists()
    }
    #[cfg(all(unix, not(target_os = "linux")))]
    {
        std::process::Command::new("kill")
            .args(["-0", &pid.to_string()])
            .stderr(std::process::Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }
    #[cfg(windows)]
    {
        std::process::Command::new("tasklist")
            .args(["/FI", &format!("PID eq {pid}"), "/NH"])
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).contains(&pid.to_string()))
    }
    #[cfg(not(any(unix, windows)))]
    {
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_live_lock_refuses_and_a_stale_one_is_taken_over() {
        let dir = tempfile::tempdir().expect("tempdir");
        let lock = acquire(dir.path()).expect("first");
        let text = fs::read_to_string(dir.path().join(LOCK_FILE)).expect("lock");
        assert_eq!(
            text.lines().next(),
            Some(std::process::id().to_string().as_str())
        );
        let err = acquire(dir.path()).expect_err("second").to_string();
        assert!(err.contains(LOCK_FILE), "{err}");
        assert!(err.contains(&std::process::id().to_string()), "{err}");
        drop(lock);
        assert!(!dir.path().join(LOCK_FILE).exists());
        fs::write(dir.path().join(LOCK_FILE), "999999999\n").expect("stale");
        let lock = acquire(dir.path()).expect("taken over");
        drop(lock);
        fs::write(dir.path().join(LOCK_FILE), "not a pid").expect("garbage");
        drop(acquire(dir.path()).expect("garbage taken over"));
        // A live lock copied from another folder (a copy of a folder during a run).
        let live = format!("{}\n/elsewhere/event\n", std::process::id());
        fs::write(dir.path().join(LOCK_FILE), live).expect("copied");
        assert!(acquire(dir.path()).is_ok());
    }
}
