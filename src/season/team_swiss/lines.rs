//! The rows of a team Swiss round workbook: new rounds with default line-ups and the bye row,
//! and rounds read back for the printable copy (written by `league::write_round`).

use crate::model::roster::{Roster, Team};
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

/// The default line-up of a team: in each board group its main players in entry order from the
/// group's first board (the boards move up when a main player has withdrawn), a reserve on the
/// group's last board when the main players do not fill it; empty strings for empty boards.
pub(super) fn lineup(team: &Team, groups: &[(BoardGroup, Sex)], boards: u32) -> Vec<String> {
    let members = teams::members(team, groups);
    let display = |key: &str| {
        team.players
            .iter()
            .filter_map(|p| p.name.as_ref())
            .find(|n| n.value.key == key)
            .map(|n| n.value.display.clone())
            .unwrap_or_default()
    };
    let mut out = vec![String::new(); boards as usize];
    for (gi, (g, _)) in groups.iter().enumerate() {
        let mut mains: Vec<_> = members
            .iter()
            .filter(|m| m.group == gi && m.main_order.is_some())
            .collect();
        mains.sort_by_key(|m| m.main_order);
        let reserve = members
            .iter()
            .find(|m| m.group == gi && m.main_order.is_none());
        let slots: Vec<u32> = (g.first_board..=g.last_board).collect();
        for (i, b) in slots.iter().enumerate() {
            let who = match mains.get(i) {
                Some(m) => Some(display(&m.key)),
                None if i + 1 == slots.len() => reserve.map(|m| display(&m.key)),
                None => None,
            };
            if let (Some(name), Some(cell)) =
                (who, b.checked_sub(1).and_then(|x| out.get_mut(x as usize)))
            {
                *cell = name;
            }
        }
    }
    out
}

/// The rows of a new round: every pair with the default line-ups, then the bye row.
pub(super) fn default_lines(
    roster: &Roster,
    numbers: &[String],
    pairs: &[(u32, u32)],
    bye: Option<u32>,
    colours: &[Colour],
    groups: &[(BoardGroup, Sex)],
) -> Lines {
    let boards = colours.len() as u32;
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
            .map(|t| lineup(t, groups, boards))
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
