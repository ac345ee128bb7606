//! The quota workbook (名额分配表), read with the source cell of every number. Which tables are
//! quota tables, and where their labels and delegations are, [`crate::forms::quota`] decides
//! (it recognises every kind of table); this module gives the labels their meaning for the event.
//!
//! Place columns (or rows) name a group (`公开组男子`, `少年组（男女合计）`, `家庭组（人）`).
//! Further columns (or rows) give the qualifying season (`预选赛有效站数`, `分区赛`,
//! `赛区参赛人数`) and the hosts behind extra places (headers matching a `quotas.extras`
//! condition, e.g. `全国象棋之乡（个）`).

use unicode_normalization::UnicodeNormalization;

use crate::event::{Event, Section};
use crate::findings::Source;
use crate::forms::header_key;
use crate::forms::quota::{Orientation, cell_text, is_place_label, orientation};
use crate::ingest::{Cell, Table};
use crate::model::Sex;
use crate::model::roster::Sourced;

/// One delegation's line of the quota table (or of `[[quotas.delegations]]`).
#[derive(Debug, Clone, PartialEq)]
pub struct QuotaRow {
    /// The delegation as written.
    pub unit: Sourced<String>,
    /// Valid qualifying stations (有效站数).
    pub stations: Option<Sourced<u32>>,
    /// Regional finals (分区赛).
    pub regional_finals: Option<Sourced<u32>>,
    /// Players of the qualifying season (赛区参赛人数).
    pub players: Option<Sourced<u32>>,
    /// Places given outright: section ids sharing the places, and the places.
    pub places: Vec<(Vec<String>, Sourced<u32>)>,
    /// Hosts behind each extra place: `quotas.extras` id and the number of hosts.
    pub extras: Vec<(String, Sourced<u32>)>,
}

fn key(text: &str) -> String {
    header_key(text)
}

/// A count written in a cell: an integer, a whole float, or digits with a unit (`2人`, `1个`).
fn count_of(cell: &Cell) -> Option<u32> {
    match cell {
        Cell::Int(i) => u32::try_from(*i).ok(),
        // A spreadsheet stores typed numbers as floats; only a whole, non-negative count below
        // any real quota (1e9) is one, so `2.5` or a date serial pasted by mistake is not read.
        Cell::Float(f) if f.fract() == 0.0 && *f >= 0.0 && *f < 1e9 => {
            format!("{f:.0}").parse().ok()
        }
        Cell::Text(t) => {
            let s: String = t.nfkc().filter(|c| !c.is_whitespace()).collect();
            // The units quota tables write after a count: players (人/个/名), qualifying
            // stations (站) and regional finals (场).
            let digits = s.trim_end_matches(['人', '个', '名', '站', '场']);
            if digits.is_empty() || !digits.chars().all(|c| c.is_ascii_digit()) {
                return None;
            }
            digits.parse().ok()
        }
        _ => None,
    }
}

/// What one label means for this event.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Meaning {
    Stations,
    RegionalFinals,
    Players,
    Places(Vec<String>),
    Extra(String),
}

/// `公开组男子` → `公开`, `家庭双人组` → `家庭双人`: the part that names the group.
fn group_base(text: &str) -> String {
    // `男子`/`女子` go before the single characters, so that `公开组男子` and `公开女子组`
    // give the same base; the sex is read from the label separately.
    key(text)
        .replace("男子", "")
        .replace("女子", "")
        .chars()
        .filter(|c| !matches!(c, '男' | '女' | '组'))
        .collect()
}

/// The sections a place label covers: by id, or by the group's base name and the sex the label
/// states (`少年组（男女合计）` covers boys and girls, so the places are shared).
pub(crate) fn label_sections<'a>(event: &'a Event, label: &str) -> Vec<&'a Section> {
    let full: String = label.nfkc().collect();
    let sex = match (full.contains('男'), full.contains('女')) {
        (true, false) => Some(Sex::Male),
        (false, true) => Some(Sex::Female),
        _ => None,
    };
    let k = key(label);
    if let Some(s) = event
        .sections()
        .iter()
        .find(|s| s.id == k || key(&s.name) == k)
    {
        return vec![s];
    }
    let base = group_base(label);
    if base.is_empty() {
        return Vec::new();
    }
    event
        .sections()
        .iter()
        .filter(|s| {
            let named = group_base(&s.name).starts_with(&base)
                || s.group
                    .as_deref()
                    .is_some_and(|g| group_base(g).starts_with(&base));
            named && (sex.is_none() || s.sex.is_none() || s.sex == sex)
        })
        .collect()
}

fn meaning(event: &Event, label: &str) -> Option<Meaning> {
    let k = key(label);
    if k.is_empty() {
        return None;
    }
    if let Some(q) = event.quotas()
        // Extras first: their headers quote the regulation's condition (`全国象棋之乡（个）`),
        // which may hold words of the other labels. A header of one character (`个`, `人`)
        // is contained in almost any condition, so it matches only by id.
        && let Some(x) = q.extras.iter().find(|x| {
            let cond = key(&x.condition).replace(['“', '”', '"'], "");
            x.id == k || (k.chars().count() >= 2 && (cond.contains(&k) || k.contains(&cond)))
        })
    {
        return Some(Meaning::Extra(x.id.clone()));
    }
    if k.contains("站数") {
        return Some(Meaning::Stations);
    }
    if k.contains("分区赛") {
        return Some(Meaning::RegionalFinals);
    }
    if k.contains("人数") {
        return Some(Meaning::Players);
    }
    if is_place_label(label) || event.sections().iter().any(|s| s.id == k) {
        let ids: Vec<String> = label_sections(event, label)
            .iter()
            .map(|s| s.id.to_string())
            .collect();
        if !ids.is_empty() {
            return Some(Meaning::Places(ids));
        }
    }
    None
}

/// Reads every delegation of a quota table; `None` when the table is not one.
pub(crate) fn read_table(event: &Event, table: &Table) -> Option<Vec<QuotaRow>> {
    let o = orientation(table)?;
    // (label index, record index) → (row, col) of the cell.
    let at = |label: usize, record: usize| match o {
        Orientation::Rows { .. } => (record, label),
        Orientation::Columns { .. } => (label, record),
    };
    let (label_line, unit_index, records, labels): (usize, usize, Vec<usize>, Vec<usize>) = match o
    {
        Orientation::Rows { header, unit } => (
            header,
            unit,
            (header + 1..table.height()).collect(),
            (0..table.width()).collect(),
        ),
        Orientation::Columns { labels, unit } => (
            labels,
            unit,
            (labels + 1..table.width()).collect(),
            (unit + 1..table.height()).collect(),
        ),
    };
    let label_text = |i: usize| {
        let (r, c) = match o {
            Orientation::Rows { .. } => (label_line, i),
            Orientation::Columns { .. } => (i, label_line),
        };
        cell_text(table.get(r, c))
    };
    let meanings: Vec<(usize, Meaning)> = labels
        .iter()
        .filter_map(|&i| {
            label_text(i)
                .and_then(|t| meaning(event, &t))
                .map(|m| (i, m))
        })
        .collect();
    let src = |(r, c): (usize, usize)| {
        Source::cell(
            &table.file,
            &table.sheet,
            u32::try_from(r).unwrap_or(u32::MAX),
            u32::try_from(c).unwrap_or(u32::MAX),
        )
    };
    let mut out = Vec::new();
    for rec in records {
        let unit_at = match o {
            Orientation::Rows { .. } => (rec, unit_index),
            Orientation::Columns { .. } => (unit_index, rec),
        };
        let Some(unit) = cell_text(table.get(unit_at.0, unit_at.1))
            .and_then(|t| crate::normalize::unit_name(&t))
            // The totals line is not a delegation: read as one it would add its places again.
            .filter(|u| !matches!(u.as_str(), "合计" | "总计" | "小计"))
        else {
            continue;
        };
        let mut row = QuotaRow {
            unit: Sourced::new(unit, src(unit_at)),
            stations: None,
            regional_finals: None,
            players: None,
            places: Vec::new(),
            extras: Vec::new(),
        };
        for (label, m) in &meanings {
            let pos = at(*label, rec);
            let Some(n) = count_of(table.get(pos.0, pos.1)) else {
                continue;
            };
            let v = Sourced::new(n, src(pos));
            match m {
                Meaning::Stations => row.stations = Some(v),
                Meaning::RegionalFinals => row.regional_finals = Some(v),
                Meaning::Players => row.players = Some(v),
                Meaning::Places(ids) => row.places.push((ids.clone(), v)),
                Meaning::Extra(id) => row.extras.push((id.clone(), v)),
            }
        }
        // A line without a count is a heading or a note under the table, not a delegation.
        let has_numbers = row.stations.is_some()
            || row.players.is_some()
            || !row.places.is_empty()
            || !row.extras.is_empty();
        if has_numbers {
            out.push(row);
        }
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(s: &str) -> Cell {
        Cell::Text(s.into())
    }

    fn table(rows: Vec<Vec<Cell>>, sheet: &str) -> Table {
        Table {
            file: "名额分配/表.xlsx".into(),
            sheet: sheet.into(),
            rows,
            merges: Vec::new(),
            hidden: false,
            paragraphs: Vec::new(),
            date1904: false,
        }
    }

    fn event() -> Event {
        crate::event::templates::find("cxa-amateur-king-2023")
            .and_then(|t| t.event())
            .expect("template")
    }

    #[test]
    fn labels_map_to_sections_with_shared_places() {
        let ev = event();
        let ids = |l: &str| -> Vec<String> {
            label_sections(&ev, l)
                .iter()
                .map(|s| s.id.to_string())
                .collect()
        };
        assert_eq!(ids("公开组男子"), vec!["open-men"]);
        assert_eq!(ids("公开女子组"), vec!["open-women"]);
        assert_eq!(
            ids("少年组（男女合计）"),
            vec!["junior-men", "junior-women"]
        );
        assert_eq!(ids("家庭组（人）"), vec!["family"]);
        assert!(ids("序号").is_empty());
    }

    #[test]
    fn rows_and_transposed_tables_read_the_same_numbers() {
        let ev = event();
        let rows = table(
            vec![
                vec![t("名额分配表")],
                vec![
                    t("代表队"),
                    t("预选赛有效站数"),
                    t("公开组男子"),
                    t("少年组（男女合计）"),
                    t("全国象棋之乡（个）"),
                ],
                vec![
                    t("湖北省"),
                    Cell::Int(14),
                    Cell::Float(2.0),
                    t("2人"),
                    Cell::Empty,
                ],
                vec![
                    t("合计"),
                    Cell::Int(14),
                    Cell::Int(2),
                    Cell::Int(2),
                    Cell::Empty,
                ],
            ],
            "Sheet1",
        );
        let got = read_table(&ev, &rows).expect("quota table");
        assert_eq!(got.len(), 1);
        let r = &got[0];
        assert_eq!(r.unit.value, "湖北省");
        assert_eq!(r.stations.as_ref().map(|s| s.value), Some(14));
        assert_eq!(r.places.len(), 2);
        assert_eq!(r.places[1].0, vec!["junior-men", "junior-women"]);
        assert_eq!(
            r.places[1].1.source.to_string(),
            "名额分配/表.xlsx!Sheet1!D3"
        );
        let cols = table(
            vec![
                vec![t("组别"), t("湖北省"), t("河南省")],
                vec![t("公开组男子"), Cell::Int(2), Cell::Int(4)],
                vec![t("少年组女子"), Cell::Empty, Cell::Int(1)],
                vec![t("全国象棋之乡"), Cell::Empty, Cell::Int(1)],
            ],
            "名额",
        );
        let got = read_table(&ev, &cols).expect("transposed");
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].unit.value, "河南省");
        assert_eq!(got[1].places.len(), 2);
        assert_eq!(
            got[1].extras,
            vec![(
                "xiangqi-hometown".to_string(),
                Sourced::new(1, Source::cell("名额分配/表.xlsx", "名额", 3, 2))
            )]
        );
        assert_eq!(got[0].places[0].1.source.a1().as_deref(), Some("B2"));
    }
}
