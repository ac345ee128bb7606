//! A section's round workbook read back: its games, the bye and the withdrawals the arbiter
//! marked.
//!
//! A withdrawal (退赛) is written into the round workbook of the last round the player takes
//! part in, after the player's name: `张三（北京市）退赛` (also `（退赛）`, `弃赛`, `退出`). That
//! round's result stands as typed (a game played, or `-+` when the player did not turn up);
//! the player is not paired from the next round on and keeps the points scored so far.

use super::XqRoundData;
use super::entrants::{self, Entrant};
use crate::findings::{Code, Finding, Findings, Source};
use crate::rounds::lines::{IndividualLine, Lines};
use crate::rounds::sheet::{BYE_WORDS, ResultCell, RoundSheet, Rows};

/// The words that mark a withdrawal after a name.
pub const WITHDRAWAL_WORDS: [&str; 3] = ["退赛", "弃赛", "退出"];

/// A name cell without its withdrawal mark, and whether it had one.
pub fn strip_withdrawal(cell: &str) -> (String, bool) {
    let mut s = cell.trim().to_string();
    let mut marked = false;
    for w in WITHDRAWAL_WORDS {
        for form in [format!("（{w}）"), format!("({w})"), w.to_string()] {
            if s.contains(&form) {
                s = s.replace(&form, "");
                marked = true;
            }
        }
    }
    (s.trim().to_string(), marked)
}

fn is_bye(right: &str) -> bool {
    right.trim().is_empty() || BYE_WORDS.contains(&right.trim())
}

/// Reads a section's round workbook into games, the bye and withdrawals, with findings for
/// unknown names; the flag is `false` when a row could not be understood.
pub(super) fn read_round(
    sheet: &RoundSheet,
    entrants: &[Entrant],
    findings: &mut Findings,
) -> (XqRoundData, bool) {
    let mut data = XqRoundData::default();
    let mut ok = true;
    let Rows::Individual(rows) = &sheet.rows else {
        return (data, false);
    };
    let round = sheet.marker.round;
    let lookup = entrants::Lookup::new(entrants);
    for r in rows {
        let src = |c: u32| Source::cell(&sheet.file, &sheet.sheet, r.row, c);
        let unknown = |c: u32, who: &str| {
            Finding::new(
                Code::ResultPairingChanged,
                src(c),
                format!("第{round}轮：“{who}”不是本组棋手"),
                format!("round {round}: {who:?} is not an entrant of the section"),
            )
        };
        let (left_text, left_out) = strip_withdrawal(&r.left);
        let Some(left) = lookup.find(&left_text) else {
            findings.push(unknown(1, &r.left));
            ok = false;
            continue;
        };
        if left_out {
            data.withdrawn.push(left);
        }
        if is_bye(&r.right) {
            data.bye = Some(left);
            continue;
        }
        let (right_text, right_out) = strip_withdrawal(&r.right);
        let Some(right) = lookup.find(&right_text) else {
            findings.push(unknown(3, &r.right));
            ok = false;
            continue;
        };
        if right_out {
            data.withdrawn.push(right);
        }
        data.games.push((left, right, r.result.valid()));
        if let ResultCell::Invalid(_) = r.result {
            ok = false;
        }
    }
    data.withdrawn.sort_unstable();
    data.withdrawn.dedup();
    (data, ok)
}

/// The rows of a section's round workbook as the arbiter left them.
pub(super) fn lines_of(sheet: &RoundSheet) -> Lines {
    let Rows::Individual(rows) = &sheet.rows else {
        return Lines::Individual(Vec::new());
    };
    Lines::Individual(
        rows.iter()
            .map(|r| IndividualLine {
                board: r.board.unwrap_or(0),
                left: r.left.clone(),
                result: r.result.valid(),
                right: (!is_bye(&r.right)).then(|| r.right.clone()),
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn withdrawal_marks_are_stripped() {
        assert_eq!(
            strip_withdrawal("张三（北京市）退赛"),
            ("张三（北京市）".to_string(), true)
        );
        assert_eq!(
            strip_withdrawal(" 张三（北京市）（退赛） "),
            ("张三（北京市）".to_string(), true)
        );
        assert_eq!(strip_withdrawal("弃赛 李四"), ("李四".to_string(), true));
        assert_eq!(
            strip_withdrawal("张三（北京市）"),
            ("张三（北京市）".to_string(), false)
        );
    }
}
