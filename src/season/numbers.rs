//! Team numbers of a round robin: the typed public draw, the recorded draw workbook
//! (`results/draw.xlsx`, never overwritten; read by [`crate::inputs`]), or a new seeded draw.

use super::StageInput;
use super::draw;
use crate::event::{EVENT_FILE, EventError, Numbering, Stage};
use crate::findings::{Code, Finding, Findings, Source};

/// The team numbers of a round robin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbers {
    /// Team units in number order (`teams[i]` is number `i + 1`).
    pub teams: Vec<String>,
    /// The seed, when bianpai drew the numbers itself (neither event.toml nor a draw workbook
    /// gave them): `results/draw.xlsx` is to record them.
    pub drawn: Option<u64>,
}

/// Team numbers: the typed public draw, else the draw workbook, else a new seeded draw (to be
/// recorded in `results/draw.xlsx`). Teams of the roster missing from a recorded draw are appended in name
/// order (with a finding); names of the draw not in the roster are dropped (with a finding).
pub fn numbers(inp: &StageInput<'_>, findings: &mut Findings) -> Numbers {
    let units: Vec<String> = inp
        .roster
        .teams
        .iter()
        .map(|t| t.unit.value.clone())
        .collect();
    let (source, recorded) = if !inp.event.draw().public_numbers.is_empty() {
        (
            "event.toml".to_string(),
            inp.event.draw().public_numbers.clone(),
        )
    } else if let Some(d) = inp.draw {
        (d.path.clone(), d.teams.clone())
    } else {
        let seed = inp
            .event
            .draw()
            .seed
            .unwrap_or_else(|| draw::seed_from(&[&inp.event.meta().name]));
        let names: Vec<&str> = units.iter().map(String::as_str).collect();
        return Numbers {
            teams: draw::draw(&names, seed),
            drawn: Some(seed),
        };
    };
    let key = crate::normalize::unit_key;
    let mut out: Vec<String> = Vec::new();
    for name in &recorded {
        match units.iter().find(|u| key(u) == key(name)) {
            Some(u) => out.push(u.clone()),
            None => findings.push(Finding::new(
                Code::ResultPairingChanged,
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
            Code::ResultPairingChanged,
            Source::file(&source),
            format!("{u}不在抽签序号中，已排在最后"),
            format!("{u} is not in the draw; numbered last"),
        ));
        out.push(u.clone());
    }
    Numbers {
        teams: out,
        drawn: None,
    }
}

/// Checks that `stage` gives its numbers `how`, the one way the caller's code gives them. Any
/// other value is refused when event.toml is read (at `stages[i].pairing.numbers`): a guard
/// only, so that no code numbers a stage other than as its file says.
///
/// # Errors
///
/// [`crate::Error::Event`] naming the key.
pub(crate) fn given_by(stage: &Stage, how: Numbering) -> crate::Result<()> {
    if stage.numbers() == Some(how) {
        return Ok(());
    }
    Err(EventError::Invalid {
        path: EVENT_FILE.into(),
        key: format!("stages[{}].pairing.numbers", stage.id),
        line: 0,
        column: 0,
        message: format!(
            "此赛段只能按 \"{}\" 排定序号 (this stage gives numbers \"{}\" only)",
            how.as_str(),
            how.as_str()
        ),
    }
    .into())
}
