//! The event cannot shrink under played rounds (issue 46 point 3): a round workbook of a stage
//! or section that event.toml no longer has, or with more boards than `[boards]` now lists,
//! means event.toml was changed after that round was paired. Read on, the round would be
//! dropped or cut (and places and prizes would move) without a word; so the run is refused
//! (exit 2, nothing written), naming the key and the workbook. The arbiter restores the
//! setting or moves the workbook out of the folder. `rounds` lowered below a played round is
//! refused by [`super::walk::within_planned`] the same way.

use crate::event::Event;
use crate::rounds::sheet::{RoundSheet, Rows};

use super::league::DRAW_STAGE;

/// Refuses an event shrunk under its round workbooks: a workbook whose marker names a stage or
/// section the event no longer plays, or a team round holding a board beyond `[boards]`.
///
/// # Errors
///
/// [`EventError::Invalid`] at `stages`, `sections`, `stages[<id>].sections` or `boards.boards`.
pub(crate) fn check(event: &Event, sheets: &[RoundSheet]) -> crate::Result<()> {
    // Stage order, then round, then file: the first workbook named is the earliest round.
    let stage_at = |s: &RoundSheet| {
        let id = s.marker.stage.split(':').next().unwrap_or_default();
        event.stages().iter().position(|st| st.id == id)
    };
    let mut order: Vec<&RoundSheet> = sheets.iter().collect();
    order.sort_by_cached_key(|s| {
        (
            stage_at(s).unwrap_or(usize::MAX),
            s.marker.round,
            s.file.clone(),
        )
    });
    for sheet in &order {
        if let Some((key, zh, en)) = vanished(event, sheet) {
            return Err(super::refusal(key, zh, en));
        }
    }
    if let Some(rules) = event.boards() {
        let count = rules.count();
        let beyond = order.iter().find_map(|s| {
            let Rows::Team(rows) = &s.rows else {
                return None;
            };
            let most = rows.iter().filter_map(|r| r.board).max()?;
            (most as usize > count).then_some((s, most))
        });
        if let Some((sheet, most)) = beyond {
            let (file, r) = (&sheet.file, sheet.marker.round);
            return Err(super::refusal(
                "boards.boards".into(),
                format!(
                    "[boards] 只列了 {count} 台，但 {file}（第{r}轮）有第{most}台的对局；\
                     已进行的对局不能删去：请把台次改回至少 {most} 台，或把该成绩表移出赛事文件夹"
                ),
                format!(
                    "[boards] lists {count} boards, but {file} (round {r}) holds a game on \
                     board {most}: games already paired cannot be dropped; list at least {most} \
                     boards again, or move the workbook out of the event folder"
                ),
            ));
        }
    }
    Ok(())
}

/// The key and the texts when `sheet`'s marker names a stage or section the event no longer
/// plays; `None` when it still does (or is the draw).
fn vanished(event: &Event, sheet: &RoundSheet) -> Option<(String, String, String)> {
    let (stage_id, section_id) = match sheet.marker.stage.split_once(':') {
        Some((st, sec)) => (st, Some(sec)),
        None => (sheet.marker.stage.as_str(), None),
    };
    let (file, r) = (&sheet.file, sheet.marker.round);
    let keep = "已进行的轮次不能删去";
    let keep_en = "a round already paired cannot be dropped";
    // A stage or section event.toml no longer has.
    let gone = |key: &str, what: (&str, &str), id: &str| {
        let (zh, en) = what;
        Some((
            key.to_string(),
            format!(
                "{file} 是{zh}“{id}”第{r}轮的成绩表，但 event.toml 已没有这个{zh}；\
                 {keep}：请把该{zh}加回，或把该成绩表移出赛事文件夹"
            ),
            format!(
                "{file} is the workbook of round {r} of {en} {id:?}, which event.toml no longer \
                 has: {keep_en}; put the {en} back, or move the workbook out of the event folder"
            ),
        ))
    };
    if stage_id != DRAW_STAGE && event.stage(stage_id).is_none() {
        return gone("stages", ("阶段", "stage"), stage_id);
    }
    let section_id = section_id?;
    if event.section(section_id).is_none() {
        return gone("sections", ("组别", "section"), section_id);
    }
    let stage = event.stage(stage_id)?;
    (!stage.plays(section_id)).then(|| {
        (
            format!("stages[{stage_id}].sections"),
            format!(
                "{file} 是组别“{section_id}”第{r}轮的成绩表，但本阶段的 sections 已不含这个组别；\
                 {keep}：请把“{section_id}”加回 sections，或把该成绩表移出赛事文件夹"
            ),
            format!(
                "{file} is the workbook of round {r} of section {section_id:?}, which the \
                 stage's sections no longer list: {keep_en}; list {section_id:?} again, or move \
                 the workbook out of the event folder"
            ),
        )
    })
}
