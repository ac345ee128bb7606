//! Own-record tie-breaks (C.07 art. 7): WIN, WON, BPG, BWG, REP, the progressive score PS and
//! the standard points STD.
//!
//! For teams they count matches (on match points) or boards (on game points), as the reference
//! calculator does.

use crate::model::{Colour, GameResult, Points};

use super::rational::Rational;
use super::tournament::{BoardResult, Round, RoundResult, ScoreKind, Tournament};

/// Which count.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Count {
    /// 7.1: rounds scored as a win, with or without playing.
    Win,
    /// 7.2: games won over the board.
    Won,
    /// 7.3: games played over the board with Black.
    Bpg,
    /// 7.4: games won over the board with Black.
    Bwg,
    /// 7.6: rounds one elected to play: games played, plus rounds scored as a win.
    Rep,
}

/// One countable unit: a round (players, team matches) or a board (team game points).
struct Unit {
    points: Points,
    played: bool,
    has_opponent: bool,
    black: bool,
}

fn units(t: &Tournament, r: &Round, kind: ScoreKind) -> Vec<Unit> {
    if t.is_team() && kind == ScoreKind::Game && r.result.is_otb() {
        return r
            .boards
            .iter()
            .map(|b| Unit {
                points: b.points,
                played: matches!(
                    b.result,
                    BoardResult::Game(GameResult::Win | GameResult::Draw | GameResult::Loss)
                ),
                has_opponent: true,
                black: b.colour == Some(Colour::Black),
            })
            .collect();
    }
    let unit = Unit {
        points: r.score(kind),
        played: r.result.is_played_or_pab(),
        has_opponent: r.result.opponent().is_some(),
        black: r.result.colour() == Some(Colour::Black),
    };
    if t.is_team() && kind == ScoreKind::Game {
        // An unplayed match counts its per-board result on every board.
        let per_board = match r.result {
            RoundResult::ForfeitWin { .. } | RoundResult::FullBye | RoundResult::Pab => {
                t.game_scoring.win
            }
            RoundResult::HalfBye => t.game_scoring.draw,
            _ => Points::ZERO,
        };
        return (0..t.boards())
            .map(|_| Unit {
                points: per_board,
                played: unit.played,
                has_opponent: false,
                black: false,
            })
            .collect();
    }
    vec![unit]
}

/// The count for every competitor.
pub fn count(t: &Tournament, what: Count, kind: ScoreKind) -> Vec<Rational> {
    let win = t.scoring(kind).win;
    t.competitors
        .iter()
        .map(|c| {
            let n: i64 = c
                .rounds
                .iter()
                .flat_map(|r| units(t, r, kind))
                .filter(|u| {
                    let won = u.points == win;
                    match what {
                        Count::Win => won,
                        Count::Won => won && u.played && u.has_opponent,
                        Count::Bpg => u.black && u.played,
                        Count::Bwg => u.black && u.played && won,
                        Count::Rep => u.played || won,
                    }
                })
                .count()
                .try_into()
                .unwrap_or(i64::MAX);
            Rational::from_int(n)
        })
        .collect()
}

/// Standard points (7.7): 1 for each round in which the competitor scored more than the
/// scheduled opponent, or got more than a draw's points without playing; ½ for each round it
/// scored the same as the opponent, or got exactly a draw's points without playing.
///
/// - A double forfeit is a round without playing (15.1) in which neither side scored: the
///   first clause would give ½ (as much as the scheduled opponent), the second 0 (less than a
///   draw). The reference calculator gives 0, which keeps STD equal to the points under 1/½/0
///   scoring, the purpose of 7.7; so do we.
/// - Teams on game points count boards, as WIN and the other art. 7 counts do here and in the
///   reference calculator: each board's game scores 1, ½ or 0 (a match without games: its
///   per-board result on every board). On match points, matches.
pub fn standard(t: &Tournament, kind: ScoreKind) -> Vec<Rational> {
    let half = |own: Points, other: Points| -> i64 {
        match own.cmp(&other) {
            std::cmp::Ordering::Greater => 2,
            std::cmp::Ordering::Equal => 1,
            std::cmp::Ordering::Less => 0,
        }
    };
    t.competitors
        .iter()
        .map(|c| {
            let halves: i64 = c
                .rounds
                .iter()
                .enumerate()
                .map(|(i, r)| {
                    if t.is_team() && kind == ScoreKind::Game {
                        let draw = t.game_scoring.draw;
                        return units(t, r, kind).iter().map(|u| half(u.points, draw)).sum();
                    }
                    let opponent_points = match r.result {
                        RoundResult::Played { opponent, .. }
                        | RoundResult::ForfeitWin { opponent, .. }
                        | RoundResult::ForfeitLoss { opponent, .. } => t
                            .competitors
                            .get(opponent)
                            .and_then(|o| o.rounds.get(i))
                            .map(|or| or.score(kind)),
                        _ => None,
                    };
                    let other = opponent_points.unwrap_or(t.scoring(kind).draw);
                    half(r.score(kind), other)
                })
                .sum();
            Rational::new(halves, 2)
        })
        .collect()
}

/// Progressive score (7.5): the sum of the running totals after each round; `/Cn` drops the
/// first `n` rounds' terms.
pub fn progressive(t: &Tournament, kind: ScoreKind, cut_first: usize) -> Vec<Rational> {
    t.competitors
        .iter()
        .map(|c| {
            let mut running = Points::ZERO;
            let mut sum = Points::ZERO;
            for (i, r) in c.rounds.iter().enumerate() {
                running += r.score(kind);
                if i >= cut_first {
                    sum += running;
                }
            }
            Rational::from(sum)
        })
        .collect()
}
