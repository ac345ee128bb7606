//! Reading one file from disk under a size limit, whatever it is: a FIFO or a device would make
//! `fs::read` wait forever or read without end, and a file still being copied into the folder
//! grows past the size its metadata gave when it was looked at.

use std::fs::File;
use std::io::Read;
use std::path::Path;

/// Why a file was not read.
#[derive(Debug)]
pub enum NotRead {
    /// Not a regular file (a folder, a FIFO, a device, a socket).
    NotAFile,
    /// Larger than the limit, when looked at or while read.
    TooLarge(u64),
    /// The file system refused.
    Io(std::io::Error),
}

impl NotRead {
    /// The reason in Chinese and English.
    pub fn reason(&self) -> (String, String) {
        match self {
            NotRead::NotAFile => (
                "不是普通文件（文件夹、管道或设备）".into(),
                "not a regular file (a folder, a pipe or a device)".into(),
            ),
            NotRead::TooLarge(limit) => (
                format!("文件太大（超过 {}）", super::limits::human(*limit)),
                format!("file too large (over {})", super::limits::human(*limit)),
            ),
            NotRead::Io(e) => (format!("无法读取（{e}）"), format!("cannot be read ({e})")),
        }
    }
}

/// Reads the regular file at `path` (links followed) if it holds at most `limit` bytes; a
/// file that grows past the limit while it is read is refused, never read to its end.
///
/// # Errors
///
/// [`NotRead`] as above.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, NotRead> {
    let meta = std::fs::metadata(path).map_err(NotRead::Io)?;
    if !meta.file_type().is_file() {
        return Err(NotRead::NotAFile);
    }
    if meta.len() > limit {
        return Err(NotRead::TooLarge(limit));
    }
    let file = File::open(path).map_err(NotRead::Io)?;
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(limit.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(NotRead::Io)?;
    if u64::try_from(bytes.len()).unwrap_or(u64::MAX) > limit {
        return Err(NotRead::TooLarge(limit));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_folders_and_devices() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("a.csv");
        std::fs::write(&f, b"0123456789").unwrap();
        assert_eq!(read(&f, 10).unwrap(), b"0123456789");
        assert!(matches!(read(&f, 9), Err(NotRead::TooLarge(9))));
        assert!(matches!(read(dir.path(), 100), Err(NotRead::NotAFile)));
        // /dev/zero reads without end: refused before the first byte.
        assert!(matches!(
            read(Path::new("/dev/zero"), 100),
            Err(NotRead::NotAFile)
        ));
        assert!(matches!(
            read(&dir.path().join("missing"), 100),
            Err(NotRead::Io(_))
        ));
    }
}
