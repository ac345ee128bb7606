//! The data rows under a header: merged cells resolved, example rows skipped, stopping at the
//! signature and notes rows under the table.

use std::collections::BTreeMap;

use unicode_normalization::UnicodeNormalization;

use crate::findings::Source;
use crate::ingest::{Cell, Merges, Table};

use super::header::{Field, Header, field_of};
use super::labels::{LabelKind, parse_labels};
use super::{RawRow, RawValue};

/// The value shown at (r, c) with the source of the cell holding it; `None` when blank. A
/// merge reaching up above `top` (into the header or title) is not followed.
pub(crate) fn value_at(
    table: &Table,
    merges: &Merges,
    top: usize,
    r: usize,
    c: usize,
) -> Option<RawValue> {
    let (r0, c0) = match merges.resolve(r, c) {
        (r0, _) if r0 < top => (r, c),
        rc => rc,
    };
    let cell = table.get(r0, c0);
    if cell.is_blank() {
        return None;
    }
    Some(RawValue {
        cell: cell.clone(),
        source: Source::cell(&table.file, &table.sheet, r0 as u32, c0 as u32),
    })
}

/// NFKC text without whitespace.
pub(crate) fn compact(s: &str) -> String {
    s.nfkc().filter(|c| !c.is_whitespace()).collect()
}

/// Rows that end the table when their first non-blank cell starts like this.
const STOP_PREFIXES: &[&str] = &[
    "签字",
    "签名",
    "盖章",
    "单位负责人",
    "负责人",
    "填表人",
    "注:",
    "注意",
    "说明",
    "填表说明",
    "备注:",
    "附注",
    "审核",
    "单位(公章)",
    "单位(盖章)",
    "联系人",
    "本表",
    "以上",
];

fn row_is_blank(table: &Table, r: usize) -> bool {
    table
        .rows
        .get(r)
        .is_none_or(|cells| cells.iter().all(Cell::is_blank))
}

/// A signature, notes or team-label row under the table.
fn is_stop(table: &Table, header: &Header, r: usize) -> bool {
    let Some(cells) = table.rows.get(r) else {
        return false;
    };
    let remarks_col = header.columns.get(&Field::Remarks).copied();
    if let Some(Cell::Text(first)) = cells.iter().find(|c| !c.is_blank()) {
        let t = compact(first);
        if STOP_PREFIXES.iter().any(|p| t.starts_with(p)) {
            return true;
        }
    }
    cells.iter().enumerate().any(|(c, cell)| {
        Some(c) != remarks_col
            && matches!(cell, Cell::Text(t) if parse_labels(t).iter().any(|l| l.kind != LabelKind::Other))
    })
}

/// Fields that a blank form pre-fills (numbers, boards): a row with only these is empty.
fn is_prefilled(f: Field) -> bool {
    matches!(f, Field::Seq | Field::Board)
}

fn text_of(v: Option<&RawValue>) -> String {
    v.map(|v| compact(&v.cell.display())).unwrap_or_default()
}

/// The example row of a blank form: 序号 `例`, name `示例` / `张三（示例）`, 备注 `示例`.
fn is_example(values: &BTreeMap<Field, RawValue>) -> bool {
    let seq = text_of(values.get(&Field::Seq));
    let name = text_of(values.get(&Field::Name));
    let remarks = text_of(values.get(&Field::Remarks));
    let exampleish = |s: &str| s.contains("示例") || s.contains("样例") || s.contains("范例");
    matches!(
        seq.as_str(),
        "例" | "例1" | "例:" | "示例" | "样例" | "范例"
    ) || exampleish(&name)
        || name == "例"
        || name.starts_with("例:")
        || exampleish(&remarks)
        || matches!(remarks.as_str(), "例" | "例子")
}

fn row_values(
    table: &Table,
    merges: &Merges,
    header: &Header,
    r: usize,
) -> BTreeMap<Field, RawValue> {
    header
        .columns
        .iter()
        .filter_map(|(f, &c)| value_at(table, merges, header.data_start, r, c).map(|v| (*f, v)))
        .collect()
}

fn has_data(values: &BTreeMap<Field, RawValue>) -> bool {
    values.keys().any(|f| !is_prefilled(*f))
}

/// How many rows after a blank run are looked at for more players.
const LOOKAHEAD: usize = 3;

/// Reads the data rows; returns them and the row where the table ended.
pub(crate) fn read_rows(table: &Table, merges: &Merges, header: &Header) -> (Vec<RawRow>, usize) {
    let mut out = Vec::new();
    let h = table.height();
    let name_col = header.columns.get(&Field::Name).copied();
    let mut r = header.data_start;
    while r < h {
        if row_is_blank(table, r) {
            // A blank run ends the table unless player rows follow right after it.
            let next = (r + 1..h.min(r + 1 + LOOKAHEAD)).find(|n| !row_is_blank(table, *n));
            match next {
                Some(n) if !is_stop(table, header, n) => {
                    let v = row_values(table, merges, header, n);
                    let data_fields = v.keys().filter(|f| !is_prefilled(**f)).count();
                    if v.contains_key(&Field::Name) && data_fields >= 2 {
                        r = n;
                        continue;
                    }
                    break;
                }
                _ => break,
            }
        }
        if is_stop(table, header, r) {
            break;
        }
        // A header repeated for printing.
        let repeated = name_col
            .map(|c| table.get(r, c))
            .is_some_and(|cell| matches!(cell, Cell::Text(t) if field_of(t) == Some(Field::Name)));
        let values = row_values(table, merges, header, r);
        if !repeated && has_data(&values) && !is_example(&values) {
            out.push(RawRow {
                row: r as u32,
                values,
            });
        }
        r += 1;
    }
    (out, r)
}
