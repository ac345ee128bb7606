//! Old binary documents (.doc, .wps, and .et/.xls files that are not readable workbooks) read by
//! converting a copy with LibreOffice (`soffice`) when it is on `PATH`: the bytes are written to
//! a fresh temporary folder, converted there under a time limit with a throw-away profile, and
//! the result read like any .docx or .xlsx; the input file is never touched. The converted copy
//! is kept in the conversion cache by the file's hash ([`super::convert_cache`]), so LibreOffice
//! runs once per file, not once per run. Without LibreOffice the file is named with the fix
//! (save it again as .docx or .xlsx).

use std::io::Cursor;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use super::Unreadable;

/// Longest a conversion may take.
const TIME_LIMIT: Duration = Duration::from_secs(90);

/// What a compound file that is not a workbook should become.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Target {
    /// A word-processing document (.doc, .wps): converted to .docx.
    Docx,
    /// A spreadsheet calamine could not read (.et): converted to .xlsx.
    Xlsx,
}

impl Target {
    fn ext(self) -> &'static str {
        match self {
            Target::Docx => "docx",
            Target::Xlsx => "xlsx",
        }
    }
}

/// The kind of an OLE compound file that holds no workbook stream: a Word or WPS document
/// (`WordDocument` stream), else `None`.
pub(crate) fn document_kind(bytes: &[u8]) -> Option<Target> {
    let cfb = cfb::CompoundFile::open(Cursor::new(bytes)).ok()?;
    cfb.is_stream("/WordDocument").then_some(Target::Docx)
}

/// `soffice` (or `libreoffice`) on `PATH`.
pub(crate) fn soffice() -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .flat_map(|d| [d.join("soffice"), d.join("libreoffice")])
        .find(|p| p.is_file())
}

/// The finding text when LibreOffice is missing.
pub(crate) fn missing(path: &str, what_zh: &str, what_en: &str) -> Unreadable {
    Unreadable::new(
        path,
        format!(
            "{what_zh}，无法直接读取：请用 Word/WPS 另存为 .docx 或 .xlsx 后放回（或安装 LibreOffice，bianpai 会自动转换）"
        ),
        format!(
            "{what_en}, which cannot be read directly: save it again as .docx or .xlsx in Word/WPS and put it back (or install LibreOffice and bianpai converts it)"
        ),
    )
}

/// Converts a copy of `bytes` (named `ext`) to `target` with LibreOffice, or reads the copy
/// converted by an earlier run from the conversion cache ([`super::convert_cache`]); a
/// converted copy over `max` bytes is refused.
///
/// # Errors
///
/// [`Unreadable`] when LibreOffice is missing, fails, or runs past the time limit.
pub(crate) fn convert(
    path: &str,
    bytes: &[u8],
    ext: &str,
    target: Target,
    what: (&str, &str),
    max: u64,
) -> Result<Vec<u8>, Unreadable> {
    let cache = super::convert_cache::dir();
    if let Some(kept) = cache
        .as_deref()
        .and_then(|dir| super::convert_cache::get(dir, bytes, target, max))
    {
        return Ok(kept);
    }
    let data = convert_now(path, bytes, ext, target, what)?;
    if data.len() as u64 > max {
        return Err(failed(path, "转换结果太大"));
    }
    if let Some(dir) = cache {
        super::convert_cache::put(&dir, bytes, target, &data);
    }
    Ok(data)
}

/// Runs LibreOffice on a copy of `bytes`.
fn convert_now(
    path: &str,
    bytes: &[u8],
    ext: &str,
    target: Target,
    what: (&str, &str),
) -> Result<Vec<u8>, Unreadable> {
    let Some(exe) = soffice() else {
        return Err(missing(path, what.0, what.1));
    };
    let dir = TempDir::new().map_err(|e| failed(path, &e.to_string()))?;
    let ext = if ext.chars().all(|c| c.is_ascii_alphanumeric()) && !ext.is_empty() {
        ext
    } else {
        "bin"
    };
    let input = dir.0.join(format!("input.{ext}"));
    std::fs::write(&input, bytes).map_err(|e| failed(path, &e.to_string()))?;
    let out = dir.0.join("out");
    let profile = format!("file://{}", dir.0.join("profile").display());
    let mut child = Command::new(exe)
        .arg(format!("-env:UserInstallation={profile}"))
        .args(["--headless", "--norestore", "--nolockcheck", "--convert-to"])
        .arg(target.ext())
        .arg("--outdir")
        .arg(&out)
        .arg(&input)
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| failed(path, &e.to_string()))?;
    let start = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if start.elapsed() > TIME_LIMIT => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(failed(path, &format!("超过 {} 秒", TIME_LIMIT.as_secs())));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(50)),
            Err(e) => return Err(failed(path, &e.to_string())),
        }
    }
    std::fs::read(out.join(format!("input.{}", target.ext())))
        .map_err(|_| failed(path, "LibreOffice 没有生成文件"))
}

fn failed(path: &str, detail: &str) -> Unreadable {
    Unreadable::new(
        path,
        format!("用 LibreOffice 转换失败（{detail}）：请用 Word/WPS 另存为 .docx 或 .xlsx 后放回"),
        format!(
            "conversion with LibreOffice failed ({detail}): save it again as .docx or .xlsx in Word/WPS and put it back"
        ),
    )
}

/// A temporary folder removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new() -> std::io::Result<TempDir> {
        static N: AtomicU64 = AtomicU64::new(0);
        let n = N.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("bianpai-convert-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir)?;
        Ok(TempDir(dir))
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(Path::new(&self.0));
    }
}
