//! Moving aside the round 1 workbooks that a new pairing replaces ([`crate::season`]'s unused
//! round 1 whose pairing no longer follows from the roster): each goes to
//! `results/superseded/` under its own name, or the first free `<stem>（2）.xlsx`, … (never
//! deleted, never overwritten), with a `round.superseded-workbook` finding naming both files.

use std::path::Path;

use crate::findings::{Code, Finding, Findings, Source};
use crate::{Error, Result};

/// The folder the replaced workbooks go to, under `results/`.
pub const SUPERSEDED_DIR: &str = crate::ingest::SUPERSEDED_DIR;

/// Moves every workbook a paper of `outcome` replaces and says so.
///
/// # Errors
///
/// [`Error::Io`] naming the workbook that could not be moved (the run stops before writing the
/// new pairing over it).
pub fn move_replaced(
    dir: &Path,
    outcome: &mut crate::outcome::EventOutcome,
    findings: &mut Findings,
) -> Result<()> {
    for papers in outcome.papers_mut() {
        for p in papers.iter_mut() {
            let Some(old) = p.replaces.clone() else {
                continue;
            };
            let from = dir.join(&old);
            let Some(name) = Path::new(&old).file_name().and_then(|n| n.to_str()) else {
                continue;
            };
            let folder = dir.join("results").join(SUPERSEDED_DIR);
            std::fs::create_dir_all(&folder).map_err(|e| Error::io(&folder, e))?;
            let to = free_name(&folder, name);
            std::fs::rename(&from, folder.join(&to)).map_err(|e| Error::io(&from, e))?;
            let moved = format!("results/{SUPERSEDED_DIR}/{to}");
            let round = p.round();
            findings.push(Finding::new(
                Code::RoundSupersededWorkbook,
                Source::file(&old),
                format!(
                    "{old} 尚未录入成绩，其第{round}轮编排与现在的报名名单和排序不符：已移至 {moved}（保留备查），按现在的名单重新编排并写出 {old}"
                ),
                format!(
                    "{old} had no result typed and its round {round} pairing no longer follows from the entries and seeding: moved to {moved} (kept), round {round} paired again into {old}"
                ),
            ));
        }
    }
    Ok(())
}

/// `name` when nothing in `folder` has it, else `<stem>（2）<ext>`, `<stem>（3）<ext>`, …
fn free_name(folder: &Path, name: &str) -> String {
    let (stem, ext) = name.rsplit_once('.').unwrap_or((name, ""));
    let dot = if ext.is_empty() { "" } else { "." };
    let mut n = 1u32;
    let mut candidate = name.to_string();
    while folder.join(&candidate).exists() && n < u32::MAX {
        n += 1;
        candidate = format!("{stem}（{n}）{dot}{ext}");
    }
    candidate
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbered_when_taken() {
        let tmp = tempfile::tempdir().unwrap();
        assert_eq!(free_name(tmp.path(), "r01.xlsx"), "r01.xlsx");
        std::fs::write(tmp.path().join("r01.xlsx"), b"x").unwrap();
        assert_eq!(free_name(tmp.path(), "r01.xlsx"), "r01（2）.xlsx");
        std::fs::write(tmp.path().join("r01（2）.xlsx"), b"x").unwrap();
        assert_eq!(free_name(tmp.path(), "r01.xlsx"), "r01（3）.xlsx");
    }
}
