//! The rows of a team Swiss round workbook: new rounds with default line-ups and the bye row,
//! and rounds read back for the printable copy (written by `league::write_round`).

use crate::model::roster::Roster;
use crate::model::{Colour, Sex};
use crate::rounds::lines::{Lines, TeamLine};
use crate::rounds::lineup::BoardGroup;
use crate::rounds::sheet::{BYE_WORDS, RoundSheet};
use crate::season::TeamName;
use crate::season::teams;

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

/// The rows of a new round: every pair with the default line-ups (without the players
/// [`teams::Fielding`] leaves out; a board left empty is a finding on `file`), then the bye row.
#[allow(clippy::too_many_arguments)]
pub(super) fn default_lines(
    roster: &Roster,
    numbers: &[String],
    pairs: &[(u32, u32)],
    bye: Option<u32>,
    colours: &[Colour],
    groups: &[(BoardGroup, Option<Sex>)],
    fielding: &teams::Fielding<'_>,
    file: &str,
    findings: &mut crate::findings::Findings,
) -> Lines {
    let boards = colours.len() as u32;
    let name = |no: u32| {
        no.checked_sub(1)
            .and_then(|i| numbers.get(i as usize))
            .cloned()
            .unwrap_or_default()
    };
    let by_unit = teams::by_unit(roster);
    let mut lines = Vec::new();
    for (mi, &(h, a)) in pairs.iter().enumerate() {
        let [hl, al] = [h, a].map(|no| {
            let team = by_unit.get(name(no).as_str()).copied();
            fielding.fielded(team, groups, boards, file, findings)
        });
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
    if let Some(name) = bye.and_then(|t| crate::season::league::name_of(names, t)) {
        let no = lines.iter().map(|l| l.match_no).max().unwrap_or(0) + 1;
        lines.push(bye_line(no, name));
    }
    Lines::Team(lines)
}
