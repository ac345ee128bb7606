//! Teams of a team event as the season needs them: numbers, members for the line-up check, the
//! default line-up, and the players for the TRF export — all derived from the roster and the
//! event's board rules.

use crate::event::BoardRules;
use crate::model::roster::{Board, Person, Roster, Team};
use crate::model::{Colour, Sex};
use crate::rounds::lineup::{BoardGroup, Member};

use super::matches::TeamInfo;

/// The matching key of a typed name (the roster's normalization).
pub fn key(name: &str) -> String {
    crate::normalize::name(name)
        .map(|n| n.key)
        .unwrap_or_default()
}

/// Board groups: runs of consecutive boards of the same sex (boards 1-3 men, 4-5 women).
pub fn board_groups(rules: &BoardRules) -> Vec<(BoardGroup, Sex)> {
    let mut boards: Vec<(u32, Sex)> = rules.boards.iter().map(|b| (b.number, b.sex)).collect();
    boards.sort_by_key(|b| b.0);
    let mut out: Vec<(BoardGroup, Sex)> = Vec::new();
    for (n, sex) in boards {
        match out.last_mut() {
            Some((g, s)) if *s == sex && g.last_board + 1 == n => g.last_board = n,
            _ => out.push((
                BoardGroup {
                    first_board: n,
                    last_board: n,
                },
                sex,
            )),
        }
    }
    out
}

/// The first-named team's colour on each board (`WBWBW` by default).
pub fn board_colours(rules: &BoardRules) -> Vec<Colour> {
    let seq = rules
        .colours
        .as_ref()
        .map(|c| c.first_named.clone())
        .unwrap_or_default();
    let mut v: Vec<Colour> = seq
        .chars()
        .filter_map(|c| match c {
            'W' | 'w' | '白' | '红' => Some(Colour::White),
            'B' | 'b' | '黑' => Some(Colour::Black),
            _ => None,
        })
        .collect();
    // Alternate from White for boards the sequence does not cover.
    while v.len() < rules.count() {
        v.push(if v.len().is_multiple_of(2) {
            Colour::White
        } else {
            Colour::Black
        });
    }
    v.truncate(rules.count().max(1));
    v
}

fn board_of(p: &Person) -> Option<Board> {
    p.board.as_ref().map(|b| b.value)
}

fn sex_of(p: &Person) -> Option<Sex> {
    p.sex.as_ref().map(|s| s.value)
}

/// The line-up members of a team: each player's board group and place among the group's main
/// players (by declared board), reserves by their sex's group.
pub fn members(team: &Team, groups: &[(BoardGroup, Sex)]) -> Vec<Member> {
    let group_of_board = |n: u32| {
        groups
            .iter()
            .position(|(g, _)| (g.first_board..=g.last_board).contains(&n))
    };
    let mut out = Vec::new();
    for p in &team.players {
        let Some(name) = p.name.as_ref() else {
            continue;
        };
        let (group, main_order) = match board_of(p) {
            Some(Board::Main(n)) => {
                let Some(g) = group_of_board(u32::from(n)) else {
                    continue;
                };
                let first = groups.get(g).map(|(b, _)| b.first_board).unwrap_or(1);
                (g, Some(u32::from(n).saturating_sub(first) as usize))
            }
            Some(Board::Reserve(_)) | None => {
                let Some(g) = sex_of(p).and_then(|s| groups.iter().position(|(_, gs)| *gs == s))
                else {
                    continue;
                };
                (g, None)
            }
        };
        out.push(Member {
            key: name.value.key.clone(),
            group,
            main_order,
        });
    }
    out
}

/// The default line-up: the main player declared on each board (empty when none).
pub fn default_lineup(team: &Team, boards: u32) -> Vec<String> {
    (1..=boards)
        .map(|b| {
            team.players
                .iter()
                .find(|p| board_of(p) == u16::try_from(b).ok().map(Board::Main))
                .map(|p| p.display_name().to_string())
                .unwrap_or_default()
        })
        .collect()
}

/// Round-reader infos for numbered teams (`numbers[i]` is the team of number i + 1).
pub fn infos(roster: &Roster, numbers: &[String], groups: &[(BoardGroup, Sex)]) -> Vec<TeamInfo> {
    numbers
        .iter()
        .enumerate()
        .filter_map(|(i, unit)| {
            let t = roster.teams.iter().find(|t| &t.unit.value == unit)?;
            Some(TeamInfo {
                number: i as u32 + 1,
                name: unit.clone(),
                members: members(t, groups),
            })
        })
        .collect()
}
