//! Plain archives read member by member in memory: every member listed with its decoded,
//! sanitized name (also the earlier members of a repeated name, which the zip crate does not
//! list), each inflated within the member limit and the archive's budget.

use std::io::{Cursor, Read};

use zip::ZipArchive;

use super::super::limits::human;
use super::super::names::{RawName, decode_member_names, sanitize_member_path};
use super::super::{Budget, Ignored, Limits, ReadOutcome, Unreadable, read_into};
use super::{Reason, broken, member_error, over_budget, too_many_entries};

/// One member to read, with its decoded, sanitized path.
struct Member {
    /// Where its data is.
    at: At,
    /// Its position in the central directory (orders members of the same name).
    position: usize,
    /// `None` when the name climbs out of the archive.
    safe: Option<String>,
    decoded: String,
    dir: bool,
    /// 1 for the first member of its name, 2 for the second... (`a.xlsx#2`).
    occurrence: usize,
}

/// Where a member's data is: an index of the zip crate, or (for a member whose name an
/// later member repeats, which the crate does not list) its local header.
#[derive(Debug, Clone, Copy)]
enum At {
    Index(usize),
    Local(Entry),
}

/// A central-directory entry read by hand (only for archives with repeated names).
#[derive(Debug, Clone, Copy)]
struct Entry {
    offset: u64,
    compressed: u64,
    encrypted: bool,
    utf8: bool,
}

fn u16_at(b: &[u8], i: usize) -> Option<u16> {
    Some(u16::from_le_bytes(b.get(i..i + 2)?.try_into().ok()?))
}

fn u32_at(b: &[u8], i: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(i..i + 4)?.try_into().ok()?))
}

/// Every central-directory entry in order, as (raw name, entry); `None` for a ZIP64 archive or
/// a directory that does not parse (then only the crate's view is used).
fn central_entries(bytes: &[u8]) -> Option<Vec<(Vec<u8>, Entry)>> {
    let tail = bytes.len().saturating_sub(65_557);
    let eocd = (tail..bytes.len().saturating_sub(21))
        .rev()
        .find(|&i| bytes.get(i..i + 4) == Some(b"PK\x05\x06"))?;
    let count = usize::from(u16_at(bytes, eocd + 10)?);
    let mut at = usize::try_from(u32_at(bytes, eocd + 16)?).ok()?;
    if u32_at(bytes, eocd + 16)? == u32::MAX || count == usize::from(u16::MAX) {
        return None;
    }
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        if bytes.get(at..at + 4)? != b"PK\x01\x02" {
            return None;
        }
        let flags = u16_at(bytes, at + 8)?;
        let compressed = u32_at(bytes, at + 20)?;
        let name_len = usize::from(u16_at(bytes, at + 28)?);
        let extra_len = usize::from(u16_at(bytes, at + 30)?);
        let comment_len = usize::from(u16_at(bytes, at + 32)?);
        let offset = u32_at(bytes, at + 42)?;
        if compressed == u32::MAX || offset == u32::MAX {
            return None;
        }
        let name = bytes.get(at + 46..at + 46 + name_len)?.to_vec();
        out.push((
            name,
            Entry {
                offset: u64::from(offset),
                compressed: u64::from(compressed),
                encrypted: flags & 1 != 0,
                utf8: flags & 0x0800 != 0,
            },
        ));
        at += 46 + name_len + extra_len + comment_len;
    }
    Some(out)
}

/// Reads a plain archive: every member in path order, recursively for nested zips, each bad
/// member reported on its own while the others are read.
pub(crate) fn read_members(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    depth: u32,
    budget: &mut Budget,
    out: &mut ReadOutcome,
) {
    if depth >= limits.max_depth {
        out.unreadable.push(Unreadable::new(
            path,
            format!("压缩包嵌套太深（超过 {} 层）", limits.max_depth),
            format!("zips nested too deep (over {} levels)", limits.max_depth),
        ));
        return;
    }
    let mut archive = match super::open(bytes, limits) {
        Ok(a) => a,
        Err(r) => return out.unreadable.push(r.at(path)),
    };
    if archive.len() > limits.max_zip_entries {
        return out
            .unreadable
            .push(too_many_entries(path, archive.len(), limits));
    }
    let members = match list_members(&mut archive, bytes) {
        Ok(m) => m,
        Err(r) => return out.unreadable.push(r.at(path)),
    };
    for m in members {
        if m.dir {
            continue;
        }
        let Some(safe) = m.safe else {
            out.unreadable.push(Unreadable::new(
                &format!("{path}/{}", m.decoded),
                "压缩包成员路径不安全（含 ../、绝对路径或盘符），未读取",
                "unsafe member path in the zip (../, absolute or drive letter): not read",
            ));
            continue;
        };
        if safe.split('/').any(super::super::walk::always_skipped) {
            continue;
        }
        let member_path = if m.occurrence > 1 {
            format!("{path}/{safe}#{}", m.occurrence)
        } else {
            format!("{path}/{safe}")
        };
        if super::super::extension(&safe) == "toml" {
            out.ignored.push(Ignored {
                path: member_path,
                reason_zh: "配置文件（.toml），不作为报名材料读取".into(),
                reason_en: "a configuration file (.toml), not read as an entry".into(),
            });
            continue;
        }
        let read = match m.at {
            At::Index(i) => read_member(&mut archive, i, limits, budget),
            At::Local(e) => read_local(bytes, e, limits, budget),
        };
        match read {
            Ok((data, modified)) => {
                read_into(
                    &member_path,
                    &data,
                    limits,
                    depth + 1,
                    modified,
                    budget,
                    out,
                );
            }
            Err(r) => out.unreadable.push(r.at(&member_path)),
        }
    }
}

/// Lists members with decoded names, sorted by path bytes (then by position, for duplicates).
///
/// The zip crate keeps one member per name (the last); when names repeat, the central
/// directory is read by hand and the earlier members of each name are read from their local
/// headers, so every member is read, each under its own path (`a.xlsx`, `a.xlsx#2`).
fn list_members(
    archive: &mut ZipArchive<Cursor<&[u8]>>,
    bytes: &[u8],
) -> Result<Vec<Member>, Reason> {
    // (raw name, UTF-8 flag, Unicode Path field, is a directory, where, CD position)
    type Raw = (Vec<u8>, bool, Option<Vec<u8>>, bool, At, usize);
    let mut raws: Vec<Raw> = Vec::with_capacity(archive.len());
    let central = if archive.has_duplicate_names() {
        central_entries(bytes)
    } else {
        None
    };
    for i in 0..archive.len() {
        let f = archive.by_index_raw(i).map_err(|e| broken(&e))?;
        let raw = f.name_raw().to_vec();
        let flag = f.flags().as_u16() & 0x0800 != 0;
        let unicode = f.extra_data_fields().find_map(|x| match x {
            zip::ExtraField::UnicodePath(u) => u.clone().unwrap_valid(&raw).ok().map(Vec::from),
            _ => None,
        });
        let dir = raw.ends_with(b"/") || raw.ends_with(b"\\");
        // The crate's member of a repeated name is the last one in the directory.
        let position = central
            .as_ref()
            .and_then(|c| c.iter().rposition(|(n, _)| *n == raw))
            .unwrap_or(i);
        raws.push((raw, flag, unicode, dir, At::Index(i), position));
    }
    if let Some(central) = &central {
        for (position, (name, e)) in central.iter().enumerate() {
            let last = central.iter().rposition(|(n, _)| n == name);
            if last != Some(position) {
                let dir = name.ends_with(b"/") || name.ends_with(b"\\");
                raws.push((name.clone(), e.utf8, None, dir, At::Local(*e), position));
            }
        }
    }
    let names: Vec<RawName<'_>> = raws
        .iter()
        .map(|(bytes, utf8_flag, unicode, ..)| RawName {
            bytes,
            utf8_flag: *utf8_flag,
            unicode_path: unicode.as_deref(),
        })
        .collect();
    let decoded = decode_member_names(&names);
    let mut members: Vec<Member> = decoded
        .into_iter()
        .zip(&raws)
        .map(|(decoded, raw)| Member {
            at: raw.4,
            position: raw.5,
            safe: sanitize_member_path(&decoded),
            decoded,
            dir: raw.3,
            occurrence: 1,
        })
        .collect();
    let key = |m: &Member| m.safe.clone().unwrap_or_else(|| m.decoded.clone());
    members.sort_by(|a, b| {
        key(a)
            .as_bytes()
            .cmp(key(b).as_bytes())
            .then(a.position.cmp(&b.position))
    });
    for i in 1..members.len() {
        if key(&members[i]) == key(&members[i - 1]) {
            members[i].occurrence = members[i - 1].occurrence + 1;
        }
    }
    Ok(members)
}

/// Decompresses a member from its local header (a member the zip crate does not list because
/// a later one has the same name), bounded like [`read_member`].
fn read_local(
    bytes: &[u8],
    e: Entry,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(Vec<u8>, Option<i64>), Reason> {
    if e.encrypted {
        return Err(Reason::new(
            "压缩包成员有密码保护",
            "the zip member is password-protected",
        ));
    }
    let mut cursor = Cursor::new(bytes);
    cursor.set_position(e.offset);
    let file = zip::read::read_zipfile_from_stream_with_compressed_size(&mut cursor, e.compressed)
        .map_err(|err| member_error(&err))?
        .ok_or_else(|| Reason::new("zip 成员缺失", "the zip member is missing"))?;
    let modified = file.last_modified().and_then(zip_time);
    Ok((inflate_bounded(file, limits, budget)?, modified))
}

/// Decompresses one member into memory, bounded by the member limit and the budget.
pub(super) fn read_member(
    archive: &mut ZipArchive<Cursor<&[u8]>>,
    index: usize,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<(Vec<u8>, Option<i64>), Reason> {
    let encrypted = archive
        .by_index_raw(index)
        .map(|f| f.encrypted())
        .map_err(|e| member_error(&e))?;
    if encrypted {
        return Err(Reason::new(
            "压缩包成员有密码保护",
            "the zip member is password-protected",
        ));
    }
    let file = archive.by_index(index).map_err(|e| member_error(&e))?;
    let modified = file.last_modified().and_then(zip_time);
    Ok((inflate_bounded(file, limits, budget)?, modified))
}

/// Inflates one member into memory, bounded by the member limit and the archive's budget
/// (a decompression bomb stops at the limit, never after it).
fn inflate_bounded(
    file: impl Read,
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<u8>, Reason> {
    let cap = limits.max_member_bytes;
    let mut data = Vec::new();
    file.take(cap.saturating_add(1).min(budget.left().saturating_add(1)))
        .read_to_end(&mut data)
        .map_err(|e| {
            Reason::new(
                format!("zip 内容损坏（{e}）"),
                format!("corrupt zip data ({e})"),
            )
        })?;
    let n = data.len() as u64;
    if n > cap {
        return Err(Reason::new(
            format!("解压后超过 {}（疑似压缩炸弹）", human(cap)),
            format!("inflates beyond {} (a decompression bomb?)", human(cap)),
        ));
    }
    if !budget.take(n) {
        return Err(over_budget());
    }
    Ok(data)
}

/// A zip timestamp (local time without zone) as seconds since the epoch, read as UTC: only
/// used to order resubmissions, so a constant offset does not matter.
fn zip_time(t: zip::DateTime) -> Option<i64> {
    let dt = jiff::civil::DateTime::new(
        i16::try_from(t.year()).ok()?,
        i8::try_from(t.month()).ok()?,
        i8::try_from(t.day()).ok()?,
        i8::try_from(t.hour()).ok()?,
        i8::try_from(t.minute()).ok()?,
        i8::try_from(t.second()).ok()?,
        0,
    )
    .ok()?;
    jiff::tz::Offset::UTC
        .to_timestamp(dt)
        .ok()
        .map(|t| t.as_second())
}
