//! Team files: teams from `310` (TRF-26) or `013` (TRF-16), boards from the members' `001`
//! round blocks (board order from `300` when given), forfeited matches from `330`, team PABs
//! from `320` or, without it, from the boards: a round in which the team met nobody and every
//! board of its board group has the PAB code `U` (`0000 - U`) is its PAB, worth a drawn match
//! (C.04.6 1.4: a draw's match points and game points) unless `320` says otherwise.
//! [`check_310`] holds the `310` totals to what the rounds give.

use std::collections::BTreeMap;

use crate::model::{Colour, GameResult, Points};
use crate::trf::{ForfeitOutcome, Line, ScoreTable, Trf};

use super::match_scoring;
use super::{AdapterOptions, other_records, round_robin_from_type};
use crate::scoring::tournament::{
    BoardGame, BoardResult, Competitor, Edition, PlayedOutcome, ResultPoints, Round, RoundResult,
    ScoreKind, Tournament, TournamentKind, team_match_round,
};

/// (team number, name, members in board order) from `310`, else `013` numbered 1, 2, ...
pub(super) fn team_lists(trf: &Trf) -> Vec<(u32, String, Vec<u16>)> {
    let t310: Vec<_> = trf
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Team(t) => Some((u32::from(t.number), t.name.clone(), t.members.clone())),
            _ => None,
        })
        .collect();
    if !t310.is_empty() {
        return t310;
    }
    trf.lines
        .iter()
        .filter_map(|l| match l {
            Line::Team013(t) => Some((t.name.clone(), t.members.clone())),
            _ => None,
        })
        .zip(1u32..)
        .map(|((n, m), i)| (i, n, m))
        .collect()
}

/// `(round, first team, second team, first team won)` of each `330` record; `None` for `--`
/// (neither team turned up).
fn forfeited_matches(trf: &Trf) -> Vec<(usize, u32, u32, Option<bool>)> {
    trf.forfeited_matches()
        .iter()
        .map(|f| {
            let first_won = match f.outcome {
                ForfeitOutcome::FirstWins => Some(true),
                ForfeitOutcome::SecondWins => Some(false),
                ForfeitOutcome::Double => None,
            };
            (
                usize::from(f.round),
                u32::from(f.first),
                u32::from(f.second),
                first_won,
            )
        })
        .collect()
}

/// `(round, team, its opponent, start numbers in board order, 0 for an empty board)` of each
/// `300` record.
fn out_of_order(trf: &Trf) -> Vec<(usize, u32, u32, Vec<u32>)> {
    other_records(trf, "300")
        .filter_map(|raw| {
            let mut it = raw.get(3..)?.split_whitespace();
            let round = it.next()?.parse().ok()?;
            let team = it.next()?.parse().ok()?;
            let opponent = it.next()?.parse().ok()?;
            let order = it.map(|t| t.parse().unwrap_or(0)).collect();
            Some((round, team, opponent, order))
        })
        .collect()
}

/// One team's round before the match is scored: (opponent team, colour, boards).
type TeamRound = (Option<usize>, Option<Colour>, Vec<BoardGame>);

#[allow(clippy::too_many_arguments)]
pub(super) fn build_teams(
    trf: &Trf,
    players: &[Competitor],
    index: &BTreeMap<u16, usize>,
    teams: &[(u32, String, Vec<u16>)],
    g: &ScoreTable,
    rounds: usize,
    edition: Edition,
    opts: AdapterOptions,
) -> Result<Tournament, String> {
    // player index → (team index, position in the team list)
    let mut team_of: BTreeMap<usize, usize> = BTreeMap::new();
    let mut members: Vec<Vec<usize>> = Vec::with_capacity(teams.len());
    for (ti, (no, _, ms)) in teams.iter().enumerate() {
        let mut v = Vec::with_capacity(ms.len());
        for m in ms {
            let pi = *index
                .get(m)
                .ok_or_else(|| format!("team {no}: member {m} has no 001 line / 队员{m}不存在"))?;
            team_of.insert(pi, ti);
            v.push(pi);
        }
        members.push(v);
    }
    let ms: ResultPoints = match_scoring(trf);
    let forfeits = forfeited_matches(trf);
    let pabs = trf.team_pabs();
    let pab_listed = |r: usize, no: u32| {
        pabs.as_ref()
            .is_some_and(|p| p.teams.get(r).copied().flatten().map(u32::from) == Some(no))
    };
    let team_index = |no: u32| teams.iter().position(|t| t.0 == no);
    let mut boards_max = 0usize;
    // Per team and round: (opponent team, colour, boards).
    let mut raw: Vec<Vec<TeamRound>> = Vec::new();
    let line_ups = out_of_order(trf);
    for (mem, (no, _, _)) in members.iter().zip(teams) {
        let mut per_round = Vec::with_capacity(rounds);
        for r in 0..rounds {
            let mut opp_team = None;
            let mut colour = None;
            let mut boards = Vec::new();
            let mut k = 0u16;
            // The side's board order when a 300 record gives it (empty boards as 0).
            let line_up = line_ups.iter().find(|l| l.0 == r + 1 && l.1 == *no);
            for &pi in mem {
                let Some(p) = players.get(pi) else { continue };
                let Some(round) = p.rounds.get(r) else {
                    continue;
                };
                // A point without an opponent on a board of a match: the forfeit win against
                // an empty board (`0000 - +`).
                let unopposed = round.result == RoundResult::FullBye;
                let opp = round.result.opponent();
                if opp.is_none() && !unopposed {
                    continue;
                }
                k += 1;
                let board = line_up
                    .and_then(|l| l.3.iter().position(|&s| s == p.start_no))
                    .and_then(|i| u16::try_from(i + 1).ok())
                    .unwrap_or(k);
                if let Some(o) = opp
                    && opp_team.is_none()
                {
                    opp_team = team_of.get(&o).copied();
                    colour = round.result.colour();
                }
                let result = match round.result {
                    RoundResult::Played { outcome, .. } => BoardResult::Game(match outcome {
                        PlayedOutcome::Win => GameResult::Win,
                        PlayedOutcome::Draw => GameResult::Draw,
                        PlayedOutcome::Loss => GameResult::Loss,
                    }),
                    RoundResult::ForfeitWin { .. } | RoundResult::FullBye => {
                        BoardResult::Game(GameResult::ForfeitWin)
                    }
                    RoundResult::DoubleForfeit { .. } => {
                        BoardResult::Game(GameResult::DoubleForfeit)
                    }
                    _ => BoardResult::Game(GameResult::ForfeitLoss),
                };
                boards.push(BoardGame {
                    board,
                    colour: round.result.colour(),
                    result,
                    points: round.points,
                });
            }
            if opp_team.is_none() {
                // No board was played against the other side (it fielded nobody, or neither
                // team came): the match is named by a 300 or 330 record.
                let named = line_ups
                    .iter()
                    .filter(|l| l.0 == r + 1)
                    .map(|l| (l.1, l.2))
                    .chain(forfeits.iter().filter(|f| f.0 == r + 1).map(|f| (f.1, f.2)))
                    .find_map(|(a, b)| (a == *no).then_some(b).or_else(|| (b == *no).then_some(a)));
                opp_team = named.and_then(team_index);
                if opp_team.is_none() {
                    boards.clear();
                }
            }
            boards_max = boards_max.max(
                boards
                    .iter()
                    .map(|b| usize::from(b.board))
                    .max()
                    .unwrap_or(0),
            );
            per_round.push((opp_team, colour, boards));
        }
        raw.push(per_round);
    }
    let boards_n = match trf.board_colours().len() {
        0 => boards_max.max(1),
        n => n,
    };
    // A PAB without `320`: every board of the group has `U` and the team met nobody.
    let pab_on_boards = |ti: usize, r: usize| {
        members.get(ti).is_some_and(|mem| {
            mem.iter()
                .filter(|&&pi| {
                    players
                        .get(pi)
                        .and_then(|p| p.rounds.get(r))
                        .is_some_and(|x| x.result == RoundResult::Pab)
                })
                .count()
                >= boards_n
        })
    };
    let mut comps = Vec::with_capacity(teams.len());
    for (ti, (no, name, _)) in teams.iter().enumerate() {
        let mut rs = Vec::with_capacity(rounds);
        for r in 0..rounds {
            let (opp, colour, boards) =
                raw.get(ti)
                    .and_then(|v| v.get(r))
                    .cloned()
                    .unwrap_or((None, None, Vec::new()));
            let pab = pab_listed(r, *no) || (pabs.is_none() && pab_on_boards(ti, r));
            let round = if let Some(o) = opp {
                let forfeit = forfeits.iter().find(|f| {
                    f.0 == r + 1
                        && ((team_index(f.1) == Some(ti) && team_index(f.2) == Some(o))
                            || (team_index(f.2) == Some(ti) && team_index(f.1) == Some(o)))
                });
                let gp: Points = boards.iter().map(|b| b.points).sum();
                if let Some(&(_, _, _, None)) = forfeit {
                    Round {
                        result: RoundResult::DoubleForfeit {
                            opponent: o,
                            colour,
                        },
                        points: Points::ZERO,
                        game_points: gp,
                        boards,
                    }
                } else if let Some(&(_, first, _, Some(first_won))) = forfeit {
                    let won = (team_index(first) == Some(ti)) == first_won;
                    let result = if won {
                        RoundResult::ForfeitWin {
                            opponent: o,
                            colour,
                        }
                    } else {
                        RoundResult::ForfeitLoss {
                            opponent: o,
                            colour,
                        }
                    };
                    Round {
                        result,
                        points: if won { ms.win } else { Points::ZERO },
                        game_points: gp,
                        boards,
                    }
                } else {
                    let opp_gp: Points = raw
                        .get(o)
                        .and_then(|v| v.get(r))
                        .map(|x| x.2.iter().map(|b| b.points).sum())
                        .unwrap_or(Points::ZERO);
                    team_match_round(o, colour, boards, opp_gp, ms)
                }
            } else if pab {
                // The 320 value, else a drawn match (C.04.6 1.4).
                let (mp, gp, board_points) = pabs.as_ref().map_or_else(
                    || {
                        let n = i32::try_from(boards_n).unwrap_or(i32::MAX);
                        (ms.draw, g.draw * n, g.draw)
                    },
                    |p| (p.match_points, p.game_points, g.win),
                );
                Round {
                    result: RoundResult::Pab,
                    points: mp,
                    game_points: gp,
                    boards: (1..=boards_n)
                        .map(|b| BoardGame {
                            board: u16::try_from(b).unwrap_or(u16::MAX),
                            colour: None,
                            result: BoardResult::Bye,
                            points: board_points,
                        })
                        .collect(),
                }
            } else {
                Round {
                    result: RoundResult::Absent,
                    points: Points::ZERO,
                    game_points: Points::ZERO,
                    boards: Vec::new(),
                }
            };
            rs.push(round);
        }
        comps.push(Competitor {
            start_no: *no,
            name: name.clone(),
            rating: None,
            rounds: rs,
        });
    }
    comps.sort_by_key(|c| c.start_no);
    // Opponent indices were team-list positions; re-map them after sorting by number.
    let order: Vec<u32> = teams.iter().map(|t| t.0).collect();
    let pos_of = |old: usize| {
        order
            .get(old)
            .and_then(|no| comps.iter().position(|c| c.start_no == *no))
            .unwrap_or(old)
    };
    let remap: Vec<usize> = (0..teams.len()).map(pos_of).collect();
    for c in &mut comps {
        for r in &mut c.rounds {
            remap_opponent(&mut r.result, &remap);
        }
    }
    let n = comps.len();
    let rr = opts
        .layout
        .is_round_robin(|| round_robin_from_type(trf, n, rounds));
    Ok(Tournament {
        competitors: comps,
        rounds,
        kind: TournamentKind::Team {
            boards: boards_n.max(1),
        },
        game_scoring: ResultPoints {
            win: g.win,
            draw: g.draw,
            loss: g.loss,
        },
        match_scoring: ms,
        primary: ScoreKind::Match,
        round_robin: rr,
        edition,
    })
}

fn remap_opponent(r: &mut RoundResult, remap: &[usize]) {
    match r {
        RoundResult::Played { opponent, .. }
        | RoundResult::ForfeitWin { opponent, .. }
        | RoundResult::ForfeitLoss { opponent, .. }
        | RoundResult::DoubleForfeit { opponent, .. } => {
            *opponent = remap.get(*opponent).copied().unwrap_or(*opponent);
        }
        _ => {}
    }
}

/// The `310` records whose match or game points (columns 55-60, 62-67) are not what the rounds
/// of `t` (built from the same file) give: one warning per field, naming the line and column.
pub fn check_310(trf: &Trf, t: &Tournament) -> Vec<String> {
    let mut out = Vec::new();
    if !t.is_team() {
        return out;
    }
    for (i, l) in trf.lines.iter().enumerate() {
        let Line::Team(rec) = l else { continue };
        let Some(c) = t
            .competitors
            .iter()
            .find(|c| c.start_no == u32::from(rec.number))
        else {
            continue;
        };
        let mp: Points = c.rounds.iter().map(|r| r.points).sum();
        let gp: Points = c.rounds.iter().map(|r| r.game_points).sum();
        let no = rec.number;
        for (written, counted, col, zh, en) in [
            (rec.match_points, mp, 55, "场分", "match points"),
            (rec.game_points, gp, 62, "局分", "game points"),
        ] {
            if let Some(w) = written
                && w != counted
            {
                out.push(format!(
                    "line {}, column {col}: 第{no}队310记录的{zh}{w}与各轮结果之和{counted}不符 / team {no}: 310 gives {w} {en}, the rounds give {counted}",
                    i + 1
                ));
            }
        }
    }
    out
}
