//! From a TRF file to the scoring model: individual events from the `001` lines; team events
//! from `310` (TRF-26) or `013` (TRF-16) plus `001`, `320` (team PABs), `330` (forfeited
//! matches), `162`/`362` (game and match points) and `042` (rules edition).

use std::collections::BTreeMap;

use crate::model::{Colour, GameResult, Points};
use crate::trf::{Line, PlayerRecord, ResultCode, Trf};

use super::tournament::{
    BoardGame, BoardResult, Competitor, Edition, Outcome, Round, RoundResult, ScoreKind, Scoring,
    Tournament, team_match_round,
};

/// Points per result code of a `162` record (the TRF-26 defaults for what is not listed).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameTable {
    /// W: a win (also `+`, `F`).
    pub win: Points,
    /// D: a draw.
    pub draw: Points,
    /// L: a loss.
    pub loss: Points,
    /// Z / A: absence, zero-point bye, forfeit loss.
    pub absent: Points,
    /// P / U: pairing-allocated bye (default: a win).
    pub pab: Points,
    /// H: half-point bye (default: a draw).
    pub half_bye: Points,
}

/// The values of the first record `code` written as symbol/value pairs (`162  W 2.0  D 1.0`).
fn score_pairs(trf: &Trf, code: &str) -> BTreeMap<char, Points> {
    let mut out = BTreeMap::new();
    let Some(raw) = other_records(trf, code).next() else {
        return out;
    };
    let body = raw.get(3..).unwrap_or("");
    let mut pending: Option<char> = None;
    for tok in body.split_whitespace() {
        let mut chars = tok.chars();
        let first = chars.next();
        match (first, pending) {
            (Some(c), _) if c.is_ascii_alphabetic() => {
                let rest = chars.as_str();
                if rest.is_empty() {
                    pending = Some(c.to_ascii_uppercase());
                } else if let Ok(p) = rest.parse::<Points>() {
                    out.insert(c.to_ascii_uppercase(), p);
                    pending = None;
                }
            }
            (_, Some(sym)) => {
                if let Ok(p) = tok.parse::<Points>() {
                    out.insert(sym, p);
                }
                pending = None;
            }
            _ => {}
        }
    }
    out
}

fn other_records<'a>(trf: &'a Trf, code: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    trf.lines.iter().filter_map(move |l| match l {
        Line::Other { code: c, raw } if c == code => Some(raw.as_str()),
        _ => None,
    })
}

fn header<'a>(trf: &'a Trf, code: &'a str) -> Option<&'a str> {
    other_records(trf, code)
        .next()
        .map(|r| r.get(4..).unwrap_or(""))
}

/// The game table of record 162.
pub fn game_table(trf: &Trf) -> GameTable {
    let m = score_pairs(trf, "162");
    let win = m.get(&'W').copied().unwrap_or(Points::WIN);
    let draw = m.get(&'D').copied().unwrap_or(Points::DRAW);
    GameTable {
        win,
        draw,
        loss: m.get(&'L').copied().unwrap_or(Points::ZERO),
        absent: m
            .get(&'Z')
            .or_else(|| m.get(&'A'))
            .copied()
            .unwrap_or(Points::ZERO),
        pab: m.get(&'P').copied().unwrap_or(win),
        half_bye: m.get(&'X').or_else(|| m.get(&'H')).copied().unwrap_or(draw),
    }
}

/// The match scoring of record 362 (default 2/1/0).
pub fn match_scoring(trf: &Trf) -> Scoring {
    let m = score_pairs(trf, "362");
    Scoring {
        win: m.get(&'W').copied().unwrap_or(Points::from_whole(2)),
        draw: m.get(&'D').copied().unwrap_or(Points::from_whole(1)),
        loss: m.get(&'L').copied().unwrap_or(Points::ZERO),
    }
}

/// The edition in force at the `042` start date (`YYYY/MM/DD` exactly); `None` when the record
/// is missing or written otherwise (the reference calculator then takes today's date).
pub fn edition_from_start(trf: &Trf) -> Option<Edition> {
    let v = header(trf, "042")?;
    if v.len() != 10 {
        return None;
    }
    Edition::for_start_date(v)
}

/// Round robin by record 092 (or, failing that, by the number of competitors and rounds).
pub fn round_robin_from_type(trf: &Trf, competitors: usize, rounds: usize) -> bool {
    let t = header(trf, "092").unwrap_or("").to_ascii_uppercase();
    if t.contains("SWISS") {
        return false;
    }
    if t.contains("RR") || t.contains("ROBIN") || t.contains("BERGER") {
        return true;
    }
    competitors == rounds + 1
        || competitors == rounds
        || competitors * 2 == rounds + 1
        || competitors * 2 == rounds
}

fn players(trf: &Trf) -> Vec<&PlayerRecord> {
    let mut v: Vec<&PlayerRecord> = trf
        .lines
        .iter()
        .filter_map(|l| match l {
            Line::Player(p) => Some(p),
            _ => None,
        })
        .collect();
    v.sort_by_key(|p| p.start_no);
    v
}

fn code_points(code: ResultCode, g: &GameTable) -> Points {
    match code {
        ResultCode::Win | ResultCode::WinUnrated | ResultCode::ForfeitWin | ResultCode::FullBye => {
            g.win
        }
        ResultCode::Draw | ResultCode::DrawUnrated => g.draw,
        ResultCode::Loss | ResultCode::LossUnrated => g.loss,
        ResultCode::HalfBye => g.half_bye,
        ResultCode::Pab => g.pab,
        ResultCode::ForfeitLoss | ResultCode::ZeroBye | ResultCode::Blank => g.absent,
    }
}

/// The round of one player, given the opponent's index and whether the opponent also
/// forfeited (a double forfeit).
fn player_round(
    code: ResultCode,
    opponent: Option<usize>,
    colour: Option<Colour>,
    opp_forfeited: bool,
) -> RoundResult {
    use ResultCode as C;
    match (code, opponent) {
        (C::Win | C::WinUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: Outcome::Win,
        },
        (C::Draw | C::DrawUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: Outcome::Draw,
        },
        (C::Loss | C::LossUnrated, Some(o)) => RoundResult::Played {
            opponent: o,
            colour,
            outcome: Outcome::Loss,
        },
        (C::ForfeitWin, Some(o)) => RoundResult::ForfeitWin {
            opponent: o,
            colour,
        },
        (C::ForfeitLoss, Some(o)) if opp_forfeited => RoundResult::DoubleForfeit {
            opponent: o,
            colour,
        },
        (C::ForfeitLoss, Some(o)) => RoundResult::ForfeitLoss {
            opponent: o,
            colour,
        },
        (C::Pab, _) => RoundResult::Pab,
        (C::FullBye | C::Win | C::WinUnrated | C::ForfeitWin, _) => RoundResult::FullBye,
        (C::HalfBye | C::Draw | C::DrawUnrated, _) => RoundResult::HalfBye,
        (C::ZeroBye | C::Blank, Some(o)) => RoundResult::ForfeitLoss {
            opponent: o,
            colour,
        },
        _ => RoundResult::ZeroBye,
    }
}

/// Options of the conversion.
#[derive(Debug, Clone, Copy, Default)]
pub struct AdapterOptions {
    /// Rules edition; `None` = from `042` (today's rules, 2026-03, when unreadable).
    pub edition: Option<Edition>,
    /// Round robin; `None` = from `092`.
    pub round_robin: Option<bool>,
}

/// Builds the scoring model of a TRF file.
///
/// # Errors
///
/// A message naming the player and round when a round block names a start number that has
/// no `001` line, or a team record names an unknown player.
pub fn tournament_from_trf(trf: &Trf, opts: AdapterOptions) -> Result<Tournament, String> {
    let ps = players(trf);
    let index: BTreeMap<u16, usize> = ps
        .iter()
        .enumerate()
        .map(|(i, p)| (p.start_no, i))
        .collect();
    let g = game_table(trf);
    let scoring = Scoring {
        win: g.win,
        draw: g.draw,
        loss: g.loss,
    };
    let edition = opts
        .edition
        .or_else(|| edition_from_start(trf))
        .unwrap_or(Edition::E2026);
    let rounds = ps.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let mut comps = Vec::with_capacity(ps.len());
    for p in &ps {
        let mut rs = Vec::with_capacity(rounds);
        for r in 0..rounds {
            let Some(e) = p.rounds.get(r) else {
                rs.push(Round::individual(RoundResult::Absent, g.absent));
                continue;
            };
            let opponent = match e.opponent {
                Some(o) => Some(*index.get(&o).ok_or_else(|| {
                    format!(
                        "player {} round {}: opponent {o} has no 001 line / 第{}轮对手{o}不存在",
                        p.start_no,
                        r + 1,
                        r + 1
                    )
                })?),
                None => None,
            };
            let opp_forfeited = opponent
                .and_then(|o| ps.get(o))
                .and_then(|q| q.rounds.get(r))
                .is_some_and(|qe| {
                    qe.result == ResultCode::ForfeitLoss && qe.opponent == Some(p.start_no)
                });
            let result = player_round(e.result, opponent, e.colour, opp_forfeited);
            rs.push(Round::individual(result, code_points(e.result, &g)));
        }
        comps.push(Competitor {
            start_no: u32::from(p.start_no),
            name: p.name.clone(),
            rating: (p.rating > 0).then_some(p.rating),
            rounds: rs,
        });
    }
    let teams = team_lists(trf);
    if teams.is_empty() {
        let rr = opts
            .round_robin
            .unwrap_or_else(|| round_robin_from_type(trf, comps.len(), rounds));
        return Ok(Tournament::individual(comps, scoring, rr, edition));
    }
    build_teams(trf, &comps, &index, &teams, &g, rounds, edition, opts)
}

/// (team number, name, members in board order) from `310`, else `013` numbered 1, 2, ...
fn team_lists(trf: &Trf) -> Vec<(u32, String, Vec<u16>)> {
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
    other_records(trf, "330")
        .filter_map(|raw| {
            let mut it = raw.get(3..)?.split_whitespace();
            let res = it.next()?;
            let round: usize = it.next()?.parse().ok()?;
            let a: u32 = it.next()?.parse().ok()?;
            let b: u32 = it.next()?.parse().ok()?;
            let first_won = match res {
                "+-" => Some(true),
                "-+" => Some(false),
                _ => None,
            };
            Some((round, a, b, first_won))
        })
        .collect()
}

/// `(MP, GP, team per round)` of the `320` record.
fn team_pabs(trf: &Trf) -> Option<(Points, Points, Vec<u32>)> {
    let raw = other_records(trf, "320").next()?;
    let mut it = raw.get(3..)?.split_whitespace();
    let mp: Points = it.next()?.parse().ok()?;
    let gp: Points = it.next()?.parse().ok()?;
    let teams = it.map(|t| t.parse().unwrap_or(0)).collect();
    Some((mp, gp, teams))
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
fn build_teams(
    trf: &Trf,
    players: &[Competitor],
    index: &BTreeMap<u16, usize>,
    teams: &[(u32, String, Vec<u16>)],
    g: &GameTable,
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
    let ms = match_scoring(trf);
    let forfeits = forfeited_matches(trf);
    let pabs = team_pabs(trf);
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
                        Outcome::Win => GameResult::Win,
                        Outcome::Draw => GameResult::Draw,
                        Outcome::Loss => GameResult::Loss,
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
    let boards_n = boards_max.max(1);
    let mut comps = Vec::with_capacity(teams.len());
    for (ti, (no, name, _)) in teams.iter().enumerate() {
        let mut rs = Vec::with_capacity(rounds);
        for r in 0..rounds {
            let (opp, colour, boards) =
                raw.get(ti)
                    .and_then(|v| v.get(r))
                    .cloned()
                    .unwrap_or((None, None, Vec::new()));
            let pab = pabs
                .as_ref()
                .is_some_and(|(_, _, t)| t.get(r).copied() == Some(*no));
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
                let (mp, gp) = pabs
                    .as_ref()
                    .map_or((ms.win, Points::ZERO), |(m, gg, _)| (*m, *gg));
                Round {
                    result: RoundResult::Pab,
                    points: mp,
                    game_points: gp,
                    boards: (1..=boards_n)
                        .map(|b| BoardGame {
                            board: u16::try_from(b).unwrap_or(u16::MAX),
                            colour: None,
                            result: BoardResult::Bye,
                            points: g.win,
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
        .round_robin
        .unwrap_or_else(|| round_robin_from_type(trf, n, rounds));
    Ok(Tournament {
        competitors: comps,
        rounds,
        is_team: true,
        boards: boards_n.max(1),
        game_scoring: Scoring {
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
