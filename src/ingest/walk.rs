//! Walking the event folder (SPEC §2): what is skipped, what is listed as ignored, and the
//! deterministic order in which files are read.

use std::ffi::OsStr;
use std::fs;
use std::path::{Path, PathBuf};

use crate::findings::{Code, Finding, Findings, Source};

use super::{Budget, Ignored, Limits, Loaded, ReadOutcome, Unreadable, read_into};

/// The folder under `results/` of the round workbooks a new pairing replaced
/// ([`crate::pipeline::superseded`]).
pub const SUPERSEDED_DIR: &str = "superseded";

/// `path` made absolute with `.` and `..` resolved: through the file system where it can be
/// (links followed), else lexically. Windows refuses to canonicalize some paths past its old
/// 260-character limit (MAX_PATH); a folder dropped from deep inside a share still resolves.
pub fn resolved(path: &Path) -> Option<PathBuf> {
    use std::path::Component;
    if let Ok(real) = path.canonicalize() {
        return Some(real);
    }
    let absolute = std::path::absolute(path).ok()?;
    let mut out = PathBuf::new();
    for part in absolute.components() {
        match part {
            Component::CurDir => {}
            Component::ParentDir => {
                out.pop();
            }
            other => out.push(other),
        }
    }
    Some(out)
}

/// Where `results/` leads when it is a symbolic link (or a Windows junction) to a folder
/// inside the event folder `root` (a shared sub-folder): `Ok(Some(target))`, read through the
/// link. `Ok(None)` when `results/` is not a link. `Err(target)` when it leads outside the
/// event folder or nowhere (the run refuses it: bianpai would write round workbooks there).
pub fn linked_results(root: &Path) -> Result<Option<PathBuf>, PathBuf> {
    let link = root.join("results");
    match fs::symlink_metadata(&link) {
        Ok(m) if m.file_type().is_symlink() => {}
        _ => return Ok(None),
    }
    let shown = fs::read_link(&link).unwrap_or_else(|_| link.clone());
    let (Ok(root), Ok(target)) = (root.canonicalize(), link.canonicalize()) else {
        return Err(shown);
    };
    if target.is_dir() && target != root && target.starts_with(&root) {
        Ok(Some(target))
    } else {
        Err(shown)
    }
}

/// Folders deeper than this are not walked (a guard against pathological trees).
const MAX_DIR_DEPTH: usize = 32;

/// Names skipped silently anywhere (folder or zip): hidden files and folders, Office lock
/// files, macOS resource forks, Windows thumbnails and folder settings.
pub(crate) fn always_skipped(name: &str) -> bool {
    name.starts_with('.')
        || name.starts_with("~$")
        || name == "__MACOSX"
        || name.eq_ignore_ascii_case("Thumbs.db")
        || name.eq_ignore_ascii_case("desktop.ini")
}

/// A file name as shown: UTF-8 as is; other bytes decoded as GBK where they decode (what
/// unzipping a Chinese-Windows archive on Linux leaves), else with replacement characters. The
/// file is still opened by its real name.
pub(crate) fn shown_name(name: &OsStr) -> String {
    if let Some(s) = name.to_str() {
        return s.to_string();
    }
    #[cfg(unix)]
    {
        use std::os::unix::ffi::OsStrExt;
        if let Some(s) =
            encoding_rs::GBK.decode_without_bom_handling_and_without_replacement(name.as_bytes())
        {
            return s.into_owned();
        }
    }
    name.to_string_lossy().into_owned()
}

/// Reads every file of the event folder into tables.
///
/// Skipped silently: `out/` (at the top), `event.toml` (at the top, read by `event`), hidden
/// files and folders, `results/superseded/` (listed once as ignored), `~$*` lock files, `__MACOSX/`, `Thumbs.db`, `desktop.ini`. Listed as
/// ignored: symbolic links (never followed), files that are not tables, other `.toml` files,
/// files beyond [`Limits::max_files`]. Everything unreadable becomes a `file.unreadable`
/// finding (error) naming the file, and the walk goes on. Files are read in the byte order of
/// their relative paths as shown, ties by the bytes of their real paths ([`by_path`]); zip
/// members follow their archive in the same order.
pub fn load(root: &Path, limits: &Limits, findings: &mut Findings) -> Loaded {
    let mut files: Vec<(String, PathBuf)> = Vec::new();
    let mut ignored = Vec::new();
    let mut unreadable = Vec::new();
    collect(root, "", 0, &mut files, &mut ignored, &mut unreadable);
    if let Ok(Some(target)) = linked_results(root) {
        // The folder `results/` leads to is read as results/ only.
        files.retain(|(rel, full)| {
            let twice = !rel.starts_with("results/")
                && full.canonicalize().is_ok_and(|c| c.starts_with(&target));
            if twice {
                ignored.push(Ignored {
                    path: rel.clone(),
                    reason_zh: "results 链接到此文件夹，按 results/ 读取".into(),
                    reason_en: "results/ links to this folder: read as results/".into(),
                });
            }
            !twice
        });
    }
    files.sort_by(by_path);
    number_alike(&mut files);

    let mut loaded = Loaded::default();
    let over = files.split_off(files.len().min(limits.max_files));
    for (rel, _) in over {
        ignored.push(Ignored {
            path: rel,
            reason_zh: format!("文件夹中文件太多（上限 {} 个），未读取", limits.max_files),
            reason_en: format!(
                "too many files in the folder (limit {}): not read",
                limits.max_files
            ),
        });
    }
    // The files are read on the machine's cores, each whole by one thread, and put together
    // in the order above: the same as one thread reading them in turn.
    let mut outcome = ReadOutcome::default();
    for one in crate::par::map(&files, |(rel, full)| {
        let mut out = ReadOutcome::default();
        read_one(full, rel, limits, &mut out);
        out
    }) {
        outcome.files.extend(one.files);
        outcome.ignored.extend(one.ignored);
        outcome.unreadable.extend(one.unreadable);
        outcome.converted.extend(one.converted);
    }
    loaded.files = outcome.files;
    outcome
        .converted
        .sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    for c in &outcome.converted {
        findings.push(Finding::new(
            Code::FileConverted,
            Source::file(&c.path),
            format!("{}：{}", c.path, c.reason_zh),
            format!("{}: {}", c.path, c.reason_en),
        ));
    }
    ignored.extend(outcome.ignored);
    unreadable.extend(outcome.unreadable);
    ignored.sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    loaded.ignored = ignored;
    unreadable.sort_by(|a, b| a.path.as_bytes().cmp(b.path.as_bytes()));
    for u in unreadable {
        findings.push(Finding::new(
            Code::FileUnreadable,
            Source::file(&u.path),
            format!("无法读取 {}：{}", u.path, u.reason_zh),
            format!("cannot read {}: {}", u.path, u.reason_en),
        ));
    }
    loaded
}

/// The order files are read in: by their paths as shown, byte by byte; paths shown alike (a
/// GBK-named file beside a UTF-8 one that decodes to the same name) by the bytes of their
/// real full paths, so the order never depends on how the file system lists a folder.
fn by_path(a: &(String, PathBuf), b: &(String, PathBuf)) -> std::cmp::Ordering {
    a.0.as_bytes().cmp(b.0.as_bytes()).then_with(|| {
        a.1.as_os_str()
            .as_encoded_bytes()
            .cmp(b.1.as_os_str().as_encoded_bytes())
    })
}

/// Paths shown alike after the first are shown `#2`, `#3`… as zip members of one name are, so
/// every finding names one file.
fn number_alike(files: &mut [(String, PathBuf)]) {
    let mut previous = String::new();
    let mut occurrence = 1;
    for (rel, _) in files.iter_mut() {
        occurrence = if *rel == previous { occurrence + 1 } else { 1 };
        if occurrence > 1 {
            rel.push_str(&format!("#{occurrence}"));
        } else {
            previous.clone_from(rel);
        }
    }
}

/// Reads one file from disk by its real path, bounded by the file-size limit before reading;
/// `rel` is the path as shown.
fn read_one(full: &Path, rel: &str, limits: &Limits, out: &mut ReadOutcome) {
    let meta = match fs::metadata(full) {
        Ok(m) => m,
        Err(e) => return out.unreadable.push(io_error(rel, &e)),
    };
    let bytes = match super::bounded::read(full, limits.max_file_bytes) {
        Ok(b) => b,
        Err(super::bounded::NotRead::Io(e)) => return out.unreadable.push(io_error(rel, &e)),
        Err(why) => {
            let (zh, en) = why.reason();
            return out.unreadable.push(Unreadable::new(rel, zh, en));
        }
    };
    let modified = meta
        .modified()
        .ok()
        .and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok())
        .and_then(|d| i64::try_from(d.as_secs()).ok());
    let mut budget = Budget::new(limits);
    read_into(rel, &bytes, limits, 0, modified, &mut budget, out);
}

fn io_error(rel: &str, e: &std::io::Error) -> Unreadable {
    if e.kind() == std::io::ErrorKind::PermissionDenied {
        Unreadable::new(
            rel,
            "没有读取权限",
            "permission denied (the file cannot be read)",
        )
    } else {
        Unreadable::new(
            rel,
            format!("读取失败（{e}）"),
            format!("read failed ({e})"),
        )
    }
}

/// Collects relative paths of regular files under `dir` (`rel` is its path relative to the
/// root, "" for the root itself).
fn collect(
    dir: &Path,
    rel: &str,
    depth: usize,
    files: &mut Vec<(String, PathBuf)>,
    ignored: &mut Vec<Ignored>,
    unreadable: &mut Vec<Unreadable>,
) {
    let entries = match fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) => {
            let shown = if rel.is_empty() { "." } else { rel };
            unreadable.push(io_error(shown, &e));
            return;
        }
    };
    let mut names: Vec<(String, std::path::PathBuf)> = Vec::new();
    for entry in entries {
        match entry {
            Ok(e) => names.push((shown_name(&e.file_name()), e.path())),
            Err(e) => {
                let shown = if rel.is_empty() { "." } else { rel };
                unreadable.push(io_error(shown, &e));
            }
        }
    }
    names.sort_by(by_path);
    for (name, full) in names {
        let child = if rel.is_empty() {
            name.clone()
        } else {
            format!("{rel}/{name}")
        };
        if always_skipped(&name) || (rel.is_empty() && (name == "out" || name == "event.toml")) {
            continue;
        }
        // Round workbooks a new pairing replaced: kept for the record, never read again.
        if rel == "results" && name == SUPERSEDED_DIR {
            ignored.push(Ignored {
                path: child,
                reason_zh: "被重新编排替换的成绩表，保留备查，不读取".into(),
                reason_en: "round workbooks replaced by a new pairing: kept, not read".into(),
            });
            continue;
        }
        let meta = match fs::symlink_metadata(&full) {
            Ok(m) => m,
            Err(e) => {
                unreadable.push(io_error(&child, &e));
                continue;
            }
        };
        let ft = meta.file_type();
        // `results/` linked to a folder inside the event folder is read through the link
        // (that folder itself is then skipped, below, so nothing is read twice).
        let linked = rel.is_empty() && name == "results" && ft.is_symlink();
        if linked && let Ok(Some(_)) = linked_results(dir) {
            collect(&full, &child, depth + 1, files, ignored, unreadable);
        } else if ft.is_symlink() {
            ignored.push(Ignored {
                path: child,
                reason_zh: "符号链接，不跟随".into(),
                reason_en: "a symbolic link (not followed)".into(),
            });
        } else if ft.is_dir() {
            if depth + 1 >= MAX_DIR_DEPTH {
                ignored.push(Ignored {
                    path: child,
                    reason_zh: format!("文件夹层级太深（超过 {MAX_DIR_DEPTH} 层），未读取"),
                    reason_en: format!("folders nested too deep (over {MAX_DIR_DEPTH}): not read"),
                });
            } else {
                collect(&full, &child, depth + 1, files, ignored, unreadable);
            }
        } else if !ft.is_file() {
            ignored.push(Ignored {
                path: child,
                reason_zh: "不是普通文件".into(),
                reason_en: "not a regular file".into(),
            });
        } else if super::extension(&name) == "toml" {
            ignored.push(Ignored {
                path: child,
                reason_zh: "配置文件（.toml），不作为报名材料读取".into(),
                reason_en: "a configuration file (.toml), not read as an entry".into(),
            });
        } else {
            files.push((child, full));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skipped_names() {
        for n in [
            ".git",
            "~$报名表.xlsx",
            "__MACOSX",
            "thumbs.db",
            "Desktop.ini",
        ] {
            assert!(always_skipped(n), "{n}");
        }
        assert!(!always_skipped("报名表.xlsx"));
    }

    #[test]
    fn a_path_the_file_system_cannot_resolve_is_resolved_by_its_names() {
        let cwd = std::env::current_dir().expect("cwd");
        let missing = Path::new("不存在的 文件夹/./第1层/../赛事");
        assert_eq!(
            resolved(missing),
            Some(cwd.join("不存在的 文件夹").join("赛事"))
        );
        assert_eq!(
            resolved(Path::new(".")),
            Some(cwd.canonicalize().expect("cwd"))
        );
    }
}
