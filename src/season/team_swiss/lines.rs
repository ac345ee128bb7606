//! The rows of a team Swiss round workbook: new rounds with default line-ups and the bye row,
//! rounds read back for the printable copy, and the printable copy itself.

use std::path::PathBuf;

use super::{Input, Output};
use crate::Lang;
use crate::Result;
use crate::model::Colour;
use crate::model::roster::Roster;
use crate::rounds::marker::Marker;
use crate::rounds::sheet::{BYE_WORDS, RoundSheet};
use crate::rounds::write::{Lines, RoundDoc, TeamLine};
use crate::season::tables::TeamName;
use crate::season::teams;

pub(super) fn marker(inp: &Input<'_>, r: u32) -> Marker {
    Marker {
        event: inp.event.event.name.clone(),
        stage: inp.stage.id.clone(),
        round: r,
    }
}

pub(super) fn round_label(inp: &Input<'_>, r: u32) -> String {
    match inp.lang {
        Lang::Zh => format!("{} 第{r}轮", inp.stage.name),
        Lang::En => format!("{} round {r}", inp.stage.id),
    }
}

pub(super) fn write_printable(
    inp: &Input<'_>,
    r: u32,
    sport: crate::model::Sport,
    lines: &Lines,
    out: &mut Output,
) -> Result<()> {
    let marker = marker(inp, r);
    let label = round_label(inp, r);
    let doc = RoundDoc {
        event_title: &inp.event.event.name,
        marker: &marker,
        round_label: &label,
        sport,
        lang: inp.lang,
    };
    let path: PathBuf = inp.out.join(format!("pairings-r{r:02}.xlsx"));
    crate::rounds::write::write_printable(&path, &doc, lines)?;
    out.written.push(path);
    Ok(())
}

fn bye_line(match_no: u32, team: &str) -> TeamLine {
    TeamLine {
        match_no,
        board: 1,
        home_team: team.to_string(),
        home_player: String::new(),
        home_colour: Colour::White,
        result: None,
        away_player: String::new(),
        away_team: BYE_WORDS[0].to_string(),
    }
}

/// The rows of a new round: every pair with the default line-ups, then the bye row.
pub(super) fn default_lines(
    roster: &Roster,
    numbers: &[String],
    pairs: &[(u32, u32)],
    bye: Option<u32>,
    colours: &[Colour],
    boards: u32,
) -> Lines {
    let name = |no: u32| {
        no.checked_sub(1)
            .and_then(|i| numbers.get(i as usize))
            .cloned()
            .unwrap_or_default()
    };
    let lineup = |no: u32| -> Vec<String> {
        let n = name(no);
        roster
            .teams
            .iter()
            .find(|t| t.unit.value == n)
            .map(|t| teams::default_lineup(t, boards))
            .unwrap_or_default()
    };
    let mut lines = Vec::new();
    for (mi, &(h, a)) in pairs.iter().enumerate() {
        let (hl, al) = (lineup(h), lineup(a));
        for b in 1..=boards {
            let i = b as usize - 1;
            lines.push(TeamLine {
                match_no: mi as u32 + 1,
                board: b,
                home_team: name(h),
                home_player: hl.get(i).cloned().unwrap_or_default(),
                home_colour: colours.get(i).copied().unwrap_or(Colour::White),
                result: None,
                away_player: al.get(i).cloned().unwrap_or_default(),
                away_team: name(a),
            });
        }
    }
    if let Some(t) = bye {
        lines.push(bye_line(pairs.len() as u32 + 1, &name(t)));
    }
    Lines::Team(lines)
}

/// The rows of a round workbook as the arbiter left them, for the printable copy.
pub(super) fn lines_of(
    sheet: &RoundSheet,
    colours: &[Colour],
    bye: Option<u32>,
    names: &[TeamName],
) -> Lines {
    // The league's rows, plus the bye row the arbiter's file does not hold as a match.
    let Lines::Team(mut lines) = crate::season::league::lines_of(sheet, colours) else {
        return Lines::Team(Vec::new());
    };
    if let Some(t) = bye.and_then(|t| names.iter().find(|x| x.0 == t)) {
        let no = lines.iter().map(|l| l.match_no).max().unwrap_or(0) + 1;
        lines.push(bye_line(no, &t.1));
    }
    Lines::Team(lines)
}
