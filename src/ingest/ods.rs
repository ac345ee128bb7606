//! OpenDocument spreadsheets through calamine, after a scan of `content.xml` (quick-xml) that
//! bounds the grid and finds the merged regions (calamine does not expose ODS merges).
//!
//! calamine parses every sheet when the file is opened and expands `number-*-repeated`
//! attributes up to its own cap of 100 million cells (about 3 GB), so the scan measures the
//! expanded extent of non-empty cells first and refuses the file beyond our limits.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};

use calamine::{Ods, OdsError, Reader as _, SheetVisible};
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::convert::{Grid, check_position, from_data, too_many_cells, too_much_in_file};
use super::{Budget, Limits, Merge, Table, Unreadable, archive};

/// Reads every sheet of an ODS package.
///
/// # Errors
///
/// [`Unreadable`] for an encrypted, corrupt or oversized spreadsheet.
pub(crate) fn read(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Table>, Unreadable> {
    archive::check_package(path, bytes, limits, budget)?;
    let content = content_xml(path, bytes, limits)?;
    let scanned = scan(path, &content, limits)?;
    drop(content);
    let mut wb: Ods<_> =
        calamine::open_workbook_from_rs(Cursor::new(bytes)).map_err(|e| error(path, &e))?;
    let sheets: Vec<(String, bool)> = wb
        .sheets_metadata()
        .iter()
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
        let mut merges = scanned.merges.get(&name).cloned().unwrap_or_default();
        merges.sort_by_key(|m| (m.first_row, m.first_col, m.last_row, m.last_col));
        tables.push(Table {
            file: path.into(),
            sheet: name.into(),
            rows: grid.into_rows(),
            merges,
            hidden,
            paragraphs: Vec::new(),
            date1904: false,
        });
    }
    Ok(tables)
}

fn error(path: &str, e: &OdsError) -> Unreadable {
    match e {
        OdsError::Password => Unreadable::new(
            path,
            "文件有密码保护，请去掉密码后重新发送",
            "the spreadsheet is password-protected: remove the password and send it again",
        ),
        e => Unreadable::new(
            path,
            format!("ods 文件损坏（{e}）"),
            format!("corrupt ods file ({e})"),
        ),
    }
}

fn content_xml(path: &str, bytes: &[u8], limits: &Limits) -> Result<Vec<u8>, Unreadable> {
    let corrupt = || {
        Unreadable::new(
            path,
            "ods 文件缺少 content.xml",
            "ods file without content.xml",
        )
    };
    let mut zip = archive::open(bytes, limits).map_err(|r| r.at(path))?;
    let file = zip.by_name("content.xml").map_err(|_| corrupt())?;
    let mut buf = Vec::new();
    file.take(limits.max_member_bytes)
        .read_to_end(&mut buf)
        .map_err(|_| corrupt())?;
    Ok(buf)
}

/// What the scan of `content.xml` found.
#[derive(Debug, Default)]
struct Scanned {
    /// Merged regions by sheet name.
    merges: BTreeMap<String, Vec<Merge>>,
}

/// Walks the tags of `content.xml` (quick-xml's streaming reader over the bounded bytes),
/// tracking the expanded position of every cell; refuses a non-empty cell beyond the limits,
/// sheets whose content extent exceeds the cell limit, and content whose repetitions would copy
/// more text than the file may hold (calamine copies a repeated cell's text into every
/// repetition). Malformed XML ends the scan: calamine then reports the file as corrupt.
fn scan(path: &str, xml: &[u8], limits: &Limits) -> Result<Scanned, Unreadable> {
    let mut out = Scanned::default();
    let mut sheet = String::new();
    let (mut row, mut col, mut row_repeat) = (0u64, 0u64, 1u64);
    let (mut max_row, mut max_col) = (0u64, 0u64);
    // The open cell's content start and repetition count, and the text copies so far.
    let mut open_cell: Option<(u64, u64)> = None;
    let mut text_copies = 0u64;
    let (mut any_content, mut total_area) = (false, 0u64);
    let mut reader = Reader::from_reader(xml);
    reader.config_mut().check_end_names = false;
    loop {
        // Where the next event starts: for a closing tag, the end of the cell's content.
        let at = reader.buffer_position();
        let (tag, self_closing) = match reader.read_event() {
            Ok(Event::Start(t)) => (t, false),
            Ok(Event::Empty(t)) => (t, true),
            Ok(Event::End(t)) => {
                match t.name().as_ref() {
                    "table:table" if any_content => {
                        // calamine holds every sheet at once: the sum of the extents is
                        // bounded too.
                        total_area =
                            total_area.saturating_add((max_row + 1).saturating_mul(max_col + 1));
                        if total_area > limits.max_file_cells {
                            return Err(too_much_in_file(path, limits));
                        }
                    }
                    "table:table-row" => row = row.saturating_add(row_repeat),
                    "table:table-cell" | "table:covered-table-cell" => {
                        if let Some((from, reps)) = open_cell.take() {
                            let len = at.saturating_sub(from);
                            text_copies = text_copies.saturating_add(len.saturating_mul(reps));
                            if text_copies > limits.max_text_bytes {
                                return Err(too_much_in_file(path, limits));
                            }
                        }
                    }
                    _ => {}
                }
                continue;
            }
            Ok(Event::Eof) | Err(_) => break,
            Ok(_) => continue,
        };
        match tag.name().as_ref() {
            "table:table" => {
                sheet = attr(&tag, "table:name").unwrap_or_default();
                (row, max_row, max_col) = (0, 0, 0);
                any_content = false;
            }
            "table:table-row" => {
                col = 0;
                row_repeat = attr_num(&tag, "table:number-rows-repeated");
                if self_closing {
                    row = row.saturating_add(row_repeat);
                }
            }
            "table:table-cell" | "table:covered-table-cell" => {
                let repeat = attr_num(&tag, "table:number-columns-repeated");
                let has_content = !self_closing || attr(&tag, "office:value-type").is_some();
                if has_content {
                    let last_row = row.saturating_add(row_repeat - 1);
                    let last_col = col.saturating_add(repeat - 1);
                    let (r32, c32) = (clamp(last_row), clamp(last_col));
                    check_position(path, &sheet, r32, c32, limits)?;
                    any_content = true;
                    max_row = max_row.max(last_row);
                    max_col = max_col.max(last_col);
                    if (max_row + 1).saturating_mul(max_col + 1) > limits.max_cells {
                        return Err(too_many_cells(path, &sheet, limits));
                    }
                }
                let rows_spanned = attr_num(&tag, "table:number-rows-spanned");
                let cols_spanned = attr_num(&tag, "table:number-columns-spanned");
                if rows_spanned > 1 || cols_spanned > 1 {
                    out.merges.entry(sheet.clone()).or_default().push(Merge {
                        first_row: clamp(row),
                        first_col: clamp(col),
                        last_row: clamp(row.saturating_add(rows_spanned - 1)),
                        last_col: clamp(col.saturating_add(cols_spanned - 1)),
                    });
                }
                if !self_closing {
                    open_cell = Some((reader.buffer_position(), row_repeat.saturating_mul(repeat)));
                }
                col = col.saturating_add(repeat);
            }
            // `<text:s text:c="N"/>` is N spaces in calamine's text: counted as copied text,
            // or an 800-byte file asks for gigabytes.
            "text:s" => {
                if let Some((_, reps)) = open_cell {
                    let spaces = attr_num(&tag, "text:c");
                    text_copies = text_copies.saturating_add(spaces.saturating_mul(reps));
                    if text_copies > limits.max_text_bytes {
                        return Err(too_much_in_file(path, limits));
                    }
                }
            }
            _ => {}
        }
    }
    Ok(out)
}

fn clamp(v: u64) -> u32 {
    u32::try_from(v).unwrap_or(u32::MAX)
}

/// The value of attribute `name`, its entity and character references decoded (`&#x62A5;`
/// is `报`); `None` when absent or malformed.
fn attr(tag: &BytesStart<'_>, name: &str) -> Option<String> {
    let a = tag.try_get_attribute(name).ok()??;
    a.normalized_value(XmlVersion::Implicit1_0)
        .ok()
        .map(std::borrow::Cow::into_owned)
}

/// A positive count attribute, 1 when absent or malformed.
fn attr_num(tag: &BytesStart<'_>, name: &str) -> u64 {
    attr(tag, name)
        .and_then(|s| s.parse::<u64>().ok())
        .filter(|&n| n >= 1)
        .unwrap_or(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &[u8] = br#"<office:body><table:table table:name="&#x62A5;A&amp;B"><table:table-row><table:table-cell table:number-columns-spanned="3" office:value-type="string"><text:p>T</text:p></table:table-cell><table:covered-table-cell table:number-columns-repeated="2"/></table:table-row><table:table-row table:number-rows-repeated="1000000"><table:table-cell table:number-columns-repeated="1024"/></table:table-row></table:table></office:body>"#;

    #[test]
    fn merges_and_empty_repeats() {
        let s = scan("f.ods", XML, &Limits::default()).unwrap();
        let m = s.merges.values().next().unwrap();
        assert_eq!(
            m,
            &vec![Merge {
                first_row: 0,
                first_col: 0,
                last_row: 0,
                last_col: 2
            }]
        );
        // The sheet's name as calamine reads it: references decoded (it keys the merges).
        assert_eq!(s.merges.keys().next().unwrap(), "报A&B");
    }

    #[test]
    fn repeated_text_beyond_the_text_budget() {
        let xml = br#"<table:table table:name="S"><table:table-row table:number-rows-repeated="100"><table:table-cell office:value-type="string" table:number-columns-repeated="100"><text:p>0123456789</text:p></table:table-cell></table:table-row></table:table>"#;
        let limits = Limits {
            max_text_bytes: 100_000,
            ..Limits::default()
        };
        // 10,000 copies of a 30-byte cell body.
        let e = scan("f.ods", xml, &limits).unwrap_err();
        assert!(
            e.reason_en.starts_with("too much content"),
            "{}",
            e.reason_en
        );
        assert!(scan("f.ods", xml, &Limits::default()).is_ok());
    }

    #[test]
    fn spaces_declared_by_count_are_text() {
        // One cell, one `<text:s>` asking for four billion spaces (an 801-byte file took 4.4 GB).
        let xml = br#"<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>a<text:s text:c="4000000000"/>b</text:p></table:table-cell></table:table-row></table:table>"#;
        let e = scan("f.ods", xml, &Limits::default()).unwrap_err();
        assert!(
            e.reason_en.starts_with("too much content"),
            "{}",
            e.reason_en
        );
        let few = br#"<table:table table:name="S"><table:table-row><table:table-cell office:value-type="string"><text:p>a<text:s text:c="3"/>b</text:p></table:table-cell></table:table-row></table:table>"#;
        assert!(scan("f.ods", few, &Limits::default()).is_ok());
    }

    #[test]
    fn repeated_content_beyond_limits() {
        let xml = br#"<table:table table:name="S"><table:table-row table:number-rows-repeated="200000"><table:table-cell office:value-type="float" table:number-columns-repeated="100"><text:p>1</text:p></table:table-cell></table:table-row></table:table>"#;
        assert!(scan("f.ods", xml, &Limits::default()).is_err());
    }
}
