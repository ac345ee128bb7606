//! The scored view of a team event: boards from the members' rounds (board order from the
//! stated line-ups when given), forfeited matches as stated, team PABs as stated or, without
//! such a statement, from the boards: a round in which the team met nobody and every board of
//! its board group has a PAB (`0000 - U`) is its PAB, worth a drawn match's match points
//! (C.04.6 1.4) and a PAB's game points on every board unless stated otherwise (`320`).

use crate::model::{Colour, GameResult, Points};

use super::history::History;
use super::scored::{
    BoardGame, BoardResult, Competitor, Edition, PlayedOutcome, Round, RoundResult, ScoreKind,
    Tournament, TournamentKind, team_match_round,
};
use super::tables::ForfeitOutcome;
use super::view::Layout;

/// One team's round before the match is scored: (opponent team, colour, boards).
type TeamRound = (Option<usize>, Option<Colour>, Vec<BoardGame>);

impl History {
    /// The teams' competitors from the players' (`players`, one per entrant).
    pub(super) fn scored_teams(
        &self,
        players: &[Competitor],
        rounds: usize,
        edition: Edition,
        layout: Layout,
    ) -> Tournament {
        let raw: Vec<Vec<TeamRound>> = (0..self.teams.len())
            .map(|ti| {
                (0..rounds)
                    .map(|r| self.team_round(ti, r, players))
                    .collect()
            })
            .collect();
        let boards_max = raw
            .iter()
            .flatten()
            .flat_map(|x| x.2.iter().map(|b| usize::from(b.board)))
            .max()
            .unwrap_or(0);
        let boards_n = match self.board_colours.len() {
            0 => boards_max.max(1),
            n => n,
        };
        let mut comps: Vec<Competitor> = self
            .teams
            .iter()
            .enumerate()
            .map(|(ti, t)| {
                let (adjustment, final_adjustment) = self.adjustments_of(t.number, rounds);
                Competitor {
                    start_no: u32::from(t.number),
                    name: t.name.clone(),
                    rating: None,
                    rounds: (0..rounds)
                        .map(|r| self.team_match(ti, r, &raw, players, boards_n))
                        .collect(),
                    adjustment,
                    final_adjustment,
                }
            })
            .collect();
        comps.sort_by_key(|c| c.start_no);
        // Opponent indices were team-list positions; re-map them after sorting by number.
        let remap: Vec<usize> = (0..self.teams.len())
            .map(|old| {
                self.teams
                    .get(old)
                    .and_then(|t| comps.iter().position(|c| c.start_no == u32::from(t.number)))
                    .unwrap_or(old)
            })
            .collect();
        for c in &mut comps {
            for r in &mut c.rounds {
                remap_opponent(&mut r.result, &remap);
            }
        }
        let round_robin = self.is_round_robin(layout, comps.len(), rounds);
        Tournament {
            competitors: comps,
            rounds,
            kind: TournamentKind::Team {
                boards: boards_n.max(1),
            },
            game_scoring: self.game_points.result_points(),
            match_scoring: self.match_points.result_points(),
            primary: ScoreKind::Match,
            round_robin,
            edition,
        }
    }

    /// The position in [`History::teams`] of the team with this number.
    fn team_index(&self, no: u32) -> Option<usize> {
        self.teams.iter().position(|t| u32::from(t.number) == no)
    }

    /// Team `ti`'s boards in round `r` (0-based), its opponent and colour.
    fn team_round(&self, ti: usize, r: usize, players: &[Competitor]) -> TeamRound {
        let Some(team) = self.teams.get(ti) else {
            return (None, None, Vec::new());
        };
        let no = u32::from(team.number);
        let mut opp_team = None;
        let mut colour = None;
        let mut boards = Vec::new();
        let mut k = 0u16;
        // The side's board order when a line-up gives it.
        for (seat, pi) in self.seated(team, r) {
            let Some(p) = players.get(pi) else { continue };
            let Some(round) = p.rounds.get(r) else {
                continue;
            };
            // A point without an opponent on a board of a match: the forfeit win against an
            // empty board (`0000 - +`).
            let unopposed = round.result == RoundResult::FullBye;
            let opp = round.result.opponent();
            if opp.is_none() && !unopposed {
                continue;
            }
            k += 1;
            let board = seat.and_then(|i| u16::try_from(i + 1).ok()).unwrap_or(k);
            if let Some(o) = opp
                && opp_team.is_none()
            {
                opp_team = self.entrants.get(o).and_then(|e| e.team);
                colour = round.result.colour();
            }
            boards.push(BoardGame {
                board,
                colour: round.result.colour(),
                result: board_result(round.result),
                points: round.points,
            });
        }
        if opp_team.is_none() {
            // No board was played against the other side (it fielded nobody, or neither team
            // came): the match is named by a line-up or a forfeited match.
            let named = self
                .line_ups
                .iter()
                .filter(|l| l.round == r + 1)
                .map(|l| (l.team, l.opponent))
                .chain(
                    self.forfeited_matches
                        .iter()
                        .filter(|f| usize::from(f.round) == r + 1)
                        .map(|f| (u32::from(f.first), u32::from(f.second))),
                )
                .find_map(|(a, b)| (a == no).then_some(b).or_else(|| (b == no).then_some(a)));
            opp_team = named.and_then(|n| self.team_index(n));
            if opp_team.is_none() {
                boards.clear();
            }
        }
        (opp_team, colour, boards)
    }

    /// Team `ti`'s scored round `r`: a match (played or forfeited), its PAB, or absent.
    fn team_match(
        &self,
        ti: usize,
        r: usize,
        raw: &[Vec<TeamRound>],
        players: &[Competitor],
        boards_n: usize,
    ) -> Round {
        let (opp, colour, boards) =
            raw.get(ti)
                .and_then(|v| v.get(r))
                .cloned()
                .unwrap_or((None, None, Vec::new()));
        let ms = self.match_points.result_points();
        if let Some(o) = opp {
            let forfeit = self.forfeited_matches.iter().find(|f| {
                let (a, b) = (
                    self.team_index(u32::from(f.first)),
                    self.team_index(u32::from(f.second)),
                );
                usize::from(f.round) == r + 1
                    && ((a == Some(ti) && b == Some(o)) || (b == Some(ti) && a == Some(o)))
            });
            let gp: Points = boards.iter().map(|b| b.points).sum();
            let Some(f) = forfeit else {
                let opp_gp: Points = raw
                    .get(o)
                    .and_then(|v| v.get(r))
                    .map(|x| x.2.iter().map(|b| b.points).sum())
                    .unwrap_or(Points::ZERO);
                return team_match_round(o, colour, boards, opp_gp, ms);
            };
            let first = self.team_index(u32::from(f.first)) == Some(ti);
            let (result, points) = match (f.outcome, first) {
                (ForfeitOutcome::Double, _) => (
                    RoundResult::DoubleForfeit {
                        opponent: o,
                        colour,
                    },
                    Points::ZERO,
                ),
                (ForfeitOutcome::FirstWins, true) | (ForfeitOutcome::SecondWins, false) => (
                    RoundResult::ForfeitWin {
                        opponent: o,
                        colour,
                    },
                    ms.win,
                ),
                _ => (
                    RoundResult::ForfeitLoss {
                        opponent: o,
                        colour,
                    },
                    Points::ZERO,
                ),
            };
            return Round {
                result,
                points,
                game_points: gp,
                boards,
            };
        }
        if self.team_had_pab(ti, r, players, boards_n) {
            return self.team_pab(boards_n);
        }
        Round {
            result: RoundResult::Absent,
            points: Points::ZERO,
            game_points: Points::ZERO,
            boards: Vec::new(),
        }
    }

    /// Whether team `ti` had the PAB in round `r`: as stated, or without a statement, every
    /// board of its group has the PAB code.
    fn team_had_pab(&self, ti: usize, r: usize, players: &[Competitor], boards_n: usize) -> bool {
        let Some(team) = self.teams.get(ti) else {
            return false;
        };
        match &self.team_pabs {
            Some(p) => p.teams.get(r).copied().flatten() == Some(team.number),
            None => {
                team.members
                    .iter()
                    .filter(|&&pi| {
                        players
                            .get(pi)
                            .and_then(|p| p.rounds.get(r))
                            .is_some_and(|x| x.result == RoundResult::Pab)
                    })
                    .count()
                    >= boards_n
            }
        }
    }

    /// A team's PAB: the stated value (`320`), else a drawn match's match points (C.04.6 1.4)
    /// and on every board a PAB's game points (`162` P, the members' own `U`), as FIDE's
    /// reader (TieBreakServer) and the `310` totals of a file without `320` count it.
    fn team_pab(&self, boards_n: usize) -> Round {
        let g = &self.game_points;
        let (mp, gp, board_points) = self.team_pabs.as_ref().map_or_else(
            || {
                let n = i32::try_from(boards_n).unwrap_or(i32::MAX);
                (self.match_points.draw, g.pab * n, g.pab)
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
    }
}

/// A member's round as a board of the team's match.
fn board_result(r: RoundResult) -> BoardResult {
    BoardResult::Game(match r {
        RoundResult::Played { outcome, .. } => match outcome {
            PlayedOutcome::Win => GameResult::Win,
            PlayedOutcome::Draw => GameResult::Draw,
            PlayedOutcome::Loss => GameResult::Loss,
        },
        RoundResult::ForfeitWin { .. } | RoundResult::FullBye => GameResult::ForfeitWin,
        RoundResult::DoubleForfeit { .. } => GameResult::DoubleForfeit,
        _ => GameResult::ForfeitLoss,
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
