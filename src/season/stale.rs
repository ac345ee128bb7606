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
//! - in a team round, every line-up cell names the player bianpai pre-filled there, as its
//!   record says (a line-up typed by the arbiter keeps the workbook); a workbook whose record
//!   predates recorded line-ups must name the players bianpai writes there now.
//!
//! A team round is also paired again when only its pre-filled line-ups changed (a corrected
//! form moved or replaced a team's players) and the pairing of teams did not.
//!
//! Anything else is the arbiter's round and is read as today.

use std::collections::HashMap;

use crate::rounds::compare::{self, Keys};
use crate::rounds::lines::Lines;
use crate::rounds::record::{Recorded, RecordedGame};
use crate::rounds::sheet::{ResultCell, RoundSheet, Rows, TeamBoardRow};

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
/// from the one recorded, or (team rounds) the line-ups bianpai pre-fills now differ from the
/// ones it recorded, a corrected form having changed a team's players; and (team rounds) the
/// sheet's line-ups are still the ones bianpai wrote.
pub(super) fn replaced_by(sheet: &RoundSheet, fresh: &Lines) -> bool {
    let Some(recorded) = &sheet.recorded else {
        return false;
    };
    let now = Recorded::of(fresh);
    match (&sheet.rows, fresh) {
        (Rows::Team(rows), Lines::Team(lines)) => match &recorded.line_ups {
            // The record says what bianpai pre-filled: the sheet must still say it.
            Some(written) => {
                as_written(rows, &lines_of(recorded, written))
                    && (!same_pairing(recorded, &now) || now.line_ups.as_ref() != Some(written))
            }
            // A record without line-ups (written before they were recorded): the sheet's
            // line-ups must be the ones bianpai writes now.
            None => {
                let fresh: Vec<(String, String)> = lines
                    .iter()
                    .map(|l| (l.home_player.clone(), l.away_player.clone()))
                    .collect();
                !same_pairing(recorded, &now) && as_written(rows, &lines_of(&now, &fresh))
            }
        },
        (Rows::Individual(_), Lines::Individual(_)) => !same_pairing(recorded, &now),
        _ => false,
    }
}

/// The line-up of each (team, board) as written by `record` and `line_ups` (in its games'
/// order); a bye row names no players, so the bye team's line-up is not known from it.
fn lines_of(record: &Recorded, line_ups: &[(String, String)]) -> HashMap<(String, u32), String> {
    let bye = |t: &str| crate::rounds::sheet::BYE_WORDS.contains(&t.trim());
    let mut written = HashMap::new();
    for (g, (home, away)) in record.games.iter().zip(line_ups) {
        let away_team = g.right.as_deref().unwrap_or_default();
        if bye(&g.left) || bye(away_team) {
            continue;
        }
        written.insert((key(&g.left), g.board), key(home));
        written.insert((key(away_team), g.board), key(away));
    }
    written
}

/// Whether every line-up cell of `rows` names the player `written` has on its team's board.
fn as_written(rows: &[TeamBoardRow], written: &HashMap<(String, u32), String>) -> bool {
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
    use crate::rounds::lines::{IndividualLine, TeamLine};
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

    fn team_line(board: u32, home: &str, away: &str) -> TeamLine {
        TeamLine {
            match_no: 1,
            board,
            home_team: "一队".into(),
            home_player: home.into(),
            home_colour: crate::model::Colour::White,
            result: None,
            away_player: away.into(),
            away_team: "二队".into(),
        }
    }

    /// A team round 1 as bianpai wrote it from `written`, with the line-up cells `typed`.
    fn team_sheet(written: &Lines, typed: &[(&str, &str)]) -> RoundSheet {
        let mut s = sheet(&[], written);
        s.rows = Rows::Team(
            typed
                .iter()
                .enumerate()
                .map(|(i, (h, a))| TeamBoardRow {
                    row: 3 + i as u32,
                    match_no: Some(1),
                    board: Some(i as u32 + 1),
                    home_team: "一队".into(),
                    home_player: (*h).into(),
                    home_colour: None,
                    result: ResultCell::Missing,
                    away_player: (*a).into(),
                    away_team: "二队".into(),
                })
                .collect(),
        );
        s
    }

    #[test]
    fn a_team_round_follows_its_recorded_line_ups() {
        let written = Lines::Team(vec![team_line(1, "甲", "乙"), team_line(2, "丙", "丁")]);
        // The teams' players changed on a form: the same match, a new pre-filled line-up.
        let moved = Lines::Team(vec![team_line(1, "甲", "乙"), team_line(2, "戊", "丁")]);
        let untouched = team_sheet(&written, &[("甲", "乙"), ("丙", "丁")]);
        assert!(unused(&untouched));
        assert!(!replaced_by(&untouched, &written), "nothing changed");
        assert!(replaced_by(&untouched, &moved), "the line-up changed");
        // The arbiter typed board 2's line-up: the workbook is his, even if it now matches.
        let typed = team_sheet(&written, &[("甲", "乙"), ("戊", "丁")]);
        assert!(!replaced_by(&typed, &moved));
        // A record without line-ups (an older workbook): compared with the line-up written now.
        let mut old = untouched.clone();
        if let Some(r) = old.recorded.as_mut() {
            r.line_ups = None;
        }
        assert!(!replaced_by(&old, &moved), "the same pairing stays");
    }
}
