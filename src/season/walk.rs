//! The round walker: one loop for every stage kind that is played a round at a time (the team
//! round robin, the team Swiss, each section of an individual Swiss).
//!
//! The rule is the same everywhere (SPEC §5, the round workbooks): round N's workbook is written
//! once round N-1 is complete, round 1 at once; a workbook that exists is the arbiter's and is
//! only read back. So the walk reads the stage's workbooks in round order while each is
//! complete, and pairs the first round that has none. What "read" and "pair" mean is the stage
//! kind's ([`StageRounds`]): a fixed Berger schedule, the team Swiss engine, the xiangqi engine.
//! The knockout finals are not walked: a bracket round is decided by the whole bracket read so
//! far (a play-off, a walkover), so [`super::finals`] reads every workbook first.

use crate::Result;
use crate::findings::Findings;
use crate::rounds::sheet::RoundSheet;

use super::RoundPaper;

/// What a stage kind does with one of its rounds.
pub(super) trait StageRounds {
    /// Reads round `r` back from its workbook: the paper to print and whether the round is
    /// complete (every result in and the pairing as it should be). The walk goes on to the
    /// next round only after a complete one.
    fn read(&mut self, r: u32, sheet: &RoundSheet, findings: &mut Findings) -> (RoundPaper, bool);

    /// Pairs round `r`, every earlier round being complete: its paper, or `None` when it
    /// cannot be paired (the stage says why in a finding).
    ///
    /// # Errors
    ///
    /// As the stage's pairing: a schedule that cannot be made.
    fn pair(&mut self, r: u32, findings: &mut Findings) -> Result<Option<RoundPaper>>;
}

/// The papers of a walk and the last round paired (0 when none).
pub(super) struct Walked {
    /// The rounds read back, then the round paired now, in round order.
    pub papers: Vec<RoundPaper>,
    /// The last round with a workbook or a new pairing.
    pub paired: u32,
}

/// Walks rounds `1..=planned` of the stage whose workbooks carry `marker_stage`: reads each
/// round's workbook while the rounds before are complete, and pairs the first round without
/// one. A round 1 workbook nobody has used whose pairing no longer follows from the roster is
/// paired again ([`super::stale`]); with `hold_first` (`[draw] pair = false`) round 1 is not
/// paired at all until the organizer says so.
///
/// # Errors
///
/// As [`StageRounds::pair`].
pub(super) fn walk(
    sheets: &[RoundSheet],
    marker_stage: &str,
    planned: u32,
    hold_first: bool,
    rounds: &mut impl StageRounds,
    findings: &mut Findings,
) -> Result<Walked> {
    let mut papers = Vec::new();
    let mut paired = 0;
    for r in 1..=planned {
        let sheet = sheets
            .iter()
            .find(|s| s.marker.stage == marker_stage && s.marker.round == r);
        if let Some(sheet) = sheet {
            paired = r;
            if r == 1
                && let Some(fresh) = repaired(sheet, rounds)?
            {
                papers.push(fresh.0);
                findings.extend(fresh.1.into_vec());
                break;
            }
            let (paper, complete) = rounds.read(r, sheet, findings);
            papers.push(paper);
            if complete {
                continue;
            }
            break;
        }
        if r == 1 && hold_first {
            break;
        }
        if let Some(paper) = rounds.pair(r, findings)? {
            papers.push(paper);
            paired = r;
        }
        break;
    }
    Ok(Walked { papers, paired })
}

/// The new pairing of round 1 and its findings, when its workbook `sheet` is unused and its
/// pairing is no longer the one the roster gives ([`super::stale`]); the paper names the
/// workbook it replaces.
fn repaired(
    sheet: &RoundSheet,
    rounds: &mut impl StageRounds,
) -> Result<Option<(RoundPaper, Findings)>> {
    if !super::stale::unused(sheet) {
        return Ok(None);
    }
    let mut found = Findings::new();
    let Some(mut fresh) = rounds.pair(1, &mut found)? else {
        return Ok(None);
    };
    // Only the workbook at the name bianpai gave it is moved (not a renamed copy, not a member
    // of a zip).
    if sheet.file != format!("results/{}.xlsx", fresh.file)
        || !super::stale::replaced_by(sheet, &fresh.lines)
    {
        return Ok(None);
    }
    fresh.replaces = Some(sheet.file.clone());
    Ok(Some((fresh, found)))
}

/// Refuses a stage shrunk under its played rounds: a workbook of the stage
/// for a round beyond `planned` means `rounds` was lowered after that round was paired, which
/// would drop it (and move places and prizes) silently. The error names the key and the
/// workbook; the arbiter restores `rounds` or moves the workbook out of the folder.
///
/// # Errors
///
/// [`crate::event::EventError::Invalid`] at `stages[<id>].rounds`.
pub(super) fn within_planned(
    sheets: &[RoundSheet],
    marker_stage: &str,
    stage_id: &str,
    planned: u32,
) -> Result<()> {
    let Some(sheet) = sheets
        .iter()
        .filter(|s| s.marker.stage == marker_stage && s.marker.round > planned)
        .max_by_key(|s| s.marker.round)
    else {
        return Ok(());
    };
    let (r, file) = (sheet.marker.round, &sheet.file);
    Err(crate::event::EventError::Invalid {
        path: crate::event::EVENT_FILE.into(),
        key: format!("stages[{stage_id}].rounds"),
        line: 0,
        column: 0,
        message: format!(
            "本阶段只安排 {planned} 轮，但 {file} 已是第{r}轮的成绩表；已进行的轮次不能删去：\
             请把 rounds 改回至少 {r}，或把该成绩表移出赛事文件夹 (the stage has {planned} \
             rounds, but {file} is the workbook of round {r}: a round already paired cannot be \
             dropped; set rounds to at least {r}, or move the workbook out of the event folder)"
        ),
    }
    .into())
}
