//! The record walk that comes before calamine: the workbook stream framed and ordered as
//! calamine reads it, with the positions, extents and records it would turn into a huge
//! allocation or an integer overflow refused.

use encoding_rs::GBK;

use super::super::convert::{check_position, too_many_cells, too_much_in_file};
use super::super::{Limits, Unreadable};
use super::{Biff, corrupt};

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
pub(super) fn prescan(
    path: &str,
    stream: &[u8],
    biff: Biff,
    limits: &Limits,
) -> Result<(), Unreadable> {
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

#[cfg(test)]
mod tests {
    use super::*;

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
