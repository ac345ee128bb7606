//! Results changed after a later round was paired from them (issue 47): each round workbook
//! bianpai writes records in its marker sheet the results of the stage's (section's) earlier
//! rounds as they stood ([`crate::rounds::marker::RecordedResult`]: an individual round's
//! boards by their white player, a team round's boards by match, board and home team). A
//! result that reads otherwise now is `result.changed` at its cell: an error, or a warning citing the
//! arbiter's ruling (`decision = "result-changed"`, `round` = the round of the result, `stage`
//! absent or naming the stage or section), which puts it on record (TRF `###`, results book).

use crate::event::{Decision, Event, Ruling};
use crate::findings::{Code, Finding, Findings, Source};
use crate::rounds::lines::Lines;
use crate::rounds::marker::RecordedResult;
use crate::rounds::sheet::{RoundSheet, Rows};
use crate::season::RoundPaper;

/// The results of the papers before `p` in its stage, as the rows read now: what a fresh
/// round workbook records.
pub fn earlier_results(papers: &[RoundPaper], p: &RoundPaper) -> Vec<RecordedResult> {
    let mut out = Vec::new();
    for q in papers {
        if q.fresh || q.marker.stage != p.marker.stage || q.marker.round >= p.marker.round {
            continue;
        }
        // (board, left, result, match) of each line.
        let rows: Vec<_> = match &q.lines {
            Lines::Individual(lines) => lines
                .iter()
                .map(|l| (l.board, &l.left, l.result, None))
                .collect(),
            Lines::Team(lines) => lines
                .iter()
                .map(|l| (l.board, &l.home_team, l.result, Some(l.match_no)))
                .collect(),
        };
        out.extend(
            rows.into_iter()
                .filter_map(|(board, left, result, match_no)| {
                    Some(RecordedResult {
                        round: q.marker.round,
                        board,
                        left: left.clone(),
                        value: format!("{:?}", result?),
                        match_no,
                    })
                }),
        );
    }
    out
}

/// The row of `sheet` a recorded result names, its result as it reads now and the column of
/// its result cell: an individual round's board by its white player, a team round's by match,
/// board and home team (the home player's result, by the colour its row states).
fn now_reads(sheet: &RoundSheet, rec: &RecordedResult) -> Option<(u32, String, u32)> {
    let shown =
        |r: Option<crate::model::GameResult>| r.map(|g| format!("{g:?}")).unwrap_or_default();
    match (&sheet.rows, rec.match_no) {
        (Rows::Individual(rows), None) => rows
            .iter()
            .find(|r| r.board.unwrap_or(0) == rec.board && r.left == rec.left)
            .map(|r| (r.row, shown(r.result.valid()), 2)),
        (Rows::Team(rows), Some(m)) => rows
            .iter()
            .find(|r| {
                r.match_no == Some(m)
                    && r.board.unwrap_or(0) == rec.board
                    && r.home_team == rec.left
            })
            .map(|r| (r.row, shown(r.result.for_left(r.home_colour)), 5)),
        _ => None,
    }
}

/// The `result-changed` ruling for a round of a marker's stage.
fn ruling<'a>(event: &'a Event, stage: &str, round: u32) -> Option<&'a Ruling> {
    event.rulings().iter().find(|r| {
        r.decision == Decision::ResultChanged
            && r.round == Some(round)
            && r.stage.as_deref().is_none_or(|s| {
                let s = s.trim();
                s == stage || stage.split(':').any(|part| part == s)
            })
    })
}

/// Compares the results each workbook recorded with the earlier rounds' workbooks as they read
/// now; one `result.changed` per changed result (once, however many later workbooks recorded it).
pub fn check(event: &Event, sheets: &[RoundSheet], findings: &mut Findings) {
    let mut seen: Vec<(String, u32, Option<u32>, u32)> = Vec::new();
    for later in sheets.iter().filter(|s| !s.results.is_empty()) {
        let stage = &later.marker.stage;
        for rec in &later.results {
            let Some(earlier) = sheets
                .iter()
                .find(|s| s.marker.stage == *stage && s.marker.round == rec.round)
            else {
                continue;
            };
            let Some((row, now, col)) = now_reads(earlier, rec) else {
                continue;
            };
            let key = (stage.clone(), rec.round, rec.match_no, rec.board);
            if now == rec.value || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            let cell = Source::cell(earlier.file.clone(), earlier.sheet.clone(), row, col);
            findings.push(finding(event, earlier, later, rec, cell, &now));
        }
    }
}

fn finding(
    event: &Event,
    earlier: &RoundSheet,
    later: &RoundSheet,
    rec: &RecordedResult,
    source: Source,
    now: &str,
) -> Finding {
    let (q, r) = (rec.round, later.marker.round);
    let (then, now) = (rec.value.as_str(), if now.is_empty() { "—" } else { now });
    let (board, board_en) = match rec.match_no {
        Some(m) => (
            format!("第{m}场第{}台", rec.board),
            format!("match {m} board {}", rec.board),
        ),
        None => (format!("第{}台", rec.board), format!("board {}", rec.board)),
    };
    match ruling(event, &earlier.marker.stage, q) {
        Some(rl) => {
            let mut f = Finding::new(
                Code::ResultChanged,
                source,
                format!(
                    "第{q}轮{board}成绩在编排第{r}轮（{}）后由 {then} 改为 {now}；已由裁判长裁定（event.toml 第{}行）",
                    later.file, rl.line
                ),
                format!(
                    "round {q} {board_en}: the result was {then} when round {r} ({}) was paired, now {now}; ruled by the arbiter (event.toml line {})",
                    later.file, rl.line
                ),
            )
            .severity(crate::findings::Severity::Warning);
            if let Some(c) = rl.clause.as_deref() {
                f = f.clause(c);
            }
            f
        }
        None => Finding::new(
            Code::ResultChanged,
            source,
            format!(
                "第{q}轮{board}成绩在编排第{r}轮（{}）后由 {then} 改为 {now}：如属裁判长决定，请在 event.toml 中加入 [[rulings]] decision = \"result-changed\", round = {q}, note = \"…\"",
                later.file
            ),
            format!(
                "round {q} {board_en}: the result was {then} when round {r} ({}) was paired, now {now}: the arbiter rules on it in event.toml ([[rulings]] decision = \"result-changed\", round = {q}, note = \"...\")",
                later.file
            ),
        ),
    }
}
