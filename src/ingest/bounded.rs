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
    /// Larger than the limit, when looked at, at open or after it was read.
    TooLarge(u64),
    /// Grew while it was read (still being copied into the folder): what was read is not the
    /// whole file.
    Growing,
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
            NotRead::Growing => (
                "读取时文件仍在变大（可能正在复制），未读取；请等复制完成后重新运行".into(),
                "the file grew while it was read (still being copied?): not read; run again once the copy is complete".into(),
            ),
            NotRead::Io(e) => (format!("无法读取（{e}）"), format!("cannot be read ({e})")),
        }
    }
}

/// Reads the regular file at `path` (links followed) if it holds at most `limit` bytes. The
/// file is read once, to the size it has when opened (never past it, so never past the limit
/// however fast it grows), and its size is then checked again: a file that grew meanwhile is
/// still being copied into the folder and is refused ([`NotRead::TooLarge`] when it is now over
/// the limit, else [`NotRead::Growing`]).
///
/// # Errors
///
/// [`NotRead`] as above.
pub fn read(path: &Path, limit: u64) -> Result<Vec<u8>, NotRead> {
    read_then(path, limit, || {})
}

/// [`read`], calling `opened` once the size at open is taken (a test grows the file there).
fn read_then(path: &Path, limit: u64, opened: impl FnOnce()) -> Result<Vec<u8>, NotRead> {
    let meta = std::fs::metadata(path).map_err(NotRead::Io)?;
    if !meta.file_type().is_file() {
        return Err(NotRead::NotAFile);
    }
    if meta.len() > limit {
        return Err(NotRead::TooLarge(limit));
    }
    let file = File::open(path).map_err(NotRead::Io)?;
    let size = file.metadata().map_err(NotRead::Io)?.len();
    if size > limit {
        return Err(NotRead::TooLarge(limit));
    }
    opened();
    let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
    let mut file = file.take(size);
    file.read_to_end(&mut bytes).map_err(NotRead::Io)?;
    let now = file.into_inner().metadata().map_err(NotRead::Io)?.len();
    if now > limit {
        return Err(NotRead::TooLarge(limit));
    }
    if now != size || u64::try_from(bytes.len()).unwrap_or(u64::MAX) != size {
        return Err(NotRead::Growing);
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

    /// Issue 46: a file still being copied into the folder was read past the 64 MB limit (up
    /// to 5.6 GB). It grows here between the open and the read: 10 bytes at open, then past
    /// the limit. Only the 10 bytes could be read, and the file is refused as too large.
    #[test]
    fn a_file_growing_past_the_limit_while_read_is_refused_as_too_large() {
        let dir = tempfile::tempdir().unwrap();
        let f = dir.path().join("报名表.csv");
        std::fs::write(&f, b"0123456789").unwrap();
        let grow = |by: usize| {
            let f = f.clone();
            move || {
                use std::io::Write;
                let mut out = std::fs::OpenOptions::new().append(true).open(&f).unwrap();
                out.write_all(&vec![b'9'; by]).unwrap();
            }
        };
        assert!(matches!(
            read_then(&f, 1000, grow(991)),
            Err(NotRead::TooLarge(1000))
        ));
        assert_eq!(std::fs::metadata(&f).unwrap().len(), 1001);
        // Grown but still under the limit: half a copy is never read as the whole file.
        std::fs::write(&f, b"0123456789").unwrap();
        let r = read_then(&f, 1000, grow(5));
        assert!(matches!(r, Err(NotRead::Growing)), "{r:?}");
        assert_eq!(
            NotRead::Growing.reason().0,
            "读取时文件仍在变大（可能正在复制），未读取；请等复制完成后重新运行"
        );
        // Unchanged: read whole.
        assert_eq!(read_then(&f, 1000, || {}).unwrap(), b"012345678999999");
    }
}
