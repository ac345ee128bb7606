//! Forms: recognise entry forms, room requests and registration lists in
//! [`crate::ingest::Table`]s by their header rows, and read them into raw entries that keep the
//! source cell of every value.
//!
//! Nothing is interpreted here beyond finding things: values stay [`Cell`]s, and
//! [`crate::normalize`] turns them into typed values. A table is read as:
//!
//! 1. the header row, found by column-name synonyms anywhere in the first rows ([`field_of`]);
//! 2. the data rows under it, skipping the blank form's example row and stopping at a blank run
//!    or at the signature and notes rows;
//! 3. team-level labels above and below the table (`参赛单位（盖章）：北京队　领队：张三`).
//!
//! A sheet with a 单位/参赛单位 column is split into one submission per unit.
//!
//! Which files are read as forms [`crate::inputs`] decides; quota workbooks (名额分配表) are
//! recognised by their header here too ([`quota`]), so that they are never read as forms, and
//! `eligibility::quota` reads their numbers.

mod header;
mod labels;
pub mod quota;
mod rows;

use std::collections::BTreeMap;

pub use header::{Field, Header, field_of};
pub(crate) use header::{find_header, find_header_from, header_key, header_like_row};
pub(crate) use labels::TeamLabels;
pub use labels::{LabelKind, Labelled, parse_labels};

use crate::findings::Source;
use crate::ingest::{Cell, Table};

/// A cell value as read, with its source.
#[derive(Debug, Clone, PartialEq)]
pub struct RawValue {
    /// The cell (for labelled values, the text after the label).
    pub cell: Cell,
    /// Where it was read.
    pub source: Source,
}

/// One data row: field → value, blank cells left out.
#[derive(Debug, Clone, PartialEq)]
pub struct RawRow {
    /// Zero-based sheet row.
    pub row: u32,
    /// The non-blank values of the row.
    pub values: BTreeMap<Field, RawValue>,
}

impl RawRow {
    /// The value of a field, if the row has one.
    pub fn get(&self, f: Field) -> Option<&RawValue> {
        self.values.get(&f)
    }
}

/// What a table was recognised as.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum SubmissionKind {
    /// 报名表: a team's players (and officials).
    EntryForm,
    /// 食宿 / 住宿: room requests.
    RoomRequest,
    /// 注册名单: registered players of many units, no team header.
    Registration,
}

/// One team's rows from one sheet (or one unit's rows of a multi-unit sheet).
#[derive(Debug, Clone, PartialEq)]
pub struct Submission {
    /// What the table is.
    pub kind: SubmissionKind,
    /// The file, relative to the event folder.
    pub file: std::sync::Arc<str>,
    /// The sheet.
    pub sheet: std::sync::Arc<str>,
    /// Index of the file in the input (path order), for tie-breaking resubmissions.
    pub file_index: usize,
    /// Index of the sheet in the file.
    pub sheet_index: usize,
    /// The file's modification time, seconds since the epoch.
    pub modified: Option<i64>,
    /// The zero-based header row.
    pub header_row: u32,
    /// Field → zero-based column of the header.
    pub columns: BTreeMap<Field, u32>,
    /// The unit: a label value, or the 单位 column's cell.
    pub unit: Option<RawValue>,
    /// 领队 label value.
    pub leader: Option<RawValue>,
    /// 教练 label value.
    pub coach: Option<RawValue>,
    /// 填表日期 label value.
    pub fill_date: Option<RawValue>,
    /// The data rows in sheet order.
    pub rows: Vec<RawRow>,
    /// Whether plain numbers in date columns are 1904-system serials (the workbook says so).
    pub date1904: bool,
}

/// How many rows under a table are searched for labels (领队, 填表日期).
const FOOTER_ROWS: usize = 15;

/// Room-request columns; two of them make a table a room request.
const ROOM_FIELDS: [Field; 5] = [
    Field::Hotel,
    Field::RoomType,
    Field::CheckIn,
    Field::CheckOut,
    Field::Roommate,
];

fn texts_above(table: &Table, header_row: usize) -> String {
    let mut s = String::new();
    for p in table.paragraphs.iter().filter(|p| !p.after) {
        s.push_str(&rows::compact(&p.text));
    }
    for row in table.rows.iter().take(header_row) {
        for cell in row {
            if let Cell::Text(t) = cell {
                s.push_str(&rows::compact(t));
            }
        }
    }
    s
}

fn kind_of(table: &Table, header: &Header, labels: &TeamLabels, data: &[RawRow]) -> SubmissionKind {
    let cols = &header.columns;
    if ROOM_FIELDS.iter().filter(|f| cols.contains_key(f)).count() >= 2 {
        return SubmissionKind::RoomRequest;
    }
    let title = texts_above(table, header.row);
    if title.contains("报名") {
        return SubmissionKind::EntryForm;
    }
    let team_header = labels.unit.is_some() || labels.leader.is_some() || labels.coach.is_some();
    let registered = cols.contains_key(&Field::RegisteredUnit);
    let identified = cols.contains_key(&Field::Id) || cols.contains_key(&Field::FideId);
    if title.contains("注册") && registered && identified && !team_header {
        return SubmissionKind::Registration;
    }
    let entry_columns = [Field::TeamUnit, Field::Board, Field::Role, Field::Group];
    if registered
        && identified
        && !team_header
        && !entry_columns.iter().any(|f| cols.contains_key(f))
    {
        let units: std::collections::BTreeSet<String> = data
            .iter()
            .filter_map(|r| r.get(Field::RegisteredUnit))
            .map(|v| crate::normalize::unit_key(&v.cell.display()))
            .collect();
        if units.len() >= 2 {
            return SubmissionKind::Registration;
        }
    }
    SubmissionKind::EntryForm
}

/// The sheet name that sources of a Word document's body paragraphs carry: `段落!A3` is the
/// document's third paragraph.
pub const PARAGRAPHS_SHEET: &str = "段落";

/// Reads the team labels of the body paragraphs before (or after) a Word table; a label found
/// in the table itself or earlier wins.
fn scan_paragraphs(table: &Table, after: bool, labels: &mut TeamLabels) {
    let paragraphs: Vec<&crate::ingest::Paragraph> = table
        .paragraphs
        .iter()
        .filter(|p| p.after == after)
        .collect();
    if paragraphs.is_empty() {
        return;
    }
    let text = Table {
        file: table.file.clone(),
        sheet: PARAGRAPHS_SHEET.into(),
        rows: paragraphs
            .iter()
            .map(|p| vec![Cell::Text(p.text.clone())])
            .collect(),
        merges: Vec::new(),
        hidden: false,
        paragraphs: Vec::new(),
        date1904: false,
    };
    let mut found = TeamLabels::default();
    found.scan(&text, 0..text.height());
    if after {
        found.scan_signature_date(&text, 0..text.height());
    }
    // Row i of `text` is paragraph `paragraphs[i].number`.
    for (mine, theirs) in [
        (&mut labels.unit, found.unit),
        (&mut labels.leader, found.leader),
        (&mut labels.coach, found.coach),
        (&mut labels.fill_date, found.fill_date),
    ] {
        if mine.is_some() {
            continue;
        }
        *mine = theirs.map(|mut v| {
            if let Some((r, c)) = v.source.cell
                && let Some(p) = paragraphs.get(r as usize)
            {
                v.source.cell = Some((p.number.saturating_sub(1), c));
            }
            v
        });
    }
}

/// The most further tables read under the first one in a sheet.
const MAX_EXTRA_TABLES: usize = 8;

/// The role a section title gives the table under it (`领队、教练员名单`), as a cell to inject
/// into rows of a table without a 身份 column.
fn section_role(table: &Table, from: usize, to: usize) -> Option<RawValue> {
    for r in from..to {
        for (c, cell) in table.rows.get(r)?.iter().enumerate() {
            let Cell::Text(t) = cell else { continue };
            let t = rows::compact(t);
            let role = if t.contains("教练") && !t.contains("领队") {
                "教练"
            } else if t.contains("领队") && !t.contains("教练") {
                "领队"
            } else if t.contains("领队")
                || t.contains("随队")
                || t.contains("工作人员")
                || t.contains("官员")
            {
                "随队人员"
            } else {
                continue;
            };
            return Some(RawValue {
                cell: Cell::Text(role.to_string()),
                source: Source::cell(&table.file, &table.sheet, r as u32, c as u32),
            });
        }
    }
    None
}

fn columns_of(header: &Header) -> BTreeMap<Field, u32> {
    header
        .columns
        .iter()
        .map(|(f, c)| (*f, u32::try_from(*c).unwrap_or(u32::MAX)))
        .collect()
}

/// Reads one table; `None` when it has no header row with a name column.
///
/// Tables further down the same sheet (a 领队、教练 table under the players) become further
/// submissions of the same unit; a section title above such a table gives its rows their role
/// when it has no 身份 column.
pub(crate) fn read_table(table: &Table) -> Option<Vec<Submission>> {
    let header = find_header(table)?;
    let merges = crate::ingest::Merges::new(table);
    let (data, end) = rows::read_rows(table, &merges, &header);
    let mut labels = TeamLabels::default();
    labels.scan(table, 0..header.row);
    scan_paragraphs(table, false, &mut labels);
    // Further tables, each with the rows above it (its section title).
    let mut extra: Vec<(Header, Vec<RawRow>)> = Vec::new();
    let mut cursor = end;
    while extra.len() < MAX_EXTRA_TABLES {
        let Some(h2) = find_header_from(table, cursor) else {
            break;
        };
        labels.scan(table, cursor..h2.row);
        let (mut rows2, end2) = rows::read_rows(table, &merges, &h2);
        if let Some(role) =
            section_role(table, cursor, h2.row).filter(|_| !h2.columns.contains_key(&Field::Role))
        {
            for r in &mut rows2 {
                r.values.insert(Field::Role, role.clone());
            }
        }
        cursor = end2.max(h2.data_start);
        extra.push((h2, rows2));
    }
    let footer = cursor..cursor.saturating_add(FOOTER_ROWS).min(table.height());
    labels.scan(table, footer.clone());
    labels.scan_signature_date(table, footer);
    scan_paragraphs(table, true, &mut labels);
    let kind = kind_of(table, &header, &labels, &data);
    let base = Submission {
        kind,
        file: table.file.clone(),
        sheet: table.sheet.clone(),
        file_index: 0,
        sheet_index: 0,
        modified: None,
        header_row: header.row as u32,
        columns: columns_of(&header),
        unit: labels.unit.clone(),
        leader: labels.leader.clone(),
        coach: labels.coach.clone(),
        fill_date: labels.fill_date.clone(),
        rows: Vec::new(),
        date1904: table.date1904,
    };
    let mut out = Vec::new();
    for (h, rows) in std::iter::once((header, data)).chain(extra) {
        let first = out.is_empty();
        let sub = Submission {
            kind: if first {
                kind
            } else {
                kind_of(table, &h, &labels, &rows)
            },
            header_row: h.row as u32,
            columns: columns_of(&h),
            // Label officials are added once, with the first table.
            leader: if first { base.leader.clone() } else { None },
            coach: if first { base.coach.clone() } else { None },
            ..base.clone()
        };
        if sub.kind == SubmissionKind::Registration || !h.columns.contains_key(&Field::TeamUnit) {
            out.push(Submission { rows, ..sub });
        } else {
            out.extend(split_by_unit(sub, rows));
        }
    }
    Some(out)
}

/// One submission per unit of the 单位 column, in order of first appearance. A blank unit cell
/// means "same as above"; rows before the first unit keep the sheet's label unit.
fn split_by_unit(base: Submission, data: Vec<RawRow>) -> Vec<Submission> {
    let mut order: Vec<String> = Vec::new();
    let mut groups: BTreeMap<String, Submission> = BTreeMap::new();
    let mut current: Option<RawValue> = None;
    for row in data {
        if let Some(u) = row.get(Field::TeamUnit)
            && crate::normalize::unit_name(&u.cell.display()).is_some()
        {
            current = Some(u.clone());
        }
        let key = current
            .as_ref()
            .map(|u| crate::normalize::unit_key(&u.cell.display()))
            .unwrap_or_default();
        let sub = groups.entry(key.clone()).or_insert_with(|| {
            order.push(key.clone());
            let unit = current.clone().or_else(|| base.unit.clone());
            // Leader and coach labels belong to the sheet's own unit only.
            let own = key.is_empty();
            Submission {
                unit,
                leader: if own { base.leader.clone() } else { None },
                coach: if own { base.coach.clone() } else { None },
                rows: Vec::new(),
                ..base.clone()
            }
        });
        sub.rows.push(row);
    }
    if order.is_empty() {
        return vec![base];
    }
    order.iter().filter_map(|k| groups.remove(k)).collect()
}

#[cfg(test)]
pub(crate) mod tests;
