//! Word forms (`.docx`): every table of `word/document.xml` as a [`Table`] named `表1`, `表2`…
//! (rows and cells of the Word table, so `报名表.docx!表1!C5` is the table's 5th row, 3rd grid
//! column), with the body paragraphs before and after it kept as [`Paragraph`]s for the title
//! and the team labels (`代表队（盖章）：…`, `填表日期：…`).
//!
//! Grid columns follow `w:gridSpan` and `w:gridBefore`; a `w:vMerge` cell merged down (a 组别
//! or 代表队 cell covering several players) becomes a [`Merge`], like a merged spreadsheet cell.
//! Text is the concatenation of `w:t` runs (a value split across runs reads as one), with
//! `w:tab` as a tab and `w:br` as a line break; deleted text, field codes, the fallback copy of
//! drawings and content controls still showing their placeholder are not read.

use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};

use super::convert::Grid;
use super::table::Paragraph;
use super::{Budget, Cell, Limits, Merge, Table, Unreadable, archive};

/// The most tables read from one document.
const MAX_TABLES: usize = 64;

/// The deepest nesting of XML elements read (a filled-in form is some 20 deep: body, table,
/// row, cell, content control, paragraph, run, text; a few nested tables add a dozen each).
/// Deeper is refused as it is met, before anything is kept for it: a 20 KB file of nested
/// tables or content controls 100,000 deep must not cost time or memory by its depth.
pub(crate) const MAX_XML_DEPTH: usize = 256;

/// Reads every top-level table of a Word document.
///
/// # Errors
///
/// [`Unreadable`] for a corrupt package or XML, a part beyond the limits, or a table beyond the
/// row, column or cell caps.
pub(crate) fn read(
    path: &str,
    bytes: &[u8],
    limits: &Limits,
    budget: &mut Budget,
) -> Result<Vec<Table>, Unreadable> {
    let xml = archive::read_part(path, bytes, "word/document.xml", limits, budget)?
        .ok_or_else(|| corrupt(path, "没有 word/document.xml", "no word/document.xml"))?;
    let body = parse(&xml).map_err(|e| match e {
        ParseError::Xml(e) => corrupt(
            path,
            &format!("XML 解析失败：{e}"),
            &format!("XML parse error: {e}"),
        ),
        ParseError::TooDeep => Unreadable::new(
            path,
            format!("Word 文档的内容嵌套超过 {MAX_XML_DEPTH} 层，文件可能已损坏或被篡改"),
            format!(
                "the Word document's content is nested more than {MAX_XML_DEPTH} levels deep; the file may be corrupt or tampered with"
            ),
        ),
    })?;
    let mut tables = Vec::new();
    for (k, t) in body.tables.iter().enumerate().take(MAX_TABLES) {
        let sheet = format!("表{}", k + 1);
        let mut grid = Grid::new(limits, budget);
        for (r, row) in t.rows.iter().enumerate() {
            let r = u32::try_from(r).unwrap_or(u32::MAX);
            for (c, text) in row {
                let cell = if text.is_empty() {
                    Cell::Empty
                } else {
                    Cell::Text(text.clone())
                };
                grid.put(path, &sheet, r, *c, cell)?;
            }
        }
        // The paragraphs between the previous table and this one, and up to the next one.
        let before = body
            .paragraphs
            .iter()
            .filter(|p| p.block > t.prev_block && p.block < t.block)
            .map(|p| Paragraph {
                number: p.number,
                text: p.text.clone(),
                after: false,
            });
        let next = body
            .tables
            .get(k + 1)
            .map_or(u32::MAX, |n: &WordTable| n.block);
        let after = body
            .paragraphs
            .iter()
            .filter(|p| p.block > t.block && p.block < next)
            .map(|p| Paragraph {
                number: p.number,
                text: p.text.clone(),
                after: true,
            });
        tables.push(Table {
            file: path.into(),
            sheet: sheet.into(),
            rows: grid.into_rows(),
            merges: t.merges.clone(),
            hidden: false,
            paragraphs: before.chain(after).filter(|p| !p.text.is_empty()).collect(),
            date1904: false,
        });
    }
    Ok(tables)
}

fn corrupt(path: &str, zh: &str, en: &str) -> Unreadable {
    Unreadable::new(
        path,
        format!("Word 文档损坏（{zh}）"),
        format!("corrupt Word document ({en})"),
    )
}

/// A body paragraph: its number among the body's paragraphs (1-based) and its position among
/// the body's blocks.
#[derive(Debug)]
struct BodyParagraph {
    number: u32,
    block: u32,
    text: String,
}

/// A top-level table: cells by (row, grid column), merges, its block position and the block
/// position of the table before it (0 when none).
#[derive(Debug, Default)]
struct WordTable {
    rows: Vec<Vec<(u32, String)>>,
    merges: Vec<Merge>,
    block: u32,
    prev_block: u32,
}

#[derive(Debug, Default)]
struct Body {
    paragraphs: Vec<BodyParagraph>,
    tables: Vec<WordTable>,
}

/// A vertical merge open in a grid column: first row and the last grid column it spans.
#[derive(Debug, Clone, Copy)]
struct OpenMerge {
    first_row: u32,
    last_row: u32,
    first_col: u32,
    last_col: u32,
}

/// The state of the one top-level table being read.
#[derive(Debug, Default)]
struct TableState {
    table: WordTable,
    /// Vertical merges still open, by first grid column.
    open: Vec<OpenMerge>,
    row: Vec<(u32, String)>,
    col: u32,
    cell: String,
    span: u32,
    /// `Some(true)` for `restart`, `Some(false)` for a continuation.
    vmerge: Option<bool>,
    in_cell: bool,
}

impl TableState {
    fn start_row(&mut self) {
        self.row.clear();
        self.col = 0;
    }

    fn start_cell(&mut self) {
        self.cell.clear();
        self.span = 1;
        self.vmerge = None;
        self.in_cell = true;
    }

    fn end_cell(&mut self) {
        self.in_cell = false;
        let r = u32::try_from(self.table.rows.len()).unwrap_or(u32::MAX);
        let (c0, c1) = (self.col, self.col.saturating_add(self.span.max(1) - 1));
        match self.vmerge {
            Some(false) => {
                if let Some(m) = self.open.iter_mut().find(|m| m.first_col == c0) {
                    m.last_row = r;
                }
            }
            restart => {
                self.close(c0, c1);
                let text = std::mem::take(&mut self.cell);
                if !text.is_empty() {
                    self.row.push((c0, text));
                }
                if restart == Some(true) || c1 > c0 {
                    self.open.push(OpenMerge {
                        first_row: r,
                        last_row: r,
                        first_col: c0,
                        last_col: c1,
                    });
                }
                // A horizontal span alone closes at once.
                if restart != Some(true) {
                    self.close(c0, c1);
                }
            }
        }
        self.col = c1.saturating_add(1);
    }

    /// Closes the open merges overlapping grid columns c0..=c1.
    fn close(&mut self, c0: u32, c1: u32) {
        let mut i = 0;
        while i < self.open.len() {
            let m = self.open[i];
            if m.first_col <= c1 && m.last_col >= c0 {
                self.open.swap_remove(i);
                if m.last_row > m.first_row || m.last_col > m.first_col {
                    self.table.merges.push(Merge {
                        first_row: m.first_row,
                        first_col: m.first_col,
                        last_row: m.last_row,
                        last_col: m.last_col,
                    });
                }
            } else {
                i += 1;
            }
        }
    }

    fn end_row(&mut self) {
        let row = std::mem::take(&mut self.row);
        self.table.rows.push(row);
    }

    fn finish(mut self) -> WordTable {
        self.close(0, u32::MAX);
        self.table
            .merges
            .sort_by_key(|m| (m.first_row, m.first_col, m.last_row, m.last_col));
        self.table
    }
}

fn local(e: &BytesStart<'_>) -> String {
    e.local_name().as_ref().to_string()
}

/// The `w:val` attribute of an element, if any.
fn val(e: &BytesStart<'_>) -> Option<String> {
    e.attributes()
        .flatten()
        .find(|a| a.key.local_name().as_ref() == "val")
        .map(|a| a.value.trim().to_string())
}

fn entity(name: &str) -> Option<char> {
    match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        _ => None,
    }
}

/// The state of the one pass over the document body.
#[derive(Default)]
struct Walker {
    body: Body,
    /// Nesting of w:tbl; only depth 1 makes tables, deeper ones add their text to the cell.
    tbl_depth: usize,
    table: Option<TableState>,
    in_text: bool,
    /// Ignored subtrees (w:delText, w:instrText, mc:Fallback): their depth.
    skip: usize,
    /// Content controls: whether each open one shows its placeholder (the form's own "click
    /// here to enter text", which is no answer).
    sdt: Vec<bool>,
    /// How many of the open content controls show their placeholder.
    placeholders: usize,
    /// Elements open now.
    depth: usize,
    para: String,
    para_depth: usize,
    /// Body blocks (paragraphs and top-level tables) so far: what places a paragraph before
    /// or after a table.
    block: u32,
    last_table_block: u32,
    paragraphs: u32,
}

/// Why a document body could not be walked.
#[derive(Debug)]
enum ParseError {
    Xml(quick_xml::Error),
    /// Elements nested deeper than [`MAX_XML_DEPTH`].
    TooDeep,
}

/// Walks the document body once.
fn parse(xml: &[u8]) -> Result<Body, ParseError> {
    let mut reader = Reader::from_reader(xml);
    let mut w = Walker::default();
    loop {
        match reader.read_event().map_err(ParseError::Xml)? {
            Event::Start(e) => {
                w.depth += 1;
                if w.depth > MAX_XML_DEPTH {
                    return Err(ParseError::TooDeep);
                }
                w.start(&e);
            }
            Event::Empty(e) => w.empty(&e),
            Event::End(e) => {
                w.depth = w.depth.saturating_sub(1);
                w.end(e.local_name().as_ref());
            }
            Event::Text(t) if w.reading_text() => w.push(&t.xml10_content()),
            Event::CData(t) if w.reading_text() => w.push(&t.xml10_content()),
            Event::GeneralRef(r) if w.reading_text() => {
                let c = match r.resolve_char_ref() {
                    Ok(Some(c)) => Some(c),
                    _ => entity(&r),
                };
                if let Some(c) = c {
                    let mut b = [0u8; 4];
                    w.push(c.encode_utf8(&mut b));
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    // A document cut inside a table still gives what was read.
    if let Some(t) = w.table.take() {
        w.body.tables.push(t.finish());
    }
    Ok(w.body)
}

impl Walker {
    /// Whether text here is read: inside `w:t`, outside an ignored subtree and a placeholder.
    fn reading_text(&self) -> bool {
        self.in_text && self.skip == 0 && self.placeholders == 0
    }

    /// Text goes to the open cell of the top-level table, else to the body paragraph.
    fn push(&mut self, text: &str) {
        match self.table.as_mut() {
            Some(t) if self.tbl_depth >= 1 && t.in_cell => t.cell.push_str(text),
            _ => self.para.push_str(text),
        }
    }

    /// The open cell of the top-level table (`None` in a nested table or between cells).
    fn cell(&mut self) -> Option<&mut TableState> {
        let depth = self.tbl_depth;
        self.table.as_mut().filter(|t| depth == 1 && t.in_cell)
    }

    /// The top-level table, for its rows and cells (`None` inside a nested table).
    fn top(&mut self) -> Option<&mut TableState> {
        let depth = self.tbl_depth;
        self.table.as_mut().filter(|_| depth == 1)
    }

    fn start(&mut self, e: &BytesStart<'_>) {
        if self.skip > 0 {
            self.skip += 1;
            return;
        }
        match local(e).as_str() {
            "delText" | "instrText" | "Fallback" => self.skip = 1,
            "sdt" => self.sdt.push(false),
            "t" => self.in_text = true,
            "tbl" => {
                self.tbl_depth += 1;
                if self.tbl_depth == 1 {
                    self.block += 1;
                    self.table = Some(TableState {
                        table: WordTable {
                            block: self.block,
                            prev_block: self.last_table_block,
                            ..WordTable::default()
                        },
                        ..TableState::default()
                    });
                }
            }
            "tr" => {
                if let Some(t) = self.top() {
                    t.start_row();
                }
            }
            "tc" => {
                if let Some(t) = self.top() {
                    t.start_cell();
                }
            }
            "p" => {
                self.para_depth += 1;
                let depth = self.tbl_depth;
                if depth >= 1 {
                    if let Some(t) = self.table.as_mut().filter(|t| t.in_cell) {
                        // Paragraphs of a cell are lines; a nested table's are words.
                        let sep = if depth == 1 { '\n' } else { ' ' };
                        if !t.cell.is_empty() && !t.cell.ends_with(char::is_whitespace) {
                            t.cell.push(sep);
                        }
                    }
                } else if self.para_depth == 1 {
                    self.para.clear();
                }
            }
            _ => {}
        }
    }

    fn empty(&mut self, e: &BytesStart<'_>) {
        if self.skip > 0 {
            return;
        }
        match local(e).as_str() {
            "showingPlcHdr" => {
                if let Some(top) = self.sdt.last_mut().filter(|top| !**top) {
                    *top = true;
                    self.placeholders += 1;
                }
            }
            "tab" if self.para_depth > 0 => self.push("\t"),
            "br" | "cr" if self.para_depth > 0 => self.push("\n"),
            "noBreakHyphen" => self.push("-"),
            // Spans are capped: a corrupt file must not claim a million grid columns.
            "gridSpan" => {
                if let Some(t) = self.cell() {
                    t.span = val(e)
                        .and_then(|v| v.parse::<u32>().ok())
                        .unwrap_or(1)
                        .clamp(1, 1000);
                }
            }
            "vMerge" => {
                if let Some(t) = self.cell() {
                    t.vmerge = Some(val(e).as_deref() == Some("restart"));
                }
            }
            "gridBefore" => {
                let depth = self.tbl_depth;
                if let Some(t) = self.table.as_mut().filter(|t| depth == 1 && !t.in_cell) {
                    t.col = val(e)
                        .and_then(|v| v.parse::<u32>().ok())
                        .unwrap_or(0)
                        .min(1000);
                }
            }
            "tc" => {
                if let Some(t) = self.top() {
                    t.start_cell();
                    t.end_cell();
                }
            }
            "tr" => {
                if let Some(t) = self.top() {
                    t.start_row();
                    t.end_row();
                }
            }
            // An empty body paragraph is a block (it separates tables) with no text.
            "p" if self.tbl_depth == 0 && self.para_depth == 0 => {
                self.block += 1;
                self.paragraphs += 1;
            }
            _ => {}
        }
    }

    fn end(&mut self, name: &str) {
        if self.skip > 0 {
            self.skip -= 1;
            return;
        }
        match name {
            "t" => self.in_text = false,
            "sdt" if self.sdt.pop() == Some(true) => {
                self.placeholders = self.placeholders.saturating_sub(1);
            }
            "tc" => {
                if let Some(t) = self.top() {
                    t.end_cell();
                }
            }
            "tr" => {
                if let Some(t) = self.top() {
                    t.end_row();
                }
            }
            "tbl" => {
                if self.tbl_depth == 1
                    && let Some(t) = self.table.take()
                {
                    self.last_table_block = t.table.block;
                    self.body.tables.push(t.finish());
                }
                self.tbl_depth = self.tbl_depth.saturating_sub(1);
            }
            "p" => {
                self.para_depth = self.para_depth.saturating_sub(1);
                if self.tbl_depth == 0 && self.para_depth == 0 {
                    self.block += 1;
                    self.paragraphs += 1;
                    self.body.paragraphs.push(BodyParagraph {
                        number: self.paragraphs,
                        block: self.block,
                        text: std::mem::take(&mut self.para),
                    });
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;
