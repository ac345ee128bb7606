//! Team numbers of a round robin: the typed public draw, the recorded draw workbook
//! (`results/draw.xlsx`, never overwritten), or a new seeded draw.

use std::path::{Path, PathBuf};

use super::draw;
use super::league::{DRAW_STAGE, Input};
use crate::Result;
use crate::findings::{Finding, Findings, Severity, Source};
use crate::ingest::LoadedFile;
use crate::report::tables::{SheetDoc, TextTable};
use crate::rounds::marker::Marker;

/// Reads the team numbers from the draw workbook, if there is one.
fn read_draw(files: &[LoadedFile]) -> Option<(String, Vec<String>)> {
    for f in files {
        let Some(marker) = f.tables.iter().find_map(Marker::from_table) else {
            continue;
        };
        if marker.stage != DRAW_STAGE {
            continue;
        }
        let t = f
            .tables
            .iter()
            .find(|t| t.sheet != crate::rounds::marker::SHEET)?;
        let mut numbered: Vec<(u32, String)> = Vec::new();
        for r in 2..t.height() {
            let no = t.get(r, 0).display().trim().parse::<u32>().ok();
            let name = t.get(r, 1).display().trim().to_string();
            if let (Some(no), false) = (no, name.is_empty()) {
                numbered.push((no, name));
            }
        }
        numbered.sort();
        return Some((
            f.path.clone(),
            numbered.into_iter().map(|(_, n)| n).collect(),
        ));
    }
    None
}

/// Team numbers: the typed public draw, else the draw workbook, else a new seeded draw (written
/// to `results/draw.xlsx`). Teams of the roster missing from a recorded draw are appended in name
/// order (with a finding); names of the draw not in the roster are dropped (with a finding).
pub fn numbers(
    inp: &Input<'_>,
    findings: &mut Findings,
    written: &mut Vec<PathBuf>,
) -> Result<Vec<String>> {
    let units: Vec<String> = inp
        .roster
        .teams
        .iter()
        .map(|t| t.unit.value.clone())
        .collect();
    let (source, recorded) = if !inp.event.draw.public_numbers.is_empty() {
        (
            "event.toml".to_string(),
            inp.event.draw.public_numbers.clone(),
        )
    } else if let Some((path, v)) = read_draw(inp.files) {
        (path, v)
    } else {
        let seed = inp
            .event
            .draw
            .seed
            .unwrap_or_else(|| draw::seed_from(&[&inp.event.event.name]));
        let names: Vec<&str> = units.iter().map(String::as_str).collect();
        let drawn = draw::draw(&names, seed);
        let path = inp.dir.join("results").join("draw.xlsx");
        if !path.exists() {
            write_draw(&path, inp, &drawn, seed)?;
            written.push(path);
        }
        return Ok(drawn);
    };
    let key = crate::normalize::unit_key;
    let mut out: Vec<String> = Vec::new();
    for name in &recorded {
        match units.iter().find(|u| key(u) == key(name)) {
            Some(u) => out.push(u.clone()),
            None => findings.push(Finding::new(
                "result.pairing-changed",
                Severity::Error,
                Source::file(&source),
                format!("抽签中的“{name}”不是参赛队"),
                format!("{name:?} in the draw is not a team of the event"),
            )),
        }
    }
    let mut missing: Vec<&String> = units.iter().filter(|u| !out.contains(u)).collect();
    missing.sort();
    for u in missing {
        findings.push(Finding::new(
            "result.pairing-changed",
            Severity::Error,
            Source::file(&source),
            format!("{u}不在抽签序号中，已排在最后"),
            format!("{u} is not in the draw; numbered last"),
        ));
        out.push(u.clone());
    }
    Ok(out)
}

fn write_draw(path: &Path, inp: &Input<'_>, drawn: &[String], seed: u64) -> Result<()> {
    let lang = inp.lang;
    let table = TextTable {
        headers: vec![
            lang.pick("序号", "No.").to_string(),
            lang.pick("队名", "Team").to_string(),
        ],
        rows: drawn
            .iter()
            .enumerate()
            .map(|(i, n)| vec![(i + 1).to_string(), n.clone()])
            .collect(),
        centred: vec![0],
    };
    let sheet = SheetDoc {
        name: lang.pick("抽签", "Draw").to_string(),
        title: format!("{} (seed {seed})", lang.pick("抽签序号", "draw")),
        table,
        landscape: false,
    };
    let marker = Marker {
        event: inp.event.event.name.clone(),
        stage: DRAW_STAGE.into(),
        round: 0,
    };
    crate::report::tables::write_with_marker(
        path,
        &inp.event.event.name,
        &[sheet],
        lang,
        Some(&marker),
    )
}
