//! Zip containers: telling workbook packages from plain archives, bounding every decompression,
//! and reading plain archives member by member in memory (`members`; SPEC §2: never extracted
//! to disk).
//!
//! Declared sizes are never trusted: every member goes through `Read::take(limit + 1)`, and a
//! budget shared by all nesting levels stops a zip of many large members.

use std::collections::HashMap;
use std::io::{self, Cursor, Read};

use zip::ZipArchive;
use zip::read::ZipFile;

use super::limits::human;
use super::sniff::What;
use super::{Budget, Limits, Unreadable};

mod members;

use members::read_member;
pub(crate) use members::read_members;

/// A reason without a path yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Reason {
    zh: String,
    en: String,
}

impl Reason {
    pub(crate) fn new(zh: impl Into<String>, en: impl Into<String>) -> Reason {
        Reason {
            zh: zh.into(),
            en: en.into(),
        }
    }

    /// The reason attached to a file.
    pub(crate) fn at(self, path: &str) -> Unreadable {
        Unreadable::new(path, self.zh, self.en)
    }
}

/// What a zip container holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum ZipKind {
    /// An Office Open XML workbook.
    Xlsx,
    /// An OpenDocument spreadsheet.
    Ods,
    /// A Word document (its tables may be forms).
    Docx,
    /// An Excel binary workbook.
    Xlsb,
    /// A zip-based document that is not a workbook (pptx, odt).
    Other(What),
    /// A plain archive of files.
    Plain,
    /// Not a readable zip at all.
    Broken(Reason),
}

fn broken(e: &zip::result::ZipError) -> Reason {
    Reason::new(
        format!("zip 结构损坏或文件不完整（{e}）"),
        format!("corrupt or truncated zip structure ({e})"),
    )
}

/// Classifies a zip container by its entry names (and the ODF `mimetype` entry).
pub(crate) fn classify(bytes: &[u8]) -> ZipKind {
    let mut archive = match ZipArchive::new(Cursor::new(bytes)) {
        Ok(a) => a,
        Err(e) => return ZipKind::Broken(broken(&e)),
    };
    // Names compared without case, so a package whose writer changed the case of a part
    // name is still told apart from a plain archive.
    let has = |archive: &ZipArchive<Cursor<&[u8]>>, name: &str| {
        archive
            .file_names_raw()
            .any(|n| n.eq_ignore_ascii_case(name.as_bytes()))
    };
    if has(&archive, "[Content_Types].xml") {
        if has(&archive, "xl/workbook.xml") {
            return ZipKind::Xlsx;
        }
        if has(&archive, "xl/workbook.bin") {
            return ZipKind::Xlsb;
        }
        if has(&archive, "word/document.xml") {
            return ZipKind::Docx;
        }
        if has(&archive, "ppt/presentation.xml") {
            return ZipKind::Other(What::new("演示文稿", "a presentation"));
        }
    }
    // OpenDocument names its kind in a `mimetype` entry; 128 bytes hold any of its values,
    // and a crafted entry cannot make this read more.
    if let Ok(mut f) = archive.by_name("mimetype") {
        let mut head = Vec::new();
        if f.by_ref().take(128).read_to_end(&mut head).is_ok() {
            if head.starts_with(b"application/vnd.oasis.opendocument.spreadsheet") {
                return ZipKind::Ods;
            }
            if head.starts_with(b"application/vnd.oasis.opendocument") {
                return ZipKind::Other(What::new("OpenDocument 文档", "an OpenDocument document"));
            }
        }
    }
    // Anything else is a folder sent as an archive: its members are read one by one.
    ZipKind::Plain
}

/// Measures every entry of a workbook package before calamine opens it: entry count, each
/// entry's decompressed size (through `take`), the shared-strings size, the total budget.
///
/// # Errors
///
/// The first limit exceeded, or a corrupt or encrypted entry.
pub(crate) fn check_package(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(), Unreadable> {
    package_parts(path, bytes, limits, budget, None)
}

/// A workbook package stored again without compression, and its XML parts.
pub(crate) struct Unpacked {
    /// The package, every part stored.
    pub(crate) zip: Vec<u8>,
    /// The `.xml` and `.rels` parts but the shared strings, by lower-case name (of a name given
    /// twice in different cases, the last), for the readers that need a part or two and would
    /// otherwise open the package again (`xlsx_merges`).
    pub(crate) parts: HashMap<String, Vec<u8>>,
}

/// Checks a workbook package like [`check_package`] and returns it stored again without
/// compression, each part inflated exactly once: calamine then reads a part by copying it
/// (it reads a sheet once for its cells and again for its merged cells). `None` when the parts
/// cannot be stored again (two parts of one name): calamine reads the original then.
///
/// # Errors
///
/// As [`check_package`].
pub(crate) fn unpacked_package(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Option<Unpacked>, Unreadable> {
    let mut restore = Some(Restore {
        writer: zip::ZipWriter::new(Cursor::new(Vec::with_capacity(
            bytes.len().saturating_mul(4),
        ))),
        parts: HashMap::new(),
    });
    package_parts(path, bytes, limits, budget, Some(&mut restore))?;
    Ok(restore.and_then(|r| {
        let zip = r.writer.finish().ok()?.into_inner();
        Some(Unpacked {
            zip,
            parts: r.parts,
        })
    }))
}

/// The package being stored again, and its parts kept.
struct Restore {
    writer: zip::ZipWriter<Cursor<Vec<u8>>>,
    parts: HashMap<String, Vec<u8>>,
}

fn package_parts(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
    mut restore: Option<&mut Option<Restore>>,
) -> Result<(), Unreadable> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| broken(&e).at(path))?;
    if archive.len() > limits.max_zip_entries {
        return Err(too_many_entries(path, archive.len(), limits));
    }
    let stored = zip::write::SimpleFileOptions::default()
        .compression_method(zip::CompressionMethod::Stored)
        .last_modified_time(zip::DateTime::default());
    for i in 0..archive.len() {
        let file = archive.by_index(i).map_err(|e| member_error(&e).at(path))?;
        let name = String::from_utf8_lossy(file.name_raw()).to_ascii_lowercase();
        let shared = name.contains("sharedstrings");
        let cap = if shared {
            limits.max_shared_strings_bytes.min(limits.max_member_bytes)
        } else {
            limits.max_member_bytes
        };
        let keep = restore
            .as_deref_mut()
            .and_then(Option::as_mut)
            .filter(|_| !file.is_dir());
        let n = match keep {
            Some(r) => {
                let part = file.name().map(|n| n.into_owned());
                let mut data = Vec::new();
                let n = take_bounded(file, cap, budget, &mut data).map_err(|r| r.at(path))?;
                let ok = n <= cap
                    && part.is_ok_and(|p| r.writer.start_file(p, stored).is_ok())
                    && io::Write::write_all(&mut r.writer, &data).is_ok();
                if !ok {
                    if let Some(r) = restore.as_deref_mut() {
                        *r = None;
                    }
                } else if !shared && (name.ends_with(".xml") || name.ends_with(".rels")) {
                    r.parts.insert(name.clone(), data);
                }
                n
            }
            None => take_bounded(file, cap, budget, &mut io::sink()).map_err(|r| r.at(path))?,
        };
        if n > cap {
            return Err(Unreadable::new(
                path,
                format!(
                    "工作簿内部文件 {name} 解压后超过 {}（疑似压缩炸弹）",
                    human(cap)
                ),
                format!(
                    "workbook part {name} inflates beyond {} (a decompression bomb?)",
                    human(cap)
                ),
            ));
        }
    }
    Ok(())
}

/// Decompresses one entry into `out`, counting at most `cap + 1` bytes.
fn take_bounded<R: Read>(
    file: ZipFile<'_, R>,
    cap: u64,
    budget: &mut Budget,
    out: &mut impl io::Write,
) -> Result<u64, Reason> {
    let mut limited = file.take(cap.saturating_add(1).min(budget.left().saturating_add(1)));
    let n = io::copy(&mut limited, out).map_err(|e| {
        Reason::new(
            format!("zip 内容损坏（{e}）"),
            format!("corrupt zip data ({e})"),
        )
    })?;
    if !budget.take(n) {
        return Err(over_budget());
    }
    Ok(n)
}

fn over_budget() -> Reason {
    Reason::new(
        "解压后的总大小超过上限（疑似压缩炸弹）",
        "the total decompressed size exceeds the limit (a decompression bomb?)",
    )
}

fn member_error(e: &zip::result::ZipError) -> Reason {
    let text = e.to_string();
    if text.to_ascii_lowercase().contains("password") {
        Reason::new(
            "压缩包成员有密码保护",
            "the zip member is password-protected",
        )
    } else {
        Reason::new(
            format!("无法解压（{text}）"),
            format!("cannot decompress ({text})"),
        )
    }
}

fn too_many_entries(path: &str, n: usize, limits: &Limits) -> Unreadable {
    Unreadable::new(
        path,
        format!("zip 内文件太多（{n} 个，上限 {}）", limits.max_zip_entries),
        format!(
            "too many entries in the zip ({n}, limit {})",
            limits.max_zip_entries
        ),
    )
}

/// Decompresses one named part of a document package (`word/document.xml`) into memory,
/// bounded by the member limit and the budget; `None` when the package has no such part.
///
/// # Errors
///
/// A corrupt package or part, an encrypted part, a part beyond the limits.
pub(crate) fn read_part(
    path: &str,
    bytes: &[u8],
    name: &str,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Option<Vec<u8>>, Unreadable> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).map_err(|e| broken(&e).at(path))?;
    if archive.len() > limits.max_zip_entries {
        return Err(too_many_entries(path, archive.len(), limits));
    }
    let index = archive
        .file_names_raw()
        .position(|n| n.eq_ignore_ascii_case(name.as_bytes()));
    let Some(index) = index else {
        return Ok(None);
    };
    read_member(&mut archive, index, limits, budget)
        .map(|(data, _)| Some(data))
        .map_err(|r| r.at(path))
}
