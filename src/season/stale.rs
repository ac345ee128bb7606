//! Round 1 waits for the entries (issue 43): a round 1 workbook that nobody has used yet, whose
//! pairing no longer follows from the roster and seeding as they are now (a corrected form, a
//! late entry, a corrected rating or unit), is paired again; the pipeline moves the old
//! workbook to `results/superseded/` (never deleted) with a `round.superseded-workbook`
//! finding naming both files.
//!
//! "Nobody has used it" is read off the workbook, strictly:
//!
//! - it carries bianpai's record of the pairing it was written with, and its rows still say
//!   exactly that (no pairing changed by hand, no row added or deleted);
//! - no result cell holds anything (a typed result, even an unreadable one, keeps the workbook);
//! - in a team round, every line-up cell names the player bianpai writes there now (a line-up
//!   typed by the arbiter keeps the workbook).
//!
//! Anything else is the arbiter's round and is read as today.

use std::collections::HashMap;

use crate::rounds::compare::{self, Keys};
use crate::rounds::lines::Lines;
use crate::rounds::record::{Recorded, RecordedGame};
use crate::rounds::sheet::{ResultCell, RoundSheet, Rows};

/// The key names are compared by: without white space of any width.
fn key(s: &str) -> String {
    s.chars().filter(|c| !c.is_whitespace()).collect()
}

/// Whether the workbook is unused: its rows as recorded and no result typed.
pub(super) fn unused(sheet: &RoundSheet) -> bool {
    let Some(recorded) = &sheet.recorded else {
        return false;
    };
    let typed = match &sheet.rows {
        Rows::Team(rows) => rows.iter().any(|r| r.result != ResultCell::Missing),
        Rows::Individual(rows) => rows.iter().any(|r| r.result != ResultCell::Missing),
    };
    if typed {
        return false;
    }
    let keys = Keys {
        key: &key,
        special: &|_| false,
    };
    compare::compare(sheet, Some(recorded), &keys).is_empty()
}

/// Whether the new pairing `fresh` replaces the unused workbook `sheet`: the pairing differs
/// from the one recorded, and (team rounds) the line-ups are still the ones bianpai writes.
pub(super) fn replaced_by(sheet: &RoundSheet, fresh: &Lines) -> bool {
    let Some(recorded) = &sheet.recorded else {
        return false;
    };
    if same_pairing(recorded, &Recorded::of(fresh)) {
        return false;
    }
    match (&sheet.rows, fresh) {
        (Rows::Team(rows), Lines::Team(lines)) => {
            let mut written: HashMap<(String, u32), String> = HashMap::new();
            // A bye row names no players: the bye team's line-up is not known from it.
            let bye = |t: &str| crate::rounds::sheet::BYE_WORDS.contains(&t.trim());
            for l in lines
                .iter()
                .filter(|l| !bye(&l.home_team) && !bye(&l.away_team))
            {
                written.insert((key(&l.home_team), l.board), key(&l.home_player));
                written.insert((key(&l.away_team), l.board), key(&l.away_player));
            }
            rows.iter().all(|r| {
                let Some(board) = r.board else { return false };
                [
                    (&r.home_team, &r.home_player),
                    (&r.away_team, &r.away_player),
                ]
                .iter()
                .all(|(team, player)| {
                    written
                        .get(&(key(team), board))
                        .is_none_or(|w| *w == key(player))
                })
            })
        }
        (Rows::Individual(_), Lines::Individual(_)) => true,
        _ => false,
    }
}

/// Whether two records pair the same sides on the same boards (names compared by [`key`]).
fn same_pairing(a: &Recorded, b: &Recorded) -> bool {
    let norm = |r: &Recorded| -> Vec<(u32, u32, String, Option<String>)> {
        let mut v: Vec<_> = r
            .games
            .iter()
            .map(|g: &RecordedGame| {
                (
                    g.match_no,
                    g.board,
                    key(&g.left),
                    g.right.as_deref().map(key),
                )
            })
            .collect();
        v.sort();
        v
    };
    a.team == b.team && norm(a) == norm(b)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rounds::lines::IndividualLine;
    use crate::rounds::marker::Marker;
    use crate::rounds::sheet::IndividualRow;

    fn line(board: u32, left: &str, right: Option<&str>) -> IndividualLine {
        IndividualLine {
            board,
            left: left.into(),
            result: None,
            right: right.map(str::to_string),
        }
    }

    fn sheet(rows: &[(&str, ResultCell, &str)], written: &Lines) -> RoundSheet {
        RoundSheet {
            marker: Marker {
                event: "e".into(),
                stage: "swiss:open".into(),
                round: 1,
            },
            file: "results/open-r01.xlsx".into(),
            sheet: "第1轮".into(),
            rows: Rows::Individual(
                rows.iter()
                    .enumerate()
                    .map(|(i, (l, res, r))| IndividualRow {
                        row: 3 + i as u32,
                        board: Some(i as u32 + 1),
                        left: (*l).into(),
                        result: res.clone(),
                        right: (*r).into(),
                    })
                    .collect(),
            ),
            recorded: Some(Recorded::of(written)),
            settings: Vec::new(),
            results: Vec::new(),
        }
    }

    #[test]
    fn an_unused_workbook_with_another_pairing_is_replaced() {
        let written = Lines::Individual(vec![line(1, "甲（一队）", Some("乙（二队）"))]);
        let s = sheet(
            &[("甲（一队）", ResultCell::Missing, "乙（二队）")],
            &written,
        );
        assert!(unused(&s));
        let same = written.clone();
        assert!(!replaced_by(&s, &same), "the same pairing stays");
        let other = Lines::Individual(vec![line(1, "乙（二队）", Some("丙（一队）"))]);
        assert!(replaced_by(&s, &other));
    }

    #[test]
    fn a_typed_result_or_a_hand_changed_pairing_keeps_the_workbook() {
        let written = Lines::Individual(vec![line(1, "甲（一队）", Some("乙（二队）"))]);
        let typed = sheet(
            &[("甲（一队）", ResultCell::Invalid("x".into()), "乙（二队）")],
            &written,
        );
        assert!(!unused(&typed));
        let changed = sheet(
            &[("乙（二队）", ResultCell::Missing, "甲（一队）")],
            &written,
        );
        assert!(!unused(&changed));
        let mut no_record = sheet(
            &[("甲（一队）", ResultCell::Missing, "乙（二队）")],
            &written,
        );
        no_record.recorded = None;
        assert!(!unused(&no_record));
    }
}
