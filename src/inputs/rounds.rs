//! Which round workbooks count (SPEC §2, §6; issue 17): one file per stage and round, the one
//! under `results/` named as bianpai named it (`results/r03.xlsx`, `results/finals-r02.xlsx`,
//! `results/<section>-r01.xlsx`, `results/draw.xlsx`).
//!
//! - Any other file whose marker claims the same stage and round (a copy `r01 (2).xlsx`, a
//!   re-save as `.xls`, a file in a sub-folder or a zip) is `round.duplicate-workbook`, an
//!   error naming both files; the canonical one is read.
//! - When the canonical file is gone and exactly one other claims the round, that one is read
//!   with a `round.renamed-workbook` warning; when several do, the first by path is read and
//!   each other is a duplicate.
//! - A file named as a round workbook (`rNN`, `<id>-rNN`) whose marker names another round or
//!   stage is `round.marker-mismatch`, an error; it is not read.
//! - A round workbook found only outside `results/` (a team's folder, a zip) is
//!   `round.outside-results`, an error; it is not read and its round is not paired again.
//! - A round missing while a later round of its stage is there is `round.missing-workbook`, an
//!   error ([`gaps`]); that round is not paired again.

use std::collections::BTreeMap;

use crate::event::{Event, System};
use crate::findings::{Code, Finding, Findings, Source};
use crate::ingest::LoadedFile;
use crate::rounds::marker::Marker;
use crate::rounds::sheet::{self, RoundSheet};

use super::{Inputs, Part};
use crate::season::league::DRAW_STAGE;

/// The canonical path of the round workbook a marker describes, when its stage is known.
pub fn canonical_path(marker: &Marker, event: &Event) -> Option<String> {
    Some(format!("results/{}.xlsx", canonical_stem(marker, event)?))
}

fn canonical_stem(marker: &Marker, event: &Event) -> Option<String> {
    if marker.stage == DRAW_STAGE {
        return Some("draw".into());
    }
    let r = marker.round;
    if let Some((stage, section)) = marker.stage.split_once(':') {
        // A team section's draw and rounds in an event of several team sections.
        let team = event
            .section(section)
            .is_some_and(|s| s.entrant == crate::event::Entrant::Team);
        if stage == DRAW_STAGE && team {
            return Some(format!("{section}-draw"));
        }
        let stage = event.stages().iter().find(|s| s.id == stage)?;
        if team {
            return Some(crate::event::round_stem(stage, Some(section), r));
        }
        return Some(format!("{section}-r{r:02}"));
    }
    let stage = event.stages().iter().find(|s| s.id == marker.stage)?;
    Some(
        if matches!(stage.system, System::RoundRobin | System::TeamSwiss) {
            format!("r{r:02}")
        } else {
            format!("{}-r{r:02}", stage.id)
        },
    )
}

/// The stem of a file name that reads as a round workbook's (`r01`, `finals-r02`, `draw`),
/// directly under `results/`.
fn round_like_stem(path: &str) -> Option<&str> {
    let name = path.strip_prefix("results/")?;
    if name.contains('/') {
        return None;
    }
    let stem = name.rsplit_once('.').map_or(name, |(s, _)| s);
    if stem == "draw" || stem.ends_with("-draw") {
        return Some(stem);
    }
    let tail = stem.rsplit('-').next().unwrap_or(stem);
    let digits = tail.strip_prefix('r')?;
    (!digits.is_empty() && digits.chars().all(|c| c.is_ascii_digit())).then_some(stem)
}

fn label(marker: &Marker) -> (String, String) {
    if marker.stage == DRAW_STAGE {
        return ("抽签表".into(), "the draw".into());
    }
    let r = marker.round;
    (
        format!("{} 第{r}轮", marker.stage),
        format!("{} round {r}", marker.stage),
    )
}

/// A round sheet copied without its marker sheet: recognised by its title (the stage or
/// section name and `第N轮`) and header row, read with a `round.unmarked-workbook` warning.
fn unmarked(f: &LoadedFile, event: &Event, findings: &mut Findings) -> Option<RoundSheet> {
    let (title, round) = sheet::unmarked_title(&f.tables)?;
    // The stage or section named in the title (the longest name that occurs).
    let mut named: Vec<(String, &str)> = Vec::new();
    for st in event.stages() {
        if st.sections.is_empty() {
            named.push((st.id.to_string(), st.name.as_str()));
            named.push((st.id.to_string(), st.id.as_str()));
        }
        for sec in &st.sections {
            if let Some(s) = event.sections().iter().find(|s| &s.id == sec) {
                named.push((format!("{}:{}", st.id, s.id), s.name.as_str()));
                named.push((format!("{}:{}", st.id, s.id), s.id.as_str()));
            }
        }
    }
    let stage = named
        .iter()
        .filter(|(_, n)| !n.is_empty() && title.contains(*n))
        .max_by_key(|(_, n)| n.chars().count())
        .map(|(id, _)| id.clone())?;
    let marker = Marker {
        event: event.meta().name.clone(),
        stage,
        round,
    };
    let s = sheet::read_unmarked(&f.tables, marker, event.meta().sport, findings)?;
    let (zh, en) = label(&s.marker);
    findings.push(Finding::new(
        Code::RoundUnmarkedWorkbook,
        Source::file(&f.path),
        format!("{} 没有 bianpai 的标记（可能是把成绩表复制到了新工作簿），按标题和表头识别为{zh}的成绩表并读取，对阵按编排核对", f.path),
        format!("{} has no bianpai marker (the sheet was perhaps copied into a new workbook); its title and header make it the workbook of {en}: read, its pairing checked", f.path),
    ));
    Some(s)
}

/// Puts the round workbooks that count into `out` (the draw's as [`Part::Draw`], the others
/// set aside as [`Part::SetAside`]), with the findings of duplicates, renamed copies and
/// contradicting markers; returns the other files (borrowed: they hold every table read).
pub(super) fn recognise<'a>(
    files: &'a [LoadedFile],
    event: &Event,
    findings: &mut Findings,
    out: &mut Inputs,
) -> Vec<&'a LoadedFile> {
    let mut others = Vec::new();
    let mut groups: BTreeMap<(String, u32), Vec<RoundSheet>> = BTreeMap::new();
    // Each file is read on the machine's cores (a pure function of the file), its findings
    // merged below in file order: the same order as on one thread.
    let read = crate::par::map(files, |f| {
        let mut found = Findings::new();
        let s = sheet::read(f, event.meta().sport, &mut found)
            .or_else(|| unmarked(f, event, &mut found));
        (s, found)
    });
    for (f, (s, found)) in files.iter().zip(read) {
        findings.extend(found.into_vec());
        let Some(s) = s else {
            others.push(f);
            continue;
        };
        if s.marker.event.trim() != event.meta().name.trim() {
            let (marker, name) = (&s.marker.event, &event.meta().name);
            findings.push(Finding::new(
                Code::RoundForeignEvent,
                Source::file(&f.path),
                format!("{}：标记写的是另一项赛事“{marker}”，不是“{name}”，未读取；请换回本赛事的成绩表（如是赛事改了名，请把 event.toml 的 name 改回原名）", f.path),
                format!("{}: its marker names another event, {marker:?}, not {name:?}; not read: put back this event's workbook (if the event was renamed, restore its name in event.toml)", f.path),
            ));
            out.files.push((f.path.clone(), Part::SetAside));
            continue;
        }
        let want = canonical_stem(&s.marker, event);
        if let (Some(stem), Some(want)) = (round_like_stem(&f.path), &want)
            && stem != want
        {
            let (zh, en) = label(&s.marker);
            findings.push(Finding::new(
                Code::RoundMarkerMismatch,
                Source::file(&f.path),
                format!("{}：文件名与其中的标记（{zh}）不符，未读取；请恢复原文件名 results/{want}.xlsx 或换回原来的文件", f.path),
                format!("{}: the file name contradicts its marker ({en}); not read: restore the name results/{want}.xlsx or the original file", f.path),
            ));
            out.files.push((f.path.clone(), Part::SetAside));
            continue;
        }
        groups
            .entry((s.marker.stage.clone(), s.marker.round))
            .or_default()
            .push(s);
    }
    for (_, mut group) in groups {
        group.sort_by(|a, b| a.file.cmp(&b.file));
        let Some(canonical) = group.first().map(|s| canonical_path(&s.marker, event)) else {
            continue;
        };
        // The canonical file, else one under results/; a round workbook found only outside
        // results/ (a team's folder, a zip) is never read: the arbiter moves it back.
        let inside = |s: &RoundSheet| s.file.starts_with("results/");
        let pos = group
            .iter()
            .position(|s| Some(&s.file) == canonical.as_ref())
            .or_else(|| group.iter().position(inside));
        let pos = match pos {
            Some(pos) => pos,
            None if group[0].marker.stage == DRAW_STAGE => 0,
            None => {
                outside_results(group, canonical.as_deref(), findings, out);
                continue;
            }
        };
        let read = group.remove(pos);
        let (zh, en) = label(&read.marker);
        let name = canonical.clone().unwrap_or_else(|| read.file.clone());
        if Some(&read.file) != canonical.as_ref() && group.is_empty() {
            findings.push(Finding::new(
                Code::RoundRenamedWorkbook,
                Source::file(&read.file),
                format!(
                    "{zh}的成绩表应为 {name}，现读取 {}；请把它移回 {name}",
                    read.file
                ),
                format!(
                    "the workbook of {en} should be {name}; {} is read: move it back to {name}",
                    read.file
                ),
            ));
        }
        for other in group {
            findings.push(Finding::new(
                Code::RoundDuplicateWorkbook,
                Source::file(&other.file),
                format!(
                    "{} 与 {} 都是{zh}的成绩表；只读取 {}，请删除或移走 {}",
                    other.file, read.file, read.file, other.file
                ),
                format!(
                    "{} and {} are both the workbook of {en}; only {} is read: delete or move {}",
                    other.file, read.file, read.file, other.file
                ),
            ));
            out.files.push((other.file, Part::SetAside));
        }
        if read.marker.stage == DRAW_STAGE || read.marker.stage.starts_with("draw:") {
            out.files.push((read.file, Part::Draw));
        } else {
            out.files.push((read.file.clone(), Part::Round));
            out.rounds.push(read);
        }
    }
    others
}

/// Round workbooks of one round found only outside `results/`: each a
/// `round.outside-results` error, set aside; the round is held (not paired again) until the
/// arbiter moves the workbook back.
fn outside_results(
    group: Vec<RoundSheet>,
    canonical: Option<&str>,
    findings: &mut Findings,
    out: &mut Inputs,
) {
    for s in group {
        let (zh, en) = label(&s.marker);
        let name = canonical.unwrap_or("results/");
        findings.push(Finding::new(
            Code::RoundOutsideResults,
            Source::file(&s.file),
            format!(
                "{} 带有{zh}成绩表的标记，但不在 results/ 文件夹中，未读取，该轮也不重新编排；如这是本赛事的成绩表，请把它移到 {name}",
                s.file
            ),
            format!(
                "{} carries the marker of the workbook of {en} but is not in the results/ folder: not read, and the round is not paired again; if it is this event's workbook, move it to {name}",
                s.file
            ),
        ));
        if !out.held.contains(&(s.marker.stage.clone(), s.marker.round)) {
            out.held.push((s.marker.stage.clone(), s.marker.round));
        }
        out.files.push((s.file, Part::SetAside));
    }
}

/// The rounds missing before a later round of the same stage (`(marker stage, round)`), each
/// with a `round.missing-workbook` error naming the file to put back.
pub fn gaps(rounds: &[RoundSheet], event: &Event, findings: &mut Findings) -> Vec<(String, u32)> {
    let mut last: BTreeMap<&str, u32> = BTreeMap::new();
    // The draw is not among the rounds (`Inputs::draw`).
    for s in rounds {
        let e = last.entry(s.marker.stage.as_str()).or_insert(0);
        *e = (*e).max(s.marker.round);
    }
    let mut out = Vec::new();
    for (stage, max) in last {
        for r in 1..max {
            if rounds
                .iter()
                .any(|s| s.marker.stage == stage && s.marker.round == r)
            {
                continue;
            }
            let marker = Marker {
                event: event.meta().name.clone(),
                stage: stage.to_string(),
                round: r,
            };
            let path =
                canonical_path(&marker, event).unwrap_or_else(|| format!("results/r{r:02}.xlsx"));
            let (zh, en) = label(&marker);
            findings.push(Finding::new(
                Code::RoundMissingWorkbook,
                Source::file(&path),
                format!("{zh}的成绩表 {path} 不见了，但其后第{max}轮的成绩表还在；请把它放回原处（不会重新编排已进行的轮次）"),
                format!("the workbook of {en}, {path}, is gone while round {max} of the stage is there: put it back (a round already played is not paired again)"),
            ));
            out.push((stage.to_string(), r));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_read_as_round_workbooks() {
        assert_eq!(round_like_stem("results/r01.xlsx"), Some("r01"));
        assert_eq!(round_like_stem("results/r05.xls"), Some("r05"));
        assert_eq!(
            round_like_stem("results/finals-r02.xlsx"),
            Some("finals-r02")
        );
        assert_eq!(
            round_like_stem("results/open-men-r03.xlsx"),
            Some("open-men-r03")
        );
        assert_eq!(round_like_stem("results/draw.xlsx"), Some("draw"));
        assert_eq!(round_like_stem("results/r01 (2).xlsx"), None);
        assert_eq!(round_like_stem("results/copy_of_r01.xlsx"), None);
        assert_eq!(round_like_stem("北京/results/r01.xlsx"), None);
        assert_eq!(round_like_stem("results/old/r01.xlsx"), None);
        assert_eq!(round_like_stem("results/round.xlsx"), None);
    }
}
