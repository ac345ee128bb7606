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
/// one.
///
/// # Errors
///
/// As [`StageRounds::pair`].
pub(super) fn walk(
    sheets: &[RoundSheet],
    marker_stage: &str,
    planned: u32,
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
            let (paper, complete) = rounds.read(r, sheet, findings);
            papers.push(paper);
            if complete {
                continue;
            }
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
