//! `.xls` (BIFF5 and BIFF8) and everything else in an OLE compound file.
//!
//! calamine parses every sheet when the file is opened and builds dense ranges from the
//! extreme cell positions, and some malformed records make it overflow integers. So the
//! workbook stream is scanned first with our own record walk, framed and ordered as calamine
//! reads it (the globals, then each sheet from the offset its BoundSheet record gives): cell
//! positions against the limits, the used-range area against the cell limit, and the records
//! calamine would choke on. calamine then reads that very stream, alone in a compound file.
//!
//! Code pages (ECOSYSTEM §1, calamine #229): a BIFF8 file whose CodePage record is not 1200 gets
//! its Unicode strings decoded through that code page and comes back with NULs: reopen with
//! 1200. A BIFF5 file without a CodePage record comes back as Latin-1 mojibake of GBK: reopen
//! with 936.

use std::io::{Cursor, Read, Write};

use calamine::{Reader, SheetType, SheetVisible, Xls, XlsError, XlsOptions};
use encoding_rs::GBK;

use super::convert::{Grid, from_data, merges};
use super::{Budget, Cell, Limits, Table, Unreadable};

mod prescan;
use prescan::prescan;

/// The English reason of a compound file that holds no workbook (a Word .doc, ...); the caller
/// turns it into "ignored" unless the name says it should be a table.
pub(crate) const NOT_A_WORKBOOK_EN: &str = "an OLE compound file without a workbook stream";

/// Which BIFF generation the workbook stream is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Biff {
    /// Excel 97–2003, stream `Workbook`, strings always UTF-16 or compressed Latin-1.
    Biff8,
    /// Excel 5/95, stream `Book`, strings in the CodePage record's encoding.
    Biff5,
}

/// Reads every worksheet of an `.xls` file.
///
/// # Errors
///
/// [`Unreadable`] for encrypted (OOXML in CFB or FilePass), corrupt or oversized files, and
/// for compound files without a workbook (reason [`NOT_A_WORKBOOK_EN`]).
pub(crate) fn read(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Table>, Unreadable> {
    let (biff, stream) = workbook_stream(path, bytes, limits)?;
    prescan(path, &stream, biff, limits)?;
    // calamine reads the compound file with its own reader, which takes the first directory
    // entry of that name anywhere in the file, reachable or not: it is given a compound file
    // holding only the stream just scanned.
    let bytes = &single_stream_file(path, biff, &stream)?;
    drop(stream);
    // A reopen re-reads the same content: charge the budget once.
    let before = (budget.cells, budget.text);
    let tables = read_with(path, bytes, limits, budget, None)?;
    let texts = || {
        tables.iter().flat_map(|t| {
            std::iter::once(&*t.sheet).chain(t.rows.iter().flatten().filter_map(|c| match c {
                Cell::Text(s) => Some(s.as_str()),
                _ => None,
            }))
        })
    };
    match biff {
        Biff::Biff8 if texts().any(|s| s.contains('\0')) => {
            (budget.cells, budget.text) = before;
            read_with(path, bytes, limits, budget, Some(1200))
        }
        Biff::Biff5 if latin1_mojibake_of_gbk(texts()) => {
            (budget.cells, budget.text) = before;
            read_with(path, bytes, limits, budget, Some(936))
        }
        _ => Ok(tables),
    }
}

/// Whether every non-ASCII character is in U+0080–U+00FF and, taken as bytes, the strings
/// are valid GBK: the signature of a BIFF5 file read without its code page.
fn latin1_mojibake_of_gbk<'a>(texts: impl Iterator<Item = &'a str>) -> bool {
    let mut any = false;
    for s in texts {
        if s.is_ascii() {
            continue;
        }
        let mut bytes = Vec::with_capacity(s.len());
        for c in s.chars() {
            match u8::try_from(u32::from(c)) {
                Ok(b) => bytes.push(b),
                Err(_) => return false,
            }
        }
        if GBK
            .decode_without_bom_handling_and_without_replacement(&bytes)
            .is_none()
        {
            return false;
        }
        any = true;
    }
    any
}

fn corrupt(path: &str, detail: &str) -> Unreadable {
    Unreadable::new(
        path,
        format!("xls 文件损坏（{detail}）"),
        format!("corrupt xls file ({detail})"),
    )
}

/// Opens the compound file and returns the workbook stream, bounded by the file-size limit.
fn workbook_stream(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
) -> Result<(Biff, Vec<u8>), Unreadable> {
    let mut cfb =
        cfb::CompoundFile::open(Cursor::new(bytes)).map_err(|e| corrupt(path, &e.to_string()))?;
    if cfb.is_stream("/EncryptedPackage") {
        return Err(Unreadable::new(
            path,
            "文件有密码保护，请去掉密码后重新发送",
            "the workbook is password-protected: remove the password and send it again",
        ));
    }
    let biff = if cfb.is_stream("/Workbook") {
        Biff::Biff8
    } else if cfb.is_stream("/Book") {
        Biff::Biff5
    } else {
        return Err(Unreadable::new(
            path,
            "OLE 复合文档，但不含工作簿",
            NOT_A_WORKBOOK_EN,
        ));
    };
    let name = match biff {
        Biff::Biff8 => "/Workbook",
        Biff::Biff5 => "/Book",
    };
    let stream = cfb
        .open_stream(name)
        .map_err(|e| corrupt(path, &e.to_string()))?;
    let mut buf = Vec::new();
    stream
        .take(limits.max_file_bytes)
        .read_to_end(&mut buf)
        .map_err(|e| corrupt(path, &e.to_string()))?;
    Ok((biff, buf))
}

/// A compound file in memory holding one stream, `/Workbook` or `/Book`, with `stream`.
fn single_stream_file(path: &str, biff: Biff, stream: &[u8]) -> Result<Vec<u8>, Unreadable> {
    let name = match biff {
        Biff::Biff8 => "/Workbook",
        Biff::Biff5 => "/Book",
    };
    let build = || -> std::io::Result<Vec<u8>> {
        let mut cfb =
            cfb::CompoundFile::create_with_version(cfb::Version::V3, Cursor::new(Vec::new()))?;
        cfb.create_stream(name)?.write_all(stream)?;
        cfb.flush()?;
        Ok(cfb.into_inner().into_inner())
    };
    build().map_err(|e| corrupt(path, &e.to_string()))
}

fn read_with(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
    codepage: Option<u16>,
) -> Result<Vec<Table>, Unreadable> {
    let mut options = XlsOptions::default();
    options.force_codepage = codepage;
    let mut wb = Xls::new_with_options(Cursor::new(bytes), options).map_err(|e| error(path, &e))?;
    let sheets: Vec<(String, bool)> = wb
        .sheets_metadata()
        .iter()
        .filter(|s| s.typ == SheetType::WorkSheet)
        .map(|s| (s.name.clone(), s.visible != SheetVisible::Visible))
        .collect();
    let mut tables = Vec::with_capacity(sheets.len());
    for (name, hidden) in sheets {
        let range = wb.worksheet_range(&name).map_err(|e| error(path, &e))?;
        let (r0, c0) = range.start().unwrap_or((0, 0));
        let mut grid = Grid::new(limits, budget);
        for (r, c, v) in range.used_cells() {
            let row = r0.saturating_add(u32::try_from(r).unwrap_or(u32::MAX));
            let col = c0.saturating_add(u32::try_from(c).unwrap_or(u32::MAX));
            grid.put(path, &name, row, col, from_data(v))?;
        }
        let merged = wb
            .merge_cells_by_sheet_name(&name)
            .map_err(|e| error(path, &e))?;
        tables.push(Table {
            file: path.into(),
            sheet: name.into(),
            rows: grid.into_rows(),
            merges: merges(&merged),
            hidden,
            paragraphs: Vec::new(),
            date1904: wb.has_1904_epoch(),
        });
    }
    Ok(tables)
}

fn error(path: &str, e: &XlsError) -> Unreadable {
    match e {
        XlsError::Password => Unreadable::new(
            path,
            "文件有密码保护，请去掉密码后重新发送",
            "the workbook is password-protected: remove the password and send it again",
        ),
        e => corrupt(path, &e.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mojibake_signature() {
        let (gbk, _, _) = GBK.encode("报名表");
        let latin1: String = gbk.iter().map(|&b| char::from(b)).collect();
        assert!(latin1_mojibake_of_gbk([latin1.as_str(), "ABC"].into_iter()));
        assert!(!latin1_mojibake_of_gbk(["报名表"].into_iter()));
        assert!(!latin1_mojibake_of_gbk(["ABC"].into_iter()));
    }
}
