//! The conversion cache: a `.doc`/`.wps`/`.et` file converted by LibreOffice once is kept,
//! named by the SHA-256 of the file's bytes, so that the next run reads the kept copy instead
//! of starting LibreOffice again (60 letters took 66 s a run; issue 46).
//!
//! Where: `BIANPAI_CACHE` when set, else the user's cache folder: `%LOCALAPPDATA%\bianpai\
//! converted` on Windows, `$XDG_CACHE_HOME/bianpai/converted` or `~/.cache/bianpai/converted`
//! elsewhere. Nothing is written into the event folder. An entry is
//! `<sha256 of the file>.<docx|xlsx>`: the SHA-256 of the converted bytes, then those bytes.
//! It is written to a temporary name and renamed into place, so a killed run leaves no half
//! entry; one that does not check (cut, changed on disk, over the size limit) is removed and the
//! file converted again. A file whose bytes change gets a new key: a stale entry is never read
//! for it. Deleting the folder is always safe.

use std::path::{Path, PathBuf};

use super::sha256;
use super::soffice::Target;

/// What changes every key when the way entries are made changes.
const VERSION: &[u8] = b"bianpai-convert-1\0";

/// The cache folder, `None` when there is nowhere to keep it.
pub(crate) fn dir() -> Option<PathBuf> {
    if let Some(d) = std::env::var_os("BIANPAI_CACHE").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(d));
    }
    let base = if cfg!(windows) {
        std::env::var_os("LOCALAPPDATA")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    } else {
        std::env::var_os("XDG_CACHE_HOME")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
            .or_else(|| {
                std::env::var_os("HOME")
                    .filter(|d| !d.is_empty())
                    .map(|h| PathBuf::from(h).join(".cache"))
            })
    }?;
    Some(base.join("bianpai").join("converted"))
}

fn ext(target: Target) -> &'static str {
    match target {
        Target::Docx => "docx",
        Target::Xlsx => "xlsx",
    }
}

/// The entry of `bytes` converted to `target` in `dir`.
fn entry(dir: &Path, bytes: &[u8], target: Target) -> PathBuf {
    let key = sha256::digest(&[VERSION, ext(target).as_bytes(), b"\0", bytes]);
    dir.join(format!("{}.{}", sha256::hex(&key), ext(target)))
}

/// The kept conversion of `bytes`, when there is one that checks and is at most `max` bytes.
/// An entry that does not check is removed.
pub(crate) fn get(dir: &Path, bytes: &[u8], target: Target, max: u64) -> Option<Vec<u8>> {
    let path = entry(dir, bytes, target);
    let meta = std::fs::symlink_metadata(&path).ok()?;
    let ok = meta.is_file() && meta.len() >= 32 && meta.len() <= max.saturating_add(32);
    let data = ok.then(|| std::fs::read(&path).ok()).flatten();
    let checked = data.filter(|d| {
        d.len() >= 32 && d.get(..32) == Some(&sha256::digest(&[d.get(32..).unwrap_or(&[])])[..])
    });
    match checked {
        Some(mut d) => {
            d.drain(..32);
            Some(d)
        }
        None => {
            let _ = std::fs::remove_file(&path);
            None
        }
    }
}

/// Keeps the conversion `data` of `bytes`; a cache that cannot be written is no error (the
/// next run converts again).
pub(crate) fn put(dir: &Path, bytes: &[u8], target: Target, data: &[u8]) {
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let path = entry(dir, bytes, target);
    let tmp = path.with_extension(format!("{}.{}.tmp", ext(target), std::process::id()));
    let mut content = sha256::digest(&[data]).to_vec();
    content.extend_from_slice(data);
    if std::fs::write(&tmp, &content).is_err() || std::fs::rename(&tmp, &path).is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_entry_is_read_back_and_a_damaged_one_is_removed() {
        let tmp = tempfile::tempdir().expect("tempdir");
        let dir = tmp.path().join("converted");
        let doc = b"a .doc's bytes";
        assert_eq!(get(&dir, doc, Target::Docx, 1 << 20), None);
        put(&dir, doc, Target::Docx, b"PK converted");
        assert_eq!(
            get(&dir, doc, Target::Docx, 1 << 20).as_deref(),
            Some(&b"PK converted"[..])
        );
        // Another file, or the same file to another target: no entry.
        assert_eq!(get(&dir, b"other", Target::Docx, 1 << 20), None);
        assert_eq!(get(&dir, doc, Target::Xlsx, 1 << 20), None);
        // Over the size limit: not read.
        assert_eq!(get(&dir, doc, Target::Docx, 4), None);
        // A damaged entry is removed, then converted again.
        put(&dir, doc, Target::Docx, b"PK converted");
        let path = entry(&dir, doc, Target::Docx);
        let mut bytes = std::fs::read(&path).expect("entry");
        let last = bytes.len() - 1;
        bytes[last] ^= 1;
        std::fs::write(&path, &bytes).expect("damage");
        assert_eq!(get(&dir, doc, Target::Docx, 1 << 20), None);
        assert!(!path.exists());
        // No temporary file is left.
        let names: Vec<_> = std::fs::read_dir(&dir).expect("dir").collect();
        assert!(names.is_empty(), "{names:?}");
    }
}
