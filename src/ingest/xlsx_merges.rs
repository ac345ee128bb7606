//! The merged regions of an xlsx package's worksheets, read from the parts themselves.
//!
//! calamine's `merge_cells_by_sheet_name` parses a worksheet's whole XML a second time (after
//! the cells) to find `<mergeCells>`, which sits after `<sheetData>`: a fifth of the reading
//! time of a form. Here the block is found by a byte search and only it is parsed. The sheet's
//! part is found the way calamine finds it (the root relationships name the workbook part, the
//! workbook's relationships its sheets); whenever anything differs from that plain layout
//! (an unknown target, a part missing, a region that does not parse) the caller asks calamine
//! instead, so the result is calamine's in every case.

use std::collections::HashMap;

use quick_xml::events::attributes::Attribute;
use quick_xml::events::{BytesStart, Event};
use quick_xml::{Reader, XmlVersion};

use super::Merge;

/// The merged regions of each worksheet of a package, from its XML parts by lower-case name
/// (`archive::Unpacked::parts`), by sheet name; a sheet is missing where its own part could
/// not be read plainly, and the whole map is `None` where the workbook's layout is not the
/// plain one.
pub(crate) fn by_sheet(parts: &HashMap<String, Vec<u8>>) -> Option<HashMap<String, Vec<Merge>>> {
    // Part names are matched without regard to case, as calamine matches them.
    let part = |name: &str| parts.get(&name.to_ascii_lowercase()).map(Vec::as_slice);
    let root = part("_rels/.rels")?;
    // The last office document named, as calamine takes it.
    let workbook = relationships(root)?
        .into_iter()
        .rev()
        .find(|(_, _, typ)| typ.ends_with("/relationships/officeDocument"))
        .map_or_else(|| "xl/workbook.xml".to_string(), |(_, t, _)| t);
    let workbook = workbook.strip_prefix('/').unwrap_or(&workbook).to_string();
    let (dir, file) = workbook.rsplit_once('/').unwrap_or(("", &workbook));
    let dir = if dir.is_empty() {
        String::new()
    } else {
        format!("{dir}/")
    };
    // By id; of an id given twice, the last (as calamine's map keeps it).
    let rels: HashMap<String, String> = relationships(part(&format!("{dir}_rels/{file}.rels"))?)?
        .into_iter()
        .map(|(id, target, _)| (id, target))
        .collect();
    let mut out = HashMap::new();
    let mut seen = std::collections::HashSet::new();
    for (name, id) in sheets(part(&workbook)?)? {
        let target = rels.get(&id)?;
        if target.contains("..") {
            return None;
        }
        let path = match target.strip_prefix('/') {
            Some(abs) => abs.to_string(),
            None => format!("{dir}{target}"),
        };
        // A name given twice (never by Excel): calamine reads the first sheet of that name.
        if seen.insert(name.clone())
            && let Some(merges) = part(&path).and_then(merge_block)
        {
            out.insert(name, merges);
        }
    }
    Some(out)
}

/// The `(Id, Target, Type)` of each relationship of a relationships part, in order.
fn relationships(xml: &[u8]) -> Option<Vec<(String, String, String)>> {
    let mut r = Reader::from_reader(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "Relationship" => {
                let (id, target, typ) = (attr(&e, "Id")?, attr(&e, "Target")?, attr(&e, "Type"));
                out.push((id, target, typ.unwrap_or_default()));
            }
            Event::Eof => return Some(out),
            _ => {}
        }
    }
}

/// The `(name, relationship id)` of each `<sheet>` of the workbook part, in order.
fn sheets(xml: &[u8]) -> Option<Vec<(String, String)>> {
    let mut r = Reader::from_reader(xml);
    let mut out = Vec::new();
    loop {
        match r.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "sheet" => {
                // `r:id`, whatever the prefix.
                let id = e
                    .attributes()
                    .flatten()
                    .find(|a| a.key.local_name().as_ref() == "id")
                    .and_then(|a| value(&a))?;
                out.push((attr(&e, "name")?, id));
            }
            Event::Eof => return Some(out),
            _ => {}
        }
    }
}

/// The decoded value of the attribute `key` (matched with its prefix, as written).
fn attr(e: &BytesStart<'_>, key: &str) -> Option<String> {
    value(&e.try_get_attribute(key).ok()??)
}

fn value(a: &Attribute<'_>) -> Option<String> {
    a.normalized_value(XmlVersion::Implicit1_0)
        .ok()
        .map(std::borrow::Cow::into_owned)
}

/// The regions of a worksheet's first `<mergeCells>` block, as calamine reads it, sorted by
/// position (an empty list when there is none); `None` when the block is not plain markup or a
/// region does not parse.
fn merge_block(xml: &[u8]) -> Option<Vec<Merge>> {
    let Some(at) = memchr::memmem::find(xml, b"mergeCells") else {
        return Some(Vec::new());
    };
    // Back to the `<` of `<mergeCells` or `<x:mergeCells`.
    let start = xml.get(..at)?.iter().rposition(|&b| b == b'<')?;
    let mut r = Reader::from_reader(xml.get(start..)?);
    match r.read_event().ok()? {
        Event::Start(e) if e.local_name().as_ref() == "mergeCells" => {}
        Event::Empty(e) if e.local_name().as_ref() == "mergeCells" => return Some(Vec::new()),
        _ => return None,
    }
    let mut out = Vec::new();
    loop {
        match r.read_event().ok()? {
            Event::Start(e) | Event::Empty(e) if e.local_name().as_ref() == "mergeCell" => {
                if let Some(v) = attr(&e, "ref") {
                    out.push(region(&v)?);
                }
            }
            Event::End(e) if e.local_name().as_ref() == "mergeCells" => {
                // In the order `convert::merges` gives calamine's.
                out.sort_by_key(|m| (m.first_row, m.first_col, m.last_row, m.last_col));
                return Some(out);
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// `A1:C2` (or a single `A1`) as a zero-based inclusive region.
fn region(s: &str) -> Option<Merge> {
    let (a, b) = s.split_once(':').unwrap_or((s, s));
    let ((first_row, first_col), (last_row, last_col)) = (cell(a)?, cell(b)?);
    Some(Merge {
        first_row,
        first_col,
        last_row,
        last_col,
    })
}

/// `C12` (an optional `$` before either part) as zero-based (row, column).
fn cell(s: &str) -> Option<(u32, u32)> {
    let s = s.replace('$', "");
    let split = s.find(|c: char| c.is_ascii_digit())?;
    let (letters, digits) = s.split_at(split);
    if letters.is_empty() || letters.len() > 3 || !letters.bytes().all(|b| b.is_ascii_uppercase()) {
        return None;
    }
    let col = letters
        .bytes()
        .fold(0u32, |n, b| n * 26 + u32::from(b - b'A') + 1);
    let row: u32 = digits.parse().ok()?;
    Some((row.checked_sub(1)?, col - 1))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Cursor;

    #[test]
    fn regions_parse_as_calamine_reads_them() {
        let m = |r1, c1, r2, c2| Merge {
            first_row: r1,
            first_col: c1,
            last_row: r2,
            last_col: c2,
        };
        assert_eq!(region("A1:J1"), Some(m(0, 0, 0, 9)));
        assert_eq!(region("$B$3:AA10"), Some(m(2, 1, 9, 26)));
        assert_eq!(region("C5"), Some(m(4, 2, 4, 2)));
        assert_eq!(
            region("XFD1048576"),
            Some(m(1_048_575, 16_383, 1_048_575, 16_383))
        );
        assert_eq!(region("A0:B1"), None);
        assert_eq!(region("1:2"), None);
        assert_eq!(region("a1:b2"), None);
    }

    #[test]
    fn the_block_is_found_after_the_cells_with_or_without_a_prefix() {
        let plain = br#"<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>mergeCells</t></is></c></row></sheetData><mergeCells count="2"><mergeCell ref="A1:J1"/><mergeCell ref="B2:B4"/></mergeCells></worksheet>"#;
        // The word inside a cell's text comes first: not markup, so calamine is asked.
        assert_eq!(merge_block(plain), None);
        let plain = br#"<worksheet><sheetData/><mergeCells count="2"><mergeCell ref="B2:B4"/><mergeCell ref="A1:J1"/></mergeCells></worksheet>"#;
        let firsts = merge_block(plain).map(|v| v.iter().map(|m| m.first_row).collect::<Vec<_>>());
        assert_eq!(firsts, Some(vec![0, 1]), "sorted by position");
        let prefixed = br#"<x:worksheet xmlns:x="s"><x:sheetData/><x:mergeCells><x:mergeCell ref="C3:D4"></x:mergeCell></x:mergeCells></x:worksheet>"#;
        assert_eq!(
            merge_block(prefixed),
            Some(vec![Merge {
                first_row: 2,
                first_col: 2,
                last_row: 3,
                last_col: 3
            }])
        );
        assert_eq!(
            merge_block(b"<worksheet><sheetData/></worksheet>"),
            Some(Vec::new())
        );
        assert_eq!(
            merge_block(b"<worksheet><mergeCells><mergeCell ref=\"A1:??\"/>"),
            None
        );
    }

    /// Every xlsx among the project's fixtures and samples' inputs: the regions read here are calamine's,
    /// sheet by sheet, and a sheet is left to calamine only where its part is not the plain one.
    #[test]
    fn the_fixtures_regions_equal_calamines() {
        use calamine::Reader;
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let mut files = Vec::new();
        let mut dirs = vec![root.join("tests/fixtures"), root.join("samples")];
        while let Some(d) = dirs.pop() {
            for e in std::fs::read_dir(&d).unwrap().flatten() {
                let p = e.path();
                // A sample's `out/` holds the outputs of local runs, not fixtures.
                if p.is_dir() && !p.ends_with("out") {
                    dirs.push(p);
                } else if p.extension().is_some_and(|x| x == "xlsx") {
                    files.push(p);
                }
            }
        }
        files.sort();
        let (mut sheets, mut own) = (0, 0);
        for f in &files {
            let bytes = std::fs::read(f).unwrap();
            let mut budget = crate::ingest::Budget::new(&crate::ingest::Limits::default());
            let Ok(Some(unpacked)) = crate::ingest::archive::unpacked_package(
                "f.xlsx",
                &bytes,
                &crate::ingest::Limits::default(),
                &mut budget,
            ) else {
                continue;
            };
            let Ok(mut wb) = calamine::open_workbook_from_rs::<calamine::Xlsx<_>, _>(Cursor::new(
                unpacked.zip.as_slice(),
            )) else {
                continue;
            };
            let ours = by_sheet(&unpacked.parts).unwrap_or_default();
            for name in wb.sheet_names() {
                let Ok(theirs) = wb.merge_cells_by_sheet_name(&name) else {
                    continue;
                };
                sheets += 1;
                if let Some(m) = ours.get(&name) {
                    own += 1;
                    assert_eq!(
                        m,
                        &super::super::convert::merges(&theirs),
                        "{}!{name}",
                        f.display()
                    );
                }
            }
        }
        // Every sheet of every fixture is read here, none left to calamine (212 sheets in 140
        // files when this was written).
        assert!(sheets >= 200, "{sheets} sheets");
        assert_eq!(own, sheets);
    }

    proptest::proptest! {
        // Regression seeds are kept next to this file, not in a top-level folder.
        #![proptest_config(proptest::prelude::ProptestConfig {
            failure_persistence: Some(Box::new(
                proptest::test_runner::FileFailurePersistence::WithSource("proptest-regressions"),
            )),
            ..proptest::prelude::ProptestConfig::default()
        })]

        /// Whatever a part holds, the reader answers (a list, or `None` for calamine) without
        /// panicking; a `<mergeCells>` block with arbitrary text around and inside it included.
        #[test]
        fn any_bytes_are_read_without_a_panic(
            head in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
            refs in proptest::collection::vec("[A-Za-z$]{0,4}[0-9]{0,8}(:[A-Z$]{0,4}[0-9]{0,8})?", 0..6),
            tail in proptest::collection::vec(proptest::prelude::any::<u8>(), 0..64),
        ) {
            let mut xml = head.clone();
            xml.extend_from_slice(b"<mergeCells>");
            for r in &refs {
                xml.extend_from_slice(format!("<mergeCell ref=\"{r}\"/>").as_bytes());
                let _ = region(r);
            }
            xml.extend_from_slice(b"</mergeCells>");
            xml.extend_from_slice(&tail);
            let _ = merge_block(&xml);
            let _ = merge_block(&head);
            let names = [
                "_rels/.rels",
                "xl/workbook.xml",
                "xl/_rels/workbook.xml.rels",
                "xl/worksheets/sheet1.xml",
            ];
            let parts: HashMap<String, Vec<u8>> =
                names.into_iter().map(|n| (n.to_string(), xml.clone())).collect();
            let _ = by_sheet(&parts);
        }
    }
}
