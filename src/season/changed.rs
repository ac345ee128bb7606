//! Results changed after a later round was paired from them (issue 47): each round workbook
//! bianpai writes records in its marker sheet the results of the section's earlier rounds as
//! they stood ([`crate::rounds::marker::RecordedResult`], individual sections). A result that
//! reads otherwise now is `result.changed` at its cell: an error, or a warning citing the
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
        let Lines::Individual(lines) = &q.lines else {
            continue;
        };
        out.extend(lines.iter().filter_map(|l| {
            Some(RecordedResult {
                round: q.marker.round,
                board: l.board,
                left: l.left.clone(),
                value: format!("{:?}", l.result?),
            })
        }));
    }
    out
}

/// The `result-changed` ruling for a round of a marker's stage.
fn ruling<'a>(event: &'a Event, stage: &str, round: u32) -> Option<&'a Ruling> {
    event.rulings.iter().find(|r| {
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
    let mut seen: Vec<(String, u32, u32)> = Vec::new();
    for later in sheets.iter().filter(|s| !s.results.is_empty()) {
        let stage = &later.marker.stage;
        for rec in &later.results {
            let Some(earlier) = sheets
                .iter()
                .find(|s| s.marker.stage == *stage && s.marker.round == rec.round)
            else {
                continue;
            };
            let Rows::Individual(rows) = &earlier.rows else {
                continue;
            };
            let Some(row) = rows
                .iter()
                .find(|r| r.board.unwrap_or(0) == rec.board && r.left == rec.left)
            else {
                continue;
            };
            let now = row
                .result
                .valid()
                .map(|g| format!("{g:?}"))
                .unwrap_or_default();
            let key = (stage.clone(), rec.round, rec.board);
            if now == rec.value || seen.contains(&key) {
                continue;
            }
            seen.push(key);
            findings.push(finding(event, earlier, later, rec, row.row, &now));
        }
    }
}

fn finding(
    event: &Event,
    earlier: &RoundSheet,
    later: &RoundSheet,
    rec: &RecordedResult,
    row: u32,
    now: &str,
) -> Finding {
    let (q, r, board) = (rec.round, later.marker.round, rec.board);
    let (then, now) = (rec.value.as_str(), if now.is_empty() { "—" } else { now });
    let source = Source::cell(earlier.file.clone(), earlier.sheet.clone(), row, 2);
    match ruling(event, &earlier.marker.stage, q) {
        Some(rl) => {
            let mut f = Finding::new(
                Code::ResultChanged,
                source,
                format!(
                    "第{q}轮第{board}台成绩在编排第{r}轮（{}）后由 {then} 改为 {now}；已由裁判长裁定（event.toml 第{}行）",
                    later.file, rl.line
                ),
                format!(
                    "round {q} board {board}: the result was {then} when round {r} ({}) was paired, now {now}; ruled by the arbiter (event.toml line {})",
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
                "第{q}轮第{board}台成绩在编排第{r}轮（{}）后由 {then} 改为 {now}：如属裁判长决定，请在 event.toml 中加入 [[rulings]] decision = \"result-changed\", round = {q}, note = \"…\"",
                later.file
            ),
            format!(
                "round {q} board {board}: the result was {then} when round {r} ({}) was paired, now {now}: the arbiter rules on it in event.toml ([[rulings]] decision = \"result-changed\", round = {q}, note = \"...\")",
                later.file
            ),
        ),
    }
}
