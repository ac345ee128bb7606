//! The marker bianpai writes into every round workbook (a hidden sheet named `bianpai`), by which
//! the run recognises the file again whatever it is renamed to (SPEC §2).

use crate::ingest::{Cell, Table};

/// The first cell of the marker sheet.
pub const MAGIC: &str = "bianpai-round-workbook";
/// The name of the hidden marker sheet.
pub const SHEET: &str = "bianpai";

/// What a round workbook says about itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marker {
    /// The event name, as in event.toml.
    pub event: String,
    /// The stage or section: `regular`, `finals`, or a section name such as `公开组男子`.
    pub stage: String,
    /// The round number within the stage, from 1.
    pub round: u32,
}

impl Marker {
    /// The key/value rows written into the marker sheet, after [`MAGIC`].
    pub fn rows(&self) -> Vec<(&'static str, String)> {
        vec![
            ("version", "1".to_string()),
            ("event", self.event.clone()),
            ("stage", self.stage.clone()),
            ("round", self.round.to_string()),
        ]
    }

    /// Reads the marker from a table, if it is a marker sheet.
    pub(crate) fn from_table(t: &Table) -> Option<Marker> {
        if &*t.sheet != SHEET || !matches!(t.get(0, 0), Cell::Text(s) if s.trim() == MAGIC) {
            return None;
        }
        let mut event = None;
        let mut stage = None;
        let mut round = None;
        for r in 1..t.height().min(64) {
            let key = t.get(r, 0).display();
            let value = t.get(r, 1).display();
            match key.trim() {
                "event" => event = Some(value.trim().to_string()),
                "stage" => stage = Some(value.trim().to_string()),
                "round" => round = value.trim().parse::<u32>().ok(),
                _ => {}
            }
        }
        Some(Marker {
            event: event?,
            stage: stage?,
            round: round?,
        })
    }
}

/// The settings rows of a marker sheet (`setting` | name | value), in order: what was in force
/// when the workbook was written ([`crate::event::in_force`]).
pub(crate) fn settings(t: &Table) -> Vec<(String, String)> {
    (1..t.height().min(64))
        .filter(|&r| t.get(r, 0).display().trim() == crate::event::SETTING_KEY)
        .map(|r| {
            (
                t.get(r, 1).display().trim().to_string(),
                t.get(r, 2).display().trim().to_string(),
            )
        })
        .collect()
}

/// The key of a result row in the marker sheet.
pub const RESULT_KEY: &str = "result";

/// One result of an earlier round as it stood when a later round's workbook was written:
/// `result` | round | board | white (red) player, or a team round's home team | result
/// (`Win`, `Draw`, ... for the left side) | a team round's match number (场次). The sixth
/// column came with team rounds: an individual round's row has five, and a row without it
/// reads as an individual one.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RecordedResult {
    /// The earlier round.
    pub round: u32,
    /// 台号 (台次 of a team match).
    pub board: u32,
    /// The white (red) player as the row reads; in a team round, the home team (主队).
    pub left: String,
    /// The result for the left player, as [`crate::model::GameResult`]'s name.
    pub value: String,
    /// A team round's match number (场次); `None` for an individual round.
    pub match_no: Option<u32>,
}

impl RecordedResult {
    /// The row written into the marker sheet.
    pub fn row(&self) -> Vec<String> {
        let mut row = vec![
            RESULT_KEY.to_string(),
            self.round.to_string(),
            self.board.to_string(),
            self.left.clone(),
            self.value.clone(),
        ];
        row.extend(self.match_no.map(|m| m.to_string()));
        row
    }
}

/// More result rows than any event has: the rest of a tampered marker sheet is not read.
const MAX_RESULTS: usize = 100_000;

/// The result rows of a marker sheet, in order (rows that do not read whole are skipped).
pub(crate) fn results(t: &Table) -> Vec<RecordedResult> {
    (1..t.height().min(MAX_RESULTS))
        .filter(|&r| t.get(r, 0).display().trim() == RESULT_KEY)
        .filter_map(|r| {
            let text = |c: usize| t.get(r, c).display().trim().to_string();
            Some(RecordedResult {
                round: text(1).parse().ok()?,
                board: text(2).parse().ok()?,
                left: text(3),
                value: text(4),
                match_no: text(5).parse().ok(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::{RecordedResult, results};
    use crate::ingest::{Cell, Table};

    fn table(rows: &[&[&str]]) -> Table {
        Table {
            file: "results/r02.xlsx".into(),
            sheet: "bianpai".into(),
            rows: rows
                .iter()
                .map(|r| r.iter().map(|c| Cell::Text((*c).to_string())).collect())
                .collect(),
            merges: Vec::new(),
            hidden: false,
            paragraphs: Vec::new(),
            date1904: false,
        }
    }

    /// A team row (six columns) reads back with its match; an individual row written before
    /// the sixth column existed (five) reads as before, without one.
    #[test]
    fn result_rows_read_with_and_without_the_match_column() {
        let team = RecordedResult {
            round: 1,
            board: 3,
            left: "福建海峡队".into(),
            value: "Draw".into(),
            match_no: Some(2),
        };
        let row = team.row();
        assert_eq!(row, ["result", "1", "3", "福建海峡队", "Draw", "2"]);
        let old: &[&str] = &["result", "1", "4", "张三", "Win"];
        let cells: Vec<&str> = row.iter().map(String::as_str).collect();
        let t = table(&[&["bianpai-round-workbook"], &cells, old]);
        let read = results(&t);
        assert_eq!(read[0], team);
        assert_eq!(
            read[1],
            RecordedResult {
                round: 1,
                board: 4,
                left: "张三".into(),
                value: "Win".into(),
                match_no: None,
            }
        );
    }
}
