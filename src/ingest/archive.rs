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

/// Opens a zip after checking the number of entries its end record declares: the zip crate
/// reads the whole central directory when it opens one, and entries sharing a name count once
/// in `len()`, so a 204 KB zip of four million same-named entries took 2.7 GB before any
/// limit was looked at.
pub(crate) fn open<'a>(
    bytes: &'a [u8],
    limits: &Limits,
) -> Result<ZipArchive<Cursor<&'a [u8]>>, Reason> {
    if let Some(n) = declared_entries(bytes)
        && n > u64::try_from(limits.max_zip_entries).unwrap_or(u64::MAX)
    {
        return Err(Reason::new(
            format!(
                "zip 内文件太多（声明 {n} 个，上限 {}）",
                limits.max_zip_entries
            ),
            format!(
                "too many entries in the zip ({n} declared, limit {})",
                limits.max_zip_entries
            ),
        ));
    }
    ZipArchive::new(Cursor::new(bytes)).map_err(|e| broken(&e))
}

/// The number of entries the zip's end of central directory record declares (the Zip64 record's
/// when there is one: the zip crate reads that many); `None` when no end record is found (the
/// zip crate then refuses the file).
fn declared_entries(bytes: &[u8]) -> Option<u64> {
    const EOCD: [u8; 4] = [0x50, 0x4b, 0x05, 0x06];
    const ZIP64_LOCATOR: [u8; 4] = [0x50, 0x4b, 0x06, 0x07];
    const ZIP64_EOCD: [u8; 4] = [0x50, 0x4b, 0x06, 0x06];
    let u16_at = |b: &[u8], i: usize| -> Option<u64> {
        Some(u64::from(u16::from_le_bytes(
            b.get(i..i + 2)?.try_into().ok()?,
        )))
    };
    let u64_at = |b: &[u8], i: usize| -> Option<u64> {
        Some(u64::from_le_bytes(b.get(i..i + 8)?.try_into().ok()?))
    };
    // The end record is in the last 64 KB + 22 bytes (its comment is at most 65,535 bytes).
    let tail_from = bytes.len().saturating_sub(65_557);
    let tail = bytes.get(tail_from..)?;
    let at = tail.windows(4).rposition(|w| w == EOCD)? + tail_from;
    let mut declared = u16_at(bytes, at + 10)?.max(u16_at(bytes, at + 8)?);
    // Zip64: the locator sits just before the end record and points at the Zip64 record.
    if let Some(loc) = at.checked_sub(20)
        && bytes.get(loc..loc + 4) == Some(&ZIP64_LOCATOR[..])
        && let Some(rec) = u64_at(bytes, loc + 8).and_then(|o| usize::try_from(o).ok())
        && bytes.get(rec..rec + 4) == Some(&ZIP64_EOCD[..])
    {
        declared = declared.max(u64_at(bytes, rec + 32)?.max(u64_at(bytes, rec + 24)?));
    }
    Some(declared)
}

/// Classifies a zip container by its entry names (and the ODF `mimetype` entry).
pub(crate) fn classify(bytes: &[u8], limits: &Limits) -> ZipKind {
    let mut archive = match open(bytes, limits) {
        Ok(a) => a,
        Err(r) => return ZipKind::Broken(r),
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
    let mut archive = open(bytes, limits).map_err(|r| r.at(path))?;
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
                if shared {
                    declared_strings(&data, limits).map_err(|r| r.at(path))?;
                }
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
            // The shared strings are looked at below even when the package is not stored
            // again: calamine reserves what their header declares.
            None if shared => {
                let mut data = Vec::new();
                let n = take_bounded(file, cap, budget, &mut data).map_err(|r| r.at(path))?;
                declared_strings(&data, limits).map_err(|r| r.at(path))?;
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

/// Refuses a shared-strings part whose header declares more strings (`count`, `uniqueCount`)
/// than a file may hold cells: calamine reserves room for the declared number before reading
/// one, so a 2 KB workbook declaring 10^13 strings would abort the process.
fn declared_strings(data: &[u8], limits: &Limits) -> Result<(), Reason> {
    let head = &data[..data.len().min(4096)];
    let Some(start) = find(head, b"<sst") else {
        return Ok(());
    };
    let tag = &head[start..];
    let tag = &tag[..find(tag, b">").unwrap_or(tag.len())];
    for attr in [&b" count=\""[..], &b" uniqueCount=\""[..]] {
        let Some(at) = find(tag, attr) else { continue };
        let digits: Vec<u8> = tag[at + attr.len()..]
            .iter()
            .copied()
            .take_while(u8::is_ascii_digit)
            .collect();
        let declared = std::str::from_utf8(&digits)
            .ok()
            .and_then(|d| d.parse::<u64>().ok())
            .unwrap_or(u64::MAX);
        if declared > limits.max_file_cells {
            return Err(Reason::new(
                format!(
                    "工作簿声明了 {declared} 个共享文本（上限 {}），文件可能已损坏或被篡改",
                    limits.max_file_cells
                ),
                format!(
                    "the workbook declares {declared} shared strings (limit {}); the file is damaged or forged",
                    limits.max_file_cells
                ),
            ));
        }
    }
    Ok(())
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
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
    let mut archive = open(bytes, limits).map_err(|r| r.at(path))?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn declared_strings_within_and_beyond_the_cell_limit() {
        let limits = Limits::default();
        let ok = br#"<?xml version="1.0"?><sst xmlns="x" count="3" uniqueCount="2"><si><t>a</t></si></sst>"#;
        assert!(declared_strings(ok, &limits).is_ok());
        let forged = br#"<?xml version="1.0"?><sst xmlns="x" count="1" uniqueCount="10000000000000"><si><t>a</t></si></sst>"#;
        let e = declared_strings(forged, &limits).unwrap_err();
        assert_eq!(
            e.en,
            "the workbook declares 10000000000000 shared strings (limit 4000000); the file is damaged or forged"
        );
        let garbled = br#"<sst count="99999999999999999999999">"#;
        assert!(declared_strings(garbled, &limits).is_err());
        assert!(declared_strings(b"<sst>", &limits).is_ok());
    }

    /// An end record declaring 65,535 entries, and a Zip64 record declaring four million
    /// behind its locator.
    #[test]
    fn declared_entries_from_the_end_records() {
        let eocd = |n: u16| {
            let mut b = vec![0x50, 0x4b, 0x05, 0x06, 0, 0, 0, 0];
            b.extend_from_slice(&n.to_le_bytes());
            b.extend_from_slice(&n.to_le_bytes());
            b.extend_from_slice(&[0; 10]);
            b
        };
        let mut plain = b"junk".to_vec();
        plain.extend(eocd(7));
        assert_eq!(declared_entries(&plain), Some(7));
        let mut z64 = b"junk".to_vec();
        let rec = z64.len() as u64;
        z64.extend_from_slice(&[0x50, 0x4b, 0x06, 0x06]);
        z64.extend_from_slice(&[0; 20]);
        z64.extend_from_slice(&4_000_000u64.to_le_bytes());
        z64.extend_from_slice(&4_000_000u64.to_le_bytes());
        z64.extend_from_slice(&[0; 16]);
        z64.extend_from_slice(&[0x50, 0x4b, 0x06, 0x07, 0, 0, 0, 0]);
        z64.extend_from_slice(&rec.to_le_bytes());
        z64.extend_from_slice(&[1, 0, 0, 0]);
        z64.extend(eocd(0xffff));
        assert_eq!(declared_entries(&z64), Some(4_000_000));
        let e = open(&z64, &Limits::default()).map(|_| ()).unwrap_err();
        assert_eq!(
            e.en,
            "too many entries in the zip (4000000 declared, limit 10000)"
        );
        assert_eq!(declared_entries(b"PK no end record"), None);
    }
}
