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

use super::convert::{Grid, check_position, from_data, merges, too_many_cells, too_much_in_file};
use super::{Budget, Cell, Limits, Table, Unreadable};

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

/// Used range of one substream (a sheet), to bound calamine's dense range.
#[derive(Debug, Default)]
struct Extent {
    first: Option<(u32, u32)>,
    last: (u32, u32),
}

impl Extent {
    fn add(&mut self, row: u32, col: u32) {
        let (r0, c0) = self.first.unwrap_or((row, col));
        self.first = Some((r0.min(row), c0.min(col)));
        self.last = (self.last.0.max(row), self.last.1.max(col));
    }

    fn area(&self) -> u64 {
        match self.first {
            None => 0,
            Some((r0, c0)) => {
                (u64::from(self.last.0 - r0) + 1).saturating_mul(u64::from(self.last.1 - c0) + 1)
            }
        }
    }
}

fn u16_at(d: &[u8], at: usize) -> Option<u16> {
    let b = d.get(at..at + 2)?;
    Some(u16::from_le_bytes([*b.first()?, *b.get(1)?]))
}

fn u32_at(d: &[u8], at: usize) -> Option<u32> {
    let b = d.get(at..at + 4)?;
    Some(u32::from_le_bytes(b.try_into().ok()?))
}

/// One BIFF record as calamine frames it: the CONTINUE records right after it belong to it.
struct Record<'a> {
    typ: u16,
    data: &'a [u8],
    cont: Vec<&'a [u8]>,
    /// Bytes of the record and its CONTINUE records, headers included.
    size: usize,
}

/// The records of `stream` from `at`, framed exactly as calamine's record iterator frames
/// them. Ends at the end of the stream or at the first record that overruns it, where calamine
/// stops with an error and allocates nothing more.
struct Records<'a> {
    stream: &'a [u8],
    at: usize,
}

impl<'a> Iterator for Records<'a> {
    type Item = Record<'a>;

    fn next(&mut self) -> Option<Record<'a>> {
        let stream = self.stream;
        let start = self.at;
        let s = stream.get(start..)?;
        let typ = u16_at(s, 0)?;
        let len = usize::from(u16_at(s, 2)?);
        let data = s.get(4..4 + len)?;
        self.at = start + 4 + len;
        let mut cont = Vec::new();
        while let Some(next) = stream.get(self.at..)
            && next.len() > 4
            && u16_at(next, 0) == Some(0x003C)
        {
            let len = usize::from(u16_at(next, 2)?);
            cont.push(next.get(4..4 + len)?);
            self.at += 4 + len;
        }
        Some(Record {
            typ,
            data,
            cont,
            size: self.at - start,
        })
    }
}

/// What calamine takes from the globals substream: the sheets (stream offset of each one's
/// BOF, name for messages) and the character count of every shared string.
fn globals(stream: &[u8], biff: Biff) -> (Vec<(usize, String)>, Vec<u32>) {
    let mut sheets = Vec::new();
    let mut sst_chars = Vec::new();
    for r in (Records { stream, at: 0 }) {
        match r.typ {
            0x00FC => {
                let mut segs = vec![r.data];
                segs.extend(&r.cont);
                sst_chars = sst_char_counts(&segs);
            }
            0x0085 => {
                if let Some(pos) = u32_at(r.data, 0) {
                    let name = bound_sheet_name(r.data, biff).unwrap_or_else(|| "?".into());
                    sheets.push((pos as usize, name));
                }
            }
            0x000A => break,
            _ => {}
        }
    }
    (sheets, sst_chars)
}

/// Walks the workbook stream the way calamine parses it (the globals from the start, then each
/// sheet from the offset its BoundSheet record gives, nested substreams skipped) and refuses
/// what calamine would turn into a huge allocation or an integer overflow. Walking the records
/// in stream order instead would miss a sheet whose offset is not on that chain of records.
fn prescan(path: &str, stream: &[u8], biff: Biff, limits: &Limits) -> Result<(), Unreadable> {
    let (sheets, sst_chars) = globals(stream, biff);
    // calamine holds every sheet's dense ranges (values and formulas) at once: bound each and
    // their sum, and the text it copies out of the shared strings into cells.
    let mut total_area = 0u64;
    let mut text_bytes = 0u64;
    // Sheets sharing or overlapping their records make calamine walk the stream again for
    // each: a well-formed file walks it once.
    let mut walked = 0usize;
    let walk_limit = stream.len().saturating_mul(2);
    for (pos, sheet) in &sheets {
        if *pos > stream.len() {
            return Err(corrupt(path, "BoundSheet"));
        }
        let mut cells = Extent::default();
        let mut formulas = Extent::default();
        let mut seen_bof = false;
        let mut depth = 0usize;
        for r in (Records { stream, at: *pos }) {
            walked = walked.saturating_add(r.size);
            if walked > walk_limit {
                return Err(corrupt(path, "BoundSheet"));
            }
            if depth > 0 {
                match r.typ {
                    0x0809 => depth += 1,
                    0x000A => depth -= 1,
                    _ => {}
                }
                continue;
            }
            let at = |data: &[u8]| Some((u32::from(u16_at(data, 0)?), u32::from(u16_at(data, 2)?)));
            match r.typ {
                // BOF: the sheet's own, then an embedded substream (a chart) calamine skips.
                0x0809 if seen_bof => depth += 1,
                0x0809 => seen_bof = true,
                0x000A => break,
                // Dimensions: calamine reserves rows × columns and subtracts without checks.
                0x0200 => check_dimensions(path, r.data)?,
                // Number, Label, RString, BoolErr, RK: row and column first.
                0x0203 | 0x0204 | 0x00D6 | 0x0205 | 0x027E => {
                    if let Some((row, col)) = at(r.data) {
                        check_position(path, sheet, row, col, limits)?;
                        cells.add(row, col);
                    }
                }
                // Formula: a value cell and a formula cell at the same place.
                0x0006 => {
                    if let Some((row, col)) = at(r.data) {
                        check_position(path, sheet, row, col, limits)?;
                        cells.add(row, col);
                        formulas.add(row, col);
                    }
                }
                // LabelSst also copies a shared string (UTF-8, ≤ 3 bytes a character).
                0x00FD => {
                    if let Some((row, col)) = at(r.data) {
                        check_position(path, sheet, row, col, limits)?;
                        cells.add(row, col);
                    }
                    let isst = u32_at(r.data, 6).unwrap_or(0) as usize;
                    let chars = sst_chars.get(isst).copied().unwrap_or(0);
                    text_bytes = text_bytes.saturating_add(3 * u64::from(chars));
                    if text_bytes > limits.max_text_bytes {
                        return Err(too_much_in_file(path, limits));
                    }
                }
                // MulRk: row, first column, ..., last column.
                0x00BD if r.data.len() >= 6 => {
                    let d = r.data;
                    let (Some(row), Some(c0), Some(c1)) =
                        (u16_at(d, 0), u16_at(d, 2), u16_at(d, d.len() - 2))
                    else {
                        continue;
                    };
                    if c1 < c0 || c1 == u16::MAX {
                        return Err(corrupt(path, "MulRk"));
                    }
                    check_position(path, sheet, row.into(), c1.into(), limits)?;
                    cells.add(row.into(), c0.into());
                    cells.add(row.into(), c1.into());
                }
                _ => {}
            }
        }
        let area = cells.area();
        if area > limits.max_cells {
            return Err(too_many_cells(path, sheet, limits));
        }
        total_area = total_area
            .saturating_add(area)
            .saturating_add(formulas.area());
        if total_area > limits.max_file_cells {
            return Err(too_much_in_file(path, limits));
        }
    }
    Ok(())
}

/// The sheet name of a BoundSheet record: BIFF8 a short Unicode string, BIFF5 code-page
/// bytes (GBK, the common case here; only used in messages).
fn bound_sheet_name(d: &[u8], biff: Biff) -> Option<String> {
    let cch = usize::from(*d.get(6)?);
    match biff {
        Biff::Biff8 => {
            let wide = d.get(7)? & 1 != 0;
            let body = d.get(8..)?;
            if wide {
                let units: Vec<u16> = body
                    .chunks_exact(2)
                    .take(cch)
                    .filter_map(|p| match p {
                        [a, b] => Some(u16::from_le_bytes([*a, *b])),
                        _ => None,
                    })
                    .collect();
                Some(String::from_utf16_lossy(&units))
            } else {
                Some(body.iter().take(cch).map(|&b| char::from(b)).collect())
            }
        }
        Biff::Biff5 => {
            let body = d.get(7..7 + cch)?;
            Some(GBK.decode_without_bom_handling(body).0.into_owned())
        }
    }
}

/// A reader over the SST record and its CONTINUE records as one byte sequence, except that
/// character data resumes in a CONTINUE record after a new option byte ([MS-XLS] 2.4.58).
struct SstCursor<'a> {
    segs: &'a [&'a [u8]],
    seg: usize,
    pos: usize,
}

impl SstCursor<'_> {
    fn current(&mut self) -> Option<&[u8]> {
        while self.pos >= self.segs.get(self.seg)?.len() {
            self.seg += 1;
            self.pos = 0;
        }
        self.segs
            .get(self.seg)
            .map(|s| s.get(self.pos..).unwrap_or_default())
    }

    fn byte(&mut self) -> Option<u8> {
        let b = *self.current()?.first()?;
        self.pos += 1;
        Some(b)
    }

    fn u16(&mut self) -> Option<u16> {
        Some(u16::from_le_bytes([self.byte()?, self.byte()?]))
    }

    fn u32(&mut self) -> Option<u32> {
        Some(u32::from_le_bytes([
            self.byte()?,
            self.byte()?,
            self.byte()?,
            self.byte()?,
        ]))
    }

    fn skip(&mut self, mut n: u64) -> Option<()> {
        while n > 0 {
            let avail = self.current()?.len() as u64;
            let step = avail.min(n);
            self.pos += step as usize;
            n -= step;
        }
        Some(())
    }

    /// Skips `cch` characters, one or two bytes each, switching width at record boundaries.
    fn chars(&mut self, cch: u16, mut wide: bool) -> Option<()> {
        let mut left = u64::from(cch);
        loop {
            let width = if wide { 2 } else { 1 };
            let avail = self.segs.get(self.seg)?.len().saturating_sub(self.pos) as u64;
            if avail >= left * width {
                self.pos += (left * width) as usize;
                return Some(());
            }
            left -= avail / width;
            self.seg += 1;
            self.pos = 0;
            wide = self.segs.get(self.seg)?.first()? & 1 != 0;
            self.pos = 1;
        }
    }
}

/// The character count of every string in the shared string table, as far as it parses.
fn sst_char_counts(segs: &[&[u8]]) -> Vec<u32> {
    let mut cur = SstCursor {
        segs,
        seg: 0,
        pos: 0,
    };
    let mut out = Vec::new();
    let Some(()) = cur.skip(4) else { return out };
    let Some(unique) = cur.u32() else { return out };
    for _ in 0..unique {
        let Some(cch) = cur.u16() else { break };
        let Some(flags) = cur.byte() else { break };
        let runs = if flags & 0x08 != 0 {
            cur.u16()
        } else {
            Some(0)
        };
        let ext = if flags & 0x04 != 0 {
            cur.u32()
        } else {
            Some(0)
        };
        let (Some(runs), Some(ext)) = (runs, ext) else {
            break;
        };
        out.push(u32::from(cch));
        if cur.chars(cch, flags & 0x01 != 0).is_none()
            || cur.skip(4 * u64::from(runs)).is_none()
            || cur.skip(u64::from(ext)).is_none()
        {
            break;
        }
    }
    out
}

/// Refuses a Dimensions record that would make calamine underflow or reserve beyond a BIFF8
/// sheet (65,536 × 256).
fn check_dimensions(path: &str, d: &[u8]) -> Result<(), Unreadable> {
    let (rf, rl, cf, cl) = match d.len() {
        10 => (
            u16_at(d, 0).map(u32::from),
            u16_at(d, 2).map(u32::from),
            u16_at(d, 4).map(u32::from),
            u16_at(d, 6).map(u32::from),
        ),
        14 | 16 => (
            u32_at(d, 0),
            u32_at(d, 4),
            u16_at(d, 8).map(u32::from),
            u16_at(d, 10).map(u32::from),
        ),
        _ => return Ok(()), // calamine reports the bad length itself
    };
    let (Some(rf), Some(rl), Some(cf), Some(cl)) = (rf, rl, cf, cl) else {
        return Ok(());
    };
    let cf = if cf > 0xFF || cl < cf { 0 } else { cf };
    if rl >= 1 && cl >= 1 {
        let (er, ec) = (rl - 1, cl - 1);
        if er < rf || ec < cf || er - rf >= 65_536 || ec - cf >= 256 {
            return Err(corrupt(path, "Dimensions"));
        }
    }
    Ok(())
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

    #[test]
    fn shared_string_lengths_across_continue_records() {
        // Two strings: "ab" (compressed) and 3 wide chars split across a CONTINUE record
        // (which restarts with an option byte, here compressed).
        let sst: &[u8] = &[
            2, 0, 0, 0, 2, 0, 0, 0, 2, 0, 0, b'a', b'b', 3, 0, 1, 0x4E, 0x4E,
        ];
        let cont: &[u8] = &[0, b'x', b'y'];
        assert_eq!(sst_char_counts(&[sst, cont]), [2, 3]);
        // Rich text runs and an extension block are skipped.
        let rich: &[u8] = &[
            1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0x0C, 1, 0, 2, 0, 0, 0, b'z', 1, 2, 3, 4, 9, 9,
        ];
        assert_eq!(sst_char_counts(&[rich]), [1]);
    }

    fn rec(typ: u16, data: &[u8]) -> Vec<u8> {
        let mut v = typ.to_le_bytes().to_vec();
        v.extend(u16::try_from(data.len()).unwrap().to_le_bytes());
        v.extend(data);
        v
    }

    /// A BIFF8 workbook stream: the globals with one BoundSheet "S", then the sheet (its BOF,
    /// `body`, its EOF). With `hidden`, the sheet sits inside the data of an unknown record, so
    /// that a walk of the records in stream order never meets it; calamine still reads it at
    /// the offset its BoundSheet gives.
    fn book(body: &[u8], hidden: bool) -> Vec<u8> {
        let mut sheet = rec(0x0809, &[0; 16]);
        sheet.extend(body);
        sheet.extend(rec(0x000A, &[]));
        let globals_len = (4 + 16) + (4 + 9) + 4;
        let pos = globals_len + if hidden { 4 } else { 0 };
        let mut bound = u32::try_from(pos).unwrap().to_le_bytes().to_vec();
        bound.extend([0, 0, 1, 0, b'S']);
        let mut s = rec(0x0809, &[0; 16]);
        s.extend(rec(0x0085, &bound));
        s.extend(rec(0x000A, &[]));
        assert_eq!(s.len(), globals_len);
        if hidden {
            s.extend(rec(0x1234, &sheet));
        } else {
            s.extend(sheet);
        }
        s
    }

    fn number(row: u16, col: u16) -> Vec<u8> {
        let mut d = row.to_le_bytes().to_vec();
        d.extend(col.to_le_bytes());
        d.extend([0; 10]);
        rec(0x0203, &d)
    }

    #[test]
    fn prescan_refuses_far_cells_and_bad_records() {
        let limits = Limits::default();
        let reason = |s: &[u8]| prescan("f.xls", s, Biff::Biff8, &limits).map_err(|e| e.reason_zh);
        // Number at row 65535, column 255 and another at A1: too far below.
        let far = [number(0, 0), number(0xFFFF, 0xFF)].concat();
        assert_eq!(
            reason(&book(&far, false)),
            Err("工作表“S”单元格太多（上限 1000000）".into())
        );
        assert_eq!(reason(&book(&number(0xFFFF, 0xFF), false)), Ok(()));
        // MulRk whose last column is before its first.
        let mulrk = rec(0x00BD, &[0, 0, 5, 0, 1, 2, 3, 4, 5, 6, 2, 0]);
        assert_eq!(
            reason(&book(&mulrk, false)),
            Err("xls 文件损坏（MulRk）".into())
        );
        // Dimensions whose last row is before its first.
        let dims = rec(0x0200, &[10, 0, 0, 0, 5, 0, 0, 0, 0, 0, 3, 0, 0, 0]);
        assert_eq!(
            reason(&book(&dims, false)),
            Err("xls 文件损坏（Dimensions）".into())
        );
        let ok = rec(0x0200, &[0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 3, 0, 0, 0]);
        assert_eq!(reason(&book(&ok, false)), Ok(()));
        // Cells of an embedded substream (a chart) are not the sheet's: calamine skips them.
        let chart = [
            rec(0x0809, &[0; 16]),
            number(0xFFFF, 0xFF),
            rec(0x000A, &[]),
        ]
        .concat();
        assert_eq!(
            reason(&book(&[number(0, 0), chart].concat(), false)),
            Ok(())
        );
    }

    #[test]
    fn prescan_follows_the_sheet_offsets_as_calamine_does() {
        // Found by fuzzing: a sheet off the chain of records, with a cell at column 20,000;
        // calamine would have reserved a dense 60,001 × 20,001 range (38 GB) and aborted.
        let limits = Limits::default();
        let far = [number(0, 0), number(60_000, 20_000)].concat();
        let err = prescan("f.xls", &book(&far, true), Biff::Biff8, &limits).unwrap_err();
        assert_eq!(
            err.reason_zh,
            "工作表“S”在 ACOG60001 有内容，超出上限（100000 行 × 1000 列）"
        );
        // A sheet offset past the end of the stream, and sheets that share their records.
        let mut past = book(&[], false);
        past[(4 + 16) + 4] = 0xFF;
        assert_eq!(
            prescan("f.xls", &past, Biff::Biff8, &limits).map_err(|e| e.reason_zh),
            Err("xls 文件损坏（BoundSheet）".into())
        );
    }
}
