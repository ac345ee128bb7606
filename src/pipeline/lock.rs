//! One run at a time per event folder (SPEC §2; issue 17, point 6; issue 46, point 6): the run
//! holds `<event>/.bianpai.lock` (a hidden file, which ingest ignores) under an exclusive lock
//! of the operating system (`flock` / `LockFileEx`), writes its process id and the folder into
//! it, and removes it when it ends. A second run finds the file locked and exits 2 naming it
//! and the running process. The operating system releases the lock of a run that was killed, so
//! its leftover file (or one copied with the folder) is simply taken over: taking the lock is
//! one atomic step, and two runs started together cannot both win. Where the file system has no
//! locks, the process id written in the file decides, as before.

use std::fs;
use std::io::{Read, Seek, Write};
use std::path::{Path, PathBuf};

use crate::{Error, Result};

/// The lock file's name in the event folder.
pub const LOCK_FILE: &str = ".bianpai.lock";

/// The lock held by this run; dropping it removes the file, then releases the lock.
#[derive(Debug)]
pub struct Lock {
    path: PathBuf,
    /// The open lock file; the operating system's lock lasts as long as it is open.
    _file: fs::File,
}

impl Drop for Lock {
    fn drop(&mut self) {
        // Removed while still locked: a run waiting on this file finds it gone and retries.
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
    let here = crate::ingest::resolved(dir).unwrap_or_else(|| dir.to_path_buf());
    for _ in 0..5 {
        let mut file = fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(|e| Error::io(&path, e))?;
        match file.try_lock() {
            Ok(()) => {}
            Err(fs::TryLockError::WouldBlock) => return Err(held(&path, holder(&mut file))),
            // No locks on this file system: the process id in the file decides.
            Err(fs::TryLockError::Error(e)) if e.kind() == std::io::ErrorKind::Unsupported => {
                let text = read_text(&mut file);
                let mut lines = text.lines();
                let pid = lines.next().and_then(|l| l.trim().parse::<u32>().ok());
                // A lock copied with the folder names the folder it was taken in.
                let same_folder = lines.next().is_none_or(|l| Path::new(l.trim()) == here);
                if let Some(p) = pid.filter(|&p| same_folder && alive(p)) {
                    return Err(held(&path, Some(p)));
                }
            }
            Err(fs::TryLockError::Error(e)) => return Err(Error::io(&path, e)),
        }
        // The run that held the lock may have removed the file between our open and our lock:
        // the lock is then on a file nobody else sees. Open it again.
        if !still_there(&file, &path) {
            continue;
        }
        let written = file
            .set_len(0)
            .and_then(|()| file.rewind())
            .and_then(|()| writeln!(file, "{}\n{}", std::process::id(), here.display()))
            .and_then(|()| file.flush());
        written.map_err(|e| Error::io(&path, e))?;
        return Ok(Lock { path, _file: file });
    }
    Err(Error::Usage(format!(
        "{}: 无法取得运行锁 (the run lock cannot be taken)",
        path.display()
    )))
}

/// The refusal naming the lock and, when known, the process holding it.
fn held(path: &Path, pid: Option<u32>) -> Error {
    let (zh, en) = match pid {
        Some(p) => (format!("（进程 {p}）"), format!(", process {p},")),
        None => (String::new(), String::new()),
    };
    Error::Usage(format!(
        "{}: 另一个 bianpai 正在处理这个文件夹{zh}，请等它结束后再运行 (another bianpai run{en} holds this lock: wait for it to end)",
        path.display()
    ))
}

/// The process id written in a lock file (unreadable while locked on Windows: then none).
fn holder(file: &mut fs::File) -> Option<u32> {
    read_text(file)
        .lines()
        .next()
        .and_then(|l| l.trim().parse::<u32>().ok())
}

fn read_text(file: &mut fs::File) -> String {
    let mut text = String::new();
    let _ = file
        .rewind()
        .and_then(|()| file.take(4096).read_to_string(&mut text));
    text
}

/// Whether `path` still names the open `file` (not removed, not replaced).
fn still_there(file: &fs::File, path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        match (file.metadata(), fs::metadata(path)) {
            (Ok(a), Ok(b)) => a.dev() == b.dev() && a.ino() == b.ino(),
            _ => false,
        }
    }
    #[cfg(not(unix))]
    {
        // Windows does not remove a file another process holds open.
        let _ = file;
        path.exists()
    }
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
    fn a_held_lock_refuses_and_a_leftover_one_is_taken_over() {
        let dir = tempfile::tempdir().expect("tempdir");
        let lock = acquire(dir.path()).expect("first");
        let text = fs::read_to_string(dir.path().join(LOCK_FILE)).expect("lock");
        assert_eq!(
            text.lines().next(),
            Some(std::process::id().to_string().as_str())
        );
        let err = acquire(dir.path()).expect_err("second").to_string();
        assert!(err.contains(LOCK_FILE), "{err}");
        assert!(
            err.contains(&format!("进程 {}", std::process::id())),
            "{err}"
        );
        drop(lock);
        assert!(!dir.path().join(LOCK_FILE).exists());
        // Left by a run that was killed (nobody holds it), whatever it says.
        for left in [
            "999999999\n".to_string(),
            "not a pid".to_string(),
            format!("{}\n/elsewhere/event\n", std::process::id()),
            format!("{}\n", std::process::id()),
        ] {
            fs::write(dir.path().join(LOCK_FILE), left).expect("leftover");
            drop(acquire(dir.path()).expect("taken over"));
        }
    }

    #[test]
    fn of_runs_started_together_exactly_one_holds_the_lock() {
        let dir = tempfile::tempdir().expect("tempdir");
        for _ in 0..20 {
            let barrier = std::sync::Barrier::new(8);
            let held = std::sync::atomic::AtomicUsize::new(0);
            let max = std::sync::atomic::AtomicUsize::new(0);
            std::thread::scope(|s| {
                for _ in 0..8 {
                    s.spawn(|| {
                        barrier.wait();
                        if let Ok(lock) = acquire(dir.path()) {
                            let now = held.fetch_add(1, std::sync::atomic::Ordering::SeqCst) + 1;
                            max.fetch_max(now, std::sync::atomic::Ordering::SeqCst);
                            std::thread::sleep(std::time::Duration::from_millis(2));
                            held.fetch_sub(1, std::sync::atomic::Ordering::SeqCst);
                            drop(lock);
                        }
                    });
                }
            });
            assert_eq!(max.load(std::sync::atomic::Ordering::SeqCst), 1);
        }
    }
}
