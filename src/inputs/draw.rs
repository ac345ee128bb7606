//! The draw workbook (`results/draw.xlsx`): the team numbers bianpai drew for a round robin,
//! recorded once and never overwritten, so that a later run keeps them.

use crate::ingest::LoadedFile;
use crate::rounds::marker::{Marker, SHEET};

/// The team numbers a draw workbook records.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Draw {
    /// The workbook, relative to the event folder (the source of its findings).
    pub path: String,
    /// Team names in number order (`teams[i]` is number `i + 1`).
    pub teams: Vec<String>,
}

/// The draw: the first file whose marker names the draw (`stage`: `draw`, `draw:<section>`). Its first sheet besides the marker
/// lists number and team from the third row on (under the title and the header, as
/// `report::season::league` writes it); rows without both are skipped. `None` when no file
/// is the draw, or the first one has no such sheet.
pub(super) fn read<'a>(
    files: impl IntoIterator<Item = &'a LoadedFile>,
    stage: &str,
) -> Option<Draw> {
    let f = files.into_iter().find(|f| {
        f.tables
            .iter()
            .find_map(Marker::from_table)
            .is_some_and(|m| m.stage == stage)
    })?;
    let t = f.tables.iter().find(|t| &*t.sheet != SHEET)?;
    let mut numbered: Vec<(u32, String)> = Vec::new();
    for r in 2..t.height() {
        let no = t.get(r, 0).display().trim().parse::<u32>().ok();
        let name = t.get(r, 1).display().trim().to_string();
        if let (Some(no), false) = (no, name.is_empty()) {
            numbered.push((no, name));
        }
    }
    numbered.sort();
    Some(Draw {
        path: f.path.clone(),
        teams: numbered.into_iter().map(|(_, n)| n).collect(),
    })
}
