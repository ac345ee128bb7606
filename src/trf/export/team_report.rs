//! The FIDE report of a team stage from its [`History`] (RULES.md §D, "For FIDE export of
//! events 1 and 2"): the headers with `162`, `352` and `362`, one `001` line per player with
//! every board game, `300` for line-ups with an empty board, `310` and `013` per team, `330`
//! for forfeited matches, `320` for the team PABs.

use super::other;
use super::report::{Facts, Person, player_lines, rated, score_line};
use crate::model::{Colour, Points};
use crate::tournament::{ForfeitOutcome, History};
use crate::trf::{Layout, Line, Team013Record, TeamRecord, Trf};

/// A team's match points, game points and rank (0: none yet) in the stage's standings (`310`).
pub type TeamStanding = (Points, Points, u32);

/// The report of a team stage: `standings[t]` is team `h.teams[t]`'s standing, when known.
pub fn teams(
    h: &History,
    people: &[Person],
    standings: &[Option<TeamStanding>],
    facts: &Facts,
) -> Trf {
    let (g, m) = (&h.game_points, &h.match_points);
    let seq: String = h
        .board_colours
        .iter()
        .map(|&c| if c == Colour::White { 'W' } else { 'B' })
        .collect();
    let scores = vec![
        score_line("162", g.win, g.draw, None),
        other("352", &seq),
        score_line("362", m.win, m.draw, None),
    ];
    let counts = [h.entrants.len(), rated(h), h.teams.len()];
    let mut lines = facts.lines(counts, scores);
    let all = h.entrants.iter().map(|e| e.rounds.len()).max().unwrap_or(0);
    lines.extend(player_lines(h, people, &facts.federation, (all, all), &[]));
    lines.extend(h.line_ups.iter().map(|l| {
        let boards: Vec<String> = l
            .boards
            .iter()
            .map(|&s| {
                if s == 0 {
                    "0000".into()
                } else {
                    format!("{s:>4}")
                }
            })
            .collect();
        let (round, team, opponent) = (l.round, l.team, l.opponent);
        other(
            "300",
            &format!("{round:03} {team:03} {opponent:03} {}", boards.join(" ")),
        )
    }));
    lines.extend(team_lines(h, standings));
    lines.extend(h.forfeited_matches.iter().map(|f| {
        let sign = match f.outcome {
            ForfeitOutcome::FirstWins => "+-",
            ForfeitOutcome::SecondWins => "-+",
            ForfeitOutcome::Double => "--",
        };
        let (round, first, second) = (f.round, f.first, f.second);
        other("330", &format!("{sign} {round:03} {first:03} {second:03}"))
    }));
    if let Some(p) = &h.team_pabs {
        let teams: Vec<String> = p
            .teams
            .iter()
            .map(|t| format!("{:03}", t.unwrap_or(0)))
            .collect();
        let (mp, gp) = (
            p.match_points.fmt_decimals(1),
            p.game_points.fmt_decimals(1),
        );
        lines.push(other(
            "320",
            &format!("{mp:>4} {gp:>4} {}", teams.join(" ")),
        ));
    }
    Trf { lines }
}

/// The `310` records, then the `013` ones (TRF-16 readers take the teams from 013, TRF-26
/// readers from 310), teams in the history's order, members by start number.
fn team_lines(h: &History, standings: &[Option<TeamStanding>]) -> Vec<Line> {
    let members = |t: &crate::tournament::Team| -> Vec<u16> {
        t.members
            .iter()
            .filter_map(|&i| h.entrants.get(i).map(|e| e.start_no))
            .collect()
    };
    let t310 = h.teams.iter().enumerate().map(|(i, t)| {
        let standing = standings.get(i).copied().flatten();
        Line::Team(TeamRecord {
            number: t.number,
            name: t.name.clone(),
            nickname: String::new(),
            strength: String::new(),
            match_points: standing.map(|s| s.0),
            game_points: standing.map(|s| s.1),
            rank: standing
                .and_then(|s| u16::try_from(s.2).ok())
                .filter(|&r| r > 0),
            members: members(t),
            layout: Layout(None),
        })
    });
    let t013 = h.teams.iter().map(|t| {
        Line::Team013(Team013Record {
            name: t.name.clone(),
            members: members(t),
            layout: Layout(None),
        })
    });
    t310.chain(t013).collect()
}
